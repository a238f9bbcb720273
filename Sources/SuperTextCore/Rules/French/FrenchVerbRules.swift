import Foundation

/// The subject of a French clause as the verb rules see it: a pronoun, a noun phrase or a first
/// name, with what it tells of person, gender and number.
struct FrenchSubject: Sendable {
    /// The first and last tokens of the subject.
    var start: Int
    var end: Int
    /// Person and number (a noun phrase or a name is the third person), and gender where known.
    var features: WordFeatures
    /// Whether the subject is a pronoun (je, ils) rather than a noun phrase or a name.
    var isPronoun: Bool
    /// The words an attribute agrees with, where they are not the last word alone: the head
    /// noun of "les filles du voisin", or "ma mère et ma sœur".
    var named: ClosedRange<Int>? = nil

    /// The subject pronouns with their person, number and gender; "vous" may be one polite
    /// person and "on" several, so their number says nothing of an adjective's.
    static let pronouns: [String: WordFeatures] = [
        "je": WordFeatures([.first, .singular]), "j'": WordFeatures([.first, .singular]),
        "tu": WordFeatures([.second, .singular]),
        "il": WordFeatures([.third, .singular, .masculine]), "elle": WordFeatures([.third, .singular, .feminine]),
        "on": WordFeatures([.third, .singular]),
        "nous": WordFeatures([.first, .plural]), "vous": WordFeatures([.second, .plural]),
        "ils": WordFeatures([.third, .plural, .masculine]), "elles": WordFeatures([.third, .plural, .feminine]),
        "celui-ci": WordFeatures([.third, .singular, .masculine]), "celui-là": WordFeatures([.third, .singular, .masculine]),
        "celle-ci": WordFeatures([.third, .singular, .feminine]), "celle-là": WordFeatures([.third, .singular, .feminine]),
        "ceux-ci": WordFeatures([.third, .plural, .masculine]), "ceux-là": WordFeatures([.third, .plural, .masculine]),
        "celles-ci": WordFeatures([.third, .plural, .feminine]), "celles-là": WordFeatures([.third, .plural, .feminine]),
    ]

    /// A sentence with the subject that ends at each of its positions (`find(endingAt:in:)`,
    /// nil where none does or on a token that is not a word).
    struct InSentence: Sendable {
        let sentence: RuleSentence
        let subjects: [FrenchSubject?]
    }

    /// The sentences of a document with their subjects, found once for the rules that read them
    /// (agreement of the verb, the attribute, the participle; the negation).
    static func all(in document: CheckedDocument, context: RuleContext) -> [InSentence] {
        document.analyses.value([InSentence].self, lexicon: context.grammar.lexicon) {
            RuleSentence.all(in: document, context: context).map { sentence in
                InSentence(sentence: sentence, subjects: (0..<sentence.count).map { position in
                    sentence.isWord(position) ? find(endingAt: position, in: sentence) : nil
                })
            }
        }
    }

