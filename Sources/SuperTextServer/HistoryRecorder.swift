import Foundation
import Logging
import SuperTextCore
import SuperTextStore

/// Decides whether a check is stored, stores it, and gives it its id.
struct HistoryRecorder: Sendable {
    let database: AppDatabase
    let enabled: Bool
    let retention: RetentionPolicy
    /// The pool whose checks are stored: how busy it is decides how a save is committed
    /// (`AppDatabase.savesToExpect`).
    let pool: ProofreadingPool

    /// What the proofreading worker does with a finished check of `text`: stores it and answers
    /// with its id, after the commit. `nil` when the check is not stored (history off, or the
    /// request opted out): its result is answered as it is, with no id.
    func finisher(text: String, requested: Bool) -> CheckFinisher? {
        guard enabled, requested else { return nil }
        let database = database, retention = retention, pool = pool
        return { result, answer in
            let expecting = AppDatabase.savesToExpect(checksInProgress: pool.checksInProgress, workers: pool.configuration.workers)
            database.saveCheck(result, text: text, retention: retention, expecting: expecting) { saved in
                answer(saved.map { id in
                    var stored = result
                    stored.id = id
                    return stored
                })
            }
        }
    }
}
