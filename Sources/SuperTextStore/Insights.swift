import Foundation

/// What a person can learn from their mistakes.
///
/// A mistake made several times in one check (the same text, correction, category and kind, as
/// a pasted document's hundreds of double spaces) counts once for that check: insights say how
/// often a person makes a mistake, not how long their texts are.
public struct Insights: Codable, Sendable, Equatable {
    /// A word often written wrong, as it is most often written, and how it is usually corrected.
    public struct FrequentMistake: Codable, Sendable, Equatable {
        public var word: String
        public var correction: String?
        public var count: Int

        public init(word: String, correction: String?, count: Int) {
            self.word = word
            self.correction = correction
            self.count = count
        }
    }

    /// How often a category of mistakes (spelling, grammar, typography…) comes up.
    public struct CategoryShare: Codable, Sendable, Equatable {
        public var category: String
        public var count: Int
        /// Of every mistake.
        public var share: Double
    }

    /// How often a kind of spelling mistake (swapped letters, a missing letter…) comes up.
    public struct KindShare: Codable, Sendable, Equatable {
        public var kind: String
        public var count: Int
        /// Of the spelling mistakes.
        public var share: Double
    }

    /// Checks and mistakes on one day (UTC).
    public struct Day: Codable, Sendable, Equatable {
        public var date: String
        public var checks: Int
        public var mistakes: Int
    }

    public var frequentMistakes: [FrequentMistake]
    public var categories: [CategoryShare]
    public var kinds: [KindShare]
    public var days: [Day]
    public var totalChecks: Int
    public var totalMistakes: Int
    /// Stored checks whose mistakes are not counted: their mistakes could not be written (a full
    /// disk, a read-only file). Absent when every check is counted.
    public var unindexedChecks: Int?

    /// The categories whose kinds are kinds of spelling mistakes: a word the dictionary does not
    /// know is a misspelling or a name.
    public static let spellingCategories = ["spelling", "name"]

    /// Insights from counts a store made, each mistake counted once per check:
    /// - `spelling`: spelling mistakes by word as written and correction;
    /// - `categories` and `kinds`: mistakes by category and kind;
    /// - `perDay`: checks and mistakes per day (`YYYY-MM-DD`, UTC).
    ///
    /// Words are grouped without regard to case and shown as most often written, with the
    /// correction most often given to that form.
    public static func assemble(
        spelling: [(word: String, correction: String?, count: Int)],
        categories: [(category: String, kind: String?, count: Int)],
        perDay: [String: (checks: Int, mistakes: Int)], totalChecks: Int, limit: Int,
        unindexedChecks: Int? = nil
    ) -> Insights {
        var byWord: [String: (total: Int, forms: [String: Int], corrections: [String: [String?: Int]])] = [:]
        for (word, correction, count) in spelling {
            var entry = byWord[word.lowercased()] ?? (0, [:], [:])
            entry.total += count
            entry.forms[word, default: 0] += count
            entry.corrections[word, default: [:]][correction, default: 0] += count
            byWord[word.lowercased()] = entry
        }
        // Ties go to the first in code-point order, so that the same counts give the same insights.
        func mostFrequent<Key: Comparable>(_ counts: [Key: Int]) -> Key? {
            counts.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key
        }
        let frequent = byWord.map { folded, entry -> FrequentMistake in
            let word = mostFrequent(entry.forms) ?? folded
            let corrections = entry.corrections[word] ?? [:]
            let correction = corrections.min { ($1.value, $0.key ?? "") < ($0.value, $1.key ?? "") }?.key ?? nil
            return FrequentMistake(word: word, correction: correction, count: entry.total)
        }
        .sorted { ($1.count, $0.word.lowercased()) < ($0.count, $1.word.lowercased()) }
        .prefix(limit)

        var byCategory: [String: Int] = [:]
        var byKind: [String: Int] = [:]
        for (category, kind, count) in categories {
            byCategory[category, default: 0] += count
            if spellingCategories.contains(category), let kind { byKind[kind, default: 0] += count }
        }
        let totalMistakes = byCategory.values.reduce(0, +)
        let totalSpelling = byKind.values.reduce(0, +)
        func share(_ count: Int, of total: Int) -> Double {
            total == 0 ? 0 : (Double(count) / Double(total) * 1000).rounded() / 1000
        }
        let mostFirst: ((key: String, value: Int), (key: String, value: Int)) -> Bool = { ($1.value, $0.key) < ($0.value, $1.key) }
        let days = perDay.keys.sorted().map { Day(date: $0, checks: perDay[$0]!.checks, mistakes: perDay[$0]!.mistakes) }
        return Insights(
            frequentMistakes: Array(frequent),
            categories: byCategory.sorted(by: mostFirst).map {
                CategoryShare(category: $0.key, count: $0.value, share: share($0.value, of: totalMistakes))
            },
            kinds: byKind.sorted(by: mostFirst).map { KindShare(kind: $0.key, count: $0.value, share: share($0.value, of: totalSpelling)) },
            days: days, totalChecks: totalChecks, totalMistakes: totalMistakes, unindexedChecks: unindexedChecks)
    }
}
