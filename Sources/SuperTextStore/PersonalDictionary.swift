import Foundation
import Synchronization

/// The personal dictionaries in memory, in front of the store: every check reads them, so they
/// must cost nothing; every change goes to the store first, then here. Changes made by other
/// servers sharing the store arrive through `PersonalWordStore.watchPersonalWords`.
///
/// One dictionary per `Owner`: each user's own, and the team's (`Owner.team`), which every
/// user's checks accept as well.
public final class PersonalDictionary: Sendable {
    /// Words by language ("" for every language).
    public typealias Words = [String: Set<String>]

    private let database: any PersonalWordStore
    private let words: Mutex<[Owner: Words]>
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

    /// The words a check in `languageCode` accepts for `owner`: those for every language, for
    /// the code, and for its primary language (`en` words apply to `en-GB`), the team's included.
    public func acceptedWords(for languageCode: String?, owner: Owner = .solo) -> Set<String> {
        let words = snapshot(for: owner)
        var result = words[""] ?? []
        if let code = languageCode {
            result.formUnion(words[code] ?? [])
            let primary = String(code.prefix { $0 != "-" })
            if primary != code { result.formUnion(words[primary] ?? []) }
        }
        return result
    }

    /// Every word `owner`'s checks accept, by language ("" for every language): their own and
    /// the team's, for a check to pick from once its language is known.
    public func snapshot(for owner: Owner = .solo) -> Words {
        words.withLock { words in
            guard owner != .team, let team = words[.team] else { return words[owner] ?? [:] }
            return (words[owner] ?? [:]).merging(team) { $0.union($1) }
        }
    }

    /// Adds a word; whether it was new.
    @discardableResult
    public func add(_ word: String, language: String?, owner: Owner = .solo) async throws -> Bool {
        let added = try await database.addPersonalWord(word, language: language, owner: owner)
        let normalized = try PersonalWord.validated(word)
        words.withLock { _ = $0[owner, default: [:]][language ?? "", default: []].insert(normalized) }
        return added
    }

    /// Adds many words; how many were new.
    public func importWords(_ list: [String], language: String?, owner: Owner = .solo) async throws -> Int {
        let added = try await database.importPersonalWords(list, language: language, owner: owner)
        try await reload()
        return added
    }

    /// Removes a word; whether it was there.
    @discardableResult
    public func remove(_ word: String, language: String?, owner: Owner = .solo) async throws -> Bool {
        let removed = try await database.removePersonalWord(word, language: language, owner: owner)
        let normalized = word.precomposedStringWithCanonicalMapping
        words.withLock { _ = $0[owner]?[language ?? ""]?.remove(normalized) }
        return removed
    }

    /// The stored list of `owner` (with dates), for listing and export.
    public func list(language: String? = nil, owner: Owner = .solo) async throws -> [PersonalWord] {
        try await database.personalWords(language: language, owner: owner)
    }

    /// Reads the words from the store again.
    public func reload() async throws {
        let byOwner = try await Self.load(database)
        words.withLock { $0 = byOwner }
    }

    private static func load(_ database: any PersonalWordStore) async throws -> [Owner: Words] {
        try await database.everyonesPersonalWords().mapValues { list in
            var byLanguage: Words = [:]
            for word in list { byLanguage[word.language ?? "", default: []].insert(word.word) }
            return byLanguage
        }
    }
}
