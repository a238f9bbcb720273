import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `/api/v1/users` (admins only): users and their keys, as `supertext users` manages them on
/// the same store; `/api/v1/me`: who a key belongs to, for the page.
struct UsersController: Sendable {
    let store: any UserStore
    let keys: KeyRing

    func addAdminRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("users", use: list)
        group.post("users", use: add)
        group.delete("users/:name", use: remove)
        group.post("users/:name/keys", use: addKey)
        group.delete("users/:name/keys/:key", use: revoke)
    }

    func addOwnRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("me", use: me)
    }

    struct Listed: Encodable {
        let name: String
        let admin: Bool
        let createdAt: Date
        let keys: [Key]
        struct Key: Encodable {
            let id: String
            let createdAt: Date
            let lastUsedAt: Date?
            enum CodingKeys: String, CodingKey { case id, createdAt, lastUsedAt }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(createdAt, forKey: .createdAt)
                try container.encode(lastUsedAt, forKey: .lastUsedAt)
            }
        }
    }

    struct Listing: Encodable { let users: [Listed] }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let keysByUser = Dictionary(grouping: try await store.keys(ofUser: nil), by: \.user)
        let users = try await store.users().map { user in
            Listed(
                name: user.name, admin: user.isAdmin, createdAt: user.createdAt,
                keys: (keysByUser[user.name] ?? []).map { .init(id: $0.id, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt) })
        }
        return try JSONResponse.make(Listing(users: users))
    }

    struct AddBody: Decodable { let name: String?; let admin: Bool? }
    /// A new key, shown once: only its hash is kept.
    struct Created: Encodable { let name: String; let admin: Bool; let keyId: String; let key: String }

    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await RequestBody.read(request, limit: 16 * 1024)
        guard request.headers[.contentType].map({ MediaTypeName($0).essence }) == "application/json" else {
            throw APIError(.unsupportedMediaType, "Send JSON {\"name\": \"ada\", \"admin\": false}.")
        }
        let decoded = try JSONBody.decode(AddBody.self, from: body)
        guard let name = decoded.name else { throw APIError.badRequest("The field 'name' is required.") }
        let key = APIKey.generate()
        let user = try await store.addUser(name: name, isAdmin: decoded.admin ?? false, key: key)
        try await keys.reloadIfChanged()
        context.logger.notice("user \(user.name) added\(user.isAdmin ? " (admin)" : "") by \(context.caller.user?.name ?? "the API token")")
        return try JSONResponse.make(Created(name: user.name, admin: user.isAdmin, keyId: key.id, key: key.secret), status: .created)
    }

    @Sendable func remove(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        guard try await store.removeUser(name: name) else { throw APIError(.notFound, "There is no user named \(name).") }
        try await keys.reloadIfChanged()
        context.logger.notice("user \(name) removed by \(context.caller.user?.name ?? "the API token")")
        return Response(status: .noContent)
    }

    @Sendable func addKey(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        let key = APIKey.generate()
        guard let user = try await store.addKey(key, toUser: name) else { throw APIError(.notFound, "There is no user named \(name).") }
        try await keys.reloadIfChanged()
        return try JSONResponse.make(Created(name: user.name, admin: user.isAdmin, keyId: key.id, key: key.secret), status: .created)
    }

    @Sendable func revoke(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        let id = try FormDecoder.pathSegment(context.parameters.get("key") ?? "")
        guard try await store.revokeKey(id: id, ofUser: name) else {
            throw APIError(.notFound, "\(name) has no key \(id).")
        }
        try await keys.reloadIfChanged()
        context.logger.notice("key \(id) of \(name) revoked by \(context.caller.user?.name ?? "the API token")")
        return Response(status: .noContent)
    }

    struct Me: Encodable {
        let name: String?
        let admin: Bool
        /// Whether the server has users (without, `name` is null and everything is one person's).
        let users: Bool
        enum CodingKeys: String, CodingKey { case name, admin, users }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(admin, forKey: .admin)
            try container.encode(users, forKey: .users)
        }
    }

    @Sendable func me(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(Me(name: context.caller.user?.name, admin: context.caller.user?.isAdmin ?? false, users: keys.hasUsers))
    }
}
