import Hummingbird
import Synchronization

extension Response {
    /// Calls `done` once this answer is complete: at once when its length is known (a body in
    /// memory, a file), else when its streamed body (Server-Sent Events) has been written, has
    /// failed, or is dropped without being written (the client went away first).
    ///
    /// Hummingbird's `withPostWriteClosure` does this for every body, but is not public, and
    /// wrapping a body in memory in a closure would lose the server's single write of head and
    /// body together; so only streamed bodies are wrapped.
    mutating func onCompletion(_ done: @escaping @Sendable () -> Void) {
        guard body.contentLength == nil else { return done() }
        let completion = AnswerCompletion(done)
        let streamed = body
        body = ResponseBody { writer in
            defer { completion.run() }
            try await streamed.write(writer)
        }
    }
}

/// Runs its action once: when told to, or when released without having been told.
private final class AnswerCompletion: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    func run() {
        action.withLock { action in
            defer { action = nil }
            return action
        }?()
    }

    deinit {
        run()
    }
}
