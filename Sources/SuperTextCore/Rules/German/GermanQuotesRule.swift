/// German quotes „ “ instead of "straight" ones (picky: straight quotes are a choice in plain text).
/// One of the German typography rules; it walks the token stream (`TokenScan`).
public struct GermanQuotesRule: ProofreadingRule {
    public let id = "DE_QUOTES"
    public let category = MatchCategory.typography
    public let description = "German quotes „ “ instead of \"straight\" ones."
    public let isPicky = true
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Er sagte \"Hallo\" und ging.", "Er sagte „Hallo“ und ging.", language: "de-DE"),
        .right("Er sagte „Hallo“ und ging.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "German quotes with „ “: '{suggestion}'.", shortMessage: "German quotes", title: "German quotation marks",
                      detail: "German opens a quotation low and closes it high: „Hallo“, and inside it ‚so‘. The straight marks \" \" are a typewriter's; Swiss German uses « » instead."),
        .fr: RuleText(message: "L’allemand cite avec „ “ : « {suggestion} ».", shortMessage: "Guillemets allemands", title: "Guillemets allemands",
                      detail: "L’allemand ouvre la citation en bas et la ferme en haut : „Hallo“, et à l’intérieur ‚so‘. Les guillemets droits \" \" sont ceux de la machine à écrire ; l’allemand de Suisse emploie « »."),
        .de: RuleText(message: "Im Deutschen setzt man „ “: „{suggestion}“.", shortMessage: "Deutsche Anführungszeichen", title: "Deutsche Anführungszeichen",
                      detail: "Das Deutsche öffnet ein Zitat unten und schließt es oben: „Hallo“, innen ‚so‘. Die geraden Zeichen \" \" stammen von der Schreibmaschine; in der Schweiz setzt man « »."),
        .es: RuleText(message: "El alemán cita con „ “: «{suggestion}».", shortMessage: "Comillas alemanas", title: "Comillas alemanas",
                      detail: "El alemán abre la cita abajo y la cierra arriba: „Hallo“, y dentro ‚so‘. Las comillas rectas \" \" son de máquina de escribir; el alemán de Suiza usa « »."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        for range in document.sentenceTokens {
            for (open, close) in scan.straightQuotePairs(in: range) {
                let inner = document.text(tokens: open + 1..<close)
                // The message shows the quoted words; the suggestion puts them in German quotes.
                scan.add(open..<close + 1, "„" + inner + "“", shown: inner)
            }
        }
        return scan.matches
    }
}
