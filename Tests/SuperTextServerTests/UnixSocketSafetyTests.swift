import Foundation
import Hummingbird
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
#if canImport(Glibc)
import Glibc
#endif

/// `serve --socket PATH`: a second server never takes over a live socket, and the socket is
/// private unless `--socket-mode` says otherwise.
@Suite("Unix socket: who owns it and who may connect", .serialized)
struct UnixSocketSafetyTests {
    private func socketPath() -> String {
        "/tmp/st-\(UUID().uuidString.prefix(8)).sock"
    }

    /// Runs a server on `path` while `body` runs, then stops it.
    private func withServer(
        on path: String, mode: mode_t? = nil, _ body: () async throws -> Void
    ) async throws {
        let app = try await TestServer.app {
            $0.address = .unixSocket(path: path)
            if let mode { $0.socketMode = mode }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            // Until the server answers (and has given the socket its mode).
            var attempts = 0
            while UnixSocketPath.connectionResult(path) != 0 || permissions(of: path) == 0o600 && mode != nil && mode != 0o600 {
                attempts += 1
                try #require(attempts < 3000, "the server did not start")
                try await Task.sleep(for: .milliseconds(10))
            }
            try await body()
            // The probes above (and a second server's) open connections and close them at once;
            // cancelling the server while it still handles one trips a NIO assertion in debug
            // builds (a child channel's writer dropped unfinished), so let it see them close.
            try await Task.sleep(for: .milliseconds(300))
            group.cancelAll()
        }
        unlink(path)
    }

    private func permissions(of path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func aSecondServerOnALiveSocketRefusesToStartAndTheFirstKeepsAnswering() async throws {
        let path = socketPath()
        try await withServer(on: path) {
            let error = await #expect(throws: SuperTextError.self) {
                _ = try await TestServer.app { $0.address = .unixSocket(path: path) }
            }
            #expect(error?.code == .socketInUse)
            #expect(error?.message.contains(path) == true)
            let curl = try Curl(["--unix-socket", path, "-o", "/dev/null", "-w", "%{http_code}", "http://localhost/healthz"])
            #expect(await curl.rest() == "200")
        }
    }

    @Test func theSocketIsOwnerOnlyByDefaultAndTakesTheModeGiven() async throws {
        let path = socketPath()
        try await withServer(on: path) {
            #expect(permissions(of: path) == 0o600)
        }
        try await withServer(on: path, mode: 0o660) {
            #expect(permissions(of: path) == 0o660)
        }
    }

    @Test func aSocketNobodyAnswersOnIsRemovedAndAFileIsNot() throws {
        let path = socketPath()
        // A socket bound and closed without listening: what a killed server leaves.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(descriptor)
        try #require(bound == 0)
        try UnixSocketPath.prepare(path)
        #expect(access(path, F_OK) != 0)

        FileManager.default.createFile(atPath: path, contents: Data("keep".utf8))
        defer { unlink(path) }
        #expect(throws: SuperTextError.self) { try UnixSocketPath.prepare(path) }
        #expect(access(path, F_OK) == 0)
    }
}
