/// The Spanish rules written in code, in the order they run (the pattern rules of `es.rules`
/// and the phrase lists come from `LanguageGrammar`). They read sentences through
/// `RuleSentence`, the reader of tokens and readings every language's code rules share.
enum SpanishRules {
    static let all: [any ProofreadingRule] = [
        SpanishNounPhraseRule(.determiner),
        SpanishNounPhraseRule(.adjective),
        SpanishSubjectVerbRule(),
        SpanishEstaGerundRule(),
        SpanishDateCapitalRule(),
        SpanishHaberParticipleRule(),
        SpanishQuestionWordRule(),
        SpanishOpeningMarkRule(),
        SpanishSpaceInsideMarksRule(),
    ]
}

/// Word lists the Spanish code rules share.
enum SpanishWords {
    /// Words after which a new clause (and so a subject) may start.
    static let clauseOpeners: Set<String> = [
        "que", "pero", "porque", "cuando", "si", "aunque", "pues", "mientras", "donde", "como", "sino", "entonces",
        "luego", "después", "ahora", "hoy", "ayer", "mañana", "quizá", "quizás", "también", "tampoco",
    ]

    /// Punctuation after which a clause may start.
    static let clausePunctuation: Set<String> = [",", ";", ":", "(", "«", "\"", "“", "—", "–", "-", "¿", "¡"]

    /// Feminine nouns that start with a stressed a: they take "el", "un", "algún", "ningún" in
    /// the singular (el agua, un alma) and stay feminine (el agua fría).
    static let stressedA: Set<String> = [
        "agua", "alma", "arma", "ave", "hambre", "área", "águila", "aula", "hacha", "hada", "ala", "alba", "alga",
        "ancla", "ansia", "arca", "arpa", "asa", "asma", "haba", "habla", "hampa", "aria", "acta", "álgebra", "ama",
        "ánfora", "ánima", "áspid", "aya", "haya", "álgebra", "ágata", "ánade",
    ]

    /// Determiners that take the masculine form before a stressed a.
    static let beforeStressedA: Set<String> = ["el", "un", "algún", "ningún"]

    /// Determiners of one family by gender and number: masculine singular, feminine
    /// singular, masculine plural, feminine plural.
    static let families: [[String]] = [
        ["el", "la", "los", "las"], ["un", "una", "unos", "unas"], ["este", "esta", "estos", "estas"],
        ["ese", "esa", "esos", "esas"], ["aquel", "aquella", "aquellos", "aquellas"],
        ["algún", "alguna", "algunos", "algunas"], ["ningún", "ninguna", "ningunos", "ningunas"],
        ["otro", "otra", "otros", "otras"], ["todo", "toda", "todos", "todas"], ["mucho", "mucha", "muchos", "muchas"],
        ["poco", "poca", "pocos", "pocas"], ["tanto", "tanta", "tantos", "tantas"], ["cierto", "cierta", "ciertos", "ciertas"],
        ["nuestro", "nuestra", "nuestros", "nuestras"], ["vuestro", "vuestra", "vuestros", "vuestras"],
        ["mi", "mi", "mis", "mis"], ["tu", "tu", "tus", "tus"], ["su", "su", "sus", "sus"],
    ]

    /// The determiner of `word`'s family with the gender and number of `features` (each kept
    /// from the word when `features` does not say).
    static func determiner(_ word: String, as features: WordFeatures, beforeStressedA: Bool) -> String? {
        guard let family = families.first(where: { $0.contains(word) }), let index = family.firstIndex(of: word) else { return nil }
        var feminine = index % 2 == 1
        var plural = index >= 2
        if features.contains(.feminine) != features.contains(.masculine) { feminine = features.contains(.feminine) }
        if features.contains(.plural) != features.contains(.singular) { plural = features.contains(.plural) }
        if beforeStressedA, feminine, !plural, Self.beforeStressedA.contains(family[0]) { return family[0] }
        return family[(plural ? 2 : 0) + (feminine ? 1 : 0)]
    }

    /// The gender and number of a word's noun and adjective readings, one set per reading.
    static func nominalFeatures(_ sentence: RuleSentence, _ position: Int) -> [WordFeatures] {
        sentence.readings(position).filter { $0.tag == .NN || $0.tag == .JJ || $0.tag == .VBN }.map {
            $0.features.intersection(WordFeatures.gender.union(WordFeatures.number))
        }
    }
}

