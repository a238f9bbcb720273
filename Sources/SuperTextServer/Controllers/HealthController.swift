import Hummingbird
import SuperTextCore

/// `GET /healthz` (the process answers) and `GET /readyz` (dictionaries are loaded).
///
/// Neither touches the worker threads, so both answer fast while checks queue.
struct HealthController: Sendable {
    let pool: ProofreadingPool

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz", use: health)
        router.get("readyz", use: ready)
    }

    struct Status: Encodable {
        let status: String
        var languages: [String]? = nil
        var queuedChecks: Int? = nil
    }

    @Sendable func health(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(Status(status: "ok"))
    }

    @Sendable func ready(request: Request, context: AppRequestContext) async throws -> Response {
        let languages = pool.catalog.languages.map(\.code)
        let ready = pool.isReady && !languages.isEmpty
        return try JSONResponse.make(
            Status(status: ready ? "ready" : "not ready", languages: languages, queuedChecks: pool.queuedJobs),
            status: ready ? .ok : .serviceUnavailable
        )
    }
}
