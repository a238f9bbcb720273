import Synchronization

/// Runs a reload in a task of its own, one at a time: a reload asked while one runs makes one
/// more follow it, so the last change is always read, however many notices arrive together.
final class CoalescedReload: Sendable {
    private let state = Mutex<(running: Bool, again: Bool)>((false, false))

    /// Asks for `reload` to run.
    func request(_ reload: @escaping @Sendable () async -> Void) {
        let start = state.withLock { state in
            if state.running { state.again = true; return false }
            state.running = true
            return true
        }
        guard start else { return }
        Task {
            while true {
                await reload()
                let again = state.withLock { state in
                    if state.again { state.again = false; return true }
                    state.running = false
                    return false
                }
                if !again { return }
            }
        }
    }
}
