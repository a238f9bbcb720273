import Dispatch
import Synchronization

/// Group commit: writes that arrive while a transaction is running wait for it to end and then
/// go to the database together, in one transaction, instead of one transaction each.
///
/// A write that finds nothing being committed leads: it commits itself at once, on its own
/// thread, and returns without suspending (no task, no hand-over to another thread: on a small
/// machine the thread hand-overs cost more than the insert). Writes that arrive meanwhile wait;
/// the leader hands them to a serial queue of its own (not a task: its commits block, and must
/// not hold a thread of the shared concurrency pool) that commits them in batches of at most
/// `maxBatch` until none wait. Each caller is answered only after the transaction holding its item has committed.
/// When a batch fails, its items are retried one transaction each, so one bad item cannot fail
/// the others.
final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// Writes a batch in one transaction and returns one output per item, in order. It runs on
    /// the calling thread and blocks it until the commit.
    typealias Commit = @Sendable ([Item]) throws -> [Output]

    private struct Waiter {
        var item: Item
        var continuation: CheckedContinuation<Output, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        var committing = false
        var transactions = 0
    }

    private let commit: Commit
    private let maxBatch: Int
    private let state = Mutex(State())
    private let drainQueue = DispatchQueue(label: "supertext.group-commit")

    /// - Parameters:
    ///   - maxBatch: most items in one transaction, to keep transactions short.
    ///   - commit: writes a batch in one transaction.
    init(maxBatch: Int = 256, commit: @escaping Commit) {
        precondition(maxBatch > 0)
        self.maxBatch = maxBatch
        self.commit = commit
    }

    /// How many transactions have been committed (or attempted) so far.
    var transactionCount: Int { state.withLock { $0.transactions } }

    /// How many items wait for the next transaction.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Commits `item` and returns its output once the transaction holding it has committed.
    func submit(_ item: Item) async throws -> Output {
        if state.withLock({ Self.takeLead(&$0) }) { return try commitAsLeader(item).get() }
        return try await withCheckedThrowingContinuation { continuation in
            let leads = state.withLock { state in
                if Self.takeLead(&state) { return true }
                state.waiting.append(Waiter(item: item, continuation: continuation))
                return false
            }
            // The commit running a moment ago has ended in the meantime.
            if leads { continuation.resume(with: commitAsLeader(item)) }
        }
    }

    /// Makes the caller the leader when nothing is being committed.
    private static func takeLead(_ state: inout State) -> Bool {
        if state.committing { return false }
        state.committing = true
        state.transactions += 1
        return true
    }

    /// A leader's commit, on its own thread. Nothing waits when nothing is being committed, so
    /// the batch is the leader's item alone.
    private func commitAsLeader(_ item: Item) -> Result<Output, any Error> {
        let output = Result { try commit([item])[0] }
        handOverWhatWaits()
        return output
    }

    /// After a leader's commit: the queue commits what arrived meanwhile, or committing ends.
    private func handOverWhatWaits() {
        let more = state.withLock { state in
            if state.waiting.isEmpty { state.committing = false }
            return state.committing
        }
        if more { drainQueue.async { self.drain() } }
    }

    /// Commits batches until nothing is waiting.
    private func drain() {
        while true {
            let batch: [Waiter] = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.committing = false
                    return []
                }
                let count = min(state.waiting.count, maxBatch)
                let batch = Array(state.waiting.prefix(count))
                state.waiting.removeFirst(count)
                state.transactions += 1
                return batch
            }
            if batch.isEmpty { return }
            do {
                let outputs = try commit(batch.map(\.item))
                precondition(outputs.count == batch.count, "a commit must return one output per item")
                for (waiter, output) in zip(batch, outputs) { waiter.continuation.resume(returning: output) }
            } catch where batch.count > 1 {
                for waiter in batch { commitAlone(waiter) }
            } catch {
                batch[0].continuation.resume(throwing: error)
            }
        }
    }

    private func commitAlone(_ waiter: Waiter) {
        state.withLock { $0.transactions += 1 }
        waiter.continuation.resume(with: Result { try commit([waiter.item])[0] })
    }
}
