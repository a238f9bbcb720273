/// The German rules written in code, in the order they run (the pattern rules of `de.rules`
/// and the phrase lists come from `LanguageGrammar`). They read sentences through
/// `RuleSentence`: tokens, lowercase texts and the lexicon's readings.
enum GermanRules {
    static let all: [any ProofreadingRule] = [
        GermanNounCapitalsRule(),
        GermanArticleNounRule(),
        GermanAdjectiveEndingRule(),
        GermanAdjectiveStrongEndingRule(),
        GermanCompoundRule(),
        GermanPluralAfterNumberRule(),
        GermanSubjectVerbRule(),
        GermanSeparableVerbRule(),
        GermanVerbCapitalRule(),
        GermanDassRule(),
        GermanSubordinateCommaRule(),
        GermanClauseEndCommaRule(),
        GermanQuotesRule(),
        GermanDashRule(),
        GermanAbbreviationSpaceRule(),
        GermanNameAdjectiveCapitalRule(),
        GermanAdjectiveNotNameRule(),
        GermanZuRechtRule(),
        GermanAngstUndBangeRule(),
        GermanAlsSolcheRule(),
        GermanQuestionMarkRule(),
        GermanFInsteadOfPhRule(),
        GermanEMailRule(),
        GermanNounInfinitiveRule(),
        GermanQuoteSpaceRule(),
        GermanAccentApostropheRule(),
        GermanUnitSpaceRule(),
        GermanRangeRule(),
        SentenceCapitalRule(language: "de"),
    ]
}

/// What the German code rules share.
enum GermanWords {
    /// Whether the word at `position` may be a finite verb: the closed lists say so for their
    /// words (so not the article "einen", which the lexicon also reads as a verb), the lexicon for
    /// the others written small.
    static func mayBeFiniteVerb(_ position: Int, in sentence: RuleSentence) -> Bool {
        GermanClosedWordClasses.table[sentence.text(position)].map { $0.contains { $0.tag == .VBF } }
            ?? (sentence.has(position, .VBF) && !sentence.isCapitalized(position))
    }

    /// Whether a clause's subject may open at `position`: a pronoun, an article or possessive,
    /// or a word with a capital.
    static func opensWithSubject(_ position: Int, in sentence: RuleSentence) -> Bool {
        sentence.tags(position).containsAny(WordTags([.PRP, .DT, .PRPS])) || sentence.isCapitalized(position)
    }

    /// Contractions of a preposition and the article, with the article they hold.
    static let contractions: [String: (preposition: String, article: String)] = [
        "beim": ("bei", "dem"), "zum": ("zu", "dem"), "vom": ("von", "dem"), "im": ("in", "dem"), "am": ("an", "dem"),
        "zur": ("zu", "der"), "ins": ("in", "das"), "ans": ("an", "das"), "aufs": ("auf", "das"), "durchs": ("durch", "das"),
        "fürs": ("für", "das"), "ums": ("um", "das"),
    ]
    /// The longest contraction's length in UTF-8 bytes: a longer word is none (a lookup spared).
    static let longestContraction = contractions.keys.map(\.utf8.count).max() ?? 0

    /// Words that stand for a neuter "something": an adjective after them is a noun ("etwas Gutes").
    static let neuterQuantifiers: Set<String> = ["etwas", "nichts", "viel", "wenig", "allerlei", "alles", "genug", "mehr", "manches", "vieles"]

    /// The noun readings of a capitalised word: its own, or those of the longest noun it ends
    /// with when what comes before is a word too, with or without a joining s (a compound takes
    /// the gender of its last part: die Haustür like die Tür; "Catering" is no "Cate" + "Ring").
    ///
    /// Beside them, the plural of a diminutive, which is its singular ("die Mädchen", "die
    /// Weiblein"), and with `nominalised`, what German makes of any verb and adjective after an
    /// article (`nominalisedReadings`); without one ("dass Lesen Spaß macht") that says nothing.
    static func nounReadings(_ word: String, lexicon: Lexicon, nominalised: Bool = false) -> [Lexicon.Reading] {
        var readings = lexiconNounReadings(word, lexicon: lexicon)
        // (A word the lexicon lacks has its plural from `genderSuffixes` already.)
        if word.hasSuffix("chen") || word.hasSuffix("lein"), !readings.contains(where: { $0.features.contains(.plural) }) {
            for reading in readings where reading.features.contains(.neuter) && reading.features.contains(.singular) {
                readings.append(Lexicon.Reading(tag: .NN, lemma: reading.lemma, features: WordFeatures([.plural]).union(.grammaticalCase)))
            }
        }
        return nominalised ? readings + nominalisedReadings(word, lexicon: lexicon) : readings
    }

