/// French quotes « » instead of "straight" ones. (picky: the plain signs are a choice of the keyboard)
/// One of the French typography rules; it walks the token stream (`TokenScan`).
public struct FrenchQuotesRule: ProofreadingRule {
    public let id = "FR_GUILLEMETS"
    public let category = MatchCategory.typography
    public let description = "French quotes « » instead of \"straight\" ones."
    public let isPicky = true
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Il a dit \"bonjour\" en entrant.", "Il a dit «\u{202F}bonjour\u{202F}» en entrant.", language: "fr"),
        .right("Il a dit «\u{202F}bonjour\u{202F}» en entrant.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "French uses « » for quotations.", shortMessage: "French quotes", title: "French quotes",
                      detail: "French quotes its words between « and », each with a narrow no-break space on the inside: «\u{202F}bonjour\u{202F}». Straight quotes \" \" belong to code and to English."),
        .fr: RuleText(message: "En français, on cite entre guillemets « ».", shortMessage: "Guillemets français", title: "Guillemets français",
                      detail: "Le français met ses citations entre « et », avec une espace fine insécable à l’intérieur : «\u{202F}bonjour\u{202F}». Les guillemets droits \" \" sont ceux du code et de l’anglais."),
        .de: RuleText(message: "Im Französischen zitiert man mit « ».", shortMessage: "Französische Anführungszeichen", title: "Französische Anführungszeichen",
                      detail: "Das Französische setzt Zitate zwischen « und », innen mit schmalem geschütztem Leerzeichen: «\u{202F}bonjour\u{202F}». Gerade Anführungszeichen \" \" gehören zu Code und Englisch."),
        .es: RuleText(message: "En francés se cita entre « ».", shortMessage: "Comillas francesas", title: "Comillas francesas",
                      detail: "El francés cita entre « y », con un espacio estrecho de no separación por dentro: «\u{202F}bonjour\u{202F}». Las comillas rectas \" \" son las del código y del inglés."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            // Pairs of straight double quotes within one sentence, around words.
            var open: Int?
            for index in range where scan.isPunctuation(index, "\"") {
                if let start = open {
                    guard start + 1 < index else { open = nil; continue }
                    let inner = document.text(tokens: start + 1..<index).trimmingCharacters(in: .whitespaces)
                    scan.add(start..<index + 1, "«" + FrenchTypography.narrowSpace + inner + FrenchTypography.narrowSpace + "»")
                    open = nil
                } else if index + 1 < tokens.count, tokens[index + 1].kind == .word {
                    open = index
                }
            }
        }
        return scan.matches
    }
}
