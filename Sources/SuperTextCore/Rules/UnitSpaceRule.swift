/// A number written against its unit, "5km" or "25°C", where style guides and the SI put a space:
/// "5 km", "25 °C". Angles keep the degree sign against the number ("a 90° turn").
public struct UnitSpaceRule: ProofreadingRule {
    public let id = "UNIT_SPACE"
    public let category = MatchCategory.typography
    public let description = "A space between a number and its unit."
    public let isPicky = false

    public init() {}

    /// Units written after a number; left out are those that also end ordinary words or codes
    /// ("5g" networks, "3D", "24h" in some styles, "m" for million or minutes).
    static let units: Set<String> = [
        "km", "cm", "mm", "µm", "nm", "kg", "mg", "µg", "ml", "mL", "cl", "dl",
        "Hz", "kHz", "MHz", "GHz", "kW", "MW", "GW", "kWh", "MWh", "mph", "kph", "km/h",
        "KB", "kB", "MB", "GB", "TB", "PB", "Kb", "Mb", "Gb", "ms", "µs", "ns", "mA", "kV", "mV",
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a space between the number and the unit: '%s'.", shortMessage: "Space before unit",
                      title: "Number and unit",
                      detail: "A unit follows its number after a space: 5 km, 25 °C, 16 GB. The space is best a non-breaking one, so that the two stay on one line."),
        .fr: RuleText(message: "Mettez une espace entre le nombre et l’unité : « %s ».", shortMessage: "Espace avant l’unité",
                      title: "Nombre et unité",
                      detail: "L’unité suit le nombre après une espace : 5 km, 25 °C, 16 Go. De préférence une espace insécable, pour que les deux restent sur la même ligne."),
        .de: RuleText(message: "Zwischen Zahl und Einheit gehört ein Leerzeichen: „%s“.", shortMessage: "Leerzeichen vor Einheit",
                      title: "Zahl und Einheit",
                      detail: "Die Einheit steht mit Leerzeichen hinter der Zahl: 5 km, 25 °C, 16 GB. Am besten ein geschütztes Leerzeichen, damit beides in einer Zeile bleibt."),
        .es: RuleText(message: "Ponga un espacio entre el número y la unidad: «%s».", shortMessage: "Espacio ante la unidad",
                      title: "Número y unidad",
                      detail: "La unidad sigue al número tras un espacio: 5 km, 25 °C, 16 GB. Mejor un espacio de no separación, para que no se separen al final de línea."),
    ]

    public let examples: [RuleExample] = [
        .wrong("It weighs 5kg.", "It weighs 5 kg."),
        .wrong("The temperature is 25°C.", "The temperature is 25 °C."),
        .wrong("A disk of 512GB.", "A disk of 512 GB."),
        .right("It weighs 5 kg. A 90° turn. The 3D model. A 5G network. At 25 °C."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        for index in tokens.indices {
            let token = tokens[index]
            // "5km": digits and letters scanned as one identifier.
            if token.kind == .skipped, token.skipReason == .identifier,
               let split = Self.numberAndUnit(document.text(of: token)) {
                matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: split.number + " " + split.unit))
                continue
            }
            // "25°C": a number, the degree sign and C or F, with nothing between.
            if token.kind == .number, index + 2 < tokens.count,
               tokens[index + 1].kind == .punctuation, document.text(of: tokens[index + 1]) == "°",
               tokens[index + 2].kind == .word, ["C", "F"].contains(document.text(of: tokens[index + 2])) {
                let number = document.text(of: token)
                let unit = "°" + document.text(of: tokens[index + 2])
                matches.append(document.match(tokens: index..<index + 3, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: number + " " + unit))
            }
        }
        return matches
    }

    /// "5km" as ("5", "km"), when the letters are a known unit and the rest a number.
    static func numberAndUnit(_ text: String) -> (number: String, unit: String)? {
        guard let firstLetter = text.firstIndex(where: { $0.isLetter || $0 == "µ" }) else { return nil }
        let number = text[..<firstLetter]
        let unit = String(text[firstLetter...])
        guard !number.isEmpty, units.contains(unit),
              number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+") }),
              number.last?.isNumber == true
        else { return nil }
        return (String(number), unit)
    }
}
