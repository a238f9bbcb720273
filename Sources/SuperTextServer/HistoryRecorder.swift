import Foundation
import Logging
import SuperTextCore
import SuperTextStore

/// Decides whether a check is stored, stores it, and gives it its id.
///
/// A check asked to be stored (history on, and not `"store": false`) is answered only once it is
/// stored: when it cannot be, the request is refused with the storage fault (507 `storage_full`,
/// 503 `storage_read_only`, `storage_gone`, `storage_corrupt`...), whose message says what to do,
/// rather than answered without its id. A client that gets an id can rely on the check being
/// committed to the store. A fault already known refuses the check before it is checked; checks that
/// store nothing are not concerned.
struct HistoryRecorder: Sendable {
    let database: any DataStore
    let enabled: Bool
    let retention: RetentionPolicy
    /// The pool whose checks are stored: how busy it is decides how a save is committed
    /// (`SaveBatching.savesToExpect`).
    let pool: ProofreadingPool
    /// Where the time from a save to its commit is recorded.
    var metrics: ServerMetrics?

    /// What the proofreading worker does with a finished check of `text`: stores it and answers
    /// with its id, after the commit. `nil` when the check is not stored (history off, or the
    /// request opted out): its result is answered as it is, with no id. The check is `owner`'s.
    /// - Throws: the storage fault, when the check would be stored and storage is known to fail.
    func finisher(text: String, requested: Bool, owner: Owner) throws -> CheckFinisher? {
        guard enabled, requested else { return nil }
        try database.ensureStoringIsPossible()
        let database = database, retention = retention, pool = pool, metrics = metrics
        return { result, answer in
            let expecting = SaveBatching.savesToExpect(checksInProgress: pool.checksInProgress, workers: pool.configuration.workers)
            let start = ContinuousClock.now
            database.saveCheck(result, text: text, at: Date(), retention: retention, expecting: expecting, owner: owner) { saved in
                if case .success = saved { metrics?.recordSave(ContinuousClock.now - start) }
                answer(saved.map { id in
                    var stored = result
                    stored.id = id
                    return stored
                })
            }
        }
    }
}
