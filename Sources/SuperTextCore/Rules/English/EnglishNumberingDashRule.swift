/// No dash after the number of a heading.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishNumberingDashRule: ProofreadingRule {
    public let id = "EN_NUMBERING_DASH"
    public let category = MatchCategory.punctuation
    public let description = "No dash after the number of a heading."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("1.- Introduction", "1. Introduction"),
        .wrong("2.3.— Results", "2.3. Results"),
        .right("1. Introduction"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "The number of a heading needs no dash after its period.", shortMessage: "Dash after a number", title: "Numbered headings",
                      detail: "A heading's number ends with its period: \"1. Introduction\", \"2.3. Results\". A dash after it adds nothing."),
        .fr: RuleText(message: "Le numéro d’un titre ne prend pas de tiret après son point.", shortMessage: "Tiret après un numéro", title: "Titres numérotés",
                      detail: "Le numéro d’un titre finit par son point : « 1. Introduction », « 2.3. Résultats ». Un tiret après n’ajoute rien."),
        .de: RuleText(message: "Nach dem Punkt einer Überschriftennummer steht kein Strich.", shortMessage: "Strich nach Nummer", title: "Nummerierte Überschriften",
                      detail: "Die Nummer einer Überschrift endet mit ihrem Punkt: „1. Einleitung“, „2.3. Ergebnisse“. Ein Strich danach fügt nichts hinzu."),
        .es: RuleText(message: "El número de un título no lleva raya tras su punto.", shortMessage: "Raya tras un número", title: "Títulos numerados",
                      detail: "El número de un título termina en su punto: «1. Introducción», «2.3. Resultados». Una raya detrás no añade nada."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // "1.- Introduction": a number starting a line, its period, dashes, a space.
            for index in range where tokens[index].kind == .number && scan.startsLine(index) {
                guard scan.isPunctuation(index + 1, ".") else { continue }
                var end = index + 2
                // The sentence splitter may end a sentence at the period: read on past it.
                while end < tokens.count, tokens[end].kind == .punctuation, ["-", "–", "—"].contains(texts[end]) { end += 1 }
                guard end > index + 2, end < tokens.count, tokens[end].kind == .space else { continue }
                scan.add(index + 2..<end, "")
            }
        }
        return scan.matches
    }
}
