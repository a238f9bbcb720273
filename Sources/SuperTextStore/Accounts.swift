import Crypto
import Foundation
import SuperTextCore

/// Whose data a store call reads or changes. Without users every row is `solo`'s (one person,
/// today's behaviour); with users each user's rows carry their id, and `team` holds what every
/// member's checks honour (the team dictionary).
public struct Owner: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let id: Int64

    public init(id: Int64) { self.id = id }

    /// The one person of a server without users; its rows go to the first admin created.
    public static let solo = Owner(id: 0)
    /// What the team shares (users' ids start at 1).
    public static let team = Owner(id: -1)

    public static func < (lhs: Owner, rhs: Owner) -> Bool { lhs.id < rhs.id }
    public var description: String { self == .solo ? "solo" : self == .team ? "team" : "user \(id)" }
}

/// A user of a server with accounts.
public struct User: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var isAdmin: Bool
    public var createdAt: Date

    public init(id: Int64, name: String, isAdmin: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
        self.createdAt = createdAt
    }

    public var owner: Owner { Owner(id: id) }

    /// Most characters in a user's name.
    public static let maximumNameLength = 64

    /// `name` as stored (trimmed, NFC), or `StoreError` saying why it cannot be one: letters,
    /// digits, `.`, `_`, `-` and `@`, so that a name is safe in logs, a shell and a URL.
    public static func validatedName(_ name: String) throws -> String {
        let name = name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw StoreError(code: .badRequest, message: "A user's name is empty.") }
        guard name.count <= maximumNameLength else {
            throw StoreError(code: .badRequest, message: "A user's name has at most \(maximumNameLength) characters.")
        }
        guard name.unicodeScalars.allSatisfy({
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-@".unicodeScalars.contains($0)
        }) else {
            throw StoreError(
                code: .badRequest,
                message: "A user's name is made of letters, digits, '.', '_', '-' and '@' (no spaces or control characters).")
        }
        return name
    }
}

/// An API key as listed: never the key itself, which is shown once when made.
public struct APIKeyInfo: Codable, Sendable, Equatable {
    /// The key's public id, to revoke it by.
    public var id: String
    public var user: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: String, user: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.user = user
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey { case id, user, createdAt, lastUsedAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(user, forKey: .user)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)  // null: never used
    }
}

/// A key that opens the server, as the server keeps it in memory: its hash and whose it is.
public struct ActiveKey: Sendable, Equatable {
    public var id: String
    public var hash: APIKey.Hash
    public var user: User

    public init(id: String, hash: APIKey.Hash, user: User) {
        self.id = id
        self.hash = hash
        self.user = user
    }
}

/// The keys that open a server, by hash, for a lookup that reads no database: the SHA-256 of
/// what a request sent, a dictionary lookup, and the stored hash compared in constant time
/// (`make bench` measures it, "API key lookup").
public struct KeyTable: Sendable {
    public struct Entry: Sendable {
        public let keyID: String
        public let hash: APIKey.Hash
        public let user: User
    }

    private let byHash: [APIKey.Hash: Entry]

    public init(_ keys: [ActiveKey] = []) {
        byHash = Dictionary(keys.map { ($0.hash, Entry(keyID: $0.id, hash: $0.hash, user: $0.user)) }) { first, _ in first }
    }

    public var count: Int { byHash.count }

    /// The key's entry, or `nil`.
    public func entry(for secret: some StringProtocol) -> Entry? {
        let hash = APIKey.hash(of: secret)
        guard let entry = byHash[hash], APIKey.constantTimeEqual(entry.hash, hash) else { return nil }
        return entry
    }
}

/// A new API key: 256 random bits, shown once; the store keeps only its SHA-256.
public struct APIKey: Sendable {
    /// A key's SHA-256, which is what is stored and looked up.
    public struct Hash: Hashable, Sendable {
        public let bytes: [UInt8]
        public init(bytes: [UInt8]) { self.bytes = bytes }
    }

    /// What the user sends: `st_` and 43 characters of base64url.
    public let secret: String
    /// Its public id (12 hexadecimal digits), to list and revoke it without the key.
    public let id: String
    public let hash: Hash

