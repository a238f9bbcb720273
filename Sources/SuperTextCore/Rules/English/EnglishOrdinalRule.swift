/// The suffix of an ordinal number: 1st, 2nd, 3rd, 4th.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishOrdinalRule: ProofreadingRule {
    public let id = "EN_ORDINAL_SUFFIX"
    public let category = MatchCategory.typography
    public let description = "The suffix of an ordinal number: 1st, 2nd, 3rd, 4th."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("This was my 1nd try.", "This was my 1st try."),
        .wrong("It is the 12st floor and the 92rd street.", "It is the 12th floor and the 92rd street."),
        .right("The 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st and 111th rows."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "The ordinal is written '{suggestion}'.", shortMessage: "Ordinal", title: "Ordinal numbers",
                      detail: "The suffix follows the last word said: 1st (first), 2nd (second), 3rd (third), then th (4th, 11th, 12th, 13th); 21st, 22nd, 23rd again."),
        .fr: RuleText(message: "L’ordinal s’écrit « {suggestion} ».", shortMessage: "Ordinal", title: "Nombres ordinaux",
                      detail: "En anglais, le suffixe suit le mot prononcé : 1st (first), 2nd (second), 3rd (third), puis th (4th, 11th, 12th, 13th) ; de nouveau 21st, 22nd, 23rd."),
        .de: RuleText(message: "Die Ordnungszahl schreibt sich „{suggestion}“.", shortMessage: "Ordnungszahl", title: "Ordnungszahlen",
                      detail: "Im Englischen folgt die Endung dem gesprochenen Wort: 1st (first), 2nd (second), 3rd (third), dann th (4th, 11th, 12th, 13th); wieder 21st, 22nd, 23rd."),
        .es: RuleText(message: "El ordinal se escribe «{suggestion}».", shortMessage: "Ordinal", title: "Números ordinales",
                      detail: "En inglés, el sufijo sigue a la palabra pronunciada: 1st (first), 2nd (second), 3rd (third), luego th (4th, 11th, 12th, 13th); de nuevo 21st, 22nd, 23rd."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            // The word scanner reads "21st" as a number, and "1nd" too or as an identifier.
            for index in range where tokens[index].kind == .number || tokens[index].skipReason == .identifier {
                // Each suffix ends in d, h or t: most numbers are told by their last byte, without a string.
                guard let last = document.bytes[tokens[index].byteRange].last,
                      [UInt8(ascii: "d"), UInt8(ascii: "h"), UInt8(ascii: "t")].contains(last | 0x20)
                else { continue }
                let text = document.text(of: tokens[index]).lowercased()
                let digits = text.prefix { $0.isASCII && $0.isNumber }
                let suffix = text.dropFirst(digits.count)
                guard !digits.isEmpty, digits.count <= 9, ["st", "nd", "rd", "th"].contains(suffix), let number = Int(digits) else { continue }
                let right = number % 100 >= 11 && number % 100 <= 13 ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
                if suffix != right { scan.add(index..<index + 1, String(digits) + right) }
            }
        }
        return scan.matches
    }
}
