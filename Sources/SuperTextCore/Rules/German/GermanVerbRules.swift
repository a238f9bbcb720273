/// A separable verb written apart where its particle joins it: at the end of a subordinate
/// clause ("falls du ab sagst" → "absagst"), as a participle or infinitive ("hat unter
/// schrieben" → "unterschrieben", "bereit stellen" → "bereitstellen"), and with "zu" between
/// ("aus zu geben" → "auszugeben").
public struct GermanSeparableVerbRule: ProofreadingRule {
    public let id = "DE_VERB_PARTICLE_JOINED"
    public let category = MatchCategory.grammar
    public let description = "A verb's particle is joined to it where the verb stands last."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Falls du ab sagst, kommen wir trotzdem.", "Falls du absagst, kommen wir trotzdem.", language: "de-DE"),
        .wrong("Sie hat das Formular heute unter schrieben.", "Sie hat das Formular heute unterschrieben.", language: "de-DE"),
        .wrong("Es ist leicht, Geld aus zu geben.", "Es ist leicht, Geld auszugeben.", language: "de-DE"),
        .wrong("Wir begannen damit, den Stand auf zu bauen.", "Wir begannen damit, den Stand aufzubauen.", language: "de-DE"),
        .wrong("Sie versuchte, den Schrank hinunter zu tragen.", "Sie versuchte, den Schrank hinunterzutragen.", language: "de-DE"),
        .wrong("Das ist kein Grund, los zu brüllen.", "Das ist kein Grund, loszubrüllen.", language: "de-DE"),
        .wrong("Er vergaß, sich um zu ziehen.", "Er vergaß, sich umzuziehen.", language: "de-DE"),
        .right("Er fing an zu lachen. Er hörte auf zu rauchen. Er kam, um zu helfen. Er hat nichts zu sagen. Er sagt ab.", language: "de-DE"),
        .right("Er hatte vor zu gehen. Sie sah nach unten. Wir gehen ab jetzt zu Fuß.", language: "de-DE"),
        .right("Er versuchte, es hinunterzuziehen. Er hat keinen Weg zu gehen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Where the verb stands last, its particle is joined to it: '{suggestion}'.", shortMessage: "Particle joined", title: "Separable verbs written as one word",
                      detail: "A separable verb (absagen, aufbauen, unterschreiben) splits only when its finite form stands second in a main clause: Er sagt ab. Everywhere else, at the end of a subordinate clause, as an infinitive or a participle, and with zu in the middle, it is one word: falls du absagst, er hat unterschrieben, um es aufzubauen."),
        .fr: RuleText(message: "Quand le verbe est en fin de proposition, sa particule s’y soude : « {suggestion} ».", shortMessage: "Particule soudée", title: "Verbes à particule en un mot",
                      detail: "Un verbe à particule séparable (absagen, aufbauen, unterschreiben) ne se sépare que lorsque sa forme conjuguée est en deuxième position d’une principale : Er sagt ab. Partout ailleurs, en fin de subordonnée, à l’infinitif, au participe et avec zu au milieu, il s’écrit en un mot : falls du absagst, er hat unterschrieben, um es aufzubauen."),
        .de: RuleText(message: "Steht das Verb am Ende, schreibt man die Partikel mit ihm zusammen: „{suggestion}“.", shortMessage: "Zusammenschreibung", title: "Trennbare Verben zusammen",
                      detail: "Ein trennbares Verb (absagen, aufbauen, unterschreiben) wird nur getrennt, wenn seine Personalform im Hauptsatz an zweiter Stelle steht: Er sagt ab. Sonst, am Ende eines Nebensatzes, im Infinitiv, im Partizip und mit „zu“ in der Mitte, schreibt man es zusammen: falls du absagst, er hat unterschrieben, um es aufzubauen."),
        .es: RuleText(message: "Cuando el verbo va al final, su partícula se une a él: «{suggestion}».", shortMessage: "Partícula unida", title: "Verbos separables en una palabra",
                      detail: "Un verbo con partícula separable (absagen, aufbauen, unterschreiben) solo se separa cuando su forma conjugada va en segundo lugar en una oración principal: Er sagt ab. En los demás casos, al final de una subordinada, en infinitivo, en participio y con zu en medio, se escribe junto: falls du absagst, er hat unterschrieben, um es aufzubauen."),
    ]

    /// Separable and inseparable particles that are also words of their own.
    static let particles: Set<String> = [
        "ab", "an", "auf", "aus", "bei", "ein", "fest", "fort", "frei", "her", "hin", "heraus", "herein", "hinaus", "hinein", "hinunter",
        "hinauf", "herum", "herunter", "hinweg", "los", "mit", "nach", "nieder", "vor", "voran", "vorbei", "weg", "zu", "zurück",
        "bereit", "unter", "über", "um", "durch", "fertig", "entgegen", "empor", "dar", "wider",
    ]

    /// Particles that also end a main clause before an infinitive with zu ("er fing an zu
    /// lachen", "er hörte auf zu rauchen", "er hatte vor zu gehen", "um zu helfen").
    static let beforeZuInfinitive: Set<String> = ["an", "auf", "vor", "um", "ab", "aus", "mit", "zu", "fest", "nach"]

    /// Particles that never end a main clause before an infinitive with zu, joined to it
    /// without asking the dictionary, which lists no zu-infinitives ("hinunter zu ziehen",
    /// "los zu brüllen"); "um" joins only after a reflexive pronoun ("sich um zu drehen").
    static let joinedBeforeZu: Set<String> = [
        "hin", "her", "herein", "heraus", "herunter", "herauf", "herüber", "hinein", "hinaus", "hinunter", "hinauf", "hinüber", "hinweg",
        "los", "fort", "weg", "zurück", "weiter", "zusammen", "empor", "voran", "voraus", "vorbei", "entgegen", "heim", "davon", "dazwischen",
    ]

    /// Words that open a subordinate clause, whose finite verb stands last.
    static let subordinators: Set<String> = [
        "dass", "weil", "obwohl", "wenn", "falls", "ob", "als", "nachdem", "bevor", "ehe", "sobald", "solange", "damit", "indem", "während",
        "da", "wie", "wo", "was", "der", "die", "das", "dem", "den", "denen", "deren", "dessen", "welche", "welcher", "welches", "seit", "seitdem", "bis",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(sentence.count - 1, 0) where sentence.isWord(position) {
                let particle = sentence.text(position)
                let reflexive = ["sich", "mich", "dich", "uns", "euch"].contains(sentence.text(position - 1))
                if Self.joinedBeforeZu.contains(particle) || particle == "um" && reflexive, !sentence.isCapitalized(position),
                   sentence.text(position + 1) == "zu", sentence.isWord(position + 2), !sentence.isCapitalized(position + 2),
                   sentence.has(position + 2, .VB), ["en", "ern", "eln"].contains(where: { sentence.text(position + 2).hasSuffix($0) }) {
                    add(&matches, position, position + 2, sentence.written(position) + "zu" + sentence.written(position + 2), sentence, document, context)
                    continue
                }
                guard Self.particles.contains(particle), !sentence.isCapitalized(position) || sentence.isFirstWord(position),
                      // "von Anfang an", "von Grund auf", "der Reihe nach": a postposition after its noun; "außen vor".
                      !(sentence.isCapitalized(position - 1) && (sentence.has(position - 2, .IN) || ["der", "dem"].contains(sentence.text(position - 2)))),
                      // "nach Paris und zurück gefahren": an adverb joined to another phrase.
                      !["und", "oder", "außen", "innen", "oben", "unten", "hinten", "vorne", "drinnen", "draußen"].contains(sentence.text(position - 1)), sentence.isWord(position + 1), !sentence.isCapitalized(position + 1),
                      sentence.tokens[position + 1] == sentence.tokens[position] + 2
                else { continue }
                let written = sentence.written(position)
                let verb = sentence.text(position + 1)
                if verb == "zu" {
                    // "aus zu geben" → "auszugeben", the infinitive ending its clause.
                    guard sentence.isWord(position + 2), !sentence.isCapitalized(position + 2), !sentence.isWord(position + 3),
                          sentence.has(position + 2, .VB)
                    else { continue }
                    if Self.beforeZuInfinitive.contains(particle) {
                        // Only after an object ("den Stand auf zu bauen", "sich um zu drehen"), not after a verb.
                        let before = sentence.text(position - 1)
                        // (A capital on a word that is also a past, "den Stand", makes it the noun.)
                        guard sentence.isCapitalized(position - 1) && !sentence.isFirstWord(position - 1)
                                && (!sentence.has(position - 1, .VBF) || sentence.has(position - 1, .NN))
                            || ["sich", "es", "ihn", "mich", "dich", "uns", "euch", "damit", "darüber", "dort", "hier"].contains(before)
                        else { continue }
                    }
                    let joined = particle + "zu" + sentence.text(position + 2)
                    guard context.isKnownWord(joined) else { continue }
                    add(&matches, position, position + 2, WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(joined) : joined, sentence, document, context)
                    continue
                }
                // The verb ends its clause.
                // Its verb readings, or those of the joined word ("unter schrieben": unterschrieben).
                let joinedReadings = context.grammar.lexicon.readings(of: particle + verb)
                let verbNow = sentence.has(position + 1, .VBF) || sentence.has(position + 1, .VB)
                    || joinedReadings.contains(where: { $0.tag == .VBF || $0.tag == .VB })
                guard !sentence.isWord(position + 2), verbNow || isParticiple(verb) else { continue }
                // "zu" before an infinitive is the infinitive's "zu" ("nichts zu sagen").
                if particle == "zu", verb.hasSuffix("en") || verb.hasSuffix("ern") || verb.hasSuffix("eln") { continue }
                // A finite verb: the clause must be subordinate (its verb last), else the particle
                // belongs before the verb only in a main clause's verb-second order, which never puts it there.
                let finiteOnly = !sentence.has(position + 1, .VB) && !isParticiple(verb) && !joinedReadings.contains(where: { $0.tag == .VB })
                if finiteOnly {
                    var index = position - 1
                    var subordinate = false
                    while index >= 0, !sentence.isPunctuation(index) {
                        if Self.subordinators.contains(sentence.text(index)), index == 0 || sentence.isPunctuation(index - 1) || sentence.isFirstWord(index) || sentence.tags(index - 1).contains(.IN) {
                            subordinate = true
                        }
                        index -= 1
                    }
                    // After haben, sein or werden the last word is a participle ("hat unter schrieben").
                    let auxiliary = (index + 1..<position).contains { ["hat", "habe", "hast", "haben", "habt", "hatte", "hatten", "ist", "sind", "war", "waren", "wird", "wurde", "wurden"].contains(sentence.text($0)) }
                    guard subordinate || auxiliary else { continue }
                } else {
                    // An infinitive or participle after a finite verb earlier in the clause (hat, wird, will).
                    guard (0..<position).contains(where: { sentence.has($0, .VBF) && GermanClosedWordClasses.table[sentence.text($0)] != nil })
                            || sentence.text(position - 1) == ","
                    else { continue }
                }
                let joined = particle + verb
                guard context.isKnownWord(joined) else { continue }
                add(&matches, position, position + 1, WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(joined) : joined, sentence, document, context)
            }
        }
        return matches
    }

    /// A past participle (ge…t, ge…en) or a strong past participle without ge- after an
    /// inseparable particle ("schrieben" in "unter schrieben").
    func isParticiple(_ word: String) -> Bool {
        word.hasPrefix("ge") && (word.hasSuffix("t") || word.hasSuffix("en")) && word.count > 4
    }

    func add(_ matches: inout [Match], _ first: Int, _ last: Int, _ suggestion: String, _ sentence: RuleSentence, _ document: CheckedDocument, _ context: RuleContext) {
        let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        matches.append(document.match(
            tokens: sentence.tokens[first]..<sentence.tokens[last] + 1, category: category, rule: id,
            message: RuleText.fill(ruleText.message, ["suggestion": suggestion]), shortMessage: ruleText.shortMessage,
            suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
    }
}

/// A verb or an adverb written with a capital inside a sentence, as if it were a noun: "Ich
/// Besuche eine Schule" → "besuche", "weil er es nicht Begriff" → "begriff", "am Schnellsten"
/// → "schnellsten".
public struct GermanVerbCapitalRule: ProofreadingRule {
    public let id = "DE_VERB_CAPITAL"
    public let category = MatchCategory.typography
    public let description = "A verb, or a superlative after am, keeps its small letter."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Ich Besuche eine Schule in Köln.", "Ich besuche eine Schule in Köln.", language: "de-DE"),
        .wrong("Momentan Besuche ich eine Schule.", "Momentan besuche ich eine Schule.", language: "de-DE"),
        .wrong("Weil sie es nicht Begriff, fragte sie nach.", "Weil sie es nicht begriff, fragte sie nach.", language: "de-DE"),
        .wrong("Mit dem Rad kommst du am Schnellsten an.", "Mit dem Rad kommst du am schnellsten an.", language: "de-DE"),
        .right("Wir Frauen halten zusammen. Ich Idiot! Weil er Angst hatte. Am Rande. Sie hat Zeit. Du Esel.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "This is a verb or an adverb, not a noun: '{suggestion}'.", shortMessage: "Small letter", title: "Verbs keep a small letter",
                      detail: "Only nouns, and words used as nouns, take a capital inside a German sentence. A verb after its subject keeps its small letter even when a noun looks the same (ich besuche, der Besuch; er tat, die Tat), and so does a superlative after 'am' (am schnellsten)."),
        .fr: RuleText(message: "C’est un verbe ou un adverbe, pas un nom : « {suggestion} ».", shortMessage: "Minuscule", title: "Les verbes gardent la minuscule",
                      detail: "Dans une phrase allemande, seuls les noms et les mots employés comme noms prennent une majuscule. Un verbe après son sujet garde sa minuscule même si un nom lui ressemble (ich besuche, der Besuch ; er tat, die Tat), de même un superlatif après « am » (am schnellsten)."),
        .de: RuleText(message: "Das ist ein Verb oder Adverb, kein Substantiv: „{suggestion}“.", shortMessage: "Kleinschreibung", title: "Verben klein",
                      detail: "Im Satz schreibt man nur Substantive und Substantivierungen groß. Ein Verb nach seinem Subjekt bleibt klein, auch wenn ein gleich lautendes Substantiv existiert (ich besuche, der Besuch; er tat, die Tat), ebenso der Superlativ nach „am“ (am schnellsten)."),
        .es: RuleText(message: "Es un verbo o un adverbio, no un sustantivo: «{suggestion}».", shortMessage: "Minúscula", title: "Los verbos van en minúscula",
                      detail: "En una oración alemana solo llevan mayúscula los sustantivos y las palabras usadas como tales. Un verbo tras su sujeto va en minúscula aunque exista un sustantivo igual (ich besuche, der Besuch; er tat, die Tat), y también el superlativo tras «am» (am schnellsten)."),
    ]

    static let pronouns: [String: WordFeatures] = [
        "ich": WordFeatures([.first, .singular]), "du": WordFeatures([.second, .singular]), "er": WordFeatures([.third, .singular]),
        "wir": WordFeatures([.first, .plural]), "sie": WordFeatures([.third]), "es": WordFeatures([.third, .singular]),
    ]

    /// Whether the lowercase word can be a verb of the subject's person: a finite form that
    /// agrees, or a past form the lexicon reads as an adverb (tat, begriff, stand).
    static func verbOf(_ features: WordFeatures?, _ readings: [Lexicon.Reading]) -> Bool {
        guard !readings.contains(where: { $0.tag == .JJ || $0.tag == .DT || $0.tag == .IN }) else { return false }
        return readings.contains { reading in
            if reading.tag == .RB { return true }
            guard reading.tag == .VBF, let features else { return false }
            return [WordFeatures.person, WordFeatures.number].allSatisfy { dimension in
                let left = reading.features.intersection(dimension), right = features.intersection(dimension)
                return left.isEmpty || right.isEmpty || !left.intersection(right).isEmpty
            }
        }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 1..<max(sentence.count, 1) where sentence.isCapitalized(position) && !sentence.isFirstWord(position) && !sentence.isAllCapitals(position) {
                let text = sentence.text(position)
                let before = sentence.text(position - 1)
                let readings = sentence.readings(position)
                guard !readings.isEmpty, text.count > 2, sentence.isWord(position - 1), GermanClosedWordClasses.table[text] == nil else { continue }
                var wrong = false
                if before == "am", text.hasSuffix("sten"), readings.allSatisfy({ $0.tag == .JJ || $0.tag == .JJR || $0.tag == .RB }) {
                    wrong = true
                } else if let subject = Self.pronouns[before], sentence.isFirstWord(position - 1) || !["sie", "es"].contains(before) && !sentence.isCapitalized(position - 1),
                          sentence.isFirstWord(position - 1), Self.verbOf(subject, readings) {
                    // "Ich Besuche eine Schule": the verb second, after its subject.
                    wrong = true
                } else if sentence.isFirstWord(position - 1), !sentence.has(position - 1, .NN), !sentence.tags(position - 1).containsAny(WordTags([.DT, .PRPS, .IN])),
                          let subject = Self.pronouns[sentence.text(position + 1)], Self.verbOf(subject, readings) {
                    // "Momentan Besuche ich": the verb second, before its subject.
                    wrong = true
                } else if !sentence.isWord(position + 1), sentence.isPunctuation(position + 1),
                          !sentence.tags(position - 1).containsAny(WordTags([.DT, .PRPS, .IN, .JJ])), !sentence.isCapitalized(position - 1) {
                    // "weil er es nicht Begriff,": a subordinate clause ends with its verb.
                    var index = position - 1
                    var subject: WordFeatures?
                    var opener = false
                    while index >= 0, sentence.isWord(index) {
                        if subject == nil, let features = Self.pronouns[sentence.text(index)] { subject = features }
                        if GermanSeparableVerbRule.subordinators.contains(sentence.text(index)), sentence.tags(index).contains(.WH), index == 0 || sentence.isPunctuation(index - 1) || sentence.isFirstWord(index) { opener = true }
                        index -= 1
                    }
                    wrong = opener && subject != nil && Self.verbOf(subject, readings) && readings.contains(where: { $0.tag == .VBF || $0.tag == .RB })
                }
                guard wrong else { continue }
                let suggestion = sentence.written(position).lowercased()
                let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
                matches.append(document.match(
                    tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                    message: RuleText.fill(ruleText.message, ["suggestion": suggestion]), shortMessage: ruleText.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}
