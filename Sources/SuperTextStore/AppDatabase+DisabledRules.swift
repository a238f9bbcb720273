import Foundation
import GRDB

/// A rule a person turned off: no check reports it unless its request names it.
public struct DisabledRule: Codable, Sendable, Equatable, Hashable {
    /// The rule's identifier (`EN_A_VS_AN`).
    public var id: String
    /// When it was turned off.
    public var disabledAt: Date

    public init(id: String, disabledAt: Date) {
        self.id = id
        self.disabledAt = disabledAt
    }
}

extension AppDatabase {
    /// The rules turned off, by identifier.
    public func disabledRules() async throws -> [DisabledRule] {
        try await reading { db in
            try Row.fetchAll(db, sql: "SELECT id, disabledAt FROM disabledRule ORDER BY id").map {
                DisabledRule(id: $0["id"], disabledAt: $0["disabledAt"])
            }
        }
    }

    /// Turns a rule off; whether it was on until now.
    @discardableResult
    public func disableRule(_ id: String) async throws -> Bool {
        let id = try DisabledRule.validated(id)
        return try await storing { db in
            try db.execute(sql: "INSERT OR IGNORE INTO disabledRule (id, disabledAt) VALUES (?, ?)", arguments: [id, Date()])
            return db.changesCount > 0
        }
    }

    /// Turns a rule back on; whether it was off.
    @discardableResult
    public func enableRule(_ id: String) async throws -> Bool {
        let id = id.uppercased()
        return try await freeing { db in
            try db.execute(sql: "DELETE FROM disabledRule WHERE id = ?", arguments: [id])
            return db.changesCount
        } > 0
    }
}
