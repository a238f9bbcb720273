/// The same word twice in a row: "the the".
///
/// Only words separated by spaces (at most one line break) count; repetitions that are correct
/// in a language ("had had", "nous nous", "die die") are left alone.
public struct RepeatedWordRule: ProofreadingRule {
    public let id = "REPEATED_WORD"
    public let category = MatchCategory.grammar
    public let description = "The same word twice in a row."
    public let isPicky = false

    public init() {}

    /// Repetitions that are grammatical, by primary language.
    static let allowed: [String: Set<String>] = [
        "en": ["had", "that", "is", "do", "bye", "so", "very", "no", "yes", "ha", "la"],
        "fr": ["nous", "vous", "si", "très", "non", "oui", "bye", "la"],
        "de": ["die", "der", "das", "sehr", "ja", "nein", "so", "la"],
        "es": ["muy", "no", "sí", "que", "la", "bye"],
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let allowed = Self.allowed[context.primaryLanguage] ?? []
        var previous: WordToken?
        for token in document.words {
            defer { previous = token }
            guard token.isWord, let before = previous, before.isWord else { continue }
            guard onlySpaces(between: before, and: token, in: document) else { continue }
            let first = document.text(of: before)
            let second = document.text(of: token)
            guard first.lowercased() == second.lowercased(), first.count > 0,
                  !allowed.contains(second.lowercased())
            else { continue }
            let text = context.explainer.repeatedWord(second)
            matches.append(
                Match(
                    offset: before.utf16Offset,
                    length: token.utf16Offset + token.utf16Length - before.utf16Offset,
                    text: document.text(bytes: before.byteRange.lowerBound..<token.byteRange.upperBound),
                    category: category, rule: id, message: text.message,
                    shortMessage: text.shortMessage, suggestions: [first],
                    explanation: text.explanation
                )
            )
        }
        return matches
    }

    private func onlySpaces(between first: WordToken, and second: WordToken, in document: CheckedDocument) -> Bool {
        var newlines = 0
        for index in first.byteRange.upperBound..<second.byteRange.lowerBound {
            switch document.bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "\n"): newlines += 1
            default: return false
            }
        }
        return newlines <= 1 && second.byteRange.lowerBound > first.byteRange.upperBound
    }
}
