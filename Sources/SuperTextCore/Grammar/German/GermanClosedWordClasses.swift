/// The closed word classes of German, written by hand: articles and determiners with every
/// gender, number and case they can stand for, pronouns with their person, prepositions with
/// the case they govern, conjunctions, and the irregular present of sein, haben, werden, wissen
/// and the modal verbs (the lexicon reads person from regular endings only). The open classes
/// come from `de-lexicon.tsv`.
enum GermanClosedWordClasses {
    /// The case forms of an article or determiner, keyed by ending: what "der" stands for is
    /// masculine nominative singular, feminine genitive and dative singular, or genitive plural.
    /// Endings of the der-words (der, dieser, jener, jeder, welcher, mancher, solcher).
    static let strongEndings: [(ending: String, features: [String])] = [
        ("er", ["m sg nom", "f sg gen dat", "pl gen"]),
        ("e", ["f sg nom acc", "pl nom acc"]),
        ("es", ["n sg nom acc", "m n sg gen"]),
        ("em", ["m n sg dat"]),
        ("en", ["m sg acc", "pl dat"]),
    ]
    /// Endings of the ein-words (ein, kein, mein, dein, sein, ihr, unser, euer): no ending in
    /// the masculine nominative and the neuter nominative and accusative.
    static let einEndings: [(ending: String, features: [String])] = [
        ("", ["m sg nom", "n sg nom acc"]),
        ("e", ["f sg nom acc", "pl nom acc"]),
        ("es", ["m n sg gen"]),
        ("em", ["m n sg dat"]),
        ("en", ["m sg acc", "pl dat"]),
        ("er", ["f sg gen dat", "pl gen"]),
    ]

    /// The definite article's forms.
    static let definiteArticle: [String: [String]] = [
        "der": ["m sg nom", "f sg gen dat", "pl gen"],
        "die": ["f sg nom acc", "pl nom acc"],
        "das": ["n sg nom acc"],
        "des": ["m n sg gen"],
        "dem": ["m n sg dat"],
        "den": ["m sg acc", "pl dat"],
    ]

    static let derWordStems = ["dies", "jen", "jed", "welch", "manch", "solch"]
    static let einWordStems = ["ein", "kein", "mein", "dein", "sein", "ihr", "unser", "eur"]

