import Foundation
import GRDB

/// What a person can learn from their mistakes.
public struct Insights: Codable, Sendable, Equatable {
    /// A word often written wrong, and how it is usually corrected.
    public struct FrequentMistake: Codable, Sendable, Equatable {
        public var word: String
        public var correction: String?
        public var count: Int
    }

    /// How often a kind of explanation comes up.
    public struct KindShare: Codable, Sendable, Equatable {
        public var kind: String
        public var count: Int
        public var share: Double
    }

    /// Checks and mistakes on one day (UTC).
    public struct Day: Codable, Sendable, Equatable {
        public var date: String
        public var checks: Int
        public var mistakes: Int
    }

    public var frequentMistakes: [FrequentMistake]
    public var kinds: [KindShare]
    public var days: [Day]
    public var totalChecks: Int
    public var totalMistakes: Int
    /// Stored checks whose mistakes are not counted: their mistakes could not be written (a full
    /// disk, a read-only file). Absent when every check is counted.
    public var unindexedChecks: Int?
}

extension AppDatabase {
    /// The most frequent mistakes, the share of each kind, and checks and mistakes per day over
    /// the last `days` days.
    public func insights(limit: Int = 20, days: Int = 30, now: Date = Date()) async throws -> Insights {
        // Every stored check counts: the mistakes of checks waiting for the indexer are added
        // first. When they cannot be written, the insights count what is there, and say how
        // many checks are left out.
        var indexed = true
        do { try await historyIndexer.indexAll() } catch is StorageFault { indexed = false }
        return try await reading { [indexed] db in
            // Counts by word (case folded) and correction; the usual correction is the most frequent.
            let rows = try Row.fetchAll(db, sql: """
                SELECT lower(word) AS word, correction, count(*) AS count
                FROM mistake WHERE category = 'spelling'
                GROUP BY lower(word), correction
                """)
            var byWord: [String: (total: Int, best: String?, bestCount: Int)] = [:]
            for row in rows {
                let word: String = row["word"]
                let correction: String? = row["correction"]
                let count: Int = row["count"]
                var entry = byWord[word] ?? (0, nil, 0)
                entry.total += count
                if count > entry.bestCount || (count == entry.bestCount && (correction ?? "") < (entry.best ?? "")) {
                    entry.best = correction
                    entry.bestCount = count
                }
                byWord[word] = entry
            }
            let frequent = byWord.sorted { ($1.value.total, $0.key) < ($0.value.total, $1.key) }
                .prefix(limit)
                .map { Insights.FrequentMistake(word: $0.key, correction: $0.value.best, count: $0.value.total) }

            let totalMistakes = try Int.fetchOne(db, sql: "SELECT count(*) FROM mistake") ?? 0
            let kinds = try Row.fetchAll(db, sql: "SELECT kind, count(*) AS count FROM mistake GROUP BY kind ORDER BY count DESC, kind")
                .map { row -> Insights.KindShare in
                    let count: Int = row["count"]
                    return Insights.KindShare(
                        kind: row["kind"], count: count,
                        share: totalMistakes == 0 ? 0 : (Double(count) / Double(totalMistakes) * 1000).rounded() / 1000
                    )
                }

            let since = now.addingTimeInterval(-Double(days) * 86_400)
            // Ids follow dates (see the migration "Drop the date index of checks"): the checks
            // of these days are those after the newest one before them, found walking back from
            // the newest check.
            let before = try Int64.fetchOne(
                db, sql: #"SELECT id FROM "check" WHERE createdAt < ? ORDER BY id DESC LIMIT 1"#, arguments: [since]) ?? 0
            let checksPerDay = try Row.fetchAll(
                db,
                sql: #"SELECT date(createdAt) AS day, count(*) AS count FROM "check" WHERE id > ? AND createdAt >= ? GROUP BY day"#,
                arguments: [before, since]
            )
            let mistakesPerDay = try Row.fetchAll(
                db,
                sql: """
                    SELECT date("check".createdAt) AS day, count(*) AS count
                    FROM "check" JOIN mistake ON mistake.checkId = "check".id
                    WHERE "check".id > ? AND "check".createdAt >= ? GROUP BY day
                    """,
                arguments: [before, since]
            )
            var perDay: [String: (checks: Int, mistakes: Int)] = [:]
            for row in checksPerDay { perDay[row["day"], default: (0, 0)].checks = row["count"] }
            for row in mistakesPerDay { perDay[row["day"], default: (0, 0)].mistakes = row["count"] }
            let dayList = perDay.keys.sorted().map { Insights.Day(date: $0, checks: perDay[$0]!.checks, mistakes: perDay[$0]!.mistakes) }

            return Insights(
                frequentMistakes: frequent, kinds: kinds, days: dayList,
                totalChecks: try StoredCheck.fetchCount(db), totalMistakes: totalMistakes,
                unindexedChecks: indexed ? nil : try Int.fetchOne(
                    db, sql: #"SELECT count(*) FROM "check" WHERE id > (SELECT lastCheckId FROM mistakeProgress)"#)
            )
        }
    }
}
