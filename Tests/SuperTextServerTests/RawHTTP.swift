import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends bytes that no HTTP client would send (broken framing, a bad request line) over a TCP
/// connection and reads the answer until the server closes it.
///
/// The socket is used on a thread of its own: a blocking read on Swift's cooperative pool would
/// starve the server under test, which runs on the same pool.
enum RawHTTP {
    /// An answer as read from the socket.
    struct Answer {
        var statusCode: Int
        /// Header names in lower case.
        var headers: [String: String]
        var body: String
        /// The JSON body, or an empty object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// Writes `request` to 127.0.0.1:`port` and reads until the server closes the connection
    /// (at most 10 seconds).
    static func send(_ request: [UInt8], port: Int) async throws -> Answer {
        let bytes: [UInt8] = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try exchange(request, port: port) })
            }.start()
        }
        return try parse(bytes)
    }

    static func send(_ request: String, port: Int) async throws -> Answer {
        try await send(Array(request.utf8), port: port)
    }

    private static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        // The server may answer and close before it has read everything: a failed write is fine.
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return answer
    }

    static func parse(_ bytes: [UInt8]) throws -> Answer {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { throw POSIXError(.EBADMSG) }
        let lines = text[..<headEnd.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw POSIXError(.EBADMSG) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(statusCode: status, headers: headers, body: String(text[headEnd.upperBound...]))
    }
}
