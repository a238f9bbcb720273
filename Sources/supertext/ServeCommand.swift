import ArgumentParser
import Foundation
import Hummingbird
import Logging
import SuperTextServer

/// `supertext serve`: builds the server configuration from flags and environment, and runs it.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API and the web front end.",
        discussion: """
            Every option can also be set by an environment variable: SUPERTEXT_HOST, SUPERTEXT_PORT, \
            SUPERTEXT_SOCKET, SUPERTEXT_DICTIONARY_PATH (colon-separated), SUPERTEXT_WORKERS, \
            SUPERTEXT_BODY_LIMIT, SUPERTEXT_QUEUE_LIMIT, SUPERTEXT_CHECK_TIMEOUT, SUPERTEXT_PUBLIC_DIR, \
            SUPERTEXT_LOG_LEVEL. Flags win over the environment.
            """
    )

    @Option(help: "Host to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "TCP port (default 8080).")
    var port: Int?

    @Option(help: "Listen on this Unix domain socket path instead of TCP.")
    var socket: String?

    @Option(name: .customLong("dictionary-path"), help: "Colon-separated directories searched first for dictionaries.")
    var dictionaryPath: String?

    @Option(help: "Worker threads for checks (default: the number of cores).")
    var workers: Int?

    @Option(name: .customLong("body-limit"), help: "Largest request body in bytes (default 1048576).")
    var bodyLimit: Int?

    @Option(name: .customLong("queue-limit"), help: "Most checks waiting for a worker (default 64).")
    var queueLimit: Int?

    @Option(name: .customLong("check-timeout"), help: "Longest a check may take, in seconds (default 30).")
    var checkTimeout: Double?

    @Option(name: .customLong("part-size"), help: ArgumentHelp("Size in bytes of the parts long texts are cut into for streaming (default 16384).", visibility: .hidden))
    var partSize: Int?

    @Option(name: .customLong("public-dir"), help: "Directory of the web front end (default ./public).")
    var publicDirectory: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var configuration = ServerConfiguration()
        func setting(_ flag: String?, _ name: String) -> String? { flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func number<T: LosslessStringConvertible>(_ flag: T?, _ name: String) throws -> T? {
            if let flag { return flag }
            guard let raw = environment[name], !raw.isEmpty else { return nil }
            guard let value = T(raw) else { throw ValidationError("\(name)=\(raw) is not a valid number.") }
            return value
        }

        if let socket = setting(socket, "SUPERTEXT_SOCKET") {
            configuration.address = .unixSocket(path: socket)
        } else {
            let port = try number(port, "SUPERTEXT_PORT") ?? 8080
            guard (0...65535).contains(port) else { throw ValidationError("Port \(port) is out of range.") }
            configuration.address = .tcp(host: setting(host, "SUPERTEXT_HOST") ?? "127.0.0.1", port: port)
        }
        if let path = setting(dictionaryPath, "SUPERTEXT_DICTIONARY_PATH") {
            configuration.dictionaryDirectories = path.split(separator: ":").map(String.init)
        }
        if let workers = try number(workers, "SUPERTEXT_WORKERS") {
            guard workers > 0 else { throw ValidationError("Workers must be at least 1.") }
            configuration.workers = workers
        }
        if let limit = try number(bodyLimit, "SUPERTEXT_BODY_LIMIT") {
            guard limit > 0 else { throw ValidationError("The body limit must be positive.") }
            configuration.bodyLimit = limit
        }
        if let limit = try number(queueLimit, "SUPERTEXT_QUEUE_LIMIT") {
            guard limit > 0 else { throw ValidationError("The queue limit must be positive.") }
            configuration.queueLimit = limit
        }
        if let seconds = try number(checkTimeout, "SUPERTEXT_CHECK_TIMEOUT") {
            guard seconds > 0 else { throw ValidationError("The check timeout must be positive.") }
            configuration.checkTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if let partSize = try number(partSize, "SUPERTEXT_PART_SIZE") {
            guard partSize >= 256 else { throw ValidationError("The part size must be at least 256 bytes.") }
            configuration.partSize = partSize
        }
        configuration.publicDirectory = setting(publicDirectory, "SUPERTEXT_PUBLIC_DIR") ?? "public"

        var logger = Logger(label: "supertext")
        let level = setting(logLevel, "SUPERTEXT_LOG_LEVEL") ?? "info"
        guard let parsedLevel = Logger.Level(rawValue: level) else {
            throw ValidationError("Unknown log level '\(level)'.")
        }
        logger.logLevel = parsedLevel

        let app = try await buildApplication(configuration: configuration, logger: logger)
        logger.info("SuperText \(SuperTextVersion.current) listening on \(configuration.address)")
        try await app.runService()
        logger.info("stopped")
    }
}
