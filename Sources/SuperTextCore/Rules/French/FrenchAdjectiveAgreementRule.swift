/// An adjective agrees with its noun in gender and number: "une grand maison", "une maison
/// blanc" (`FrenchNounPhrases`).
public struct FrenchAdjectiveAgreementRule: ProofreadingRule {
    public let id = "FR_ACCORD_ADJ_NOM"
    public let category = MatchCategory.grammar
    public let description = "An adjective agrees with its noun in gender and number."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Une grand maison.", "Une grande maison.", language: "fr"),
        .wrong("Une maison blanc.", "Une maison blanche.", language: "fr"),
        .wrong("Les camions très lourd.", "Les camions très lourds.", language: "fr"),
        .wrong("Les hommes fort sont là.", "Les hommes forts sont là.", language: "fr"),
        .wrong("J’ai vu ce fils et notre neveu arrogante.", "J’ai vu ce fils et notre neveu arrogants.", language: "fr"),
        .right("Un homme et une femme âgée. La mère et la fille absentes. Le fils et la fille présents.", language: "fr"),
        .wrong("Des enfants obéissant.", "Des enfants obéissants.", language: "fr"),
        .right("Une grande maison blanche ; des yeux marron ; des chaussures bleu marine.", language: "fr"),
        .right("Le prix des maisons élevé étonne ; la mère et la fille présentes.", language: "fr"),
        .right("Je pense à mon frère et à ma sœur absents.", language: "fr"),
        .right("Les jeunes officiers formant l’institut professaient ; une personne passant par la fenêtre.", language: "fr"),
        .right("Elle resta quelques minutes silencieuse ; ils seront un jour riches ; les routes sont dans leur ensemble étroites.", language: "fr"),
        .right("Des drapeaux français, belge et suisse ; des rideaux bleu pâle ; des feuilles vert tendre ; quelque chose cassé.", language: "fr"),
        .right("Les touristes passaient leurs vacances entassés dans un camping ; elle finissait ses devoirs seule.", language: "fr"),
        .right("Des discours un brin trop longs ; des gâteaux un tantinet sucrés.", language: "fr"),
        .right("Relisez les lettres si nécessaire ; envoyez les pièces si possible.", language: "fr"),
        .right("Les pêcheurs passent donc leurs nuits groupés au port ; il vécut toute sa vie tourmenté par le doute.", language: "fr"),
        .right("L’information des métadonnées des fichiers stockée dans la base reste lisible.", language: "fr"),
        .right("Une interface utilisateur en ligne de commande ; la commande su actuelle ; les informations sur le système obtenues.", language: "fr"),
        .right("Ils ont payé leurs erreurs cher. Elle ouvre les fenêtres grand. Il tient les rênes ferme.", language: "fr"),
        .wrong("Ma voisine, épuisés par le voyage, dormit.", "Ma voisine, épuisée par le voyage, dormit.", language: "fr"),
        .wrong("Les chaises anciennes restauré par mon oncle sont belles.", "Les chaises anciennes restaurées par mon oncle sont belles.", language: "fr"),
        .right("Le matin, fatigués, nous partons. Ma voisine, épuisée par le voyage, dormit.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
                message: "'{written}' does not agree with '{noun}': write '{suggestion}'.", shortMessage: "Adjective agreement",
                title: "Agreement of the adjective",
                detail: "A French adjective takes the gender and number of the noun it describes, before or after it: une grande maison, des camions lourds, une maison blanche."),
        .fr: RuleText(
                message: "« {written} » ne s’accorde pas avec « {noun} » : écrivez « {suggestion} ».", shortMessage: "Accord de l’adjectif",
                title: "Accord de l’adjectif",
                detail: "L’adjectif prend le genre et le nombre du nom qu’il qualifie, qu’il soit avant ou après lui : une grande maison, des camions lourds, une maison blanche."),
        .de: RuleText(
                message: "„{written}“ passt nicht zu „{noun}“: Schreiben Sie „{suggestion}“.", shortMessage: "Adjektiv-Übereinstimmung",
                title: "Übereinstimmung des Adjektivs",
                detail: "Ein französisches Adjektiv richtet sich in Geschlecht und Zahl nach dem Nomen, das es beschreibt, ob davor oder danach: une grande maison, des camions lourds, une maison blanche."),
        .es: RuleText(
                message: "«{written}» no concuerda con «{noun}»: escriba «{suggestion}».", shortMessage: "Concordancia del adjetivo",
                title: "Concordancia del adjetivo",
                detail: "El adjetivo francés toma el género y el número del sustantivo al que califica, antes o después de él: une grande maison, des camions lourds, une maison blanche."),
    ]

    /// Nouns of adverbial phrases after which an adjective describes something else.
    static let adverbialNouns: Set<String> = [
        "fois", "air", "coup", "part", "reste", "point",
        // "un brin trop solennelles", "un peu lourds": un and these nouns make an adverb of degree.
        "brin", "tantinet", "poil", "peu",
    ]
    /// Nouns of time and manner that make adverbial phrases without a preposition ("il resta
    /// quelques instants immobile", "elles seraient un jour délaissées", "les côtes sont dans
    /// leur ensemble découpées"): an adjective after them describes the subject, so one that
    /// does not agree with them is not checked against them (one before them still is).
    static let adverbialTimeNouns: Set<String> = [
        "jour", "jours", "instant", "instants", "moment", "moments", "heure", "heures", "minute", "minutes",
        "seconde", "secondes", "semaine", "semaines", "mois", "an", "ans", "année", "années", "nuit", "nuits",
        "soir", "soirs", "matin", "matins", "époque", "temps", "sens", "ensemble",
    ]
    /// Prepositions after which a complement's noun leaves an adjective to the noun before it.
    static let complementPrepositions: Set<String> = ["sur", "pour", "avec", "sans", "par", "dans", "en", "entre", "chez", "sous", "vers", "contre"]
    /// Adjectives in -eur, which agree ("une porte extérieure"), unlike agent nouns set beside a noun.
    static let adjectivesInEur: Set<String> = [
        "supérieur", "inférieur", "extérieur", "intérieur", "antérieur", "postérieur", "ultérieur", "majeur", "mineur", "meilleur",
    ]
    /// Nouns after which a short word is a name: "la commande su", "le programme ls".
    static let namingNouns: Set<String> = ["commande", "commandes", "programme", "programmes", "utilitaire", "option", "outil", "script", "paquet", "variable"]
    /// Prepositions repeated before each of two coordinated nouns.
    static let repeatedPrepositions: Set<String> = ["à", "de", "d'", "d’", "en", "pour", "avec", "par", "sur", "sans", "chez"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for clauses in FrenchSubject.all(in: document, context: context) {
            let sentence = clauses.sentence
            for position in 0..<sentence.count where sentence.isWord(position) || sentence.isNumber(position) {
                guard let phrase = FrenchNounPhrases.nounPhrase(at: position, in: sentence) else { continue }
                matches += adjectiveMatches(phrase, in: sentence, subjects: clauses.subjects, context: context)
            }
        }
        return matches
    }

    func adjectiveMatches(_ phrase: FrenchNounPhrases.NounPhrase, in sentence: RuleSentence, subjects: [FrenchSubject?], context: RuleContext) -> [Match] {
        let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
        guard !nouns.isEmpty else { return [] }
        // "à la fois grands", "l'air fatigué": the adjective describes something else.
        if Self.adverbialNouns.contains(sentence.text(phrase.noun)) { return [] }
        // "quelque chose", "autre chose" are indefinite pronouns, masculine: "quelque chose tombé".
        if sentence.text(phrase.noun) == "chose", ["quelque", "autre"].contains(sentence.text(phrase.determiner)) { return [] }
        // What the phrase is: the features its determiner and noun share, kept where certain.
        var phraseFeatures = WordFeatures()
        for reading in nouns { phraseFeatures = phraseFeatures.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
        let target = FrenchWords.certain(phraseFeatures).subtracting(.person)
        guard !target.isEmpty else { return [] }
        var matches: [Match] = []
        let values = ["noun": sentence.written(phrase.noun)]
        func check(_ position: Int, tags: [WordTag]) {
            let readings = sentence.readings(position).filter { tags.contains($0.tag) }
            guard !readings.isEmpty, !readings.contains(where: { FrenchWords.agree($0.features, phraseFeatures) }),
                  !readings.contains(where: { FrenchNounPhrases.invariableBefore.contains($0.lemma) }), !sentence.isCapitalized(position)
            else { return }
            var forms: [String] = []
            for tag in tags { forms += sentence.lexicon.inflections(of: sentence.text(position), to: tag, features: target) }
            guard let form = forms.first else { return }
            matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context,
                                          suggestions: [form], values: values))
        }
        for adjective in phrase.adjectives { check(adjective, tags: [.JJ]) }
        // "Cette femme, blessées dans son orgueil, partit": a participle or adjective set off by
        // commas after the subject that opens the sentence describes that subject (its verb
        // follows the second comma).
        if phrase.determiner == 0 || sentence.isPunctuation(phrase.determiner - 1) && phrase.determiner == 1,
           sentence.text(phrase.noun + 1) == ",", !Self.adverbialTimeNouns.contains(sentence.text(phrase.noun)),
           sentence.isWord(phrase.noun + 2), !sentence.tags(phrase.noun + 2).containsAny(WordTags([.VBF, .VBG])),
           !["au", "aux", "du"].contains(sentence.text(phrase.determiner)),
           let close = (phrase.noun + 3..<min(sentence.count, phrase.noun + 12)).first(where: { sentence.text($0) == "," }) {
            var verb = close + 1
            while sentence.isWord(verb), ["ne", "n'", "se", "s'", "le", "la", "les", "l'", "lui", "leur", "y", "en", "me", "m'", "te", "t'"].contains(sentence.text(verb)) {
                verb += 1
            }
            if sentence.isWord(verb), sentence.has(verb, .VBF), !sentence.has(verb, .NN), !sentence.has(verb, .JJ) {
                check(phrase.noun + 2, tags: [.JJ, .VBN])
            }
        }
        // The adjective right after the noun, or after an adverb of degree.
        var after = phrase.noun + 1
        // ("fort", "bien" are adverbs of degree only before the adjective they qualify: "les
        // hommes fort sont là" has fort for the adjective.)
        if FrenchNounPhrases.degreeAdverbs.contains(sentence.text(after)), sentence.isWord(after + 1),
           !(["fort", "bien"].contains(sentence.text(after)) && sentence.tags(after + 1).contains(.VBF) && !sentence.tags(after + 1).containsAny(WordTags([.JJ, .VBN]))) {
            // "corriger les fautes si nécessaire", "des copies si possible": si before an
            // adjective in the masculine singular is the conditional's ellipsis (si c'est nécessaire).
            if sentence.text(after) == "si", sentence.readings(after + 1).contains(where: {
                $0.tag == .JJ && !$0.features.contains(.plural) && ($0.features.contains(.masculine) || !$0.features.contains(.feminine)) || $0.tag == .NN && $0.lemma == "besoin"
            }) {
                return matches
            }
            after += 1
        }
        guard sentence.isWord(after), !sentence.tags(after).contains(.VBF), !sentence.isClosedClassOrNumber(after),
              !FrenchNounPhrases.colourCompounds.contains(sentence.text(after + 1)), sentence.text(after + 1) != "-",
              !FrenchNounPhrases.invariableAfter.contains(sentence.text(after)),
              // "une interface utilisateur", "un processus serveur": an agent noun set beside a noun
              // is no adjective; nor is a command's name ("la commande su").
              !(sentence.has(after, .NN) && sentence.text(after).hasSuffix("eur") && !Self.adjectivesInEur.contains(sentence.text(after))),
              !(Self.namingNouns.contains(sentence.text(phrase.noun)) && sentence.text(after).count <= 3),
              // "des officiers formant l’institut", "une personne passant par là": a present
              // participle with a complement is a verb form, invariable (the verbal adjective,
              // alone, agrees: "des enfants obéissants").
              !(sentence.has(after, .VBG) && sentence.isWord(after + 1)),
              // "les voitures verte et rouge", "des passeports américain, canadien et allemand":
              // one each; "des yeux vert olive": a compound colour.
              !["et", "ou"].contains(sentence.text(after + 1)),
              !(sentence.text(after + 1) == "," && sentence.has(after + 2, .JJ)),
              !(sentence.has(after + 1, .NN) && !sentence.isClosedClassOrNumber(after + 1)
                  && (!sentence.has(after + 1, .JJ) || FrenchNounPhrases.colourCompounds.contains(sentence.text(after))))
        else { return matches }
        // In "le prix des maisons élevé" the adjective may go with the first noun; after "et"
        // it may go with both.
        let before = sentence.text(phrase.determiner - 1)
        if ["et", "ou", "ni"].contains(before) {
            // "ce fils et notre neveu arrogante", "la mère et la fille absents": an adjective after
            // two nouns agrees with both, or at least with the nearer; in the gender of neither, it
            // is wrong. Masculine if a noun is; feminine only if both are.
            if let match = coordinatedGenderMatch(after, phrase: phrase, phraseFeatures: phraseFeatures, in: sentence, context: context, values: values) {
                matches.append(match)
            }
            return matches
        }
        // The same with the preposition repeated: "à ma sœur et à mon frère absents".
        if Self.repeatedPrepositions.contains(before), ["et", "ou", "ni"].contains(sentence.text(phrase.determiner - 2)) {
            return matches
        }
        // A complement after a preposition (de, sur, pour, avec…): "les informations sur le
        // système obtenues" goes with informations.
        let complementPreposition = ["de", "d'"].contains(before) || Self.complementPrepositions.contains(before)
        if ["des", "du", "de", "d'"].contains(sentence.text(phrase.determiner)) || complementPreposition {
            var head = phrase.determiner - 1
            if complementPreposition { head -= 1 }
            // Up a chain of complements: "l’information des métadonnées des fichiers stockée"
            // goes with information, three nouns back.
            for _ in 0..<3 where head >= 0 && sentence.has(head, .NN) {
                let other = sentence.readings(head).filter { $0.tag == .NN }
                if sentence.readings(after).contains(where: { adjective in
                    (adjective.tag == .JJ || adjective.tag == .VBN) && other.contains { FrenchWords.agree($0.features, adjective.features) }
                }) {
                    return matches
                }
                // The noun this one completes, before its de (or des, du).
                var determiner = head - 1
                while determiner > 0, sentence.has(determiner, .JJ), !sentence.has(determiner, .NN) { determiner -= 1 }
                let word = sentence.text(determiner)
                if ["des", "du", "de", "d'"].contains(word) {
                    head = determiner - 1
                } else if sentence.has(determiner, .DT), ["de", "d'"].contains(sentence.text(determiner - 1)) {
                    head = determiner - 2
                } else {
                    break
                }
            }
        }
        if Self.adverbialTimeNouns.contains(sentence.text(phrase.noun)) { return matches }
        // "Il prenait ses repas seul", "les visiteurs passent leurs journées agglutinés": after
        // the object, an adjective or participle may describe the subject (attribut du sujet
        // détaché); one that agrees with the clause's subject is not checked against the object.
        if let subject = subjects[..<phrase.determiner].last(where: { $0 != nil }) ?? nil, subject.end < phrase.determiner,
           !subject.features.intersection(.number).isEmpty,
           sentence.readings(after).contains(where: { reading in
               (reading.tag == .VBN || reading.tag == .JJ && (reading.lemma == "seul" || Self.isVerbalAdjective(reading, lexicon: sentence.lexicon)))
                   && FrenchWords.agree(reading.features, subject.features)
           }) {
            return matches
        }
        // "payer ses erreurs cher", "ouvrir les fenêtres grand": after a verb's object, these
        // adjectives in the masculine singular are adverbs of the verb, invariable.
        if Self.adverbialAdjectives.contains(sentence.text(after)),
           sentence.readings(phrase.determiner - 1).contains(where: { [.VBF, .VB, .VBN].contains($0.tag) }) {
            return matches
        }
        check(after, tags: [.JJ, .VBN])
        // A second adjective or participle right after one that agrees describes the same noun
        // ("leurs psychologues hypocrites condamné" → condamnés).
        let second = after + 1
        // Not in a complement (la liste des choix possibles produite: it may go with liste), nor
        // sauf, the preposition.
        if matches.isEmpty, sentence.isWord(second), !sentence.isCapitalized(second), !sentence.isClosedClassOrNumber(second),
           sentence.text(second) != "sauf", !["des", "du", "de", "d'"].contains(sentence.text(phrase.determiner)),
           !["de", "d'"].contains(sentence.text(phrase.determiner - 1)) && !Self.complementPrepositions.contains(sentence.text(phrase.determiner - 1)),
           sentence.readings(after).contains(where: { ($0.tag == .JJ || $0.tag == .VBN) && FrenchWords.agree($0.features, phraseFeatures) }),
           !sentence.tags(second).containsAny(WordTags([.NN, .VBF, .VB, .VBG, .RB])),
           !["et", "ou", ",", "-"].contains(sentence.text(second + 1)), !sentence.has(second + 1, .NN) {
            check(second, tags: [.JJ, .VBN])
        }
        return matches
    }

    func coordinatedGenderMatch(_ position: Int, phrase: FrenchNounPhrases.NounPhrase, phraseFeatures: WordFeatures, in sentence: RuleSentence,
                                context: RuleContext, values: [String: String]) -> Match? {
        let readings = sentence.readings(position).filter { $0.tag == .JJ || $0.tag == .VBN }
        let nearer = FrenchWords.certain(phraseFeatures).intersection(.gender)
        guard !readings.isEmpty, nearer.bits.nonzeroBitCount == 1, !sentence.isCapitalized(position),
              !readings.contains(where: { $0.features.intersection(.gender).isEmpty || !$0.features.intersection(nearer).isEmpty })
        else { return nil }
        // The first noun, right before et: its gender where its readings agree on one.
        let firstNoun = phrase.determiner - 2
        let firstGenders = sentence.readings(firstNoun).filter { $0.tag == .NN }.map { $0.features.intersection(.gender) }
        guard !firstGenders.isEmpty, !sentence.isClosedClassOrNumber(firstNoun) else { return nil }
        let wanted: WordFeatures
        if nearer.contains(.masculine) {
            wanted = WordFeatures([.masculine])
        } else if firstGenders.allSatisfy({ $0 == WordFeatures([.feminine]) }) {
            wanted = WordFeatures([.feminine])
        } else {
            return nil
        }
        let text = sentence.text(position)
        var forms: [String] = []
        for tag in [WordTag.JJ, .VBN] where readings.contains(where: { $0.tag == tag }) {
            forms += sentence.lexicon.inflections(of: text, to: tag, features: wanted.union(WordFeatures([.plural])))
        }
        guard let form = forms.first else { return nil }
        return sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [form], values: values)
    }

    /// Whether an adjective reading is a past participle made adjective (agglutiné, tenaillé,
    /// assis), whose lemma the lexicon knows as an infinitive: like the participle, it may
    /// describe the subject after the verb's object.
    static func isVerbalAdjective(_ reading: Lexicon.Reading, lexicon: Lexicon) -> Bool {
        reading.tag == .JJ
            && lexicon.readings(of: reading.lemma).contains { $0.tag == .VB }
    }

    /// Adjectives that, in the masculine singular, are adverbs of a verb: coûter cher, parler
    /// fort, travailler dur, voir clair, chanter faux, viser juste, ouvrir grand, tenir bon.
    static let adverbialAdjectives: Set<String> = [
        "cher", "fort", "dur", "clair", "faux", "juste", "droit", "net", "court", "haut", "bas", "grand", "bon", "mauvais",
        "ferme", "serré", "gros", "lourd", "fin", "bref",
    ]
}
