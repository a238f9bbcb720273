import Foundation
import SuperTextStore
import GRDB

extension AppDatabase: UserStore {
    public func addUser(name: String, isAdmin: Bool, key: APIKey) async throws -> User {
        let name = try User.validatedName(name)
        return try await storing { db in
            guard try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE name = ?", arguments: [name]) == 0 else {
                throw StoreError.userExists(name)
            }
            let first = try Int.fetchOne(db, sql: "SELECT count(*) FROM user") == 0
            let now = Date()
            do {
                try db.execute(
                    sql: "INSERT INTO user (name, isAdmin, createdAt) VALUES (?, ?, ?)",
                    arguments: [name, isAdmin || first, now])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw StoreError.userExists(name)  // made by another process since the count
            }
            let user = User(id: db.lastInsertedRowID, name: name, isAdmin: isAdmin || first, createdAt: now)
            try Self.insert(key, for: user, at: now, db)
            if first {
                // What was kept without users becomes the first admin's.
                for table in ["\"check\"", "personalWord", "disabledRule"] {
                    try db.execute(sql: "UPDATE \(table) SET owner = ? WHERE owner = 0", arguments: [user.id])
                }
            }
            return user
        }
    }

    public func users() async throws -> [User] {
        try await reading { db in
            try Row.fetchAll(db, sql: "SELECT id, name, isAdmin, createdAt FROM user ORDER BY name").map(Self.user)
        }
    }

    public func removeUser(name: String) async throws -> Bool {
        try await freeing { db in
            guard let user = try Row.fetchOne(db, sql: "SELECT id, name, isAdmin, createdAt FROM user WHERE name = ?", arguments: [name])
                .map(Self.user)
            else { return 0 }
            if user.isAdmin, try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE isAdmin") == 1 {
                throw StoreError.lastAdmin
            }
            for table in ["\"check\"", "personalWord", "disabledRule"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE owner = ?", arguments: [user.id])
            }
            try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [user.id])
            try Self.accountsChanged(db)
            return 1
        } > 0
    }

    public func addKey(_ key: APIKey, toUser name: String) async throws -> User? {
        try await storing { db in
            guard let user = try Row.fetchOne(db, sql: "SELECT id, name, isAdmin, createdAt FROM user WHERE name = ?", arguments: [name])
                .map(Self.user)
            else { return nil }
            try Self.insert(key, for: user, at: Date(), db)
            return user
        }
    }

    public func revokeKey(id: String, ofUser name: String) async throws -> Bool {
        try await freeing { db in
            try db.execute(
                sql: "DELETE FROM apiKey WHERE id = ? AND userId = (SELECT id FROM user WHERE name = ?)", arguments: [id, name])
            let revoked = db.changesCount
            if revoked > 0 { try Self.accountsChanged(db) }
            return revoked
        } > 0
    }

    public func keys(ofUser name: String?) async throws -> [APIKeyInfo] {
        try await reading { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT k.id, u.name, k.createdAt, k.lastUsedAt FROM apiKey k JOIN user u ON u.id = k.userId
                    WHERE ? IS NULL OR u.name = ? ORDER BY u.name, k.createdAt, k.id
                    """,
                arguments: [name, name])
            return rows.map { APIKeyInfo(id: $0[0], user: $0[1], createdAt: $0[2], lastUsedAt: $0[3]) }
        }
    }

    public func activeKeys() async throws -> [ActiveKey] {
        try await reading { db in
            try Row.fetchAll(
                db,
                sql: "SELECT k.id AS keyId, k.hash, u.id, u.name, u.isAdmin, u.createdAt FROM apiKey k JOIN user u ON u.id = k.userId"
            ).map { row in
                let hash: Data = row["hash"]
                return ActiveKey(id: row["keyId"], hash: APIKey.Hash(bytes: Array(hash)), user: Self.user(row))
            }
        }
    }

    public func recordKeyUse(_ uses: [String: Date]) async throws {
        guard !uses.isEmpty else { return }
        _ = try await storing { db in
            for (id, date) in uses {
                try db.execute(
                    sql: "UPDATE apiKey SET lastUsedAt = ? WHERE id = ? AND (lastUsedAt IS NULL OR lastUsedAt < ?)",
                    arguments: [date, id, date])
            }
        }
    }

    public func accountsRevision() async throws -> Int64 {
        try await reading { db in try Int64.fetchOne(db, sql: "SELECT revision FROM accountsRevision") ?? 0 }
    }

    private static func insert(_ key: APIKey, for user: User, at date: Date, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO apiKey (id, userId, hash, createdAt) VALUES (?, ?, ?, ?)",
            arguments: [key.id, user.id, Data(key.hash.bytes), date])
        try accountsChanged(db)
    }

    /// Tells every reader of `accountsRevision` that users or keys changed.
    static func accountsChanged(_ db: Database) throws {
        try db.execute(sql: "UPDATE accountsRevision SET revision = revision + 1")
    }

    private static func user(_ row: Row) -> User {
        User(id: row["id"], name: row["name"], isAdmin: row["isAdmin"], createdAt: row["createdAt"])
    }
}

extension AppDatabase: TeamRuleStore {
    public func teamRuleFiles() async throws -> [TeamRuleFile] {
        try await reading { db in
            try Row.fetchAll(db, sql: "SELECT name, text, updatedAt FROM teamRuleFile ORDER BY name").map {
                TeamRuleFile(name: $0["name"], text: $0["text"], updatedAt: $0["updatedAt"])
            }
        }
    }

    public func putTeamRuleFile(name: String, text: String) async throws -> Bool {
        try await storing { db in
            let existed = try Int.fetchOne(db, sql: "SELECT count(*) FROM teamRuleFile WHERE name = ?", arguments: [name]) == 1
            try db.execute(
                sql: "INSERT OR REPLACE INTO teamRuleFile (name, text, updatedAt) VALUES (?, ?, ?)", arguments: [name, text, Date()])
            try Self.accountsChanged(db)
            return !existed
        }
    }

    public func deleteTeamRuleFile(name: String) async throws -> Bool {
        try await freeing { db in
            try db.execute(sql: "DELETE FROM teamRuleFile WHERE name = ?", arguments: [name])
            let deleted = db.changesCount
            if deleted > 0 { try Self.accountsChanged(db) }
            return deleted
        } > 0
    }
}
