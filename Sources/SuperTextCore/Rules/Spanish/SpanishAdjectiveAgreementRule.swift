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
        .wrong("Me gusta la música clásica y moderno.", "Me gusta la música clásica y moderna.", language: "es"),
        .wrong("Tiene un jardín grande, bonito y tranquila.", "Tiene un jardín grande, bonito y tranquilo.", language: "es"),
        .wrong("Conocí a estudiantes amable en la fiesta.", "Conocí a estudiantes amables en la fiesta.", language: "es"),
        .wrong("Vimos ballenas muy grande cerca de la costa.", "Vimos ballenas muy grandes cerca de la costa.", language: "es"),
        .wrong("Venden juguetes baratas en el mercado.", "Venden juguetes baratos en el mercado.", language: "es"),
        .right("Compré camisas y pantalones blancos. Venden juguetes baratos.", language: "es"),
        .right("Conocí a estudiantes amables. Un grupo de amigos famoso. Tomo clases de historia moderna.", language: "es"),
        .right("La casa blanca y negra. Una camisa roja y pantalones azules. La tarde fría y lluviosa.", language: "es"),
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
    /// Also adverbs the lexicon reads as adjectives or nouns ("un lugar cerca de", "salga pronto",
    /// "debido a"), and colours named by a noun, which do not change (un pastel rosa).
    static let notAdjectives: Set<String> = [
        "primero", "solo", "medio", "demasiado", "bastante", "junto", "juntos", "juntas", "mismo", "luego", "igual",
        "cerca", "lejos", "pronto", "debido", "directo", "rosa", "rosas", "naranja", "naranjas", "violeta", "violetas", "lila", "lilas",
        "turquesa", "marrón", "beige", "incluso", "excepto", "salvo", "tal",
    ]

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
            if !readings.isEmpty, sentence.has(adjective, .NN), !own {
                // "la música clásica y moderno": an adjective made a noun (la clásica) is not
                // judged after a noun ("el coche bomba"), but one joined to it is.
                if nominalized(adjective, in: sentence), readings.contains(where: { FrenchWords.agree($0.features, phrase) }),
                   let match = coordinated(after: adjective, phrase: phrase, noun: noun, in: sentence, context: context) {
                    matches.append(match)
                }
                return
            }
            guard !readings.isEmpty else { return }
            // A participle before a determiner opens a clause of its own: "terminado el trabajo".
            if !readings.contains(where: { $0.tag == .JJ }), sentence.has(adjective + 1, .DT) { return }
            // An adjective of the noun agrees with it; a noun after a noun ("coche bomba") is no adjective.
            let all = SpanishWords.nominalFeatures(sentence, adjective)
            if all.contains(where: { FrenchWords.agree($0, phrase) }) {
                // "la comida italiana y mexicano": an adjective joined to one that agrees
                // describes the same noun.
                if let match = coordinated(after: adjective, phrase: phrase, noun: noun, in: sentence, context: context) { matches.append(match) }
                return
            }
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
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count {
                if let match = bareNoun(at: position, in: sentence, context: context) { matches.append(match) }
            }
        }
        return matches
    }

    /// The readings of a word that can only be an adjective here: the lexicon knows it as one,
    /// and as no noun, verb, adverb or small word, and it is no name.
    private func adjectiveOnly(_ position: Int, in sentence: RuleSentence) -> [Lexicon.Reading]? {
        guard sentence.isWord(position), !sentence.isCapitalized(position), !Self.notAdjectives.contains(sentence.text(position)),
              SpanishClosedWordClasses.table[sentence.text(position)] == nil, !sentence.isClosedClassOrNumber(position),
              !sentence.has(position, .NN) || nominalized(position, in: sentence),
              !sentence.has(position, .VBF), !sentence.has(position, .VB), !sentence.has(position, .RB)
        else { return nil }
        let readings = sentence.readings(position).filter { $0.tag == .JJ }
        return readings.isEmpty ? nil : readings
    }

    /// Whether each noun reading of a word is one of its adjective readings made a noun, a person
    /// or thing it describes (el mexicano, lo moderno, la clásica): such a word after a noun is its adjective.
    private func nominalized(_ position: Int, in sentence: RuleSentence) -> Bool {
        let readings = sentence.readings(position)
        let adjectives = readings.filter { $0.tag == .JJ }.map(\.features)
        return !adjectives.isEmpty && readings.allSatisfy { $0.tag == .JJ || ($0.tag == .NN && adjectives.contains($0.features)) }
    }

    /// An adjective after "y" or a comma that follows adjectives agreeing with the noun phrase
    /// ("un jardín grande, bonito y limpia").
    private func coordinated(after adjective: Int, phrase: WordFeatures, noun: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        // A word after a comma is one of a list only when the list goes on ("grande, bonito y
        // limpio"; not "propiedades especiales, incluso si...").
        func listed(_ position: Int) -> Bool {
            ["y", "e"].contains(sentence.text(position - 1))
                || sentence.text(position - 1) == "," && ["y", "e", ","].contains(sentence.text(position + 1))
        }
        var second = adjective + 2
        while listed(second), let readings = adjectiveOnly(second, in: sentence),
              readings.contains(where: { FrenchWords.agree($0.features, phrase) }) {
            second += 2
        }
        guard listed(second), let readings = adjectiveOnly(second, in: sentence),
              !readings.contains(where: { FrenchWords.agree($0.features, phrase) }),
              // "blanca y negro, el gato": the end of the phrase, not the start of another.
              !sentence.has(second + 1, .NN) || sentence.has(second + 1, .VBF),
              let form = sentence.lexicon.inflect(sentence.text(second), to: .JJ, features: phrase)
        else { return nil }
        return sentence.match(
            second, second, rule: self, texts: Self.texts, context: context, suggestions: [form],
            values: ["adjective": sentence.written(second), "noun": sentence.written(noun)])
    }

    /// A plural noun without a determiner and a singular adjective after it ("estudiantes feliz"
    /// → "felices", "elefantes muy grande"); an adjective of a noun before "de" is left alone
    /// ("un grupo de amigos famoso").
    private func bareNoun(at noun: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        // Most words are no noun: told by the tags looked up with the sentence, before any text.
        guard sentence.tags(noun).contains(.NN), sentence.isWord(noun), !sentence.isCapitalized(noun), !sentence.isClosedClassOrNumber(noun),
              SpanishClosedWordClasses.table[sentence.text(noun)] == nil, sentence.text(noun) != "veces",
              !sentence.has(noun - 1, .DT), !sentence.has(noun - 1, .PRPS),
              !sentence.has(noun, .VBF), !sentence.has(noun, .JJ), !sentence.has(noun, .VB), !sentence.has(noun, .VBN)
        else { return nil }
        let nominal = sentence.readings(noun).filter { $0.tag == .NN }.map { $0.features }
        guard !nominal.isEmpty, nominal.allSatisfy({ $0.contains(.plural) && !$0.contains(.singular) }) else { return nil }
        var adjective = noun + 1
        if ["muy", "tan", "bastante", "demasiado"].contains(sentence.text(adjective)) { adjective += 1 }
        guard let readings = adjectiveOnly(adjective, in: sentence) else { return nil }
        let genders = Set(SpanishWords.nominalFeatures(sentence, noun).map { $0.intersection(WordFeatures.gender) })
        let nounGender = genders.count == 1 && genders.first!.bits.nonzeroBitCount == 1 ? genders.first! : nil
        let singular = readings.allSatisfy { $0.features.contains(.singular) && !$0.features.contains(.plural) }
        // "accesorios bellas": a plural adjective of the other gender. A masculine one after
        // nouns joined by y or a comma may agree with all of them (camisas y pantalones blancos).
        var otherGender = false
        if !singular, let nounGender, readings.allSatisfy({ $0.features.contains(.plural) && !$0.features.contains(.singular) }),
           readings.allSatisfy({ reading in
               let gender = reading.features.intersection(WordFeatures.gender)
               return gender.bits.nonzeroBitCount == 1 && gender != nounGender
           }) {
            let joined = (max(0, noun - 3)..<noun).contains { ["y", "e", "o", "u", ","].contains(sentence.text($0)) }
            otherGender = !(readings.contains { $0.features.contains(.masculine) } && joined)
        }
        guard singular || otherGender else { return nil }
        // After "de", the adjective may describe the noun before it.
        if sentence.text(noun - 1) == "de" {
            for head in max(0, noun - 4)..<(noun - 1) where sentence.has(head, .NN) {
                if readings.contains(where: { reading in SpanishWords.nominalFeatures(sentence, head).contains { FrenchWords.agree($0, reading.features) } }) { return nil }
            }
        }
        var wanted = WordFeatures([.plural])
        if let nounGender { wanted = wanted.union(nounGender) }
        guard let form = sentence.lexicon.inflect(sentence.text(adjective), to: .JJ, features: wanted), form != sentence.text(adjective) else { return nil }
        return sentence.match(
            adjective, adjective, rule: self, texts: Self.texts, context: context, suggestions: [form],
            values: ["adjective": sentence.written(adjective), "noun": sentence.written(noun)])
    }
}
