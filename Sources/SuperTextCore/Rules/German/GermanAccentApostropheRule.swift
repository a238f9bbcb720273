/// An apostrophe, not an accent, marks a left-out letter: geht’s.
/// One of the German spacing rules; it reads the token stream, spaces included (`TokenScan`).
public struct GermanAccentApostropheRule: ProofreadingRule {
    public let id = "DE_AKZENT_APOSTROPH"
    public let category = MatchCategory.typography
    public let description = "An apostrophe, not an accent, marks a left-out letter: geht’s."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Geht´s noch?", "Geht’s noch?", language: "de-DE"),
        .wrong("Wir gehen auf´n Markt.", "Wir gehen auf’n Markt.", language: "de-DE"),
        .right("Geht’s noch? Das Café. Der Akzent ´ allein.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use an apostrophe: '{suggestion}'.", shortMessage: "Accent for apostrophe", title: "An apostrophe, not an accent",
                      detail: "A left-out letter is marked by an apostrophe (’ or '): geht’s, auf’n. The accents ´ and ` are not apostrophes; they only sit on letters."),
        .fr: RuleText(message: "Mettez une apostrophe : « {suggestion} ».", shortMessage: "Accent pour apostrophe", title: "Une apostrophe, pas un accent",
                      detail: "Une lettre omise se marque d’une apostrophe (’ ou ') : geht’s, auf’n. Les accents ´ et ` ne sont pas des apostrophes ; ils ne vont que sur des lettres."),
        .de: RuleText(message: "Setzen Sie einen Apostroph: „{suggestion}“.", shortMessage: "Akzent statt Apostroph", title: "Apostroph statt Akzent",
                      detail: "Ein ausgelassener Buchstabe wird mit dem Apostroph (’ oder ') markiert: geht’s, auf’n. Die Akzente ´ und ` sind keine Apostrophe, sie stehen nur auf Buchstaben."),
        .es: RuleText(message: "Use un apóstrofo: «{suggestion}».", shortMessage: "Acento por apóstrofo", title: "Un apóstrofo, no un acento",
                      detail: "Una letra omitida se marca con apóstrofo (’ o '): geht’s, auf’n. Los acentos ´ y ` no son apóstrofos; solo van sobre letras."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .punctuation || tokens[index].kind == .skipped || tokens[index].kind == .word {
                // The accents' bytes: ´ is C2 B4, ` is 60.
                let bytes = scan.raw(index)
                guard bytes.contains(0x60) || bytes.contains(0xB4) else { continue }
                let written = scan.text(index)
                if written == "´" || written == "`" {
                    // Between two letters, with no space: "Geht ´ s" is no apostrophe.
                    guard index > range.lowerBound, scan.kind(at: index - 1, in: range) == .word || scan.kind(at: index - 1, in: range) == .skipped,
                          scan.kind(at: index + 1, in: range) == .word || scan.kind(at: index + 1, in: range) == .skipped else { continue }
                    scan.add(index - 1..<index + 2, scan.text(index - 1) + "’" + scan.text(index + 1))
                } else if written.count > 2,
                          let mark = written.firstIndex(where: { $0 == "´" || $0 == "`" }),
                          mark == written.startIndex || written[written.index(before: mark)].isLetter {
                    scan.add(index..<index + 1, written.replacingOccurrences(of: "´", with: "’").replacingOccurrences(of: "`", with: "’"))
                }
            }
        }
        return scan.matches
    }
}
