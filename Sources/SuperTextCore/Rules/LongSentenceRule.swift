/// A sentence of more than 40 words, hard to read. Picky: runs only when asked for.
public struct LongSentenceRule: ProofreadingRule {
    public let id = "LONG_SENTENCE"
    public let category = MatchCategory.style
    public let description = "A sentence of more than 40 words."
    public let isPicky = true
    /// Words a sentence may have before it counts as long.
    public let maximumWords = 40

    public init() {}

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "This sentence has {count} words; consider splitting it.", shortMessage: "Long sentence",
            title: "Long sentence",
            detail: "Sentences of more than {maximum} words are hard to follow. This one has {count}."),
        .fr: RuleText(
            message: "Cette phrase compte {count} mots ; pensez à la couper.", shortMessage: "Phrase longue",
            title: "Phrase longue",
            detail: "Une phrase de plus de {maximum} mots est difficile à suivre. Celle-ci en compte {count}."),
        .de: RuleText(
            message: "Dieser Satz hat {count} Wörter; teilen Sie ihn besser auf.", shortMessage: "Langer Satz",
            title: "Langer Satz",
            detail: "Sätze mit mehr als {maximum} Wörtern sind schwer zu lesen. Dieser hat {count}."),
        .es: RuleText(
            message: "Esta oración tiene {count} palabras; conviene dividirla.", shortMessage: "Oración larga",
            title: "Oración larga",
            detail: "Las oraciones de más de {maximum} palabras cuestan de seguir. Esta tiene {count}."),
    ]

    public var examples: [RuleExample] {
        let long = Array(repeating: "word", count: 45).joined(separator: " ")
        return [.wrong("A " + long + ".", "A " + long + "."), .right("A short sentence.")]
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        var matches: [Match] = []
        // Whole sentences: the parts a very long sentence is cut into for other rules would
        // each report a share of its words.
        for sentence in document.wholeSentenceTokens {
            let words = sentence.filter { document.tokens[$0].kind == .word }
            guard words.count > maximumWords, let first = words.first, let last = words.last else { continue }
            let count = words.count
            func fill(_ template: String) -> String {
                RuleText.fill(template, ["count": String(count), "maximum": String(maximumWords)])
            }
            matches.append(
                document.match(
                    tokens: first..<last + 1, category: category, rule: id, message: fill(text.message),
                    shortMessage: text.shortMessage, suggestions: [],
                    explanation: Explanation(kind: .style, title: text.title, detail: fill(text.detail))
                )
            )
        }
        return matches
    }
}
