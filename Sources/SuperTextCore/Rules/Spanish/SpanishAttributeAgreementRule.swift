/// An adjective or participle after ser, estar or parecer describes the subject and agrees with it
/// ("la comida es bueno" → "buena", "ellas están cansados" → "cansadas"). The subject is a
/// subject pronoun of known gender, or a determiner and noun (`SpanishNounPhrase`) that open the
/// clause and whose number the verb shares, so that a noun inside a complement ("el precio de
/// las casas es alto") is never taken for it.
struct SpanishAttributeAgreementRule: ProofreadingRule {
    let id = "ES_CONCORDANCIA_ATRIBUTO"
    let category = MatchCategory.grammar
    let description = "An adjective after ser, estar or parecer that does not agree with the subject."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("La comida es bueno.", "La comida es buena.", language: "es"),
        .wrong("Mis clases son muy divertido.", "Mis clases son muy divertidas.", language: "es"),
        .wrong("Ellas están cansados.", "Ellas están cansadas.", language: "es"),
        .wrong("La puerta está cerrado.", "La puerta está cerrada.", language: "es"),
        .wrong("Los exámenes son difícil.", "Los exámenes son difíciles.", language: "es"),
        .wrong("Creo que la película es aburrido.", "Creo que la película es aburrida.", language: "es"),
        .right("La comida es buena. Mis clases son muy divertidas. Ellas están cansadas.", language: "es"),
        .right("El precio de las casas es alto. La casa es buena persona. La niña es estudiante.", language: "es"),
        .right("Mi madre es muy buena cocinera. La gente es amable. Ellos son Juan y Ana.", language: "es"),
        .right("Mi clase favorita es inglés. Mis clases son español y matemáticas.", language: "es"),
        .right("El mercado está cerca del puerto. La playa es uno de mis lugares favoritos.", language: "es"),
        .wrong("Mi hermana es alto.", "Mi hermana es alta.", language: "es"),
        .wrong("Ellos están contenta.", "Ellos están contentos.", language: "es"),
        .wrong("Es muy simpática y generoso.", "Es muy simpática y generosa.", language: "es"),
        .wrong("La falda es larga, negro y elegante.", "La falda es larga, negra y elegante.", language: "es"),
        .right("Es muy simpática y generosa. Es alta y el hermano es bajo. Es rápido y eficaz.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "'{written}' describes '{subject}' and agrees with it: write '{suggestion}'.",
            shortMessage: "Agreement with the subject", title: "Agreement after ser and estar",
            detail: "After ser, estar and parecer, the adjective or participle describes the subject and takes its gender and number: la comida es buena, las puertas están cerradas, ellos parecen cansados."),
        .fr: RuleText(
            message: "« {written} » se rapporte à « {subject} » et s’accorde avec lui : écrivez « {suggestion} ».",
            shortMessage: "Accord avec le sujet", title: "Accord de l’attribut après ser et estar",
            detail: "Après ser, estar et parecer, l’adjectif ou le participe se rapporte au sujet et en prend le genre et le nombre : la comida es buena, las puertas están cerradas, ellos parecen cansados."),
        .de: RuleText(
            message: "„{written}“ bezieht sich auf „{subject}“ und richtet sich danach: Schreiben Sie „{suggestion}“.",
            shortMessage: "Übereinstimmung mit dem Subjekt", title: "Übereinstimmung nach ser und estar",
            detail: "Nach ser, estar und parecer beschreibt das Adjektiv oder Partizip das Subjekt und nimmt dessen Genus und Numerus an: la comida es buena, las puertas están cerradas, ellos parecen cansados."),
        .es: RuleText(
            message: "«{written}» se refiere a «{subject}» y concuerda con él: escriba «{suggestion}».",
            shortMessage: "Concordancia con el sujeto", title: "Concordancia del atributo",
            detail: "Tras ser, estar y parecer, el adjetivo o el participio se refiere al sujeto y toma su género y su número: la comida es buena, las puertas están cerradas, ellos parecen cansados."),
    ]

    /// Verbs after which an adjective describes the subject.
    static let copulas: Set<String> = ["ser", "estar", "parecer"]

    /// Subject pronouns whose gender is known, with their gender and number.
    static let pronouns: [String: WordFeatures] = [
        "él": WordFeatures([.masculine, .singular]), "ella": WordFeatures([.feminine, .singular]),
        "ellos": WordFeatures([.masculine, .plural]), "ellas": WordFeatures([.feminine, .plural]),
        "nosotros": WordFeatures([.masculine, .plural]), "nosotras": WordFeatures([.feminine, .plural]),
        "vosotros": WordFeatures([.masculine, .plural]), "vosotras": WordFeatures([.feminine, .plural]),
    ]

    /// Words that may stand between the subject and the verb, or the verb and the adjective,
    /// without changing the agreement ("no es muy grande", "siempre está contenta").
    static let adverbs: Set<String> = [
        "no", "muy", "tan", "más", "menos", "bastante", "demasiado", "también", "siempre", "todavía", "aún", "ya", "nunca",
        "realmente", "súper", "super", "tampoco", "casi", "totalmente", "completamente", "bien",
    ]

    /// Adverbs of place after estar ("está cerca de casa") and "uno de" after ser ("es uno de
    /// mis lugares favoritos"), which the lexicon also reads as adjectives or nouns.
    static let notAttributes: Set<String> = [
        "cerca", "lejos", "encima", "debajo", "delante", "detrás", "dentro", "fuera", "arriba", "abajo", "enfrente", "aparte",
        "uno", "una", "unos", "unas",
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        // Copulas are found first (they are few), then the subject before each: a subject pronoun,
        // or a determiner and noun (and one adjective of it), past the adverbs before the verb.
        for sentence in RuleSentence.all(in: document, context: context) {
            for verb in 0..<sentence.count where sentence.isWord(verb)
                && sentence.readings(verb).contains(where: { $0.tag == .VBF && Self.copulas.contains($0.lemma) }) {
                matches += coordinated(after: verb, in: sentence, context: context)
                guard verb > 0 else { continue }
                var end = verb - 1
                while end > 0, Self.adverbs.contains(sentence.text(end)) { end -= 1 }
                guard sentence.isWord(end) else { continue }
                var subject: (start: Int, end: Int, features: WordFeatures)?
                if let features = Self.pronouns[sentence.text(end)] {
                    if Self.opensClause(end, in: sentence) { subject = (end, end, features) }
                } else {
                    for determiner in [end - 1, end - 2] {
                        guard let phrase = SpanishNounPhrase.phrase(at: determiner, in: sentence, skippingPronouns: true) else { continue }
                        guard !phrase.agreeing.isEmpty, Self.opensClause(phrase.determiner, in: sentence) else { break }
                        var features = FrenchWords.certain(phrase.agreeing.reduce(phrase.agreeing[0]) { FrenchWords.common($0, $1) })
                        features = FrenchWords.certain(FrenchWords.common(features, phrase.stressedA ? WordFeatures([.feminine, .singular]) : phrase.determinerFeatures))
                        // "la comida mexicana es": the word between noun and verb is an adjective that agrees.
                        let adjectiveAgrees = phrase.noun == end || (!sentence.has(end, .VBF)
                            && sentence.readings(end).contains(where: { ($0.tag == .JJ || $0.tag == .VBN) && FrenchWords.agree($0.features, features) }))
                        if !features.intersection(WordFeatures.number).isEmpty, adjectiveAgrees { subject = (phrase.determiner, phrase.noun, features) }
                        break
                    }
                }
                guard let (start, end, wanted) = subject else { continue }
                // The verb is a copula in the subject's number and the third person.
                let number = wanted.intersection(WordFeatures.number)
                let person = start == end ? SpanishClosedWordClasses.subjectPronouns[sentence.text(start)] ?? WordFeatures([.third]) : WordFeatures([.third])
                let copulas = sentence.readings(verb).filter {
                    $0.tag == .VBF && Self.copulas.contains($0.lemma) && $0.features.isSuperset(of: number.union(person.intersection(WordFeatures.person)))
                }
                guard !copulas.isEmpty else { continue }
                var attribute = verb + 1
                while sentence.isWord(attribute), Self.adverbs.contains(sentence.text(attribute)) { attribute += 1 }
                guard sentence.isWord(attribute), !sentence.isCapitalized(attribute), !sentence.isClosedClassOrNumber(attribute),
                      SpanishClosedWordClasses.table[sentence.text(attribute)] == nil,
                      !SpanishAdjectiveAgreementRule.notAdjectives.contains(sentence.text(attribute)),
                      !Self.notAttributes.contains(sentence.text(attribute))
                else { continue }
                let readings = sentence.readings(attribute).filter { $0.tag == .JJ || $0.tag == .VBN }
                // A noun after ser names what the subject is ("la niña es estudiante"); estar takes no noun.
                let own = readings.contains { $0.tag == .JJ && $0.lemma == sentence.text(attribute) }
                let estar = copulas.allSatisfy { $0.lemma == "estar" }
                guard !readings.isEmpty, !sentence.has(attribute, .NN) || own || estar else { continue }
                // "es buena persona", "es gran amigo": the adjective of a noun phrase, not of the subject.
                let after = attribute + 1
                if sentence.isWord(after), sentence.has(after, .NN) || sentence.has(after, .JJ), !sentence.isClosedClassOrNumber(after) { continue }
                // A noun that can name the subject agrees as a noun ("mi clase favorita es inglés"); before
                // a coordination the number is the whole's ("mis clases son español y matemáticas").
                let coordinated = ["y", "e", "o", "u", "ni"].contains(sentence.text(after))
                let checked = coordinated ? wanted.subtracting(WordFeatures.number) : wanted
                let nominal = estar ? readings.map(\.features) : SpanishWords.nominalFeatures(sentence, attribute)
                if nominal.contains(where: { FrenchWords.agree($0, checked) }) { continue }
                var forms: [String] = []
                for tag in [WordTag.JJ, .VBN] where readings.contains(where: { $0.tag == tag }) {
                    forms += sentence.lexicon.inflections(of: sentence.text(attribute), to: tag, features: wanted)
                }
                guard let form = forms.first else { continue }
                matches.append(sentence.match(
                    attribute, attribute, rule: self, texts: Self.texts, context: context, suggestions: [form],
                    values: ["subject": sentence.written(end)]
                ))
            }
        }
        return matches
    }

    /// The gender and number of a word that can only be an adjective here (no noun but an
    /// adjective made a noun, no verb, no small word), when its readings say one of each.
    /// `verbAllowed`: right after the copula a verb's form is no verb (es corto).
    private func adjectiveFeatures(_ position: Int, in sentence: RuleSentence, verbAllowed: Bool = false) -> WordFeatures? {
        guard sentence.isWord(position), !sentence.isCapitalized(position), !sentence.isClosedClassOrNumber(position),
              SpanishClosedWordClasses.table[sentence.text(position)] == nil,
              !SpanishAdjectiveAgreementRule.notAdjectives.contains(sentence.text(position)), !Self.notAttributes.contains(sentence.text(position)),
              verbAllowed || !sentence.has(position, .VBF), !sentence.has(position, .VB)
        else { return nil }
        let readings = sentence.readings(position).filter { $0.tag != .VBF }
        let adjectives = readings.filter { $0.tag == .JJ || $0.tag == .VBN }.map { $0.features.intersection(WordFeatures.gender.union(WordFeatures.number)) }
        guard let first = adjectives.first, adjectives.allSatisfy({ $0 == first }),
              readings.allSatisfy({ $0.tag == .JJ || $0.tag == .VBN || ($0.tag == .NN && adjectives.contains($0.features.intersection(WordFeatures.gender.union(WordFeatures.number)))) }),
              first.intersection(WordFeatures.gender).bits.nonzeroBitCount == 1, first.intersection(WordFeatures.number).bits.nonzeroBitCount == 1
        else { return nil }
        return first
    }

    /// "Es muy guapa y clásico" → "clásica", "su pelo es corto, rizada y bonito" → "rizado":
    /// adjectives joined after a copula describe the same subject and agree with the first.
    private func coordinated(after verb: Int, in sentence: RuleSentence, context: RuleContext) -> [Match] {
        var first = verb + 1
        while sentence.isWord(first), Self.adverbs.contains(sentence.text(first)) { first += 1 }
        guard let wanted = adjectiveFeatures(first, in: sentence, verbAllowed: true) else { return [] }
        var matches: [Match] = []
        var link = first + 1
        while ["y", "e", ","].contains(sentence.text(link)) {
            var next = link + 1
            while sentence.isWord(next), ["muy", "tan", "bastante", "demasiado", "algo", "también", "siempre"].contains(sentence.text(next)) { next += 1 }
            // After a comma the list goes on ("corto, rizada y bonito"), else it is another clause.
            guard sentence.text(link) != "," || ["y", "e", ","].contains(sentence.text(next + 1)),
                  let features = adjectiveFeatures(next, in: sentence), !sentence.has(next + 1, .NN) || sentence.has(next + 1, .VBF),
                  // "sea malo y buenos sus modales": an attribute of a subject that follows.
                  !sentence.has(next + 1, .DT), !sentence.has(next + 1, .PRPS)
            else { break }
            let tag: WordTag = sentence.has(next, .JJ) ? .JJ : .VBN
            if !FrenchWords.agree(features, wanted),
               let form = sentence.lexicon.inflect(sentence.text(next), to: tag, features: wanted), form != sentence.text(next) {
                matches.append(sentence.match(
                    next, next, rule: self, texts: Self.texts, context: context, suggestions: [form],
                    values: ["subject": sentence.written(first)]))
            }
            link = next + 1
        }
        return matches
    }

    /// Whether a clause may start at the word: the sentence's first word, or one after a
    /// conjunction or the punctuation that opens a clause.
    static func opensClause(_ position: Int, in sentence: RuleSentence) -> Bool {
        if position == 0 || sentence.isFirstWord(position) { return true }
        let before = sentence.text(position - 1)
        return (sentence.isPunctuation(position - 1) && SpanishWords.clausePunctuation.contains(before))
            || SpanishWords.clauseOpeners.contains(before) || ["y", "e", "o", "u", "pero"].contains(before)
    }
}
