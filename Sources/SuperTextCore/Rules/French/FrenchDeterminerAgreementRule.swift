/// The determiner agrees with its noun in gender and number: "les maison" → "les maisons", "un
/// maison" → "une maison" (`FrenchNounPhrases`).
public struct FrenchDeterminerAgreementRule: ProofreadingRule {
    public let id = "FR_ACCORD_DET_NOM"
    public let category = MatchCategory.grammar
    public let description = "The determiner and the noun agree in gender and number."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Les maison sont belles.", "Les maisons sont belles.", language: "fr"),
        .wrong("Une fautes suffit.", "Une faute suffit.", language: "fr"),
        .wrong("Il a acheté un maison.", "Il a acheté une maison.", language: "fr"),
        .wrong("Mon fille est là.", "Ma fille est là.", language: "fr"),
        .wrong("Elle aime leur amis.", "Elle aime leurs amis.", language: "fr"),
        .right("Il les porte. Je leur donne la main. Mon amie arrive. Quelle est la question ?", language: "fr"),
        .right("Le livre et la livre sterling ; la plupart des gens ; les deux ; le hibou.", language: "fr"),
        .right("Les tout premiers jours ; ils vont tous partir ; les ayant vus ; tout la surprend.", language: "fr"),
        .right("Ce putain de moteur refuse de démarrer ; un amour de petit chien. Ils sont tout contents.", language: "fr"),
        .right("Écrivez vos adresse et numéro ; trente et une pages ; les étudiant·e·s ; quelque chose de neuf.", language: "fr"),
        .wrong("Certains étudiant sont venus.", "Certains étudiants sont venus.", language: "fr"),
        .wrong("Ils habitent une belle maisons.", "Ils habitent une belle maison.", language: "fr"),
        .wrong("Quels chanson magnifique !", "Quelle chanson magnifique !", language: "fr"),
        .right("Comme le montre la carte, la route est longue.", language: "fr"),
        .right("Les uns partirent, certains restant sur place ; plusieurs sortant de la salle applaudirent.", language: "fr"),
        .right("Il avait deux vélos, dont un est cassé.", language: "fr"),
        .right("À la longue découragé, il partit. Elle soignait les petits blessés.", language: "fr"),
        .right("On entend certains parler de départ. La dernière est la plus belle.", language: "fr"),
        .right("Les bac +3 sont demandés. Elle était tout feu, tout flamme. Il est tout sourire.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
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
    ]

    /// Determiners with a form for each gender and number, which follow their noun in both.
    static let variableDeterminers: [String: [WordFeatures: String]] = {
        let families = [["quel", "quelle", "quels", "quelles"]]
        var table: [String: [WordFeatures: String]] = [:]
        for family in families {
            let forms: [WordFeatures: String] = [
                WordFeatures([.masculine, .singular]): family[0], WordFeatures([.feminine, .singular]): family[1],
                WordFeatures([.masculine, .plural]): family[2], WordFeatures([.feminine, .plural]): family[3],
            ]
            for word in family { table[word] = forms }
        }
        return table
    }()

