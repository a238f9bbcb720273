/// "Mi padre me compro un libro" → "compró": after a subject in the third person singular (a
/// noun with its determiner at the start of a clause, or a name), a first-person present in -o
/// cannot agree; the verb is the third person's past, whose accent on the last syllable was left
/// out. Also after ayer, anoche and anteayer, which ask for the past. Only where the past is the
/// written word with its accent (compro → compró; not como → comió), and not after a noun of
/// time, which is no subject ("el lunes trabajo", "cada verano viajo"), nor before lo, la, los,
/// las, which may take up an object put first ("el pan lo compro yo").
struct SpanishPreteriteAccentRule: ProofreadingRule {
    let id = "ES_PRETERITO_TILDE"
    let category = MatchCategory.grammar
    let description = "A past tense in the third person written without its accent."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("Mi padre me compro una bicicleta.", "Mi padre me compró una bicicleta.", language: "es"),
        .wrong("El muchacho cambio mucho aquel año.", "El muchacho cambió mucho aquel año.", language: "es"),
        .wrong("Cuando el tren llego, subimos.", "Cuando el tren llegó, subimos.", language: "es"),
        .wrong("Ayer llego tarde a la reunión.", "Ayer llegó tarde a la reunión.", language: "es"),
        .wrong("Después, Lucía gano el premio.", "Después, Lucía ganó el premio.", language: "es"),
        .right("Mi padre me compró una bicicleta. El lunes trabajo en casa. Cada verano viajo a Chile.", language: "es"),
        .right("El pan lo compro yo. Mi hermano como siempre llegó tarde. La verdad, creo que sí.", language: "es"),
        .right("En Madrid trabajo mucho. Mi familia y yo viajamos. Esta semana estudio mucho.", language: "es"),
        .right("El mejor uso de la función es otro. El siguiente inicio será lento.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "After '{subject}' the verb is in the third person: did you mean '{suggestion}', the past, with its accent?",
            shortMessage: "Past tense accent", title: "The past tense's accent",
            detail: "The third person of the Spanish simple past carries an accent on its last syllable (compró, llegó, cambió); without it the word is the first person of the present (compro, llego, cambio), which does not agree with a subject such as 'mi padre' or 'el tren'."),
        .fr: RuleText(
            message: "Après « {subject} », le verbe est à la troisième personne : vouliez-vous dire « {suggestion} », le passé, avec son accent ?",
            shortMessage: "Accent du passé", title: "L’accent du passé simple",
            detail: "La troisième personne du passé simple espagnol porte un accent sur sa dernière syllabe (compró, llegó, cambió) ; sans lui, le mot est la première personne du présent (compro, llego, cambio), qui ne s’accorde pas avec un sujet comme « mi padre » ou « el tren »."),
        .de: RuleText(
            message: "Nach „{subject}“ steht das Verb in der dritten Person: Meinten Sie „{suggestion}“, die Vergangenheit mit Akzent?",
            shortMessage: "Akzent der Vergangenheit", title: "Der Akzent des Indefinido",
            detail: "Die dritte Person des spanischen Indefinido trägt einen Akzent auf der letzten Silbe (compró, llegó, cambió); ohne ihn ist das Wort die erste Person des Präsens (compro, llego, cambio), die nicht zu einem Subjekt wie „mi padre“ oder „el tren“ passt."),
        .es: RuleText(
            message: "Tras «{subject}», el verbo va en tercera persona: ¿quería decir «{suggestion}», el pretérito, con tilde?",
            shortMessage: "Tilde del pretérito", title: "La tilde del pretérito",
            detail: "La tercera persona del pretérito perfecto simple lleva tilde en la última sílaba (compró, llegó, cambió); sin ella, la palabra es la primera persona del presente (compro, llego, cambio), que no concuerda con un sujeto como «mi padre» o «el tren»."),
    ]

    /// Nouns of time, which open a clause as its adverb, not its subject ("el lunes trabajo").
    static let timeNouns: Set<String> = [
        "día", "año", "mes", "semana", "fin", "momento", "rato", "hora", "vez", "noche", "mañana", "tarde", "mediodía",
        "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo", "verano", "invierno", "otoño", "primavera",
        "semestre", "trimestre", "cuatrimestre", "curso", "periodo", "período", "tiempo", "siglo", "minuto", "segundo", "verdad",
    ]

    /// Adjectives that go before a noun and that the lexicon reads as nouns.
    static let adjectivesBeforeNouns: Set<String> = ["mejor", "peor", "mayor", "menor", "siguiente", "próximo", "último", "primer", "gran", "buen", "mal", "nuevo", "único"]

    /// Verbs of opinion said in passing after a topic ("mi familia creo que...").
    static let parenthetical: Set<String> = ["creo", "pienso", "supongo", "espero", "digo", "opino", "imagino", "juro"]

    /// Words after which a clause, and so a subject, starts.
    static let openers: Set<String> = [",", ";", "y", "e", "pero", "porque", "que", "cuando", "aunque", "pues", "mientras", "donde", "entonces"]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for verb in 1..<max(1, sentence.count) {
                let text = sentence.text(verb)
                guard text.hasSuffix("o"), sentence.isWord(verb), !sentence.isCapitalized(verb) || sentence.isFirstWord(verb),
                      !Self.parenthetical.contains(text), sentence.has(verb, .VBF, WordFeatures([.first, .singular, .indicativePresent])),
                      // "un pelo largo", "su nombre completo": an adjective after its noun.
                      !sentence.has(verb, .JJ), !sentence.has(verb, .VBN)
                else { continue }
                var before = verb - 1
                var clitics = 0
                while clitics < 2, ["me", "te", "le", "les", "nos"].contains(sentence.text(before)) { before -= 1; clitics += 1 }
                // "el mejor uso", "el siguiente inicio": a noun after an adjective that follows its determiner.
                if sentence.has(verb, .NN), before == verb - 1,
                   sentence.has(before, .JJ) && !sentence.has(before, .NN) || Self.adjectivesBeforeNouns.contains(sentence.text(before)) { continue }
                guard let subject = subjectEnding(at: before, in: sentence),
                      let form = sentence.lexicon.inflect(text, to: .VBF, features: WordFeatures([.third, .singular, .simplePast])),
                      form == String(text.dropLast()) + "ó"
                else { continue }
                matches.append(sentence.match(
                    verb, verb, rule: self, texts: Self.texts, context: context, suggestions: [form],
                    values: ["subject": subject]))
            }
        }
        return matches
    }

    /// The subject, as written, whose last word is at `position`: a name, a determiner and a noun
    /// (with an adjective between them) opening a clause, or ayer, anoche, anteayer.
    private func subjectEnding(at position: Int, in sentence: RuleSentence) -> String? {
        guard position >= 0, sentence.isWord(position) else { return nil }
        let text = sentence.text(position)
        if ["ayer", "anoche", "anteayer"].contains(text) { return sentence.written(position) }
        func opensClause(_ at: Int) -> Bool { at < 0 || sentence.isFirstWord(at + 1) || Self.openers.contains(sentence.text(at)) }
        // A name inside the sentence, not after a preposition ("en Madrid trabajo").
        if sentence.isCapitalized(position), !sentence.isFirstWord(position), !sentence.isAllCapitals(position),
           !sentence.isClosedClassOrNumber(position), opensClause(position - 1) {
            return sentence.written(position)
        }
        guard !sentence.isCapitalized(position) || sentence.isFirstWord(position), !Self.timeNouns.contains(text),
              sentence.readings(position).contains(where: { $0.tag == .NN && $0.features.contains(.singular) }),
              !sentence.has(position, .NN, WordFeatures([.plural])) || sentence.has(position, .NN, WordFeatures([.singular]))
        else { return nil }
        var determiner = position - 1
        if sentence.has(determiner, .JJ), !sentence.has(determiner, .DT), !sentence.has(determiner, .PRPS) { determiner -= 1 }
        let det = sentence.text(determiner)
        guard ["el", "la", "mi", "tu", "su", "nuestro", "nuestra", "este", "esta", "ese", "esa", "aquel", "aquella", "un", "una"].contains(det),
              opensClause(determiner - 1)
        else { return nil }
        return sentence.written(from: determiner, to: position)
    }
}
