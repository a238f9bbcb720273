import Foundation

/// The base protocol's framing over two file descriptors: `Content-Length: N` headers, a blank
/// line, then N bytes of JSON.
///
/// Written here rather than taken from a library: no Swift LSP library is in the package mirror,
/// and the framing is fifty lines.
public final class MessageTransport: @unchecked Sendable {
    /// What reading the next message gave.
    public enum Incoming {
        case message(JSON)
        /// A frame whose body is not JSON, or whose headers are wrong: answered with a parse
        /// error, and reading goes on with the next frame when the framing allows.
        case malformed(String)
        /// The client closed its end.
        case closed
    }

    /// Bodies larger than this are refused (a 50 MB document is read and refused, not held twice).
    public static let maximumBodyBytes = 64 << 20
    /// Deepest nesting of arrays and objects read: LSP's messages go a dozen deep, and decoding
    /// recurses, so a hostile body must not reach the reader thread's stack limit.
    public static let maximumDepth = 64

    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()
    private let writeLock = NSLock()
    /// After a frame whose length was missing or wrong, what follows up to the next header is
    /// the rest of it, not a message.
    private var resynchronizing = false

    public init(input: FileHandle, output: FileHandle) {
        self.input = input
        self.output = output
    }

    /// Blocks until the next message.
    public func read() -> Incoming {
        if resynchronizing {
            guard skipToNextHeader() else { return .closed }
            resynchronizing = false
        }
        // Headers end at the first blank line.
        var headerEnd: Range<Data.Index>?
        while true {
            headerEnd = buffer.range(of: Data("\r\n\r\n".utf8))
            if headerEnd != nil { break }
            if buffer.count > 64 << 10 {
                buffer.removeAll()
                return .malformed("headers longer than 64 KiB")
            }
            guard fill() else { return .closed }
        }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd!.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<headerEnd!.upperBound)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            resynchronizing = true
            return .malformed("no valid Content-Length header")
        }
        guard length <= Self.maximumBodyBytes else {
            // Skip the body without keeping it.
            var left = length
            while left > 0 {
                if buffer.isEmpty, !fill() { return .closed }
                let taken = min(left, buffer.count)
                buffer.removeFirst(taken)
                left -= taken
            }
            return .malformed("a message of \(length) bytes is over the limit of \(Self.maximumBodyBytes)")
        }
        while buffer.count < length {
            guard fill() else { return .closed }
        }
        let body = buffer.prefix(length)
        buffer.removeFirst(length)
        guard !Self.nestsDeeper(body, than: Self.maximumDepth) else {
            return .malformed("the body nests arrays and objects deeper than \(Self.maximumDepth)")
        }
        do {
            return .message(try JSONDecoder().decode(JSON.self, from: body))
        } catch {
            // A Content-Length too short leaves the rest of the body before the next header.
            resynchronizing = true
            return .malformed("the body is not JSON (Content-Length \(length))")
        }
    }

    /// Drops bytes up to the next header (`Content-Length` or `Content-Type`, either case);
    /// `false` when the input ends first. A frame that was whole skips nothing.
    private func skipToNextHeader() -> Bool {
        let names = [Data("Content-".utf8), Data("content-".utf8)]
        while true {
            if let start = names.compactMap({ buffer.range(of: $0)?.lowerBound }).min() {
                buffer.removeSubrange(buffer.startIndex..<start)
                return true
            }
            // Keep what could be the start of a header cut by the read.
            if buffer.count > 16 { buffer.removeFirst(buffer.count - 16) }
            guard fill() else { return false }
        }
    }

    /// Whether `body` nests arrays and objects deeper than `limit`, brackets in strings aside.
    static func nestsDeeper(_ body: Data, than limit: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// Writes one message; safe from any thread.
    public func write(_ message: JSON) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let body = try? encoder.encode(message) else { return }
        var frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(body)
        writeLock.withLock {
            // A client that went away: the write fails, and the read loop sees the end.
            try? output.write(contentsOf: frame)
        }
    }

    /// Reads what is there (one `read(2)`: `FileHandle.read(upToCount:)` waits for the whole count).
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(input.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }
}
