import Foundation
import GRDB
import Testing
@testable import SuperTextCore
@testable import SuperTextStore
@testable import SuperTextSQLite

@Suite("Database")
struct AppDatabaseTests {
    func result(_ text: String, language: String = "en-US", mistakes: [(String, String, ExplanationKind)] = []) -> CheckResult {
        CheckResult(
            language: LanguageReport(code: language, name: language, detected: true, confidence: 0.9),
            matches: mistakes.enumerated().map { index, mistake in
                Match(
                    offset: index * 10, length: mistake.0.utf16.count, text: mistake.0, category: .spelling, rule: "SPELLING",
                    message: "m", shortMessage: "s", suggestions: [mistake.1],
                    explanation: Explanation(kind: mistake.2, title: "t", detail: "d")
                )
            },
            correctedText: text, stats: CheckStats(characters: text.count, words: 3, matches: mistakes.count, milliseconds: 1)
        )
    }

    @Test func storesAndReadsBackACheck() async throws {
        let database = try AppDatabase.inMemory()
        let stored = result("I recieve teh letter.", mistakes: [("recieve", "receive", .transposition), ("teh", "the", .transposition)])
        let id = try await database.saveCheck(stored, text: "I recieve teh letter.")
        let detail = try #require(try await database.check(id: id))
        #expect(detail.text == "I recieve teh letter.")
        #expect(detail.result.id == id)
        #expect(detail.result.matches == stored.matches)
        #expect(detail.result.language == stored.language)
        #expect(try await database.check(id: id + 100) == nil)
    }

