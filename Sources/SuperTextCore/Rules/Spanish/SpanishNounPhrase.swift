/// A determiner and the noun after it in Spanish, with what their agreement needs: read once
/// per pair for the two agreement rules of the noun phrase (`SpanishDeterminerAgreementRule`,
/// `SpanishAdjectiveAgreementRule`). Stays quiet on names, on nouns of either gender or whose
/// gender the lexicon does not know, and on small words that are no nouns there.
struct SpanishNounPhrase {
    let sentence: RuleSentence
    /// The positions of the determiner and of the noun (the next word).
    let determiner: Int, noun: Int
    let determinerText: String, nounText: String
    /// The gender and number the noun's readings can have.
    let nominal: [WordFeatures]
    let determinerFeatures: WordFeatures
    /// A feminine noun with a stressed a ("el agua").
    let stressedA: Bool
    /// The noun's readings the determiner agrees with.
    let agreeing: [WordFeatures]

    /// Articles, possessives and demonstratives, which stand before a noun (others may be adverbs or pronouns).
    static let articles: Set<String> = [
        "el", "la", "los", "las", "un", "una", "unos", "unas", "este", "esta", "estos", "estas", "ese", "esa", "esos", "esas",
        "aquel", "aquella", "aquellos", "aquellas", "nuestro", "nuestra", "nuestros", "nuestras", "vuestro", "vuestra",
        "vuestros", "vuestras", "mi", "mis", "tu", "tus", "su", "sus", "algún", "alguna", "ningún", "ninguna",
    ]

    /// Demonstratives, which are pronouns too (estas son bonitas).
    static let demonstratives: Set<String> = [
        "este", "esta", "estos", "estas", "ese", "esa", "esos", "esas", "aquel", "aquella", "aquellos", "aquellas",
    ]

    /// Forms of ser, estar, haber and ir that are nouns too (el son, la era, el ha).
    static let verbsAfterPronouns: Set<String> = ["son", "era", "eran", "fue", "fueron", "va", "van", "ha", "han", "es", "está", "están", "serán", "sería", "serían"]

    /// Determiners that are also object pronouns before a verb.
    static let pronounDeterminers: Set<String> = ["la", "los", "las"]

    /// The gender and number of the determiner at `position`, from its first reading as one;
    /// "del" and "al" are prepositions that hold "el": masculine singular.
    static func determinerFeatures(at position: Int, in sentence: RuleSentence) -> WordFeatures {
        let text = sentence.text(position)
        if text == "del" || text == "al" { return WordFeatures([.masculine, .singular]) }
        return sentence.readings(position).first { $0.tag == .DT || $0.tag == .PRPS }?.features ?? WordFeatures()
    }

    /// Calls `visit` with each determiner and noun of the document's Spanish sentences.
    /// `skippingPronouns`: leave out "la", "los", "las" before a verb, where they are object pronouns
    /// ("la vi", "los tiene").
    static func forEach(
        in document: CheckedDocument, context: RuleContext, skippingPronouns: Bool, _ visit: (SpanishNounPhrase) -> Void
    ) {
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 1) {
                if let phrase = phrase(at: position, in: sentence, skippingPronouns: skippingPronouns) { visit(phrase) }
            }
        }
    }

    /// The determiner at `position` and the noun after it, or nil when they are no such pair.
    static func phrase(at position: Int, in sentence: RuleSentence, skippingPronouns: Bool) -> SpanishNounPhrase? {
        guard position >= 0, position + 1 < sentence.count else { return nil }
        let det = sentence.text(position)
        guard sentence.isWord(position), sentence.isWord(position + 1),
              sentence.has(position, .DT) || sentence.has(position, .PRPS),
              SpanishWords.families.contains(where: { $0.contains(det) }),
              !sentence.isCapitalized(position + 1),
              !sentence.isCapitalized(position) || sentence.isFirstWord(position)
        else { return nil }
        // "treinta y una personas": un, una ending a number are the number, which the noun does
        // not agree with in number.
        if ["un", "una"].contains(det), sentence.text(position - 1) == "y", SpanishWords.cardinals.contains(sentence.text(position - 2)) { return nil }
        let noun = position + 1
        let nounText = sentence.text(noun)
        // "un poco cansada", "una vez terminado": small words are no nouns here.
        if sentence.isClosedClassOrNumber(noun) || SpanishClosedWordClasses.table[nounText] != nil || nounText == "vez"
            || SpanishWords.cardinals.contains(nounText) { return nil }
        // "mensajes poco informativos", "pobre, poco vistosos": after a noun, a comma or y, a
        // quantifier before an adjective is its adverb.
        if ["poco", "mucho", "demasiado", "bastante"].contains(det),
           sentence.has(position - 1, .NN) && !sentence.has(position - 1, .VBF)
            || sentence.has(noun, .JJ) && [",", "y", "o", "e", "u"].contains(sentence.text(position - 1)) { return nil }
        // "estas son", "esta era": a demonstrative before a form of ser, estar, haber or ir is a
        // pronoun, its subject ("el son", "la era" are nouns too); the days of the week are one
        // form for both numbers (el martes, los martes).
        if Self.demonstratives.contains(det), Self.verbsAfterPronouns.contains(nounText) { return nil }
        if ["lunes", "martes", "miércoles", "jueves", "viernes"].contains(nounText) { return nil }
        // "esta acostumbrado": "esta" before a participle is the verb estar written without its accent.
        if ["esta", "estas"].contains(det), sentence.has(noun, .VBN) { return nil }
        // "un poco cansada", "mucho yerra", "ciertos son": a quantifier or demonstrative
        // before anything but a noun of known gender is no determiner of it.
        if !articles.contains(det) {
            let gendered = sentence.readings(noun).contains { $0.tag == .NN && $0.features.intersection(WordFeatures.gender).bits.nonzeroBitCount == 1 }
            // The word after may be the quantifier's verb only in the third person of its
            // number ("mucho yerra"; not "muchas programas", tú programas).
            let detNumber = determinerFeatures(at: position, in: sentence).intersection(WordFeatures.number)
            let itsVerb = sentence.readings(noun).contains { reading in
                reading.tag == .VBF && (reading.features.intersection(WordFeatures.person).isEmpty || reading.features.contains(.third))
                    && (detNumber.isEmpty || reading.features.intersection(WordFeatures.number).isEmpty
                        || !reading.features.intersection(detNumber).isEmpty)
            }
            if !gendered || itsVerb || sentence.has(position - 1, .DT) { return nil }
        }
        if skippingPronouns, pronounDeterminers.contains(det), sentence.has(noun, .VBF), !SpanishWords.stressedA.contains(nounText) { return nil }
        let nominal = SpanishWords.nominalFeatures(sentence, noun)
        guard !nominal.isEmpty else { return nil }
        let detFeatures = determinerFeatures(at: position, in: sentence)
        let stressedA = SpanishWords.stressedA.contains(nounText)
        func agrees(_ features: WordFeatures) -> Bool {
            if stressedA, SpanishWords.beforeStressedA.contains(det), features.contains(.feminine), !features.contains(.plural) { return true }
            return FrenchWords.agree(detFeatures, features)
        }
        return SpanishNounPhrase(
            sentence: sentence, determiner: position, noun: noun, determinerText: det, nounText: nounText, nominal: nominal,
            determinerFeatures: detFeatures, stressedA: stressedA, agreeing: nominal.filter(agrees))
    }
}
