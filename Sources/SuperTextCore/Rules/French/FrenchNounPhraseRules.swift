/// Agreement inside a French noun phrase: the determiner and the noun ("les maison", "un
/// maison"), the adjectives and the noun ("une grand maison", "une maison blanc"), and a number
/// and its noun ("quatre enfant").
///
/// The lexicon gives each noun its gender and number (from Dicollecte); a noun with two genders
/// (le/la livre) has both readings, and a phrase agrees when one reading fits. Where "le",
/// "la", "les" or "leur" may be a pronoun before a verb ("il les porte"), the phrase is left
/// alone.
public struct FrenchNounPhraseRule: ProofreadingRule {
    public enum Kind: Sendable { case determiner, adjective, number }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String {
        switch kind {
        case .determiner: "FR_ACCORD_DET_NOM"
        case .adjective: "FR_ACCORD_ADJ_NOM"
        case .number: "FR_ACCORD_NOMBRE"
        }
    }
    public let category = MatchCategory.grammar
    public var description: String {
        switch kind {
        case .determiner: "The determiner and the noun agree in gender and number."
        case .adjective: "An adjective agrees with its noun in gender and number."
        case .number: "A noun after a number above one is plural."
        }
    }
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public var examples: [RuleExample] {
        switch kind {
        case .determiner: [
            .wrong("Les maison sont belles.", "Les maisons sont belles.", language: "fr"),
            .wrong("Une fautes suffit.", "Une faute suffit.", language: "fr"),
            .wrong("Il a acheté un maison.", "Il a acheté une maison.", language: "fr"),
            .wrong("Mon fille est là.", "Ma fille est là.", language: "fr"),
            .wrong("Elle aime leur amis.", "Elle aime leurs amis.", language: "fr"),
            .right("Il les porte. Je leur donne la main. Mon amie arrive. Quelle est la question ?", language: "fr"),
            .right("Le livre et la livre sterling ; la plupart des gens ; les deux ; le hibou.", language: "fr"),
        ]
        case .adjective: [
            .wrong("Une grand maison.", "Une grande maison.", language: "fr"),
            .wrong("Une maison blanc.", "Une maison blanche.", language: "fr"),
            .wrong("Les camions très lourd.", "Les camions très lourds.", language: "fr"),
            .right("Une grande maison blanche ; des yeux marron ; des chaussures bleu marine.", language: "fr"),
            .right("Le prix des maisons élevé étonne ; la mère et la fille présentes.", language: "fr"),
        ]
        case .number: [
            .wrong("J’ai quatre enfant.", "J’ai quatre enfants.", language: "fr"),
            .wrong("J’ai 1 enfants.", "J’ai 1 enfant.", language: "fr"),
            .right("J’ai quatre enfants et 1 chat ; page 4 partie 2.", language: "fr"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .determiner: [
            .en: RuleText(
                message: "'{determiner}' and '{noun}' do not agree: write '{suggestion}'.", shortMessage: "Determiner and noun",
                title: "Agreement of determiner and noun",
                detail: "In French the determiner takes the gender and number of its noun: la maison, les maisons, un arbre, une table. The noun's gender is fixed, so it is the determiner that changes for gender; for number, the noun follows the determiner (les → maisons)."),
            .fr: RuleText(
                message: "« {determiner} » et « {noun} » ne s’accordent pas : écrivez « {suggestion} ».", shortMessage: "Accord déterminant-nom",
                title: "Accord du déterminant et du nom",
                detail: "Le déterminant prend le genre et le nombre de son nom : la maison, les maisons, un arbre, une table. Le genre du nom est fixe : c’est le déterminant qui change de genre ; pour le nombre, le nom suit le déterminant (les → maisons)."),
            .de: RuleText(
                message: "„{determiner}“ und „{noun}“ stimmen nicht überein: Schreiben Sie „{suggestion}“.", shortMessage: "Begleiter und Nomen",
                title: "Übereinstimmung von Begleiter und Nomen",
                detail: "Im Französischen richtet sich der Begleiter in Geschlecht und Zahl nach seinem Nomen: la maison, les maisons, un arbre, une table. Das Geschlecht des Nomens steht fest, also ändert sich der Begleiter; bei der Zahl folgt das Nomen dem Begleiter (les → maisons)."),
            .es: RuleText(
                message: "«{determiner}» y «{noun}» no concuerdan: escriba «{suggestion}».", shortMessage: "Determinante y sustantivo",
                title: "Concordancia de determinante y sustantivo",
                detail: "En francés el determinante toma el género y el número de su sustantivo: la maison, les maisons, un arbre, une table. El género del sustantivo es fijo, así que cambia el determinante; en número, el sustantivo sigue al determinante (les → maisons)."),
        ],
        .adjective: [
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
        ],
        .number: [
            .en: RuleText(
                message: "After '{determiner}', write '{suggestion}'.", shortMessage: "Number and noun",
                title: "Number and noun",
                detail: "In French a noun is plural after a number of two or more (quatre enfants, 4 enfants) and singular after one (1 enfant). Zero and numbers below two, such as 1,5, take the singular too."),
            .fr: RuleText(
                message: "Après « {determiner} », écrivez « {suggestion} ».", shortMessage: "Nombre et nom",
                title: "Accord après un nombre",
                detail: "Le nom se met au pluriel après un nombre égal ou supérieur à deux (quatre enfants, 4 enfants) et au singulier après un (1 enfant). Zéro et les nombres inférieurs à deux, comme 1,5, demandent aussi le singulier."),
            .de: RuleText(
                message: "Nach „{determiner}“ schreiben Sie „{suggestion}“.", shortMessage: "Zahl und Nomen",
                title: "Zahl und Nomen",
                detail: "Im Französischen steht das Nomen nach einer Zahl ab zwei im Plural (quatre enfants, 4 enfants) und nach eins im Singular (1 enfant). Null und Zahlen unter zwei wie 1,5 verlangen ebenfalls den Singular."),
            .es: RuleText(
                message: "Tras «{determiner}», escriba «{suggestion}».", shortMessage: "Número y sustantivo",
                title: "Número y sustantivo",
                detail: "En francés el sustantivo va en plural tras un número de dos o más (quatre enfants, 4 enfants) y en singular tras uno (1 enfant). El cero y los números menores que dos, como 1,5, piden también el singular."),
        ],
    ]

    /// Adjectives that usually stand before the noun (lemmas).
    static let prenominal: Set<String> = [
        "grand", "petit", "beau", "bon", "mauvais", "jeune", "vieux", "nouveau", "gros", "long", "haut", "joli", "premier",
        "dernier", "autre", "même", "seul", "vrai", "faux", "meilleur", "pire", "double", "prochain", "ancien", "pauvre",
        "cher", "simple", "véritable", "excellent", "énorme", "immense", "large", "court", "bref", "moindre", "futur",
        "propre", "saint", "gentil", "vaste", "sacré", "fameux", "certain", "divers", "différent", "principal", "unique",
        "second", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième", "neuvième", "dixième",
        "énième", "nombreux", "rare", "jolie", "brave", "digne", "entier", "parfait", "pur", "véritable", "fidèle",
    ]
    /// Adjectives that do not agree before a noun (une demi-heure, à mi-chemin, nu-pieds).
    static let invariableBefore: Set<String> = ["demi", "mi", "nu", "semi", "feu", "ex", "plein", "possible", "haut"]
    /// Words after a colour that make a compound colour, which does not agree (bleu marine).
    static let colourCompounds: Set<String> = [
        "clair", "foncé", "marine", "pâle", "vif", "ciel", "nuit", "roi", "canard", "pétrole", "électrique", "sombre",
        "turquoise", "cerise", "glacier", "acier", "azur", "outremer", "vert", "bleu", "rouge", "gris", "blanc", "noir",
    ]
    /// Words after a noun that look like adjectives but do not agree there: "des erreurs même
    /// graves", "de mes yeux vu", "vu la situation".
    static let invariableAfter: Set<String> = ["même", "vu", "excepté", "passé", "compris", "étant", "attendu", "supposé", "ci-joint", "ci-inclus", "près"]
    /// Adverbs between a noun and its adjective: "des camions très lourds".
    static let degreeAdverbs: Set<String> = ["très", "trop", "si", "assez", "aussi", "vraiment", "particulièrement", "extrêmement", "fort", "bien"]
    /// Determiners that change gender: masculine and feminine forms.
    static let otherGender: [String: String] = [
        "le": "la", "la": "le", "un": "une", "une": "un", "ce": "cette", "cet": "cette", "cette": "ce", "mon": "ma", "ma": "mon",
        "ton": "ta", "ta": "ton", "son": "sa", "sa": "son", "du": "de la", "au": "à la", "aucun": "aucune", "aucune": "aucun",
        "quel": "quelle", "quelle": "quel", "quels": "quelles", "quelles": "quels", "tous": "toutes", "toutes": "tous",
        "certains": "certaines", "certaines": "certains", "nul": "nulle", "nulle": "nul", "tout": "toute", "toute": "tout",
        "certain": "certaine", "certaine": "certain", "divers": "diverses", "diverses": "divers",
    ]
    /// Determiners that can also be object pronouns before a verb.
    static let pronounLike: Set<String> = ["le", "la", "les", "l'", "leur"]
    /// Numbers written in words, from two up.
    static let pluralNumbers: Set<String> = [
        "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze",
        "seize", "dix-sept", "dix-huit", "dix-neuf", "vingt", "trente", "quarante", "cinquante", "soixante", "soixante-dix",
        "quatre-vingt", "quatre-vingts", "quatre-vingt-dix", "cent", "cents", "mille", "plusieurs",
    ]

    /// A noun phrase found in a sentence.
    struct NounPhrase {
        var determiner: Int
        var determinerFeatures: WordFeatures
        var adjectives: [Int]
        var noun: Int
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) || sentence.isNumber(position) {
                switch kind {
                case .number: if let match = numberMatch(at: position, in: sentence, context: context) { matches.append(match) }
                case .determiner, .adjective:
                    guard let phrase = Self.nounPhrase(at: position, in: sentence) else { continue }
                    if kind == .determiner {
                        if let match = determinerMatch(phrase, in: sentence, context: context) { matches.append(match) }
                    } else {
                        matches += adjectiveMatches(phrase, in: sentence, context: context)
                    }
                }
            }
        }
        return matches
    }

    /// The determiner's features: gender and number.
    static func determinerFeatures(at position: Int, in sentence: RuleSentence) -> WordFeatures? {
        var features = WordFeatures()
        var found = false
        for reading in sentence.readings(position) where reading.tag == .DT || reading.tag == .PRPS {
            features = features.union(reading.features)
            found = true
        }
        return found ? features : nil
    }

    /// The noun phrase that starts with a determiner at `position`: up to two adjectives, then
    /// a lowercase noun.
    static func nounPhrase(at position: Int, in sentence: RuleSentence) -> NounPhrase? {
        guard var features = determinerFeatures(at: position, in: sentence), !sentence.isAllCapitals(position) else { return nil }
        var next = position + 1
        var adjectives: [Int] = []
        while adjectives.count < 2, sentence.isWord(next), sentence.has(next + 1, .NN),
              sentence.readings(next).contains(where: { $0.tag == .JJ && (prenominal.contains($0.lemma) || invariableBefore.contains($0.lemma)) }) {
            adjectives.append(next)
            next += 1
        }
        guard sentence.isWord(next), sentence.has(next, .NN), !sentence.isCapitalized(next), !sentence.text(next).utf8.contains(UInt8(ascii: "'")),
              !sentence.isClosedClassOrNumber(next), !sentence.isAllCapitals(next)
        else { return nil }
        let determiner = sentence.text(position)
        // "la plus forte": a superlative, no noun.
        if ["plus", "moins", "mieux", "pis"].contains(sentence.text(next)) { return nil }
        // "ces don Juan": a name follows.
        if sentence.isCapitalized(next + 1) { return nil }
        // "pas du tout peur", "rien du tout".
        if determiner.hasPrefix("tout") || determiner.hasPrefix("tous"), ["du", "pas", "en", "rien"].contains(sentence.text(position - 1)) { return nil }
        // "les premier et deuxième trimestres": each adjective goes with the noun further on.
        if ["et", "ou"].contains(sentence.text(next + 1)), sentence.has(next, .JJ) { return nil }
        // "le", "la", "les", "leur" before a verb are pronouns: "il les porte", "je leur parle".
        if pronounLike.contains(determiner), adjectives.isEmpty {
            let tags = sentence.tags(next)
            // Before an infinitive it is a pronoun: "je peux les lire".
            if tags.contains(.VB) { return nil }
            if tags.containsAny(WordTags([.VBF, .VB])) {
                let before = sentence.text(position - 1)
                if determiner == "leur" || sentence.tags(position - 1).containsAny(WordTags([.PRP, .PRPO]))
                    || ["ne", "n'", "qui", "que", "qu'", "pour", "de", "d'", "à", "sans", "va", "vais", "vont", "veut", "peut", "faut"].contains(before)
                    || sentence.tags(position - 1).contains(.VBF) && tags.contains(.VB) {
                    return nil
                }
            }
        }
        // "quelle est", "quels sont": a question, not a phrase.
        if determiner.hasPrefix("quel"), sentence.tags(next).contains(.VBF) { return nil }
        // "mon", "ton", "son" go before a feminine word that starts with a vowel: mon amie.
        if ["mon", "ton", "son"].contains(determiner), FrenchElision.takesElision(sentence.text(adjectives.first ?? next)) {
            features = features.union(WordFeatures([.feminine]))
        }
        return NounPhrase(determiner: position, determinerFeatures: features, adjectives: adjectives, noun: next)
    }

    /// The noun readings of a phrase's noun that agree with its determiner.
    static func agreeingNounReadings(_ phrase: NounPhrase, in sentence: RuleSentence) -> [Lexicon.Reading] {
        sentence.readings(phrase.noun).filter { $0.tag == .NN && FrenchWords.agree($0.features, phrase.determinerFeatures) }
    }

    func determinerMatch(_ phrase: NounPhrase, in sentence: RuleSentence, context: RuleContext) -> Match? {
        guard Self.agreeingNounReadings(phrase, in: sentence).isEmpty else { return nil }
        let readings = sentence.readings(phrase.noun)
        // An adjective used as a noun ("les riches") or a name-like word: nothing to say.
        if readings.contains(where: { ($0.tag == .JJ || $0.tag == .VBN) && FrenchWords.agree($0.features, phrase.determinerFeatures) }) { return nil }
        let nouns = readings.filter { $0.tag == .NN }
        let determinerNumber = phrase.determinerFeatures.intersection(.number)
        let determinerGender = phrase.determinerFeatures.intersection(.gender)
        let noun = sentence.text(phrase.noun)
        let determiner = sentence.text(phrase.determiner)
        let numberFits = nouns.contains { $0.features.intersection(.number).isEmpty || !$0.features.intersection(determinerNumber).isEmpty }
        let genderFits = nouns.contains { $0.features.intersection(.gender).isEmpty || !$0.features.intersection(determinerGender).isEmpty }
        let values = ["determiner": sentence.written(phrase.determiner), "noun": sentence.written(phrase.noun)]
        if !numberFits, genderFits, determinerNumber.bits.nonzeroBitCount == 1 {
            // "leur amis": the possessive takes the noun's number.
            if determiner == "leur", nouns.contains(where: { $0.features.contains(.plural) }) {
                return sentence.match(phrase.determiner, phrase.determiner, rule: self, texts: Self.texts[.determiner]!, context: context,
                                      suggestions: ["leurs"], values: values)
            }
            // The noun follows the determiner's number.
            guard phrase.adjectives.isEmpty else { return nil }
            let forms = sentence.lexicon.inflections(of: noun, to: .NN, features: determinerNumber)
            guard let form = forms.first else { return nil }
            return sentence.match(phrase.noun, phrase.noun, rule: self, texts: Self.texts[.determiner]!, context: context,
                                  suggestions: [form], values: values)
        }
        if numberFits, !genderFits, let other = Self.otherGender[determiner] {
            // The determiner follows the noun's gender ("un maison" → "une"); before a vowel, "ma" → "mon".
            var replacement = other
            let first = sentence.text(phrase.adjectives.first ?? phrase.noun)
            if FrenchElision.takesElision(first) {
                if ["ma", "ta", "sa"].contains(determiner) { return nil }
                if replacement == "ce" { replacement = "cet" }
                if replacement == "le" || replacement == "la" { replacement = "l’" }
                if replacement == "de la" { replacement = "de l’" }
                if replacement == "à la" { replacement = "à l’" }
            }
            guard !replacement.hasSuffix("’") else { return nil }
            return sentence.match(phrase.determiner, phrase.determiner, rule: self, texts: Self.texts[.determiner]!, context: context,
                                  suggestions: [replacement], values: values)
        }
        return nil
    }

    func adjectiveMatches(_ phrase: NounPhrase, in sentence: RuleSentence, context: RuleContext) -> [Match] {
        let nouns = Self.agreeingNounReadings(phrase, in: sentence)
        guard !nouns.isEmpty else { return [] }
        // "à la fois grands", "l'air fatigué": the adjective describes something else.
        if ["fois", "air", "coup", "part", "reste", "point"].contains(sentence.text(phrase.noun)) { return [] }
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
                  !readings.contains(where: { Self.invariableBefore.contains($0.lemma) }), !sentence.isCapitalized(position)
            else { return }
            var forms: [String] = []
            for tag in tags { forms += sentence.lexicon.inflections(of: sentence.text(position), to: tag, features: target) }
            guard let form = forms.first else { return }
            matches.append(sentence.match(position, position, rule: self, texts: Self.texts[.adjective]!, context: context,
                                          suggestions: [form], values: values))
        }
        for adjective in phrase.adjectives { check(adjective, tags: [.JJ]) }
        // The adjective right after the noun, or after an adverb of degree.
        var after = phrase.noun + 1
        if Self.degreeAdverbs.contains(sentence.text(after)), sentence.isWord(after + 1) { after += 1 }
        guard sentence.isWord(after), !sentence.tags(after).contains(.VBF), !sentence.isClosedClassOrNumber(after),
              !Self.colourCompounds.contains(sentence.text(after + 1)), sentence.text(after + 1) != "-",
              !Self.invariableAfter.contains(sentence.text(after)),
              // "les voitures verte et rouge": one each; "des yeux vert olive": a compound colour.
              !["et", "ou"].contains(sentence.text(after + 1)),
              !(sentence.has(after + 1, .NN) && !sentence.isClosedClassOrNumber(after + 1)
                  && (!sentence.has(after + 1, .JJ) || Self.colourCompounds.contains(sentence.text(after))))
        else { return matches }
        // In "le prix des maisons élevé" the adjective may go with the first noun; after "et"
        // it may go with both.
        let before = sentence.text(phrase.determiner - 1)
        if ["et", "ou", "ni"].contains(before) { return matches }
        if ["des", "du", "de", "d'"].contains(sentence.text(phrase.determiner)) || ["de", "d'"].contains(before) {
            var head = phrase.determiner - 1
            if ["de", "d'"].contains(before) { head -= 1 }
            if sentence.has(head, .NN) {
                let other = sentence.readings(head).filter { $0.tag == .NN }
                if sentence.readings(after).contains(where: { adjective in
                    (adjective.tag == .JJ || adjective.tag == .VBN) && other.contains { FrenchWords.agree($0.features, adjective.features) }
                }) {
                    return matches
                }
            }
        }
        check(after, tags: [.JJ, .VBN])
        return matches
    }