/// Agreement inside a noun phrase: determiner and noun (`ES_CONCORDANCIA_DET_NOMBRE`: "la
/// problema" → "el problema", "los casa"), noun and the adjective after it
/// (`ES_CONCORDANCIA_NOMBRE_ADJETIVO`: "la casa blanco" → "blanca"). Stays quiet on names, on
/// nouns of either gender or whose gender the lexicon does not know, on "el agua" and the
/// other feminine nouns with a stressed a, and on a determiner that may be a pronoun before a
/// verb ("la vi", "los tiene").
struct SpanishNounPhraseRule: ProofreadingRule {
    enum Kind { case determiner, adjective }
    let kind: Kind
    init(_ kind: Kind) { self.kind = kind }

    var id: String { kind == .determiner ? "ES_CONCORDANCIA_DET_NOMBRE" : "ES_CONCORDANCIA_NOMBRE_ADJETIVO" }
    let category = MatchCategory.grammar
    var description: String { kind == .determiner ? "A determiner that does not agree with its noun." : "An adjective that does not agree with its noun." }
    let isPicky = false
    let languages: Set<String> = ["es"]

    var examples: [RuleExample] {
        switch kind {
        case .determiner: [
            .wrong("La problema es grave.", "El problema es grave.", language: "es"),
            .wrong("Compré una libro.", "Compré un libro.", language: "es"),
            .wrong("Los mesa están sucias.", "Las mesas están sucias.", language: "es"),
            .wrong("Vimos el ciudad desde el avión.", "Vimos la ciudad desde el avión.", language: "es"),
            .wrong("Esta coche es nuevo.", "Este coche es nuevo.", language: "es"),
            .wrong("Me gusta mucho este canción.", "Me gusta mucho esta canción.", language: "es"),
            .wrong("La mapa está en la mesa.", "El mapa está en la mesa.", language: "es"),
            .wrong("Tiene la día libre.", "Tiene el día libre.", language: "es"),
            .wrong("El mano le dolía.", "La mano le dolía.", language: "es"),
            .wrong("La agua está fría.", "El agua está fría.", language: "es"),
            .wrong("Unos niña juegan en el parque.", "Unas niñas juegan en el parque.", language: "es"),
            .wrong("Nuestro casa es pequeña.", "Nuestra casa es pequeña.", language: "es"),
            .wrong("Aquellos montaña son altas.", "Aquellas montañas son altas.", language: "es"),
            .right("El agua está fría. El águila vuela. Un alma buena. La mano derecha.", language: "es"),
            .right("El problema, el mapa y el día. La foto y la radio.", language: "es"),
            .right("La vi ayer. Los tiene en casa. Las casas son blancas.", language: "es"),
            .right("Vengo de El Salvador y vivo en La Habana.", language: "es"),
            .right("El artista y la artista. La gente. El mar y la mar.", language: "es"),
        ]
        case .adjective: [
            .wrong("La casa blanco es mía.", "La casa blanca es mía.", language: "es"),
            .wrong("Tengo un coche roja.", "Tengo un coche rojo.", language: "es"),
            .wrong("Las flores amarillos crecen.", "Las flores amarillas crecen.", language: "es"),
            .wrong("El agua sucio no se bebe.", "El agua sucia no se bebe.", language: "es"),
            .wrong("Los niños pequeño duermen.", "Los niños pequeños duermen.", language: "es"),
            .wrong("Una idea bueno.", "Una idea buena.", language: "es"),
            .wrong("Unas ventanas abiertos.", "Unas ventanas abiertas.", language: "es"),
            .wrong("La puerta cerrado.", "La puerta cerrada.", language: "es"),
            .right("La casa blanca. El agua fría. Los niños pequeños. Una idea buena.", language: "es"),
            .right("Estoy un poco cansada. Una vez terminado el trabajo, salimos.", language: "es"),
            .right("El coche bomba. La casa grande. Los días felices.", language: "es"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .determiner: [
            .en: RuleText(
                message: "'{written}': the determiner does not agree with the noun. Did you mean '{suggestion}'?",
                shortMessage: "Determiner agreement", title: "Determiner and noun agree",
                detail: "In Spanish the determiner takes the gender and number of its noun: el problema, la mano, las casas. Watch the exceptions: problema, mapa and día are masculine; mano, foto and radio feminine; a feminine noun that starts with a stressed a takes 'el' or 'un' in the singular (el agua, un alma) and stays feminine (el agua fría)."),
            .fr: RuleText(
                message: "« {written} » : le déterminant ne s’accorde pas avec le nom. Vouliez-vous dire « {suggestion} » ?",
                shortMessage: "Accord du déterminant", title: "Accord du déterminant et du nom",
                detail: "En espagnol, le déterminant prend le genre et le nombre de son nom : el problema, la mano, las casas. Attention aux exceptions : problema, mapa et día sont masculins ; mano, foto et radio féminins ; un nom féminin qui commence par un a accentué prend « el » ou « un » au singulier (el agua, un alma) et reste féminin (el agua fría)."),
            .de: RuleText(
                message: "„{written}“: Der Begleiter stimmt nicht mit dem Nomen überein. Meinten Sie „{suggestion}“?",
                shortMessage: "Übereinstimmung des Artikels", title: "Artikel und Nomen stimmen überein",
                detail: "Im Spanischen richtet sich der Begleiter nach Genus und Numerus seines Nomens: el problema, la mano, las casas. Achtung, Ausnahmen: problema, mapa und día sind männlich; mano, foto und radio weiblich; ein weibliches Nomen mit betontem a am Anfang nimmt im Singular „el“ oder „un“ (el agua, un alma) und bleibt weiblich (el agua fría)."),
            .es: RuleText(
                message: "«{written}»: el determinante no concuerda con el sustantivo. ¿Quería decir «{suggestion}»?",
                shortMessage: "Concordancia del determinante", title: "Concordancia de determinante y sustantivo",
                detail: "El determinante concuerda en género y número con su sustantivo: el problema, la mano, las casas. Cuidado con las excepciones: problema, mapa y día son masculinos; mano, foto y radio, femeninos; los sustantivos femeninos que empiezan por a tónica llevan «el» o «un» en singular (el agua, un alma) y siguen siendo femeninos (el agua fría)."),
        ],
        .adjective: [
            .en: RuleText(
                message: "'{adjective}' does not agree with '{noun}': write '{suggestion}'.",
                shortMessage: "Adjective agreement", title: "Adjective and noun agree",
                detail: "A Spanish adjective takes the gender and number of its noun: la casa blanca, los coches rojos, el agua fría (agua is feminine even after 'el')."),
            .fr: RuleText(
                message: "« {adjective} » ne s’accorde pas avec « {noun} » : écrivez « {suggestion} ».",
                shortMessage: "Accord de l’adjectif", title: "Accord de l’adjectif et du nom",
                detail: "L’adjectif espagnol prend le genre et le nombre de son nom : la casa blanca, los coches rojos, el agua fría (agua est féminin même après « el »)."),
            .de: RuleText(
                message: "„{adjective}“ stimmt nicht mit „{noun}“ überein: Schreiben Sie „{suggestion}“.",
                shortMessage: "Übereinstimmung des Adjektivs", title: "Adjektiv und Nomen stimmen überein",
                detail: "Ein spanisches Adjektiv richtet sich nach Genus und Numerus seines Nomens: la casa blanca, los coches rojos, el agua fría (agua ist auch nach „el“ weiblich)."),
            .es: RuleText(
                message: "«{adjective}» no concuerda con «{noun}»: escriba «{suggestion}».",
                shortMessage: "Concordancia del adjetivo", title: "Concordancia de sustantivo y adjetivo",
                detail: "El adjetivo concuerda en género y número con el sustantivo: la casa blanca, los coches rojos, el agua fría («agua» es femenino aunque lleve «el»)."),
        ],
    ]

    /// Articles, possessives and demonstratives, which stand before a noun (others may be adverbs or pronouns).
    static let articles: Set<String> = [
        "el", "la", "los", "las", "un", "una", "unos", "unas", "este", "esta", "estos", "estas", "ese", "esa", "esos", "esas",
        "aquel", "aquella", "aquellos", "aquellas", "nuestro", "nuestra", "nuestros", "nuestras", "vuestro", "vuestra",
        "vuestros", "vuestras", "mi", "mis", "tu", "tus", "su", "sus", "algún", "alguna", "ningún", "ninguna",
    ]
    /// Words that follow a noun as adverbs, not as its adjectives ("la libertad primero").
    static let notAdjectives: Set<String> = ["primero", "solo", "medio", "demasiado", "bastante", "junto", "mismo", "luego"]

    /// Determiners that are also object pronouns before a verb.
    static let pronounDeterminers: Set<String> = ["la", "los", "las"]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            var position = 0
            while position + 1 < sentence.count {
                defer { position += 1 }
                let det = sentence.text(position)
                guard sentence.isWord(position), sentence.isWord(position + 1),
                      sentence.has(position, .DT) || sentence.has(position, .PRPS),
                      SpanishWords.families.contains(where: { $0.contains(det) }),
                      !sentence.isCapitalized(position + 1),
                      !sentence.isCapitalized(position) || sentence.isFirstWord(position)
                else { continue }
                let noun = position + 1
                let nounText = sentence.text(noun)
                // "un poco cansada", "una vez terminado": small words are no nouns here.
                if sentence.isClosedClassOrNumber(noun) || SpanishClosedWordClasses.table[nounText] != nil || nounText == "vez" { continue }
                // "un poco cansada", "mucho yerra", "ciertos son": a quantifier or demonstrative
                // before anything but a noun of known gender is no determiner of it.
                if !Self.articles.contains(det) {
                    let gendered = sentence.readings(noun).contains { $0.tag == .NN && $0.features.intersection(WordFeatures.gender).bits.nonzeroBitCount == 1 }
                    if !gendered || sentence.has(noun, .VBF) || sentence.has(position - 1, .DT) { continue }
                }
                if kind == .determiner, Self.pronounDeterminers.contains(det), sentence.has(noun, .VBF), !SpanishWords.stressedA.contains(nounText) { continue }
                let nominal = SpanishWords.nominalFeatures(sentence, noun)
                guard !nominal.isEmpty else { continue }
                let detFeatures = sentence.readings(position).first { $0.tag == .DT || $0.tag == .PRPS }?.features ?? WordFeatures()
                let stressedA = SpanishWords.stressedA.contains(nounText)
                func agrees(_ features: WordFeatures) -> Bool {
                    if stressedA, SpanishWords.beforeStressedA.contains(det), features.contains(.feminine), !features.contains(.plural) { return true }
                    return FrenchWords.agree(detFeatures, features)
                }
                let agreeing = nominal.filter(agrees)
                switch kind {
                case .determiner:
                    // "la agua": a feminine noun with a stressed a takes "el" (el agua).
                    if stressedA, let family = SpanishWords.families.first(where: { $0[1] == det }),
                       SpanishWords.beforeStressedA.contains(family[0]) {
                        matches.append(sentence.match(position, noun, rule: self, texts: Self.texts[kind]!, context: context,
                                                      suggestions: [family[0] + " " + sentence.written(noun)]))
                        continue
                    }
                    guard agreeing.isEmpty else { continue }
                    // A noun whose readings disagree among themselves: no certain form to ask for.
                    let target = FrenchWords.certain(nominal.reduce(nominal[0]) { FrenchWords.common($0, $1) })
                    guard let replacement = SpanishWords.determiner(det, as: target, beforeStressedA: stressedA), replacement != det
                    else { continue }
                    var suggestions = [replacement + " " + sentence.written(noun)]
                    // When the numbers differ, the writer may have meant the determiner's number
                    // ("los casa": las casas); that phrase comes first.
                    let detNumber = FrenchWords.certain(detFeatures).intersection(WordFeatures.number)
                    if !detNumber.isEmpty, !target.intersection(WordFeatures.number).isEmpty, detNumber != target.intersection(WordFeatures.number),
                       let tag = sentence.readings(noun).first(where: { $0.tag == .NN || $0.tag == .JJ })?.tag,
                       let form = sentence.lexicon.inflect(nounText, to: tag, features: detNumber),
                       let plural = SpanishWords.determiner(det, as: target.subtracting(WordFeatures.number).union(detNumber), beforeStressedA: false) {
                        suggestions.insert(plural + " " + form, at: 0)
                    }
                    matches.append(sentence.match(position, noun, rule: self, texts: Self.texts[kind]!, context: context, suggestions: suggestions))
                case .adjective:
                    let adjective = noun + 1
                    guard !agreeing.isEmpty, sentence.isWord(adjective), !sentence.isCapitalized(adjective),
                          !Self.notAdjectives.contains(sentence.text(adjective)), SpanishClosedWordClasses.table[sentence.text(adjective)] == nil,
                          !sentence.has(adjective, .VBF), !sentence.isClosedClassOrNumber(adjective)
                    else { continue }
                    // The noun phrase's gender and number: what determiner and noun share.
                    var phrase = FrenchWords.certain(agreeing.reduce(agreeing[0]) { FrenchWords.common($0, $1) })
                    phrase = FrenchWords.certain(FrenchWords.common(phrase, stressedA ? WordFeatures([.feminine, .singular]) : detFeatures))
                    guard phrase.intersection(WordFeatures.gender).bits.nonzeroBitCount == 1 || phrase.intersection(WordFeatures.number).bits.nonzeroBitCount == 1 else { continue }
                    let readings = sentence.readings(adjective).filter { $0.tag == .JJ || $0.tag == .VBN }
                    // A noun in its own right after a noun is no adjective ("el coche bomba").
                    let own = readings.contains { $0.tag == .JJ && $0.lemma == sentence.text(adjective) }
                    guard !readings.isEmpty, !sentence.has(adjective, .NN) || own else { continue }
                    // A participle before a determiner opens a clause of its own: "terminado el trabajo".
                    if !readings.contains(where: { $0.tag == .JJ }), sentence.has(adjective + 1, .DT) { continue }
                    // An adjective of the noun agrees with it; a noun after a noun ("coche bomba") is no adjective.
                    let all = SpanishWords.nominalFeatures(sentence, adjective)
                    guard !all.contains(where: { FrenchWords.agree($0, phrase) }) else { continue }
                    guard let tag = readings.first?.tag,
                          let form = sentence.lexicon.inflect(sentence.text(adjective), to: tag, features: phrase)
                    else { continue }
                    matches.append(sentence.match(
                        adjective, adjective, rule: self, texts: Self.texts[kind]!, context: context, suggestions: [form],
                        values: ["adjective": sentence.written(adjective), "noun": sentence.written(noun)]
                    ))
                }
            }
        }
        return matches
    }
}

/// The verb after a subject pronoun agrees with it in person and number
/// (`ES_CONCORDANCIA_SUJETO_VERBO`: "yo tiene" → "tengo", "ellos come" → "comen"). Only a
/// pronoun that starts a clause is a subject (not "para ellos es fácil", "a ellos les gusta"),
/// and not one of two joined by "y" ("tú y yo vamos"); only a word that is a verb and nothing
/// else, in a form whose person the lexicon knows, is judged.
struct SpanishSubjectVerbRule: ProofreadingRule {
    let id = "ES_CONCORDANCIA_SUJETO_VERBO"
    let category = MatchCategory.grammar
    let description = "A verb that does not agree with its subject pronoun."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("Yo tiene un perro.", "Yo tengo un perro.", language: "es"),
        .wrong("Ellos come mucho.", "Ellos comen mucho.", language: "es"),
        .wrong("Nosotros vive en Madrid.", "Nosotros vivimos en Madrid.", language: "es"),
        .wrong("Tú habla muy bien.", "Tú hablas muy bien.", language: "es"),
        .wrong("Ella no quieren venir.", "Ella no quiere venir.", language: "es"),
        .wrong("Yo es profesor.", "Yo soy profesor.", language: "es"),
        .wrong("Ellas trabaja los lunes.", "Ellas trabajan los lunes.", language: "es"),
        .wrong("Creo que ellos sabe la verdad.", "Creo que ellos saben la verdad.", language: "es"),
        .wrong("Usted tienen razón.", "Usted tiene razón.", language: "es"),
        .wrong("Yo lo hace todos los días.", "Yo lo hago todos los días.", language: "es"),
        .wrong("Él piensan en ti.", "Él piensa en ti.", language: "es"),
        .wrong("Vosotros come demasiado.", "Vosotros coméis demasiado.", language: "es"),
        .right("Yo tengo un perro. Ellos comen mucho. Tú y yo vamos juntos.", language: "es"),
        .right("Para ellos es fácil. A ella le gusta el cine. Ella misma lo dijo.", language: "es"),
        .right("Que yo sepa, no. Yo cantaba y ella bailaba.", language: "es"),
        .right("Ellos mismos lo vieron. Nosotros también comemos.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "The verb does not agree with '{subject}': write '{suggestion}'.",
            shortMessage: "Subject-verb agreement", title: "The verb agrees with its subject",
            detail: "A Spanish verb takes the person and number of its subject: yo tengo, tú tienes, él tiene, nosotros tenemos, vosotros tenéis, ellos tienen. 'Usted' and 'ustedes' take the third person (usted tiene, ustedes tienen)."),
        .fr: RuleText(
            message: "Le verbe ne s’accorde pas avec « {subject} » : écrivez « {suggestion} ».",
            shortMessage: "Accord sujet-verbe", title: "Le verbe s’accorde avec son sujet",
            detail: "Le verbe espagnol prend la personne et le nombre de son sujet : yo tengo, tú tienes, él tiene, nosotros tenemos, vosotros tenéis, ellos tienen. « Usted » et « ustedes » (vouvoiement) prennent la troisième personne (usted tiene, ustedes tienen)."),
        .de: RuleText(
            message: "Das Verb stimmt nicht mit „{subject}“ überein: Schreiben Sie „{suggestion}“.",
            shortMessage: "Subjekt-Verb-Kongruenz", title: "Das Verb richtet sich nach dem Subjekt",
            detail: "Das spanische Verb richtet sich in Person und Zahl nach dem Subjekt: yo tengo, tú tienes, él tiene, nosotros tenemos, vosotros tenéis, ellos tienen. „Usted“ und „ustedes“ (Höflichkeitsform) stehen mit der dritten Person (usted tiene, ustedes tienen)."),
        .es: RuleText(
            message: "El verbo no concuerda con «{subject}»: escriba «{suggestion}».",
            shortMessage: "Concordancia sujeto-verbo", title: "El verbo concuerda con el sujeto",
            detail: "El verbo concuerda en persona y número con su sujeto: yo tengo, tú tienes, él tiene, nosotros tenemos, vosotros tenéis, ellos tienen. «Usted» y «ustedes» llevan el verbo en tercera persona (usted tiene, ustedes tienen)."),
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count {
                guard sentence.isWord(position), let person = SpanishClosedWordClasses.subjectPronouns[sentence.text(position)] else { continue }
                let before = sentence.text(position - 1)
                let startsClause = position == 0 || sentence.isFirstWord(position)
                    || (sentence.isPunctuation(position - 1) && SpanishWords.clausePunctuation.contains(before))
                    || SpanishWords.clauseOpeners.contains(before)
                guard startsClause, !["y", "e", "o", "u", "ni"].contains(sentence.text(position + 1)) else { continue }
                var verb = position + 1
                while verb < sentence.count, verb - position <= 3, SpanishClosedWordClasses.clitics.contains(sentence.text(verb)) { verb += 1 }
                guard sentence.isWord(verb), !sentence.isCapitalized(verb) || sentence.isAllCapitals(position) else { continue }
                // A verb form may also be a noun (habla, canta); after a subject pronoun it is the verb.
                let readings = sentence.readings(verb)
                let verbs = readings.filter { $0.tag == .VBF }
                guard !verbs.isEmpty, !sentence.isClosedClassOrNumber(verb), !readings.contains(where: { $0.tag == .VBN }),
                      verbs.allSatisfy({ !$0.features.intersection(WordFeatures.person).isEmpty })
                else { continue }
                guard !verbs.contains(where: { $0.features.isSuperset(of: person) }),
                      let form = sentence.lexicon.inflect(sentence.text(verb), to: .VBF, features: person)
                else { continue }
                matches.append(sentence.match(
                    verb, verb, rule: self, texts: Self.texts, context: context, suggestions: [form],
                    values: ["subject": sentence.written(position)]
                ))
            }
        }
        return matches
    }
}
