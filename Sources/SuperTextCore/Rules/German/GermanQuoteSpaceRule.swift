/// No space after an opening quote or before a closing one, nor inside parentheses.
/// One of the German spacing rules; it reads the token stream, spaces included (`TokenScan`).
public struct GermanQuoteSpaceRule: ProofreadingRule {
    public let id = "DE_LEERZEICHEN_ANFUEHRUNG"
    public let category = MatchCategory.typography
    public let description = "No space after an opening quote or before a closing one, nor inside parentheses."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Er sagte: „ Der Garten ist schön.“", "Er sagte: „Der Garten ist schön.“", language: "de-DE"),
        .wrong("Er sagte: » Der Garten ist schön.«", "Er sagte: »Der Garten ist schön.«", language: "de-DE"),
        .wrong("»Der Garten ist schön «, sagte er.", "»Der Garten ist schön«, sagte er.", language: "de-DE"),
        .wrong("Der (zwar nur kleine ) Garten ist schön.", "Der (zwar nur kleine) Garten ist schön.", language: "de-DE"),
        .right("Er sagte: „Der Garten ist schön.“ Der (kleine) Garten. »Schön«, sagte er.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "No space here: '{suggestion}'.", shortMessage: "Space in quotes", title: "No space inside quotes",
                      detail: "Quotation marks and parentheses hug the words they enclose: „Der Garten“, »Der Garten«, (kleine). A space goes outside them, never inside."),
        .fr: RuleText(message: "Pas d’espace ici : « {suggestion} ».", shortMessage: "Espace dans les guillemets", title: "Pas d’espace dans les guillemets allemands",
                      detail: "En allemand, guillemets et parenthèses touchent les mots qu’ils entourent : „Der Garten“, »Der Garten«, (kleine). L’espace se met à l’extérieur, jamais à l’intérieur."),
        .de: RuleText(message: "Hier steht kein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen in Anführungszeichen", title: "Kein Leerzeichen innerhalb von Anführungszeichen",
                      detail: "Anführungszeichen und Klammern stehen direkt an den Wörtern, die sie einschließen: „Der Garten“, »Der Garten«, (kleine). Ein Leerzeichen steht außen, nie innen."),
        .es: RuleText(message: "Aquí no va espacio: «{suggestion}».", shortMessage: "Espacio en comillas", title: "Sin espacio dentro de las comillas",
                      detail: "Las comillas y los paréntesis van pegados a las palabras que encierran: „Der Garten“, »Der Garten«, (kleine). El espacio va fuera, nunca dentro."),
    ]

    /// The opening and closing marks the rule looks at.
    private static let marks = ["„", "»", "(", "«", "“", ")"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .punctuation {
                // Every mark starts with one of four bytes: other punctuation is told by its first
                // byte, before a string is compared (this rule took 50-70 ms of 1 MiB so).
                switch document.firstByte(of: index) {
                case UInt8(ascii: "("), UInt8(ascii: ")"), 0xC2, 0xE2: break
                default: continue
                }
                let mark = scan.lowered(index)
                guard Self.marks.contains(mark) else { continue }
                let opensBefore = index == range.lowerBound || scan.isSpace(index - 1, in: range) || [":", "("].contains(index > range.lowerBound ? scan.lowered(index - 1) : "")
                if mark == "„" || mark == "»" && opensBefore || mark == "(" {
                    // An opening mark, a space, then a word.
                    guard scan.isSpace(index + 1, in: range), scan.kind(at: index + 2, in: range) == .word, mark != "(" || opensBefore else { continue }
                    scan.add(index..<index + 3, mark + scan.text(index + 2))
                } else if mark == "«" || mark == "“" || mark == ")" {
                    // A word or a sentence's end, a space, then a closing mark that ends there.
                    guard index - 2 >= range.lowerBound, scan.isSpace(index - 1, in: range),
                          scan.kind(at: index - 2, in: range) == .word || [".", "!", "?"].contains(scan.lowered(index - 2)),
                          index + 1 == range.upperBound || scan.isSpace(index + 1, in: range) || scan.kind(at: index + 1, in: range) == .punctuation && [",", ".", ";", ":", "!", "?"].contains(scan.lowered(index + 1)),
                          // A closing mark needs its opening one before it.
                          (range.lowerBound..<index).contains(where: { scan.lowered($0) == (mark == "«" ? "»" : mark == "“" ? "„" : "(") })
                    else { continue }
                    scan.add(index - 2..<index + 1, scan.text(index - 2) + mark)
                }
            }
        }
        return scan.matches
    }
}