    func numberMatch(at position: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        let text = sentence.text(position)
        var plural: Bool
        // A date ("le 4 janvier", "le quatre"), a label ("numéro deux", "page 4") or a list ("4 et 1 ans").
        let before = sentence.text(position - 1)
        if ["le", "et", "ou", "à", "-", "numéro", "n°"].contains(before) || sentence.has(position - 1, .NN) || sentence.isNumber(position - 1) {
            return nil
        }
        if FrenchCapitals.months.contains(sentence.text(position + 1)) { return nil }
        if sentence.isNumber(position) {
            // Whole numbers only, not part of a larger number ("2 000", "1,5").
            guard let value = Int(text), !sentence.isNumber(position + 1), !sentence.isPunctuation(position - 1) || position == 0 else { return nil }
            plural = value >= 2
            if value == 0 { return nil }
        } else {
            guard Self.pluralNumbers.contains(text), text != "plusieurs" else { return nil }
            // "un des deux", "les deux": fine; "deux" as a name or inside "quatre-vingt" only as a word.
            plural = true
        }
        let next = position + 1
        guard sentence.isWord(next), !sentence.isCapitalized(next) else { return nil }
        let readings = sentence.readings(next)
        let nouns = readings.filter { $0.tag == .NN }
        guard !nouns.isEmpty else { return nil }
        let wanted = WordFeatures([plural ? .plural : .singular])
        if readings.contains(where: { $0.features.isSuperset(of: wanted) || $0.features.intersection(.number).isEmpty }) { return nil }
        // "1 enfants" may mean the number of a list; only nouns the lexicon knows in both numbers.
        guard let form = sentence.lexicon.inflections(of: sentence.text(next), to: .NN, features: wanted).first else { return nil }
        return sentence.match(next, next, rule: self, texts: Self.texts[.number]!, context: context, suggestions: [form],
                              values: ["determiner": sentence.written(position)])
    }
}
