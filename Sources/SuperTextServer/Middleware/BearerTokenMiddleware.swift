import Hummingbird

/// Requires `Authorization: Bearer <token>` on the routes it guards; 401 otherwise.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let header = request.headers[.authorization] ?? ""
        guard let given = Self.bearerToken(in: header), Self.constantTimeEqual(given, token) else {
            throw APIError(
                .unauthorized,
                header.isEmpty ? "This server needs an API token: send Authorization: Bearer <token>." : "The API token is wrong.",
                headers: [.wwwAuthenticate: "Bearer realm=\"SuperText\""]
            )
        }
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer TOKEN` header, or `nil` for another scheme.
    ///
    /// The scheme is case-insensitive (RFC 9110, section 11.1): `bearer` and `BEARER` are `Bearer`.
    static func bearerToken(in header: String) -> String? {
        let scheme = "bearer"
        guard header.utf8.count > scheme.utf8.count,
              header.prefix(scheme.count).lowercased() == scheme,
              header.dropFirst(scheme.count).first == " "
        else { return nil }
        return String(header.dropFirst(scheme.count).drop { $0 == " " })
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
