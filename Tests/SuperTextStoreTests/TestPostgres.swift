import Foundation
import Logging
import Synchronization
@testable import SuperTextPostgres
@testable import SuperTextStore

/// A real PostgreSQL server for the tests, from Debian's `postgresql` package: `initdb` in a
/// temporary directory, listening on a free loopback port, stopped when the tests end. As root,
/// its programs run as the `postgres` user (or `nobody`), since PostgreSQL refuses to run as root.
///
/// Nothing is skipped when it cannot start: the tests that need it fail, saying why.
final class TestPostgres: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let directory: String
    let port: Int
    let binaries: String
    let user: String?
    private let databases = Mutex(0)

    /// The server most tests share (each in a database of its own), started once.
    static let shared: Result<TestPostgres, Failure> = Result { try TestPostgres() }.mapError {
        ($0 as? Failure) ?? Failure(description: "\($0)")
    }

    /// Every server started, stopped when the test process exits.
    private static let started = Mutex<[String]>([])
    private static let binariesForExit = Mutex<String>("")

    init() throws {
        guard let binaries = Self.findBinaries() else {
            throw Failure(description: "PostgreSQL's programs are not installed (initdb, pg_ctl): run scripts/install-deps.sh test, which installs Debian's postgresql")
        }
        self.binaries = binaries
        user = getuid() == 0 ? (Self.userExists("postgres") ? "postgres" : "nobody") : nil
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let user { try Self.check(Self.run(["chown", user, directory]), "chown \(directory)") }
        port = try Self.freePort()
        try Self.check(run("initdb", ["-D", "\(directory)/data", "-U", "supertext", "--auth=trust", "-E", "UTF8", "--no-locale"]), "initdb")
        try start()
        Self.started.withLock { $0.append("\(directory)/data") }
        Self.binariesForExit.withLock { $0 = binaries }
        Self.stopAllAtExit()
    }

    /// Starts the server (again, after `stop`).
    func start() throws {
        try Self.check(
            run("pg_ctl", [
                "-D", "\(directory)/data", "-l", "\(directory)/log", "-w", "-t", "60", "start", "-o",
                "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            ]),
            "pg_ctl start (its log: \(directory)/log)")
    }

    /// Stops the server at once, as a crash or a restart would.
    func stop() throws {
        try Self.check(run("pg_ctl", ["-D", "\(directory)/data", "-m", "immediate", "-w", "stop"]), "pg_ctl stop")
    }

    /// A new empty database; its URL.
    func makeDatabase() throws -> String {
        let name = databases.withLock { count in
            count += 1
            return "test\(count)"
        }
        try Self.check(run("createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "supertext", name]), "createdb \(name)")
        return "postgres://supertext@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    /// A store on a new empty database.
    static func store(options: PostgresStore.Options = .init()) async throws -> PostgresStore {
        let server = try shared.get()
        return try await PostgresStore.open(url: try server.makeDatabase(), options: options, logger: logger)
    }

    static let logger: Logger = {
        var logger = Logger(label: "test.postgres")
        logger.logLevel = .warning
        return logger
    }()

    private func run(_ program: String, _ arguments: [String]) -> (Int32, String) {
        let command = ["\(binaries)/\(program)"] + arguments
        if let user { return Self.run(["runuser", "-u", user, "--"] + command) }
        return Self.run(command)
    }

    /// Runs `command` and waits for it; its exit status and output. With posix_spawn and
    /// waitpid: Foundation's `Process.waitUntilExit` never returned here for `pg_ctl start`,
    /// whose server lives on.
    static func run(_ command: [String]) -> (Int32, String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pg-command-\(UUID().uuidString).log").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "cannot run \(command[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: output)
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : -1, text)
    }

    private static func check(_ outcome: (Int32, String), _ what: String) throws {
        guard outcome.0 == 0 else { throw Failure(description: "\(what) failed (\(outcome.0)): \(outcome.1)") }
    }

    private static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    private static func userExists(_ name: String) -> Bool {
        getpwnam(name) != nil
    }

    /// A loopback port no one listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func stopAllAtExit() {
        struct Once { nonisolated(unsafe) static var registered = false }
        guard !Once.registered else { return }
        Once.registered = true
        atexit {
            let binaries = TestPostgres.binariesForExit.withLock { $0 }
            for data in TestPostgres.started.withLock({ $0 }) {
                let command = ["\(binaries)/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]
                _ = TestPostgres.run(getuid() == 0 ? ["runuser", "-u", TestPostgres.userExists("postgres") ? "postgres" : "nobody", "--"] + command : command)
                try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: data).deletingLastPathComponent().path)
            }
        }
    }
}
