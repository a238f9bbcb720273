import Foundation
import SuperTextCore

/// What the server and the command line need of a store, whatever keeps the data: the SQLite
/// file (`AppDatabase`) or a PostgreSQL database shared by several servers (`PostgresStore`).
///
/// Every method answers only after its change is committed; a store that cannot be used throws
/// a `StorageFault`, whose code and message say what to do.
public typealias DataStore = HistoryStore & PersonalWordStore & DisabledRuleStore & InsightsStore & UserStore
    & TeamRuleStore & StorageStateReporting

// Every call that reads or changes a person's data names its `Owner`: `.solo` without users,
// the user's own with users. Another owner's rows are not there for it.

/// Stored checks: saved with their results, listed newest first, searched, read and deleted.
public protocol HistoryStore: Sendable {
    /// Stores a check and returns its id once committed; checks saved at the same time share a
    /// transaction (`expecting`: how many the caller expects about now, this one included).
    func saveCheck(
        _ result: CheckResult, text: String, at date: Date, retention: RetentionPolicy, expecting: Int, owner: Owner
    ) async throws -> Int64

    /// Stores a check and calls `completion` with its id once committed, without a task: for a
    /// thread that is not Swift's concurrency pool, such as a proofreading worker.
    func saveCheck(
        _ result: CheckResult, text: String, at date: Date, retention: RetentionPolicy, expecting: Int, owner: Owner,
        completion: @escaping @Sendable (Result<Int64, any Error>) -> Void
    )

    /// Stored checks, newest first, `limit` (1...200) at most, with ids below `before`, whose
    /// texts hold every word of `query` (accents ignored, the last word as a prefix), in
    /// `language`.
    func history(limit: Int, before: Int64?, query: String?, language: String?, owner: Owner) async throws -> HistoryPage

    /// One stored check in full, or `nil`.
    func check(id: Int64, owner: Owner) async throws -> StoredCheckDetail?

    /// Deletes one stored check; whether it existed.
    func deleteCheck(id: Int64, owner: Owner) async throws -> Bool

    /// Deletes every stored check; how many there were.
    func deleteAllChecks(owner: Owner) async throws -> Int

    /// The number of stored checks.
    func checkCount(owner: Owner) async throws -> Int

    /// Makes every saved check visible to searches and insights now.
    func indexPendingChecks() async throws
}

/// The personal dictionary: words a check accepts, for one language or every language.
public protocol PersonalWordStore: Sendable {
    /// The words, optionally only those that apply to one language (its own and every language's).
    func personalWords(language: String?, owner: Owner) async throws -> [PersonalWord]

    /// Every owner's words, for the dictionaries in memory.
    func everyonesPersonalWords() async throws -> [Owner: [PersonalWord]]

    /// Adds a word (for one language, or every language with `nil`); whether it was new.
    func addPersonalWord(_ word: String, language: String?, owner: Owner) async throws -> Bool

    /// Adds many words at once (an import); how many were new.
    func importPersonalWords(_ words: [String], language: String?, owner: Owner) async throws -> Int

    /// Removes a word; whether it was there.
    func removePersonalWord(_ word: String, language: String?, owner: Owner) async throws -> Bool

    /// Calls `changed` whenever the words may have been changed by another server sharing the
    /// store (and now and then in case such a notice was lost), so that the words in memory are
    /// read again. A store only one server uses never calls it.
    func watchPersonalWords(_ changed: @escaping @Sendable () -> Void)
}

/// The rules a person turned off: no check reports them unless its request names them in
/// `enabledRules`.
public protocol DisabledRuleStore: Sendable {
    /// The rules turned off, by identifier, with when each was turned off.
    func disabledRules(owner: Owner) async throws -> [DisabledRule]

    /// Every owner's rules turned off, for the rules in memory.
    func everyonesDisabledRules() async throws -> [Owner: Set<String>]

    /// Turns a rule off; whether it was on until now.
    func disableRule(_ id: String, owner: Owner) async throws -> Bool

    /// Turns a rule back on; whether it was off.
    func enableRule(_ id: String, owner: Owner) async throws -> Bool

    /// Calls `changed` whenever the rules turned off may have been changed by another server
    /// sharing the store (and now and then in case such a notice was lost). A store only one
    /// server uses never calls it.
    func watchDisabledRules(_ changed: @escaping @Sendable () -> Void)
}

/// What a person can learn from their stored mistakes.
public protocol InsightsStore: Sendable {
    /// The most frequent mistakes, the share of each category and of each kind of spelling
    /// mistake, and checks and mistakes per day over the last `days` days before `now`, each
    /// mistake counted once per check (`Insights.assemble`).
    func insights(limit: Int, days: Int, now: Date, owner: Owner) async throws -> Insights
}

/// The state of the storage behind a store, kept in memory so that `/readyz` and the refusal of
/// a check that cannot be stored cost nothing.
public protocol StorageStateReporting: Sendable {
    /// The storage's state and who hears of its changes.
    var storage: StorageHealth { get }
    /// Where the data is, for logs (a path, or a URL without its password).
    var location: String { get }
}

