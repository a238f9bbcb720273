/// Noun phrases in French, read for the three agreement rules (`FrenchDeterminerAgreementRule`,
/// `FrenchAdjectiveAgreementRule`, `FrenchNumberAgreementRule`): the determiner and the noun
/// ("les maison", "un maison"), the adjectives and the noun ("une grand maison", "une maison
/// blanc"), and a number and its noun ("quatre enfant").
///
/// The lexicon gives each noun its gender and number (from Dicollecte); a noun with two genders
/// (le/la livre) has both readings, and a phrase agrees when one reading fits. Where "le",
/// "la", "les" or "leur" may be a pronoun before a verb ("il les porte"), the phrase is left
/// alone.
enum FrenchNounPhrases {
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
        "tendre", "profond", "cru", "soutenu", "intense", "délavé", "mat", "doux", "franc", "brillant", "éclatant",
    ]
    /// Words after a noun that look like adjectives but do not agree there: "des erreurs même
    /// graves", "de mes yeux vu", "vu la situation".
    static let invariableAfter: Set<String> = ["même", "vu", "excepté", "passé", "compris", "étant", "attendu", "supposé", "ci-joint", "ci-inclus", "près", "sauf", "hormis"]
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
        // "la dernière est", "les premiers ont": after an adjective, a form of être or avoir is
        // the verb, the adjective the noun.
        if !adjectives.isEmpty, sentence.readings(next).contains(where: { $0.tag == .VBF && ["être", "avoir"].contains($0.lemma) }) {
            return nil
        }
        let determiner = sentence.text(position)
        // Inclusive writing, "les chef·fe·s", "le ou les patron·s": the word holds both genders and
        // numbers after its middle dots.
        if sentence.text(next + 1) == "·" { return nil }
        // "vingt et un jours", "mille et une nuits": a cardinal, not the article.
        if ["un", "une"].contains(determiner), sentence.text(position - 1) == "et",
           pluralNumbers.contains(sentence.text(position - 2)) || sentence.isNumber(position - 2) {
            return nil
        }
        // "vos nom et prénom": a plural determiner for two nouns, each singular.
        if features.contains(.plural), ["et", "ou"].contains(sentence.text(next + 1)), sentence.has(next + 2, .NN),
           !sentence.isClosedClassOrNumber(next + 2) {
            return nil
        }
        // "la plus forte": a superlative, no noun.
        if ["plus", "moins", "mieux", "pis"].contains(sentence.text(next)) { return nil }
        // "ces don Juan": a name follows.
        if sentence.isCapitalized(next + 1) { return nil }
        // "pas du tout peur", "rien du tout".
        if determiner.hasPrefix("tout") || determiner.hasPrefix("tous"), ["du", "pas", "en", "rien"].contains(sentence.text(position - 1)) { return nil }
        if determiner == "tout" || determiner == "tous" {
            // After a determiner "tout" is the adverb "quite": "les tout débuts".
            if determinerFeatures(at: position - 1, in: sentence) != nil { return nil }
            // Before a verb they are pronouns: "tous ayant souffert", "on va tous manger".
            if sentence.tags(next).containsAny(WordTags([.VB, .VBF, .VBG])) { return nil }
        }
        // "ils sont tout contents", "elle est toute petite": before an adjective, tout is the adverb "quite".
        if determiner.hasPrefix("tout"), sentence.has(next, .JJ) || sentence.has(next, .VBN) { return nil }
        // "les premier et deuxième trimestres": each adjective goes with the noun further on.
        if ["et", "ou"].contains(sentence.text(next + 1)), sentence.has(next, .JJ) { return nil }
        // "le", "la", "les", "leur" before a verb are pronouns: "il les porte", "je leur parle".
        if pronounLike.contains(determiner), adjectives.isEmpty {
            let tags = sentence.tags(next)
            // Before an infinitive or a present participle it is a pronoun: "je peux les lire",
            // "les ayant vus".
            if tags.contains(.VB) || tags.contains(.VBG) { return nil }
            if tags.containsAny(WordTags([.VBF, .VB])) {
                let before = sentence.text(position - 1)
                if determiner == "leur" || sentence.tags(position - 1).containsAny(WordTags([.PRP, .PRPO]))
                    || ["ne", "n'", "qui", "que", "qu'", "pour", "de", "d'", "à", "sans", "va", "vais", "vont", "veut", "peut", "faut", "comme"].contains(before)
                    // After an indefinite pronoun subject: "tout la fait pleurer", "rien ne".
                    || ["tout", "rien", "cela", "ça", "ceci", "chacun", "personne", "on"].contains(before)
                    // After a word the lexicon does not know, a name or a command: "bash les utilise".
                    || sentence.isWord(position - 1) && sentence.readings(position - 1).isEmpty
                    // After a noun or adjective ending the subject: "les portées antérieures les marque".
                    || determiner == "les" && sentence.tags(position - 1).containsAny(WordTags([.NN, .JJ]))
                        && !sentence.tags(position - 1).containsAny(WordTags([.DT, .IN, .VB, .VBF, .PRPS]))
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

}
