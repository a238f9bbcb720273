/// After an article that shows the case (dem, den, des, einem, im...), an adjective takes the
/// weak ending -e or -en: "im kaltem Wasser" → "kalten", "ins kaltes Wasser" → "kalte",
/// "des heißes Ortes" → "heißen". The strong endings (-em, -es, -er) belong to an adjective
/// without such an article ("mit heißem Wasser").
public struct GermanAdjectiveEndingRule: ProofreadingRule {
    public let id = "DE_ADJECTIVE_WEAK_ENDING"
    public let category = MatchCategory.grammar
    public let description = "After an article that shows the case, an adjective ends in -e or -en."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Im kaltem Wasser schwimmt niemand.", "Im kalten Wasser schwimmt niemand.", language: "de-DE"),
        .wrong("In dem kaltem Keller ist es feucht.", "In dem kalten Keller ist es feucht.", language: "de-DE"),
        .wrong("Er sprang ins kaltes Wasser.", "Er sprang ins kalte Wasser.", language: "de-DE"),
        .wrong("Das ist die Farbe des neues Hauses.", "Das ist die Farbe des neuen Hauses.", language: "de-DE"),
        .wrong("Er kam mit einem großem Hund.", "Er kam mit einem großen Hund.", language: "de-DE"),
        .right("Er kam mit großem Hunger. Das ist gutes Essen. Im heißen Ofen. Des kleinen Mannes. Ist das reines Gold?", language: "de-DE"),
        .right("Das Haus, in dem gutes Essen serviert wird. Er war, der guter Dinge ist, bereit.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After this article the adjective takes the weak ending: '{suggestion}'.", shortMessage: "Adjective ending", title: "Weak adjective ending",
                      detail: "When the article already shows the case (der, die, das, dem, den, des, einem, eines, im, zum...), the adjective after it ends in -e or -en: im heißen Ofen, ins kalte Wasser, des heißen Ortes. The strong endings -em, -es and -er go on an adjective without such an article: mit heißem Wasser, gutes Essen."),
        .fr: RuleText(message: "Après cet article, l’adjectif prend la terminaison faible : « {suggestion} ».", shortMessage: "Terminaison de l’adjectif", title: "Terminaison faible de l’adjectif",
                      detail: "Quand l’article montre déjà le cas (der, die, das, dem, den, des, einem, eines, im, zum…), l’adjectif qui suit se termine en -e ou -en : im heißen Ofen, ins kalte Wasser, des heißen Ortes. Les terminaisons fortes -em, -es et -er vont à l’adjectif sans un tel article : mit heißem Wasser, gutes Essen."),
        .de: RuleText(message: "Nach diesem Artikel wird das Adjektiv schwach gebeugt: „{suggestion}“.", shortMessage: "Adjektivendung", title: "Schwache Adjektivendung",
                      detail: "Zeigt der Artikel den Fall schon an (der, die, das, dem, den, des, einem, eines, im, zum …), endet das Adjektiv danach auf -e oder -en: im heißen Ofen, ins kalte Wasser, des heißen Ortes. Die starken Endungen -em, -es und -er stehen beim Adjektiv ohne solchen Artikel: mit heißem Wasser, gutes Essen."),
        .es: RuleText(message: "Tras este artículo el adjetivo lleva la terminación débil: «{suggestion}».", shortMessage: "Terminación del adjetivo", title: "Terminación débil del adjetivo",
                      detail: "Cuando el artículo ya muestra el caso (der, die, das, dem, den, des, einem, eines, im, zum…), el adjetivo que lo sigue termina en -e o -en: im heißen Ofen, ins kalte Wasser, des heißen Ortes. Las terminaciones fuertes -em, -es y -er van en el adjetivo sin tal artículo: mit heißem Wasser, gutes Essen."),
    ]

    /// Articles after which the adjective ends in -en, and the strong endings that are wrong there.
    static let weakEndings: [String: (wrong: [String], right: String)] = {
        var table: [String: (wrong: [String], right: String)] = [:]
        for word in ["dem", "diesem", "jenem", "jedem", "welchem", "einem", "keinem", "meinem", "deinem", "seinem", "ihrem", "unserem", "eurem",
                     "im", "zum", "vom", "beim", "am"] { table[word] = (["em"], "en") }
        for word in ["des", "eines"] { table[word] = (["es"], "en") }
        for word in ["den", "diesen", "jenen", "jeden", "welchen", "einen", "keinen", "meinen", "deinen", "seinen", "ihren", "unseren", "euren"] {
            table[word] = (["em", "es", "er"], "en")
        }
        // Not after das or dieses, which also stand alone ("Ist das reines Gold?").
        for word in ["ins", "ans", "aufs", "durchs", "fürs", "ums"] { table[word] = (["es"], "e") }
        return table
    }()

    /// Articles that are also relative or demonstrative pronouns ("in dem gutes Essen serviert wird").
    static let pronounLike: Set<String> = ["dem", "den", "des"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 2) where sentence.isWord(position) {
                guard let endings = Self.weakEndings[sentence.text(position)] else { continue }
                if Self.pronounLike.contains(sentence.text(position)),
                   sentence.text(position - 1) == "," || sentence.tags(position - 1).contains(.IN) && sentence.text(position - 2) == "," { continue }
                // Adjectives, then a capitalised noun that is not the next sentence's start.
                var last = position + 1
                while GermanNounCapitalsRule.isInflectedAdjective(last, in: sentence) { last += 1 }
                guard last > position + 1, sentence.isWord(last), sentence.isCapitalized(last), !sentence.isFirstWord(last) else { continue }
                let nouns = GermanWords.nounReadings(sentence.text(last), lexicon: lexicon)
                guard !nouns.isEmpty else { continue }
                for adjective in position + 1..<last {
                    let text = sentence.text(adjective)
                    guard let ending = endings.wrong.first(where: { text.hasSuffix($0) }) else { continue }
                    let suggestion = String(text.dropLast(ending.count)) + endings.right
                    // The weak form must be a form the lexicon knows as an adjective.
                    guard sentence.readings(adjective).contains(where: { $0.tag == .JJ }),
                          lexicon.readings(of: suggestion).contains(where: { $0.tag == .JJ }) else { continue }
                    matches.append(sentence.match(adjective, adjective, rule: self, texts: Self.texts, context: context, suggestions: [suggestion]))
                }
            }
        }
        return matches
    }
}

