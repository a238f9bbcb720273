import Dispatch
import Synchronization

/// Group commit: saves that arrive close together go to the database in one transaction,
/// instead of one transaction each.
///
/// A transaction's cost is mostly fixed: every page of the table and its indexes that it touches
/// is written whole (4 KB) to the log, then copied by a checkpoint, whether it holds one new row
/// of about 1.3 KB or several. So:
///
/// - A save that expects no other (`expecting` 1, nothing committing) commits at once, on the
///   caller's own thread, before `submit` returns: no hand-over to another thread, which on a
///   small machine costs more than the insert.
/// - A save that expects others (the caller knows how many checks are in flight) waits for them,
///   at most `linger`: when `expecting` items wait the batch is committed at once, otherwise
///   when the linger ends. It goes to a serial queue of its own, so a caller (a proofreading
///   worker) never waits for a transaction, nor for the write lock when a search index batch
///   holds it; its completion is called once the batch has committed.
/// - Saves that arrive while a transaction runs wait for it and go in the next, in batches of
///   at most `maxBatch`.
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
        /// A commit is running or handed to the queue: it takes whatever waits.
        var committing = false
        /// A linger's end is scheduled on the queue.
        var lingering = false
        var transactions = 0
    }

    /// What a save does once its item is waiting.
    private enum Next {
        /// Nothing: a running commit or a scheduled linger takes the item.
        case leave
        /// Commit on the caller's thread.
        case commitHere
        /// Commit on the queue now.
        case commitOnQueue
        /// Commit on the queue when the linger ends.
        case linger
    }

    private let commit: Commit
    private let maxBatch: Int
    private let maxTransactionsPerCaller: Int
    private let linger: DispatchTimeInterval
    private let state = Mutex(State())
    private let drainQueue = DispatchQueue(label: "supertext.group-commit")

    /// - Parameters:
    ///   - maxBatch: most items in one transaction, to keep transactions short.
    ///   - maxTransactionsPerCaller: most transactions a caller commits on its own thread before
    ///     handing over to the queue.
    ///   - linger: longest an item waits for the others its caller expects.
    ///   - commit: writes a batch in one transaction.
    init(
        maxBatch: Int = 256, maxTransactionsPerCaller: Int = 8, linger: Duration = .milliseconds(2),
        commit: @escaping Commit
    ) {
        precondition(maxBatch > 0 && maxTransactionsPerCaller > 0)
        self.maxBatch = maxBatch
        self.maxTransactionsPerCaller = maxTransactionsPerCaller
        let (seconds, attoseconds) = linger.components
        self.linger = .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        self.commit = commit
    }

    /// How many transactions have been committed (or attempted) so far.
    var transactionCount: Int { state.withLock { $0.transactions } }

    /// How many items wait for the next transaction.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Commits `item` and calls `completion` once the transaction holding it has committed.
    ///
    /// - Parameter expecting: how many items the caller expects to arrive about now, its own
    ///   included (the checks in flight, say); 1 when it knows of no other.
    ///
    /// When the item is alone and nothing is being committed the caller commits, on its own
    /// thread, before this returns; otherwise this returns at once and the thread committing
    /// calls `completion`.
    func submit(_ item: Item, expecting: Int = 1, completion: @escaping Completion) {
        let next: Next = state.withLock { state in
            state.waiting.append(Waiter(item: item, completion: completion))
            if state.committing { return .leave }
            if state.waiting.count >= min(max(expecting, 1), maxBatch) {
                state.committing = true
                return state.waiting.count == 1 ? .commitHere : .commitOnQueue
            }
            if state.lingering { return .leave }
            state.lingering = true
            return .linger
        }
        switch next {
        case .leave: break
        case .commitHere: drain(transactions: maxTransactionsPerCaller)
        case .commitOnQueue: drainQueue.async { self.drain(transactions: .max) }
        case .linger: drainQueue.asyncAfter(deadline: .now() + linger) { self.endLinger() }
        }
    }

    /// Commits `item` and returns its output once the transaction holding it has committed.
    func submit(_ item: Item, expecting: Int = 1) async throws -> Output {
        // Resumed before it suspends when this call commits itself.
        try await withCheckedThrowingContinuation { continuation in
            submit(item, expecting: expecting) { continuation.resume(with: $0) }
        }
    }

    /// On the queue, when a linger ends: commits what waits, unless a commit already runs.
    private func endLinger() {
        let commits = state.withLock { state in
            state.lingering = false
            if state.committing || state.waiting.isEmpty { return false }
            state.committing = true
            return true
        }
        if commits { drain(transactions: .max) }
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
