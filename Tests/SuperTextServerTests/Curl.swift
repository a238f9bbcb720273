import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `curl` and reads its output line by line as it arrives.
///
/// The pipe is read on a thread of its own: a blocking read on Swift's cooperative pool would
/// starve the server under test, which runs on the same pool.
final class Curl: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private var buffer = Data()
    private var chunks: AsyncStream<Data>.AsyncIterator

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--show-error"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        chunks = stream.makeAsyncIterator()
        try process.run()
        let handle = output.fileHandleForReading
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                continuation.yield(chunk)
            }
            continuation.finish()
        }.start()
    }

    /// The next line of output (without its line break), or `nil` at the end.
    func nextLine() async -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            guard let chunk = await chunks.next() else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer.append(chunk)
        }
    }

    /// The next Server-Sent Event: its name and its data.
    func nextEvent() async -> (name: String, data: [String: Any])? {
        var name: String?
        var data: [String: Any] = [:]
        while let line = await nextLine() {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") {
                data = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any] ?? [:]
            }
            if line.isEmpty, let name { return (name, data) }
        }
        return nil
    }

    /// Everything left in the output.
    func rest() async -> String {
        var lines: [String] = []
        while let line = await nextLine() { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// Disconnects, as a client that goes away.
    func kill() async {
        Glibc.kill(process.processIdentifier, SIGKILL)
        _ = await wait()
    }

    /// Waits for curl to exit (polling: `waitUntilExit` would block the cooperative pool).
    func wait() async -> Int32 {
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        return process.terminationStatus
    }
}
