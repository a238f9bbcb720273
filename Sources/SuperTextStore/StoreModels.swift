import Foundation
import SuperTextCore

/// One line of the history list.
public struct HistoryItem: Codable, Sendable, Equatable {
    public var id: Int64
    public var createdAt: Date
    public var language: String
    /// The beginning of the text on one line; in a search, the part of the text that matched.
    public var excerpt: String
    /// Where the search matched in `excerpt` (empty without a search).
    public var highlights: [TextRange]
    public var matchCount: Int

    public init(id: Int64, createdAt: Date, language: String, excerpt: String, highlights: [TextRange], matchCount: Int) {
        self.id = id
        self.createdAt = createdAt
        self.language = language
        self.excerpt = excerpt
        self.highlights = highlights
        self.matchCount = matchCount
    }
}

/// A range of a text in UTF-16 code units, as the offsets of matches are (and JavaScript's
/// string indices).
public struct TextRange: Codable, Sendable, Equatable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// A page of history, newest first; `next` is the `before` of the next page.
public struct HistoryPage: Codable, Sendable, Equatable {
    public var items: [HistoryItem]
    public var next: Int64?
    /// Stored checks a search could not see: not yet in the search index, which could not be
    /// written (a full disk, a read-only file). Absent when a search saw every check.
    public var unindexedChecks: Int?

    public init(items: [HistoryItem], next: Int64?, unindexedChecks: Int? = nil) {
        self.items = items
        self.next = next
        self.unindexedChecks = unindexedChecks
    }

    package enum CodingKeys: String, CodingKey { case items, next, unindexedChecks }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(next, forKey: .next)  // null on the last page
        try container.encodeIfPresent(unindexedChecks, forKey: .unindexedChecks)
    }
}

/// A stored check in full: the check result plus when and what was checked.
public struct StoredCheckDetail: Sendable, Equatable {
    public var result: CheckResult
    public var createdAt: Date
    public var text: String

    public init(result: CheckResult, createdAt: Date, text: String) {
        self.result = result
        self.createdAt = createdAt
        self.text = text
    }
}

/// How long history is kept.
public struct RetentionPolicy: Sendable, Equatable {
    /// Checks older than this are deleted (`nil`: kept).
    public var maxAge: Duration?
    /// Only the newest this many checks are kept (`nil`: all).
    public var maxCount: Int?

    public init(maxAge: Duration? = nil, maxCount: Int? = nil) {
        self.maxAge = maxAge
        self.maxCount = maxCount
    }

    /// What a batch of saves applies, in both stores: each policy once per owner, with how many
    /// checks of that owner the batch adds (the history is kept per owner).
    public static func applications(
        of saves: [(retention: RetentionPolicy, owner: Owner)]
    ) -> [(retention: RetentionPolicy, owner: Owner, adding: Int)] {
        var applied: [(retention: RetentionPolicy, owner: Owner, adding: Int)] = []
        for save in saves {
            if let index = applied.firstIndex(where: { $0.retention == save.retention && $0.owner == save.owner }) {
                applied[index].adding += 1
            } else {
                applied.append((save.retention, save.owner, 1))
            }
        }
        return applied
    }

    /// The date before which checks are deleted, at `now`; `nil` without `maxAge`.
    public func cutoff(now: Date) -> Date? {
        guard let maxAge else { return nil }
        return now.addingTimeInterval(-(Double(maxAge.components.seconds) + Double(maxAge.components.attoseconds) / 1e18))
    }
}

/// A request for a page of history, as every store reads it: the page's size, where it starts,
/// the words searched, the language and whose checks.
public struct HistoryQuery: Sendable {
    /// Most items (1...200).
    public let limit: Int
    /// Only checks with a smaller id (the `next` of the previous page).
    public let before: Int64?
    /// The words every text found holds (the last one as a prefix); none: no search.
    public let words: [String]
    public let language: String?
    public let owner: Owner

    public init(limit: Int, before: Int64?, query: String?, language: String?, owner: Owner) {
        self.limit = min(max(limit, 1), 200)
        self.before = before
        self.words = HistoryExcerpt.searchWords(query)
        self.language = language.flatMap { $0.isEmpty ? nil : $0 }
        self.owner = owner
    }

    /// Rows a store fetches: one more than a page, which says whether another page follows.
    public var fetchCount: Int { limit + 1 }

    /// The page of the items fetched (at most `fetchCount`, newest first).
    public func page(of items: [HistoryItem], unindexedChecks: Int? = nil) -> HistoryPage {
        let shown = Array(items.prefix(limit))
        return HistoryPage(items: shown, next: items.count > limit ? shown.last?.id : nil, unindexedChecks: unindexedChecks)
    }
}

/// A word of the personal dictionary.
public struct PersonalWord: Codable, Sendable, Equatable, Hashable {
    public var word: String
    /// The language it belongs to, or `nil` for every language.
    public var language: String?
    public var createdAt: Date

    public init(word: String, language: String?, createdAt: Date) {
        self.word = word
        self.language = language
        self.createdAt = createdAt
    }

    package enum CodingKeys: String, CodingKey { case word, language, createdAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(word, forKey: .word)
        try container.encode(language, forKey: .language)  // null: every language
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// A rule a person turned off: no check reports it unless its request names it.
public struct DisabledRule: Codable, Sendable, Equatable, Hashable {
    /// The rule's identifier (`EN_A_VS_AN`).
    public var id: String
    /// When it was turned off.
    public var disabledAt: Date

    public init(id: String, disabledAt: Date) {
        self.id = id
        self.disabledAt = disabledAt
    }
}

/// Errors of the store.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable identifier, from the one set of error codes.
    public var code: ErrorCode
    public var message: String

    public var description: String { message }

    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    public static func cannotOpen(path: String, reason: String) -> StoreError {
        StoreError(code: .cannotOpen, message: "Cannot open the database \(path): \(reason).")
    }


    public static func badWord(_ reason: String) -> StoreError {
        StoreError(code: .badRequest, message: reason)
    }

    public static func badRule(_ reason: String) -> StoreError {
        StoreError(code: .badRequest, message: reason)
    }
}

