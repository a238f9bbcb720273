import Logging
import Synchronization

/// Counts the open connections and decides, for each new one, whether it is served or refused
/// (`--max-connections`), and logs once when the limit is reached and once when it clears.
///
/// Hummingbird's own `MaximumAvailableConnections` stops accepting at the limit: new clients
/// then wait in the listen backlog with no answer and nothing logged. Here a connection over the
/// limit is accepted and answered 503 at once (`ConnectionRefusalHandler`), so a client knows
/// to come back, and the server keeps accepting. Shared by every event loop, hence the lock.
final class ConnectionLimiter: Sendable {
    /// What happens to a new connection.
    enum Admission: Equatable {
        /// Served as HTTP.
        case served
        /// Refused: answered 503 (`answered`), or closed without an answer when too many
        /// refusals are already being answered.
        case refused(answered: Bool)
    }

    /// Most connections served at once.
    let limit: Int
    /// Refused connections still being answered at once; past this a refused connection is
    /// closed without an answer, so that refusals cannot themselves use up the file descriptors.
    let refusalsInFlightLimit: Int
    private let logger: Logger

    private struct State {
        var open = 0
        var refusalsInFlight = 0
        /// The limit was reached and has not cleared yet.
        var isLimited = false
        var refusedWhileLimited = 0
    }
    private let state = Mutex(State())

    /// - Parameters:
    ///   - limit: most connections served at once.
    ///   - refusalsInFlightLimit: most refused connections answered at once.
    ///   - logger: where reaching and clearing the limit are logged.
    init(limit: Int, refusalsInFlightLimit: Int = 64, logger: Logger) {
        precondition(limit > 0, "the connection limit must be positive")
        self.limit = limit
        self.refusalsInFlightLimit = refusalsInFlightLimit
        self.logger = logger
    }

    /// Connections served now.
    var openConnections: Int { state.withLock { $0.open } }

    /// The limit clears when the open connections fall this low: a tenth under it, so that a
    /// server hovering at the limit does not log every connection.
    var clearingLevel: Int { limit - max(1, limit / 10) }

    /// Counts a new connection in, or refuses it. A served connection calls `connectionClosed()`
    /// when it closes, an answered refusal `refusalClosed()`.
    func admit() -> Admission {
        let (admission, logsLimit) = state.withLock { state -> (Admission, Bool) in
            if state.open < limit {
                state.open += 1
                return (.served, false)
            }
            let logsLimit = !state.isLimited
            state.isLimited = true
            state.refusedWhileLimited += 1
            guard state.refusalsInFlight < refusalsInFlightLimit else { return (.refused(answered: false), logsLimit) }
            state.refusalsInFlight += 1
            return (.refused(answered: true), logsLimit)
        }
        if logsLimit {
            logger.warning(
                "connection limit reached: \(limit) connections open; new connections are answered 503 and closed until some close (--max-connections)"
            )
        }
        return admission
    }

    /// A served connection closed.
    func connectionClosed() {
        let cleared = state.withLock { state -> (open: Int, refused: Int)? in
            state.open -= 1
            guard state.isLimited, state.open <= clearingLevel else { return nil }
            defer {
                state.isLimited = false
                state.refusedWhileLimited = 0
            }
            return (state.open, state.refusedWhileLimited)
        }
        if let cleared {
            logger.notice(
                "connections under the limit again: \(cleared.open) of \(limit) open; accepting new connections (\(cleared.refused) refused meanwhile)"
            )
        }
    }

    /// A refused connection that was being answered closed.
    func refusalClosed() {
        state.withLock { $0.refusalsInFlight -= 1 }
    }
}
