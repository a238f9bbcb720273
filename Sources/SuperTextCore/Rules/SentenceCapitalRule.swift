/// A capital at the start of a sentence, in English, French and German, each with its own
/// identifier and abbreviations; it walks the token stream (`TokenScan`). Not in Spanish: there it
/// flagged one more of Debian's Spanish fortunes on the part only scored, and found nothing more.
public struct SentenceCapitalRule: ProofreadingRule {
    public let id: String
    public let category = MatchCategory.typography
    public let description = "A capital at the start of a sentence."
    public let isPicky = false
    public let languages: Set<String>
    public let examples: [RuleExample]
    /// Abbreviations of four letters or more, in the language, that a lowercase word may follow.
    let abbreviations: Set<String>
    /// Words of two or three letters the lexicon knows that are also abbreviations (vol., art.,
    /// ex.). A shorter known word may end a sentence in French and German (je suis là. viens),
    /// where a text's words of that length are rarely abbreviations the lexicon knows; English
    /// keeps four letters (no., in., al.).
    let shortAbbreviations: Set<String>?
    /// Whether the first word of a text of a single sentence is checked too. English checks it
    /// (learners' essays start so); elsewhere a text of one sentence that starts with a small
    /// letter is more often a fragment (a test sentence, a list item, a quotation).
    let checksSingleSentenceText: Bool
    /// The marks a sentence ends with before a word that needs its capital. French and
    /// German go on in small letters after an exclamation or a question inside a sentence
    /// (Quel dommage ! dit-il), so only the full stop counts there.
    /// Each one byte, so that a punctuation mark is told by its byte, not looked up in a set.
    let endMarks: [UInt8]
    /// Linking adverbs that, opening a sentence, are set off by a comma (English: therefore,
    /// hence, moreover): where one is written in small letters before a word, the capital comes
    /// with the comma ("therefore I left" → "Therefore, I left").
    let commaAdverbs: Set<String>

