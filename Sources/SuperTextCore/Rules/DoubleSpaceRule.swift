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
            detail: "There are %d spaces here where one is enough."),
        .fr: RuleText(
            message: "Une seule espace suffit entre deux mots.", shortMessage: "Espace double",
            title: "Espaces en trop",
            detail: "Il y a ici %d espaces là où une seule suffit."),
        .de: RuleText(
            message: "Zwischen zwei Wörtern genügt ein Leerzeichen.", shortMessage: "Doppeltes Leerzeichen",
            title: "Überzählige Leerzeichen",
            detail: "Hier stehen %d Leerzeichen, wo eines genügt."),
        .es: RuleText(
            message: "Basta un solo espacio entre palabras.", shortMessage: "Espacio doble",
            title: "Espacios de más",
            detail: "Aquí hay %d espacios donde basta uno."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        var matches: [Match] = []
        let bytes = document.bytes
        var index = 0
        var utf16 = 0
        var previousWasWordish = false  // the last scalar was neither a space nor a line break
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " "), previousWasWordish {
                var end = index
                while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
                let count = end - index
                if count >= 2, end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
                    matches.append(
                        Match(
                            offset: utf16, length: count, text: String(repeating: " ", count: count),
                            category: category, rule: id, message: text.message,
                            shortMessage: text.shortMessage, suggestions: [" "],
                            explanation: Explanation(
                                kind: .typography, title: text.title,
                                detail: text.detail.replacingOccurrences(of: "%d", with: String(count))
                            )
                        )
                    )
                }
                utf16 += count
                index = end
                previousWasWordish = false
                continue
            }
            let length = utf8SequenceLength(byte)
            previousWasWordish = !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r"))
            utf16 += length == 4 ? 2 : 1
            index += length
        }
        return matches
    }
}