    /// The subject that ends just before `position`'s clitics, if the words before form one:
    /// a subject pronoun, or (at the start of a clause) a determiner, a noun and maybe an
    /// adjective, or a first name.
    static func find(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        guard sentence.isWord(end) else { return nil }
        let word = sentence.text(end)
        // Every subject below ends on a noun, an adjective, a name or one of a few pronouns and
        // quantifiers: the other words (verbs, prepositions, adverbs: half a text) end none.
        guard sentence.has(end, .NN) || sentence.has(end, .JJ) || sentence.isCapitalized(end) || pronouns[word] != nil
            || quantifiers[word] != nil || ["qui", "plupart", "deux", "eux"].contains(word)
        else { return nil }
        if let most = laPlupart(endingAt: end, in: sentence) { return most }
        if let quantifier = quantifier(endingAt: end, in: sentence) { return quantifier }
        if let counted = counted(endingAt: end, in: sentence) { return counted }
        if word == "qui" { return antecedent(ofQui: end, in: sentence) }
        if let features = pronouns[word] {
            // "nous", "vous", "elle", "elles" are also objects or stressed forms: "il nous voit",
            // "avec elle". As subjects they start a clause.
            if ["nous", "vous", "elle", "elles"].contains(word) || word.hasPrefix("cel") || word.hasPrefix("ceux"),
               !sentence.startsClause(end, afterConjunction: false) || sentence.text(end - 1) == "comme" {
                return nil
            }
            // "ce que vous dit cette femme": after que, nous and vous may be objects.
            if ["nous", "vous"].contains(word), ["que", "qu'"].contains(sentence.text(end - 1)) { return nil }
            // "tu" is also the participle of "taire": "il s'est tu".
            if word == "tu", ["est", "s'est", "a", "ai", "avait", "été"].contains(sentence.text(end - 1)) { return nil }
            return FrenchSubject(start: end, end: end, features: features, isPronoun: true)
        }
        // A first name at the start of a clause: "Martine est mariée".
        if sentence.isCapitalized(end), sentence.startsClause(end, afterConjunction: false), !sentence.isAllCapitals(end) {
            // "Anne, Lucie, Claire partent": the last name of a list, whose verb is plural.
            if sentence.text(end - 1) == ",", sentence.isCapitalized(end - 2) { return nil }
            let names = sentence.readings(end).filter { $0.tag == .NNP }
            let genders = names.reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
            // "Ben voyons", "Bon, ...": a first word the lexicon also knows as an adverb or an
            // interjection is no name there.
            if sentence.isFirstWord(end), sentence.has(end, .RB) { return nil }
            if !names.isEmpty {
                // A name of either gender (Dominique) is still a third person singular.
                let gender = genders.bits.nonzeroBitCount == 1 ? genders : WordFeatures()
                return FrenchSubject(start: end, end: end, features: gender.union(WordFeatures([.third, .singular])), isPronoun: false)
            }
            return nil
        }
        if let complemented = withComplement(endingAt: end, in: sentence) { return complemented }
        if let joined = joined(endingAt: end, in: sentence) { return joined }
        // A noun phrase at the start of a clause: "Les enfants", "Une grosse averse", "Les camions neufs".
        for start in stride(from: end - 1, through: max(0, end - 3), by: -1) {
            // "Toutes les filles", "Tous ces enfants": tout before the determiner opens the phrase.
            let opener = ["tout", "toute", "tous", "toutes"].contains(sentence.text(start - 1))
                && sentence.startsClause(start - 1, afterConjunction: false) ? start - 1 : start
            guard sentence.startsClause(opener, afterConjunction: false) else { continue }
            // "Du tronc poussent les branches", "Quel âge ont-ils": no subject there.
            if ["du", "au", "aux", "quel", "quelle", "quels", "quelles"].contains(sentence.text(start)) { return nil }
            guard let phrase = FrenchNounPhrases.nounPhrase(at: start, in: sentence) else { continue }
            if opener != start, !["le", "la", "l'", "les", "ce", "cet", "cette", "ces", "mon", "ma", "mes", "ton", "ta", "tes", "son", "sa", "ses",
                                  "notre", "votre", "leur", "nos", "vos", "leurs"].contains(sentence.text(start)) { continue }
            // "des arbres, une tonnelle rappelaient", "l'un comme l'autre devaient": the last of
            // subjects joined by a comma or by comme, whose verb is plural.
            if sentence.text(opener - 1) == "comme" || endsList(before: opener, in: sentence) { return nil }
            // "un homme plus grand que les autres m'a offert": the second term of a comparison.
            if ["que", "qu'"].contains(sentence.text(opener - 1)),
               (opener - 4...opener - 2).contains(where: { ["plus", "moins", "aussi", "autant", "mieux"].contains(sentence.text($0)) }) {
                return nil
            }
            guard phrase.noun == end || (phrase.noun == end - 1 && !sentence.has(end, .VBF)
                && sentence.readings(end).contains { $0.tag == .JJ && FrenchWords.agree($0.features, phrase.determinerFeatures) })
            else { continue }
            // "beaucoup", "la majorité": their number is that of what follows.
            if ["plupart", "majorité", "moitié", "totalité", "reste", "nombre", "peu", "centaine", "dizaine", "foule", "tas"]
                .contains(sentence.text(phrase.noun)) { return nil }
            let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
            guard !nouns.isEmpty else { return nil }
            var features = WordFeatures()
            for reading in nouns { features = features.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
            // "toutes les élèves": tout tells the gender of a noun of both.
            if opener != start, let tout = FrenchNounPhrases.determinerFeatures(at: opener, in: sentence) {
                features = FrenchWords.common(features, tout)
            }
            let certain = FrenchWords.certain(features)
            guard !certain.intersection(.number).isEmpty else { return nil }
            // "Ce matin nous avons froid": a pronoun after the phrase is the subject.
            if ["nous", "vous", "je", "j'", "tu", "il", "elle", "on", "ils", "elles"].contains(sentence.text(end + 1)) { return nil }
            return FrenchSubject(start: opener, end: end, features: certain.union(WordFeatures([.third])), isPronoun: false)
        }
        return nil
    }

    /// Head nouns whose verb may agree with their complement ("une foule de gens criaient",
    /// "le reste des invités sont partis", "une sorte de champignons poussent"): the rule
    /// leaves them alone.
    static let collectiveHeads: Set<String> = [
        "plupart", "majorité", "minorité", "moitié", "totalité", "reste", "restant", "nombre", "peu", "foule", "tas", "ensemble",
        "groupe", "série", "partie", "part", "quantité", "multitude", "infinité", "masse", "millier", "milliers", "million",
        "millions", "milliard", "milliards", "tiers", "quart", "pourcentage", "sorte", "sortes", "espèce", "genre", "type",
        "bande", "troupe", "poignée", "paire", "couple", "variété", "kyrielle", "flopée", "myriade", "ribambelle", "dizaine",
        "douzaine", "quinzaine", "vingtaine", "trentaine", "quarantaine", "cinquantaine", "centaine", "proportion", "suite",
        "collection", "liste", "ensemble", "gamme", "nuée", "armée", "horde", "essaim", "troupeau", "équipe", "famille", "lot",
        "maximum", "minimum", "total", "moyenne", "plein", "combien", "assortiment", "pile", "rangée", "file", "cortège",
    ]

    /// The features of a noun phrase's noun read with its determiner, when they say its number.
    static func phraseFeatures(_ phrase: FrenchNounPhrases.NounPhrase, in sentence: RuleSentence) -> WordFeatures? {
        let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
        guard !nouns.isEmpty else { return nil }
        var features = WordFeatures()
        for reading in nouns { features = features.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
        let certain = FrenchWords.certain(features)
        return certain.intersection(.number).isEmpty ? nil : certain
    }

    /// A noun phrase that opens a clause and ends at `end` or just before, on an adjective that
    /// agrees with it: "le chat", "la voisine", "les enfants sages".
    static func openingPhrase(endingAt end: Int, in sentence: RuleSentence) -> (start: Int, features: WordFeatures)? {
        for start in stride(from: end - 1, through: max(0, end - 4), by: -1) {
            guard sentence.startsClause(start, afterConjunction: false),
                  let phrase = FrenchNounPhrases.nounPhrase(at: start, in: sentence),
                  ["le", "la", "l'", "les", "ce", "cet", "cette", "ces", "mon", "ma", "mes", "ton", "ta", "tes", "son", "sa", "ses",
                   "notre", "votre", "leur", "nos", "vos", "leurs", "un", "une"].contains(sentence.text(start))
            else { continue }
            guard phrase.noun == end || (phrase.noun == end - 1
                && sentence.readings(end).contains { $0.tag == .JJ && FrenchWords.agree($0.features, phrase.determinerFeatures) })
            else { return nil }
            if sentence.text(start - 1) == "comme" || endsList(before: start, in: sentence) { return nil }
            guard let features = phraseFeatures(phrase, in: sentence) else { return nil }
            return (start, features)
        }
        return nil
    }

    /// Whether the word after `end`, past clitics, is a verb and nothing else (or a form of être
    /// or avoir): the subject ends at `end`. `orSingular`: a verb that may also be a singular noun
    /// or adjective (joue, court) will do.
    static func verbFollows(_ end: Int, in sentence: RuleSentence, orSingular: Bool = false) -> Bool {
        let verb = skipClitics(from: end + 1, in: sentence)
        guard sentence.isWord(verb), !sentence.isCapitalized(verb) else { return false }
        let readings = sentence.readings(verb)
        return readings.contains { $0.tag == .VBF && ["être", "avoir"].contains($0.lemma) }
            || readings.contains { $0.tag == .VBF && !$0.features.contains(.imperative) }
                && readings.allSatisfy { $0.tag == .VBF || orSingular && !$0.features.contains(.plural) && [.NN, .JJ].contains($0.tag) }
    }

    /// A head noun and its complement, the verb agreeing with the head: "les filles du voisin
    /// sont venues", "le chien de mes voisins aboie", "le pot de fleurs est". Only a determiner
    /// and a noun that open the clause, then du, des, de or d' and a noun phrase (or a noun)
    /// that the verb follows; not a head that counts (une foule de, le reste des).
    static func withComplement(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        guard sentence.has(end, .NN) || sentence.has(end, .JJ), !sentence.isClosedClassOrNumber(end), !sentence.isCapitalized(end),
              verbFollows(end, in: sentence)
        else { return nil }
        for link in stride(from: end - 1, through: max(1, end - 3), by: -1) {
            let word = sentence.text(link)
            guard ["du", "des", "de", "d'"].contains(word) else { continue }
            // The complement: a phrase that starts at the link (du, des) or after it (de la, de mes), or a noun alone (de fleurs).
            let phraseStart = ["du", "des"].contains(word) ? link : link + 1
            if let phrase = FrenchNounPhrases.nounPhrase(at: phraseStart, in: sentence) {
                guard phrase.noun == end || (phrase.noun == end - 1
                    && sentence.readings(end).contains { $0.tag == .JJ && FrenchWords.agree($0.features, phrase.determinerFeatures) })
                else { return nil }
            } else {
                guard ["de", "d'"].contains(word), link + 1 == end, sentence.has(end, .NN), !sentence.isCapitalized(end) else { return nil }
            }
            let head = link - 1
            guard sentence.has(head, .NN), !collectiveHeads.contains(sentence.text(head)),
                  let found = openingPhrase(endingAt: head, in: sentence),
                  !["un", "une"].contains(sentence.text(found.start)) || !["des", "de", "d'"].contains(word)
            else { return nil }
            if ["nous", "vous", "je", "j'", "tu", "il", "elle", "on", "ils", "elles"].contains(sentence.text(end + 1)) { return nil }
            return FrenchSubject(start: found.start, end: end, features: found.features.union(WordFeatures([.third])), isPronoun: false,
                                 named: found.start...head)
        }
        return nil
    }

    /// Two subjects joined by et, whose verb is plural: "ma mère et ma sœur sont venues", "le
    /// chat et le chien dorment", "Pierre et Marie". The attribute is feminine only when both
    /// are. Not with ou or ni (either number is right), nor with chaque or aucun.
    static func joined(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        guard !sentence.isClosedClassOrNumber(end), verbFollows(end, in: sentence, orSingular: true) else { return nil }
        func conjunct(endingAt last: Int, opening: Bool) -> (start: Int, features: WordFeatures)? {
            // A first name: "Pierre et Marie".
            if sentence.isCapitalized(last), !sentence.isAllCapitals(last), !sentence.isFirstWord(last) || opening {
                let names = sentence.readings(last).filter { $0.tag == .NNP }
                guard !names.isEmpty, !opening || sentence.startsClause(last, afterConjunction: false),
                      opening || sentence.text(last - 1) == "et"
                else { return nil }
                if opening, sentence.text(last - 1) == "comme" || sentence.text(last - 1) == "," && sentence.isCapitalized(last - 2) { return nil }
                let genders = names.reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
                let gender = genders.bits.nonzeroBitCount == 1 ? genders : WordFeatures()
                return (last, gender.union(WordFeatures([.singular])))
            }
            if opening { return openingPhrase(endingAt: last, in: sentence) }
            for start in stride(from: last, through: max(0, last - 3), by: -1) where sentence.text(start - 1) == "et" {
                guard let phrase = FrenchNounPhrases.nounPhrase(at: start, in: sentence),
                      phrase.noun == last || (phrase.noun == last - 1
                        && sentence.readings(last).contains { $0.tag == .JJ && FrenchWords.agree($0.features, phrase.determinerFeatures) }),
                      let features = phraseFeatures(phrase, in: sentence)
                else { return nil }
                return (start, features)
            }
            return nil
        }
        guard let second = conjunct(endingAt: end, opening: false), sentence.text(second.start - 1) == "et",
              let first = conjunct(endingAt: second.start - 2, opening: true)
        else { return nil }
        let distributive = ["chaque", "aucun", "aucune", "nul", "nulle", "tout", "toute"]
        if distributive.contains(sentence.text(first.start)) || distributive.contains(sentence.text(second.start)) { return nil }
        // "l'un et l'autre" and the like say nothing more than the plural.
        if ["un", "une"].contains(sentence.text(first.start)) && sentence.text(first.start) == sentence.text(second.start) { return nil }
        if ["nous", "vous", "je", "j'", "tu", "il", "elle", "on", "ils", "elles"].contains(sentence.text(end + 1)) { return nil }
        let genders = [first.features, second.features].map { $0.intersection(.gender) }
        var gender = WordFeatures()
        if genders.allSatisfy({ $0 == WordFeatures([.feminine]) }) { gender = WordFeatures([.feminine]) }
        else if genders.contains(WordFeatures([.masculine])) { gender = WordFeatures([.masculine]) }
        return FrenchSubject(start: first.start, end: end, features: gender.union(WordFeatures([.third, .plural])), isPronoun: false,
                             named: first.start...end)
    }

    /// Quantifiers used as pronouns, with the person, number and gender they give the verb.
    static let quantifiers: [String: WordFeatures] = [
        "tous": WordFeatures([.third, .plural, .masculine]), "toutes": WordFeatures([.third, .plural, .feminine]),
        "certains": WordFeatures([.third, .plural, .masculine]), "certaines": WordFeatures([.third, .plural, .feminine]),
        "plusieurs": WordFeatures([.third, .plural]),
        "chacun": WordFeatures([.third, .singular, .masculine]), "chacune": WordFeatures([.third, .singular, .feminine]),
        "aucun": WordFeatures([.third, .singular, .masculine]), "aucune": WordFeatures([.third, .singular, .feminine]),
    ]

    /// A quantifier as the subject, right before its verb: "toutes sont venues", "tous deux
    /// partent", "aucune n'est venue"; and "chacune des filles", "aucun de ces livres", "l'une
    /// d'entre elles", singular whatever the number of their complement.
    static func quantifier(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        // The verb follows, maybe after ne or a clitic that is no article ("toutes les portes").
        var verb = end + 1
        while sentence.isWord(verb), FrenchClosedWordClasses.clitics.contains(sentence.text(verb)),
              !["le", "la", "l'", "les"].contains(sentence.text(verb)) { verb += 1 }
        guard sentence.readings(verb).contains(where: { $0.tag == .VBF }),
              // Not a noun or a participle: "tous comptes faits", "aucun des arguments fournis n'est".
              !sentence.tags(verb).containsAny(WordTags([.NN, .JJ, .VBN]))
                || sentence.readings(verb).contains(where: { $0.tag == .VBF && ["être", "avoir"].contains($0.lemma) })
        else { return nil }
        let word = sentence.text(end)
        var start = end
        var features: WordFeatures
        if let own = quantifiers[word] {
            features = own
        } else if word == "deux", let own = quantifiers[sentence.text(end - 1)], ["tous", "toutes"].contains(sentence.text(end - 1)) {
            start = end - 1
            features = own
        } else {
            // "chacune des filles", "aucun de ces livres", "l'un d'entre eux".
            guard sentence.has(end, .NN) && !sentence.isClosedClassOrNumber(end) || ["eux", "elles", "nous", "vous"].contains(word),
                  !sentence.isCapitalized(end) else { return nil }
            let singulars: [String: WordFeatures] = [
                "chacun": WordFeatures([.masculine]), "chacune": WordFeatures([.feminine]), "aucun": WordFeatures([.masculine]),
                "aucune": WordFeatures([.feminine]), "un": WordFeatures([.masculine]), "une": WordFeatures([.feminine]),
            ]
            guard end >= 2, let head = (max(0, end - 3)...(end - 2)).last(where: { singulars[sentence.text($0)] != nil }) else { return nil }
            let link = Array((head + 1)..<end).map { sentence.text($0) }
            guard link == ["des"] || link == ["d'entre"] || link == ["d'", "entre"]
                    || link.count == 2 && link[0] == "de" && ["ces", "mes", "tes", "ses", "nos", "vos", "leurs"].contains(link[1])
            else { return nil }
            start = ["un", "une"].contains(sentence.text(head)) && sentence.text(head - 1) == "l'" ? head - 1 : head
            features = singulars[sentence.text(head)]!.union(WordFeatures([.third, .singular]))
        }
        guard sentence.startsClause(start, afterConjunction: false), !sentence.isCapitalized(start) || sentence.isFirstWord(start) else { return nil }
        return FrenchSubject(start: start, end: end, features: features, isPronoun: false)
    }

    /// A noun counted by a cardinal from two up, plural whatever its determiner: "deux filles",
    /// "les trois sœurs", "ces 12 pages", "trois petites filles".
    static func counted(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        guard sentence.has(end, .NN, WordFeatures([.plural])), !sentence.isCapitalized(end), !sentence.isClosedClassOrNumber(end) else { return nil }
        for number in stride(from: end - 1, through: max(0, end - 2), by: -1) {
            let text = sentence.text(number)
            guard FrenchNounPhrases.pluralNumbers.contains(text) && text != "plusieurs"
                    || sentence.isNumber(number) && (Int(text) ?? 0) >= 2 && !text.hasPrefix("0") else { continue }
            // Adjectives only between the number and the noun: "trois petites filles".
            guard (number + 1..<end).allSatisfy({ sentence.has($0, .JJ) && !sentence.isClosedClassOrNumber($0) }) else { return nil }
            var start = number
            if let determiner = FrenchNounPhrases.determinerFeatures(at: number - 1, in: sentence), determiner.contains(.plural) { start = number - 1 }
            guard sentence.startsClause(start, afterConjunction: false), !sentence.isNumber(start - 1) else { return nil }
            // "Ce matin nous avons froid", "Deux fois il a": a pronoun after the phrase is the subject.
            if ["nous", "vous", "je", "j'", "tu", "il", "elle", "on", "ils", "elles"].contains(sentence.text(end + 1)) { return nil }
            let plurals = sentence.readings(end).filter { $0.tag == .NN && $0.features.contains(.plural) }
            let gender = plurals.reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
            let features = WordFeatures([.third, .plural]).union(gender.bits.nonzeroBitCount == 1 ? gender : WordFeatures())
            return FrenchSubject(start: start, end: end, features: features, isPronoun: false)
        }
        return nil
    }

    /// "La plupart" is plural ("la plupart pensent", "la plupart des gens pensent") unless its
    /// complement is singular ("la plupart du monde pense").
    static func laPlupart(endingAt end: Int, in sentence: RuleSentence) -> FrenchSubject? {
        if sentence.text(end) == "plupart", sentence.text(end - 1) == "la", sentence.startsClause(end - 1, afterConjunction: false),
           !["des", "du", "de", "d'"].contains(sentence.text(end + 1)) {
            return FrenchSubject(start: end - 1, end: end, features: WordFeatures([.third, .plural]), isPronoun: false)
        }
        guard sentence.has(end, .NN), !sentence.isClosedClassOrNumber(end) else { return nil }
        for link in stride(from: end - 1, through: max(1, end - 3), by: -1) where sentence.text(link - 1) == "plupart" {
            guard sentence.text(link - 2) == "la", sentence.startsClause(link - 2, afterConjunction: false) else { return nil }
            let singular = ["du", "de"].contains(sentence.text(link)) && sentence.text(link + 1) != "ces" || sentence.text(link) == "d'" && sentence.has(end, .NN, WordFeatures([.singular])) && !sentence.has(end, .NN, WordFeatures([.plural]))
            if sentence.text(link) == "des" || sentence.text(link) == "de" && ["ces", "mes", "tes", "ses", "nos", "vos", "leurs"].contains(sentence.text(link + 1)) {
                // "la plupart des filles sont venues": the gender is that of the complement.
                let gender = sentence.readings(end).filter { $0.tag == .NN && $0.features.contains(.plural) }
                    .reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
                let known = gender.bits.nonzeroBitCount == 1 ? gender : WordFeatures()
                return FrenchSubject(start: link - 2, end: end, features: WordFeatures([.third, .plural]).union(known), isPronoun: false)
            }
            if singular {
                return FrenchSubject(start: link - 2, end: end, features: WordFeatures([.third, .singular]), isPronoun: false)
            }
            return nil
        }
        return nil
    }

    /// Whether the phrase at `start` is the last of a list of three or more nouns joined by
    /// commas ("des ruisselets, des arbres, une tonnelle"): a noun before its comma, and another
    /// comma a few words before that. One comma is more often an opening phrase ("Ce soir, un
    /// orage").
    static func endsList(before start: Int, in sentence: RuleSentence) -> Bool {
        guard sentence.text(start - 1) == ",", sentence.has(start - 2, .NN) else { return false }
        return (max(0, start - 6)...max(0, start - 3)).contains { sentence.text($0) == "," }
    }

    /// The noun phrase "qui" stands for, when "qui" follows it directly and it is not the
    /// complement of a preposition ("le livre de mes amis qui" could be either noun).
    static func antecedent(ofQui position: Int, in sentence: RuleSentence) -> FrenchSubject? {
        let noun = position - 1
        guard sentence.has(noun, .NN), !sentence.isClosedClassOrNumber(noun), !sentence.isCapitalized(noun) else { return nil }
        for start in stride(from: noun - 1, through: max(0, noun - 3), by: -1) {
            guard let phrase = FrenchNounPhrases.nounPhrase(at: start, in: sentence), phrase.noun == noun else { continue }
            // "une allure de tous les diables qui": tout before the determiner belongs to the phrase.
            let opener = ["tout", "toute", "tous", "toutes"].contains(sentence.text(start - 1)) ? start - 1 : start
            let before = sentence.text(opener - 1)
            if ["de", "d'", "à", "avec", "pour", "sans", "sur", "sous", "dans", "par", "chez", "entre", "vers", "contre", "parmi", "et", "ou", "comme"].contains(before)
                || ["des", "du", "au", "aux"].contains(sentence.text(start)) && sentence.has(start - 1, .NN)
                // "des arbres, une tonnelle qui rappelaient": the last noun of a list.
                || endsList(before: start, in: sentence) {
                return nil
            }
            let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
            guard !nouns.isEmpty else { return nil }
            var features = WordFeatures()
            for reading in nouns { features = features.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
            let certain = FrenchWords.certain(features)
            guard !certain.intersection(.number).isEmpty else { return nil }
            return FrenchSubject(start: start, end: position, features: certain.union(WordFeatures([.third])), isPronoun: false)
        }
        return nil
    }

    /// The subject that opens a clause at `start` and the verb after it, past clitics: a subject
    /// pronoun (celui-ci and the other demonstratives only when `demonstratives`), or a noun
    /// phrase or name that starts there (`subjects`, from `all`). `features` are the person and
    /// number the verb takes; `isPronoun` says whether the word at `start` is a subject pronoun.
    static func clause(at start: Int, in sentence: RuleSentence, subjects: [FrenchSubject?], demonstratives: Bool)
        -> (features: WordFeatures, verb: Int, isPronoun: Bool)? {
        guard start < sentence.count else { return nil }
        let word = sentence.text(start)
        let isPronoun = pronouns[word] != nil
        if let pronoun = pronouns[word], demonstratives || !word.hasPrefix("cel") {
            return (pronoun.intersection(WordFeatures.person.union(.number)), skipClitics(from: start + 1, in: sentence), isPronoun)
        }
        guard let end = (start...min(start + 4, sentence.count - 1)).first(where: { subjects[$0]?.start == start && subjects[$0]?.isPronoun == false }),
              let subject = subjects[end], !subject.features.intersection(.number).isEmpty
        else { return nil }
        return (WordFeatures([.third]).union(subject.features.intersection(.number)), skipClitics(from: end + 1, in: sentence), isPronoun)
    }

    /// The position after the clitic pronouns and negation that follow `position`
    /// ("il ne le leur donne" → "donne").
    static func skipClitics(from position: Int, in sentence: RuleSentence) -> Int {
        var next = position
        while sentence.isWord(next), FrenchClosedWordClasses.clitics.contains(sentence.text(next)) { next += 1 }
        return next
    }
}

/// The verb agrees with its subject in person and number: "ils mange" → "ils mangent",
/// "tu manges", "nous mangeons"; "moi qui disait" → "moi qui disais".
public struct FrenchSubjectVerbRule: ProofreadingRule {
    public let id = "FR_ACCORD_SUJET_VERBE"
    public let category = MatchCategory.grammar
    public let description = "The verb agrees with its subject in person and number."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Chacun des élèves ont un livre.", "Chacun des élèves a un livre.", language: "fr"),
        .wrong("Toutes les voisines chante.", "Toutes les voisines chantent.", language: "fr"),
        .wrong("Ils mange une pomme.", "Ils mangent une pomme.", language: "fr"),
        .wrong("Tu mange trop vite.", "Tu manges trop vite.", language: "fr"),
        .wrong("Nous ne le savait pas.", "Nous ne le savions pas.", language: "fr"),
        .wrong("Les enfants joue dans le jardin.", "Les enfants jouent dans le jardin.", language: "fr"),
        .wrong("C’est moi qui disait ça.", "C’est moi qui disais ça.", language: "fr"),
        .right("Il nous parle. Je les porte. Avec elle, ils rient. On mange. Vous êtes là ? Il s’est tu.", language: "fr"),
        .right("Le chat et le chien mangent. La plupart des gens pensent ainsi.", language: "fr"),
        .right("Pierre, Marie, Sophie viendront. Le chat, le chien, la poule dorment. Le père comme le fils savaient nager.", language: "fr"),
        .right("Les caractères entre le point et la marque sont effacés ; les votes contre le projet sont nombreux.", language: "fr"),
        .right("Les mots entre [[ et ]] restent ; si une version plus récente existe, elle est installée.", language: "fr"),
        .right("Un livre aussi beau que les autres m’a plu. L’un de ceux-là viendra.", language: "fr"),
        .wrong("Ce soir, le train partent à l’heure.", "Ce soir, le train part à l’heure.", language: "fr"),
        .wrong("Voici les fruits que préfère nos enfants.", "Voici les fruits que préfèrent nos enfants.", language: "fr"),
        .wrong("C’est la maison où habitent mon oncle.", "C’est la maison où habite mon oncle.", language: "fr"),
        .wrong("Le vent qui nous maintien au large souffle fort.", "Le vent qui nous maintient au large souffle fort.", language: "fr"),
        .wrong("Je m’en fou complètement.", "Je m’en fous complètement.", language: "fr"),
        .wrong("Cette usine emploi ses voisins.", "Cette usine emploie ses voisins.", language: "fr"),
        .right("Le mot clé est là. Le roi Louis mange. La date limite approche.", language: "fr"),
        .right("Il y a un contact. Je vous en prie. Elle aussi. Nous deux. Qui sait ?", language: "fr"),
        .wrong("Le chien de nos amis aboient la nuit.", "Le chien de nos amis aboie la nuit.", language: "fr"),
        .wrong("Le lapin et la tortue court.", "Le lapin et la tortue courent.", language: "fr"),
        .wrong("Peut-tu venir demain ?", "Peux-tu venir demain ?", language: "fr"),
        .wrong("Vas-il partir ce soir ?", "Va-t-il partir ce soir ?", language: "fr"),
        .right("Peux-tu venir ? Va-t-il partir ? Donnez-nous du pain. Sont-elles là ? Dis-je. A-t-on fini ?", language: "fr"),
        .right("Une foule de curieux attendaient. Le reste des invités sont partis. Chaque garçon et chaque fille reçoit un cadeau.", language: "fr"),
        .right("Le soleil brille et le chien dort. Le pot ou le vase tombera. La porte du garage reste ouverte.", language: "fr"),
        .right("Voici les fruits que préfèrent le chat et le chien. Le pays dont rêvent les enfants est loin.", language: "fr"),
        .right("La lecture puis la connaissance. Les classes pilote sont ouvertes. Ben voyons, bien sûr.", language: "fr"),
        .right("Il avait une allure de tous les diables qui n’était pas déplaisante.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "The verb does not agree with '{subject}': write '{suggestion}'.", shortMessage: "Subject and verb",
            title: "Agreement of subject and verb",
            detail: "A French verb takes the person and number of its subject: je mange, tu manges, il mange, nous mangeons, vous mangez, ils mangent. After qui, the verb agrees with what qui stands for: c’est moi qui dis, c’est toi qui dis, ce sont eux qui disent."),
        .fr: RuleText(
            message: "Le verbe ne s’accorde pas avec « {subject} » : écrivez « {suggestion} ».", shortMessage: "Accord sujet-verbe",
            title: "Accord du verbe avec le sujet",
            detail: "Le verbe prend la personne et le nombre de son sujet : je mange, tu manges, il mange, nous mangeons, vous mangez, ils mangent. Après qui, le verbe s’accorde avec ce que qui remplace : c’est moi qui dis, c’est toi qui dis, ce sont eux qui disent."),
        .de: RuleText(
            message: "Das Verb passt nicht zu „{subject}“: Schreiben Sie „{suggestion}“.", shortMessage: "Subjekt und Verb",
            title: "Übereinstimmung von Subjekt und Verb",
            detail: "Das französische Verb richtet sich in Person und Zahl nach seinem Subjekt: je mange, tu manges, il mange, nous mangeons, vous mangez, ils mangent. Nach qui richtet es sich nach dem, wofür qui steht: c’est moi qui dis, c’est toi qui dis, ce sont eux qui disent."),
        .es: RuleText(
            message: "El verbo no concuerda con «{subject}»: escriba «{suggestion}».", shortMessage: "Sujeto y verbo",
            title: "Concordancia de sujeto y verbo",
            detail: "El verbo francés toma la persona y el número de su sujeto: je mange, tu manges, il mange, nous mangeons, vous mangez, ils mangent. Tras qui, concuerda con aquello a lo que qui se refiere: c’est moi qui dis, c’est toi qui dis, ce sont eux qui disent."),
    ]

    /// Stressed pronouns before "qui", with the person and number of the verb after it.
    static let beforeQui: [String: WordFeatures] = [
        "moi": WordFeatures([.first, .singular]), "toi": WordFeatures([.second, .singular]),
        "nous": WordFeatures([.first, .plural]), "vous": WordFeatures([.second, .plural]),
        "lui": WordFeatures([.third, .singular]), "elle": WordFeatures([.third, .singular]),
        "eux": WordFeatures([.third, .plural]), "elles": WordFeatures([.third, .plural]),
        "celui": WordFeatures([.third, .singular]), "celle": WordFeatures([.third, .singular]),
        "ceux": WordFeatures([.third, .plural]), "celles": WordFeatures([.third, .plural]),
    ]

    /// Words after which the subject may follow its verb: a relative pronoun that is the object
    /// or a complement (les possibilités qu’offre le chien, l’histoire dont bénéficie la langue,
    /// le lieu où vivent les hommes).
    static let inverting: Set<String> = [
        "que", "qu'", "dont", "où", "duquel", "desquels", "desquelles", "auquel", "auxquels", "auxquelles",
        "lequel", "laquelle", "lesquels", "lesquelles",
    ]

    /// A verb right after `position` (a relative pronoun) that does not agree with the noun
    /// phrase after it, its subject: "les possibilités que donnent le chien" → "donne". Only a
    /// verb that is nothing else, and a noun phrase that ends the clause without a second
    /// subject joined to it (que donnent le chien et le chat).
    func invertedSubjectMatch(after position: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        // The verb right after: a pronoun there is the subject (que vous fassiez).
        let verb = position + 1
        guard sentence.isWord(verb), !sentence.isCapitalized(verb), !sentence.isClosedClassOrNumber(verb),
              !sentence.text(verb).utf8.contains(UInt8(ascii: "-"))
        else { return nil }
        let readings = sentence.readings(verb)
        let verbs = readings.filter { $0.tag == .VBF && !$0.features.contains(.imperative) }
        guard !verbs.isEmpty, readings.allSatisfy({ $0.tag == .VBF }),
              let phrase = FrenchNounPhrases.nounPhrase(at: verb + 1, in: sentence)
        else { return nil }
        // The clause ends after the noun phrase (or its complement): no second subject.
        var next = phrase.noun + 1
        while sentence.isWord(next) && next < phrase.noun + 6 {
            if ["et", "ou", "ni", "comme"].contains(sentence.text(next)) { return nil }
            next += 1
        }
        if ["et", "ou", ",", "ni"].contains(sentence.text(next)) { return nil }
        let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
        guard !nouns.isEmpty else { return nil }
        var features = WordFeatures()
        for reading in nouns { features = features.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
        let number = FrenchWords.certain(features).intersection(.number)
        guard !number.isEmpty else { return nil }
        let wanted = WordFeatures([.third]).union(number)
        if verbs.contains(where: { $0.features.isSuperset(of: wanted) }) { return nil }
        let forms = sentence.lexicon.inflections(of: sentence.text(verb), to: .VBF, features: wanted)
        guard let form = forms.first else { return nil }
        return sentence.match(verb, verb, rule: self, texts: Self.texts, context: context,
                              suggestions: [form] + forms.dropFirst().prefix(1),
                              values: ["subject": sentence.written(from: phrase.determiner, to: phrase.noun)])
    }

    /// Where a subject pronoun or qui (and its clitics) is followed by a word that is no verb
    /// form, a verb heard the same that agrees with the subject: "qui nous maintien" →
    /// "maintient", "je m'en fou" → "fous", "un homme qui oubli" → "oublie", "celui qui
    /// réussi" → "réussit". The written word is a noun or a participle with the verb's ending
    /// left off; only a form the lexicon knows is offered.
    func homophoneVerbMatch(_ position: Int, wanted: WordFeatures, subject: String, in sentence: RuleSentence, context: RuleContext) -> Match? {
        let text = sentence.text(position)
        guard !wanted.intersection(.number).isEmpty, !sentence.isClosedClassOrNumber(position), !FrenchWords.adverbs.contains(text),
              !sentence.readings(position).isEmpty, !sentence.has(position, .VB),
              !text.utf8.contains(UInt8(ascii: "-")), !text.utf8.contains(UInt8(ascii: "'"))
        else { return nil }
        let endings = text.hasSuffix("l") ? ["e", "le", "es", "les"] : ["e", "t", "s", "es", "ent"]
        for ending in endings {
            let candidate = text + ending
            if sentence.lexicon.readings(of: candidate).contains(where: {
                $0.tag == .VBF && !$0.features.contains(.imperative) && $0.features.isSuperset(of: wanted)
                    && !$0.features.intersection(WordFeatures([.indicativePresent, .simplePast])).isEmpty
            }) {
                return sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                      suggestions: [candidate], values: ["subject": subject])
            }
        }
        return nil
    }

    /// A verb before its subject pronoun that does not agree with it: "peut-tu" → "peux-tu",
    /// "vas-il" → "va-t-il"; in the third person, where the number differs, the pronoun may be
    /// what is wrong too ("sont-il" → "sont-ils" or "est-il"). Only the pronouns that cannot be
    /// an imperative's object (je, tu, il, elle, on, ils, elles).
    func inversionMatch(_ position: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        let written = sentence.written(position)
        guard let (verb, pronoun) = FrenchAttributeRule.inversion(sentence.text(position)),
              ["je", "tu", "il", "elle", "on", "ils", "elles"].contains(pronoun), let features = FrenchSubject.pronouns[pronoun],
              // "d’entre-elles" (d’entre elles): a preposition with a stray hyphen.
              !FrenchWords.prepositionsAlsoVerbs.contains(verb), !["d'", "de"].contains(sentence.text(position - 1))
        else { return nil }
        let verbs = sentence.lexicon.readings(of: verb).filter { $0.tag == .VBF && !$0.features.contains(.imperative) }
        let wanted = features.intersection(WordFeatures.person.union(.number))
        guard !verbs.isEmpty, !verbs.contains(where: { $0.features.isSuperset(of: wanted) }),
              let hyphen = written.firstIndex(of: "-")
        else { return nil }
        let writtenVerb = String(written[..<hyphen])
        let writtenPronoun = String(written[written.index(after: written.lastIndex(of: "-")!)...])
        func joined(_ form: String, _ pronoun: String) -> String {
            FrenchWords.inverted(writtenVerb.first?.isUppercase == true ? WordCase.capitalizingFirst(form) : form, pronoun)
        }
        var suggestions: [String] = []
        if let form = sentence.lexicon.inflections(of: verb, to: .VBF, features: wanted).first { suggestions.append(joined(form, writtenPronoun)) }
        // "sont-il": the pronoun in the verb's number.
        let thirdPersons = verbs.filter { $0.features.contains(.third) }
        if features.contains(.third), !thirdPersons.isEmpty {
            let plural = thirdPersons.allSatisfy { $0.features.contains(.plural) }
            let singular = thirdPersons.allSatisfy { $0.features.contains(.singular) }
            let other: String? = plural && ["il", "elle"].contains(pronoun) ? pronoun + "s"
                : singular && ["ils", "elles"].contains(pronoun) ? String(pronoun.dropLast()) : nil
            if let other { suggestions.insert(joined(writtenVerb.lowercased(), other), at: plural ? 0 : suggestions.count) }
        }
        guard !suggestions.isEmpty else { return nil }
        return sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                              suggestions: Array(suggestions.prefix(2)), values: ["subject": writtenPronoun], keepingCase: true)
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            for position in 0..<sentence.count where sentence.isWord(position) {
                if sentence.text(position).utf8.contains(UInt8(ascii: "-")), let match = inversionMatch(position, in: sentence, context: context) {
                    matches.append(match)
                    continue
                }
                var subject: (features: WordFeatures, name: String)?
                if sentence.text(position) == "qui", let found = FrenchSubject.antecedent(ofQui: position, in: sentence) {
                    subject = (found.features, sentence.written(from: found.start, to: position - 1))
                } else if sentence.text(position) == "qui", position > 0 {
                    let before = sentence.text(position - 1)
                    // "C'est moi qui", "Moi qui", "Et moi qui"; not "plus vieux que moi qui",
                    // "lui ou moi qui", "en toi qui".
                    let lead = sentence.text(position - 2)
                    let leads = position - 1 == 0 || ["est", "sont", "était", "étaient", "fut", "sera", ","].contains(lead)
                        || (["et", "mais"].contains(lead) && position - 2 == 0)
                    if let features = Self.beforeQui[before], leads {
                        subject = (features, sentence.written(position - 1))
                    }
                } else if let found = subjects[position] {
                    // After a name or a noun phrase only the words right after count: the verb
                    // comes next ("Les enfants jouent").
                    subject = (found.features, sentence.written(from: found.start, to: found.end))
                }
                if subject == nil, Self.inverting.contains(sentence.text(position)),
                   let match = invertedSubjectMatch(after: position, in: sentence, context: context) {
                    matches.append(match)
                    continue
                }
                guard let subject else { continue }
                if sentence.text(position) != "qui", sentence.text(position + 1) == "qui" { continue }
                let verb = FrenchSubject.skipClitics(from: position + 1, in: sentence)
                guard sentence.isWord(verb), !sentence.isCapitalized(verb) else { continue }
                // "Une chaise en bois est lourde": after a noun phrase, "en" and a noun make a
                // complement; not after "ne" or a reflexive pronoun, which only go with a verb
                // ("la plupart s'en fiche", "la femme qui ne demandes rien").
                var verbOnly = (position + 1..<verb).contains { ["ne", "n'", "se", "s'", "me", "m'", "te", "t'"].contains(sentence.text($0)) }
                // After qui, object pronouns go only with a verb too ("qui nous maintient").
                if sentence.text(position) == "qui", (position + 1..<verb).allSatisfy({ ["nous", "vous", "le", "la", "les", "l'", "lui", "leur"].contains(sentence.text($0)) }) {
                    verbOnly = true
                }
                if !FrenchSubject.pronouns.keys.contains(sentence.text(position)), verb > position + 1, sentence.has(verb, .NN), !verbOnly { continue }
                // "les correspondances entre le motif et…": after a noun phrase, entre and contre
                // are the prepositions unless a place follows (le chat entre dans la maison).
                if !FrenchSubject.pronouns.keys.contains(sentence.text(position)), FrenchWords.prepositionsAlsoVerbs.contains(sentence.text(verb)),
                   verb + 1 < sentence.count, ![".", ";", "!", "?", "dans", "en", "à", "au", "aux", "par", "chez", "sur", "sous"].contains(sentence.text(verb + 1)) {
                    continue
                }
                // "une version plus récente": after a noun phrase, an adverb that is also a rare verb
                // form (plus, of plaire) is the adverb.
                if !FrenchSubject.pronouns.keys.contains(sentence.text(position)), FrenchWords.adverbs.contains(sentence.text(verb)) { continue }
                // "puis" is a verb only with je (je puis, puis-je); after any other subject it is
                // the conjunction: "la lecture puis la connaissance".
                if sentence.text(verb) == "puis", sentence.text(position) != "je" { continue }
                // "ses talons aiguille étaient": a noun set beside the subject's noun, before the
                // verb, is no verb itself.
                if !FrenchSubject.pronouns.keys.contains(sentence.text(position)), sentence.text(position) != "qui",
                   verb == position + 1, sentence.has(verb, .NN), sentence.has(verb + 1, .VBF), !sentence.has(verb + 1, .NN),
                   !sentence.isClosedClassOrNumber(verb + 1) {
                    continue
                }
                // The imperative has no subject: "mange" after "tu" is not its imperative.
                let verbs = sentence.readings(verb).filter { $0.tag == .VBF && !$0.features.contains(.imperative) }
                // ("on port 465", "running on top": the English preposition, after a word French does not know.)
                let englishOn = sentence.text(position) == "on" && position > 0
                    && (!sentence.isWord(position - 1) || sentence.readings(position - 1).isEmpty)
                // After a noun phrase, a noun heard as the verb only where an object follows it
                // ("la firme emploi des gens"), so that two nouns side by side stay a compound.
                let takesObject = verb == position + 1 && FrenchNounPhrases.determinerFeatures(at: verb + 1, in: sentence) != nil
                    && sentence.has(verb + 2, .NN) && !["de", "d'", "du", "des", "la", "le", "les", "l'"].contains(sentence.text(verb + 1))
                if verbs.isEmpty, !englishOn, FrenchSubject.pronouns.keys.contains(sentence.text(position)) || sentence.text(position) == "qui" || takesObject,
                   let match = homophoneVerbMatch(verb, wanted: subject.features.intersection(WordFeatures.person.union(.number)),
                                                  subject: subject.name, in: sentence, context: context) {
                    matches.append(match)
                    continue
                }
                guard !verbs.isEmpty else { continue }
                // Another reading (a noun, an adjective) may be what is meant after a noun phrase.
                let person = subject.features.intersection(.person)
                let number = subject.features.intersection(.number)
                let wanted = person.union(number)
                if verbs.contains(where: { $0.features.isSuperset(of: wanted) }) { continue }
                // "les ventes a domicile": "a" before a noun without determiner, after a plural
                // noun phrase, is the preposition à without its accent (FR_A_ACCENT_COMPLEMENT).
                if sentence.text(verb) == "a", verb == position + 1, !FrenchSubject.pronouns.keys.contains(sentence.text(position)),
                   sentence.has(verb + 1, .NN), !sentence.tags(verb + 1).containsAny(WordTags([.VBN, .VB, .DT, .PRPS])),
                   !sentence.isClosedClassOrNumber(verb + 1) {
                    continue
                }
                // After a noun phrase, a word that may also be a noun or an adjective agreeing with
                // it ("les enfants sages") is not read as the verb.
                if !FrenchSubject.pronouns.keys.contains(sentence.text(position)),
                   sentence.readings(verb).contains(where: { ($0.tag == .NN || $0.tag == .JJ || $0.tag == .VBN) && FrenchWords.agree($0.features, subject.features) }) {
                    continue
                }
                // A hyphen after the verb is an inversion: "dit-il" is one word already.
                let forms = sentence.lexicon.inflections(of: sentence.text(verb), to: .VBF, features: wanted)
                guard let form = forms.first else { continue }
                matches.append(sentence.match(verb, verb, rule: self, texts: Self.texts, context: context,
                                              suggestions: [form] + forms.dropFirst().prefix(1), values: ["subject": subject.name]))
            }
        }
        return matches
    }
}

