import Foundation

/// A flag a waiting caller sets and a worker thread polls: cancellation, and a deadline.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    let deadline: ContinuousClock.Instant?

    init(deadline: ContinuousClock.Instant?) {
        self.deadline = deadline
    }

    func cancel() {
        lock.withLock { cancelled = true }
    }

    var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    var isPastDeadline: Bool {
        deadline.map { ContinuousClock.now >= $0 } ?? false
    }
}
