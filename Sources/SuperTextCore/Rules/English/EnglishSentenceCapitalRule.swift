/// A capital at the start of a sentence.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishSentenceCapitalRule: ProofreadingRule {
    public let id = "EN_SENTENCE_CAPITAL"
    public let category = MatchCategory.typography
    public let description = "A capital at the start of a sentence."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("It was late. the others had left.", "It was late. The others had left."),
        .wrong("Is it late? the others had left.", "Is it late? The others had left."),
        .wrong("the others had left before we came.", "The others had left before we came."),
        .right("It was late. The others had left. We saw the U.S. army. He left... and came back. iPhones were sold. It costs approx. three dollars. See fig. two."),
        .right("the others had left"),
        .right("... and the others had left before we came."),
        .right("the others had left before we came ..."),
        .right("for logging, monitoring, tracing, etc."),
        .right("iOS apps are built with Xcode here."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "A sentence starts with a capital: '{suggestion}'.", shortMessage: "Capital", title: "Capital at the start",
                      detail: "The first word of a sentence takes a capital letter, after a period, a question mark or an exclamation mark."),
        .fr: RuleText(message: "Une phrase commence par une majuscule : « {suggestion} ».", shortMessage: "Majuscule", title: "Majuscule initiale",
                      detail: "Le premier mot d’une phrase prend une majuscule, après un point, un point d’interrogation ou d’exclamation."),
        .de: RuleText(message: "Ein Satz beginnt mit einem Großbuchstaben: „{suggestion}“.", shortMessage: "Großbuchstabe", title: "Großschreibung am Satzanfang",
                      detail: "Das erste Wort eines Satzes wird nach Punkt, Frage- oder Ausrufezeichen großgeschrieben."),
        .es: RuleText(message: "La frase empieza con mayúscula: «{suggestion}».", shortMessage: "Mayúscula", title: "Mayúscula inicial",
                      detail: "La primera palabra de una frase lleva mayúscula, tras un punto, un signo de interrogación o de exclamación."),
    ]

    /// Abbreviations of four letters or more that a lowercase word may follow.
    static let abbreviations: Set<String> = [
        "approx", "incl", "excl", "cont", "dept", "resp", "vols", "nos", "esp", "corp", "govt", "assn", "univ", "mins", "secs",
        "hrs", "yrs", "mths", "refs", "eqn", "eqns", "figs", "sect", "trans", "misc", "prof", "sept", "etc",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // "It was late. the others": the sentence splitter keeps a lowercase word after a
            // period in the sentence (it may follow an abbreviation), so the rule looks there:
            // after a period that ends a known word of four letters or more (no abbreviation),
            // or after ! or ?, on the same line.
            for index in range where tokens[index].kind == .punctuation && [".", "!", "?"].contains(texts[index]) {
                // The next word may start the next sentence (after ! or ?): read on past this one.
                guard index > range.lowerBound, index + 2 < tokens.count, tokens[index + 1].kind == .space,
                      tokens[index + 2].kind == .word, tokens[index - 1].kind == .word
                else { continue }
                if texts[index] == "." {
                    let before = texts[index - 1]
                    guard before.count >= 4, context.grammar.lexicon.knows(before), !Self.abbreviations.contains(before),
                          index < 2 || !scan.isPunctuation(index - 2, ".")
                    else { continue }
                }
                let word = document.text(of: tokens[index + 2])
                guard word.count > 1, word.allSatisfy({ $0.isLowercase }), context.grammar.lexicon.knows(texts[index + 2])
                else { continue }
                scan.add(index + 2..<index + 3, word.prefix(1).uppercased() + word.dropFirst())
            }
        }
        if let first = firstWordOfText(document, lexicon: context.grammar.lexicon) {
            let word = document.text(of: tokens[first])
            scan.add(first..<first + 1, word.prefix(1).uppercased() + word.dropFirst())
        }
        return scan.matches
    }

    /// The first word of a text that starts with a lowercase word and whose first sentence is
    /// whole: four words or more, ended by a full stop, question or exclamation mark. A shorter
    /// or unended text, or one that trails off (`...`, `etc.`), is more often a fragment (a title,
    /// a list item, a line of a form, a quotation).
    private func firstWordOfText(_ document: CheckedDocument, lexicon: Lexicon) -> Int? {
        guard let sentence = document.sentenceTokens.first, !(document.continuesSentence.first ?? true) else { return nil }
        let tokens = document.tokens, texts = document.lowercasedTexts
        guard let first = tokens.indices.first(where: { !tokens[$0].isWhitespace }), sentence.contains(first),
              tokens[first].kind == .word,
              !document.maskedRanges.contains(where: { $0.lowerBound <= tokens[first].byteRange.lowerBound }),
              let last = sentence.last(where: { !tokens[$0].isWhitespace }),
              tokens[last].kind == .punctuation, [".", "!", "?"].contains(texts[last]),
              // Not an ellipsis or "etc.": a text that trails off is a fragment.
              texts[last - 1] != ".", !Self.abbreviations.contains(texts[last - 1]),
              sentence.count(where: { tokens[$0].kind == .word }) >= 4
        else { return nil }
        let word = document.text(of: tokens[first])
        guard word.count > 1, word.allSatisfy({ $0.isLowercase }), lexicon.knows(texts[first]) else { return nil }
        return first
    }
}
