import Foundation
import Synchronization

/// The personal dictionary in memory, in front of the database: every check reads it, so it
/// must cost nothing; every change goes to the database first, then here.
public final class PersonalDictionary: Sendable {
    private let database: AppDatabase
    private let words: Mutex<[String: Set<String>]>  // language ("" for every language) → words

    /// Loads the words from the database.
    public init(database: AppDatabase) async throws {
        self.database = database
        var byLanguage: [String: Set<String>] = [:]
        for word in try await database.personalWords() {
            byLanguage[word.language ?? "", default: []].insert(word.word)
        }
        words = Mutex(byLanguage)
    }

    /// The words a check in `languageCode` accepts: those for every language, for the code,
    /// and for its primary language (`en` words apply to `en-GB`).
    public func acceptedWords(for languageCode: String?) -> Set<String> {
        words.withLock { words in
            var result = words[""] ?? []
            if let code = languageCode {
                result.formUnion(words[code] ?? [])
                let primary = String(code.prefix { $0 != "-" })
                if primary != code { result.formUnion(words[primary] ?? []) }
            }
            return result
        }
    }

    /// Every word by language ("" for every language), for a check to pick from once its
    /// language is known.
    public func snapshot() -> [String: Set<String>] {
        words.withLock { $0 }
    }

    /// Adds a word; whether it was new.
    @discardableResult
    public func add(_ word: String, language: String?) async throws -> Bool {
        let added = try await database.addPersonalWord(word, language: language)
        let normalized = try AppDatabase.validated(word)
        words.withLock { _ = $0[language ?? "", default: []].insert(normalized) }
        return added
    }

    /// Adds many words; how many were new.
    public func importWords(_ list: [String], language: String?) async throws -> Int {
        let added = try await database.importPersonalWords(list, language: language)
        try await reload()
        return added
    }

    /// Removes a word; whether it was there.
    @discardableResult
    public func remove(_ word: String, language: String?) async throws -> Bool {
        let removed = try await database.removePersonalWord(word, language: language)
        let normalized = word.precomposedStringWithCanonicalMapping
        words.withLock { _ = $0[language ?? ""]?.remove(normalized) }
        return removed
    }

    /// The stored list (with dates), for listing and export.
    public func list(language: String? = nil) async throws -> [PersonalWord] {
        try await database.personalWords(language: language)
    }

    private func reload() async throws {
        var byLanguage: [String: Set<String>] = [:]
        for word in try await database.personalWords() {
            byLanguage[word.language ?? "", default: []].insert(word.word)
        }
        words.withLock { $0 = byLanguage }
    }
}
