import Hummingbird

/// Counts every answer and its duration by method, route and status (`ServerMetrics`).
///
/// Hummingbird's own `MetricsMiddleware` records the same into swift-metrics' process-wide
/// `MetricsSystem`, which can be bootstrapped once per process: each application here owns its
/// registry (`ServerMetrics`), so that two in one process, as in the tests, keep their numbers
/// apart. It also names routes as Hummingbird does internally (`NotFound`, `FileMiddleware`),
/// which `route(_:)` maps to `unmatched` and `static`.
struct HTTPMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        let endpoint = context.coreContext.endpointPath
        let metrics = metrics
        do {
            var response = try await next(request, context)
            let status = response.status.code
            response.onCompletion {
                metrics.recordRequest(method: method, route: Self.route(endpoint.value), status: status, duration: ContinuousClock.now - start)
            }
            return response
        } catch {
            // The error middleware inside answers every error; this is for what escapes it.
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.recordRequest(method: method, route: Self.route(endpoint.value), status: status, duration: ContinuousClock.now - start)
            throw error
        }
    }

    /// The route a request took, as a label of few values: the route's pattern
    /// (`/api/v1/history/{id}`), `static` for the page's files, `unmatched` when no route
    /// answered (an unknown path or method, or a refusal before routing).
    static func route(_ endpointPath: String?) -> String {
        switch endpointPath {
        case nil, "NotFound": "unmatched"
        case "FileMiddleware": "static"
        case let path?: path
        }
    }
}