/// Without an article, the adjective itself shows the case with the strong endings: after a
/// preposition of the dative "mit ernstem Blick", "mit voller Absicht", after one of the
/// accusative "für guten Zweck", "ohne großes Aufsehen", "um jeden Preis".
public struct GermanAdjectiveStrongEndingRule: ProofreadingRule {
    public let id = "DE_ADJECTIVE_STRONG_ENDING"
    public let category = MatchCategory.grammar
    public let description = "Without an article, the adjective takes the strong ending of the case."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Er sah sie mit festen Blick an.", "Er sah sie mit festem Blick an.", language: "de-DE"),
        .wrong("Sie tat es mit vollen Überlegung.", "Sie tat es mit voller Überlegung.", language: "de-DE"),
        .wrong("Das gilt für gleichem Preis.", "Das gilt für gleichen Preis.", language: "de-DE"),
        .right("Er kam mit großem Hunger. Aus guten Gründen. Mit vollen Händen. Von ganzem Herzen. Bei schönem Wetter. Für gutes Geld.", language: "de-DE"),
        .right("Mit dem festen Blick. Mit anderen Worten. Zu großen Teilen. Mit freundlichen Grüßen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Without an article, the adjective shows the case: '{suggestion}'.", shortMessage: "Adjective ending", title: "Strong adjective ending",
                      detail: "When no article shows the case, the adjective takes the strong ending, the article's own: after a preposition of the dative -em for masculine and neuter nouns and -er for feminine ones (mit festem Blick, mit voller Absicht), after one of the accusative -en, -es and -e (für guten Zweck, ohne großes Aufsehen, ohne große Mühe)."),
        .fr: RuleText(message: "Sans article, c’est l’adjectif qui marque le cas : « {suggestion} ».", shortMessage: "Terminaison de l’adjectif", title: "Terminaison forte de l’adjectif",
                      detail: "Quand aucun article ne marque le cas, l’adjectif prend la terminaison forte, celle de l’article : après une préposition du datif -em pour les noms masculins et neutres et -er pour les féminins (mit festem Blick, mit voller Absicht), après une préposition de l’accusatif -en, -es et -e (für guten Zweck, ohne großes Aufsehen, ohne große Mühe)."),
        .de: RuleText(message: "Ohne Artikel zeigt das Adjektiv den Fall: „{suggestion}“.", shortMessage: "Adjektivendung", title: "Starke Adjektivendung",
                      detail: "Zeigt kein Artikel den Fall, trägt das Adjektiv die starke Endung, die des Artikels: nach einer Präposition mit Dativ -em bei männlichen und sächlichen Nomen und -er bei weiblichen (mit festem Blick, mit voller Absicht), nach einer mit Akkusativ -en, -es und -e (für guten Zweck, ohne großes Aufsehen, ohne große Mühe)."),
        .es: RuleText(message: "Sin artículo, el adjetivo marca el caso: «{suggestion}».", shortMessage: "Terminación del adjetivo", title: "Terminación fuerte del adjetivo",
                      detail: "Cuando ningún artículo marca el caso, el adjetivo toma la terminación fuerte, la del artículo: tras una preposición de dativo -em con sustantivos masculinos y neutros y -er con femeninos (mit festem Blick, mit voller Absicht); tras una de acusativo -en, -es y -e (für guten Zweck, ohne großes Aufsehen, ohne große Mühe)."),
    ]

    /// Prepositions of one case only that are neither conjunctions nor adverbs nor postpositions;
    /// the case is the one `GermanClosedWordClasses.governedCases` gives.
    static let prepositions: Set<String> = ["mit", "zu", "von", "aus", "bei", "samt", "nebst", "für", "durch", "gegen", "ohne", "um"]

    /// The one case `preposition` governs, if it is one of `prepositions`.
    static func governedCase(_ preposition: String) -> WordFeature? {
        guard prepositions.contains(preposition), let cases = GermanClosedWordClasses.governedCases(preposition) else { return nil }
        if cases == WordFeatures([.dative]) { return .dative }
        if cases == WordFeatures([.accusative]) { return .accusative }
        return nil
    }

    /// The strong ending for a case and a gender in the singular.
    static func strongEnding(_ grammaticalCase: WordFeature, _ gender: WordFeature) -> String {
        switch (grammaticalCase, gender) {
        case (.dative, .feminine): return "er"
        case (.dative, _): return "em"
        case (.accusative, .masculine): return "en"
        case (.accusative, .neuter): return "es"
        default: return "e"
        }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 2) where sentence.isWord(position) {
                guard let wanted = Self.governedCase(sentence.text(position)), !sentence.isCapitalized(position) || sentence.isFirstWord(position) else { continue }
                // "mit zu großem", "um so": the preposition is a particle or an adverb's part.
                var last = position + 1
                while GermanNounCapitalsRule.isInflectedAdjective(last, in: sentence) { last += 1 }
                guard last > position + 1, sentence.isWord(last), sentence.isCapitalized(last), !sentence.isAllCapitals(last),
                      // The noun ends its phrase: no noun or name after it ("mit großen Fragen Zeichen").
                      !sentence.isWord(last + 1) || !sentence.isCapitalized(last + 1)
                else { continue }
                // A noun the lexicon knows in the singular only, of one gender, in the case wanted.
                let nouns = lexicon.readings(of: sentence.text(last)).filter { $0.tag == .NN }
                guard !nouns.isEmpty, nouns.allSatisfy({ $0.features.contains(.singular) && !$0.features.contains(.plural) }),
                      nouns.contains(where: { $0.features.contains(wanted) }),
                      !sentence.tags(last).contains(.JJ)
                else { continue }
                let genders = nouns.reduce(WordFeatures()) { $0.union($1.features.intersection(.gender)) }
                guard genders.bits.nonzeroBitCount == 1, let gender = [WordFeature.masculine, .feminine, .neuter].first(where: { genders.contains($0) }) else { continue }
                let ending = Self.strongEnding(wanted, gender)
                for adjective in position + 1..<last {
                    let text = sentence.text(adjective)
                    guard !text.hasSuffix(ending) || ending == "e" && !text.hasSuffix("e") else { continue }
                    guard let current = ["em", "en", "er", "es", "e"].first(where: { text.hasSuffix($0) }), current != ending else { continue }
                    let stem = String(text.dropLast(current.count))
                    let suggestion = stem + ending
                    // Both forms are the same adjective's.
                    let lemmas = Set(sentence.readings(adjective).filter { $0.tag == .JJ }.map(\.lemma))
                    guard !lemmas.isEmpty, lexicon.readings(of: suggestion).contains(where: { $0.tag == .JJ && lemmas.contains($0.lemma) }) else { continue }
                    matches.append(sentence.match(adjective, adjective, rule: self, texts: Self.texts, context: context, suggestions: [suggestion]))
                }
            }
        }
        return matches
    }
}
