/// No space inside parentheses.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishParenthesisSpaceRule: ProofreadingRule {
    public let id = "EN_PARENTHESIS_SPACE"
    public let category = MatchCategory.punctuation
    public let description = "No space inside parentheses."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("She said ( hello ) to me.", "She said (hello ) to me."),
        .wrong("She said (hello ) to me.", "She said (hello) to me."),
        .right("She said (hello) to me. Smileys :-) stay."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "No space inside the parentheses: '{suggestion}'.", shortMessage: "Space in parentheses", title: "Parentheses",
                      detail: "Parentheses hug what they hold: (like this), not ( like this )."),
        .fr: RuleText(message: "Pas d’espace à l’intérieur des parenthèses : « {suggestion} ».", shortMessage: "Espace entre parenthèses", title: "Parenthèses",
                      detail: "Les parenthèses entourent leur contenu sans espace : (comme ceci), non ( comme ceci )."),
        .de: RuleText(message: "Kein Leerzeichen innerhalb der Klammern: „{suggestion}“.", shortMessage: "Leerzeichen in Klammern", title: "Klammern",
                      detail: "Klammern umschließen ihren Inhalt ohne Leerzeichen: (so), nicht ( so )."),
        .es: RuleText(message: "Sin espacio dentro del paréntesis: «{suggestion}».", shortMessage: "Espacio en paréntesis", title: "Paréntesis",
                      detail: "Los paréntesis abrazan su contenido sin espacios: (así), no ( así )."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            var opened = false
            for index in range {
                if scan.isPunctuation(index, "(") { opened = true }
                guard tokens[index].kind == .space, tokens[index].byteRange.count == 1 else { continue }
                // "( hello": after an opening parenthesis; "hello )": before a closing one.
                if scan.isPunctuation(index - 1, "("), scan.isWordLike(index + 1), index >= 2, tokens[index - 2].isWhitespace {
                    scan.add(index - 1..<index + 1, "(")
                } else if scan.isPunctuation(index + 1, ")"), scan.isWordLike(index - 1),
                          index + 2 >= tokens.count || tokens[index + 2].isWhitespace || tokens[index + 2].kind == .punctuation,
                          opened {
                    scan.add(index..<index + 2, ")")
                }
            }
        }
        return scan.matches
    }
}
