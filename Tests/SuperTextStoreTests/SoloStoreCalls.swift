import Foundation
@testable import SuperTextCore
@testable import SuperTextStore

/// The store's calls for the one person of a server without users (`Owner.solo`), which most
/// tests are about; the tests of users name their owners.
extension HistoryStore {
    func saveCheck(_ result: CheckResult, text: String, at date: Date, retention: RetentionPolicy, expecting: Int) async throws -> Int64 {
        try await saveCheck(result, text: text, at: date, retention: retention, expecting: expecting, owner: .solo)
    }

    func history(limit: Int, before: Int64?, query: String?, language: String?) async throws -> HistoryPage {
        try await history(limit: limit, before: before, query: query, language: language, owner: .solo)
    }

    func check(id: Int64) async throws -> StoredCheckDetail? { try await check(id: id, owner: .solo) }
    func deleteCheck(id: Int64) async throws -> Bool { try await deleteCheck(id: id, owner: .solo) }
    func deleteAllChecks() async throws -> Int { try await deleteAllChecks(owner: .solo) }
    func checkCount() async throws -> Int { try await checkCount(owner: .solo) }
}

extension PersonalWordStore {
    func personalWords(language: String?) async throws -> [PersonalWord] { try await personalWords(language: language, owner: .solo) }
    func addPersonalWord(_ word: String, language: String?) async throws -> Bool {
        try await addPersonalWord(word, language: language, owner: .solo)
    }
    func importPersonalWords(_ words: [String], language: String?) async throws -> Int {
        try await importPersonalWords(words, language: language, owner: .solo)
    }
    func removePersonalWord(_ word: String, language: String?) async throws -> Bool {
        try await removePersonalWord(word, language: language, owner: .solo)
    }
}

extension DisabledRuleStore {
    func disabledRules() async throws -> [DisabledRule] { try await disabledRules(owner: .solo) }
    func disableRule(_ id: String) async throws -> Bool { try await disableRule(id, owner: .solo) }
    func enableRule(_ id: String) async throws -> Bool { try await enableRule(id, owner: .solo) }
}

extension InsightsStore {
    func insights(limit: Int, days: Int, now: Date) async throws -> Insights { try await insights(limit: limit, days: days, now: now, owner: .solo) }
}
