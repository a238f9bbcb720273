/// A number written against its unit, "5km" or "25°C", where style guides and the SI put a space:
/// "5 km", "25 °C". Angles keep the degree sign against the number ("a 90° turn", not "90 °").
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
        .en: RuleText(message: "Put a space between the number and the unit: '{suggestion}'.", shortMessage: "Space before unit",
                      title: "Number and unit",
                      detail: "A unit follows its number after a space: 5 km, 25 °C, 16 GB. The space is best a non-breaking one, so that the two stay on one line."),
        .fr: RuleText(message: "Mettez une espace entre le nombre et l’unité : « {suggestion} ».", shortMessage: "Espace avant l’unité",
                      title: "Nombre et unité",
                      detail: "L’unité suit le nombre après une espace : 5 km, 25 °C, 16 Go. De préférence une espace insécable, pour que les deux restent sur la même ligne."),
        .de: RuleText(message: "Zwischen Zahl und Einheit gehört ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen vor Einheit",
                      title: "Zahl und Einheit",
                      detail: "Die Einheit steht mit Leerzeichen hinter der Zahl: 5 km, 25 °C, 16 GB. Am besten ein geschütztes Leerzeichen, damit beides in einer Zeile bleibt."),
        .es: RuleText(message: "Ponga un espacio entre el número y la unidad: «{suggestion}».", shortMessage: "Espacio ante la unidad",
                      title: "Número y unidad",
                      detail: "La unidad sigue al número tras un espacio: 5 km, 25 °C, 16 GB. Mejor un espacio de no separación, para que no se separen al final de línea."),
    ]

    /// An angle: the degree, minute and second signs stand against the number.
    static let angleTexts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write the sign of an angle against its number: '{suggestion}'.", shortMessage: "Angle",
                      title: "Angles", detail: "Degrees, minutes and seconds of an angle stand against the number, without a space: 90°, 45′ 10″ (a temperature keeps its space: 25 °C)."),
        .fr: RuleText(message: "Le signe d’un angle se colle au nombre : « {suggestion} ».", shortMessage: "Angle",
                      title: "Angles", detail: "Les degrés, minutes et secondes d’angle se collent au nombre : 90°, 45′ 10″ (une température garde son espace : 25 °C)."),
        .de: RuleText(message: "Das Zeichen eines Winkels steht ohne Leerzeichen an der Zahl: „{suggestion}“.", shortMessage: "Winkel",
                      title: "Winkel", detail: "Grad, Minuten und Sekunden eines Winkels stehen ohne Leerzeichen an der Zahl: 90°, 45′ 10″ (eine Temperatur behält ihr Leerzeichen: 25 °C)."),
        .es: RuleText(message: "El signo de un ángulo va junto al número: «{suggestion}».", shortMessage: "Ángulo",
                      title: "Ángulos", detail: "Los grados, minutos y segundos de un ángulo van junto al número, sin espacio: 90°, 45′ 10″ (una temperatura mantiene su espacio: 25 °C)."),
    ]

    public let examples: [RuleExample] = [
        .wrong("Je pèse 80kg.", "Je pèse 80\u{00A0}kg.", language: "fr"),
        .wrong("Une croissance de 8%.", "Une croissance de 8\u{00A0}%.", language: "fr"),
        .wrong("Il est 20h30.", "Il est 20\u{00A0}h\u{00A0}30.", language: "fr"),
        .right("Une croissance de 8\u{00A0}% à 20\u{00A0}h.", language: "fr"),
        .wrong("It weighs 5kg.", "It weighs 5\u{00A0}kg."),
        .wrong("The temperature is 25°C.", "The temperature is 25\u{00A0}°C."),
        .wrong("A disk of 512GB.", "A disk of 512\u{00A0}GB."),
        .wrong("A turn of 90 ° to the left.", "A turn of 90° to the left."),
        .right("It weighs 5 kg. A 90° turn. The 3D model. A 5G network. At 25 °C. At 25\u{00A0}°C. An angle of 45′ 10″."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        // A no-break space keeps the number and its unit on one line (the SI's advice, and French
        // typography's, which puts one before the percent sign too).
        let french = context.primaryLanguage == "fr"
        let space = "\u{00A0}"
        for index in tokens.indices {
            let token = tokens[index]
            if french, token.kind == .skipped || token.kind == .number, let time = Self.frenchTime(document.text(of: token)) {
                matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: time))
                continue
            }
            if french, token.kind == .number, index + 1 < tokens.count, tokens[index + 1].kind == .punctuation,
               document.lowercasedTexts[index + 1] == "%" {
                matches.append(document.match(tokens: index..<index + 2, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: document.text(of: token) + space + "%"))
                continue
            }
            // "5km": digits and letters scanned as one identifier.
            if token.kind == .skipped, token.skipReason == .identifier,
               let split = Self.numberAndUnit(document.text(of: token)) {
                matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: split.number + space + split.unit))
                continue
            }
            // "90 °", "54 ″": an angle keeps its sign against the number (not "25 °C", a temperature).
            if token.kind == .number, index + 2 < tokens.count, tokens[index + 1].kind == .space,
               tokens[index + 1].byteRange.count == 1, tokens[index + 2].kind == .punctuation,
               ["°", "′", "″"].contains(document.text(of: tokens[index + 2])),
               index + 3 >= tokens.count || tokens[index + 3].kind != .word {
                matches.append(document.match(tokens: index..<index + 3, rule: id, category: category, texts: Self.angleTexts,
                                             language: context.explanationLanguage,
                                             suggestion: document.text(of: token) + document.text(of: tokens[index + 2])))
                continue
            }
            // "25°C": a number, the degree sign and C or F, with nothing between.
            if token.kind == .number, index + 2 < tokens.count,
               tokens[index + 1].kind == .punctuation, document.text(of: tokens[index + 1]) == "°",
               tokens[index + 2].kind == .word, ["C", "F"].contains(document.text(of: tokens[index + 2])) {
                let number = document.text(of: token)
                let unit = "°" + document.text(of: tokens[index + 2])
                matches.append(document.match(tokens: index..<index + 3, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: number + space + unit))
            }
        }
        return matches
    }

    /// A time written "20h30" or "20h" as French typography writes it: "20 h 30", "20 h", with
    /// no-break spaces.
    static func frenchTime(_ text: String) -> String? {
        let parts = text.split(separator: "h", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let hours = Int(parts[0]), (0...24).contains(hours), parts[0].count <= 2,
              parts[1].isEmpty || (parts[1].count == 2 && Int(parts[1]).map { (0..<60).contains($0) } == true)
        else { return nil }
        return parts[0] + "\u{00A0}h" + (parts[1].isEmpty ? "" : "\u{00A0}" + parts[1])
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
