import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization

/// A TCP connection to 127.0.0.1 kept open across requests, with blocking calls: use it on a
/// thread of its own (`RawConnection.onThread`), never on Swift's cooperative pool, which runs
/// the server under test.
final class RawConnection: @unchecked Sendable {
    private(set) var socket: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        // Long: a first check loads a language's grammar, slow on a machine running every test.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close() }

    /// Closes the connection.
    func close() {
        guard socket >= 0 else { return }
        Glibc.close(socket)
        socket = -1
    }

    /// Runs `body` on a thread of its own.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads one answer, its head and its `Content-Length` body, waiting at most 60 seconds.
    /// - Throws: `ETIMEDOUT` when nothing came in time, `ECONNRESET` when the server closed
    ///   the connection before the whole answer.
    func readAnswer() throws -> RawHTTP.Answer {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw POSIXError(.ETIMEDOUT) }
            guard count > 0 else { throw POSIXError(.ECONNRESET) }
            bytes += buffer[0..<count]
            let text = String(decoding: bytes, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let answer = try RawHTTP.parse(bytes)
            let length = Int(answer.headers["content-length"] ?? "0") ?? 0
            if text[headEnd.upperBound...].utf8.count >= length { return answer }
        }
    }

    /// Waits until the server closes the connection, at most `seconds`; reads and returns what
    /// it sent meanwhile, or `nil` if it was still open then.
    func waitForClose(seconds: Int) -> String? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 || errno != EAGAIN {
                return String(decoding: bytes, as: UTF8.self)
            } else {
                return nil
            }
        }
    }
}

/// Clients that send their requests a byte at a time, all at once on one thread, until the
/// server closes each of them.
final class SlowClients: @unchecked Sendable {
    /// One client: what it sends at once when connected, then what it trickles.
    struct Script {
        var preamble: String
        var trickle: String
    }

    /// What became of one client.
    struct Outcome {
        /// The server closed (or reset) the connection before the deadline.
        var closedByServer: Bool
        /// What the server sent.
        var answer: String
        /// The answer parsed, if it is an HTTP answer.
        var parsed: RawHTTP.Answer? { try? RawHTTP.parse(Array(answer.utf8)) }
    }

    private let sockets: [Int32]
    private let scripts: [Script]

    /// Connects one client per script to 127.0.0.1:`port` and sends each its preamble.
    init(port: Int, scripts: [Script]) throws {
        var sockets: [Int32] = []
        for script in scripts {
            let connection = try RawConnection(port: port)
            let socket = dup(connection.socket)
            sockets.append(socket)
            _ = Array(script.preamble.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        self.sockets = sockets
        self.scripts = scripts
    }

    deinit { for socket in sockets { Glibc.close(socket) } }

    /// Sends every client's next byte every `interval`, and reads what the server sends, until
    /// the server has closed every connection or `deadline` has passed. Blocking: run it on a
    /// thread of its own.
    func trickle(interval: Duration, deadline: Duration) -> [Outcome] {
        let end = ContinuousClock.now + deadline
        var sent = [Int](repeating: 0, count: sockets.count)
        var answers = [[UInt8]](repeating: [], count: sockets.count)
        var closed = [Bool](repeating: false, count: sockets.count)
        var nextSend = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 65536)
        while closed.contains(false), ContinuousClock.now < end {
            if ContinuousClock.now >= nextSend {
                for index in sockets.indices where !closed[index] {
                    let bytes = Array(scripts[index].trickle.utf8)
                    guard sent[index] < bytes.count else { continue }
                    var byte = bytes[sent[index]]
                    if Glibc.send(sockets[index], &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1 { sent[index] += 1 }
                }
                nextSend = ContinuousClock.now + interval
            }
            var polled = sockets.indices.map { pollfd(fd: closed[$0] ? -1 : sockets[$0], events: Int16(POLLIN), revents: 0) }
            let wait = max(1, Int32((nextSend - ContinuousClock.now).components.attoseconds / 1_000_000_000_000_000))
            guard poll(&polled, nfds_t(polled.count), wait) > 0 else { continue }
            for index in sockets.indices where !closed[index] && polled[index].revents != 0 {
                while true {
                    let count = recv(sockets[index], &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if count > 0 {
                        answers[index] += buffer[0..<count]
                        continue
                    }
                    if count == 0 || errno != EAGAIN { closed[index] = true }
                    break
                }
            }
        }
        return sockets.indices.map { Outcome(closedByServer: closed[$0], answer: String(decoding: answers[$0], as: UTF8.self)) }
    }
}

/// Keeps what is logged, to assert on it.
struct RecordingLogHandler: LogHandler {
    /// The messages logged, with their level.
    final class Records: Sendable {
        private let lines = Mutex<[(Logger.Level, String)]>([])
        var all: [(level: Logger.Level, message: String)] { lines.withLock { $0.map { (level: $0.0, message: $0.1) } } }
        func append(_ level: Logger.Level, _ message: String) { lines.withLock { $0.append((level, message)) } }
        /// The messages that contain `text`.
        func messages(containing text: String) -> [String] { all.map(\.message).filter { $0.contains(text) } }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(event.level, event.message.description)
    }
}
