/// A space between a number and its unit or sign: 5 %, 10 €.
/// One of the German spacing rules; it reads the token stream, spaces included (`TokenScan`).
public struct GermanUnitSpaceRule: ProofreadingRule {
    public let id = "DE_EINHEIT_LEERZEICHEN"
    public let category = MatchCategory.typography
    public let description = "A space between a number and its unit or sign: 5 %, 10 €."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Der Zins liegt bei 3%.", "Der Zins liegt bei 3 %.", language: "de-DE"),
        .wrong("Das kostet 1,4€.", "Das kostet 1,4 €.", language: "de-DE"),
        .wrong("Er wiegt 5kg.", "Er wiegt 5 kg.", language: "de-DE"),
        .right("Der Zins liegt bei 3 %. Das kostet 10 €. Der 5-prozentige Anteil. Er fährt einen A4.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a space between the number and its unit: '{suggestion}'.", shortMessage: "Space before unit", title: "A space before a unit",
                      detail: "German puts a space between a number and its unit, currency or percent sign: 5 %, 10 €, 3 kg. Written together, the number is an adjective's first part: 5-prozentig, 3-kg-Packung."),
        .fr: RuleText(message: "Mettez une espace entre le nombre et son unité : « {suggestion} ».", shortMessage: "Espace avant l’unité", title: "Une espace avant l’unité",
                      detail: "L’allemand met une espace entre un nombre et son unité, sa monnaie ou le signe pour cent : 5 %, 10 €, 3 kg. Soudé, le nombre est le début d’un adjectif : 5-prozentig, 3-kg-Packung."),
        .de: RuleText(message: "Zwischen Zahl und Einheit steht ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen vor Einheit", title: "Leerzeichen vor der Einheit",
                      detail: "Zwischen einer Zahl und ihrer Einheit, Währung oder dem Prozentzeichen steht ein Leerzeichen: 5 %, 10 €, 3 kg. Zusammengeschrieben ist die Zahl Teil eines Adjektivs: 5-prozentig, 3-kg-Packung."),
        .es: RuleText(message: "Ponga un espacio entre el número y su unidad: «{suggestion}».", shortMessage: "Espacio antes de la unidad", title: "Un espacio antes de la unidad",
                      detail: "El alemán pone un espacio entre un número y su unidad, su moneda o el signo de porcentaje: 5 %, 10 €, 3 kg. Unido, el número es el comienzo de un adjetivo: 5-prozentig, 3-kg-Packung."),
    ]

    /// Units and signs written after a number.
    static let units: Set<String> = [
        "%", "‰", "€", "$", "£", "¥", "kg", "g", "mg", "t", "km", "m", "cm", "mm", "µm", "nm", "l", "ml", "cl", "dl", "h", "min", "s", "ms",
        "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "zib", "pb", "mt", "kt", "w", "kw", "mw", "gw", "kwh", "v", "kv", "a", "ma", "hz", "khz", "mhz", "ghz",
        "ps", "km/h", "°c", "ha",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .number || tokens[index].kind == .skipped {
                guard let firstByte = scan.raw(index).first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(firstByte) else { continue }
                let written = scan.text(index)
                // "1,4€" may come as "1", ",", "4€": the number starts at its first part.
                var start = index
                var prefix = ""
                while start - 2 >= range.lowerBound, scan.kind(at: start - 1, in: range) == .punctuation, [",", "."].contains(scan.text(start - 1)),
                      scan.text(start - 2).allSatisfy(\.isNumber) {
                    prefix = scan.text(start - 2) + scan.text(start - 1) + prefix
                    start -= 2
                }
                // Not the minutes of "7:00h" or a part after a dash ("3-5%" is read from its start).
                guard start == range.lowerBound || scan.isSpace(start - 1, in: range)
                        || scan.kind(at: start - 1, in: range) == .punctuation && ["(", "„", "»", "\""].contains(scan.text(start - 1)) else { continue }
                // The number and its unit as one token ("5kg", "5ZiB"), or two with nothing between ("5", "%").
                let digits = written.prefix { $0.isNumber || $0 == "," || $0 == "." }
                let tail = written.dropFirst(digits.count)
                if !tail.isEmpty {
                    guard digits.last?.isNumber == true, Self.units.contains(tail.lowercased()),
                          index + 1 >= range.upperBound || !["²", "³"].contains(scan.text(index + 1)) else { continue }
                    scan.add(start..<index + 1, prefix + digits + " " + tail)
                } else if index + 1 < range.upperBound, tokens[index + 1].kind != .space, Self.units.contains(scan.text(index + 1).lowercased()),
                          // "5%-Hürde", "5%ige": the sign inside a word.
                          index + 2 >= range.upperBound || tokens[index + 2].kind == .space || tokens[index + 2].kind == .punctuation && scan.text(index + 2) != "-" {
                    scan.add(start..<index + 2, prefix + written + " " + scan.text(index + 1))
                }
            }
        }
        return scan.matches
    }
}
