import Testing
@testable import SuperTextServer

/// What the server decides from its configuration alone.
@Suite("Server configuration")
struct ServerConfigurationTests {
    /// A host is loopback by its parsed address, never by how its text starts.
    @Test(arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("[::1]", true), ("localhost", true),
        ("LOCALHOST", true), ("::ffff:127.0.0.1", true), ("0:0:0:0:0:0:0:1", true),
        ("127.0.0.1.evil.example", false), ("127.example", false), ("0.0.0.0", false), ("::", false),
        ("10.0.0.1", false), ("128.0.0.1", false), ("::2", false), ("::ffff:10.0.0.1", false),
        ("example.com", false), ("localhost.evil.example", false), ("", false),
    ])
    func loopbackIsDecidedByTheAddress(host: String, isLoopback: Bool) {
        #expect(ServerConfiguration.isLoopback(host: host) == isLoopback, "\(host)")
        var configuration = ServerConfiguration()
        configuration.address = .tcp(host: host, port: 8080)
        #expect(configuration.isLoopbackOnly == isLoopback, "\(host)")
    }
}
