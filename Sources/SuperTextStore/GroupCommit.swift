import Dispatch
import Synchronization

/// Group commit: writes that arrive while a transaction is running wait for it to end and then
/// go to the database together, in one transaction, instead of one transaction each.
///
/// There is no writer thread. A write that finds nothing being committed commits at once, on
/// the caller's own thread, and so do the writes that arrived meanwhile, in batches of at most
/// `maxBatch`, until none wait (a write that finds a commit running only leaves its item and
/// returns). On a small machine handing items to another thread and waking their callers again
/// costs more than the inserts, and a proofreading worker that stores its own check goes
/// straight back to checking when another worker is committing. After `maxTransactionsPerCaller`
/// transactions a caller hands what still waits to a serial queue, so no caller is held long.
///
/// Each item's completion is called only after the transaction holding it has committed. When a
/// batch fails, its items are retried one transaction each, so one bad item cannot fail the
/// others.
final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// Writes a batch in one transaction and returns one output per item, in order. It runs on
    /// the calling thread and blocks it until the commit.
    typealias Commit = @Sendable ([Item]) throws -> [Output]
    /// Called once an item's transaction has committed (or failed), on the committing thread.
    typealias Completion = @Sendable (Result<Output, any Error>) -> Void

    private struct Waiter {
        var item: Item
        var completion: Completion
    }

    private struct State {
        var waiting: [Waiter] = []
        var committing = false
        var transactions = 0
    }

    private let commit: Commit
    private let maxBatch: Int
    private let maxTransactionsPerCaller: Int
    private let state = Mutex(State())
    private let drainQueue = DispatchQueue(label: "supertext.group-commit")

    /// - Parameters:
    ///   - maxBatch: most items in one transaction, to keep transactions short.
    ///   - maxTransactionsPerCaller: most transactions one caller commits before handing over.
    ///   - commit: writes a batch in one transaction.
    init(maxBatch: Int = 256, maxTransactionsPerCaller: Int = 8, commit: @escaping Commit) {
        precondition(maxBatch > 0 && maxTransactionsPerCaller > 0)
        self.maxBatch = maxBatch
        self.maxTransactionsPerCaller = maxTransactionsPerCaller
        self.commit = commit
    }

    /// How many transactions have been committed (or attempted) so far.
    var transactionCount: Int { state.withLock { $0.transactions } }

    /// How many items wait for the next transaction.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Commits `item` and calls `completion` once the transaction holding it has committed.
    ///
    /// When nothing is being committed the caller commits, on its own thread, before this
    /// returns; otherwise this returns at once and the thread committing calls `completion`.
    func submit(_ item: Item, completion: @escaping Completion) {
        let commits = state.withLock { state in
            state.waiting.append(Waiter(item: item, completion: completion))
            if state.committing { return false }
            state.committing = true
            return true
        }
        if commits { drain(transactions: maxTransactionsPerCaller) }
    }

    /// Commits `item` and returns its output once the transaction holding it has committed.
    func submit(_ item: Item) async throws -> Output {
        // Resumed before it suspends when this call commits itself.
        try await withCheckedThrowingContinuation { continuation in
            submit(item) { continuation.resume(with: $0) }
        }
    }

    /// Commits batches until nothing waits, or hands the rest to the queue after `limit`
    /// transactions.
    private func drain(transactions limit: Int) {
        for _ in 0..<limit {
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
            commitBatch(batch)
        }
        // Still committing: the queue goes on, unless nothing is left.
        let more = state.withLock { state in
            if state.waiting.isEmpty { state.committing = false }
            return state.committing
        }
        if more { drainQueue.async { self.drain(transactions: .max) } }
    }

    private func commitBatch(_ batch: [Waiter]) {
        do {
            let outputs = try commit(batch.map(\.item))
            precondition(outputs.count == batch.count, "a commit must return one output per item")
            for (waiter, output) in zip(batch, outputs) { waiter.completion(.success(output)) }
        } catch where batch.count > 1 {
            for waiter in batch {
                state.withLock { $0.transactions += 1 }
                waiter.completion(Result { try commit([waiter.item])[0] })
            }
        } catch {
            batch[0].completion(.failure(error))
        }
    }
}
