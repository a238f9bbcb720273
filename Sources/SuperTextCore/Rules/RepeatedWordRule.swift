/// The same word twice in a row: "the the".
///
/// Only words separated by spaces (at most one line break) count; repetitions that are correct
/// in a language ("had had", "nous nous", "die die") are left alone.
public struct RepeatedWordRule: ProofreadingRule {
    public let id = "REPEATED_WORD"
    public let category = MatchCategory.grammar
    public let description = "The same word twice in a row."
    public let isPicky = false

    public init() {}

    /// Repetitions that are grammatical, by primary language.
    static let allowed: [String: Set<String>] = [
        "en": ["had", "that", "is", "do", "bye", "so", "very", "no", "yes", "ha", "la"],
        "fr": ["nous", "vous", "si", "très", "non", "oui", "bye", "la", "faire", "en", "donnant", "couvent", "olé", "mieux", "tam", "pan", "toc", "cha", "fifty"],
        // A pronoun whose subject and object forms are one ("dann kritisieren sie sie"), and an
        // article after a relative pronoun of the same form ("der Mann, dem dem Kind …").
        "de": ["die", "der", "das", "den", "dem", "des", "sie", "es", "ihr", "sehr", "ja", "nein", "so", "la"],
        "es": ["muy", "no", "sí", "que", "la", "bye"],
    ]

    public let examples: [RuleExample] = [
        .wrong("I saw the the cat.", "I saw the cat."),
        .right("He had had enough, so so be it."),
        .right("The server it is connected to to allow editing is down. Name the firm you are applying to to be safe."),
        .wrong("I want to to go home.", "I want to go home."),
        .right("Do what you have to to stay healthy. Adjust it as you need to to save time."),
        .right("Nous nous levons.", language: "fr"),
        .right("Zuerst lieben die Kinder ihre Eltern, dann kritisieren sie sie.", language: "de-DE"),
        .wrong("Die Zeiten ändern sich, und wir mit mit ihnen.", "Die Zeiten ändern sich, und wir mit ihnen.", language: "de-DE"),
        .right("Nous irons à Bora Bora. Il faut le faire faire.", language: "fr"),
        .right("alias\tAlias names.\nfile\tFile names.", language: "en-US"),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let allowed = Self.allowed[context.primaryLanguage] ?? []
        let tokens = document.tokens
        var previous: Int?
        var lineBreaks = 0
        for index in tokens.indices {
            switch tokens[index].kind {
            case .space: continue
            case .lineBreak: lineBreaks += 1; continue
            case .word:
                defer { previous = index; lineBreaks = 0 }
                guard let before = previous, index > before + 1, lineBreaks <= 1 else { continue }
                let word = document.lowercasedTexts[index]
                guard word == document.lowercasedTexts[before], !allowed.contains(word) else { continue }
                // A tab or three spaces between set a term and its description apart, in columns
                // ("alias   Alias names."); a line break between is still a repetition.
                if (before + 1..<index).contains(where: document.isColumnGap) { continue }
                if word == "to", context.primaryLanguage == "en", isPrepositionThenInfinitive(at: before, index, document, context) { continue }
                let first = document.text(of: tokens[before])
                // A name made of one word twice: Bora Bora, Baden Baden.
                if WordCase.startsWithCapital(first), WordCase.startsWithCapital(document.text(of: tokens[index])) { continue }
                let text = context.explainer.repeatedWord(document.text(of: tokens[index]))
                matches.append(
                    document.match(
                        tokens: before..<index + 1, category: category, rule: id, message: text.message,
                        shortMessage: text.shortMessage, suggestions: [first], explanation: text.explanation
                    )
                )
            default:
                previous = nil
                lineBreaks = 0
            }
        }
        return matches
    }

    /// "connected to to allow": the first `to` belongs to the participle before it (a verb's
    /// preposition, its object gone to a relative clause), the second starts an infinitive.
    private func isPrepositionThenInfinitive(at first: Int, _ second: Int, _ document: CheckedDocument, _ context: RuleContext) -> Bool {
        guard let verb = document.previousSignificant(before: first), let next = document.nextSignificant(after: second),
              document.tokens[verb].kind == .word, document.tokens[next].kind == .word
        else { return false }
        let lexicon = context.grammar.lexicon
        guard lexicon.tags(of: document.lowercasedTexts[next]).contains(.VB) else { return false }
        // "Do what you have to to stay": in a clause opened by a relative or by as, the first
        // `to` ends the clause (its verb left out, or a preposition left at the end).
        // Forty tokens back at most, so that a text of nothing but "to to" stays linear.
        var back = verb
        while back >= max(0, verb - 40),
              !(document.tokens[back].kind == .punctuation && [".", "!", "?", ";"].contains(document.lowercasedTexts[back])) {
            if Self.clauseOpeners.contains(document.lowercasedTexts[back]) { return true }
            back -= 1
        }
        let participle = lexicon.tags(of: document.lowercasedTexts[verb])
        // Not "going to to": that `to` is the infinitive's own.
        return participle.containsAny(WordTags([.VBN, .VBG])) && document.lowercasedTexts[verb] != "going"
    }

    /// Words that open a clause whose last word may be a `to` (what you need to, as you have to).
    static let clauseOpeners: Set<String> = ["what", "whatever", "which", "whichever", "who", "whom", "where", "wherever", "as"]
}
