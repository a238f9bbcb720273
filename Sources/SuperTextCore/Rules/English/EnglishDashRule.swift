/// A dash instead of a hyphen between spaces.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishDashRule: ProofreadingRule {
    public let id = "EN_DASH"
    public let category = MatchCategory.typography
    public let description = "A dash instead of a hyphen between spaces."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("The plan was simple - too simple.", "The plan was simple — too simple."),
        .wrong("He lived from 1901 - 1978.", "He lived from 1901 – 1978."),
        .right("A well-known plan — simple. Pages 10–12. We know that 5 - 3 = 2. Convention - Tuesday, 7 Oct 2014"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use a dash, not a hyphen, between spaces: '{suggestion}'.", shortMessage: "Dash", title: "Dash, not hyphen",
                      detail: "A hyphen joins words (well-known). A break in a sentence takes the em dash — like this — and a range of numbers the en dash: 1901–1978."),
        .fr: RuleText(message: "Entre deux espaces, mettez un tiret, pas un trait d’union : « {suggestion} ».", shortMessage: "Tiret", title: "Tiret, pas trait d’union",
                      detail: "Le trait d’union lie des mots (well-known). Une incise prend en anglais le tiret long — comme ceci — et un intervalle de nombres le tiret demi-cadratin : 1901–1978."),
        .de: RuleText(message: "Zwischen Leerzeichen steht ein Strich, kein Bindestrich: „{suggestion}“.", shortMessage: "Gedankenstrich", title: "Strich statt Bindestrich",
                      detail: "Der Bindestrich verbindet Wörter (well-known). Ein Einschub bekommt im Englischen den langen Strich — so — und ein Zahlenbereich den Halbgeviertstrich: 1901–1978."),
        .es: RuleText(message: "Entre espacios va una raya, no un guion: «{suggestion}».", shortMessage: "Raya", title: "Raya, no guion",
                      detail: "El guion une palabras (well-known). Un inciso lleva en inglés la raya larga — así — y un intervalo de números la raya corta: 1901–1978."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // Subtraction: a sentence with "=" is arithmetic.
            let arithmetic = range.contains { scan.isPunctuation($0, "=") }
            for index in range where scan.isPunctuation(index, "-") {
                guard index >= 2, index + 2 < range.upperBound, tokens[index - 1].kind == .space,
                      tokens[index + 1].kind == .space, scan.isWordLike(index - 2), scan.isWordLike(index + 2)
                else { continue }
                let numbers = tokens[index - 2].kind == .number && tokens[index + 2].kind == .number
                if numbers {
                    // A range of years ("1901 - 1978"); not "2014 - 2018-10-31", a date.
                    let years = texts[index - 2].count == 4 && texts[index + 2].count == 4
                    let dateAfter = index + 4 < tokens.count && tokens[index + 3].kind == .punctuation
                        && ["-", "/", "."].contains(texts[index + 3]) && tokens[index + 4].kind == .number
                    if years, !arithmetic, !dateAfter { scan.add(index..<index + 1, "–") }
                } else if tokens[index - 2].kind == .word, tokens[index + 2].kind == .word,
                          texts[index - 2].count > 1, texts[index + 2].count > 1,
                          !WordCase.startsWithCapital(document.text(of: tokens[index + 2])) {
                    // A break inside a sentence; "Convention - Tuesday" or "Title - Author" is a
                    // heading's separator, left alone.
                    scan.add(index..<index + 1, "—")
                }
            }
        }
        return scan.matches
    }
}
