/// A space after a comma or semicolon between words.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishSpaceAfterCommaRule: ProofreadingRule {
    public let id = "EN_SPACE_AFTER_COMMA"
    public let category = MatchCategory.punctuation
    public let description = "A space after a comma or semicolon between words."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("I met him,then we left.", "I met him, then we left."),
        .wrong("We came;they left.", "We came; they left."),
        .right("I met him, then we left. It costs 1,000 dollars. Points a,b and c."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
    .en: RuleText(message: "Put a space after the punctuation: '{suggestion}'.", shortMessage: "Space after punctuation", title: "Space after a comma",
                  detail: "A comma or a semicolon follows the word before it and has a space after it: red, green; blue."),
    .fr: RuleText(message: "Mettez une espace après la ponctuation : « {suggestion} ».", shortMessage: "Espace après la ponctuation", title: "Espace après la virgule",
                  detail: "En anglais, la virgule et le point-virgule suivent le mot sans espace et sont suivis d’une espace : red, green; blue."),
    .de: RuleText(message: "Nach dem Satzzeichen steht ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen nach Satzzeichen", title: "Leerzeichen nach dem Komma",
                  detail: "Komma und Semikolon stehen direkt hinter dem Wort und vor einem Leerzeichen: red, green; blue."),
    .es: RuleText(message: "Ponga un espacio tras el signo: «{suggestion}».", shortMessage: "Espacio tras el signo", title: "Espacio tras la coma",
                  detail: "La coma y el punto y coma van pegados a la palabra anterior y seguidos de un espacio: red, green; blue."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // "him,then": two words with no space after the comma (not 1,000 nor a,b).
            for index in range where tokens[index].kind == .punctuation && (texts[index] == "," || texts[index] == ";") {
                guard index > range.lowerBound, index + 1 < range.upperBound, tokens[index - 1].kind == .word,
                      tokens[index + 1].kind == .word, texts[index - 1].count > 1, texts[index + 1].count > 1
                else { continue }
                scan.add(index..<index + 1, texts[index] + " ")
            }
        }
        return scan.matches
    }
}