    /// Determiners that also stand alone as pronouns.
    static let pronounDeterminers: Set<String> = [
        "certains", "certaines", "plusieurs", "tous", "toutes", "aucun", "aucune", "un", "une", "quelques-uns", "quelques-unes",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) || sentence.isNumber(position) {
                guard let phrase = FrenchNounPhrases.nounPhrase(at: position, in: sentence) else { continue }
                if let match = determinerMatch(phrase, in: sentence, context: context) { matches.append(match) }
            }
        }
        return matches
    }

    /// Nouns that qualify the noun after "de" like an adjective, in familiar speech (ce putain de
    /// temps, un amour de petite fille, ce bougre d’homme).
    static let expressiveNouns: Set<String> = [
        "putain", "saloperie", "salope", "chienne", "merde", "bougre", "diable", "amour", "bijou", "monstre",
        "chameau", "garce", "peste", "fripon", "coquin", "phénomène",
    ]

    func determinerMatch(_ phrase: FrenchNounPhrases.NounPhrase, in sentence: RuleSentence, context: RuleContext) -> Match? {
        guard FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence).isEmpty else { return nil }
        let readings = sentence.readings(phrase.noun)
        // An adjective used as a noun ("les riches") or a name-like word: nothing to say.
        if readings.contains(where: { ($0.tag == .JJ || $0.tag == .VBN) && FrenchWords.agree($0.features, phrase.determinerFeatures) }) { return nil }
        // "certains restant sur place", "plusieurs sortant de la salle": a determiner that is also a
        // pronoun, before a present participle with its complement (the adjective rule's test;
        // "certains étudiant sont venus" keeps its noun, which a verb follows).
        if Self.pronounDeterminers.contains(sentence.text(phrase.determiner)), readings.contains(where: { $0.tag == .VBG }),
           sentence.isWord(phrase.noun + 1), !sentence.has(phrase.noun + 1, .VBF) {
            return nil
        }
        // "j'entends certains parler", "il en vit plusieurs sourire": such a determiner before an
        // infinitive is the pronoun, the infinitive's subject.
        if Self.pronounDeterminers.contains(sentence.text(phrase.determiner)), phrase.adjectives.isEmpty,
           readings.contains(where: { $0.tag == .VB }) {
            return nil
        }
        // "à la longue fatigué", "les petits affamés": the adjective that agrees with the
        // determiner is the noun, and the word after it, an adjective too, describes something else.
        if let adjective = phrase.adjectives.last, readings.contains(where: { $0.tag == .JJ || $0.tag == .VBN }),
           sentence.readings(adjective).contains(where: { $0.tag == .JJ && FrenchWords.agree($0.features, phrase.determinerFeatures) }) {
            return nil
        }
        // "deux pommes dont une est pourrie": un, une before a form of être or avoir are pronouns.
        if ["un", "une"].contains(sentence.text(phrase.determiner)),
           readings.contains(where: { $0.tag == .VBF && ($0.lemma == "être" || $0.lemma == "avoir") }) {
            return nil
        }
        // "ce putain de temps", "un amour de petite fille": an expressive noun before de is read
        // with the noun after it, whose gender the determiner takes.
        if Self.expressiveNouns.contains(sentence.text(phrase.noun)), ["de", "d'"].contains(sentence.text(phrase.noun + 1)) { return nil }
        // "les bac +2", "des Bac+5": a noun named by a level after it is a label, invariable.
        if sentence.text(phrase.noun + 1) == "+" || sentence.text(phrase.noun + 1).hasPrefix("+") { return nil }
        // "elle était tout feu, tout flamme", "il est tout sourire": tout before a bare noun after
        // être or in such a pair is the adverb (entirely), not the determiner.
        if ["tout", "toute"].contains(sentence.text(phrase.determiner)),
           sentence.readings(phrase.determiner - 1).contains(where: { $0.tag == .VBF && $0.lemma == "être" })
            || sentence.text(phrase.determiner - 1) == "," && sentence.text(phrase.determiner - 3) == "tout" {
            return nil
        }
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
                return sentence.match(phrase.determiner, phrase.determiner, rule: self, texts: Self.texts, context: context,
                                      suggestions: ["leurs"], values: values)
            }
            // The noun follows the determiner's number; after adjectives only when they agree with
            // the determiner in number ("une belle maisons" → maison), so that the noun is the odd one.
            guard phrase.adjectives.allSatisfy({ adjective in
                sentence.readings(adjective).contains { $0.tag == .JJ && !$0.features.intersection(determinerNumber).isEmpty }
                    && !sentence.readings(adjective).contains { $0.tag == .JJ && !$0.features.intersection(.number).isEmpty
                        && $0.features.intersection(determinerNumber).isEmpty }
            }) else { return nil }
            let forms = sentence.lexicon.inflections(of: noun, to: .NN, features: determinerNumber)
            guard let form = forms.first else { return nil }
            return sentence.match(phrase.noun, phrase.noun, rule: self, texts: Self.texts, context: context,
                                  suggestions: [form], values: values)
        }
        // "quels chanson": quel, tout, aucun, certain take the noun's gender and number both.
        if !numberFits, !genderFits, Self.variableDeterminers[determiner] != nil, phrase.adjectives.isEmpty,
           let reading = nouns.first, reading.features.intersection(.gender).bits.nonzeroBitCount == 1,
           reading.features.intersection(.number).bits.nonzeroBitCount == 1,
           let form = Self.variableDeterminers[determiner]?[reading.features.intersection(WordFeatures.gender.union(.number))] {
            return sentence.match(phrase.determiner, phrase.determiner, rule: self, texts: Self.texts, context: context,
                                  suggestions: [form], values: values)
        }
        if numberFits, !genderFits, let other = FrenchNounPhrases.otherGender[determiner] {
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
            return sentence.match(phrase.determiner, phrase.determiner, rule: self, texts: Self.texts, context: context,
                                  suggestions: [replacement], values: values)
        }
        return nil
    }
}
