import ArgumentParser
import Foundation
import Hummingbird
import Logging
import SuperTextCore
import SuperTextProject
import SuperTextServer
import SuperTextStore

/// `supertext serve`: builds the server configuration from flags and environment, and runs it.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API and the web front end.",
        discussion: """
            Every option can also be set by an environment variable: SUPERTEXT_HOST, SUPERTEXT_PORT, \
            SUPERTEXT_SOCKET, SUPERTEXT_SOCKET_MODE, SUPERTEXT_DICTIONARY_PATH (colon-separated), SUPERTEXT_WORKERS, \
            SUPERTEXT_BODY_LIMIT, SUPERTEXT_QUEUE_LIMIT, SUPERTEXT_CHECK_TIMEOUT, SUPERTEXT_HEADER_TIMEOUT, \
            SUPERTEXT_BODY_TIMEOUT, SUPERTEXT_IDLE_TIMEOUT, SUPERTEXT_MAX_CONNECTIONS, SUPERTEXT_PUBLIC_DIR, \
            SUPERTEXT_LOG_LEVEL, SUPERTEXT_DATABASE, SUPERTEXT_NO_HISTORY, SUPERTEXT_HISTORY_MAX_AGE, \
            SUPERTEXT_HISTORY_MAX_COUNT, SUPERTEXT_API_TOKEN, SUPERTEXT_PROTECT_CHECKS, SUPERTEXT_METRICS_PUBLIC, \
            SUPERTEXT_ALLOWED_ORIGINS (comma-separated), SUPERTEXT_LOG_FORMAT, SUPERTEXT_RULES, SUPERTEXT_PROJECT. Flags win over the environment.
            """
    )

    @Option(help: "Host to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "TCP port (default 8080).")
    var port: Int?

    @Option(help: "Listen on this Unix domain socket path instead of TCP.")
    var socket: String?

    @Option(name: .customLong("socket-mode"), help: "Permissions of the Unix domain socket, in octal (default 0600: only this user; 0660: its group too).")
    var socketMode: String?

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

    @Option(name: .customLong("header-timeout"), help: "Longest a client may take to send a request's line and header fields, in seconds, from its first byte; then 408 and the connection is closed (default 20).")
    var headerTimeout: Double?

    @Option(name: .customLong("body-timeout"), help: "Longest a client may take to send a request's body, in seconds, from the end of its header fields; then 408 and the connection is closed (default 60).")
    var bodyTimeout: Double?

    @Option(name: .customLong("idle-timeout"), help: "Longest a connection may stay open with no request in progress, in seconds; then it is closed (default 75).")
    var idleTimeout: Double?

    @Option(name: .customLong("max-connections"), help: "Most connections open at once; more are answered 503 and closed (default 1024).")
    var maxConnections: Int?

    @Option(name: .customLong("part-size"), help: ArgumentHelp("Size in bytes of the parts long texts are cut into for streaming (default 16384).", visibility: .hidden))
    var partSize: Int?

    @Option(name: .customLong("rules"), help: ArgumentHelp("A directory of your own rule files (NAME.LANGUAGE.rules, NAME.LANGUAGE.phrases; docs/rules.md), read again within a second of a change.", valueName: "dir"))
    var rulesDirectory: String?

    @Option(
        name: .customLong("project"),
        help: ArgumentHelp("A directory whose .supertext.toml (there or above) applies to every check: its words, rules turned off, rule files, ignores and settings, under each request's own (docs/project.md).", valueName: "dir"))
    var projectDirectory: String?

    @Option(name: .customLong("public-dir"), help: "Directory of the web front end (default ./public, else the one that ships with the executable).")
    var publicDirectory: String?

    @Option(help: "Where history and the personal dictionary are kept: a SQLite file (default ./supertext.sqlite), or a postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require] URL shared by several servers.")
    var database: String?

    @Flag(name: .customLong("no-history"), help: "Do not store checks in history.")
    var noHistory = false

    @Option(name: .customLong("history-max-age"), help: "Delete checks older than this: 90d, 12h, 30m or seconds.")
    var historyMaxAge: String?

    @Option(name: .customLong("history-max-count"), help: "Keep only the newest this many checks.")
    var historyMaxCount: Int?

    @Option(name: .customLong("api-token"), help: "Require 'Authorization: Bearer TOKEN' for history, dictionary and insights.")
    var apiToken: String?

    @Flag(name: .customLong("protect-checks"), help: "With --api-token: require the token for checks too.")
    var protectChecks = false

    @Flag(name: .customLong("metrics-public"), help: "With --api-token: serve /metrics without the token (for a scraper that cannot send it).")
    var metricsPublic = false

    @Option(name: .customLong("key-checks-per-minute"), help: "With users: most checks one API key sends a minute (default: no limit).")
    var keyChecksPerMinute: Int?

    @Option(name: .customLong("key-characters-per-day"), help: "With users: most characters one API key checks a day (default: no limit).")
    var keyCharactersPerDay: Int?

    @Option(name: .customLong("failed-keys-per-minute"), help: "Wrong keys or tokens one address may send a minute before it waits for the rest of it (default 10; 0: no limit).")
    var failedKeysPerMinute: Int?

    @Option(
        name: .customLong("allowed-origin"),
        help: ArgumentHelp(
            "An origin whose web pages may call the API and change data (CORS), such as https://docs.example.org; repeat for several.",
            valueName: "origin"
        )
    )
    var allowedOrigins: [String] = []

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "On loopback without a token, a host name besides localhost that requests may be addressed to (Host); repeat for several.",
            valueName: "name"
        )
    )
    var allowedHosts: [String] = []

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    @Option(name: .customLong("log-format"), help: "text, or json: one JSON object per line (default text).")
    var logFormat: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var configuration = ServerConfiguration()
        let options = EnvironmentOptions(environment: environment)
        /// A repeatable option's values, else the environment variable's comma-separated list.
        func list(_ flags: [String], _ name: String) -> [String] {
            guard flags.isEmpty else { return flags }
            return (environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        if let socket = options.string(socket, "SUPERTEXT_SOCKET") {
            configuration.address = .unixSocket(path: socket)
            if let raw = options.string(socketMode, "SUPERTEXT_SOCKET_MODE") {
                guard let mode = mode_t(raw, radix: 8), mode <= 0o777 else {
                    throw ValidationError("Socket mode '\(raw)' is not an octal mode such as 0600 or 0660.")
                }
                configuration.socketMode = mode
            }
        } else {
            let port = try options.number(port, "SUPERTEXT_PORT") ?? 8080
            guard (0...65535).contains(port) else { throw ValidationError("Port \(port) is out of range.") }
            configuration.address = .tcp(host: options.string(host, "SUPERTEXT_HOST") ?? "127.0.0.1", port: port)
        }
        if let path = options.string(dictionaryPath, "SUPERTEXT_DICTIONARY_PATH") {
            configuration.dictionaryDirectories = path.split(separator: ":").map(String.init)
        }
        if let workers = try options.number(workers, "SUPERTEXT_WORKERS") {
            guard workers > 0 else { throw ValidationError("Workers must be at least 1.") }
            configuration.workers = workers
        }
        if let limit = try options.number(bodyLimit, "SUPERTEXT_BODY_LIMIT") {
            guard limit > 0 else { throw ValidationError("The body limit must be positive.") }
            configuration.bodyLimit = limit
        }
        if let limit = try options.number(queueLimit, "SUPERTEXT_QUEUE_LIMIT") {
            guard limit > 0 else { throw ValidationError("The queue limit must be positive.") }
            configuration.queueLimit = limit
        }
        if let seconds = try options.number(checkTimeout, "SUPERTEXT_CHECK_TIMEOUT") {
            guard seconds > 0 else { throw ValidationError("The check timeout must be positive.") }
            configuration.checkTimeout = .milliseconds(Int64(seconds * 1000))
        }
        for (flag, name, label, keyPath) in [
            (headerTimeout, "SUPERTEXT_HEADER_TIMEOUT", "header", \ServerConfiguration.headerTimeout),
            (bodyTimeout, "SUPERTEXT_BODY_TIMEOUT", "body", \ServerConfiguration.bodyTimeout),
            (idleTimeout, "SUPERTEXT_IDLE_TIMEOUT", "idle", \ServerConfiguration.idleTimeout),
        ] {
            guard let seconds = try options.number(flag, name) else { continue }
            guard seconds > 0, seconds <= 86_400 else {
                throw ValidationError("The \(label) timeout must be more than 0 and at most 86400 seconds.")
            }
            configuration[keyPath: keyPath] = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        if let connections = try options.number(maxConnections, "SUPERTEXT_MAX_CONNECTIONS") {
            guard connections > 0 else { throw ValidationError("The connection limit must be positive.") }
            configuration.maxConnections = connections
        }
        if let partSize = try options.number(partSize, "SUPERTEXT_PART_SIZE") {
            guard partSize >= 256 else { throw ValidationError("The part size must be at least 256 bytes.") }
            configuration.partSize = partSize
        }
        configuration.databasePath = options.string(database, "SUPERTEXT_DATABASE") ?? "supertext.sqlite"
        configuration.historyEnabled = !(noHistory || Self.isTrue(environment["SUPERTEXT_NO_HISTORY"]))
        if let age = options.string(historyMaxAge, "SUPERTEXT_HISTORY_MAX_AGE") {
            guard let duration = Self.duration(age) else {
                throw ValidationError("History max age '\(age)' is not a duration such as 90d, 12h, 30m or 3600.")
            }
            configuration.historyMaxAge = duration
        }
        if let count = try options.number(historyMaxCount, "SUPERTEXT_HISTORY_MAX_COUNT") {
            guard count > 0 else { throw ValidationError("The history max count must be positive.") }
            configuration.historyMaxCount = count
        }
        configuration.apiToken = options.string(apiToken, "SUPERTEXT_API_TOKEN")
        configuration.protectChecks = protectChecks || Self.isTrue(environment["SUPERTEXT_PROTECT_CHECKS"])
        if configuration.protectChecks, configuration.apiToken == nil {
            throw ValidationError("--protect-checks needs an API token (--api-token or SUPERTEXT_API_TOKEN).")
        }
        configuration.metricsPublic = metricsPublic || Self.isTrue(environment["SUPERTEXT_METRICS_PUBLIC"])
        for (value, name, flag) in [
            (try options.number(keyChecksPerMinute, "SUPERTEXT_KEY_CHECKS_PER_MINUTE"), "key checks per minute", \ServerConfiguration.keyChecksPerMinute),
            (try options.number(keyCharactersPerDay, "SUPERTEXT_KEY_CHARACTERS_PER_DAY"), "key characters per day", \ServerConfiguration.keyCharactersPerDay),
        ] {
            guard let value else { continue }
            guard value > 0 else { throw ValidationError("The \(name) must be positive.") }
            configuration[keyPath: flag] = value
        }
        if let failed = try options.number(failedKeysPerMinute, "SUPERTEXT_FAILED_KEYS_PER_MINUTE") {
            guard failed >= 0 else { throw ValidationError("The failed keys per minute must be 0 or more.") }
            configuration.failedKeysPerMinute = failed
        }
        configuration.allowedOrigins = try list(allowedOrigins, "SUPERTEXT_ALLOWED_ORIGINS").map { origin in
            guard let normalized = ServerConfiguration.webOrigin(origin) else {
                throw ValidationError("'\(origin)' is not an origin: give scheme://host[:port], such as https://docs.example.org or http://localhost:3000.")
            }
            return normalized
        }
        configuration.allowedHosts = try list(allowedHosts, "SUPERTEXT_ALLOWED_HOSTS").map { host in
            guard let name = ServerConfiguration.hostName(host), name == host.lowercased() else {
                throw ValidationError("'\(host)' is not a host name: give a name such as mybox.local, without scheme or port.")
            }
            return name
        }
        configuration.publicDirectory = options.string(publicDirectory, "SUPERTEXT_PUBLIC_DIR") ?? Self.defaultPublicDirectory()
        configuration.rulesDirectory = options.string(rulesDirectory, "SUPERTEXT_RULES")
        configuration.projectDirectory = options.string(projectDirectory, "SUPERTEXT_PROJECT")

        let format = options.string(logFormat, "SUPERTEXT_LOG_FORMAT") ?? "text"
        var logger: Logger
        switch format {
        case "text": logger = Logger(label: "supertext")
        case "json": logger = Logger(label: "supertext", factory: JSONLogHandler.standardError)
        default: throw ValidationError("Unknown log format '\(format)': give text or json.")
        }
        let level = options.string(logLevel, "SUPERTEXT_LOG_LEVEL") ?? "info"
        guard let parsedLevel = Logger.Level(rawValue: level) else {
            throw ValidationError("Unknown log level '\(level)'.")
        }
        logger.logLevel = parsedLevel

        do {
            // It logs "listening" once bound.
            let app = try await buildApplication(configuration: configuration, logger: logger)
            try await app.runService()
        } catch let error as SuperTextError {
            throw CommandLineFailure("supertext: cannot start: \(error.message)")
        } catch let error as StoreError {
            throw CommandLineFailure("supertext: cannot start: \(error.message)")
        } catch let error as UserRules.DirectoryError {
            throw CommandLineFailure("supertext: cannot start: \(error.description)")
        } catch let error as ProjectFileError {
            throw CommandLineFailure("supertext: cannot start: \(error.description)")
        } catch {
            // NIO throws these only while binding: later ones (accepting) are retried, not thrown.
            guard let reason = configuration.address.listenFailure(error) else { throw error }
            throw CommandLineFailure("supertext: cannot start: cannot listen on \(configuration.address): \(reason)")
        }
        logger.info("stopped")
    }

    /// `public` in the working directory when it is there, else the one beside the executable
    /// (`InstalledFiles`), else `public` (and the page is not served: the log says so).
    static func defaultPublicDirectory() -> String {
        if FileManager.default.fileExists(atPath: "public") { return "public" }
        return InstalledFiles.directory(named: "public") ?? "public"
    }

    static func isTrue(_ value: String?) -> Bool {
        ["1", "true", "yes", "on"].contains(value?.lowercased() ?? "")
    }

    /// `90d`, `12h`, `30m`, `45s` or a number of seconds.
    static func duration(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        if let unit = text.last, let seconds = units[unit], let value = Int64(text.dropLast()), value > 0 {
            return .seconds(value * seconds)
        }
        if let value = Int64(text), value > 0 { return .seconds(value) }
        return nil
    }
}
