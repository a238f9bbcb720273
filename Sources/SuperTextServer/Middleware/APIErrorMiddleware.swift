import HTTPTypes
import Hummingbird

/// Turns every error into a JSON error response with the right status, and a route that exists
/// with other methods into 405 rather than 404.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Route templates (`*` matches one segment) and the methods they answer.
    let routes: [(template: [Substring], methods: [HTTPRequest.Method])]

    init(routes: [(String, [HTTPRequest.Method])]) {
        self.routes = routes.map { (template: $0.0.split(separator: "/"), methods: $0.1) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var apiError = APIError(error)
            if apiError.status == .notFound, let allowed = allowedMethods(for: request.uri.path),
               !allowed.contains(request.method) {
                apiError = .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
            }
            if apiError.status.code >= 500 {
                context.logger.error("\(apiError.code): \(apiError.message) (\(String(reflecting: error)))")
            }
            return try apiError.response(from: request, context: context)
        }
    }

    private func allowedMethods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        for route in routes where route.template.count == segments.count {
            if zip(route.template, segments).allSatisfy({ $0 == "*" || $0 == $1 }) { return route.methods }
        }
        return nil
    }
}