    @Test func aCleanCheckKeepsOneCopyOfItsTextAndReadsBackWhole() async throws {
        let database = try AppDatabase.inMemory()
        let clean = try await database.saveCheck(result("All is well here."), text: "All is well here.")
        var corrected = result("I recieve it.", mistakes: [("recieve", "receive", .transposition)])
        corrected.correctedText = "I receive it."
        let fixed = try await database.saveCheck(corrected, text: "I recieve it.")
        let stored = try await database.writer.read { db in
            try [Int64: String](uniqueKeysWithValues: Row.fetchAll(db, sql: #"SELECT id, correctedText FROM "check""#).map { ($0["id"], $0["correctedText"]) })
        }
        #expect(stored == [clean: "", fixed: "I receive it."])
        #expect(try await database.check(id: clean)?.result.correctedText == "All is well here.")
        #expect(try await database.check(id: fixed)?.result.correctedText == "I receive it.")
    }

    @Test func historyIsNewestFirstAndPaged() async throws {
        let database = try AppDatabase.inMemory()
        for index in 1...25 { _ = try await database.saveCheck(result("Text number \(index)"), text: "Text number \(index)") }
        let first = try await database.history(limit: 10)
        #expect(first.items.map(\.excerpt).first == "Text number 25")
        #expect(first.items.count == 10)
        let second = try await database.history(limit: 10, before: first.next)
        #expect(second.items.first?.excerpt == "Text number 15")
        let last = try await database.history(limit: 10, before: second.next)
        #expect(last.items.count == 5)
        #expect(last.next == nil)
    }

    @Test func fullTextSearchFindsWordsAndPrefixesIgnoringAccents() async throws {
        let database = try AppDatabase.inMemory()
        _ = try await database.saveCheck(result("The elephant walked home"), text: "The elephant walked home")
        _ = try await database.saveCheck(result("Le café est fermé", language: "fr"), text: "Le café est fermé")
        _ = try await database.saveCheck(result("Nothing to see"), text: "Nothing to see")
        #expect(try await database.history(query: "elephant").items.map(\.excerpt) == ["The elephant walked home"])
        #expect(try await database.history(query: "eleph").items.count == 1)
        #expect(try await database.history(query: "cafe").items.map(\.language) == ["fr"])
        #expect(try await database.history(query: "walked elephant").items.count == 1)
        #expect(try await database.history(query: "walked zebra").items.isEmpty)
        #expect(try await database.history(query: "\"*) OR (").items.isEmpty)  // FTS syntax is harmless
        #expect(try await database.history(language: "fr").items.count == 1)
    }

    @Test func aSearchShowsThePartOfTheTextThatMatchedWithTheWordsFoundHighlighted() async throws {
        let database = try AppDatabase.inMemory()
        let filler = String(repeating: "Some words that have nothing to do with it. ", count: 20)
        let text = "The beginning of a long text.\n\n" + filler + "At last the café\nopens its doors to the elephant."
        _ = try await database.saveCheck(result(text), text: text)
        // Without a search: the beginning, nothing highlighted.
        let listed = try #require(try await database.history().items.first)
        #expect(listed.excerpt.hasPrefix("The beginning of a long text. Some words"))
        #expect(listed.highlights.isEmpty)
        // With one: the part around the words found, on one line, each word found highlighted
        // (UTF-16 offsets; accents ignored by the search, not in the excerpt).
        let found = try #require(try await database.history(query: "cafe eleph").items.first)
        #expect(found.excerpt.hasPrefix("…"))
        #expect(found.excerpt.hasSuffix("At last the café opens its doors to the elephant."))
        let utf16 = Array(found.excerpt.utf16)
        let words = found.highlights.map { String(decoding: utf16[$0.offset..<($0.offset + $0.length)], as: UTF16.self) }
        #expect(words == ["café", "elephant"])
    }

    @Test func aSnippetsMarkersBecomeHighlightsAndItsLineBreaksOneSpace() {
        let (excerpt, highlights) = HistoryExcerpt.highlighted(snippet: "…a 😀 \u{2}word\u{3}\r\n\n\u{2}next\u{3} one")
        #expect(excerpt == "…a 😀 word next one")
        #expect(highlights == [TextRange(offset: 6, length: 4), TextRange(offset: 11, length: 4)])
    }

    @Test func theHistoryOfOneLanguageIsPagedNewestFirstWithoutAnIndexOnTheLanguage() async throws {
        let database = try AppDatabase.inMemory()
        var french: [Int64] = []
        for index in 0..<7 {
            let language = index.isMultiple(of: 3) ? "fr" : "en-US"
            let id = try await database.saveCheck(result("Text \(index)", language: language), text: "Text \(index)")
            if language == "fr" { french.append(id) }
        }
        let first = try await database.history(limit: 2, language: "fr")
        #expect(first.items.map(\.id) == [french[2], french[1]])
        #expect(first.items.allSatisfy { $0.language == "fr" })
        let second = try await database.history(limit: 2, before: first.next, language: "fr")
        #expect(second.items.map(\.id) == [french[0]])
        #expect(second.next == nil)
        // The index saves no longer write; the list walks the checks by id, with no sort.
        let index = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT name FROM sqlite_master WHERE name = 'check_on_languageCode'")
        }
        #expect(index == nil)
        let plan: [String] = try await database.writer.read { db in
            try Row.fetchAll(db, sql: #"EXPLAIN QUERY PLAN SELECT id FROM "check" WHERE languageCode = 'fr' AND id < 100 ORDER BY id DESC LIMIT 2"#)
                .map { $0["detail"] }
        }
        #expect(plan.contains { $0.contains("rowid<?") })
        #expect(!plan.contains { $0.contains("TEMP B-TREE") })
    }

    @Test func deletesOneOrAllChecksAndTheirMistakes() async throws {
        let database = try AppDatabase.inMemory()
        let id = try await database.saveCheck(result("a", mistakes: [("teh", "the", .transposition)]), text: "a teh")
        _ = try await database.saveCheck(result("b"), text: "b")
        #expect(try await database.deleteCheck(id: id))
        #expect(try await !database.deleteCheck(id: id))
        #expect(try await database.insights().totalMistakes == 0)
        #expect(try await database.history(query: "teh").items.isEmpty)
        #expect(try await database.deleteAllChecks() == 1)
        #expect(try await database.checkCount() == 0)
    }

    /// Mistakes stored by the version before (a table with its own ids and dates, and an index on
    /// their check) move to the table keyed by check and position, in their order, and count,
    /// join and cascade as before.
    @Test func mistakesOfThePreviousVersionMoveToTheTableKeyedByCheck() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "Drop the language index of checks")
        try await queue.write { db in
            for (text, words) in [("a", ["teh", "recieve"]), ("b", []), ("c", ["untill", "teh", "adress"])] {
                try db.execute(
                    sql: """
                        INSERT INTO "check" (createdAt, languageCode, languageName, languageDetected, languageConfidence,
                            text, correctedText, matches, matchCount, characters, words, milliseconds)
                        VALUES ('2026-01-01 00:00:00.000', 'en-US', 'English', 0, 1, ?, '', '[]', ?, 10, 2, 1)
                        """,
                    arguments: [text, words.count])
                let checkId = db.lastInsertedRowID
                for word in words {
                    try db.execute(
                        sql: """
                            INSERT INTO mistake (checkId, createdAt, word, correction, category, kind)
                            VALUES (?, '2026-01-01 00:00:00.000', ?, ?, 'spelling', 'transposition')
                            """,
                        arguments: [checkId, word, word + "!"])
                }
            }
        }
        // A fourth check, deleted before the migration: its id is not given again.
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO "check" (createdAt, languageCode, languageName, languageDetected, languageConfidence,
                    text, correctedText, matches, matchCount, characters, words, milliseconds)
                VALUES ('2026-01-01 00:00:00.000', 'en-US', 'English', 0, 1, 'd', '', '[]', 0, 1, 1, 1)
                """)
            try db.execute(sql: #"DELETE FROM "check" WHERE id = 4"#)
        }
        let database = try AppDatabase(queue, indexing: HistoryIndexerTests.manual)
        let rows = try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT checkId, position, word, correction FROM mistake ORDER BY checkId, position")
                .map { "\($0["checkId"] as Int64) \($0["position"] as Int) \($0["word"] as String) \($0["correction"] as String)" }
        }
        #expect(rows == ["1 0 teh teh!", "1 1 recieve recieve!", "3 0 untill untill!", "3 1 teh teh!", "3 2 adress adress!"])
        let columns = try await queue.read { db in try db.columns(in: "mistake").map(\.name) }
        #expect(columns == ["checkId", "position", "word", "correction", "category", "kind"])
        #expect(try await database.insights().totalMistakes == 5)
        #expect(try await database.deleteCheck(id: 3))
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM mistake") } == 2)
        // New mistakes go in after the moved ones, numbered from 0 in their check.
        let id = try await database.saveCheck(result("d", mistakes: [("teh", "the", .transposition), ("wierd", "weird", .transposition)]), text: "d")
        try await database.indexPendingChecks()
        let added = try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT position, word FROM mistake WHERE checkId = ? ORDER BY position", arguments: [id])
                .map { "\($0["position"] as Int) \($0["word"] as String)" }
        }
        #expect(added == ["0 teh", "1 wierd"])
        #expect(id == 5)
        #expect(try await database.history().items.map(\.excerpt) == ["d", "b", "a"])
        try await queue.read { db in try db.checkForeignKeys() }
    }

    /// A database of the release before the mistakes moved to the indexer: the checks in the
    /// search index have their mistakes; those after it are read again, and a mistake written
    /// when its check was saved is not added twice.
    @Test func mistakesOfChecksWaitingForTheSearchIndexAreAddedOnce() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "Merge the search index in larger steps")
        let matches = #"[{"category":"spelling","explanation":{"detail":"d","kind":"transposition","title":"t"},"length":3,"#
            + #""message":"m","offset":0,"rule":"SPELLING","shortMessage":"s","suggestions":["the"],"text":"teh"}]"#
        try await queue.write { db in
            for id in 1...3 {
                try db.execute(
                    sql: """
                        INSERT INTO "check" (id, createdAt, languageCode, languageName, languageDetected, languageConfidence,
                            text, correctedText, matches, matchCount, characters, words, milliseconds)
                        VALUES (?, '2026-01-01 00:00:00.000', 'en-US', 'English', 0, 1, 'teh', 'the', ?, 1, 3, 1, 1)
                        """,
                    arguments: [id, matches])
            }
            // Check 1 is in the search index; 1 and 2 got their mistake when saved.
            try db.execute(sql: "INSERT INTO checkSearch(rowid, text) VALUES (1, 'teh')")
            try db.execute(sql: "UPDATE searchProgress SET lastIndexedId = 1")
            try db.execute(sql: """
                INSERT INTO mistake (checkId, position, word, correction, category, kind)
                VALUES (1, 0, 'teh', 'the', 'spelling', 'transposition'), (2, 0, 'teh', 'the', 'spelling', 'transposition')
                """)
        }
        let database = try AppDatabase(queue, indexing: HistoryIndexerTests.manual)
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT lastCheckId FROM mistakeProgress") } == 1)
        #expect(database.historyIndexer.pendingCount == 2)
        #expect(try await database.insights().totalMistakes == 3)
        let rows = try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT checkId, position, word FROM mistake ORDER BY checkId, position")
                .map { "\($0["checkId"] as Int64) \($0["position"] as Int) \($0["word"] as String)" }
        }
        #expect(rows == ["1 0 teh", "2 0 teh", "3 0 teh"])
        #expect(try await database.history(query: "teh").items.map(\.id) == [3, 2, 1])
    }

    /// Ids are never given twice, even once the check that had the largest is deleted, and the
    /// table no longer writes `sqlite_sequence`.
    @Test func aDeletedNewestCheckKeepsItsIdToItself() async throws {
        let database = try AppDatabase.inMemory()
        let first = try await database.saveCheck(result("one"), text: "one")
        let second = try await database.saveCheck(result("two"), text: "two")
        #expect(second == first + 1)
        #expect(try await database.deleteCheck(id: second))
        let third = try await database.saveCheck(result("three"), text: "three")
        #expect(third == second + 1)
        try await database.deleteAllChecks()
        let fourth = try await database.saveCheck(result("four"), text: "four")
        #expect(fourth == third + 1)
        let sequences = try await database.writer.read { db in
            try db.tableExists("sqlite_sequence") ? try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_sequence WHERE name = 'check'") ?? 0 : 0
        }
        #expect(sequences == 0)
        #expect(try await database.history().items.map(\.id) == [fourth])
    }

    @Test func theSearchIndexMergesInStepsOfEight() async throws {
        let database = try AppDatabase.inMemory()
        let automerge = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT v FROM checkSearch_config WHERE k = 'automerge'")
        }
        #expect(automerge == 8)
    }

    @Test func retentionBoundsTheHistory() async throws {
        let database = try AppDatabase.inMemory()
        let old = Date().addingTimeInterval(-10 * 86_400)
        _ = try await database.saveCheck(result("old"), text: "old", at: old)
        for index in 0..<5 {
            _ = try await database.saveCheck(result("new \(index)"), text: "new \(index)", retention: RetentionPolicy(maxAge: .seconds(86_400), maxCount: 3))
        }
        let items = try await database.history().items
        #expect(items.map(\.excerpt) == ["new 4", "new 3", "new 2"])
    }

    /// Without an index on dates, the checks of recent days and those past their age are found
    /// through ids, which follow dates: the answers are those of the dates themselves.
    @Test func daysAndRetentionByAgeFollowTheDatesOfChecks() async throws {
        let database = try AppDatabase.inMemory()
        let now = Date()
        let ages = [40, 12, 12, 3, 1, 1, 0]  // days, oldest first, as checks are saved
        for (index, age) in ages.enumerated() {
            _ = try await database.saveCheck(
                result("check \(index)", mistakes: Array(repeating: ("teh", "the", .transposition), count: index % 3)),
                text: "check \(index)", at: now.addingTimeInterval(-Double(age) * 86_400 - 60))
        }
        let recent = try await database.insights(days: 5, now: now)
        #expect(recent.days.map(\.checks) == [1, 2, 1])
        // Checks 4 and 5 (a day old) have one "teh" and two: the same mistake twice in one check counts once.
        #expect(recent.days.map(\.mistakes) == [0, 2, 0])
        #expect(try await database.insights(days: 100, now: now).days.map(\.checks).reduce(0, +) == 7)
        #expect(try await database.insights(days: 13, now: now).days.map(\.checks).reduce(0, +) == 6)
        // A save with a maximum age of 10 days removes the three checks older than that.
        _ = try await database.saveCheck(result("new"), text: "new", at: now, retention: RetentionPolicy(maxAge: .seconds(10 * 86_400)))
        #expect(try await database.history().items.map(\.excerpt) == ["new", "check 6", "check 5", "check 4", "check 3"])
        // And one with a maximum age of 30 seconds keeps only the checks of this minute.
        _ = try await database.saveCheck(result("last"), text: "last", at: now, retention: RetentionPolicy(maxAge: .seconds(30)))
        #expect(try await database.history().items.map(\.excerpt) == ["last", "new"])
    }

    @Test func insightsShowCategoriesApartFromTheKindsOfSpellingMistakes() {
        let insights = Insights.assemble(
            spelling: [("teh", "the", 2), ("Teh", "The", 1), ("TEH", "THE", 1), ("Teh", "Tea", 1)],
            categories: [("spelling", "transposition", 5), ("name", "unknownName", 1), ("typography", "typography", 2),
                         ("grammar", "grammar", 2)],
            perDay: ["2026-11-02": (1, 4), "2026-11-01": (2, 6)], totalChecks: 3, limit: 10)
        // "Teh" is the most written form (2 against 2 for "teh": the first in code-point order),
        // corrected to "The" or "Tea" once each: the first in code-point order again.
        #expect(insights.frequentMistakes == [.init(word: "Teh", correction: "Tea", count: 5)])
        #expect(insights.categories.map(\.category) == ["spelling", "grammar", "typography", "name"])
        #expect(insights.categories.map(\.share) == [0.5, 0.2, 0.2, 0.1])
        #expect(insights.kinds.map(\.kind) == ["transposition", "unknownName"])
        #expect(insights.kinds.map(\.share) == [0.833, 0.167])
        #expect(insights.totalMistakes == 10)
        #expect(insights.days.map(\.date) == ["2026-11-01", "2026-11-02"])
    }

    @Test func personalWordsPerLanguageAndForAll() async throws {
        let database = try AppDatabase.inMemory()
        let dictionary = try await PersonalDictionary(database: database)
        #expect(try await dictionary.add("SwiftUI", language: nil))
        #expect(try await !dictionary.add("SwiftUI", language: nil))
        #expect(try await dictionary.add("colour", language: "en"))
        #expect(try await dictionary.add("Grüße", language: "de-DE"))
        #expect(dictionary.snapshot()[""] == ["SwiftUI"])
        #expect(try await dictionary.list(language: "en").map(\.word) == ["colour", "SwiftUI"])
        #expect(try await dictionary.remove("colour", language: "en"))
        #expect(try await !dictionary.remove("colour", language: "en"))
        await #expect(throws: StoreError.self) { try await dictionary.add("two words", language: nil) }
        await #expect(throws: StoreError.self) { try await dictionary.add("  ", language: nil) }
        #expect(try await dictionary.importWords(["alpha", "beta", "", "# comment", "alpha", "SwiftUI"], language: nil) == 2)
        // A new dictionary over the same database sees the same words: they persist.
        let reopened = try await PersonalDictionary(database: database)
        #expect(reopened.snapshot()[""] == ["SwiftUI", "alpha", "beta"])
    }

    @Test func aRealFileKeepsEverythingAcrossReopening() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let database = try AppDatabase.open(path: path)
            _ = try await database.saveCheck(result("Saved on disk"), text: "Saved on disk")
            _ = try await database.addPersonalWord("Hummingbird", language: nil)
        }
        let reopened = try AppDatabase.open(path: path)
        #expect(try await reopened.history().items.map(\.excerpt) == ["Saved on disk"])
        #expect(try await reopened.personalWords().map(\.word) == ["Hummingbird"])
        let mode = try await reopened.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let content = Data("these are my precious notes, not a database\n".utf8)
        FileManager.default.createFile(atPath: path, contents: content)
        #expect(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(FileManager.default.contents(atPath: path) == content)
        #expect(throws: StoreError.self) { try AppDatabase.open(path: "/nonexistent-dir/x.sqlite") }
        #expect(throws: StoreError.self) { try AppDatabase.open(path: FileManager.default.temporaryDirectory.path) }
    }

    @Test func aPathThatCannotHoldTheDatabaseSaysWhy() throws {
        func reason(_ path: String) -> String? {
            do {
                _ = try AppDatabase.open(path: path)
                return nil
            } catch let error as StoreError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(reason("/nonexistent-dir/x.sqlite") == "Cannot open the database /nonexistent-dir/x.sqlite: the directory /nonexistent-dir does not exist.")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).txt").path
        FileManager.default.createFile(atPath: file, contents: Data("notes\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(reason(file + "/x.sqlite") == "Cannot open the database \(file)/x.sqlite: \(file) is not a directory.")
    }
}
