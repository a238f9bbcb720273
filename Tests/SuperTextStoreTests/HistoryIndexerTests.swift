import Foundation
import GRDB
import Testing
@testable import SuperTextCore
@testable import SuperTextStore
@testable import SuperTextSQLite

@Suite("Search index and mistakes")
struct HistoryIndexerTests {
    static func result(_ text: String) -> CheckResult {
        CheckResult(
            language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1),
            matches: [], correctedText: text,
            stats: CheckStats(characters: text.count, words: 3, matches: 0, milliseconds: 1)
        )
    }

    /// Never quiet long enough: only searches index.
    static let manual = HistoryIndexer.Policy(quietPeriod: .seconds(3_600), maxPending: 1_000_000)

    static func indexedCount(_ database: AppDatabase, matching word: String) async throws -> Int {
        try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM checkSearch WHERE checkSearch MATCH ?", arguments: [word]) ?? 0
        }
    }

    /// FTS5 checks its index, and when nothing is pending also compares it with every stored
    /// text; it fails on any difference.
    static func ftsIsConsistent(_ database: AppDatabase) async throws {
        let againstContent = database.historyIndexer.pendingCount == 0 ? 1 : 0
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO checkSearch(checkSearch, rank) VALUES ('integrity-check', ?)", arguments: [againstContent])
        }
    }

    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<1_000 where try await !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await condition())
    }

    @Test func aSearchSeesAChecksSavedAMomentAgo() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        let id = try await database.saveCheck(Self.result("The zeppelin landed"), text: "The zeppelin landed")
        #expect(database.historyIndexer.pendingCount == 1)
        #expect(try await Self.indexedCount(database, matching: "zeppelin") == 0)
        let page = try await database.history(query: "zeppelin")
        #expect(page.items.map(\.id) == [id])
        #expect(database.historyIndexer.pendingCount == 0)
        #expect(try await Self.indexedCount(database, matching: "zeppelin") == 1)
        try await Self.ftsIsConsistent(database)
    }

    /// The mistakes a save used to write itself, row by row: one per match, at its position.
    static func mistakeRows(_ database: AppDatabase) async throws -> [String] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT checkId, position, word, correction, category, kind FROM mistake ORDER BY checkId, position")
                .map { row in
                    let correction: String? = row["correction"]
                    return "\(row["checkId"] as Int64) \(row["position"] as Int) \(row["word"] as String) "
                        + "\(correction ?? "NULL") \(row["category"] as String) \(row["kind"] as String)"
                }
        }
    }

    @Test func insightsCountTheMistakesOfAChecksSavedAMomentAgo() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        // Words JSON escapes (quotes, a slash, a backslash), letters beyond ASCII, a match with no
        // suggestion, and kinds and categories of every sort.
        let matches: [(text: String, suggestions: [String], category: MatchCategory, kind: ExplanationKind)] = [
            ("naïve\"/\\x", ["naïve"], .spelling, .accent),
            ("Zyzzq", [], .spelling, .unknownWord),
            ("a apple", ["an apple", "apple"], .grammar, .grammar),
            ("teh", ["the"], .spelling, .transposition),
        ]
        let text = matches.map(\.text).joined(separator: " ")
        var offset = 0
        let result = CheckResult(
            language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1),
            matches: matches.map { match in
                defer { offset += match.text.utf16.count + 1 }
                return Match(
                    offset: offset, length: match.text.utf16.count, text: match.text, category: match.category, rule: "R",
                    message: "m", shortMessage: "s", suggestions: match.suggestions,
                    explanation: Explanation(kind: match.kind, title: "t", detail: "d"))
            },
            correctedText: text, stats: CheckStats(characters: text.count, words: 6, matches: matches.count, milliseconds: 1)
        )
        let id = try await database.saveCheck(result, text: text)
        #expect(database.historyIndexer.pendingCount == 1)
        #expect(try await Self.mistakeRows(database).isEmpty)
        let insights = try await database.insights()
        #expect(insights.totalMistakes == 4)
        #expect(insights.kinds.map(\.kind).sorted() == ["accent", "transposition", "unknownWord"])
        #expect(insights.categories.map(\.category).sorted() == ["grammar", "spelling"])
        #expect(database.historyIndexer.pendingCount == 0)
        #expect(try await Self.mistakeRows(database) == [
            "\(id) 0 naïve\"/\\x naïve spelling accent",
            "\(id) 1 Zyzzq NULL spelling unknownWord",
            "\(id) 2 a apple an apple grammar grammar",
            "\(id) 3 teh the spelling transposition",
        ])
        // Deleting the check deletes its mistakes.
        #expect(try await database.deleteCheck(id: id))
        #expect(try await Self.mistakeRows(database).isEmpty)
    }

    /// A check an earlier release saved, with its mistakes, and left waiting for the search
    /// index keeps one row a mistake once indexed.
    @Test func mistakesSavedByAnEarlierReleaseAreNotAddedTwice() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        let id = try await database.saveCheck(
            AppDatabaseTests().result("teh cat", mistakes: [("teh", "the", .transposition)]), text: "teh cat")
        try await database.writer.write { db in
            try db.execute(
                sql: "INSERT INTO mistake (checkId, position, word, correction, category, kind) VALUES (?, 0, 'teh', 'the', 'spelling', 'transposition')",
                arguments: [id])
        }
        try await database.indexPendingChecks()
        #expect(try await Self.mistakeRows(database) == ["\(id) 0 teh the spelling transposition"])
    }

    /// Mistakes go in transactions of a bounded size: a check's mistakes all in one, the first
    /// check whatever its number, the next ones while the mistakes before them are under the
    /// bound; the texts follow in one transaction.
    @Test func mistakesAreAddedAFewThousandATransaction() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        let teh = ("teh", "the", ExplanationKind.transposition)
        var ids: [Int64] = []
        for count in [9, 3, 3, 0, 3, 3] {
            ids.append(try await database.saveCheck(
                AppDatabaseTests().result("text", mistakes: Array(repeating: teh, count: count)), text: "text"))
        }
        let rounds = try await database.writer.write { db in
            var rounds: [Int] = []
            while true {
                let added = try HistoryIndexer.addMistakes(checks: 100, mistakes: 7, db)
                if added == 0 { break }
                rounds.append(added)
            }
            return rounds
        }
        // 9 alone (the first goes whatever its number); then 3, 3, 0 and 3 (6 mistakes before
        // the fourth: under 7, it goes too); the last 3.
        #expect(rounds == [1, 4, 1])
        let perCheck = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT checkId, count(*) AS count FROM mistake GROUP BY checkId ORDER BY checkId")
                .map { "\($0["checkId"] as Int64):\($0["count"] as Int)" }
        }
        #expect(perCheck == ["\(ids[0]):9", "\(ids[1]):3", "\(ids[2]):3", "\(ids[4]):3", "\(ids[5]):3"])
        // The texts were not indexed by that: the next batch does it, and adds no mistake twice.
        #expect(try await Self.indexedCount(database, matching: "text") == 0)
        #expect(try await database.historyIndexer.indexBatch() == 6)
        #expect(try await Self.indexedCount(database, matching: "text") == 6)
        #expect(try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM mistake") } == 21)
        // Insights count the same mistake once a check.
        #expect(try await database.insights().totalMistakes == 5)
    }

    /// A check whose mistakes are not in their table yet does not enter the search index either:
    /// once a batch has counted it, nothing of it is left to do.
    @Test func textsFollowTheirMistakes() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        let teh = ("teh", "the", ExplanationKind.transposition)
        let first = try await database.saveCheck(AppDatabaseTests().result("teh one", mistakes: [teh]), text: "teh one")
        _ = try await database.writer.write { db in try HistoryIndexer.addMistakes(checks: 100, mistakes: 100, db) }
        // Saved after the mistakes were added: not indexed by the texts' transaction.
        let second = try await database.saveCheck(AppDatabaseTests().result("teh two", mistakes: [teh]), text: "teh two")
        #expect(try await database.writer.write { db in try HistoryIndexer.indexTexts(limit: 100, db) } == 1)
        #expect(try await Self.indexedCount(database, matching: "teh") == 1)
        #expect(try await database.history(query: "teh").items.map(\.id) == [second, first])
        #expect(try await database.insights().totalMistakes == 2)
    }

    @Test func deletingChecksBeforeAndAfterIndexingKeepsTheIndexExact() async throws {
        let database = try AppDatabase.inMemory(indexing: Self.manual)
        let indexed = try await database.saveCheck(Self.result("Indexed walrus"), text: "Indexed walrus")
        _ = try await database.history(query: "walrus")
        let pending = try await database.saveCheck(Self.result("Pending walrus"), text: "Pending walrus")
        let kept = try await database.saveCheck(Self.result("Kept walrus"), text: "Kept walrus")
        #expect(try await database.deleteCheck(id: indexed))
        #expect(try await database.deleteCheck(id: pending))
        try await Self.ftsIsConsistent(database)
        #expect(try await database.history(query: "walrus").items.map(\.id) == [kept])
        try await Self.ftsIsConsistent(database)
        #expect(try await database.deleteAllChecks() == 1)
        #expect(try await database.history(query: "walrus").items.isEmpty)
        try await Self.ftsIsConsistent(database)
    }

    @Test func theIndexCatchesUpOnItsOwnWhenSavingStops() async throws {
        let database = try AppDatabase.inMemory(indexing: .init(quietPeriod: .milliseconds(20), batchSize: 3))
        for index in 0..<10 {
            _ = try await database.saveCheck(Self.result("Quiet platypus \(index)"), text: "Quiet platypus \(index)")
        }
        try await Self.waitUntil { database.historyIndexer.pendingCount == 0 }
        #expect(try await Self.indexedCount(database, matching: "platypus") == 10)
        try await Self.ftsIsConsistent(database)
    }

    @Test func tooManyPendingChecksAreIndexedWithoutWaitingForQuiet() async throws {
        let database = try AppDatabase.inMemory(indexing: .init(quietPeriod: .seconds(3_600), maxPending: 5, batchSize: 2))
        for index in 0..<5 {
            _ = try await database.saveCheck(Self.result("Busy narwhal \(index)"), text: "Busy narwhal \(index)")
        }
        // The fifth save reaches the limit: a batch is indexed without a quiet moment.
        try await Self.waitUntil { database.historyIndexer.pendingCount < 5 }
        #expect(database.historyIndexer.pendingCount == 3)
        #expect(try await Self.indexedCount(database, matching: "narwhal") == 2)
        try await Self.ftsIsConsistent(database)
    }

    @Test func checksLeftPendingAreIndexedAfterTheNextStart() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-index-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try AppDatabase.open(path: path, indexing: Self.manual)
        for index in 0..<3 {
            _ = try await first.saveCheck(Self.result("Restart axolotl \(index)"), text: "Restart axolotl \(index)")
        }
        #expect(first.historyIndexer.pendingCount == 3)
        let second = try AppDatabase.open(path: path, indexing: .init(quietPeriod: .milliseconds(10)))
        try await Self.waitUntil { second.historyIndexer.pendingCount == 0 }
        #expect(try await Self.indexedCount(second, matching: "axolotl") == 3)
        try await Self.ftsIsConsistent(second)
    }

    @Test func timestampsAreWrittenAsGRDBWritesDates() throws {
        var generator = SystemRandomNumberGenerator()
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: -86_400.5),
            Date(timeIntervalSince1970: 951_782_400), Date(timeIntervalSince1970: 1_795_000_000.999),
            Date(timeIntervalSince1970: 4_102_444_799.9995),
        ]
        for _ in 0..<20_000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2e9...4e9, using: &generator))) }
        for date in dates {
            let grdb = String.fromDatabaseValue(date.databaseValue)
            #expect(DatabaseTimestamp.string(from: date) == grdb, "\(date.timeIntervalSince1970)")
        }
    }
}