    /// A verb's infinitive and an inflected adjective written with a capital are nouns, whatever
    /// the lexicon lists: "das Tragen" (not only the plural of "die Trage"), "kein Weinen",
    /// "das Fremde", "dem Guten". An infinitive is a neuter singular (without the genitive's
    /// -s); an adjective takes the gender the article gives it, with its weak or strong ending:
    /// -e after der, die, das; -en in the plural and the oblique cases; -es, -er, -em strong.
    static func nominalisedReadings(_ word: String, lexicon: Lexicon) -> [Lexicon.Reading] {
        // The caller has seen the capital: the lexicon's words, and so `word`, are lowercase.
        guard word.count >= 4 else { return [] }
        let lowercase = word.lowercased()
        let readings = lexicon.readings(of: lowercase)
        var nouns: [Lexicon.Reading] = []
        func add(_ features: [WordFeature]) { nouns.append(Lexicon.Reading(tag: .NN, lemma: lowercase, features: WordFeatures(features))) }
        if readings.contains(where: { $0.tag == .VB }), lowercase.hasSuffix("n") {
            add([.neuter, .singular, .nominative, .dative, .accusative])
        }
        if readings.contains(where: { $0.tag == .JJ && $0.lemma != lowercase }) {
            if lowercase.hasSuffix("e") {
                add([.masculine, .singular, .nominative])
                add([.feminine, .neuter, .singular, .nominative, .accusative])
            } else if lowercase.hasSuffix("en") {
                add([.masculine, .singular, .accusative, .dative, .genitive])
                add([.feminine, .neuter, .singular, .dative, .genitive])
                add([.plural, .nominative, .accusative, .dative, .genitive])
            } else if lowercase.hasSuffix("es") {
                add([.neuter, .singular, .nominative, .accusative])
            } else if lowercase.hasSuffix("er") {
                add([.masculine, .singular, .nominative])
                add([.feminine, .singular, .dative, .genitive])
                add([.plural, .genitive])
            } else if lowercase.hasSuffix("em") {
                add([.masculine, .neuter, .singular, .dative])
            }
        }
        return nouns
    }

    /// Suffixes that make a noun of one gender, whatever stands before them (die Eigenschaft, not
    /// der Schaft; das Weiblein, not der Lein), with the plural ending each takes.
    static let genderSuffixes: [(suffix: String, gender: WordFeature, plural: String)] = [
        ("schaft", .feminine, "en"), ("ung", .feminine, "en"), ("heit", .feminine, "en"), ("keit", .feminine, "en"),
        ("tät", .feminine, "en"), ("ion", .feminine, "en"), ("chen", .neuter, ""), ("lein", .neuter, ""),
    ]

    /// The noun readings the lexicon gives a word, else those its suffix or the noun it ends with give.
    private static func lexiconNounReadings(_ word: String, lexicon: Lexicon) -> [Lexicon.Reading] {
        let own = lexicon.readings(of: word).filter { $0.tag == .NN }
        if !own.isEmpty { return own }
        guard lexicon.readings(of: word).isEmpty, word.count >= 7 else { return [] }
        for (suffix, gender, plural) in genderSuffixes {
            let singular = word.hasSuffix(suffix), pluralForm = !plural.isEmpty && word.hasSuffix(suffix + plural)
            guard singular || pluralForm else { continue }
            var readings: [Lexicon.Reading] = []
            if singular { readings.append(Lexicon.Reading(tag: .NN, lemma: word, features: WordFeatures([gender, .singular]).union(.grammaticalCase))) }
            if singular && plural.isEmpty || pluralForm {
                readings.append(Lexicon.Reading(tag: .NN, lemma: word, features: WordFeatures([.plural]).union(.grammaticalCase)))
            }
            return readings
        }
        let characters = Array(word)
        func isWord(_ head: String) -> Bool {
            !lexicon.readings(of: head).isEmpty || (head.count > 3 && head.hasSuffix("s") && !lexicon.readings(of: String(head.dropLast())).isEmpty)
        }
        for start in 3...(characters.count - 4) {
            let tail = String(characters[start...])
            let readings = lexicon.readings(of: tail)
            if !readings.isEmpty, isWord(String(characters[..<start]).lowercased()) {
                // A tail that is also another kind of word ("ende", "lich") says nothing.
                return readings.allSatisfy { $0.tag == .NN } ? readings : []
            }
        }
        return []
    }

    /// Whether an article (or a contraction's article) can go with a noun: some reading of each
    /// shares number and case, and gender in the singular. `cases` limits the article's cases
    /// (those a preposition before it governs).
    static func agree(_ article: [Lexicon.Reading], _ noun: [Lexicon.Reading], cases: WordFeatures? = nil) -> Bool {
        for a in article {
            for n in noun {
                let number = a.features.intersection(.number)
                guard !number.intersection(n.features).isEmpty else { continue }
                var articleCases = a.features.intersection(.grammaticalCase)
                if let cases { articleCases = articleCases.intersection(cases) }
                guard !articleCases.intersection(n.features).isEmpty else { continue }
                if number.contains(.singular), a.features.intersection(.gender).intersection(n.features).isEmpty { continue }
                return true
            }
        }
        return false
    }

    /// The form of an article's lemma (der, ein, mein, dies...) for a gender, number and case.
    static func articleForm(lemma: String, tag: WordTag, features: WordFeatures) -> String? {
        var best: String?
        for (word, readings) in GermanClosedWordClasses.table {
            for reading in readings where reading.tag == tag && reading.lemma == lemma && reading.features.isSuperset(of: features) {
                // Of two forms (none should be), the shorter, then in code point order.
                if best == nil || (word.count, word) < (best!.count, best!) { best = word }
            }
        }
        return best
    }
}
