import Hummingbird
import SuperTextCore

/// `GET /metrics`: the server's metrics in Prometheus's text format (`ServerMetrics`).
///
/// With an API token it needs the token, as history does (Prometheus sends it with
/// `authorization` in its scrape configuration), unless `--metrics-public` opens it; the
/// series name no text and no word, but tell how much the server is used. `buildRouter`
/// decides.
struct MetricsController: Sendable {
    let metrics: ServerMetrics
    let pool: ProofreadingPool
    let connections: ConnectionLimiter?

    /// The media type of Prometheus's text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("metrics", use: show)
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        metrics.sample(pool: pool, connections: connections)
        return Response(
            status: .ok,
            headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
            body: .init(byteBuffer: metrics.exposition())
        )
    }
}
