import Foundation
import Logging
import SuperTextCore
import SuperTextStore

/// Decides whether a check is stored, stores it, and gives it its id.
struct HistoryRecorder: Sendable {
    let database: AppDatabase
    let enabled: Bool
    let retention: RetentionPolicy

    /// The result with its id when it was stored (after the commit), unchanged otherwise.
    func record(_ result: CheckResult, text: String, requested: Bool) async throws -> CheckResult {
        guard enabled, requested else { return result }
        var stored = result
        stored.id = try await database.saveCheck(result, text: text, retention: retention)
        return stored
    }
}
