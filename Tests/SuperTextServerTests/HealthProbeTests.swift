#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import SuperTextServer
import Testing

/// `HealthProbe` (`supertext healthcheck`) against a real server, a port nothing listens on and
/// a listener that never answers.
@Suite struct HealthProbeTests {
    @Test func aRunningServerIsHealthyAndReady() async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            // A patient deadline: the test runs beside CPU-bound suites that may starve the server for seconds.
            let health = await HealthProbe.probe(.tcp(host: "127.0.0.1", port: port), timeout: .seconds(60))
            #expect(health.healthy)
            #expect(health.message == "healthy: http://127.0.0.1:\(port)/healthz answered 200 OK")
            let ready = await HealthProbe.probe(.tcp(host: "127.0.0.1", port: port), path: "/readyz", timeout: .seconds(60))
            #expect(ready.healthy, "\(ready.message)")
            // The server's own address, as SUPERTEXT_HOST=0.0.0.0 gives it in the image: reached on loopback.
            let wildcard = await HealthProbe.probe(.tcp(host: "0.0.0.0", port: port), timeout: .seconds(60))
            #expect(wildcard.healthy, "\(wildcard.message)")
        }
    }

    @Test func anAnswerOtherThan200IsUnhealthy() async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            let outcome = await HealthProbe.probe(.tcp(host: "127.0.0.1", port: port), path: "/no-such-page", timeout: .seconds(60))
            #expect(!outcome.healthy)
            #expect(outcome.message == "unhealthy: http://127.0.0.1:\(port)/no-such-page answered 404 Not Found")
        }
    }

    @Test func nothingListeningIsUnhealthyAndSaysSo() async throws {
        // A port held by a socket that is bound but does not listen: connections to it are
        // refused, and no other test's listener can be given it meanwhile (a port bound and
        // closed again was handed to the next listener on port 0, which then never answered).
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(held >= 0)
        defer { close(held) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(held, $0, length) == 0 && getsockname(held, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let outcome = await HealthProbe.probe(.tcp(host: "127.0.0.1", port: port), timeout: .seconds(60))
        #expect(!outcome.healthy)
        #expect(outcome.message.hasPrefix("unhealthy: nothing answers at http://127.0.0.1:\(port)/healthz ("), "\(outcome.message)")
    }

    @Test func aListenerThatNeverAnswersIsUnhealthyAfterTheTimeout() async throws {
        // Accepts connections and reads nothing.
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        // Long enough for the connection itself to be made on a loaded machine (the deadline covers both).
        let outcome = await HealthProbe.probe(.tcp(host: "127.0.0.1", port: port), timeout: .seconds(3))
        try await listener.close()
        #expect(!outcome.healthy)
        #expect(outcome.message == "unhealthy: http://127.0.0.1:\(port)/healthz did not answer within 3.0 seconds")
    }

    @Test func wildcardHostsAreReachedOnLoopback() {
        #expect(HealthProbe.target(of: .tcp(host: "0.0.0.0", port: 8080)) == .tcp(host: "127.0.0.1", port: 8080))
        #expect(HealthProbe.target(of: .tcp(host: "::", port: 8080)) == .tcp(host: "::1", port: 8080))
        #expect(HealthProbe.target(of: .tcp(host: "10.1.2.3", port: 80)) == .tcp(host: "10.1.2.3", port: 80))
        #expect(HealthProbe.target(of: .unixSocket(path: "/run/s.sock")) == .unixSocket(path: "/run/s.sock"))
    }
}