/// The adjective or participle after "être" (and "sembler", "devenir", "avoir l’air", "peut
/// être") agrees with the subject: "Martine est marié" → "mariée", "elles sont absente" →
/// "absentes", "nous étions fatigué" → "fatigués".
public struct FrenchAttributeRule: ProofreadingRule {
    public let id = "FR_ACCORD_ATTRIBUT"
    public let category = MatchCategory.grammar
    public let description = "An adjective or past participle after être agrees with the subject."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Les chats sont resté dehors.", "Les chats sont restés dehors.", language: "fr"),
        .wrong("La porte est resté ouverte.", "La porte est restée ouverte.", language: "fr"),
        .wrong("Toutes les voisines sont venu.", "Toutes les voisines sont venues.", language: "fr"),
        .wrong("Deux amies sont arrivé hier.", "Deux amies sont arrivées hier.", language: "fr"),
        .wrong("Chacune des sœurs est parti.", "Chacune des sœurs est partie.", language: "fr"),
        .wrong("Elles sont toutes venu ce soir.", "Elles sont toutes venues ce soir.", language: "fr"),
        .right("Tous comptes faits, il les a fait rire. Deux heures plus tard, il est arrivé.", language: "fr"),
        .wrong("Elles sont absente.", "Elles sont absentes.", language: "fr"),
        .wrong("Les sœurs de mon ami sont arrivé.", "Les sœurs de mon ami sont arrivées.", language: "fr"),
        .wrong("Ma tante et ma cousine sont parti.", "Ma tante et ma cousine sont parties.", language: "fr"),
        .right("Mon oncle et ma tante sont venus. Pierre et Marie sont mariés. Le fils des voisins est grand.", language: "fr"),
        .wrong("Martine est marié.", "Martine est mariée.", language: "fr"),
        .wrong("Une averse est annoncé.", "Une averse est annoncée.", language: "fr"),
        .wrong("Nous étions très content.", "Nous étions très contents.", language: "fr"),
        .wrong("Depuis hier, il a l’air inquiète.", "Depuis hier, il a l’air inquiet.", language: "fr"),
        .wrong("Sophie a l’air pressé.", "Sophie a l’air pressée.", language: "fr"),
        .wrong("Les moteurs ont été réparées.", "Les moteurs ont été réparés.", language: "fr"),
        .wrong("Est-elle vraiment prêt ?", "Est-elle vraiment prête ?", language: "fr"),
        .wrong("Semblaient-ils content ?", "Semblaient-ils contents ?", language: "fr"),
        .wrong("Elle est belle et intelligent.", "Elle est belle et intelligente.", language: "fr"),
        .wrong("Elles veulent être différente.", "Elles veulent être différentes.", language: "fr"),
        .wrong("Elles veulent devenir célèbre.", "Elles veulent devenir célèbres.", language: "fr"),
        .wrong("Ces femmes affirment avoir été trompé.", "Ces femmes affirment avoir été trompées.", language: "fr"),
        .right("Elles veulent devenir célèbres. Ils prétendent être riches. Elles peuvent rester seules.", language: "fr"),
        .right("Voilà ce que les experts estiment être prudent.", language: "fr"),
        .wrong("Un homme qui est si souvent absents.", "Un homme qui est si souvent absent.", language: "fr"),
        .wrong("Celles qui redeviennent joyeux chantent.", "Celles qui redeviennent joyeuses chantent.", language: "fr"),
        .right("Vous qui êtes content. On est contents. Ce sont des gens heureux. Tels sont les faits.", language: "fr"),
        .right("Ceux et celles qui étaient présents. Les données sont soit fournies, soit calculées. Les restes trouvés ici.", language: "fr"),
        .right("Les fichiers dans lesquels sont stockées les données.", language: "fr"),
        .wrong("Ma sœur s’est réveillé avant nous.", "Ma sœur s’est réveillée avant nous.", language: "fr"),
        .wrong("Elles se sont installé dans le jardin.", "Elles se sont installées dans le jardin.", language: "fr"),
        .right("Elles se sont téléphoné hier. Ils se sont rendu compte de l’erreur. Elle s’est fait gronder. Quelque chose s’est mal passé.", language: "fr"),
        .right("Elle est médecin. Vous êtes contente ? On est fatigués. Elle s’est lavé les mains. Je suis contente.", language: "fr"),
        .right("Il est important de lire. La plupart sont partis.", language: "fr"),
        .right("Ils avaient l’air calme. Sa robe a l’air élégant. Elle a l’air très sérieuse.", language: "fr"),
        .right("Est-il content ? Sont-elles parties ? Êtes-vous prêts ? Dit-il vrai ?", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "'{written}' describes '{subject}' and agrees with it: write '{suggestion}'.", shortMessage: "Agreement with the subject",
            title: "Agreement after être",
            detail: "After être, and after verbs like sembler, paraître, devenir, rester or avoir l’air, the adjective or past participle takes the gender and number of the subject: elle est contente, ils sont partis, Martine semble fatiguée. After avoir l’air an adjective may also agree with air, masculine singular (elle a l’air sérieux), but not a past participle (elle a l’air fatiguée)."),
        .fr: RuleText(
            message: "« {written} » se rapporte à « {subject} » et s’accorde avec lui : écrivez « {suggestion} ».", shortMessage: "Accord avec le sujet",
            title: "Accord de l’attribut",
            detail: "Après être, et après les verbes comme sembler, paraître, devenir, rester ou avoir l’air, l’adjectif ou le participe passé prend le genre et le nombre du sujet : elle est contente, ils sont partis, Martine semble fatiguée. Après avoir l’air, un adjectif peut aussi s’accorder avec « air », masculin singulier (elle a l’air sérieux), mais pas un participe passé (elle a l’air fatiguée)."),
        .de: RuleText(
            message: "„{written}“ bezieht sich auf „{subject}“ und richtet sich danach: Schreiben Sie „{suggestion}“.", shortMessage: "Übereinstimmung mit dem Subjekt",
            title: "Übereinstimmung nach être",
            detail: "Nach être und nach Verben wie sembler, paraître, devenir, rester oder avoir l’air nimmt das Adjektiv oder Partizip Geschlecht und Zahl des Subjekts an: elle est contente, ils sont partis, Martine semble fatiguée. Nach avoir l’air kann sich ein Adjektiv auch nach air richten, männlich Einzahl (elle a l’air sérieux), ein Partizip nicht (elle a l’air fatiguée)."),
        .es: RuleText(
            message: "«{written}» se refiere a «{subject}» y concuerda con él: escriba «{suggestion}».", shortMessage: "Concordancia con el sujeto",
            title: "Concordancia tras être",
            detail: "Tras être, y tras verbos como sembler, paraître, devenir, rester o avoir l’air, el adjetivo o el participio toma el género y el número del sujeto: elle est contente, ils sont partis, Martine semble fatiguée. Tras avoir l’air un adjetivo puede concordar también con air, masculino singular (elle a l’air sérieux), pero no un participio (elle a l’air fatiguée)."),
    ]

    /// Possessive pronouns, which do not agree with the subject ("ils étaient vôtres" is rare),
    /// and adjectives used as adverbs ("la sortie est droit devant").
    static let possessives: Set<String> = ["vôtre", "nôtre", "vôtres", "nôtres", "mien", "tien", "sien", "leur", "leurs", "droit", "fort", "bon", "net", "pile"]

    /// Adverbs of place and time (and seul) that the lexicon also reads as nouns or adjectives:
    /// after an attribute they make no noun phrase with it ("ils sont restés dehors").
    static let adverbsAlsoNouns: Set<String> = [
        "dehors", "dedans", "ici", "là", "là-bas", "longtemps", "tard", "tôt", "ensemble", "hier", "demain", "aujourd'hui",
        "partout", "ailleurs", "maintenant", "ainsi", "autrefois", "bientôt", "loin", "debout", "seul", "seule", "seuls", "seules",
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    ]
    /// Adverbs of `FrenchWords.adverbs` that may also be part of a noun phrase after an adjective
    /// ("le bien commun", "un prix fort", "la même").
    static let adverbsAlsoInPhrases: Set<String> = ["bien", "fort", "juste", "même", "plus", "moins", "mieux", "pas", "point", "si", "mal"]

    /// Verbs after which an adjective describes the subject.
    static let copulas: Set<String> = ["être", "sembler", "paraître", "devenir", "redevenir", "rester", "demeurer"]

    /// Verbs whose subject is that of the infinitive after them: "elles veulent rester seules".
    static let beforeInfinitive: Set<String> = [
        "pouvoir", "devoir", "vouloir", "savoir", "aller", "espérer", "souhaiter", "désirer", "préférer", "aimer", "croire", "penser",
        // Verbs of saying and judging whose subject is the infinitive's: "elles affirment avoir été
        // trompées", "ils prétendent être riches".
        "affirmer", "déclarer", "prétendre", "estimer", "avouer", "reconnaître", "nier", "adorer", "détester", "oser",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            for position in 0..<sentence.count where sentence.isWord(position) {
                var wanted: WordFeatures
                let attribute: Int
                let afterAir: Bool
                let subjectName: String
                if let subject = subjects[position] {
                    if sentence.text(position + 1) == "qui" { continue }
                    // What agreement can say: gender where known; number except for "vous" and "on".
                    wanted = subject.features.intersection(WordFeatures.gender.union(.number))
                    // "quelque chose" is neuter: what describes it is masculine (quelque chose s’est mal passé).
                    if sentence.text(subject.end) == "chose", sentence.text(subject.end - 1) == "quelque" {
                        wanted = WordFeatures([.masculine, .singular])
                    }
                    let pronoun = sentence.text(position)
                    if pronoun == "vous" || pronoun == "on" { continue }
                    if wanted.intersection(.number).isEmpty { continue }
                    // The verbs: clitics and negation, then a chain that ends on a copula.
                    var next = position + 1
                    var sawReflexive = false
                    while sentence.isWord(next), FrenchClosedWordClasses.clitics.contains(sentence.text(next)) {
                        // "elle s'est lavé les mains": a reflexive verb agrees by other rules.
                        let clitic = sentence.text(next)
                        if ["se", "s'", "me", "m'", "te", "t'"].contains(clitic) || clitic == pronoun { sawReflexive = true }
                        next += 1
                    }
                    guard let found = Self.attribute(after: next, in: sentence) else { continue }
                    // "ce que les journalistes estiment être normal": after que, the attribute of the
                    // infinitive may describe que, the object of the verb before it.
                    if ["que", "qu'"].contains(sentence.text(subject.start - 1)),
                       sentence.readings(next).contains(where: { $0.tag == .VBF && Self.beforeInfinitive.contains($0.lemma) }) {
                        continue
                    }
                    if sawReflexive, !Self.reflexiveParticipleAgrees(found.position, copula: next, in: sentence) { continue }
                    (attribute, afterAir) = found
                    subjectName = subject.named.map { sentence.written(from: $0.lowerBound, to: $0.upperBound) } ?? sentence.written(subject.end)
                } else if let (verb, pronoun) = Self.inversion(sentence.text(position)), pronoun != "vous", pronoun != "on",
                          let features = FrenchSubject.pronouns[pronoun] {
                    // A question with the subject after the verb: "avait-elle l'air fatigué ?".
                    wanted = features.intersection(WordFeatures.gender.union(.number))
                    let finite = sentence.lexicon.readings(of: verb).filter { $0.tag == .VBF }.map(\.lemma)
                    guard let found = Self.attribute(after: position, in: sentence, finite: finite) else { continue }
                    (attribute, afterAir) = found
                    let written = sentence.written(position)
                    subjectName = String(written[written.index(after: written.lastIndex(of: "-")!)...])
                } else if let (features, name) = Self.subjectOfVerbAlone(at: position, in: sentence, subjects: subjects),
                          let found = Self.attribute(after: position, in: sentence) {
                    wanted = features
                    (attribute, afterAir) = found
                    subjectName = name
                } else {
                    continue
                }
                // "elle est grande et forte": an adjective joined to the attribute describes the subject too.
                var attributes = [attribute]
                if ["et", "ou"].contains(sentence.text(attribute + 1)), sentence.isWord(attribute + 2),
                   sentence.readings(attribute).contains(where: { $0.tag == .JJ || $0.tag == .VBN }) {
                    var joined = attribute + 2
                    while FrenchWords.adverbs.contains(sentence.text(joined)), sentence.isWord(joined + 1) { joined += 1 }
                    // Only when the coordination ends there: "belle et intelligente.", not "belle et bonne cuisinière".
                    if !sentence.isWord(joined + 1) || ["et", "ou", "mais", "à", "de", "d'", "pour", "avec", "dans", "en"].contains(sentence.text(joined + 1)) {
                        attributes.append(joined)
                    }
                }
                for attribute in attributes {
                    if let match = attributeMatch(attribute, wanted: wanted, orAir: afterAir, subjectName: subjectName, in: sentence, context: context) {
                        matches.append(match)
                    }
                }
            }
        }
        return matches
    }

    /// Relative and demonstrative pronouns before a verb, with the gender and number they give it.
    static let relativeSubjects: [String: WordFeatures] = [
        "lequel": WordFeatures([.masculine, .singular]), "laquelle": WordFeatures([.feminine, .singular]),
        "lesquels": WordFeatures([.masculine, .plural]), "lesquelles": WordFeatures([.feminine, .plural]),
    ]
    static let demonstrativesBeforeQui: [String: WordFeatures] = [
        "celui": WordFeatures([.masculine, .singular]), "celle": WordFeatures([.feminine, .singular]),
        "ceux": WordFeatures([.masculine, .plural]), "celles": WordFeatures([.feminine, .plural]),
        "celui-ci": WordFeatures([.masculine, .singular]), "celle-ci": WordFeatures([.feminine, .singular]),
        "ceux-ci": WordFeatures([.masculine, .plural]), "celles-ci": WordFeatures([.feminine, .plural]),
        "celui-là": WordFeatures([.masculine, .singular]), "celle-là": WordFeatures([.feminine, .singular]),
        "ceux-là": WordFeatures([.masculine, .plural]), "celles-là": WordFeatures([.feminine, .plural]),
    ]

    /// The number (and gender, where a relative pronoun says it) that a finite verb at
    /// `position` after qui or lequel gives its attribute when qui's antecedent was not found: a
    /// verb agrees with its subject, and the attribute too, so "qui n'en semble pas être devenu
    /// malades" says singular; "lesquelles veulent devenir méchants", "celles qui redeviennent
    /// méchante" say feminine plural. Not the second person plural (vous, one person or
    /// several), nor after a subject pronoun, a subject found, or on (which a plural may follow).
    static func subjectOfVerbAlone(at position: Int, in sentence: RuleSentence, subjects: [FrenchSubject?]) -> (WordFeatures, String)? {
        let verbs = sentence.readings(position).filter { $0.tag == .VBF && !$0.features.contains(.imperative) }
        guard !verbs.isEmpty, !sentence.isCapitalized(position) || sentence.isFirstWord(position),
              !sentence.text(position).utf8.contains(UInt8(ascii: "-"))
        else { return nil }
        let numbers = Set(verbs.map { $0.features.intersection(.number) })
        guard numbers.count == 1, let number = numbers.first, !number.isEmpty,
              !verbs.contains(where: { $0.features.contains(.second) && $0.features.contains(.plural) })
        else { return nil }
        // "soit fournies, soit...": the conjunction.
        if sentence.text(position) == "soit" { return nil }
        // "les anciens restes trouvés", "Demeures victoriennes", "à l'est": a word that is also a
        // noun or an adjective is the verb only after qui, ne or a clitic (or est, after no determiner).
        let previous = sentence.text(position - 1)
        if sentence.tags(position).containsAny(WordTags([.NN, .JJ])) {
            let afterClitic = ["qui", "ne", "n'"].contains(previous)
                || FrenchClosedWordClasses.clitics.contains(previous) && !["le", "la", "l'", "les", "leur"].contains(previous)
            let être = verbs.contains { $0.lemma == "être" } && position > 0 && sentence.isWord(position - 1)
                && FrenchNounPhrases.determinerFeatures(at: position - 1, in: sentence) == nil && !sentence.has(position - 1, .JJ)
            guard afterClitic || être else { return nil }
        }
        var before = position - 1
        while before >= 0, sentence.isWord(before), FrenchClosedWordClasses.clitics.contains(sentence.text(before)) { before -= 1 }
        // Two finite verbs in a row: the second is no clause's verb of its own.
        if before >= 0, sentence.tags(before).contains(.VBF), !sentence.tags(before).containsAny(WordTags([.NN, .JJ])) { return nil }
        if before >= 0 {
            let word = sentence.text(before)
            if subjects[before] != nil || FrenchSubject.pronouns[word] != nil || FrenchSubject.quantifiers[word] != nil
                || ["on", "ce", "c'", "ça", "cela", "ceci", "il", "j'", "tout", "rien", "personne", "chacun", "chacune"].contains(word) {
                return nil
            }
            // "dans lesquels sont stockées les données": after a preposition, lequel is no subject.
            if relativeSubjects[word] != nil, sentence.has(before - 1, .IN) || sentence.isWord(before - 1) && !sentence.has(before - 1, .NN) {
                return (number, sentence.written(position))
            }
            if let features = relativeSubjects[word], !features.intersection(number).isEmpty {
                return (features, sentence.written(before))
            }
            // "ceux et celles qui": two genders.
            if word == "qui", let features = demonstrativesBeforeQui[sentence.text(before - 1)], !features.intersection(number).isEmpty,
               !["et", "ou"].contains(sentence.text(before - 2)) {
                return (features, sentence.written(before - 1))
            }
        }
        // Only after qui whose antecedent was not found: elsewhere a subject that was not found may
        // be far, or after the verb, and the verb's number is not what a clean text agrees with.
        guard before >= 0, sentence.text(before) == "qui" else { return nil }
        return (number, sentence.written(position))
    }

    /// Verbs whose reflexive pronoun is an indirect object (se parler: parler à quelqu’un), so
    /// that their participle stays invariable with être: elles se sont parlé, elle s’est demandé si.
    static let indirectReflexives: Set<String> = [
        "parler", "sourire", "succéder", "plaire", "complaire", "déplaire", "nuire", "ressembler", "mentir", "rire",
        "téléphoner", "convenir", "suffire", "survivre", "demander", "dire", "permettre", "promettre", "imaginer",
        "figurer", "écrire", "répondre", "envoyer", "donner", "accorder", "acheter", "offrir", "rendre", "faire",
        "laisser", "voir", "entendre", "sentir", "attribuer", "octroyer", "procurer", "reprocher", "jurer",
    ]

    /// Whether the participle at `position`, after a reflexive pronoun and the form of être at
    /// `copula`, agrees with the subject: the pronoun is then its direct object (elle s’est
    /// levée). Not when the verb takes its pronoun as an indirect object, when a direct object
    /// follows (elle s’est lavé les mains, ils se sont rendu compte) or an infinitive (elle s’est
    /// fait avoir).
    static func reflexiveParticipleAgrees(_ position: Int, copula: Int, in sentence: RuleSentence) -> Bool {
        guard sentence.readings(copula).contains(where: { $0.tag == .VBF && $0.lemma == "être" }), position == copula + 1
                || (copula + 1..<position).allSatisfy({ FrenchWords.adverbs.contains(sentence.text($0)) })
        else { return false }
        let participles = sentence.readings(position).filter { $0.tag == .VBN }
        guard !participles.isEmpty, !participles.contains(where: { indirectReflexives.contains($0.lemma) }) else { return false }
        let after = position + 1
        guard sentence.isWord(after) else { return true }
        let next = sentence.text(after)
        // A preposition or a conjunction: the verb has no object after it.
        if ["à", "au", "aux", "en", "dans", "sur", "par", "pour", "avec", "chez", "sous", "vers", "contre", "devant", "derrière",
            "après", "avant", "depuis", "pendant", "et", "ou", "mais"].contains(next) || FrenchWords.adverbs.contains(next) {
            return true
        }
        if FrenchNounPhrases.determinerFeatures(at: after, in: sentence) != nil || ["compte", "que", "qu'", "si", "de", "d'"].contains(next)
            || sentence.isClosedClassOrNumber(after) {
            return false
        }
        return !sentence.readings(after).contains { $0.tag == .VB || $0.tag == .NN }
    }

    /// The match of an attribute that does not agree with the subject, with the form that does.
    /// `orAir`: the attribute follows "avoir l’air", where an adjective may agree with "air",
    /// masculine singular, as well as with the subject ("elle a l’air sérieux" and "sérieuse"); a
    /// past participle is a state of the subject and agrees with it ("elle a l’air fatiguée").
    func attributeMatch(_ attribute: Int, wanted: WordFeatures, orAir: Bool = false, subjectName: String, in sentence: RuleSentence, context: RuleContext) -> Match? {
        let readings = sentence.readings(attribute).filter { $0.tag == .JJ || $0.tag == .VBN }
        guard !readings.isEmpty, !sentence.isCapitalized(attribute),
              !sentence.isClosedClassOrNumber(attribute), !Self.possessives.contains(sentence.text(attribute))
        else { return nil }
        // "dernier cri", "meilleur marché", "torse nu", "partie constituante": a noun
        // phrase or a fixed phrase, not an adjective alone; "noir de jais".
        let after = attribute + 1
        // "elles sont restées seules", "il est devenu chef": the participle of a copula after être
        // agrees with the subject whatever follows it.
        let copulaParticiple = readings.contains { $0.tag == .VBN && Self.copulas.contains($0.lemma) && $0.lemma != "être" }
        if !copulaParticiple, sentence.isWord(after), sentence.tags(after).containsAny(WordTags([.NN, .JJ])),
           !sentence.isClosedClassOrNumber(after), !Self.adverbsAlsoNouns.contains(sentence.text(after)),
           !FrenchWords.adverbs.subtracting(Self.adverbsAlsoInPhrases).contains(sentence.text(after)) { return nil }
        if sentence.text(after) == "de", FrenchNounPhrases.colourCompounds.contains(sentence.text(attribute).trimmingCharacters(in: CharacterSet(charactersIn: "es"))) { return nil }
        if readings.contains(where: { FrenchWords.agree($0.features, wanted) }) { return nil }
        if orAir, !readings.contains(where: { $0.tag == .VBN }),
           readings.contains(where: { FrenchWords.agree($0.features, WordFeatures([.masculine, .singular])) }) { return nil }
        // Gender unknown (je, tu, nous): only the number is said.
        let certain = FrenchWords.certain(wanted)
        var forms: [String] = []
        for tag in [WordTag.JJ, .VBN] where readings.contains(where: { $0.tag == tag }) {
            forms += sentence.lexicon.inflections(of: sentence.text(attribute), to: tag, features: certain)
        }
        guard let form = forms.first else { return nil }
        return sentence.match(attribute, attribute, rule: self, texts: Self.texts, context: context, suggestions: [form],
                              values: ["subject": subjectName])
    }

    /// The verb and the subject pronoun of a word with the subject after the verb: "avait-il"
    /// → ("avait", "il"), "a-t-elle" → ("a", "elle"); nil for other words.
    static func inversion(_ word: String) -> (verb: String, pronoun: String)? {
        guard word.utf8.contains(UInt8(ascii: "-")), let hyphen = word.lastIndex(of: "-") else { return nil }
        let pronoun = String(word[word.index(after: hyphen)...])
        guard ["je", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"].contains(pronoun) else { return nil }
        var verb = word[..<hyphen]
        if verb.hasSuffix("-t") { verb = verb.dropLast(2) }
        return verb.isEmpty || verb.utf8.contains(UInt8(ascii: "-")) ? nil : (String(verb), pronoun)
    }

    /// The position of the word that describes the subject after a chain of verbs starting at
    /// `position` ("est", "a été", "peut être", "semble avoir été", "a l’air", "n’est pas très"),
    /// or nil when the chain does not end on a copula; `afterAir` when the copula is avoir
    /// l’air, after which an adjective may agree with "air". `finite`: the lemmas of the verb at
    /// `position` when the word holds more than the verb ("avait-il").
    static func attribute(after position: Int, in sentence: RuleSentence, finite firstLemmas: [String]? = nil) -> (position: Int, afterAir: Bool)? {
        var next = position
        var copula = false
        var afterAir = false
        func lemmas(_ at: Int, _ tag: WordTag) -> [String] { sentence.readings(at).filter { $0.tag == tag }.map(\.lemma) }
        func skipAdverbs() {
            // "elles sont toutes venues": tous and toutes after the verb go with the subject.
            while FrenchWords.adverbs.contains(sentence.text(next)) || copula && ["tous", "toutes"].contains(sentence.text(next)),
                  sentence.isWord(next + 1) {
                // "bien entendu", "bien sûr" are adverbs too.
                if sentence.text(next) == "bien", ["entendu", "sûr"].contains(sentence.text(next + 1)), sentence.isWord(next + 2) { next += 1 }
                next += 1
            }
        }
        guard sentence.isWord(next) else { return nil }
        let finite = firstLemmas ?? lemmas(next, .VBF)
        if finite.contains(where: copulas.contains) {
            copula = true
        } else if finite.contains("avoir") {
            next += 1
            skipAdverbs()
            if sentence.text(next) == "l'", sentence.text(next + 1) == "air" {
                next += 1
                copula = true
                afterAir = true
            } else if sentence.text(next) == "été" {
                copula = true
            } else {
                return nil
            }
        } else if finite.contains(where: Self.beforeInfinitive.contains) {
            copula = false
        } else {
            return nil
        }
        next += 1
        skipAdverbs()
        // "peut être", "semble avoir été", "doit être".
        if sentence.text(next) == "être" {
            copula = true
            next += 1
            skipAdverbs()
        } else if sentence.text(next) == "avoir", sentence.text(next + 1) == "été" {
            copula = true
            next += 2
            skipAdverbs()
        } else if sentence.text(next) == "été", copula {
            next += 1
            skipAdverbs()
        } else if !copula, sentence.readings(next).contains(where: { $0.tag == .VB && copulas.contains($0.lemma) }) {
            // "elles veulent devenir riches", "ils peuvent paraître lents": the infinitive of a
            // copula after a verb that shares its subject.
            copula = true
            next += 1
            skipAdverbs()
        }
        guard copula, sentence.isWord(next) else { return nil }
        // "est en train de", "est à": a preposition, not an attribute.
        return (next, afterAir)
    }
}

