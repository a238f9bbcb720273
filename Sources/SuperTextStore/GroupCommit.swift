import Synchronization

/// Group commit: writes that arrive while a transaction is running wait for it to end and then
/// go to the database together, in one transaction, instead of one transaction each.
///
/// A lone write is committed at once (no timer, no added latency); under load the batches grow
/// by themselves, and the fixed cost of a transaction (its commit, the WAL frames, the full-text
/// index segment) is paid once per batch. Each caller is answered only after the transaction
/// holding its item has committed. When a batch fails, its items are retried one transaction
/// each, so one bad item cannot fail the others.
final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// Writes a batch in one transaction and returns one output per item, in order.
    typealias Commit = @Sendable ([Item]) async throws -> [Output]

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

    /// Queues `item` and returns its output once the transaction holding it has committed.
    func submit(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let startsCommitter = state.withLock { state in
                state.waiting.append(Waiter(item: item, continuation: continuation))
                if state.committing { return false }
                state.committing = true
                return true
            }
            if startsCommitter {
                Task { await self.drain() }
            }
        }
    }

    /// Commits batches until nothing is waiting.
    private func drain() async {
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
                let outputs = try await commit(batch.map(\.item))
                precondition(outputs.count == batch.count, "a commit must return one output per item")
                for (waiter, output) in zip(batch, outputs) { waiter.continuation.resume(returning: output) }
            } catch where batch.count > 1 {
                for waiter in batch { await commitAlone(waiter) }
            } catch {
                batch[0].continuation.resume(throwing: error)
            }
        }
    }

    private func commitAlone(_ waiter: Waiter) async {
        state.withLock { $0.transactions += 1 }
        do {
            let outputs = try await commit([waiter.item])
            waiter.continuation.resume(returning: outputs[0])
        } catch {
            waiter.continuation.resume(throwing: error)
        }
    }
}
