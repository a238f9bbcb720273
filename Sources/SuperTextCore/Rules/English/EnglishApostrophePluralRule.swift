/// No apostrophe in a plural or a verb: cars, CDs, becomes.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishApostrophePluralRule: ProofreadingRule {
    public let id = "EN_APOSTROPHE_PLURAL"
    public let category = MatchCategory.typography
    public let description = "No apostrophe in a plural or a verb: cars, CDs, becomes."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("The car's are cheap.", "The cars are cheap."),
        .wrong("I have five CD's.", "I have five CDs."),
        .wrong("If this become's a problem, stop.", "If this becomes a problem, stop."),
        .wrong("The old printer get’s jammed every week.", "The old printer gets jammed every week."),
        .wrong("Here are 7 reason's why.", "Here are 7 reasons why."),
        .right("The car's engine is new. The car's red. I have five CDs. Five years' work. He is the boss's son. Other languages than the text's are checked."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "A plural or a verb takes no apostrophe: '{suggestion}'.", shortMessage: "Apostrophe", title: "Plurals without apostrophes",
                      detail: "'s marks a possessive (the car's engine) or a contraction (the car's red = is red). A plural (two cars, CDs) and a verb after he, she or it (it becomes) take a plain s."),
        .fr: RuleText(message: "Un pluriel ou un verbe ne prend pas d’apostrophe : « {suggestion} ».", shortMessage: "Apostrophe", title: "Pluriels sans apostrophe",
                      detail: "En anglais, 's marque le possessif (the car's engine) ou une contraction (the car's red = is red). Le pluriel (two cars, CDs) et le verbe après he, she ou it (it becomes) prennent un simple s."),
        .de: RuleText(message: "Ein Plural oder ein Verb hat keinen Apostroph: „{suggestion}“.", shortMessage: "Apostroph", title: "Plural ohne Apostroph",
                      detail: "Im Englischen zeigt 's einen Besitz (the car's engine) oder eine Zusammenziehung (the car's red = is red). Der Plural (two cars, CDs) und das Verb nach he, she, it (it becomes) haben ein einfaches s."),
        .es: RuleText(message: "Un plural o un verbo no llevan apóstrofo: «{suggestion}».", shortMessage: "Apóstrofo", title: "Plurales sin apóstrofo",
                      detail: "En inglés, 's marca el posesivo (the car's engine) o una contracción (the car's red = is red). El plural (two cars, CDs) y el verbo tras he, she o it (it becomes) llevan una s simple."),
    ]

    /// Whether `word` ends in 's or ’s, told by its last bytes (`hasSuffix` compares characters,
    /// at every word; an s with nothing combining after it is the same either way).
    static func endsWithApostropheS(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard utf8.count >= 3, utf8.last == UInt8(ascii: "s") else { return false }
        let before = utf8.dropLast()
        return before.last == UInt8(ascii: "'") || before.suffix(3).elementsEqual([0xE2, 0x80, 0x99])
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            let lexicon = context.grammar.lexicon
            for index in range where tokens[index].kind == .word || tokens[index].skipReason == .acronym {
                let word = texts[index]
                // Told by its last bytes: asked of every word.
                guard Self.endsWithApostropheS(word), word.count > 3 else { continue }
                let written = document.text(of: tokens[index])
                let base = String(word.dropLast(2)), writtenBase = String(written.dropLast(2))
                let acronym = writtenBase.count >= 2 && writtenBase.allSatisfy { $0.isUppercase || $0.isNumber }
                let previous = document.previousSignificant(before: index).flatMap { $0 >= range.lowerBound ? $0 : nil }
                let next = document.nextSignificant(after: index).flatMap { $0 < range.upperBound ? $0 : nil }
                let nextText = next.map { texts[$0] } ?? ""
                let before = previous.map { texts[$0] } ?? ""
                let tags = lexicon.tags(of: base)
                // "the car's are": 's cannot be "is" before are or were, nor a possessive (but
                // "than the text's are checked" leaves its noun out).
                let beforeDeterminer = previous.flatMap { document.previousSignificant(before: $0) }.map { texts[$0] } ?? ""
                if ["are", "were"].contains(nextText), tags.contains(.NN), !tags.contains(.PRP),
                   !["than", "as", "like", "of", "to"].contains(beforeDeterminer),
                   let plural = lexicon.inflect(base, to: .NNS), plural != base {
                    scan.add(index..<index + 1, plural)
                    continue
                }
                // "five CD's", "many reason's why": after a number, a plural (not "five years' work").
                let counted = (previous.map { tokens[$0].kind == .number } ?? false && before != "1")
                    || ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "many", "several", "few",
                        "both", "these", "those", "various", "numerous"].contains(before)
                let nextTags = lexicon.tags(of: nextText)
                let nounAfter = next.map { tokens[$0].kind == .word } ?? false && nextTags.containsAny(.noun)
                    && !nextTags.containsAny(WordTags([.WH, .IN, .DT, .PRP, .CC, .MD]))
                if counted, !nounAfter {
                    if acronym {
                        scan.add(index..<index + 1, writtenBase + "s")
                    } else if tags.contains(.NN), let plural = lexicon.inflect(base, to: .NNS), plural != base {
                        scan.add(index..<index + 1, plural)
                    }
                    continue
                }
                // "he begin's", "this become's": a verb after a subject, no noun.
                let subject = ["he", "she", "it", "this", "that"].contains(before)
                    || (previous.map { tokens[$0].kind == .word } ?? false && lexicon.tags(of: before).contains(.NN)
                        && !lexicon.tags(of: before).containsAny(WordTags([.VB, .JJ, .DT, .IN])))
                if subject, tags.contains(.VB), !tags.containsAny(.noun),
                   let form = lexicon.inflect(base, to: .VBZ) {
                    scan.add(index..<index + 1, form)
                }
            }
        }
        return scan.matches
    }
}