    static let table: [String: [Lexicon.Reading]] = {
        var table: [String: [Lexicon.Reading]] = [:]
        func add(_ tag: WordTag, _ features: String, _ words: String, lemma: String? = nil) {
            let set = WordFeatures(names: features.split(separator: " "))!
            for word in words.split(separator: " ") {
                table[String(word), default: []].append(Lexicon.Reading(tag: tag, lemma: lemma ?? String(word), features: set))
            }
        }
        for (word, readings) in definiteArticle {
            for features in readings { add(.DT, features, word, lemma: "der") }
        }
        for stem in derWordStems {
            for (ending, readings) in strongEndings {
                for features in readings { add(.DT, features, stem + ending, lemma: stem + "er") }
            }
        }
        for stem in einWordStems {
            for (ending, readings) in einEndings {
                // "euer" keeps its e without an ending; "ihr" and "sein" as determiners only here.
                let word = stem == "eur" && ending.isEmpty ? "euer" : stem + ending
                for features in readings { add(stem == "ein" || stem == "kein" ? .DT : .PRPS, features, word, lemma: stem + "") }
            }
        }
        // Subject pronouns with person and number; "sie" is both third person singular and plural
        // (and the polite Sie).
        add(.PRP, "1 sg nom", "ich")
        add(.PRP, "2 sg nom", "du")
        add(.PRP, "3 sg nom", "er es man")
        add(.PRP, "3 sg nom acc", "sie")
        add(.PRP, "3 pl nom acc", "sie")
        add(.PRP, "1 pl nom", "wir")
        add(.PRP, "2 pl nom", "ihr")
        add(.PRPO, "1 sg acc", "mich")
        add(.PRPO, "1 sg dat", "mir")
        add(.PRPO, "2 sg acc", "dich")
        add(.PRPO, "2 sg dat", "dir")
        add(.PRPO, "3 sg acc", "ihn es")
        add(.PRPO, "3 sg dat", "ihm")
        add(.PRPO, "3 pl dat", "ihnen")
        add(.PRPO, "1 pl acc dat", "uns")
        add(.PRPO, "2 pl acc dat", "euch")
        add(.PRPO, "3", "sich")
        // Prepositions by the case they govern; two-way prepositions take both.
        add(.IN, "dat", "mit nach bei seit von zu aus außer gegenüber entsprechend gemäß nahe samt nebst zufolge ab")
        add(.IN, "acc", "für durch gegen ohne um bis wider")
        add(.IN, "acc dat", "in an auf über unter vor hinter neben zwischen")
        add(.IN, "gen", "wegen während trotz statt anstatt aufgrund innerhalb außerhalb oberhalb unterhalb mittels infolge anhand bezüglich")
        // Contractions of a preposition and the article: dative masculine or neuter singular,
        // dative feminine, accusative neuter.
        add(.IN, "m n sg dat", "beim zum vom im am")
        add(.IN, "f sg dat", "zur")
        add(.IN, "n sg acc", "ins ans aufs durchs fürs ums")
        // Conjunctions: subordinating (the verb goes last) and coordinating.
        add(.CC, "", "und oder aber sondern denn doch")
        add(.WH, "", "dass weil obwohl obgleich wenn falls ob als nachdem bevor ehe seitdem sobald solange sodass damit "
            + "indem während wie wo warum weshalb wieso wer wen wem wessen was welche")
        // Irregular presents (the lexicon reads person from regular endings).
        add(.VBF, "1 sg", "bin", lemma: "sein")
        add(.VBF, "2 sg", "bist", lemma: "sein")
        add(.VBF, "3 sg", "ist", lemma: "sein")
        add(.VBF, "1 pl", "sind", lemma: "sein")
        add(.VBF, "3 pl", "sind", lemma: "sein")
        add(.VBF, "2 pl", "seid", lemma: "sein")
        add(.VBF, "1 sg", "war", lemma: "sein")
        add(.VBF, "3 sg", "war", lemma: "sein")
        add(.VBF, "2 sg", "warst", lemma: "sein")
        add(.VBF, "1 pl", "waren", lemma: "sein")
        add(.VBF, "3 pl", "waren", lemma: "sein")
        add(.VBF, "2 pl", "wart", lemma: "sein")
        add(.VBF, "1 sg", "habe", lemma: "haben")
        add(.VBF, "2 sg", "hast", lemma: "haben")
        add(.VBF, "3 sg", "hat", lemma: "haben")
        add(.VBF, "1 pl", "haben", lemma: "haben")
        add(.VBF, "3 pl", "haben", lemma: "haben")
        add(.VBF, "2 pl", "habt", lemma: "haben")
        add(.VBF, "1 sg", "werde", lemma: "werden")
        add(.VBF, "2 sg", "wirst", lemma: "werden")
        add(.VBF, "3 sg", "wird", lemma: "werden")
        add(.VBF, "1 pl", "werden", lemma: "werden")
        add(.VBF, "3 pl", "werden", lemma: "werden")
        add(.VBF, "2 pl", "werdet", lemma: "werden")
        add(.VBF, "1 sg", "weiß", lemma: "wissen")
        add(.VBF, "3 sg", "weiß", lemma: "wissen")
        add(.VBF, "2 sg", "weißt", lemma: "wissen")
        for (singular, second, plural, secondPlural, lemma) in [
            ("kann", "kannst", "können", "könnt", "können"), ("muss", "musst", "müssen", "müsst", "müssen"),
            ("will", "willst", "wollen", "wollt", "wollen"), ("darf", "darfst", "dürfen", "dürft", "dürfen"),
            ("soll", "sollst", "sollen", "sollt", "sollen"), ("mag", "magst", "mögen", "mögt", "mögen"),
        ] {
            add(.VBF, "1 sg", singular, lemma: lemma)
            add(.VBF, "3 sg", singular, lemma: lemma)
            add(.VBF, "2 sg", second, lemma: lemma)
            add(.VBF, "1 pl", plural, lemma: lemma)
            add(.VBF, "3 pl", plural, lemma: lemma)
            add(.VBF, "2 pl", secondPlural, lemma: lemma)
        }
        return table
    }()

    /// Words whose present tense is written by hand above: the lexicon's guesses for them are
    /// left out by the rules.
    static let irregularVerbs: Set<String> = ["sein", "haben", "werden", "wissen", "können", "müssen", "wollen", "dürfen", "sollen", "mögen"]

    /// Articles and determiners that agree with the noun that follows (not the possessives "ihr"
    /// and "sein", which are also a pronoun and a verb, when they stand alone).
    static func isDeterminer(_ word: String) -> Bool {
        (table[word] ?? []).contains { $0.tag == .DT || $0.tag == .PRPS }
    }

    /// The case a preposition governs (dative, accusative, genitive; two-way ones both).
    static func governedCases(_ preposition: String) -> WordFeatures? {
        guard let reading = table[preposition]?.first(where: { $0.tag == .IN }) else { return nil }
        let cases = reading.features.intersection(.grammaticalCase)
        return cases.isEmpty ? nil : cases
    }
}
