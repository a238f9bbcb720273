/// An adjective after its noun agrees with the noun phrase ("la casa blanco" → "blanca")
/// (`SpanishNounPhrase`).
struct SpanishAdjectiveAgreementRule: ProofreadingRule {
    let id = "ES_CONCORDANCIA_NOMBRE_ADJETIVO"
    let category = MatchCategory.grammar
    let description = "An adjective that does not agree with its noun."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
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
        .right("Es el nombre de la variable pasado como argumento; muestra las entradas tal cual.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
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
    ]

    /// Words that follow a noun as adverbs, not as its adjectives ("la libertad primero", "las niñas igual que los niños").
    static let notAdjectives: Set<String> = ["primero", "solo", "medio", "demasiado", "bastante", "junto", "mismo", "luego", "igual"]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        SpanishNounPhrase.forEach(in: document, context: context, skippingPronouns: false) { phrase in
            let sentence = phrase.sentence, noun = phrase.noun, detFeatures = phrase.determinerFeatures, determiner = phrase.determiner
            let stressedA = phrase.stressedA, agreeing = phrase.agreeing
            let adjective = noun + 1
            guard !agreeing.isEmpty, sentence.isWord(adjective), !sentence.isCapitalized(adjective),
                  !Self.notAdjectives.contains(sentence.text(adjective)), SpanishClosedWordClasses.table[sentence.text(adjective)] == nil,
                  // "tal cual", "tal como", "tal vez": adverbs.
                  !(sentence.text(adjective) == "tal" && ["cual", "como", "vez", "y"].contains(sentence.text(adjective + 1))),
                  !sentence.has(adjective, .VBF), !sentence.isClosedClassOrNumber(adjective)
            else { return }
            // The noun phrase's gender and number: what determiner and noun share.
            var phrase = FrenchWords.certain(agreeing.reduce(agreeing[0]) { FrenchWords.common($0, $1) })
            phrase = FrenchWords.certain(FrenchWords.common(phrase, stressedA ? WordFeatures([.feminine, .singular]) : detFeatures))
            guard phrase.intersection(WordFeatures.gender).bits.nonzeroBitCount == 1 || phrase.intersection(WordFeatures.number).bits.nonzeroBitCount == 1 else { return }
            let readings = sentence.readings(adjective).filter { $0.tag == .JJ || $0.tag == .VBN }
            // A noun in its own right after a noun is no adjective ("el coche bomba").
            let own = readings.contains { $0.tag == .JJ && $0.lemma == sentence.text(adjective) }
            guard !readings.isEmpty, !sentence.has(adjective, .NN) || own else { return }
            // A participle before a determiner opens a clause of its own: "terminado el trabajo".
            if !readings.contains(where: { $0.tag == .JJ }), sentence.has(adjective + 1, .DT) { return }
            // An adjective of the noun agrees with it; a noun after a noun ("coche bomba") is no adjective.
            let all = SpanishWords.nominalFeatures(sentence, adjective)
            guard !all.contains(where: { FrenchWords.agree($0, phrase) }) else { return }
            // "el nombre de la variable pasado": after a complement with de, the adjective may go
            // with a noun before it, up a chain of two.
            var head = sentence.text(determiner) == "del" ? determiner - 1 : sentence.text(determiner - 1) == "de" ? determiner - 2 : -1
            for _ in 0..<2 where head >= 0 && sentence.has(head, .NN) {
                if readings.contains(where: { adjective in SpanishWords.nominalFeatures(sentence, head).contains { FrenchWords.agree($0, adjective.features) } }) {
                    return
                }
                let before = head - 1
                head = sentence.text(before) == "del" ? before - 1 : sentence.has(before, .DT) && sentence.text(before - 1) == "de" ? before - 2 : -1
            }
            guard let tag = readings.first?.tag,
                  let form = sentence.lexicon.inflect(sentence.text(adjective), to: tag, features: phrase)
            else { return }
            matches.append(sentence.match(
                adjective, adjective, rule: self, texts: Self.texts, context: context, suggestions: [form],
                values: ["adjective": sentence.written(adjective), "noun": sentence.written(noun)]
            ))
        }
        return matches
    }
}
