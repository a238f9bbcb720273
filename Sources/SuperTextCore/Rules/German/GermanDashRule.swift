/// A dash – instead of a hyphen between spaces.
/// One of the German typography rules; it walks the token stream (`TokenScan`).
public struct GermanDashRule: ProofreadingRule {
    public let id = "DE_DASH"
    public let category = MatchCategory.typography
    public let description = "A dash – instead of a hyphen between spaces."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Das ist gut - sehr gut.", "Das ist gut – sehr gut.", language: "de-DE"),
        .right("Er kam – wie immer – zu spät. Die Nord-Süd-Achse. Seiten 10 - 12.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use a dash '–' between spaces, not a hyphen.", shortMessage: "Dash", title: "Dash, not hyphen",
                      detail: "A hyphen joins words (Nord-Süd-Achse); an aside or a pause between words takes the dash, the en dash – with a space on each side: Er kam – wie immer – zu spät."),
        .fr: RuleText(message: "Entre deux espaces, utilisez le tiret « – », pas le trait d’union.", shortMessage: "Tiret", title: "Tiret, pas trait d’union",
                      detail: "Le trait d’union lie des mots (Nord-Süd-Achse) ; une incise ou une pause prend le tiret demi-cadratin –, avec une espace de chaque côté : Er kam – wie immer – zu spät."),
        .de: RuleText(message: "Zwischen Leerzeichen steht der Gedankenstrich „–“, nicht der Bindestrich.", shortMessage: "Gedankenstrich", title: "Gedankenstrich statt Bindestrich",
                      detail: "Der Bindestrich verbindet Wörter (Nord-Süd-Achse); ein Einschub oder eine Pause bekommt den Gedankenstrich – mit Leerzeichen auf beiden Seiten: Er kam – wie immer – zu spät."),
        .es: RuleText(message: "Entre espacios use la raya «–», no el guion.", shortMessage: "Raya", title: "Raya, no guion",
                      detail: "El guion une palabras (Nord-Süd-Achse); un inciso o una pausa lleva la raya corta –, con un espacio a cada lado: Er kam – wie immer – zu spät."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            for index in range where scan.isPunctuation(index, "-") {
                guard index >= 2, index + 2 < range.upperBound, tokens[index - 1].kind == .space, tokens[index + 1].kind == .space,
                      tokens[index - 2].kind == .word, tokens[index + 2].kind == .word
                else { continue }
                scan.add(index..<index + 1, "–")
            }
        }
        return scan.matches
    }
}
