#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOPosix

/// One `GET /healthz` (or `/readyz`) to a running server, for `supertext healthcheck`: the
/// container image's `HEALTHCHECK`, which has no shell or HTTP client to run one.
///
/// Written on swift-nio's HTTP/1 client handlers (already linked for the server) rather than
/// Foundation's URLSession, which would link libcurl into the binary.
public enum HealthProbe {
    /// What the probe found.
    public struct Outcome: Sendable, Equatable, CustomStringConvertible {
        /// True when the server answered 200.
        public var healthy: Bool
        /// One line for a person: the URL and the status, or why there was none.
        public var message: String

        public var description: String { message }
    }

    /// The address to connect to for a server listening on `address`: a wildcard host
    /// (`0.0.0.0`, `::`, empty) is reached on loopback.
    public static func target(of address: ServerConfiguration.Address) -> ServerConfiguration.Address {
        switch address {
        case .unixSocket: return address
        case .tcp(let host, let port):
            switch host {
            case "", "0.0.0.0", "*": return .tcp(host: "127.0.0.1", port: port)
            case "::", "[::]": return .tcp(host: "::1", port: port)
            default: return .tcp(host: host, port: port)
            }
        }
    }

    /// Sends `GET path` to the server at `address` (a wildcard host is reached on loopback) and
    /// waits at most `timeout` for the answer's status line.
    public static func probe(
        _ address: ServerConfiguration.Address, path: String = "/healthz", timeout: Duration = .seconds(4)
    ) async -> Outcome {
        let target = target(of: address)
        let url: String
        switch target {
        case .tcp: url = "\(target)\(path)"
        case .unixSocket(let socketPath): url = "http://localhost\(path) on unix:\(socketPath)"
        }
        do {
            let head = try await withDeadline(timeout) { try await fetchHead(target, path: path, timeout: timeout) }
            guard let head else { return Outcome(healthy: false, message: "unhealthy: \(url) closed the connection without an answer") }
            let status = "\(head.status.code) \(head.status.reasonPhrase)"
            return head.status == .ok
                ? Outcome(healthy: true, message: "healthy: \(url) answered \(status)")
                : Outcome(healthy: false, message: "unhealthy: \(url) answered \(status)")
        } catch is ProbeTimedOut {
            return Outcome(healthy: false, message: "unhealthy: \(url) did not answer within \(timeout)")
        } catch {
            return Outcome(healthy: false, message: "unhealthy: nothing answers at \(url) (\(reason(error)))")
        }
    }

    /// The answer's head, or `nil` when the server closed the connection before sending one.
    private static func fetchHead(
        _ target: ServerConfiguration.Address, path: String, timeout: Duration
    ) async throws -> HTTPResponseHead? {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(timeout / .milliseconds(1))))
        let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHTTPClientHandlers()
                return try NIOAsyncChannel(wrappingChannelSynchronously: channel)
            }
        }
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        switch target {
        case .tcp(let host, let port):
            channel = try await bootstrap.connect(host: host, port: port, channelInitializer: initializer)
        case .unixSocket(let socketPath):
            channel = try await bootstrap.connect(unixDomainSocketPath: socketPath, channelInitializer: initializer)
        }
        return try await channel.executeThenClose { inbound, outbound in
            // `localhost` passes the server's Host check on loopback without a token.
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "localhost")
            headers.add(name: "Connection", value: "close")
            try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)))
            try await outbound.write(.end(nil))
            for try await part in inbound {
                if case .head(let head) = part { return head }
            }
            return nil
        }
    }

    private struct ProbeTimedOut: Error {}

    private static func withDeadline<T: Sendable>(
        _ timeout: Duration, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw ProbeTimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// A short reason for a failed connection: the system's words when NIO has them.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return reason(first.error)
        }
        if case ChannelError.connectTimeout? = error as? ChannelError { return "the connection timed out" }
        return String(describing: error)
    }
}