extension StorageStateReporting {
    /// The lasting storage fault the store is in, or `nil` when it works.
    public var storageFault: StorageFault? { storage.fault }

    /// Throws the storage fault that keeps a check from being stored now, so that it is refused
    /// before it is checked.
    public func ensureStoringIsPossible() throws {
        try storage.admit(.store)
    }
}

/// Told of each transaction that saves checks: how many, how long it took, whether it
/// committed (the server's metrics).
public typealias StoreCommitObserver = @Sendable (_ checks: Int, _ duration: Duration, _ committed: Bool) -> Void

/// How saves of checks are batched, the same for every store.
public enum SaveBatching {
    /// How many saves a save of a check should wait for, its own included (its `expecting`),
    /// given the checks in progress and the workers checking them. When checks wait for a
    /// worker the machine is busy and its CPU is what limits the answers: the checks in flight
    /// then share a transaction, which writes a quarter of the bytes per check (`make
    /// bench-store`). When none wait, 1: a lone save commits at once, the quickest answer.
    public static func savesToExpect(checksInProgress: Int, workers: Int) -> Int {
        checksInProgress > workers ? checksInProgress : 1
    }
}

extension PersonalWord {
    /// Most characters in a personal word.
    public static let maximumLength = 100

    /// `word` as stored (trimmed, in NFC), or `StoreError.badWord` saying why it cannot be one.
    public static func validated(_ word: String) throws -> String {
        let word = word.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !word.isEmpty else { throw StoreError.badWord("The word is empty.") }
        guard word.count <= maximumLength else {
            throw StoreError.badWord("A word has at most \(maximumLength) characters.")
        }
        guard !word.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw StoreError.badWord("A personal word is one word, without spaces.")
        }
        return word
    }

    /// The words of an import as stored: blank lines and `#` comments left out, each validated.
    public static func validatedList(_ words: [String]) throws -> [String] {
        try words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map(validated)
    }
}

extension DisabledRule {
    /// Most characters in a rule's identifier.
    public static let maximumLength = 100

    private static let identifierScalars = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".unicodeScalars)

    /// `id` as stored (trimmed, in capitals), or `StoreError.badRule` saying why it cannot be a
    /// rule's identifier: capitals, digits and underscores, as every rule's identifier is.
    public static func validated(_ id: String) throws -> String {
        let id = id.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard !id.isEmpty else { throw StoreError.badRule("The rule's identifier is empty.") }
        guard id.count <= maximumLength else {
            throw StoreError.badRule("A rule's identifier has at most \(maximumLength) characters.")
        }
        guard id.unicodeScalars.allSatisfy(identifierScalars.contains) else {
            throw StoreError.badRule("A rule's identifier is made of capitals, digits and underscores (EN_A_VS_AN).")
        }
        return id
    }
}

/// The excerpts of the history list, the same from every store.
public enum HistoryExcerpt {
    /// A list excerpt: the start of the text on one line.
    public static func plain(_ head: String) -> String {
        let oneLine = head.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard oneLine.count > 120 else { return oneLine }
        return String(oneLine.prefix(120)) + "…"
    }

    /// How many words a search's excerpt shows around what it found (FTS5's `snippet()`).
    public static let snippetWords = 20

    /// A search's excerpt on one line, from FTS5's snippet with the words found between
    /// U+0002 and U+0003, and where those words are in it.
    public static func highlighted(snippet: String) -> (String, [TextRange]) {
        var excerpt = String.UnicodeScalarView()
        var highlights: [TextRange] = []
        var length = 0  // of `excerpt`, in UTF-16 code units
        var start: Int?
        var lineBreak = false
        for scalar in snippet.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                lineBreak = true
                continue
            default:
                break
            }
            // Line breaks become one space, as in the excerpt without a search.
            if lineBreak, length > 0 {
                excerpt.append(" ")
                length += 1
            }
            lineBreak = false
            switch scalar {
            case "\u{2}":
                start = length
            case "\u{3}":
                if let first = start, length > first { highlights.append(TextRange(offset: first, length: length - first)) }
                start = nil
            default:
                excerpt.append(scalar)
                length += scalar.utf16.count
            }
        }
        return (String(excerpt), highlights)
    }

    /// The words of a search, as both stores read them: letters, digits and apostrophes.
    public static func searchWords(_ query: String?) -> [String] {
        guard let query else { return [] }
        return query.split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
            .map { $0.replacingOccurrences(of: "\"", with: "") }
            .filter { !$0.isEmpty }
    }
}

/// A check's matches as stored: the JSON the SQLite store writes and reads.
public enum StoredMatches {
    public static func json(_ matches: [Match]) -> String { MatchesJSON.encode(matches) }

    public static func decode(_ json: String) throws -> [Match] {
        try JSONDecoder().decode([Match].self, from: Data(json.utf8))
    }
}

