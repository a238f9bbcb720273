/// Hypotheses with a subscript: H₀, H₁.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishHypothesisRule: ProofreadingRule {
    public let id = "EN_HYPOTHESIS_SUBSCRIPT"
    public let category = MatchCategory.typography
    public let description = "Hypotheses with a subscript: H₀, H₁."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("H0: There is no effect.", "H₀: There is no effect."),
        .right("H₀: There is no effect. The H1 heading is the largest."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write the hypothesis with a subscript: '{suggestion}'.", shortMessage: "Subscript", title: "Hypotheses",
                      detail: "In statistics the null hypothesis is H₀ and the alternatives H₁, H₂: the number is a subscript, not a digit on the line."),
        .fr: RuleText(message: "Écrivez l’hypothèse avec un indice : « {suggestion} ».", shortMessage: "Indice", title: "Hypothèses",
                      detail: "En statistique, l’hypothèse nulle s’écrit H₀ et les autres H₁, H₂ : le chiffre est en indice."),
        .de: RuleText(message: "Schreiben Sie die Hypothese mit tiefgestellter Zahl: „{suggestion}“.", shortMessage: "Tiefgestellt", title: "Hypothesen",
                      detail: "In der Statistik heißt die Nullhypothese H₀ und die Alternativen H₁, H₂: die Zahl ist tiefgestellt."),
        .es: RuleText(message: "Escriba la hipótesis con subíndice: «{suggestion}».", shortMessage: "Subíndice", title: "Hipótesis",
                      detail: "En estadística, la hipótesis nula es H₀ y las alternativas H₁, H₂: el número va en subíndice."),
    ]

    /// The subscript digits.
    static let subscripts: [Character: String] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for (part, range) in document.sentenceTokens.enumerated() {
            // "H0: ..." at the start of a sentence or a line.
            guard !document.continuesSentence[part], let first = range.first(where: { !tokens[$0].isWhitespace }),
                  tokens[first].kind == .skipped, case let text = document.text(of: tokens[first]),
                  text.count == 2, text.first == "H", let digit = text.last, let lowered = Self.subscripts[digit],
                  scan.isPunctuation(first + 1, ":"), first + 3 < range.upperBound, tokens[first + 2].kind == .space,
                  tokens[first + 3].kind == .word, WordCase.startsWithCapital(document.text(of: tokens[first + 3]))
            else { continue }
            scan.add(first..<first + 1, "H" + lowered)
        }
        return scan.matches
    }
}
