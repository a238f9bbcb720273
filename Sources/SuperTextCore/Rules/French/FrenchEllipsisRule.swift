/// The ellipsis character … instead of three full stops. (picky: the plain signs are a choice of the keyboard)
/// One of the French typography rules; it walks the token stream (`TokenScan`).
public struct FrenchEllipsisRule: ProofreadingRule {
    public let id = "FR_POINTS_SUSPENSION"
    public let category = MatchCategory.typography
    public let description = "The ellipsis character … instead of three full stops."
    public let isPicky = true
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Je ne sais pas...", "Je ne sais pas…", language: "fr"),
        .right("Je ne sais pas…", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use the ellipsis character '…'.", shortMessage: "Ellipsis", title: "Ellipsis",
                      detail: "Three full stops in a row are one sign, the ellipsis …: it keeps its dots together at the end of a line and is spaced as one character."),
        .fr: RuleText(message: "Utilisez le caractère « … » (points de suspension).", shortMessage: "Points de suspension", title: "Points de suspension",
                      detail: "Trois points à la suite forment un seul signe, les points de suspension … : ils restent ensemble en fin de ligne et s’espacent comme un seul caractère."),
        .de: RuleText(message: "Verwenden Sie das Auslassungszeichen „…“.", shortMessage: "Auslassungspunkte", title: "Auslassungspunkte",
                      detail: "Drei Punkte hintereinander sind ein Zeichen, die Auslassungspunkte …: Sie bleiben am Zeilenende zusammen und werden wie ein Zeichen gesetzt."),
        .es: RuleText(message: "Use el carácter de puntos suspensivos «…».", shortMessage: "Puntos suspensivos", title: "Puntos suspensivos",
                      detail: "Tres puntos seguidos son un solo signo, los puntos suspensivos …: se mantienen juntos al final de la línea y se espacian como un carácter."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        func isDot(_ index: Int) -> Bool { scan.isPunctuation(index, ".") }
        var index = 0
        while index < tokens.count {
            if isDot(index), isDot(index + 1), isDot(index + 2), !isDot(index + 3), !(index > 0 && isDot(index - 1)),
               !(index > 0 && document.lowercasedTexts[index - 1] == "etc") {
                scan.add(index..<index + 3, "…")
                index += 3
                continue
            }
            index += 1
        }
        return scan.matches
    }
}
