/// Decades without an apostrophe: the 1990s.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishDecadeRule: ProofreadingRule {
    public let id = "EN_DECADE_APOSTROPHE"
    public let category = MatchCategory.typography
    public let description = "Decades without an apostrophe: the 1990s."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Where were you in the 1990's?", "Where were you in the 1990s?"),
        .wrong("Music of the 80’s was loud.", "Music of the 80s was loud."),
        .right("Music of the 1980s was loud. The 1990's best song won."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "A decade is a plural, without an apostrophe: '{suggestion}'.", shortMessage: "Decade", title: "Decades",
                      detail: "Decades are plurals of numbers: the 1990s, the 80s. An apostrophe marks a possessive or letters left out ('90s for 1990s), not a plural."),
        .fr: RuleText(message: "Une décennie est un pluriel, sans apostrophe : « {suggestion} ».", shortMessage: "Décennie", title: "Décennies",
                      detail: "En anglais, les décennies sont des pluriels : the 1990s, the 80s. L’apostrophe marque un possessif ou des chiffres omis ('90s), pas un pluriel."),
        .de: RuleText(message: "Ein Jahrzehnt ist ein Plural, ohne Apostroph: „{suggestion}“.", shortMessage: "Jahrzehnt", title: "Jahrzehnte",
                      detail: "Im Englischen sind Jahrzehnte Plurale: the 1990s, the 80s. Der Apostroph zeigt einen Besitz oder ausgelassene Ziffern ('90s), keinen Plural."),
        .es: RuleText(message: "Una década es un plural, sin apóstrofo: «{suggestion}».", shortMessage: "Década", title: "Décadas",
                      detail: "En inglés, las décadas son plurales: the 1990s, the 80s. El apóstrofo marca un posesivo o cifras omitidas ('90s), no un plural."),
    ]

    /// Words before a decade ("the 1990's", "the early 80's").
    static let decadeLeaders: Set<String> = ["the", "early", "late", "mid", "their", "his", "her", "our", "my", "your"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .skipped && tokens[index].skipReason == .identifier {
                let text = document.text(of: tokens[index])
                let digits = text.prefix { $0.isASCII && $0.isNumber }
                let rest = text.dropFirst(digits.count)
                guard digits.count == 2 || (digits.count == 4 && (digits.first == "1" || digits.first == "2")),
                      digits.last == "0", rest == "'s" || rest == "’s",
                      let previous = document.previousSignificant(before: index), previous >= range.lowerBound,
                      Self.decadeLeaders.contains(texts[previous]) || texts[previous] == "-"
                else { continue }
                // "the 1990's best song": a possessive before a noun phrase stays.
                if let next = document.nextSignificant(after: index), next < range.upperBound,
                   tokens[next].kind == .word, case let tags = context.grammar.lexicon.tags(of: texts[next]),
                   tags.contains(.JJS) || tags.containsAny(.noun) {
                    continue
                }
                scan.add(index..<index + 1, String(digits) + "s")
            }
        }
        return scan.matches
    }
}
