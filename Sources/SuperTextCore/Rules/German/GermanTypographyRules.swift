/// German typography: „German quotes“ instead of "straight" ones, and the dash – instead of a
/// hyphen between spaces.
public struct GermanTypographyRule: ProofreadingRule {
    public enum Kind: Sendable { case quotes, dash }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String { kind == .quotes ? "DE_QUOTES" : "DE_DASH" }
    public let category = MatchCategory.typography
    public var description: String {
        kind == .quotes ? "German quotes „ “ instead of \"straight\" ones." : "A dash – instead of a hyphen between spaces."
    }
    public var isPicky: Bool { kind == .quotes }
    public let languages: Set<String> = ["de"]

    public var examples: [RuleExample] {
        switch kind {
        case .quotes: [
            .wrong("Er sagte \"Hallo\" und ging.", "Er sagte „Hallo“ und ging.", language: "de-DE"),
            .right("Er sagte „Hallo“ und ging.", language: "de-DE"),
        ]
        case .dash: [
            .wrong("Das ist gut - sehr gut.", "Das ist gut – sehr gut.", language: "de-DE"),
            .right("Er kam – wie immer – zu spät. Die Nord-Süd-Achse. Seiten 10 - 12.", language: "de-DE"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .quotes: [
            .en: RuleText(message: "German quotes with „ “: '{suggestion}'.", shortMessage: "German quotes", title: "German quotation marks",
                          detail: "German opens a quotation low and closes it high: „Hallo“, and inside it ‚so‘. The straight marks \" \" are a typewriter's; Swiss German uses « » instead."),
            .fr: RuleText(message: "L’allemand cite avec „ “ : « {suggestion} ».", shortMessage: "Guillemets allemands", title: "Guillemets allemands",
                          detail: "L’allemand ouvre la citation en bas et la ferme en haut : „Hallo“, et à l’intérieur ‚so‘. Les guillemets droits \" \" sont ceux de la machine à écrire ; l’allemand de Suisse emploie « »."),
            .de: RuleText(message: "Im Deutschen setzt man „ “: „{suggestion}“.", shortMessage: "Deutsche Anführungszeichen", title: "Deutsche Anführungszeichen",
                          detail: "Das Deutsche öffnet ein Zitat unten und schließt es oben: „Hallo“, innen ‚so‘. Die geraden Zeichen \" \" stammen von der Schreibmaschine; in der Schweiz setzt man « »."),
            .es: RuleText(message: "El alemán cita con „ “: «{suggestion}».", shortMessage: "Comillas alemanas", title: "Comillas alemanas",
                          detail: "El alemán abre la cita abajo y la cierra arriba: „Hallo“, y dentro ‚so‘. Las comillas rectas \" \" son de máquina de escribir; el alemán de Suiza usa « »."),
        ],
        .dash: [
            .en: RuleText(message: "Use a dash '–' between spaces, not a hyphen.", shortMessage: "Dash", title: "Dash, not hyphen",
                          detail: "A hyphen joins words (Nord-Süd-Achse); an aside or a pause between words takes the dash, the en dash – with a space on each side: Er kam – wie immer – zu spät."),
            .fr: RuleText(message: "Entre deux espaces, utilisez le tiret « – », pas le trait d’union.", shortMessage: "Tiret", title: "Tiret, pas trait d’union",
                          detail: "Le trait d’union lie des mots (Nord-Süd-Achse) ; une incise ou une pause prend le tiret demi-cadratin –, avec une espace de chaque côté : Er kam – wie immer – zu spät."),
            .de: RuleText(message: "Zwischen Leerzeichen steht der Gedankenstrich „–“, nicht der Bindestrich.", shortMessage: "Gedankenstrich", title: "Gedankenstrich statt Bindestrich",
                          detail: "Der Bindestrich verbindet Wörter (Nord-Süd-Achse); ein Einschub oder eine Pause bekommt den Gedankenstrich – mit Leerzeichen auf beiden Seiten: Er kam – wie immer – zu spät."),
            .es: RuleText(message: "Entre espacios use la raya «–», no el guion.", shortMessage: "Raya", title: "Raya, no guion",
                          detail: "El guion une palabras (Nord-Süd-Achse); un inciso o una pausa lleva la raya corta –, con un espacio a cada lado: Er kam – wie immer – zu spät."),
        ],
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let ruleText = Self.texts[kind]![context.explanationLanguage] ?? Self.texts[kind]![.en]!
        func add(_ range: Range<Int>, _ suggestion: String, _ shown: String) {
            matches.append(document.match(
                tokens: range, category: category, rule: id,
                message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: shown), shortMessage: ruleText.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
        }
        for range in document.sentenceTokens {
            switch kind {
            case .quotes:
                // Pairs of straight quotes in a sentence: the first opens, the second closes.
                let quotes = range.filter { tokens[$0].kind == .punctuation && document.lowercasedTexts[$0] == "\"" }
                var index = 0
                while index + 1 < quotes.count {
                    let open = quotes[index], close = quotes[index + 1]
                    index += 2
                    guard close > open + 1, tokens[open + 1].kind != .space, tokens[close - 1].kind != .space else { continue }
                    let inner = document.text(tokens: open + 1..<close)
                    add(open..<close + 1, "„" + inner + "“", inner)
                }
            case .dash:
                for index in range where tokens[index].kind == .punctuation && document.lowercasedTexts[index] == "-" {
                    guard index >= 2, index + 2 < range.upperBound, tokens[index - 1].kind == .space, tokens[index + 1].kind == .space,
                          tokens[index - 2].kind == .word, tokens[index + 2].kind == .word
                    else { continue }
                    add(index..<index + 1, "–", "–")
                }
            }
        }
        return matches
    }
}

/// Abbreviations of several words take a space after each inner period: "z.B." → "z. B.",
/// "Dr.med." → "Dr. med.". The tokenizer reads "z.B" as one identifier; this rule reads it
/// back when every part is a short abbreviation.
public struct GermanAbbreviationSpaceRule: ProofreadingRule {
    public let id = "DE_ABBREVIATION_SPACE"
    public let category = MatchCategory.typography
    public let description = "A space after each inner period of an abbreviation: z. B., d. h."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Das ist z.B. falsch.", "Das ist z.\u{00A0}B. falsch.", language: "de-DE"),
        .wrong("Das war um 100 n.Chr. so.", "Das war um 100 n.\u{00A0}Chr. so.", language: "de-DE"),
        .wrong("Prof.Dr. Hans Müller kommt.", "Prof. Dr. Hans Müller kommt.", language: "de-DE"),
        .right("Das ist z.\u{00A0}B. richtig. Öffnen Sie die Datei config.txt bitte. Siehe www.example.de.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write the abbreviation with spaces: '{suggestion}'.", shortMessage: "Space in abbreviation", title: "Spaces in abbreviations",
                      detail: "An abbreviation of several words keeps a space after each inner period, as the words it stands for do: z. B. (zum Beispiel), d. h., u. a., n. Chr., Dr. med. A narrow no-break space keeps it on one line."),
        .fr: RuleText(message: "Écrivez l’abréviation avec des espaces : « {suggestion} ».", shortMessage: "Espace dans l’abréviation", title: "Espaces dans les abréviations",
                      detail: "Une abréviation de plusieurs mots garde une espace après chaque point intérieur, comme les mots qu’elle remplace : z. B. (zum Beispiel), d. h., u. a., n. Chr., Dr. med. Une espace fine insécable la garde sur une ligne."),
        .de: RuleText(message: "Schreiben Sie die Abkürzung mit Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen in Abkürzung", title: "Leerzeichen in Abkürzungen",
                      detail: "Eine Abkürzung aus mehreren Wörtern bekommt nach jedem inneren Punkt ein Leerzeichen, wie die Wörter, für die sie steht: z. B. (zum Beispiel), d. h., u. a., n. Chr., Dr. med. Ein schmales geschütztes Leerzeichen hält sie auf einer Zeile."),
        .es: RuleText(message: "Escriba la abreviatura con espacios: «{suggestion}».", shortMessage: "Espacio en abreviatura", title: "Espacios en las abreviaturas",
                      detail: "Una abreviatura de varias palabras lleva un espacio tras cada punto interior, como las palabras que abrevia: z. B. (zum Beispiel), d. h., u. a., n. Chr., Dr. med. Un espacio fino de no separación la mantiene en una línea."),
    ]

    /// Parts longer than three letters that are abbreviations of their own.
    static let longParts: Set<String> = ["prof", "dipl", "med", "dent", "vet", "phil", "rer", "pol", "nat", "chr", "dgl", "usw", "bzw", "vgl", "ggf", "evtl", "inkl", "jur", "oec", "theol", "ing"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .skipped && tokens[index].skipReason == .identifier {
                // The abbreviation ends with its own period.
                guard index + 1 < range.upperBound, tokens[index + 1].kind == .punctuation, document.lowercasedTexts[index + 1] == "." else { continue }
                let text = document.text(of: tokens[index])
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count >= 2, parts.allSatisfy({ part in
                    !part.isEmpty && part.allSatisfy(\.isLetter) && (part.count <= 3 || Self.longParts.contains(part.lowercased()))
                        && (part.count == 1 || part.dropFirst().allSatisfy(\.isLowercase))
                }) else { continue }
                // A no-break space keeps the abbreviation on one line; between two titles (Prof. Dr.) an ordinary one.
                var suggestion = String(parts[0])
                for (previous, part) in zip(parts, parts.dropFirst()) {
                    let titles = ["prof", "dr", "dipl"].contains(previous.lowercased()) && ["prof", "dr", "dipl"].contains(part.lowercased())
                    suggestion += (titles ? ". " : ".\u{00A0}") + part
                }
                suggestion += "."
                matches.append(document.match(
                    tokens: index..<index + 2, category: category, rule: id,
                    message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: suggestion), shortMessage: ruleText.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}