/// A past participle after "avoir" does not agree with the subject: "ils ont mangés" →
/// "ils ont mangé"; and "avoir" (also the infinitive: "après avoir manger") or "être" takes the
/// participle, not the infinitive ("il a manger" → "il a mangé") nor a finite form heard alike
/// ("il a finit" → "fini").
public struct FrenchParticipleRule: ProofreadingRule {
    public let id = "FR_PARTICIPE_PASSE"
    public let category = MatchCategory.grammar
    public let description = "The past participle after avoir: no agreement with the subject, no infinitive."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Je les ai vu au marché.", "Je les ai vus au marché.", language: "fr"),
        .wrong("Ils ont mangés des pommes.", "Ils ont mangé des pommes.", language: "fr"),
        .wrong("Elle a mangée une pomme.", "Elle a mangé une pomme.", language: "fr"),
        .wrong("Il a manger une pomme.", "Il a mangé une pomme.", language: "fr"),
        .wrong("Paul les a remercié.", "Paul les a remerciés.", language: "fr"),
        .wrong("Ont-ils signer le contrat ?", "Ont-ils signé le contrat ?", language: "fr"),
        .wrong("Avez-vous signez le contrat ?", "Avez-vous signé le contrat ?", language: "fr"),
        .wrong("Elles sont arriver hier.", "Elles sont arrivées hier.", language: "fr"),
        .wrong("Hier soir, il est aller au concert.", "Hier soir, il est allé au concert.", language: "fr"),
        .wrong("Nous avons était surpris.", "Nous avons été surpris.", language: "fr"),
        .wrong("Le chat a finit sa gamelle.", "Le chat a fini sa gamelle.", language: "fr"),
        .wrong("Elle est sortit sans bruit.", "Elle est sortie sans bruit.", language: "fr"),
        .wrong("Après avoir déjeuner, nous sommes sortis.", "Après avoir déjeuné, nous sommes sortis.", language: "fr"),
        .right("Tout ce qu’il a suffit à le rendre heureux. Il a à manger.", language: "fr"),
        .right("La pomme qu’elle a mangée. Il les a fait partir. Elle a été déçue. Il a à manger.", language: "fr"),
        .right("Quel lien y a-t-il entre donner et recevoir ? Il y a entre 4 et 5 ans. J’en ai marre.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "After '{auxiliary}', write '{suggestion}'.", shortMessage: "Past participle",
            title: "Past participle with avoir",
            detail: "With avoir, the past participle does not agree with the subject: elle a mangé, ils ont fini. It agrees only with a direct object placed before it (les pommes qu’elle a mangées, il les a vus). After avoir comes the participle, not the infinitive: il a mangé, not il a manger."),
        .fr: RuleText(
            message: "Après « {auxiliary} », écrivez « {suggestion} ».", shortMessage: "Participe passé",
            title: "Participe passé avec avoir",
            detail: "Avec avoir, le participe passé ne s’accorde pas avec le sujet : elle a mangé, ils ont fini. Il s’accorde seulement avec un complément d’objet direct placé avant lui (les pommes qu’elle a mangées, il les a vus). Après avoir vient le participe, pas l’infinitif : il a mangé, et non il a manger."),
        .de: RuleText(
            message: "Nach „{auxiliary}“ schreiben Sie „{suggestion}“.", shortMessage: "Partizip Perfekt",
            title: "Partizip mit avoir",
            detail: "Mit avoir richtet sich das Partizip nicht nach dem Subjekt: elle a mangé, ils ont fini. Es richtet sich nur nach einem vorangestellten direkten Objekt (les pommes qu’elle a mangées, il les a vus). Nach avoir steht das Partizip, nicht der Infinitiv: il a mangé, nicht il a manger."),
        .es: RuleText(
            message: "Tras «{auxiliary}», escriba «{suggestion}».", shortMessage: "Participio pasado",
            title: "Participio con avoir",
            detail: "Con avoir, el participio no concuerda con el sujeto: elle a mangé, ils ont fini. Solo concuerda con un complemento directo colocado antes (les pommes qu’elle a mangées, il les a vus). Tras avoir va el participio, no el infinitivo: il a mangé, no il a manger."),
    ]

    static let adverbs: Set<String> = [
        "pas", "plus", "jamais", "bien", "déjà", "tout", "beaucoup", "trop", "souvent", "toujours", "encore", "enfin",
        "vraiment", "peu", "mal", "aussi", "même", "donc", "rien", "guère", "presque", "longtemps", "vite",
    ]

    /// The participle a finite form is heard as, where the form can only be a conjugated verb
    /// and is the participle with a silent t or s (finit, finis → fini; prit → pris; voulut →
    /// voulu): nil otherwise.
    static func soundsLikeParticiple(_ text: String, readings: [Lexicon.Reading], lexicon: Lexicon) -> String? {
        guard text.hasSuffix("t") || text.hasSuffix("s"), readings.contains(where: { $0.tag == .VBF }),
              !readings.contains(where: { [.NN, .JJ, .VBN, .VB, .RB].contains($0.tag) })
        else { return nil }
        for lemma in Set(readings.filter { $0.tag == .VBF }.map(\.lemma)) {
            guard let participle = lexicon.inflections(of: lemma, to: .VBN, features: WordFeatures([.masculine, .singular])).first
                ?? lexicon.form(of: lemma, as: .VBN)
            else { continue }
            if text == participle + "t" || text == participle + "s" || participle.hasSuffix("s") && text == participle.dropLast() + "t" {
                return participle
            }
        }
        return nil
    }

    /// The gender and number of the participle: masculine singular after avoir; after être the
    /// subject's where it is certain.
    static func participleFeatures(isAvoir: Bool, subject: WordFeatures) -> WordFeatures {
        var wanted = WordFeatures([.masculine, .singular])
        guard !isAvoir else { return wanted }
        let known = FrenchWords.certain(subject.intersection(WordFeatures.gender.union(WordFeatures.number)))
        if !known.intersection(WordFeatures.number).isEmpty { wanted = wanted.subtracting(WordFeatures.number).union(known.intersection(WordFeatures.number)) }
        if !known.intersection(WordFeatures.gender).isEmpty { wanted = wanted.subtracting(WordFeatures.gender).union(known.intersection(WordFeatures.gender)) }
        return wanted
    }

    /// "il a manger", "nous avons donne", "avez-vous signez": an infinitive in -er, or a finite
    /// form of a verb in -er (or était) where the auxiliary wants the participle; with être the
    /// participle agrees with the subject ("elles sont arriver" → "arrivées").
    func verbForParticiple(_ position: Int, auxiliary: Int, isAvoir: Bool, subject: WordFeatures, subjectIsPronoun: Bool,
                           in sentence: RuleSentence, context: RuleContext) -> Match? {
        // "il y a entre", "y a-t-il entre": a small word that is also a verb form is the small word.
        guard sentence.isWord(position), !sentence.isCapitalized(position), !sentence.isPunctuation(position - 1),
              !sentence.isClosedClassOrNumber(position)
        else { return nil }
        let text = sentence.text(position)
        let readings = sentence.readings(position)
        let lemma: String
        if text.hasSuffix("er"), let infinitive = readings.first(where: { $0.tag == .VB }),
           !readings.contains(where: { [.JJ, .VBN, .VBF].contains($0.tag) }) {
            // With être, a pronoun subject and no noun reading ("il était officier").
            // A noun reading stays out, but for a verb conjugated with être only ("il est aller":
            // the noun, un aller, takes a determiner).
            guard isAvoir || (subjectIsPronoun && (!readings.contains { $0.tag == .NN }
                || infinitive.features.contains(.takesEtre) && !infinitive.features.contains(.takesAvoir))) else { return nil }
            lemma = infinitive.lemma
        } else if isAvoir, text == "était" {
            lemma = "être"
        } else if isAvoir, !["que", "qu'"].contains(sentence.text(auxiliary - 2)) && !["que", "qu'"].contains(sentence.text(auxiliary - 3)),
                  let sounding = Self.soundsLikeParticiple(text, readings: readings, lexicon: sentence.lexicon) {
            // ("ce qu’il a suffit à": after que, avoir may be the verb of a relative clause.)
            // "a finit", "avons prit": a finite form heard as the participle (fini, pris).
            return sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                  suggestions: [sounding], values: ["auxiliary": sentence.written(auxiliary)])
        } else if !isAvoir, subjectIsPronoun, let sounding = Self.soundsLikeParticiple(text, readings: readings, lexicon: sentence.lexicon) {
            // "il est partit", "elle est sortit": with être, the participle, agreeing with the subject.
            let form = sentence.lexicon.inflections(of: sounding, to: .VBN, features: Self.participleFeatures(isAvoir: false, subject: subject)).first ?? sounding
            return sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                  suggestions: [form], values: ["auxiliary": sentence.written(auxiliary)])
        } else if isAvoir, ["e", "es", "ez"].contains(where: { text.hasSuffix($0) }),
                  let finite = readings.first(where: { $0.tag == .VBF && $0.lemma.hasSuffix("er") }),
                  !readings.contains(where: { [.NN, .JJ, .VBN, .VB, .RB].contains($0.tag) }) {
            // "avons donne", "avez signez": the form that sounds or looks like the participle
            // (not an adverb: "j’en ai marre").
            lemma = finite.lemma
        } else {
            return nil
        }
        let form = sentence.lexicon.inflections(of: lemma, to: .VBN, features: Self.participleFeatures(isAvoir: isAvoir, subject: subject)).first
            ?? (isAvoir && text.hasSuffix("er") ? String(text.dropLast(2)) + "é" : nil)
        guard let form else { return nil }
        return sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                              suggestions: [form], values: ["auxiliary": sentence.written(auxiliary)])
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            var sawRelative = false
            for position in 0..<sentence.count where sentence.isWord(position) {
                let word = sentence.text(position)
                if ["que", "qu'", "quel", "quelle", "quels", "quelles", "lequel", "laquelle", "lesquels", "lesquelles", "combien"].contains(word) {
                    sawRelative = true
                }
                // "Ont-ils signer ?", "Sont-elles arriver ?": the auxiliary before its subject pronoun.
                if subjects[position] == nil, let (verb, pronoun) = FrenchAttributeRule.inversion(word),
                   let features = FrenchSubject.pronouns[pronoun] {
                    let lemmas = sentence.lexicon.readings(of: verb).filter { $0.tag == .VBF }.map(\.lemma)
                    guard lemmas.contains("avoir") || lemmas.contains("être") else { continue }
                    var next = position + 1
                    while Self.adverbs.contains(sentence.text(next)) { next += 1 }
                    if let match = verbForParticiple(next, auxiliary: position, isAvoir: lemmas.contains("avoir"),
                                                     subject: features, subjectIsPronoun: true, in: sentence, context: context) {
                        matches.append(match)
                    }
                    continue
                }
                // "après avoir manger", "l’avoir trouver": the infinitive avoir takes a participle too.
                if word == "avoir", subjects[position] == nil {
                    var next = position + 1
                    while Self.adverbs.contains(sentence.text(next)) { next += 1 }
                    if sentence.text(next).hasSuffix("er"),
                       let match = verbForParticiple(next, auxiliary: position, isAvoir: true, subject: WordFeatures(),
                                                     subjectIsPronoun: false, in: sentence, context: context) {
                        matches.append(match)
                    }
                    continue
                }
                guard let subject = subjects[position] else { continue }
                var next = position + 1
                var objects: [String] = []
                while sentence.isWord(next), FrenchClosedWordClasses.clitics.contains(sentence.text(next)) {
                    objects.append(sentence.text(next))
                    next += 1
                }
                let auxiliary = next
                let lemmas = sentence.readings(auxiliary).filter { $0.tag == .VBF }.map(\.lemma)
                let isAvoir = lemmas.contains("avoir")
                let isEtre = lemmas.contains("être")
                guard isAvoir || isEtre else { continue }
                next += 1
                while Self.adverbs.contains(sentence.text(next)) { next += 1 }
                let participle = next
                guard sentence.isWord(participle), !sentence.isCapitalized(participle) else { continue }
                let text = sentence.text(participle)
                let readings = sentence.readings(participle)
                let values = ["auxiliary": sentence.written(auxiliary)]
                if let match = verbForParticiple(participle, auxiliary: auxiliary, isAvoir: isAvoir, subject: subject.features,
                                                 subjectIsPronoun: subject.isPronoun, in: sentence, context: context) {
                    matches.append(match)
                    continue
                }
                if sentence.has(participle, .VB) && text.hasSuffix("er") { continue }
                guard isAvoir else { continue }
                let participles = readings.filter { $0.tag == .VBN }
                guard !participles.isEmpty else { continue }
                // A participle followed by an infinitive ("les a fait partir") is left alone.
                if sentence.has(participle + 1, .VB) { continue }
                let masculineSingular = WordFeatures([.masculine, .singular])
                // After "les" and avoir, a word that can be the participle is the participle, whatever
                // else it may be ("il les a vu", "elle les a dit"), unless a determiner makes it a noun.
                if objects.contains("les"), !sawRelative,
                   FrenchNounPhrases.determinerFeatures(at: participle - 1, in: sentence) == nil || participle - 1 == auxiliary,
                   // "il les a fait bien rire", "les a laissé seuls partir": a causative before an infinitive.
                   !(participles.contains { ["faire", "laisser"].contains($0.lemma) }
                     && (participle + 2...participle + 3).contains { sentence.has($0, .VB) }) {
                    // "il les a mangé": the object before the verb is plural.
                    guard !participles.contains(where: { $0.features.contains(.plural) }) else { continue }
                    let gender = participles.reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
                    let wanted = WordFeatures([.plural]).union(gender.bits.nonzeroBitCount == 1 ? gender : WordFeatures([.masculine]))
                    guard let form = sentence.lexicon.inflections(of: text, to: .VBN, features: wanted).first else { continue }
                    matches.append(sentence.match(participle, participle, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [form], values: values))
                    continue
                }
                guard !readings.contains(where: { $0.tag == .VBF || $0.tag == .NN }) else { continue }
                // No object before the verb: the participle stays masculine singular.
                guard objects.allSatisfy({ ["ne", "n'", "y", "lui", "leur", "en"].contains($0) }), !sawRelative,
                      !participles.contains(where: { $0.features.isSuperset(of: masculineSingular) })
                else { continue }
                guard let form = sentence.lexicon.inflections(of: text, to: .VBN, features: masculineSingular).first else { continue }
                matches.append(sentence.match(participle, participle, rule: self, texts: Self.texts, context: context,
                                              suggestions: [form], values: values))
            }
        }
        return matches
    }
}

