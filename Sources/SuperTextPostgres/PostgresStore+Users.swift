import Foundation
import Logging
import PostgresNIO
import SuperTextStore

extension PostgresStore: UserStore {
    public func addUser(name: String, isAdmin: Bool, key: APIKey) async throws -> User {
        let name = try User.validatedName(name)
        return try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                // One account change at a time on every server: two servers creating the first
                // user at once would both take the data kept without users.
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.lockSpace), \(Self.accountsLock))", logger: logger)
                var exists = false
                for try await _ in try await connection.query(#"SELECT 1 FROM "user" WHERE name = \#(name)"#, logger: logger) {
                    exists = true
                }
                guard !exists else { throw StoreError.userExists(name) }
                var first = true
                for try await _ in try await connection.query(#"SELECT 1 FROM "user" LIMIT 1"#, logger: logger) { first = false }
                let admin = isAdmin || first
                let now = Date()
                var id: Int64 = 0
                for try await value in try await connection.query(
                    #"INSERT INTO "user" (name, "isAdmin", "createdAt") VALUES (\#(name), \#(admin), \#(now)) RETURNING id"#,
                    logger: logger
                ).decode(Int64.self) {
                    id = value
                }
                let user = User(id: id, name: name, isAdmin: admin, createdAt: now)
                try await Self.insert(key, for: user, at: now, connection, logger)
                if first {
                    // What was kept without users becomes the first admin's.
                    try await connection.query(#"UPDATE "check" SET owner = \#(id) WHERE owner = 0"#, logger: logger)
                    try await connection.query(#"UPDATE "personalWord" SET owner = \#(id) WHERE owner = 0"#, logger: logger)
                    try await connection.query(#"UPDATE "disabledRule" SET owner = \#(id) WHERE owner = 0"#, logger: logger)
                    try await Self.notifyWordsChanged(connection, logger: logger)
                    try await Self.notifyRulesChanged(connection, logger: logger)
                }
                return user
            }
        }
    }

    public func users() async throws -> [User] {
        try await access(.read) { [client] in
            var users: [User] = []
            for try await (id, name, admin, date) in try await client.query(
                #"SELECT id, name, "isAdmin", "createdAt" FROM "user" ORDER BY name"#
            ).decode((Int64, String, Bool, Date).self) {
                users.append(User(id: id, name: name, isAdmin: admin, createdAt: date))
            }
            return users
        }
    }

    public func removeUser(name: String) async throws -> Bool {
        try await access(.free) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.lockSpace), \(Self.accountsLock))", logger: logger)
                var found: (id: Int64, admin: Bool)?
                for try await row in try await connection.query(
                    #"SELECT id, "isAdmin" FROM "user" WHERE name = \#(name)"#, logger: logger
                ).decode((Int64, Bool).self) {
                    found = row
                }
                guard let user = found else { return false }
                if user.admin {
                    var admins = 0
                    for try await count in try await connection.query(
                        #"SELECT count(*) FROM "user" WHERE "isAdmin""#, logger: logger
                    ).decode(Int.self) {
                        admins = count
                    }
                    if admins == 1 { throw StoreError.lastAdmin }
                }
                try await connection.query(#"DELETE FROM "check" WHERE owner = \#(user.id)"#, logger: logger)
                try await connection.query(#"DELETE FROM "personalWord" WHERE owner = \#(user.id)"#, logger: logger)
                try await connection.query(#"DELETE FROM "disabledRule" WHERE owner = \#(user.id)"#, logger: logger)
                try await connection.query(#"DELETE FROM "user" WHERE id = \#(user.id)"#, logger: logger)
                try await Self.accountsChanged(connection, logger)
                return true
            }
        }
    }

    public func addKey(_ key: APIKey, toUser name: String) async throws -> User? {
        try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var found: User?
                for try await (id, name, admin, date) in try await connection.query(
                    #"SELECT id, name, "isAdmin", "createdAt" FROM "user" WHERE name = \#(name)"#, logger: logger
                ).decode((Int64, String, Bool, Date).self) {
                    found = User(id: id, name: name, isAdmin: admin, createdAt: date)
                }
                guard let user = found else { return nil }
                try await Self.insert(key, for: user, at: Date(), connection, logger)
                return user
            }
        }
    }

    public func revokeKey(id: String, ofUser name: String) async throws -> Bool {
        try await access(.free) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var revoked = false
                for try await _ in try await connection.query(
                    #"""
                    DELETE FROM "apiKey" WHERE id = \#(id) AND "userId" = (SELECT id FROM "user" WHERE name = \#(name)) RETURNING id
                    """#, logger: logger)
                {
                    revoked = true
                }
                if revoked { try await Self.accountsChanged(connection, logger) }
                return revoked
            }
        }
    }

    public func keys(ofUser name: String?) async throws -> [APIKeyInfo] {
        try await access(.read) { [client] in
            var keys: [APIKeyInfo] = []
            for try await (id, user, created, used) in try await client.query(
                #"""
                SELECT k.id, u.name, k."createdAt", k."lastUsedAt" FROM "apiKey" k JOIN "user" u ON u.id = k."userId"
                WHERE \#(name)::text IS NULL OR u.name = \#(name) ORDER BY u.name, k."createdAt", k.id
                """#
            ).decode((String, String, Date, Date?).self) {
                keys.append(APIKeyInfo(id: id, user: user, createdAt: created, lastUsedAt: used))
            }
            return keys
        }
    }

    public func activeKeys() async throws -> [ActiveKey] {
        try await access(.read) { [client] in
            var keys: [ActiveKey] = []
            for try await (keyID, hash, id, name, admin, date) in try await client.query(
                #"""
                SELECT k.id, k.hash, u.id, u.name, u."isAdmin", u."createdAt" FROM "apiKey" k JOIN "user" u ON u.id = k."userId"
                """#
            ).decode((String, Data, Int64, String, Bool, Date).self) {
                keys.append(ActiveKey(
                    id: keyID, hash: APIKey.Hash(bytes: Array(hash)), user: User(id: id, name: name, isAdmin: admin, createdAt: date)))
            }
            return keys
        }
    }

    public func recordKeyUse(_ uses: [String: Date]) async throws {
        guard !uses.isEmpty else { return }
        let ids = Array(uses.keys), dates = ids.map { uses[$0]! }
        try await access(.store) { [client] in
            try await client.query(
                #"""
                UPDATE "apiKey" k SET "lastUsedAt" = u.used FROM unnest(\#(ids)::text[], \#(dates)::timestamptz[]) AS u(id, used)
                WHERE k.id = u.id AND (k."lastUsedAt" IS NULL OR k."lastUsedAt" < u.used)
                """#)
        }
    }

    public func accountsRevision() async throws -> Int64 {
        try await access(.read) { [client] in
            var revision: Int64 = 0
            for try await value in try await client.query(#"SELECT revision FROM "accountsRevision""#).decode(Int64.self) {
                revision = value
            }
            return revision
        }
    }

    private static func insert(_ key: APIKey, for user: User, at date: Date, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let hash = Data(key.hash.bytes)
        try await connection.query(
            #"INSERT INTO "apiKey" (id, "userId", hash, "createdAt") VALUES (\#(key.id), \#(user.id), \#(hash), \#(date))"#,
            logger: logger)
        try await accountsChanged(connection, logger)
    }

    /// Tells every server reading `accountsRevision` that users or keys changed.
    private static func accountsChanged(_ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.query(#"UPDATE "accountsRevision" SET revision = revision + 1"#, logger: logger)
    }
}

extension PostgresStore: TeamRuleStore {
    public func teamRuleFiles() async throws -> [TeamRuleFile] {
        try await access(.read) { [client] in
            var files: [TeamRuleFile] = []
            for try await (name, text, date) in try await client.query(
                #"SELECT name, text, "updatedAt" FROM "teamRuleFile" ORDER BY name"#
            ).decode((String, String, Date).self) {
                files.append(TeamRuleFile(name: name, text: text, updatedAt: date))
            }
            return files
        }
    }

    public func putTeamRuleFile(name: String, text: String) async throws -> Bool {
        try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var inserted = false
                for try await isNew in try await connection.query(
                    #"""
                    INSERT INTO "teamRuleFile" (name, text, "updatedAt") VALUES (\#(name), \#(text), now())
                    ON CONFLICT (name) DO UPDATE SET text = EXCLUDED.text, "updatedAt" = EXCLUDED."updatedAt"
                    RETURNING (xmax = 0)
                    """#, logger: logger
                ).decode(Bool.self) {
                    inserted = isNew
                }
                try await Self.accountsChanged(connection, logger)
                return inserted
            }
        }
    }

    public func deleteTeamRuleFile(name: String) async throws -> Bool {
        try await access(.free) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var deleted = false
                for try await _ in try await connection.query(
                    #"DELETE FROM "teamRuleFile" WHERE name = \#(name) RETURNING name"#, logger: logger
                ) {
                    deleted = true
                }
                if deleted { try await Self.accountsChanged(connection, logger) }
                return deleted
            }
        }
    }
}
