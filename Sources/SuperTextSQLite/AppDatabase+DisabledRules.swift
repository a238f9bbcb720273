import Foundation
import SuperTextStore
import GRDB

extension AppDatabase {
    /// The rules `owner` turned off, by identifier.
    public func disabledRules(owner: Owner = .solo) async throws -> [DisabledRule] {
        try await reading { db in
            try Row.fetchAll(db, sql: "SELECT id, disabledAt FROM disabledRule WHERE owner = ? ORDER BY id", arguments: [owner.id]).map {
                DisabledRule(id: $0["id"], disabledAt: $0["disabledAt"])
            }
        }
    }

    /// Every owner's rules turned off, for the rules in memory.
    public func everyonesDisabledRules() async throws -> [Owner: Set<String>] {
        try await reading { db in
            var byOwner: [Owner: Set<String>] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT owner, id FROM disabledRule") {
                byOwner[Owner(id: row["owner"]), default: []].insert(row["id"])
            }
            return byOwner
        }
    }

    /// Turns a rule off; whether it was on until now.
    @discardableResult
    public func disableRule(_ id: String, owner: Owner = .solo) async throws -> Bool {
        let id = try DisabledRule.validated(id)
        return try await storing { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO disabledRule (owner, id, disabledAt) VALUES (?, ?, ?)", arguments: [owner.id, id, Date()])
            return db.changesCount > 0
        }
    }

    /// Turns a rule back on; whether it was off.
    @discardableResult
    public func enableRule(_ id: String, owner: Owner = .solo) async throws -> Bool {
        let id = id.uppercased()
        return try await freeing { db in
            try db.execute(sql: "DELETE FROM disabledRule WHERE owner = ? AND id = ?", arguments: [owner.id, id])
            return db.changesCount
        } > 0
    }
}
