import HTTPTypes
import Hummingbird
import SuperTextStore

/// Answers every error under `/v2` the way LanguageTool does (plain text starting with
/// `Error: `), including unknown `/v2` paths (404) and wrong methods (405); other paths are left
/// to `APIErrorMiddleware`.
struct LanguageToolErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The `/v2` routes and the methods they answer.
    let routes: RouteMethods

    init(routes: [(String, [HTTPRequest.Method])]) {
        self.routes = RouteMethods(routes)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path == "/v2" || path.hasPrefix("/v2/") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch {
            var languageToolError = LanguageToolError(error)
            if languageToolError.status == .notFound, let allowed = routes.allowedMethods(for: path),
               !allowed.contains(request.method) {
                languageToolError = .methodNotAllowed(request.method, path: path, allowed: allowed)
            }
            if languageToolError.status.code >= 500, !((error as? StorageFault)?.isLasting ?? false) {
                context.logger.error("\(languageToolError.message) (\(String(reflecting: error)))")
            }
            return try languageToolError.response(from: request, context: context)
        }
    }
}
