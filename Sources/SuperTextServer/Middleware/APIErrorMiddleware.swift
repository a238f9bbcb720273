import HTTPTypes
import Hummingbird

/// Turns every error into a JSON error response with the right status, and a route that exists
/// with other methods into 405 rather than 404.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The API routes and the methods they answer.
    let routes: RouteMethods

    init(routes: [(String, [HTTPRequest.Method])]) {
        self.routes = RouteMethods(routes)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var apiError = APIError(error)
            if apiError.status == .notFound, let allowed = routes.allowedMethods(for: request.uri.path),
               !allowed.contains(request.method) {
                apiError = .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
            }
            if apiError.status.code >= 500, !apiError.isLoggedByStorage {
                context.logger.error("\(apiError.code.rawValue): \(apiError.message) (\(String(reflecting: error)))")
            }
            return try apiError.response(from: request, context: context)
        }
    }
}
