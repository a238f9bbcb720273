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
            message: "Remove the space before '%p'.", shortMessage: "Space before punctuation",
            title: "Space before punctuation",
            detail: "'%p' follows the word directly, with no space before it."),
        .fr: RuleText(
            message: "Supprimez l’espace avant « %p ».", shortMessage: "Espace avant ponctuation",
            title: "Espace avant la ponctuation",
            detail: "« %p » suit directement le mot, sans espace avant."),
        .de: RuleText(
            message: "Entfernen Sie das Leerzeichen vor „%p“.", shortMessage: "Leerzeichen vor Satzzeichen",
            title: "Leerzeichen vor Satzzeichen",
            detail: "„%p“ folgt direkt auf das Wort, ohne Leerzeichen davor."),
        .es: RuleText(
            message: "Quite el espacio antes de «%p».", shortMessage: "Espacio antes de puntuación",
            title: "Espacio antes de la puntuación",
            detail: "«%p» va pegado a la palabra, sin espacio delante."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        let marks: Set<UInt8> = context.primaryLanguage == "fr"
            ? [UInt8(ascii: ","), UInt8(ascii: ".")]
            : [UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"),
               UInt8(ascii: "!"), UInt8(ascii: "?")]
        let bytes = document.bytes
        var matches: [Match] = []
        var index = 0
        var utf16 = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = utf8SequenceLength(byte)
            if byte == UInt8(ascii: " "), index > 0, index + 1 < bytes.count, marks.contains(bytes[index + 1]),
               Self.isLetterOrDigit(before: index, in: bytes),
               Self.endsPunctuation(after: index + 1, in: bytes) {
                let mark = String(UnicodeScalar(bytes[index + 1]))
                func fill(_ template: String) -> String { template.replacingOccurrences(of: "%p", with: mark) }
                matches.append(
                    Match(
                        offset: utf16, length: 2, text: " " + mark, category: category, rule: id,
                        message: fill(text.message), shortMessage: text.shortMessage,
                        suggestions: [mark],
                        explanation: Explanation(kind: .typography, title: text.title, detail: fill(text.detail))
                    )
                )
            }
            utf16 += length == 4 ? 2 : 1
            index += length
        }
        return matches
    }

    /// The byte before the space ends a word (not an ellipsis, a bullet or a line start).
    private static func isLetterOrDigit(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[index - 1]
        if byte >= 0x80 { return true }
        let scalarClass = ScalarClass.of(ascii: byte)
        return scalarClass.isLetter || scalarClass == .digit
    }

    /// The mark is followed by a space, a line end or the end (not `.NET`, `.5` or `...`).
    private static func endsPunctuation(after index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let next = index + 1
        guard next < bytes.count else { return true }
        let byte = bytes[next]
        return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }
}
