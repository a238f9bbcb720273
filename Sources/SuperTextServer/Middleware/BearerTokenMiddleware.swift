import Hummingbird

/// Requires `Authorization: Bearer <token>` on the routes it guards; 401 otherwise.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let header = request.headers[.authorization] ?? ""
        let prefix = "Bearer "
        guard header.hasPrefix(prefix), Self.constantTimeEqual(String(header.dropFirst(prefix.count)), token) else {
            throw APIError(
                status: .unauthorized, code: "unauthorized",
                message: header.isEmpty ? "This server needs an API token: send Authorization: Bearer <token>." : "The API token is wrong.",
                headers: [.wwwAuthenticate: "Bearer realm=\"SuperText\""]
            )
        }
        return try await next(request, context)
    }

    /// Compares without returning early, so timing tells nothing about the token.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
