/// A space before a comma, full stop, semicolon, colon, question or exclamation mark.
///
/// French typography puts a (thin) space before `;`, `:`, `!` and `?`, so in French only the
/// comma and the full stop are checked.
public struct SpaceBeforePunctuationRule: ProofreadingRule {
    public let id = "SPACE_BEFORE_PUNCTUATION"
    public let category = MatchCategory.typography
    public let description = "A space before punctuation that takes none."
    public let isPicky = false

    public init() {}

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Remove the space before '{mark}'.", shortMessage: "Space before punctuation",
            title: "Space before punctuation",
            detail: "'{mark}' follows the word directly, with no space before it."),
        .fr: RuleText(
            message: "Supprimez l’espace avant « {mark} ».", shortMessage: "Espace avant ponctuation",
            title: "Espace avant la ponctuation",
            detail: "« {mark} » suit directement le mot, sans espace avant."),
        .de: RuleText(
            message: "Entfernen Sie das Leerzeichen vor „{mark}“.", shortMessage: "Leerzeichen vor Satzzeichen",
            title: "Leerzeichen vor Satzzeichen",
            detail: "„{mark}“ folgt direkt auf das Wort, ohne Leerzeichen davor."),
        .es: RuleText(
            message: "Quite el espacio antes de «{mark}».", shortMessage: "Espacio antes de puntuación",
            title: "Espacio antes de la puntuación",
            detail: "«{mark}» va pegado a la palabra, sin espacio delante."),
    ]

    public let examples: [RuleExample] = [
        .wrong("Really ? Yes , really.", "Really? Yes , really."),
        .wrong("He left .", "He left."),
        .right("Use .NET or ... as you like; pi is .5 more than 2.64."),
        .right("Vraiment ? Oui !", language: "fr"),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        let marks: Set<UInt8> = context.primaryLanguage == "fr"
            ? [UInt8(ascii: ","), UInt8(ascii: ".")]
            : [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"),
               UInt8(ascii: "!"), UInt8(ascii: "?")]
        let tokens = document.tokens
        var matches: [Match] = []
        for index in tokens.indices.dropFirst().dropLast() {
            let space = tokens[index]
            let mark = tokens[index + 1]
            guard space.kind == .space, space.utf16Length == 1, document.firstByte(of: index) == UInt8(ascii: " "),
                  mark.kind == .punctuation, marks.contains(document.firstByte(of: index + 1)),
                  tokens[index - 1].kind == .word || tokens[index - 1].kind == .number,
                  // The mark ends there (not `...`, `.5`, `.NET`).
                  index + 2 == tokens.count || tokens[index + 2].isWhitespace
            else { continue }
            let written = document.text(of: mark)
            func fill(_ template: String) -> String { RuleText.fill(template, ["mark": written]) }
            matches.append(
                document.match(
                    tokens: index..<index + 2, category: category, rule: id, message: fill(text.message),
                    shortMessage: text.shortMessage, suggestions: [written],
                    explanation: Explanation(kind: .typography, title: text.title, detail: fill(text.detail))
                )
            )
        }
        return matches
    }
}
