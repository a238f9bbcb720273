import Foundation
import Testing
@testable import SuperTextCore
@testable import SuperTextPostgres
@testable import SuperTextStore
@testable import SuperTextSQLite

/// The stores behind `DataStore`, each made empty for one test.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    func make() async throws -> any DataStore {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).sqlite").path
            return try AppDatabase.open(path: path, indexing: .init(), storage: .init(reserveBytes: 0))
        case .postgres:
            return try await TestPostgres.store()
        }
    }
}

/// What every store must do alike: the tests run against the SQLite file and against a real
/// PostgreSQL server started for them (`TestPostgres`).
@Suite("Stores")
struct StoreContractTests {
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
            correctedText: mistakes.isEmpty ? text : text + " (corrected)",
            stats: CheckStats(characters: text.count, words: 3, matches: mistakes.count, milliseconds: 1)
        )
    }

    func save(_ store: any DataStore, _ text: String, language: String = "en-US", mistakes: [(String, String, ExplanationKind)] = [],
              at date: Date = Date(), retention: RetentionPolicy = .init()) async throws -> Int64 {
        try await store.saveCheck(result(text, language: language, mistakes: mistakes), text: text, at: date, retention: retention, expecting: 1)
    }

    func history(_ store: any DataStore, limit: Int = 20, before: Int64? = nil, query: String? = nil, language: String? = nil) async throws -> HistoryPage {
        try await store.history(limit: limit, before: before, query: query, language: language)
    }

    @Test(arguments: StoreKind.allCases)
    func storesAndReadsBackACheck(kind: StoreKind) async throws {
        let store = try await kind.make()
        let stored = result("I recieve teh letter.", mistakes: [("recieve", "receive", .transposition), ("teh", "the", .transposition)])
        let id = try await store.saveCheck(stored, text: "I recieve teh letter.", at: Date(), retention: .init(), expecting: 1)
        let detail = try #require(try await store.check(id: id))
        #expect(detail.text == "I recieve teh letter.")
        #expect(detail.result.id == id)
        #expect(detail.result.matches == stored.matches)
        #expect(detail.result.language == stored.language)
        #expect(detail.result.correctedText == stored.correctedText)
        #expect(detail.result.stats == stored.stats)
        #expect(abs(detail.createdAt.timeIntervalSinceNow) < 3600)
        let clean = try await save(store, "All is well here.")
        #expect(try await store.check(id: clean)?.result.correctedText == "All is well here.")
        #expect(try await store.check(id: id + 100) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func historyIsNewestFirstAndPagedByLanguage(kind: StoreKind) async throws {
        let store = try await kind.make()
        var french: [Int64] = []
        for index in 1...25 {
            let id = try await save(store, "Text number \(index)", language: index.isMultiple(of: 5) ? "fr" : "en-US")
            if index.isMultiple(of: 5) { french.append(id) }
        }
        let first = try await history(store, limit: 10)
        #expect(first.items.first?.excerpt == "Text number 25")
        #expect(first.items.count == 10)
        let second = try await history(store, limit: 10, before: first.next)
        #expect(second.items.first?.excerpt == "Text number 15")
        let last = try await history(store, limit: 10, before: second.next)
        #expect(last.items.count == 5)
        #expect(last.next == nil)
        let fr = try await history(store, limit: 3, language: "fr")
        #expect(fr.items.map(\.id) == Array(french.reversed().prefix(3)))
        let frRest = try await history(store, limit: 3, before: fr.next, language: "fr")
        #expect(frRest.items.map(\.id) == [french[1], french[0]])
        #expect(frRest.next == nil)
        #expect(try await store.checkCount() == 25)
    }

    @Test(arguments: StoreKind.allCases)
    func searchFindsWordsAndPrefixesIgnoringAccentsWithHighlights(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await save(store, "The elephant walked home")
        _ = try await save(store, "Le café est fermé", language: "fr")
        _ = try await save(store, "Nothing to see")
        #expect(try await history(store, query: "elephant").items.map(\.excerpt) == ["The elephant walked home"])
        #expect(try await history(store, query: "eleph").items.count == 1)
        #expect(try await history(store, query: "cafe").items.map(\.language) == ["fr"])
        #expect(try await history(store, query: "CAFÉ FERME").items.map(\.language) == ["fr"])
        #expect(try await history(store, query: "walked elephant").items.count == 1)
        // A text shorter than the excerpt is shown whole, with no "…".
        #expect(try await history(store, query: "walked elephant").items.map(\.excerpt) == ["The elephant walked home"])
        #expect(try await history(store, query: "walked zebra").items.isEmpty)
        #expect(try await history(store, query: "\"*) OR (' & !|:").items.isEmpty)  // query syntax is harmless
        #expect(try await history(store, query: "home", language: "fr").items.isEmpty)

        let filler = String(repeating: "Some words that have nothing to do with it. ", count: 20)
        let text = "The beginning of a long text.\n\n" + filler + "At last the café\nopens its doors to the elephant."
        _ = try await save(store, text)
        let listed = try #require(try await history(store, limit: 1).items.first)
        #expect(listed.excerpt.hasPrefix("The beginning of a long text. Some words"))
        #expect(listed.highlights.isEmpty)
        let found = try #require(try await history(store, query: "cafe doors").items.first)
        #expect(found.excerpt.contains("café opens its doors"))
        #expect(found.excerpt.hasPrefix("…"), "the excerpt starts inside the text")
        #expect(!found.excerpt.contains("\n"))
        let utf16 = Array(found.excerpt.utf16)
        let words = found.highlights.map { String(decoding: utf16[$0.offset..<($0.offset + $0.length)], as: UTF16.self) }
        #expect(words == ["café", "doors"])
    }

    @Test(arguments: StoreKind.allCases)
    func deletesOneOrAllAndNeverGivesAnIdTwice(kind: StoreKind) async throws {
        let store = try await kind.make()
        let first = try await save(store, "a teh", mistakes: [("teh", "the", .transposition)])
        let newest = try await save(store, "b")
        #expect(try await store.deleteCheck(id: first))
        #expect(try await !store.deleteCheck(id: first))
        #expect(try await store.insights(limit: 20, days: 30, now: Date()).totalMistakes == 0)
        #expect(try await history(store, query: "teh").items.isEmpty)
        #expect(try await store.deleteCheck(id: newest))
        let after = try await save(store, "c")
        #expect(after > newest)
        #expect(try await store.deleteAllChecks() == 1)
        #expect(try await store.checkCount() == 0)
        #expect(try await save(store, "d") > after)
    }

    @Test(arguments: StoreKind.allCases)
    func retentionBoundsTheHistoryByCountAndAge(kind: StoreKind) async throws {
        let store = try await kind.make()
        let old = Date().addingTimeInterval(-10 * 86_400)
        _ = try await save(store, "old", at: old)
        for index in 0..<5 {
            _ = try await save(store, "new \(index)", retention: RetentionPolicy(maxAge: .seconds(86_400), maxCount: 3))
        }
        #expect(try await history(store).items.map(\.excerpt) == ["new 4", "new 3", "new 2"])
        // A batch larger than the count kept keeps only its newest.
        try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try await store.saveCheck(
                        result("batch \(index)"), text: "batch \(index)", at: Date(), retention: RetentionPolicy(maxCount: 2), expecting: 6)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.checkCount() == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func insightsCountMistakesByWordKindAndDay(kind: StoreKind) async throws {
        let store = try await kind.make()
        let now = Date()
        // Checks are saved in the order of their dates (the SQLite store relies on it).
        _ = try await save(store, "long ago", mistakes: [("teh", "the", .transposition)], at: now.addingTimeInterval(-40 * 86_400))
        _ = try await save(store, "x", mistakes: [("teh", "the", .transposition), ("recieve", "receive", .transposition)])
        _ = try await save(store, "y", mistakes: [("Teh", "The", .transposition), ("untill", "until", .doubledLetter)])
        _ = try await save(store, "z", mistakes: [("teh", "the", .transposition)])
        // One check with the same mistake three times: it counts once.
        _ = try await save(store, "w", mistakes: [("teh", "the", .transposition), ("teh", "the", .transposition),
                                                  ("teh", "the", .transposition), ("Untill", "Until", .doubledLetter)])
        let insights = try await store.insights(limit: 20, days: 30, now: now.addingTimeInterval(60))
        // Grouped whatever the case, shown as most often written.
        #expect(insights.frequentMistakes == [.init(word: "teh", correction: "the", count: 5),
                                              .init(word: "Untill", correction: "Until", count: 2),
                                              .init(word: "recieve", correction: "receive", count: 1)])
        #expect(insights.kinds.map(\.kind) == ["transposition", "doubledLetter"])
        #expect(insights.kinds.map(\.count) == [6, 2])
        #expect(insights.kinds.map(\.share) == [0.75, 0.25])
        #expect(insights.categories == [.init(category: "spelling", count: 8, share: 1)])
        // The days cover the last 30: the check of 40 days ago is counted in the totals only.
        #expect(insights.days.count == 1)
        #expect(insights.days.first?.checks == 4)
        #expect(insights.days.first?.mistakes == 7)
        #expect(insights.totalChecks == 5)
        #expect(insights.totalMistakes == 8)
    }

    @Test(arguments: StoreKind.allCases)
    func personalWordsPerLanguageAndForAll(kind: StoreKind) async throws {
        let store = try await kind.make()
        let dictionary = try await PersonalDictionary(database: store)
        #expect(try await dictionary.add("SwiftUI", language: nil))
        #expect(try await !dictionary.add("SwiftUI", language: nil))
        #expect(try await dictionary.add("colour", language: "en"))
        #expect(try await dictionary.add("Grüße", language: "de-DE"))
        #expect(dictionary.snapshot()[""] == ["SwiftUI"])
        #expect(dictionary.acceptedWords(for: "en-GB") == ["SwiftUI", "colour"])
        #expect(try await dictionary.list(language: "en").map(\.word) == ["colour", "SwiftUI"])
        #expect(try await dictionary.remove("colour", language: "en"))
        #expect(try await !dictionary.remove("colour", language: "en"))
        await #expect(throws: StoreError.self) { try await dictionary.add("two words", language: nil) }
        await #expect(throws: StoreError.self) { try await dictionary.add("  ", language: nil) }
        #expect(try await dictionary.importWords(["alpha", "beta", "", "# comment", "alpha", "SwiftUI"], language: nil) == 2)
        let reopened = try await PersonalDictionary(database: store)
        #expect(reopened.snapshot()[""] == ["SwiftUI", "alpha", "beta"])
        #expect(reopened.snapshot()["de-DE"] == ["Grüße"])
    }

    /// Rules turned off are kept with their dates, read back by a new server, and turned back on;
    /// what cannot be a rule's identifier is refused.
    @Test(arguments: StoreKind.allCases)
    func rulesTurnedOffAreKeptAndTurnedBackOn(kind: StoreKind) async throws {
        let store = try await kind.make()
        let rules = try await DisabledRules(database: store)
        #expect(rules.snapshot().isEmpty)
        let before = Date().addingTimeInterval(-5)
        #expect(try await rules.disable("EN_A_VS_AN"))
        #expect(try await !rules.disable("EN_A_VS_AN"))
        #expect(try await rules.disable("double_space"))
        #expect(rules.snapshot() == ["EN_A_VS_AN", "DOUBLE_SPACE"])
        let listed = try await rules.list()
        #expect(listed.map(\.id) == ["DOUBLE_SPACE", "EN_A_VS_AN"])
        #expect(listed.allSatisfy { $0.disabledAt > before && $0.disabledAt < Date().addingTimeInterval(5) })
        await #expect(throws: StoreError.self) { try await rules.disable("two words") }
        await #expect(throws: StoreError.self) { try await rules.disable(" ") }
        await #expect(throws: StoreError.self) { try await rules.disable(String(repeating: "A", count: 101)) }
        #expect(try await rules.enable("EN_A_VS_AN"))
        #expect(try await !rules.enable("EN_A_VS_AN"))
        #expect(rules.snapshot() == ["DOUBLE_SPACE"])
        // Another server on the same store (or this one restarted) starts with them.
        let reopened = try await DisabledRules(database: store)
        #expect(reopened.snapshot() == ["DOUBLE_SPACE"])
        #expect(try await store.disabledRules().map(\.id) == ["DOUBLE_SPACE"])
    }

    /// Saves in flight together share transactions, each gets an id of its own, and paging
    /// through the history finds every one exactly once.
    @Test(arguments: StoreKind.allCases)
    func concurrentSavesShareTransactionsAndArePagedWhole(kind: StoreKind) async throws {
        let store = try await kind.make()
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await store.saveCheck(
                        result("concurrent \(index)"), text: "concurrent \(index)", at: Date(), retention: .init(), expecting: 16)
                }
            }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 200)
        var paged: [Int64] = []
        var before: Int64?
        repeat {
            let page = try await history(store, limit: 30, before: before)
            paged += page.items.map(\.id)
            before = page.next
        } while before != nil
        #expect(paged == ids.sorted(by: >))
        let transactions = (store as? AppDatabase)?.checkTransactionCount ?? (store as? PostgresStore)?.checkTransactionCount ?? 0
        #expect(transactions > 0 && transactions < 200)
    }
}
