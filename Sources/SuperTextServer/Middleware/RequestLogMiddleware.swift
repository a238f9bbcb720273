import Hummingbird
import Logging

/// Logs one line per request once it is answered: request id, method, path, status, duration.
/// Also returns the request id to the client in `X-Request-Id`.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            context.logger.info(
                "\(request.method) \(request.uri.path) \(status) \(String(format: "%.1f", milliseconds))ms",
                metadata: ["status": "\(status)", "ms": "\(String(format: "%.1f", milliseconds))"]
            )
        }
        var response = try await next(request, context)
        status = response.status.code
        response.headers[.init("X-Request-Id")!] = context.id
        return response
    }
}

import Foundation
