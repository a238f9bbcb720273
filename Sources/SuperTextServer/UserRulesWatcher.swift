import Logging
import ServiceLifecycle
import SuperTextCore

/// Reads the users' rule files again when one changes (`--rules`), once a second, for the life
/// of the service, and logs each change: how many rules, and every file that no longer reads
/// (whose last good rules stay in use).
struct UserRulesWatcher: Service {
    let rules: UserRules
    let logger: Logger
    var interval: Duration = .seconds(1)

    func run() async throws {
        // Stops with the service: the sleep throws on cancellation, and graceful shutdown cancels.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                if rules.reload() { Self.log(rules.current, directory: rules.directory, logger: logger) }
            }
        }
    }

    /// One line for the rules in use, and one error for each file at fault.
    static func log(_ snapshot: UserRules.Snapshot, directory: String, logger: Logger) {
        let files = snapshot.files.map { "\($0.name) (\($0.rules))" }.joined(separator: ", ")
        logger.notice("rules of \(directory): \(snapshot.rules.count) rules in use from \(snapshot.files.count) files\(files.isEmpty ? "" : ": " + files)")
        for problem in snapshot.problems {
            logger.error("rules: \(problem); the file's last good rules stay in use")
        }
    }
}
