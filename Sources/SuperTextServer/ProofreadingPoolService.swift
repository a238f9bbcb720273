import Hummingbird
import ServiceLifecycle
import SuperTextCore

/// Ties the worker pool to the application's lifecycle: on shutdown, the queued checks finish
/// and the worker threads stop.
struct ProofreadingPoolService: Service {
    let pool: ProofreadingPool

    func run() async throws {
        try? await gracefulShutdown()
        pool.shutdown()
    }
}
