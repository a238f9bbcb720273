import Foundation
import SuperTextStore
import GRDB

extension AppDatabase {
    /// The insights of `InsightsStore`, from the mistakes table.
    public func insights(limit: Int = 20, days: Int = 30, now: Date = Date(), owner: Owner = .solo) async throws -> Insights {
        let mine = Self.ownerCondition(owner, "c.owner")
        // Every stored check counts: the mistakes of checks waiting for the indexer are added
        // first. When they cannot be written, the insights count what is there, and say how
        // many checks are left out.
        var indexed = true
        do { try await historyIndexer.indexAll() } catch is StorageFault { indexed = false }
        return try await reading { [indexed] db in
            // Each mistake once per check (see `Insights`).
            let distinct = """
                SELECT DISTINCT m.checkId, m.word, m.correction, m.category, m.kind
                FROM mistake AS m JOIN "check" AS c ON c.id = m.checkId WHERE \(mine)
                """
            let spelling = try Row.fetchAll(
                db, sql: "SELECT word, correction, count(*) AS count FROM (\(distinct)) WHERE category = 'spelling' GROUP BY word, correction"
            ).map { row -> (word: String, correction: String?, count: Int) in (row["word"], row["correction"], row["count"]) }
            let categories = try Row.fetchAll(
                db, sql: "SELECT category, kind, count(*) AS count FROM (\(distinct)) GROUP BY category, kind"
            ).map { row -> (category: String, kind: String?, count: Int) in (row["category"] ?? "", row["kind"], row["count"]) }

            let since = now.addingTimeInterval(-Double(days) * 86_400)
            // Ids follow dates (see the migration "Drop the date index of checks"): the checks
            // of these days are those after the newest one before them, found walking back from
            // the newest check.
            let before = try Int64.fetchOne(
                db, sql: #"SELECT id FROM "check" c WHERE \#(mine) AND createdAt < ? ORDER BY id DESC LIMIT 1"#, arguments: [since]) ?? 0
            let checksPerDay = try Row.fetchAll(
                db,
                sql: #"SELECT date(createdAt) AS day, count(*) AS count FROM "check" c WHERE \#(mine) AND id > ? AND createdAt >= ? GROUP BY day"#,
                arguments: [before, since]
            )
            let mistakesPerDay = try Row.fetchAll(
                db,
                sql: """
                    SELECT day, count(*) AS count FROM (
                        SELECT DISTINCT date(c.createdAt) AS day, m.checkId, m.word, m.correction, m.category, m.kind
                        FROM "check" AS c JOIN mistake AS m ON m.checkId = c.id WHERE \(mine) AND c.id > ? AND c.createdAt >= ?)
                    GROUP BY day
                    """,
                arguments: [before, since]
            )
            var perDay: [String: (checks: Int, mistakes: Int)] = [:]
            for row in checksPerDay { perDay[row["day"], default: (0, 0)].checks = row["count"] }
            for row in mistakesPerDay { perDay[row["day"], default: (0, 0)].mistakes = row["count"] }

            return Insights.assemble(
                spelling: spelling, categories: categories, perDay: perDay,
                totalChecks: try Int.fetchOne(db, sql: #"SELECT count(*) FROM "check" c WHERE \#(mine)"#) ?? 0,
                limit: limit,
                unindexedChecks: indexed ? nil : try Int.fetchOne(
                    db, sql: #"SELECT count(*) FROM "check" c WHERE \#(mine) AND id > (SELECT lastCheckId FROM mistakeProgress)"#)
            )
        }
    }
}