@Suite("Search index migration")
struct SearchIndexMigrationTests {
    /// A database as the previous version left it (each check flagged `searchIndexed`), with
    /// indexed and pending checks, is brought up to date: every check is found, and deleting
    /// indexed and pending checks keeps the index exact.
    @Test func checksFlaggedByThePreviousVersionAreAllFoundAfterTheMigration() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "Index checked texts for search after saving")
        try await queue.write { db in
            for (index, indexed) in [true, false, true, false, false].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO "check" (createdAt, languageCode, languageName, languageDetected, languageConfidence,
                            text, correctedText, matches, matchCount, characters, words, milliseconds, searchIndexed)
                        VALUES ('2026-01-01 00:00:00.000', 'en-US', 'English', 0, 1, ?, '', '[]', 0, 10, 2, 1, ?)
                        """,
                    arguments: ["Narwhal number\(index)", indexed]
                )
                if indexed {
                    try db.execute(
                        sql: "INSERT INTO checkSearch(rowid, text) VALUES (?, ?)",
                        arguments: [db.lastInsertedRowID, "Narwhal number\(index)"])
                }
            }
        }
        let database = try AppDatabase(queue, indexing: HistoryIndexerTests.manual)
        #expect(database.historyIndexer.pendingCount == 0)
        #expect(try await database.history(query: "narwhal").items.count == 5)
        try await HistoryIndexerTests.ftsIsConsistent(database)
        // A check saved after the migration is pending until a search, then found.
        let later = try await database.saveCheck(HistoryIndexerTests.result("Narwhal later"), text: "Narwhal later")
        #expect(database.historyIndexer.pendingCount == 1)
        #expect(try await database.history(query: "narwhal").items.first?.id == later)
        #expect(try await database.deleteCheck(id: 1))
        #expect(try await database.deleteCheck(id: later))
        #expect(try await database.history(query: "narwhal").items.count == 4)
        try await HistoryIndexerTests.ftsIsConsistent(database)
    }
}
