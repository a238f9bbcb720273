/// English quotes “ ” instead of „German“ or ``TeX'' ones.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishQuoteMarksRule: ProofreadingRule {
    public let id = "EN_QUOTE_MARKS"
    public let category = MatchCategory.typography
    public let description = "English quotes “ ” instead of „German“ or ``TeX'' ones."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("She said „hello” and left.", "She said “hello” and left."),
        .wrong("She said ``hello” and left.", "She said “hello” and left."),
        .right("She said “hello” and left."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "English opens a quotation with '{suggestion}'.", shortMessage: "English quotes", title: "English quotation marks",
                      detail: "English quotes “like this”: the low „ is German, and `` '' are how TeX and old keyboards typed quotes."),
        .fr: RuleText(message: "L’anglais ouvre une citation par « {suggestion} ».", shortMessage: "Guillemets anglais", title: "Guillemets anglais",
                      detail: "L’anglais cite “ainsi” : le guillemet bas „ est allemand, et `` '' sont la saisie de TeX et des vieux claviers."),
        .de: RuleText(message: "Im Englischen beginnt ein Zitat mit „{suggestion}“.", shortMessage: "Englische Anführungszeichen", title: "Englische Anführungszeichen",
                      detail: "Englisch zitiert “so”: das tiefe „ ist deutsch, und `` '' sind die Schreibweise von TeX und alten Tastaturen."),
        .es: RuleText(message: "En inglés, la cita se abre con «{suggestion}».", shortMessage: "Comillas inglesas", title: "Comillas inglesas",
                      detail: "El inglés cita “así”: la comilla baja „ es alemana, y `` '' son la forma de escribirlas en TeX y en teclados antiguos."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // „ and ` start with these bytes: other punctuation is passed over before any string is compared.
            for index in range where tokens[index].kind == .punctuation
                && (document.firstByte(of: index) == 0xE2 || document.firstByte(of: index) == UInt8(ascii: "`")) {
                // „ opening an English quotation, or `` as TeX types it.
                if texts[index] == "„", scan.isWordLike(index + 1) {
                    scan.add(index..<index + 1, "“")
                } else if texts[index] == "`", scan.isPunctuation(index + 1, "`"), scan.isWordLike(index + 2),
                          !scan.isPunctuation(index - 1, "`") {
                    scan.add(index..<index + 2, "“")
                }
            }
        }
        return scan.matches
    }
}
