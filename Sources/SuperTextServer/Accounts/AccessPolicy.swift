import Foundation
import HTTPTypes
import Hummingbird
import SuperTextStore

/// Who sent a request: whose data it reads and changes, and whether it may manage users.
struct Caller: Sendable {
    var owner: Owner
    var user: User?
    /// The id of the key it came with, which its limits are counted by.
    var keyID: String?
    /// May manage users and the team's data: an admin's key, or the server's API token.
    var isAdmin: Bool

    /// Everyone on a server without users.
    static let solo = Caller(owner: .solo, user: nil, keyID: nil, isAdmin: false)
}

/// Decides who a request comes from, and whether it may do what it asks, in one place for
/// `/api/v1` (`AccessMiddleware`) and `/v2` (its `apiKey` field).
///
/// - Without users (`supertext users add` never run): today's behaviour. With `--api-token`, the
///   personal routes need the token, and checks too with `--protect-checks`; everything is
///   `Owner.solo`'s.
/// - With users: every request but the health checks, the OpenAPI document and the page needs
///   a user's key, and reads and changes only that user's data. The API token then only manages
///   users (`/api/v1/users`) and reads `/metrics`.
struct AccessPolicy: Sendable {
    /// What a route needs.
    enum Need: Sendable {
        /// Without users, nothing; with users, a user's key (the languages).
        case anyone
        /// Checks: as `anyone`, and the token with `--protect-checks`.
        case check
        /// A person's data: the token without users (when there is one), a user's key with users.
        case personal
        /// Managing users and the team's data: an admin's key or the token.
        case admin
        /// `/metrics`: the token or an admin's key, when the server has either.
        case monitoring
    }

    let keys: KeyRing
    let token: String?
    let protectChecks: Bool
    let limits: KeyLimits
    let failures: FailedKeys

    /// The caller of a request that sent `secret` (a Bearer header, or `/v2`'s `apiKey`).
    /// - Throws: `APIError` 401 for a missing or wrong key, 403 for a key that may not do this,
    ///   429 when this address sent too many wrong keys.
    func caller(secret: String?, needs: Need, address: String?) throws -> Caller {
        let secret = secret.flatMap { $0.isEmpty ? nil : $0 }
        let hasUsers = keys.hasUsers
        let tokenSuffices = needs == .admin || needs == .monitoring
        if !hasUsers {
            let required = switch needs {
            case .anyone: false
            case .check: protectChecks
            case .personal, .monitoring: true
            case .admin: true
            }
            guard required, let token else {
                if needs == .admin {
                    throw APIError(
                        .forbidden,
                        "This server has no users and no API token: create the first admin with `supertext users add NAME --admin`.")
                }
                return .solo
            }
            guard let secret else { throw Self.unauthorized("This server needs an API token: send Authorization: Bearer <token>.") }
            try failures.admit(address)
            guard Self.isToken(secret, token) else {
                failures.record(address)
                throw Self.unauthorized("The API token is wrong.")
            }
            return tokenSuffices ? Caller(owner: .solo, user: nil, keyID: nil, isAdmin: true) : .solo
        }
        guard let secret else {
            throw Self.unauthorized("This server has users: send your API key as Authorization: Bearer KEY.")
        }
        // A user's key is 256 random bits, which no one guesses: it is let in from an address
        // that sent wrong ones (other people behind the same proxy), unknown keys and the token
        // (which a person chose, and may be guessed) are not.
        if let entry = keys.identify(secret) {
            if tokenSuffices, !entry.user.isAdmin {
                throw APIError(.forbidden, "Only an admin manages users and the team's data.")
            }
            return Caller(owner: entry.user.owner, user: entry.user, keyID: entry.keyID, isAdmin: entry.user.isAdmin)
        }
        try failures.admit(address)
        if let token, Self.isToken(secret, token) {
            guard tokenSuffices else {
                throw APIError(.forbidden, "On a server with users the API token only manages users: send a user's key.")
            }
            return Caller(owner: .solo, user: nil, keyID: nil, isAdmin: true)
        }
        failures.record(address)
        throw Self.unauthorized(
            APIKey.looksLikeKey(secret) ? "This API key is unknown or revoked." : "This is not an API key (keys start with st_).")
    }

    /// Names that a key sent in a URL would have: URLs end up in logs and histories.
    static let keyParameters = ["apikey", "api_key", "key", "token", "access_token"]

    /// Refuses a key or token in the query string, whatever it is.
    func refuseKeyInQuery(_ request: Request) throws {
        guard let query = request.uri.query, !query.isEmpty else { return }
        for pair in query.split(separator: "&") {
            let name = pair.prefix { $0 != "=" }.lowercased()
            if Self.keyParameters.contains(name) {
                throw APIError.badRequest(
                    "Never send an API key in the URL (URLs are logged): send it as Authorization: Bearer KEY.")
            }
        }
    }

    /// Whether `secret` is the token, compared as keys are: their SHA-256 in constant time, so
    /// timing tells nothing of the token, not even its length.
    static func isToken(_ secret: String, _ token: String) -> Bool {
        APIKey.constantTimeEqual(APIKey.hash(of: secret), APIKey.hash(of: token))
    }

    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, message, headers: [.wwwAuthenticate: "Bearer realm=\"SuperText\""])
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
}

/// Guards the `/api/v1` routes it is added to with `AccessPolicy`, and hands the routes their
/// caller (`AppRequestContext.caller`).
struct AccessMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: AccessPolicy
    let needs: AccessPolicy.Need

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try policy.refuseKeyInQuery(request)
        let header = request.headers[.authorization]
        let secret = header.flatMap(AccessPolicy.bearerToken)
        if let header, !header.isEmpty, secret == nil {
            throw AccessPolicy.unauthorized("Send the key as Authorization: Bearer KEY (another scheme was given).")
        }
        var context = context
        context.caller = try policy.caller(secret: secret, needs: needs, address: context.clientAddress)
        return try await next(request, context)
    }
}
