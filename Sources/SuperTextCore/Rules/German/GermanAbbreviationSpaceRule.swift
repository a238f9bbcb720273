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
                    message: RuleText.fill(ruleText.message, ["suggestion": suggestion]), shortMessage: ruleText.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}
