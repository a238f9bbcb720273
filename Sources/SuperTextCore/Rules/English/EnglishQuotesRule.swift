/// Curly quotes “ ” instead of "straight" ones.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishQuotesRule: ProofreadingRule {
    public let id = "EN_QUOTES"
    public let category = MatchCategory.typography
    public let description = "Curly quotes “ ” instead of \"straight\" ones."
    /// Straight quotes are a choice (code, plain text), so curly ones are asked for only when picky.
    public let isPicky = true
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("She said \"hello\" and left.", "She said “hello” and left."),
        .right("She said “hello” and left. He is 6' 2\" tall."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use curly quotes: '{suggestion}'.", shortMessage: "Curly quotes", title: "Quotation marks",
                      detail: "Printed English opens a quotation with “ and closes it with ”; the straight mark \" is a typewriter's stand-in for both."),
        .fr: RuleText(message: "En anglais imprimé, on cite avec “ ” : « {suggestion} ».", shortMessage: "Guillemets anglais", title: "Guillemets anglais",
                      detail: "L’anglais imprimé ouvre la citation par “ et la ferme par ” ; le guillemet droit \" est celui de la machine à écrire."),
        .de: RuleText(message: "Im gedruckten Englisch zitiert man mit “ ”: „{suggestion}“.", shortMessage: "Englische Anführungszeichen", title: "Englische Anführungszeichen",
                      detail: "Gedrucktes Englisch öffnet ein Zitat mit “ und schließt es mit ”; das gerade Zeichen \" stammt von der Schreibmaschine."),
        .es: RuleText(message: "En inglés impreso se cita con “ ”: «{suggestion}».", shortMessage: "Comillas inglesas", title: "Comillas inglesas",
                      detail: "El inglés impreso abre la cita con “ y la cierra con ”; la comilla recta \" es la de la máquina de escribir."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            // An inch mark after a number ("6' 2\"") is no quote.
            for (open, close) in scan.straightQuotePairs(in: range)
            where tokens[close - 1].kind != .number && (open == 0 || tokens[open - 1].kind != .number) {
                scan.add(open..<close + 1, "“" + document.text(tokens: open + 1..<close) + "”")
            }
        }
        return scan.matches
    }
}
