import Foundation
import PostgresNIO
import SuperTextStore

extension PostgresStore {
    public func disabledRules(owner: Owner) async throws -> [DisabledRule] {
        try await access(.read) { [client] in
            var rules: [DisabledRule] = []
            let rows = try await client.query(#"SELECT id, "disabledAt" FROM "disabledRule" WHERE owner = \#(owner.id) ORDER BY id"#)
            for try await (id, date) in rows.decode((String, Date).self) {
                rules.append(DisabledRule(id: id, disabledAt: date))
            }
            return rules
        }
    }

    public func everyonesDisabledRules() async throws -> [Owner: Set<String>] {
        try await access(.read) { [client] in
            var byOwner: [Owner: Set<String>] = [:]
            for try await (owner, id) in try await client.query(#"SELECT owner, id FROM "disabledRule""#).decode((Int64, String).self) {
                byOwner[Owner(id: owner), default: []].insert(id)
            }
            return byOwner
        }
    }

    @discardableResult
    public func disableRule(_ id: String, owner: Owner) async throws -> Bool {
        let id = try DisabledRule.validated(id)
        return try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var added = 0
                let rows = try await connection.query(
                    #"""
                    INSERT INTO "disabledRule" (owner, id, "disabledAt") VALUES (\#(owner.id), \#(id), now())
                    ON CONFLICT (owner, id) DO NOTHING RETURNING id
                    """#,
                    logger: logger)
                for try await _ in rows { added += 1 }
                if added > 0 { try await Self.notifyRulesChanged(connection, logger: logger) }
                return added > 0
            }
        }
    }

    @discardableResult
    public func enableRule(_ id: String, owner: Owner) async throws -> Bool {
        let id = id.uppercased()
        return try await access(.free) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var removed = 0
                let rows = try await connection.query(
                    #"DELETE FROM "disabledRule" WHERE owner = \#(owner.id) AND id = \#(id) RETURNING id"#, logger: logger)
                for try await _ in rows { removed += 1 }
                if removed > 0 { try await Self.notifyRulesChanged(connection, logger: logger) }
                return removed > 0
            }
        }
    }
}
