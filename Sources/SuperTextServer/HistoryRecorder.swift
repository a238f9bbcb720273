import Foundation
import Logging
import SuperTextCore
import SuperTextStore

/// Decides whether a check is stored, stores it, and gives it its id.
struct HistoryRecorder: Sendable {
    let database: AppDatabase
    let enabled: Bool
    let retention: RetentionPolicy
    /// How many checks are in flight (`ProofreadingPool.checksInProgress`): a save expects as
    /// many, so that checks finishing together share a transaction.
    let checksInProgress: @Sendable () -> Int

    /// What the proofreading worker does with a finished check of `text`: stores it and answers
    /// with its id, after the commit. `nil` when the check is not stored (history off, or the
    /// request opted out): its result is answered as it is, with no id.
    func finisher(text: String, requested: Bool) -> CheckFinisher? {
        guard enabled, requested else { return nil }
        let database = database, retention = retention, checksInProgress = checksInProgress
        return { result, answer in
            database.saveCheck(result, text: text, retention: retention, expecting: checksInProgress()) { saved in
                answer(saved.map { id in
                    var stored = result
                    stored.id = id
                    return stored
                })
            }
        }
    }
}
