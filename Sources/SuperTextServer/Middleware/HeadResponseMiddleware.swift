import Hummingbird

/// Answers `HEAD` without a body, whatever answers it: an error's JSON body would otherwise be
/// written after the head of a response that must not have one, and break the connection.
struct HeadResponseMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