    /// A key from the system's random generator (`getrandom` on Linux).
    public static func generate() -> APIKey {
        var generator = SystemRandomNumberGenerator()
        let secretBytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let idBytes = (0..<6).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let secret = prefix + Data(secretBytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return APIKey(secret: secret, id: idBytes.map { String(format: "%02x", $0) }.joined(), hash: hash(of: secret))
    }

    private init(secret: String, id: String, hash: Hash) {
        self.secret = secret
        self.id = id
        self.hash = hash
    }

    static let prefix = "st_"

    /// The SHA-256 of what a request sent as its key.
    public static func hash(of secret: some StringProtocol) -> Hash {
        Hash(bytes: Array(SHA256.hash(data: Array(secret.utf8))))
    }

    /// Whether `text` has the shape of a key (so a mistyped one is told apart from a token).
    public static func looksLikeKey(_ text: some StringProtocol) -> Bool {
        text.hasPrefix(prefix) && text.utf8.count == prefix.utf8.count + 43
    }

    /// Compares two hashes without returning early, so timing tells nothing of either.
    public static func constantTimeEqual(_ lhs: Hash, _ rhs: Hash) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.bytes.indices { difference |= lhs.bytes[index] ^ rhs.bytes[index] }
        return difference == 0
    }
}

/// Users and their keys, in the store the server keeps its data in, so that every server
/// sharing it knows the same users.
public protocol UserStore: Sendable {
    /// Adds a user with a first key. The first user of a store is an admin whatever `isAdmin`
    /// says, and takes over the data kept until then without users (`Owner.solo`), in the same
    /// transaction. Throws `StoreError` with `userExists` when the name is taken.
    func addUser(name: String, isAdmin: Bool, key: APIKey) async throws -> User

    /// Every user, by name.
    func users() async throws -> [User]

    /// Removes a user, their keys and everything of theirs, in one transaction; whether they
    /// existed. Throws `lastAdmin` rather than remove the last admin: a server with users always
    /// has one.
    func removeUser(name: String) async throws -> Bool

    /// Adds a key to a user; `nil` when there is no such user.
    func addKey(_ key: APIKey, toUser name: String) async throws -> User?

    /// Revokes a key of a user; whether it was theirs.
    func revokeKey(id: String, ofUser name: String) async throws -> Bool

    /// The keys of one user, or of everyone with `nil`, without the keys themselves.
    func keys(ofUser name: String?) async throws -> [APIKeyInfo]

    /// Every key that opens the server, with its user: what the server keeps in memory.
    func activeKeys() async throws -> [ActiveKey]

    /// Records when keys were last used (written now and then, not on every request).
    func recordKeyUse(_ uses: [String: Date]) async throws

    /// A number that changes whenever users or keys change, read often and cheaply so that
    /// every server sharing the store sees a new or revoked key within a second.
    func accountsRevision() async throws -> Int64
}

/// A rule file of the team (the rule language's, docs/rules.md), kept in the store so that every
/// server sharing it runs the same, and every user's checks honour it.
public struct TeamRuleFile: Codable, Sendable, Equatable {
    /// `NAME.LANGUAGE.rules` or `NAME.LANGUAGE.phrases`, as in a rules directory.
    public var name: String
    public var text: String
    public var updatedAt: Date

    public init(name: String, text: String, updatedAt: Date) {
        self.name = name
        self.text = text
        self.updatedAt = updatedAt
    }
}

/// The team's rule files. A change moves `UserStore.accountsRevision`, so every server reads
/// them again within a second.
public protocol TeamRuleStore: Sendable {
    func teamRuleFiles() async throws -> [TeamRuleFile]
    /// Stores a file (whose text the caller has read without error); whether it is new.
    func putTeamRuleFile(name: String, text: String) async throws -> Bool
    /// Removes a file; whether it was there.
    func deleteTeamRuleFile(name: String) async throws -> Bool
}

extension StoreError {
    public static func userExists(_ name: String) -> StoreError {
        StoreError(code: .userExists, message: "A user named \(name) exists already.")
    }

    public static let lastAdmin = StoreError(
        code: .lastAdmin,
        message: "This is the last admin: make another user an admin (supertext users add NAME --admin) before removing it."
    )
}
