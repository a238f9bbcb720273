import Foundation
import Synchronization

/// The personal dictionary in memory, in front of the store: every check reads it, so it must
/// cost nothing; every change goes to the store first, then here. Changes made by other servers
/// sharing the store arrive through `PersonalWordStore.watchPersonalWords`.
public final class PersonalDictionary: Sendable {
    private let database: any PersonalWordStore
    private let words: Mutex<[String: Set<String>]>  // language ("" for every language) → words
    /// Reloads after notices, one at a time; a failed reload keeps the words in memory (the
    /// next notice or periodic reload tries again).
    private let reloading = CoalescedReload()

    /// Loads the words from the store, and reloads them whenever another server changes them.
    public init(database: any PersonalWordStore) async throws {
        self.database = database
        // A store found faulty (damaged, gone) before the words are read: none, so the server
        // still answers checks that store nothing; a later reload may read them.
        do {
            words = Mutex(try await Self.load(database))
        } catch is StorageFault {
            words = Mutex([:])
        }
        database.watchPersonalWords { [weak self] in
            self?.reloading.request { [weak self] in try? await self?.reload() }
        }
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
        let normalized = try PersonalWord.validated(word)
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

    /// Reads the words from the store again.
    public func reload() async throws {
        let byLanguage = try await Self.load(database)
        words.withLock { $0 = byLanguage }
    }

    private static func load(_ database: any PersonalWordStore) async throws -> [String: Set<String>] {
        var byLanguage: [String: Set<String>] = [:]
        for word in try await database.personalWords(language: nil) {
            byLanguage[word.language ?? "", default: []].insert(word.word)
        }
        return byLanguage
    }
}
