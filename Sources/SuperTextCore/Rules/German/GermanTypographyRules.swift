/// German typography: „German quotes“ instead of "straight" ones, and the dash – instead of a
/// hyphen between spaces.
public struct GermanTypographyRule: ProofreadingRule {
    public enum Kind: Sendable { case quotes, dash }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String { kind == .quotes ? "DE_QUOTES" : "DE_DASH" }
    public let category = MatchCategory.typography
    public var description: String {
        kind == .quotes ? "German quotes „ “ instead of \"straight\" ones." : "A dash – instead of a hyphen between spaces."
    }
    public var isPicky: Bool { kind == .quotes }
    public let languages: Set<String> = ["de"]

    public var examples: [RuleExample] {
        switch kind {
        case .quotes: [
            .wrong("Er sagte \"Hallo\" und ging.", "Er sagte „Hallo“ und ging.", language: "de-DE"),
            .right("Er sagte „Hallo“ und ging.", language: "de-DE"),
        ]
        case .dash: [
            .wrong("Das ist gut - sehr gut.", "Das ist gut – sehr gut.", language: "de-DE"),
            .right("Er kam – wie immer – zu spät. Die Nord-Süd-Achse. Seiten 10 - 12.", language: "de-DE"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .quotes: [
            .en: RuleText(message: "German quotes with „ “: '{suggestion}'.", shortMessage: "German quotes", title: "German quotation marks",
                          detail: "German opens a quotation low and closes it high: „Hallo“, and inside it ‚so‘. The straight marks \" \" are a typewriter's; Swiss German uses « » instead."),
            .fr: RuleText(message: "L’allemand cite avec „ “ : « {suggestion} ».", shortMessage: "Guillemets allemands", title: "Guillemets allemands",
                          detail: "L’allemand ouvre la citation en bas et la ferme en haut : „Hallo“, et à l’intérieur ‚so‘. Les guillemets droits \" \" sont ceux de la machine à écrire ; l’allemand de Suisse emploie « »."),
            .de: RuleText(message: "Im Deutschen setzt man „ “: „{suggestion}“.", shortMessage: "Deutsche Anführungszeichen", title: "Deutsche Anführungszeichen",
                          detail: "Das Deutsche öffnet ein Zitat unten und schließt es oben: „Hallo“, innen ‚so‘. Die geraden Zeichen \" \" stammen von der Schreibmaschine; in der Schweiz setzt man « »."),
            .es: RuleText(message: "El alemán cita con „ “: «{suggestion}».", shortMessage: "Comillas alemanas", title: "Comillas alemanas",
                          detail: "El alemán abre la cita abajo y la cierra arriba: „Hallo“, y dentro ‚so‘. Las comillas rectas \" \" son de máquina de escribir; el alemán de Suiza usa « »."),
        ],
        .dash: [
            .en: RuleText(message: "Use a dash '–' between spaces, not a hyphen.", shortMessage: "Dash", title: "Dash, not hyphen",
                          detail: "A hyphen joins words (Nord-Süd-Achse); an aside or a pause between words takes the dash, the en dash – with a space on each side: Er kam – wie immer – zu spät."),
            .fr: RuleText(message: "Entre deux espaces, utilisez le tiret « – », pas le trait d’union.", shortMessage: "Tiret", title: "Tiret, pas trait d’union",
                          detail: "Le trait d’union lie des mots (Nord-Süd-Achse) ; une incise ou une pause prend le tiret demi-cadratin –, avec une espace de chaque côté : Er kam – wie immer – zu spät."),
            .de: RuleText(message: "Zwischen Leerzeichen steht der Gedankenstrich „–“, nicht der Bindestrich.", shortMessage: "Gedankenstrich", title: "Gedankenstrich statt Bindestrich",
                          detail: "Der Bindestrich verbindet Wörter (Nord-Süd-Achse); ein Einschub oder eine Pause bekommt den Gedankenstrich – mit Leerzeichen auf beiden Seiten: Er kam – wie immer – zu spät."),
            .es: RuleText(message: "Entre espacios use la raya «–», no el guion.", shortMessage: "Raya", title: "Raya, no guion",
                          detail: "El guion une palabras (Nord-Süd-Achse); un inciso o una pausa lleva la raya corta –, con un espacio a cada lado: Er kam – wie immer – zu spät."),
        ],
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let ruleText = Self.texts[kind]![context.explanationLanguage] ?? Self.texts[kind]![.en]!
        func add(_ range: Range<Int>, _ suggestion: String, _ shown: String) {
            matches.append(document.match(
                tokens: range, category: category, rule: id,
                message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: shown), shortMessage: ruleText.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
        }
        for range in document.sentenceTokens {
            switch kind {
            case .quotes:
                // Pairs of straight quotes in a sentence: the first opens, the second closes.
                let quotes = range.filter { tokens[$0].kind == .punctuation && document.lowercasedTexts[$0] == "\"" }
                var index = 0
                while index + 1 < quotes.count {
                    let open = quotes[index], close = quotes[index + 1]
                    index += 2
                    guard close > open + 1, tokens[open + 1].kind != .space, tokens[close - 1].kind != .space else { continue }
                    let inner = document.text(tokens: open + 1..<close)
                    add(open..<close + 1, "„" + inner + "“", inner)
                }
            case .dash:
                for index in range where tokens[index].kind == .punctuation && document.lowercasedTexts[index] == "-" {
                    guard index >= 2, index + 2 < range.upperBound, tokens[index - 1].kind == .space, tokens[index + 1].kind == .space,
                          tokens[index - 2].kind == .word, tokens[index + 2].kind == .word
                    else { continue }
                    add(index..<index + 1, "–", "–")
                }
            }
        }
        return matches
    }
}