/// The infinitive, not the past participle, after a preposition or a verb like vouloir,
/// pouvoir, devoir, aller, faire: "je veux mangé" → "manger", "avant de parti" ... "de mangé"
/// → "de manger".
public struct FrenchInfinitiveRule: ProofreadingRule {
    public let id = "FR_INFINITIF"
    public let category = MatchCategory.grammar
    public let description = "An infinitive after a preposition or a verb such as vouloir, pouvoir, aller."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Je veux mangé avec vous.", "Je veux manger avec vous.", language: "fr"),
        .wrong("Elle a oublié de fermé la porte.", "Elle a oublié de fermer la porte.", language: "fr"),
        .wrong("Tu ne dois pas les touché.", "Tu ne dois pas les toucher.", language: "fr"),
        .wrong("Tu ne peux pas les laissées là.", "Tu ne peux pas les laisser là.", language: "fr"),
        .wrong("Elle se fait aimé de tous.", "Elle se fait aimer de tous.", language: "fr"),
        .wrong("Il aurait mieux valu continué.", "Il aurait mieux valu continuer.", language: "fr"),
        .wrong("Elle est en train de travaillé.", "Elle est en train de travailler.", language: "fr"),
        .wrong("Vous pouvez les détectez.", "Vous pouvez les détecter.", language: "fr"),
        .wrong("Elles doivent y arrivaient.", "Elles doivent y arriver.", language: "fr"),
        .wrong("Peut-il chassé ces intrus ?", "Peut-il chasser ces intrus ?", language: "fr"),
        .wrong("Il faut toujours persévéré.", "Il faut toujours persévérer.", language: "fr"),
        .wrong("Elle finit par pleuré.", "Elle finit par pleurer.", language: "fr"),
        .wrong("Il promet de ne jamais les cédé.", "Il promet de ne jamais les céder.", language: "fr"),
        .wrong("Ne plus mangez fait maigrir.", "Ne plus manger fait maigrir.", language: "fr"),
        .wrong("Tu dois sans cesse répété la leçon.", "Tu dois sans cesse répéter la leçon.", language: "fr"),
        .wrong("Nous avons beau cherché, rien.", "Nous avons beau chercher, rien.", language: "fr"),
        .wrong("Il n’y a pas de quoi paniqué.", "Il n’y a pas de quoi paniquer.", language: "fr"),
        .right("Il aime l’été. Je veux fini ce travail pour demain ? Non : il est fini. Je vais bien.", language: "fr"),
        .right("Il a décidé de partir. Le fait d’être aimé compte.", language: "fr"),
        .right("Il peut bien. Tu sais, il parlait. Je veux que vous parliez. Le pouvoir était là. Est-il aimé ? Tapez f, puis entrez m.", language: "fr"),
        .right("Rien de changé ; c’est ça de gagné ; le devoir imposé par la loi.", language: "fr"),
        .right("Il ne l’a jamais aimé. Elle n’est plus fâchée. Ne soyez pas pressés. Je ne suis pas allé.", language: "fr"),
        .right("Qu’y a-t-il de changé, de perturbé ? Ce qu’ils ont d’exagéré et parfois de figé. Il fut laissé pour mort. C’est tenu pour acquis.", language: "fr"),
        .wrong("Ils viennent réparé la toiture.", "Ils viennent réparer la toiture.", language: "fr"),
        .right("Il rentre fatigué le soir. Elle part armée de patience. Il vient chercher son fils. Il revient chargé des courses.", language: "fr"),
        .wrong("Demain, il commence à travaillé tôt.", "Demain, il commence à travailler tôt.", language: "fr"),
        .right("Il y a du linge à laver. Elle pense à tout. Un travail fait à la main.", language: "fr"),
        .wrong("Il faut savoir arrêté les dépenses.", "Il faut savoir arrêter les dépenses.", language: "fr"),
        .right("Le préfet peut signer un arrêté. Il doit un arrêté au maire.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "After '{before}', use the infinitive '{suggestion}'.", shortMessage: "Infinitive",
            title: "Infinitive or past participle",
            detail: "After a preposition (de, pour, sans, à) or a verb such as vouloir, pouvoir, devoir, aller, faire or aimer, the second verb is an infinitive: je veux manger, avant de partir. Manger and mangé sound alike; to check, put a verb of another group in its place: je veux prendre, not je veux pris."),
        .fr: RuleText(
            message: "Après « {before} », employez l’infinitif « {suggestion} ».", shortMessage: "Infinitif",
            title: "Infinitif ou participe passé",
            detail: "Après une préposition (de, pour, sans, à) ou un verbe comme vouloir, pouvoir, devoir, aller, faire ou aimer, le second verbe se met à l’infinitif : je veux manger, avant de partir. Manger et mangé se prononcent de même ; pour vérifier, remplacez-le par un verbe d’un autre groupe : je veux prendre, et non je veux pris."),
        .de: RuleText(
            message: "Nach „{before}“ steht der Infinitiv „{suggestion}“.", shortMessage: "Infinitiv",
            title: "Infinitiv oder Partizip",
            detail: "Nach einer Präposition (de, pour, sans, à) oder einem Verb wie vouloir, pouvoir, devoir, aller, faire oder aimer steht das zweite Verb im Infinitiv: je veux manger, avant de partir. Manger und mangé klingen gleich; zur Probe ein Verb einer anderen Gruppe einsetzen: je veux prendre, nicht je veux pris."),
        .es: RuleText(
            message: "Tras «{before}», use el infinitivo «{suggestion}».", shortMessage: "Infinitivo",
            title: "Infinitivo o participio",
            detail: "Tras una preposición (de, pour, sans, à) o un verbo como vouloir, pouvoir, devoir, aller, faire o aimer, el segundo verbo va en infinitivo: je veux manger, avant de partir. Manger y mangé suenan igual; para comprobarlo, ponga un verbo de otro grupo: je veux prendre, no je veux pris."),
    ]

    /// Verbs followed by an infinitive (lemmas), in any form but the participle of aimer and
    /// préférer (an adjective there: "un enfant aimé").
    static let verbsBeforeInfinitive: Set<String> = [
        "vouloir", "pouvoir", "devoir", "aller", "faire", "falloir", "savoir", "aimer", "préférer", "adorer", "détester",
        "espérer", "oser", "laisser", "souhaiter", "désirer", "compter", "venir", "valoir",
    ]
    static let prepositions: Set<String> = ["de", "d'", "pour", "sans", "afin", "par"]
    /// Verbs of motion, which take an infinitive of purpose: "il vient chercher son fils".
    static let motionVerbs: Set<String> = [
        "venir", "revenir", "partir", "repartir", "courir", "accourir", "monter", "descendre", "rentrer", "sortir", "retourner", "aller",
    ]
    /// Verbs after which a verb can only be an infinitive.
    static let modals: Set<String> = ["pouvoir", "vouloir", "devoir", "savoir", "aller", "falloir", "oser"]
    /// Endings of finite forms of verbs in -er that sound like the infinitive (-ez, -ait, -aient, -ais).
    static let finiteEndings = ["ez", "ait", "aient", "ais"]
    /// Indefinite pronouns and quantities after which "de" introduces an adjective.
    static let partitiveHeads: Set<String> = ["rien", "quoi", "chose", "ça", "cela", "ceci", "personne", "point"]
    /// The second parts of the negation, which stand before an infinitive and after a finite verb.
    static let negations: Set<String> = ["pas", "plus", "jamais", "rien", "point", "guère"]

    /// The position of the second part of a negation that the words from `start` up to `end`
    /// (clitics and adverbs) hold right after "ne", with only "en", "y" or adverbs between: "ne
    /// pas", "n’en jamais", "ne presque jamais"; nil when they hold none.
    static func negationBeforeInfinitive(from start: Int, to end: Int, in sentence: RuleSentence) -> Int? {
        for ne in start..<end where ["ne", "n'"].contains(sentence.text(ne)) {
            var next = ne + 1
            while next < end, !negations.contains(sentence.text(next)),
                  ["en", "y"].contains(sentence.text(next)) || FrenchWords.adverbs.contains(sentence.text(next)) {
                next += 1
            }
            if next < end, negations.contains(sentence.text(next)) { return next }
        }
        return nil
    }

    /// Adverbial phrases of several words that can stand between a verb and its infinitive.
    static let adverbialPhrases: [[String]] = [
        ["sans", "cesse"], ["bien", "entendu"], ["à", "nouveau"], ["de", "nouveau"], ["tout", "de", "suite"],
        ["de", "temps", "en", "temps"], ["à", "peine"], ["peut-être"], ["en", "effet"], ["par", "exemple"], ["à", "tout", "prix"],
    ]

    /// Where an adverbial phrase of `adverbialPhrases` that ends at `end` starts, if one does.
    static func adverbialPhraseStart(endingAt end: Int, in sentence: RuleSentence) -> Int? {
        for phrase in adverbialPhrases where end - phrase.count + 1 >= 0 {
            let start = end - phrase.count + 1
            if phrase.indices.allSatisfy({ sentence.text(start + $0) == phrase[$0] }) { return start }
        }
        return nil
    }

    /// Verbs whose attribute pour introduces: "tenir pour acquis", "laisser pour mort", "passer pour".
    static let verbsWithPourAttribute: Set<String> = ["tenir", "laisser", "passer", "donner", "prendre", "compter"]

    /// Whether the "de" at `position` starts an adjective's partitive: after an indefinite
    /// pronoun or a quantity ("rien de changé", "ça de gagné"), after avoir ("il y a de
    /// compliqué", "ce qu'ils ont d'exagéré", "qu'y a-t-il de changé"), or as the next of a list
    /// of them ("de changé, de perturbé et de figé").
    static func startsPartitive(_ position: Int, in sentence: RuleSentence) -> Bool {
        var de = position
        // Back past a list's comma or conjunction to the "de" that starts it, a few words before.
        while true {
            var joint = de - 1
            while joint >= 1, FrenchWords.adverbs.contains(sentence.text(joint)) { joint -= 1 }
            guard joint >= 1, [",", "et", "ou"].contains(sentence.text(joint)) else { break }
            guard let earlier = stride(from: joint - 1, through: max(0, joint - 5), by: -1).first(where: { ["de", "d'"].contains(sentence.text($0)) })
            else { return false }
            de = earlier
        }
        guard de >= 1 else { return false }
        let head = sentence.text(de - 1)
        if partitiveHeads.contains(head) { return true }
        if let (verb, _) = FrenchAttributeRule.inversion(head) {
            return sentence.lexicon.readings(of: verb).contains { $0.tag == .VBF && $0.lemma == "avoir" }
        }
        return sentence.readings(de - 1).contains { $0.tag == .VBF && $0.lemma == "avoir" }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                let text = sentence.text(position)
                // Only words ending in é (composed or not), e, s, z or t can be what follows; their last byte says so
                // without the suffix tests below, which cost more on every word.
                guard let last = text.utf8.last, last == 0xA9 || last == 0x81 || last == UInt8(ascii: "e") || last == UInt8(ascii: "s")
                        || last == UInt8(ascii: "z") || last == UInt8(ascii: "t")
                else { continue }
                // The participle: a form in -é of a verb in -er, not also a noun or a finite verb;
                // its feminine and plural forms only after a clitic ("je ne veux pas les mangés"),
                // since "je les veux rangées" is an adjective.
                let inflected = ["ée", "és", "ées"].contains { text.hasSuffix($0) }
                // Or a finite form of a verb in -er that sounds like its infinitive ("vous pouvez
                // les détectez", "elles doivent y arrivaient"), after a modal verb only.
                let finite = !text.hasSuffix("é") && !inflected && Self.finiteEndings.contains { text.hasSuffix($0) }
                guard text.hasSuffix("é") || inflected || finite, !sentence.isCapitalized(position),
                      let reading = sentence.readings(position).first(where: { ($0.tag == .VBN || (finite && $0.tag == .VBF)) && $0.lemma.hasSuffix("er") }),
                      finite || !sentence.tags(position).contains(.VBF), reading.lemma != "être",
                      !finite || !sentence.tags(position).containsAny(WordTags([.NN, .JJ, .VBN]))
                else { continue }
                // "se fait aimé": after a reflexive faire, even a word that is also a noun.
                let reflexiveFaire = position >= 2 && ["se", "s'", "me", "m'", "te", "t'", "nous", "vous"].contains(sentence.text(position - 2))
                    && sentence.readings(position - 1).contains { $0.tag == .VBF && $0.lemma == "faire" }
                // "il faut savoir arrêté les frais": right after a modal and before a determiner (its
                // object), a form that is also a noun is the infinitive too (not "de", "du", "des":
                // "un arrêté du préfet").
                let modalWithObject = sentence.readings(position - 1).contains { [.VBF, .VB].contains($0.tag) && Self.modals.contains($0.lemma) }
                    && FrenchNounPhrases.determinerFeatures(at: position + 1, in: sentence) != nil
                    && !["du", "des", "au", "aux"].contains(sentence.text(position + 1))
                    && FrenchNounPhrases.determinerFeatures(at: position - 2, in: sentence) == nil
                if sentence.tags(position).contains(.NN), !reflexiveFaire, !modalWithObject { continue }
                // What comes before, past clitics and negation.
                var before = position - 1
                var cliticBetween = false
                var adverbBetween = false
                while before >= 0, sentence.isWord(before),
                      FrenchClosedWordClasses.clitics.contains(sentence.text(before)) || Self.negations.contains(sentence.text(before))
                        || (FrenchWords.adverbs.contains(sentence.text(before)) && !["si", "aussi", "alors", "donc"].contains(sentence.text(before))) {
                    if FrenchClosedWordClasses.clitics.contains(sentence.text(before)) { cliticBetween = true }
                    if !Self.negations.contains(sentence.text(before)),
                       FrenchWords.adverbs.contains(sentence.text(before)) { adverbBetween = true }
                    before -= 1
                    // An adverbial phrase of several words ("il faut sans cesse persévérer").
                    while let start = Self.adverbialPhraseStart(endingAt: before, in: sentence) {
                        adverbBetween = true
                        before = start - 1
                    }
                }
                if before == position - 1, let start = Self.adverbialPhraseStart(endingAt: before, in: sentence) {
                    adverbBetween = true
                    before = start - 1
                    while before >= 0, FrenchClosedWordClasses.clitics.contains(sentence.text(before)) || Self.negations.contains(sentence.text(before))
                            || FrenchWords.adverbs.contains(sentence.text(before)) && !["si", "aussi", "alors", "donc"].contains(sentence.text(before)) {
                        before -= 1
                    }
                }
                // "ne jamais les cédé", "ne pas allé": ne with its second part before the verb
                // negates an infinitive (a finite verb stands between them: "il ne cède jamais").
                if let negation = Self.negationBeforeInfinitive(from: before + 1, to: position, in: sentence) {
                    matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [reading.lemma], values: ["before": "ne " + sentence.written(negation)]))
                    continue
                }
                guard before >= 0, sentence.isWord(before), !inflected || cliticBetween else { continue }
                let word = sentence.text(before)
                // "a pour longtemps mal formaté": after a preposition, adverbs start a phrase of their own.
                if adverbBetween, Self.prepositions.contains(word) || word == "par" { continue }
                var found = false
                // "peut-il chassé", "ne veux-tu pas gardé": the modal before its subject pronoun.
                if let (verb, _) = FrenchAttributeRule.inversion(word) {
                    let lemmas = sentence.lexicon.readings(of: verb).filter { $0.tag == .VBF }.map(\.lemma)
                    guard lemmas.contains(where: Self.modals.contains) else { continue }
                    matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [reading.lemma], values: ["before": sentence.written(before)]))
                    continue
                }
                if finite {
                    // A finite verb after a modal: only the infinitive can stand there ("puis" is
                    // mostly the adverb: "puis entrez").
                    guard word != "puis", sentence.readings(before).contains(where: { [.VBF, .VB].contains($0.tag) && Self.modals.contains($0.lemma) }),
                          FrenchNounPhrases.determinerFeatures(at: before - 1, in: sentence) == nil
                    else { continue }
                    matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [reading.lemma], values: ["before": sentence.written(before)]))
                    continue
                }
                // "il commence à travaillé", "une machine à lavé": right after à, a form in -é of
                // a verb in -er (no noun) is its infinitive; à takes no past participle.
                if word == "à", before == position - 1, !inflected {
                    matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [reading.lemma], values: ["before": sentence.written(before)]))
                    continue
                }
                // "finit par pleuré", "commence par mangé".
                if word == "par", sentence.readings(before - 1).contains(where: { $0.tag == .VBF && ["commencer", "finir"].contains($0.lemma) }) {
                    matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                                  suggestions: [reading.lemma], values: ["before": sentence.written(before)]))
                    continue
                }
                if Self.prepositions.contains(word) {
                    // "de" after a noun may start a complement with a participle as adjective ("un kilo de haché"): only after a verb, an adjective, or "train".
                    found = before == position - 1 || word != "par"
                    if word == "par" { found = false }
                    // After an indefinite pronoun or a quantity, "de" and a participle are an
                    // adjective's partitive: "rien de changé", "ça de gagné", "il y a de compliqué".
                    if word == "de" || word == "d'", Self.startsPartitive(before, in: sentence) { found = false }
                    // "tenu pour achevé", "laissé pour mort": pour introduces the attribute of these verbs.
                    if word == "pour", sentence.readings(before - 1).contains(where: { Self.verbsWithPourAttribute.contains($0.lemma) }) {
                        found = false
                    }
                } else {
                    // After a determiner a modal is a noun: "le devoir imposé", "du pouvoir acquis".
                    if FrenchNounPhrases.determinerFeatures(at: before - 1, in: sentence) != nil { continue }
                    let readings = sentence.readings(before)
                    let finiteOrInfinitive = readings.filter { [.VBF, .VB].contains($0.tag) && Self.verbsBeforeInfinitive.contains($0.lemma) }
                    let participleOfModal = readings.filter { $0.tag == .VBN && ["pouvoir", "devoir", "vouloir", "savoir", "aller", "faire", "falloir", "oser"].contains($0.lemma) }
                    found = !finiteOrInfinitive.isEmpty || !participleOfModal.isEmpty
                    // "venir" only with "de" ("il vient de mangé" is caught by de); "je vais bien".
                    if finiteOrInfinitive.allSatisfy({ $0.lemma == "venir" || $0.lemma == "valoir" }) && participleOfModal.isEmpty {
                        found = word == "vaut" || word == "valu"
                    }
                    // "ils viennent attaqué le parlement", "elle court acheté du pain": after a verb
                    // of motion, a form in -é with a direct object after it is the infinitive of
                    // purpose (a participle there would be passive, without an object).
                    if !found, !inflected, before == position - 1 || adverbBetween,
                       readings.contains(where: { [.VBF, .VB].contains($0.tag) && Self.motionVerbs.contains($0.lemma) }),
                       let determiner = FrenchNounPhrases.determinerFeatures(at: position + 1, in: sentence), !determiner.isEmpty,
                       !["le", "la", "les", "l'", "leur"].contains(sentence.text(position + 1)) || sentence.has(position + 2, .NN),
                       !["du", "des", "au", "aux", "tout", "tous", "toute", "toutes"].contains(sentence.text(position + 1)),
                       // "il rentre fatigué le soir": a noun of time makes an adverbial phrase.
                       !FrenchAdjectiveAgreementRule.adverbialTimeNouns.contains(sentence.text(position + 2)),
                       !FrenchAttributeRule.adverbsAlsoNouns.contains(sentence.text(position + 2)) {
                        found = true
                    }
                }
                // "ils ont beau consacré": avoir beau takes an infinitive; so does "de quoi" (pas de quoi pavoisé).
                if word == "beau", sentence.readings(before - 1).contains(where: { $0.tag == .VBF && $0.lemma == "avoir" }) { found = true }
                if word == "quoi", ["de", "d'"].contains(sentence.text(before - 1)) { found = true }
                // "puis" is mostly the adverb; "en fait" an adverb too.
                if word == "puis" || (word == "fait" && sentence.text(before - 1) == "en") { found = false }
                guard found else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                              suggestions: [reading.lemma], values: ["before": sentence.written(before)]))
            }
        }
        return matches
    }
}
