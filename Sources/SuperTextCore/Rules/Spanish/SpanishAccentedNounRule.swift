/// A verb form after a determiner where the noun or adjective it differs from by an accent is
/// meant (`ES_TILDE_SUSTANTIVO`): "la pagina" → "la página", "el termino" → "el término", "mi
/// ultimo día" → "último". Many Spanish nouns are a verb form with the stress, and so the
/// accent, moved (página / pagina, práctica / practica, público / publico); a determiner is
/// followed by a noun phrase, never by a finite verb, so the form without an accent cannot stand
/// there. The noun must agree with the determiner in gender and number, and be the only such
/// word one accent away. "La", "los" and "las" are object pronouns too ("la practica": practises
/// it), so they count only after a preposition ("de la pagina") or a finite verb ("copia las
/// paginas"), where a pronoun cannot stand: it comes before its own verb.
struct SpanishAccentedNounRule: ProofreadingRule {
    let id = "ES_TILDE_SUSTANTIVO"
    let category = MatchCategory.confusedWords
    let description = "A verb form after a determiner, for the noun written with an accent."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("Copia la pagina 3 del libro.", "Copia la página 3 del libro.", language: "es"),
        .wrong("Leímos hasta el termino del capítulo.", "Leímos hasta el término del capítulo.", language: "es"),
        .wrong("Fue mi ultimo día en la escuela.", "Fue mi último día en la escuela.", language: "es"),
        .wrong("Hablé con el publico después.", "Hablé con el público después.", language: "es"),
        .right("Juan la practica cada día. Los publico mañana. Termino el trabajo y la página queda lista.", language: "es"),
        .right("Ella critica la película. Él practica deportes y su práctica es diaria.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "After '{determiner}' a noun is meant: write '{suggestion}', with an accent.", shortMessage: "Accent",
            title: "Noun written without its accent",
            detail: "Many Spanish nouns and adjectives differ from a verb form only by the accent, which marks where the stress falls: página (page) and pagina (he pages), término (end) and termino (I finish), público and publico. After an article, a possessive or a demonstrative comes a noun, never a verb, so the word needs its accent."),
        .fr: RuleText(
            message: "Après « {determiner} », c’est un nom : écrivez « {suggestion} », avec accent.", shortMessage: "Accent",
            title: "Nom écrit sans son accent",
            detail: "Beaucoup de noms et d’adjectifs espagnols ne diffèrent d’une forme verbale que par l’accent, qui marque la syllabe accentuée : página (page) et pagina (il pagine), término (fin) et termino (je termine), público et publico. Après un article, un possessif ou un démonstratif vient un nom, jamais un verbe : le mot prend donc son accent."),
        .de: RuleText(
            message: "Nach „{determiner}“ steht ein Nomen: Schreiben Sie „{suggestion}“ mit Akzent.", shortMessage: "Akzent",
            title: "Nomen ohne seinen Akzent",
            detail: "Viele spanische Nomen und Adjektive unterscheiden sich von einer Verbform nur durch den Akzent, der die betonte Silbe zeigt: página (Seite) und pagina (er paginiert), término (Ende) und termino (ich beende), público und publico. Nach einem Artikel, Possessiv oder Demonstrativ folgt ein Nomen, nie ein Verb; das Wort braucht also seinen Akzent."),
        .es: RuleText(
            message: "Tras «{determiner}» va un sustantivo: escriba «{suggestion}», con tilde.", shortMessage: "Tilde",
            title: "Sustantivo sin su tilde",
            detail: "Muchos sustantivos y adjetivos se distinguen de una forma verbal solo por la tilde, que marca la sílaba tónica: página y pagina, término y termino, público y publico. Tras un artículo, un posesivo o un demostrativo va un sustantivo, nunca un verbo conjugado, así que la palabra lleva tilde."),
    ]

    /// The second byte of a vowel's accented form in UTF-8 (á is 0xC3 0xA1), read from the word's
    /// bytes: the rule asks it of every word after a determiner that the lexicon does not know.
    static func accentedSecondByte(_ vowel: UInt8) -> UInt8? {
        switch vowel {
        case UInt8(ascii: "a"): 0xA1
        case UInt8(ascii: "e"): 0xA9
        case UInt8(ascii: "i"): 0xAD
        case UInt8(ascii: "o"): 0xB3
        case UInt8(ascii: "u"): 0xBA
        default: nil
        }
    }

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 1) {
                // The tags first, an array's bit test: most words are no determiner (del, al are prepositions).
                guard sentence.tags(position).containsAny(WordTags([.DT, .PRPS, .IN])) else { continue }
                let determiner = sentence.text(position)
                guard SpanishNounPhrase.articles.contains(determiner) || determiner == "del" || determiner == "al",
                      sentence.isWord(position + 1), !sentence.isCapitalized(position + 1),
                      !SpanishNounPhrase.pronounDeterminers.contains(determiner) || sentence.tags(position - 1).containsAny(WordTags([.IN, .VBF])),
                      let suggestion = accentedNoun(at: position + 1, after: position, in: sentence, context: context)
                else { continue }
                matches.append(sentence.match(position + 1, position + 1, rule: self, texts: Self.texts, context: context,
                                              suggestions: [suggestion], values: ["determiner": sentence.written(position)]))
            }
        }
        return matches
    }

    /// The one noun or adjective, agreeing with the determiner, that the word at `position` becomes
    /// with an accent on one of its vowels; nil when the word has a reading other than a verb
    /// form, already has an accent, or there is none or more than one.
    private func accentedNoun(at position: Int, after determiner: Int, in sentence: RuleSentence, context: RuleContext) -> String? {
        let word = sentence.text(position)
        let readings = sentence.readings(position)
        // A word with an accent already has its one (no word has two: a candidate would not be found).
        guard readings.allSatisfy({ $0.tag == .VBF || $0.tag == .VB }) else { return nil }
        let agreement = SpanishNounPhrase.determinerFeatures(at: determiner, in: sentence)
        var found: String?
        let bytes = Array(word.utf8)
        for (index, byte) in bytes.enumerated() {
            guard let second = Self.accentedSecondByte(byte) else { continue }
            var accented = bytes
            accented.replaceSubrange(index...index, with: [0xC3, second])
            let candidate = String(decoding: accented, as: UTF8.self)
            let nominal = sentence.lexicon.readings(of: candidate).contains { reading in
                (reading.tag == .NN || reading.tag == .JJ) && FrenchWords.agree(agreement, reading.features)
            }
            guard nominal else { continue }
            if found != nil { return nil }
            found = candidate
        }
        // A word the lexicon does not know counts when the dictionary accepts it: a rare verb form
        // ("pagina", of paginar). A misspelling ("dia") is left to spelling, which flags it once.
        // Asked last: the dictionary is the costliest test.
        if found != nil, readings.isEmpty, !context.isKnownWord(word) { return nil }
        return found
    }
}