    /// The rule for a primary language (`en`, `fr`, `de`).
    public init(language: String) {
        languages = [language]
        switch language {
        case "fr":
            id = "FR_MAJUSCULE_PHRASE"
            abbreviations = ["chap", "suiv", "trad", "coll", "resp", "ibid", "mlle", "sept", "janv", "févr", "juil"]
            shortAbbreviations = [
                "ex", "vol", "art", "etc", "sec", "min", "max", "env", "av", "cf", "ch", "éd", "fig", "réf", "tél", "var", "op", "id",
                "no", "pp", "st", "ste", "mme", "dr", "pr", "bd", "sq", "cit", "nos", "tit", "sup", "inf", "fém", "masc", "lat", "gr",
            ]
            checksSingleSentenceText = false
            endMarks = [UInt8(ascii: ".")]
            commaAdverbs = []
            examples = [
                .wrong("Le train est parti. c’est trop tard.", "Le train est parti. C’est trop tard.", language: "fr"),
                .wrong("Je reste là. viens me voir.", "Je reste là. Viens me voir.", language: "fr"),
                .wrong("je passerai te voir demain. Mais pas avant midi.", "Je passerai te voir demain. Mais pas avant midi.", language: "fr"),
                .right("arrive-t-elle ce matin ? Il est déjà tard. Voir le chap. deux, le vol. trois, etc. et la suite. Quel dommage ! dit-il.", language: "fr"),
            ]
        case "de":
            id = "DE_SATZANFANG_GROSS"
            abbreviations = ["inkl", "zzgl", "evtl", "bspw", "insb", "allg", "ggfs", "eigtl", "einschl", "ausschl", "hrsg", "bzgl", "sept", "febr"]
            shortAbbreviations = [
                "abs", "bd", "ca", "dr", "fr", "hr", "nr", "st", "tel", "str", "geb", "jh", "mio", "mrd", "std", "min", "max", "sog",
                "ugs", "etc", "bzw", "usw", "vgl", "ggf", "ff", "hl", "art", "abb", "tab", "kap", "anm", "bsp", "lat", "gr", "engl",
            ]
            checksSingleSentenceText = false
            endMarks = [UInt8(ascii: ".")]
            commaAdverbs = []
            examples = [
                .wrong("Es war spät. die anderen waren schon gegangen.", "Es war spät. Die anderen waren schon gegangen.", language: "de-DE"),
                .right("Es war spät. Die anderen waren gegangen, inkl. aller Gäste, am 3. Mai um zehn, vgl. Abs. zwei.", language: "de-DE"),
                .wrong("Ich bin da. komm herein.", "Ich bin da. Komm herein.", language: "de-DE"),
            ]
        default:
            id = "EN_SENTENCE_CAPITAL"
            abbreviations = [
                "approx", "incl", "excl", "cont", "dept", "resp", "vols", "nos", "esp", "corp", "govt", "assn", "univ", "mins", "secs",
                "hrs", "yrs", "mths", "refs", "eqn", "eqns", "figs", "sect", "trans", "misc", "prof", "sept", "etc",
            ]
            checksSingleSentenceText = true
            shortAbbreviations = nil
            endMarks = [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?")]
            commaAdverbs = [
                "therefore", "hence", "moreover", "furthermore", "nevertheless", "nonetheless", "consequently", "additionally",
                "unfortunately", "fortunately", "meanwhile", "firstly", "secondly", "thirdly", "lastly", "finally", "actually",
            ]
            examples = [
                .wrong("It was late. the others had left.", "It was late. The others had left."),
                .wrong("Is it late? the others had left.", "Is it late? The others had left."),
                .wrong("the others had left before we came.", "The others had left before we came."),
                .right("It was late. The others had left. We saw the U.S. army. He left... and came back. iPhones were sold. It costs approx. three dollars. See fig. two."),
                .wrong("is it right?", "Is it right?"),
                .wrong("It rained. therefore we stayed at home.", "It rained. Therefore, we stayed at home."),
                .wrong("therefore, we stayed at home all day.", "Therefore, we stayed at home all day."),
                .right("the others had left"),
                .right("is it?"),
                .right("... and the others had left before we came."),
                .right("the others had left before we came ..."),
                .right("for logging, monitoring, tracing, etc."),
                .right("iOS apps are built with Xcode here."),
            ]
        }
    }

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

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            // "It was late. the others": the sentence splitter keeps a lowercase word after a
            // period in the sentence (it may follow an abbreviation), so the rule looks there:
            // after a period that ends a known word of four letters or more (no abbreviation),
            // or after ! or ?, on the same line.
            for index in range where tokens[index].kind == .punctuation && tokens[index].byteRange.count == 1
                && endMarks.contains(document.firstByte(of: index)) {
                // The next word may start the next sentence (after ! or ?): read on past this one.
                guard index > range.lowerBound, index + 2 < tokens.count, tokens[index + 1].kind == .space,
                      tokens[index + 2].kind == .word, tokens[index - 1].kind == .word
                else { continue }
                if texts[index] == "." {
                    let before = texts[index - 1]
                    guard before.count >= 4 || shortAbbreviations.map({ before.count >= 2 && !$0.contains(before) }) == true,
                          context.grammar.lexicon.knows(before), !abbreviations.contains(before),
                          index < 2 || !scan.isPunctuation(index - 2, ".")
                    else { continue }
                }
                guard isSentenceWord(index + 2, in: document, lexicon: context.grammar.lexicon) else { continue }
                scan.add(index + 2..<index + 3, capitalised(index + 2, in: document))
            }
        }
        if let first = firstWordOfText(document, lexicon: context.grammar.lexicon),
           checksSingleSentenceText || document.sentenceTokens.count > 1 {
            scan.add(first..<first + 1, capitalised(first, in: document))
        }
        return scan.matches
    }

    /// The word at `index` with its capital, and the comma a linking adverb takes when a word
    /// follows it (`commaAdverbs`).
    private func capitalised(_ index: Int, in document: CheckedDocument) -> String {
        let word = document.text(of: document.tokens[index])
        let capital = word.prefix(1).uppercased() + word.dropFirst()
        let tokens = document.tokens
        guard commaAdverbs.contains(document.lowercasedTexts[index]), index + 2 < tokens.count,
              tokens[index + 1].kind == .space, tokens[index + 2].kind == .word
        else { return capital }
        return capital + ","
    }

    /// The first word of a text that starts with a lowercase word and whose first sentence is
    /// whole: four words or more (three for a question), ended by a full stop, question or exclamation mark. A shorter
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
              texts[last - 1] != ".", !abbreviations.contains(texts[last - 1]),
              // A question of three words ("is it right?") is whole too: a title or a list item
              // is rarely a question.
              sentence.count(where: { tokens[$0].kind == .word }) >= (texts[last] == "?" ? 3 : 4)
        else { return nil }
        return isSentenceWord(first, in: document, lexicon: lexicon) ? first : nil
    }

    /// Whether the word at `index` is in small letters and one the lexicon knows, or a French
    /// elided word before its apostrophe ("c’est", "qu’il"): a word that a capital would start.
    private func isSentenceWord(_ index: Int, in document: CheckedDocument, lexicon: Lexicon) -> Bool {
        let word = document.text(of: document.tokens[index]), text = document.lowercasedTexts[index]
        guard let first = word.first, first.isLowercase, !word.contains(where: { $0.isUppercase }) else { return false }
        if let apostrophe = text.firstIndex(where: { $0 == "’" || $0 == "'" }) {
            return FrenchElision.elidedWords.contains(String(text[..<apostrophe])) || lexicon.knows(text)
        }
        if index + 1 < document.tokens.count, ["’", "'"].contains(document.lowercasedTexts[index + 1]) {
            return FrenchElision.elidedWords.contains(text)
        }
        return word.count > 1 && lexicon.knows(text)
    }
}
