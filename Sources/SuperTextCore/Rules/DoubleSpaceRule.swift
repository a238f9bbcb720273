/// Two or more spaces between words, where one is enough.
public struct DoubleSpaceRule: ProofreadingRule {
    public let id = "DOUBLE_SPACE"
    public let category = MatchCategory.typography
    public let description = "Two or more spaces between words."
    public let isPicky = false

    public init() {}

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Use a single space between words.", shortMessage: "Double space",
            title: "Extra spaces",
            detail: "There are {count} spaces here where one is enough."),
        .fr: RuleText(
            message: "Une seule espace suffit entre deux mots.", shortMessage: "Espace double",
            title: "Espaces en trop",
            detail: "Il y a ici {count} espaces là où une seule suffit."),
        .de: RuleText(
            message: "Zwischen zwei Wörtern genügt ein Leerzeichen.", shortMessage: "Doppeltes Leerzeichen",
            title: "Überzählige Leerzeichen",
            detail: "Hier stehen {count} Leerzeichen, wo eines genügt."),
        .es: RuleText(
            message: "Basta un solo espacio entre palabras.", shortMessage: "Espacio doble",
            title: "Espacios de más",
            detail: "Aquí hay {count} espacios donde basta uno."),
    ]

    public let examples: [RuleExample] = [
        .wrong("Two  spaces here.", "Two spaces here."),
        .right("One space. Then a new line\n  indented."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        var matches: [Match] = []
        // The explanation for each number of spaces, written once: a text with aligned columns
        // has thousands of these, and Foundation's replacing is slow.
        var details: [Int: String] = [:]
        let tokens = document.tokens
        // Spaces between two tokens of the same line; code blocks and aligned command lines in
        // Markdown are one skipped token, so their spaces are never seen here.
        for index in tokens.indices.dropFirst().dropLast() {
            let token = tokens[index]
            guard token.kind == .space, token.utf16Length >= 2,
                  !tokens[index - 1].isWhitespace, !tokens[index + 1].isWhitespace,
                  document.text(of: token).utf8.allSatisfy({ $0 == UInt8(ascii: " ") })
            else { continue }
            let count = token.utf16Length
            let detail = details[count] ?? RuleText.fill(text.detail, ["count": String(count)])
            details[count] = detail
            matches.append(
                document.match(
                    tokens: index..<index + 1, category: category, rule: id, message: text.message,
                    shortMessage: text.shortMessage, suggestions: [" "],
                    explanation: Explanation(
                        kind: .typography, title: text.title,
                        detail: detail
                    )
                )
            )
        }
        return matches
    }
}
