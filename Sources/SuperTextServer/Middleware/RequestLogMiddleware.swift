import Hummingbird
import Logging

/// Gives each request its id and logs one line per request once it is answered.
///
/// The id is the client's `X-Request-Id` when it is sane (`RequestIDHeader.accepted`), else the
/// one Hummingbird made; it is put in the request's logger (`hb.request.id`), so every line
/// logged for the request carries it, and returned in `X-Request-Id` on every answer, errors
/// included. The line has the method, path, status and duration in its message, and the
/// route, status and duration as metadata (`route`, `status`, `duration_ms`), for JSON logs.
/// A streamed answer is logged once its last byte is written.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        if let given = RequestIDHeader.accepted(request.headers[RequestIDHeader.name]) {
            context.logger[metadataKey: RequestIDHeader.metadataKey] = .string(given)
        }
        let id = context.id
        let logger = context.logger
        let method = request.method.rawValue
        let path = request.uri.path
        let endpoint = context.coreContext.endpointPath
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // The error middleware inside answers every error; this is for what escapes it.
            response = try error.response(from: request, context: context)
        } catch {
            Self.log(logger, method: method, path: path, route: endpoint.value, status: 500, elapsed: ContinuousClock.now - start)
            throw error
        }
        response.headers[RequestIDHeader.name] = id
        let status = response.status.code
        response.onCompletion {
            Self.log(logger, method: method, path: path, route: endpoint.value, status: status, elapsed: ContinuousClock.now - start)
        }
        return response
    }

    private static func log(_ logger: Logger, method: String, path: String, route: String?, status: Int, elapsed: Duration) {
        let milliseconds = (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        // A tenth of a millisecond, as a number in JSON logs.
        let rounded = (milliseconds * 10).rounded() / 10
        logger.info(
            "\(method) \(path) \(status) \(rounded)ms",
            metadata: [
                "route": .string(HTTPMetricsMiddleware.route(route)),
                "status": .stringConvertible(status),
                "duration_ms": .stringConvertible(rounded),
            ]
        )
    }
}
