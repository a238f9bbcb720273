import Foundation

/// The Spanish rules written in code, in the order they run (the pattern rules of `es.rules`
/// and the phrase lists come from `LanguageGrammar`). They read sentences through
/// `RuleSentence`, the reader of tokens and readings every language's code rules share.
enum SpanishRules {
    static let all: [any ProofreadingRule] = [
        SpanishDeterminerAgreementRule(),
        SpanishAdjectiveAgreementRule(),
        SpanishAttributeAgreementRule(),
        SpanishSubjectVerbRule(),
        SpanishPreteriteAccentRule(),
        SpanishEstaGerundRule(),
        SpanishAccentedNounRule(),
        SpanishDateCapitalRule(),
        SpanishHaberParticipleRule(),
        SpanishQuestionWordRule(),
        SpanishOpeningMarkRule(),
        SpanishSpaceInsideMarksRule(),
        SpanishRedundantPronounRule(),
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
        let features = sentence.readings(position).filter { $0.tag == .NN || $0.tag == .JJ || $0.tag == .VBN }.map {
            $0.features.intersection(WordFeatures.gender.union(WordFeatures.number))
        }
        // A noun of common gender names a man or a woman with one form: el guardia, la guardia.
        let text = sentence.text(position)
        guard !features.isEmpty, commonGender.contains(text) || text.hasSuffix("ista") || text.hasSuffix("istas") else { return features }
        return features.map { $0.subtracting(WordFeatures.gender).union(WordFeatures([.masculine, .feminine])) }
    }

    /// Nouns of people with one form for both sexes (and their plurals), beside those in -ista.
    static let commonGender: Set<String> = [
        // colours named by a noun of the other gender: el rosa (the colour), la rosa (the flower)
        "rosa", "naranja", "violeta", "lila", "fucsia", "turquesa",
        "guardia", "guardias", "policía", "policías", "guía", "guías", "colega", "colegas", "atleta", "atletas", "testigo", "testigos",
        "modelo", "modelos", "cónyuge", "cónyuges", "joven", "jóvenes", "estudiante", "estudiantes", "cantante", "cantantes",
        "paciente", "pacientes", "agente", "agentes", "representante", "representantes", "intérprete", "intérpretes", "líder", "líderes",
        "mártir", "mártires", "rehén", "rehenes", "psiquiatra", "psiquiatras", "pediatra", "pediatras", "homicida", "homicidas",
        "suicida", "suicidas", "indígena", "indígenas", "demócrata", "demócratas", "compatriota", "compatriotas", "idiota", "idiotas",
        "hipócrita", "hipócritas", "camarada", "camaradas", "adolescente", "adolescentes", "habitante", "habitantes", "amante", "amantes",
    ]

    /// Cardinal numbers written as words: invariable, so no determiner disagrees with them ("los sesenta").
    static let cardinals: Set<String> = [
        "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece", "catorce", "quince",
        "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta",
        "ochenta", "noventa", "cien", "mil",
    ]
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
        .wrong("Él le juro a su madre que volvería.", "Él le juró a su madre que volvería.", language: "es"),
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
                // Of the subject's forms, the one the written word is without its accent comes first
                // ("él juro": juró, the past, rather than jura).
                guard !verbs.contains(where: { $0.features.isSuperset(of: person) }) else { continue }
                let written = sentence.text(verb)
                let forms = sentence.lexicon.inflections(of: written, to: .VBF, features: person)
                    + sentence.lexicon.inflections(of: written, to: .VBF, features: person.union(WordFeatures([.simplePast])))
                let bare = written.folding(options: .diacriticInsensitive, locale: nil)
                guard let form = forms.first(where: { $0.folding(options: .diacriticInsensitive, locale: nil) == bare }) ?? forms.first
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
