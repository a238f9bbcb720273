/// German rules that read a word's clause or the noun before it: "zu Recht" or "zurecht",
/// "angst und bange" or "Angst und Bange", "als solche" agreeing with its noun, a question's
/// mark, recommended f-spellings, "E-Mail", and a noun and verb after "beim" as one noun.

/// "Zu Recht" (rightly) is two words; "zurecht" is the particle of zurechtkommen,
/// zurechtlegen, zurechtfinden… and stands with one of those verbs: "Er behauptet zurecht" →
/// "zu Recht", "Wir kommen damit zu recht" → "zurecht", "Er ist zurecht gekommen" → "zurechtgekommen".
public struct GermanZuRechtRule: ProofreadingRule {
    public let id = "DE_ZU_RECHT"
    public let category = MatchCategory.confusedWords
    public let description = "\"Zu Recht\" means rightly; \"zurecht\" goes with a verb such as zurechtkommen."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Sie sagt zurecht, dass es zu spät ist.", "Sie sagt zu Recht, dass es zu spät ist.", language: "de-DE"),
        .wrong("Sie ist wütend, und zwar zurecht!", "Sie ist wütend, und zwar zu Recht!", language: "de-DE"),
        .wrong("Sie kommt mit dem Gerät gut zu recht.", "Sie kommt mit dem Gerät gut zurecht.", language: "de-DE"),
        .wrong("Er ist zu recht sauer.", "Er ist zu Recht sauer.", language: "de-DE"),
        .wrong("Er ist zurecht gekommen.", "Er ist zurechtgekommen.", language: "de-DE"),
        .right("Wir legen uns das so zurecht. Er kommt gut zurecht, aber sie nicht. Sie hat zu Recht geklagt. Zu recht großen Teilen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Did you mean '{suggestion}'?", shortMessage: "zu Recht or zurecht", title: "zu Recht or zurecht",
                      detail: "'Zu Recht', with a capital, means rightly: Er klagt zu Recht. 'Zurecht' is the first part of verbs such as zurechtkommen, zurechtlegen and zurechtfinden, and stands with them: Wir kommen damit zurecht."),
        .fr: RuleText(message: "Vouliez-vous dire « {suggestion} » ?", shortMessage: "zu Recht ou zurecht", title: "zu Recht ou zurecht",
                      detail: "« Zu Recht », avec majuscule, veut dire à juste titre : Er klagt zu Recht. « Zurecht » est le début de verbes comme zurechtkommen, zurechtlegen, zurechtfinden, et va avec eux : Wir kommen damit zurecht."),
        .de: RuleText(message: "Meinten Sie „{suggestion}“?", shortMessage: "zu Recht oder zurecht", title: "zu Recht oder zurecht",
                      detail: "„Zu Recht“ mit großem R bedeutet berechtigterweise: Er klagt zu Recht. „Zurecht“ ist der erste Teil von Verben wie zurechtkommen, zurechtlegen, zurechtfinden und steht nur mit ihnen: Wir kommen damit zurecht."),
        .es: RuleText(message: "¿Quería decir «{suggestion}»?", shortMessage: "zu Recht o zurecht", title: "zu Recht o zurecht",
                      detail: "«Zu Recht», con mayúscula, significa con razón: Er klagt zu Recht. «Zurecht» es la primera parte de verbos como zurechtkommen, zurechtlegen y zurechtfinden, y va con ellos: Wir kommen damit zurecht."),
    ]

    /// The stems of the verbs that take "zurecht" (kommen, finden, legen...), in their forms.
    static let verbStems = [
        "komm", "kam", "käm", "find", "fand", "fänd", "leg", "mach", "rück", "bieg", "bog", "weis", "wies", "setz", "stell",
        "schneid", "schnitt", "bring", "brach", "bräch", "zupf", "schuster", "schleif", "stutz", "feil", "streich", "strich",
        "zimmer", "kämm", "biet", "bot",
    ]

    static func takesZurecht(_ word: String) -> Bool {
        let stem = word.hasPrefix("ge") ? String(word.dropFirst(2)) : word
        return verbStems.contains { stem.hasPrefix($0) || word.hasPrefix($0) }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            /// Whether the clause around `position` holds a verb that takes "zurecht".
            func clauseHasZurechtVerb(_ position: Int) -> Bool {
                let ends: Set<String> = [",", ";", ":", ".", "!", "?", "–", "—"]
                var index = position - 1
                while index >= 0, !ends.contains(sentence.text(index)) {
                    if sentence.isWord(index), !sentence.isCapitalized(index) || sentence.isFirstWord(index), Self.takesZurecht(sentence.text(index)) { return true }
                    index -= 1
                }
                index = position + 1
                while index < sentence.count, !ends.contains(sentence.text(index)) {
                    if sentence.isWord(index), !sentence.isCapitalized(index), Self.takesZurecht(sentence.text(index)) { return true }
                    index += 1
                }
                return false
            }
            for position in 0..<sentence.count where sentence.isWord(position) {
                let text = sentence.text(position)
                if text == "zurecht" {
                    let next = position + 1
                    if sentence.isWord(next), !sentence.isCapitalized(next), Self.takesZurecht(sentence.text(next)),
                       sentence.has(next, .VB) || sentence.has(next, .JJ) || sentence.text(next).hasPrefix("ge") {
                        // The verb written apart: "zurecht gekommen" → "zurechtgekommen".
                        matches.append(sentence.match(position, next, rule: self, texts: Self.texts, context: context,
                                                      suggestions: ["zurecht" + sentence.written(next)]))
                    } else if !clauseHasZurechtVerb(position) {
                        matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: ["zu Recht"]))
                    }
                } else if text == "zu", sentence.isWord(position + 1), sentence.written(position + 1) == "recht" {
                    // "zu recht großen Teilen": recht is "quite" before an adjective and its noun.
                    if sentence.has(position + 2, .JJ), sentence.isCapitalized(position + 3) { continue }
                    let suggestion = clauseHasZurechtVerb(position + 1) ? "zurecht" : "zu Recht"
                    matches.append(sentence.match(position, position + 1, rule: self, texts: Self.texts, context: context, suggestions: [suggestion]))
                }
            }
        }
        return matches
    }
}

/// "Angst und bange": small after sein, werden and bleiben ("mir ist angst und bange"), capitals
/// after machen ("jemandem Angst und Bange machen"), and never one of each.
public struct GermanAngstUndBangeRule: ProofreadingRule {
    public let id = "DE_ANGST_UND_BANGE"
    public let category = MatchCategory.typography
    public let description = "\"Angst und bange\" is small after sein or werden and takes capitals after machen."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Ihm ist Angst und Bange.", "Ihm ist angst und bange.", language: "de-DE"),
        .wrong("Die Nachricht macht mir angst und bange.", "Die Nachricht macht mir Angst und Bange.", language: "de-DE"),
        .wrong("Ihm wurde angst und Bange.", "Ihm wurde angst und bange.", language: "de-DE"),
        .wrong("Angst und Bange ist ihm.", "Angst und bange ist ihm.", language: "de-DE"),
        .right("Mir ist angst und bange. Sie hat ihm Angst und Bange gemacht. Angst und bange wurde ihm.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}' here.", shortMessage: "angst und bange", title: "angst und bange",
                      detail: "With sein, werden or bleiben, 'angst und bange' is written small, as it says how someone feels: Mir ist angst und bange. With machen the words are nouns and take capitals: Das macht mir Angst und Bange. One of each is never right."),
        .fr: RuleText(message: "Écrivez « {suggestion} » ici.", shortMessage: "angst und bange", title: "angst und bange",
                      detail: "Avec sein, werden ou bleiben, « angst und bange » s’écrit en minuscules, car il dit ce que l’on ressent : Mir ist angst und bange. Avec machen, ce sont des noms, avec majuscules : Das macht mir Angst und Bange. Jamais l’un de chaque."),
        .de: RuleText(message: "Schreiben Sie hier „{suggestion}“.", shortMessage: "angst und bange", title: "angst und bange",
                      detail: "Mit sein, werden oder bleiben schreibt man „angst und bange“ klein, es beschreibt ein Befinden: Mir ist angst und bange. Mit machen sind es Substantive und werden großgeschrieben: Das macht mir Angst und Bange. Gemischt ist es nie richtig."),
        .es: RuleText(message: "Escriba aquí «{suggestion}».", shortMessage: "angst und bange", title: "angst und bange",
                      detail: "Con sein, werden o bleiben, «angst und bange» va en minúscula, porque dice cómo se siente alguien: Mir ist angst und bange. Con machen son sustantivos y van con mayúscula: Das macht mir Angst und Bange. Una de cada nunca es correcto."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 2) where sentence.text(position) == "angst" {
                guard sentence.text(position + 1) == "und", ["bange", "bang"].contains(sentence.text(position + 2)) else { continue }
                let withMachen = (0..<sentence.count).contains { index in
                    let text = sentence.text(index)
                    return text.hasPrefix("mach") || text == "gemacht"
                }
                let first = sentence.isFirstWord(position)
                let wanted = withMachen ? "Angst und Bange" : first ? "Angst und bange" : "angst und bange"
                let written = sentence.written(from: position, to: position + 2)
                guard written != wanted else { continue }
                matches.append(sentence.match(position, position + 2, rule: self, texts: Self.texts, context: context, suggestions: [wanted], keepingCase: true))
            }
        }
        return matches
    }
}

/// "Als solche" agrees with the noun it follows: "das Haus als solches", "der Person als
/// solcher", "dem Menschen als solchem".
public struct GermanAlsSolcheRule: ProofreadingRule {
    public let id = "DE_ALS_SOLCHE"
    public let category = MatchCategory.grammar
    public let description = "\"Als solche\" takes the gender, number and case of the noun before it."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Das Buch als solche ist gut.", "Das Buch als solches ist gut.", language: "de-DE"),
        .wrong("Der Person als solche stehen Rechte zu.", "Der Person als solcher stehen Rechte zu.", language: "de-DE"),
        .wrong("Zum Thema als solches sagte sie nichts.", "Zum Thema als solchem sagte sie nichts.", language: "de-DE"),
        .right("Das Haus als solches gefällt mir. Die Personen als solche haben Rechte. Dem Menschen als solchem stehen Rechte zu.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "'als {suggestion}' agrees with the noun before it.", shortMessage: "als solche", title: "als solche agrees with its noun",
                      detail: "'Als solch-' takes the gender, number and case of the noun it follows: das Haus als solches, die Person als solche, der Person als solcher (dative), dem Menschen als solchem, die Menschen als solche."),
        .fr: RuleText(message: "« als {suggestion} » s’accorde avec le nom qui précède.", shortMessage: "als solche", title: "als solche s’accorde avec son nom",
                      detail: "« Als solch- » prend le genre, le nombre et le cas du nom qu’il suit : das Haus als solches, die Person als solche, der Person als solcher (datif), dem Menschen als solchem, die Menschen als solche."),
        .de: RuleText(message: "„als {suggestion}“ richtet sich nach dem Substantiv davor.", shortMessage: "als solche", title: "„als solche“ richtet sich nach dem Substantiv",
                      detail: "„Als solch-“ übernimmt Genus, Numerus und Kasus des Substantivs, auf das es folgt: das Haus als solches, die Person als solche, der Person als solcher (Dativ), dem Menschen als solchem, die Menschen als solche."),
        .es: RuleText(message: "«als {suggestion}» concuerda con el sustantivo anterior.", shortMessage: "als solche", title: "als solche concuerda con su sustantivo",
                      detail: "«Als solch-» toma el género, el número y el caso del sustantivo al que sigue: das Haus als solches, die Person als solche, der Person als solcher (dativo), dem Menschen als solchem, die Menschen als solche."),
    ]

    /// The form of "solch-" for a gender (or plural) and a case.
    static func form(gender: WordFeature?, plural: Bool, case grammaticalCase: WordFeature) -> String {
        if plural {
            switch grammaticalCase { case .dative: return "solchen"; case .genitive: return "solcher"; default: return "solche" }
        }
        switch (gender, grammaticalCase) {
        case (.masculine, .nominative): return "solcher"
        case (.masculine, .accusative), (.masculine, .genitive), (.neuter, .genitive): return "solchen"
        case (.masculine, .dative), (.neuter, .dative): return "solchem"
        case (.neuter, _): return "solches"
        case (.feminine, .dative), (.feminine, .genitive): return "solcher"
        default: return "solche"
        }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        let forms: Set<String> = ["solche", "solcher", "solches", "solchen", "solchem"]
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 2..<max(2, sentence.count) where forms.contains(sentence.text(position)) && sentence.text(position - 1) == "als" {
                let noun = position - 2
                guard sentence.isWord(noun), sentence.isCapitalized(noun), !sentence.isFirstWord(noun) else { continue }
                let nouns = GermanWords.nounReadings(sentence.text(noun), lexicon: lexicon)
                var article = noun - 1
                while GermanNounCapitalsRule.isInflectedAdjective(article, in: sentence) { article -= 1 }
                var articles = sentence.readings(article).filter { $0.tag == .DT || $0.tag == .PRPS }
                if let contraction = GermanWords.contractions[sentence.text(article)] {
                    articles = lexicon.readings(of: contraction.article).filter { $0.tag == .DT }
                }
                guard !nouns.isEmpty, !articles.isEmpty else { continue }
                var allowed: Set<String> = []
                for a in articles {
                    for n in nouns {
                        let cases = a.features.intersection(n.features).intersection(.grammaticalCase)
                        for grammaticalCase in [WordFeature.nominative, .genitive, .dative, .accusative] where cases.contains(grammaticalCase) {
                            if a.features.contains(.plural), n.features.contains(.plural) {
                                allowed.insert(Self.form(gender: nil, plural: true, case: grammaticalCase))
                            }
                            if a.features.contains(.singular), n.features.contains(.singular) {
                                for gender in [WordFeature.masculine, .feminine, .neuter] where a.features.contains(gender) && n.features.contains(gender) {
                                    allowed.insert(Self.form(gender: gender, plural: false, case: grammaticalCase))
                                }
                            }
                        }
                    }
                }
                guard allowed.count == 1, let wanted = allowed.first, wanted != sentence.text(position) else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [wanted]))
            }
        }
        return matches
    }
}

/// A question ends with a question mark: a sentence that starts with a question word and its
/// verb ("Wohin ist er gegangen."), or with the verb and its subject ("Ist er schon da."), or
/// that ends with a tag question (", oder.", ", nicht wahr.").
public struct GermanQuestionMarkRule: ProofreadingRule {
    public let id = "DE_FRAGEZEICHEN"
    public let category = MatchCategory.punctuation
    public let description = "A question ends with a question mark."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Wohin ist er gegangen.", "Wohin ist er gegangen?", language: "de-DE"),
        .wrong("Hast du den Brief schon gelesen.", "Hast du den Brief schon gelesen?", language: "de-DE"),
        .wrong("Er ist schon da, oder.", "Er ist schon da, oder?", language: "de-DE"),
        .wrong("Er ist schon da, nicht wahr.", "Er ist schon da, nicht wahr?", language: "de-DE"),
        .right("Was bleibt, ist die Erinnerung. Gehen Sie nach Hause. Wie schön das ist. Ist das doch gelungen. Hätte ich das nur gewusst.", language: "de-DE"),
        .right("Wer wagt, gewinnt. Er kommt, oder sie kommt. Kommt er nicht, gehen wir. Was er sagt, stimmt.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "This sentence is a question: end it with '?'.", shortMessage: "Question mark", title: "A question takes a question mark",
                      detail: "A sentence that starts with a question word and its verb (Wohin ist er gegangen?), or with the verb and then its subject (Ist er schon da?), asks something and ends with a question mark, as does a sentence ending in a tag question (…, oder? …, nicht wahr?)."),
        .fr: RuleText(message: "Cette phrase est une question : terminez-la par « ? ».", shortMessage: "Point d’interrogation", title: "Une question prend un point d’interrogation",
                      detail: "Une phrase qui commence par un mot interrogatif et son verbe (Wohin ist er gegangen?), ou par le verbe puis son sujet (Ist er schon da?), pose une question et se termine par un point d’interrogation, de même qu’une phrase finie par une question de confirmation (…, oder? …, nicht wahr?)."),
        .de: RuleText(message: "Dieser Satz ist eine Frage: Beenden Sie ihn mit „?“.", shortMessage: "Fragezeichen", title: "Eine Frage endet mit einem Fragezeichen",
                      detail: "Ein Satz, der mit einem Fragewort und seinem Verb beginnt (Wohin ist er gegangen?) oder mit dem Verb und danach dem Subjekt (Ist er schon da?), ist eine Frage und endet mit einem Fragezeichen, ebenso ein Satz mit angehängter Rückfrage (…, oder? …, nicht wahr?)."),
        .es: RuleText(message: "Esta frase es una pregunta: termínela con «?».", shortMessage: "Signo de interrogación", title: "Una pregunta lleva signo de interrogación",
                      detail: "Una frase que empieza con un interrogativo y su verbo (Wohin ist er gegangen?), o con el verbo y luego su sujeto (Ist er schon da?), pregunta algo y termina con signo de interrogación, igual que una frase que acaba en una pregunta de confirmación (…, oder? …, nicht wahr?)."),
    ]

    static let questionWords: Set<String> = [
        "wer", "was", "wann", "wo", "wohin", "woher", "warum", "wieso", "weshalb", "weswegen", "wie", "wozu", "womit", "wofür",
        "worüber", "woran", "worauf", "wovon", "wodurch", "welcher", "welche", "welches", "welchen", "welchem",
    ]
    static let notInQuestions: Set<String> = [",", ":", ";", "doch", "nur", "bloß"]
    static let auxiliaries: Set<String> = [
        "ist", "sind", "bin", "bist", "war", "waren", "warst", "hat", "hast", "hatte", "hatten", "hattest", "kann", "kannst", "können",
        "könnt", "könnte", "könntest", "könnten", "muss", "musst", "müssen", "darf", "darfst", "dürfen", "wird", "wirst", "würde",
        "würdest", "würden", "möchtest", "möchten",
    ]
    /// Not "wir": "Gehen wir." and "Wollen wir essen gehen." propose rather than ask.
    static let subjects: Set<String> = ["ich", "du", "er", "es", "ihr", "man", "sie"]
    static let tags: [[String]] = [["oder"], ["oder", "nicht"], ["nicht", "wahr"], ["richtig"], ["gell"], ["ne"], ["stimmt's"]]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            var last = sentence.count - 1
            while last > 0, ["\"", "“", "”", "»", "«", "'", ")"].contains(sentence.text(last)) { last -= 1 }
            guard last > 0, sentence.isPunctuation(last), sentence.text(last) == "." else { continue }
            // A tag question after a comma.
            var tagged = false
            for tag in Self.tags where last - tag.count - 1 >= 0 {
                let start = last - tag.count
                if sentence.text(start - 1) == ",", (0..<tag.count).allSatisfy({ sentence.text(start + $0) == tag[$0] }) { tagged = true }
            }
            if tagged || Self.asks(sentence, before: last) {
                matches.append(sentence.match(last, last, rule: self, texts: Self.texts, context: context, suggestions: ["?"]))
            }
            // A question in direct speech: „Wohin ist er gegangen“, fragte sie.
            for quote in 1..<max(1, sentence.count - 1) where ["\"", "“", "«"].contains(sentence.text(quote)) && sentence.text(quote + 1) == "," {
                if sentence.text(quote - 1) == ".", Self.asks(sentence, before: quote - 1) {
                    matches.append(sentence.match(quote - 1, quote - 1, rule: self, texts: Self.texts, context: context, suggestions: ["?"]))
                } else if sentence.isWord(quote - 1), Self.asks(sentence, before: quote) {
                    matches.append(sentence.match(quote, quote, rule: self, texts: Self.texts, context: context,
                                                  suggestions: ["?" + sentence.written(quote)], keepingCase: true))
                }
                break
            }
        }
        return matches
    }

    /// Whether the words of the sentence before `end` ask a question: a question word and its
    /// verb first, or a verb and its subject pronoun first, with no comma.
    static func asks(_ sentence: RuleSentence, before end: Int) -> Bool {
        guard var first = (0..<end).first(where: { sentence.isWord($0) }), sentence.isFirstWord(first) else { return false }
        // A sentence's start has a capital (not the rest of one after a quoted question).
        guard sentence.isCapitalized(first) else { return false }
        if ["aber", "und", "oder", "denn", "also"].contains(sentence.text(first)) { first += 1 }
        // A subordinate clause or a preposition first ("Weil man…").
        guard !GermanSeparableVerbRule.subordinators.contains(sentence.text(first)) || Self.questionWords.contains(sentence.text(first)),
              !sentence.tags(first).containsAny(WordTags([.CC, .IN, .DT, .PRP])) || Self.questionWords.contains(sentence.text(first)) else { return false }
        // A comma or colon makes the first words a clause of their own ("Was bleibt, ist…", "Kommt er nicht, gehen wir", "War man zu wild: so…");
        // doch, nur and bloß make a wish or an exclamation. Asked last, as most sentences start otherwise.
        func plain() -> Bool { (first..<end).allSatisfy { !Self.notInQuestions.contains(sentence.text($0)) } }
        let verb = first + 1
        if Self.questionWords.contains(sentence.text(first)) {
            return (sentence.has(verb, .VBF) && !sentence.has(verb, .NN) && !sentence.has(verb, .JJ)
                || GermanClosedWordClasses.table[sentence.text(verb)]?.contains(where: { $0.tag == .VBF }) == true) && plain()
        } else if auxiliaries.contains(sentence.text(first)) {
            // "Ist der Mann schon da", "Können Sie mir helfen": sein, haben, werden and the
            // modals have no imperative here, so a subject after them asks.
            return (Self.subjects.contains(sentence.text(verb)) || sentence.tags(verb).containsAny(WordTags([.DT, .PRPS]))) && plain()
        } else if GermanClosedWordClasses.table[sentence.text(first)]?.contains(where: { $0.tag == .VBF }) == true
                    || sentence.has(first, .VBF) && !sentence.has(first, .NN) && !sentence.has(first, .IN) {
            // "Ist er…", "Hast du…": the verb, then a subject pronoun (not "Sie", which
            // may be the polite imperative's).
            return Self.subjects.contains(sentence.text(verb)) && sentence.written(verb) != "Sie"
                && !["hätte", "hätten", "wäre", "wären", "sei", "seien"].contains(sentence.text(first)) && plain()
        }
        return false
    }
}

/// The spellings with f that the dictionaries recommend over ph: Fantasie, Fotografie,
/// Geografie, Delfin, Mikrofon. Picky: the ph spellings are correct too (Duden: "Fantasie, auch
/// Phantasie"), so text that uses them is not wrong.
public struct GermanFInsteadOfPhRule: ProofreadingRule {
    public let id = "DE_F_STATT_PH"
    public let category = MatchCategory.style
    public let description = "The dictionaries recommend f over ph in Fantasie, Fotografie, Geografie and their kin."
    public let isPicky = true
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Das Kind hat viel Phantasie.", "Das Kind hat viel Fantasie.", language: "de-DE"),
        .wrong("Sie sammelte Familienphotographien.", "Sie sammelte Familienfotografien.", language: "de-DE"),
        .wrong("Wir hatten einen phantastischen Urlaub.", "Wir hatten einen fantastischen Urlaub.", language: "de-DE"),
        .right("Die Fantasie. Ein Photon. Die Philosophie. Ein Graph.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "The recommended spelling is '{suggestion}'.", shortMessage: "f for ph", title: "f rather than ph",
                      detail: "German spells many words of Greek origin with f, and the dictionaries recommend it where both are allowed: Fantasie, fantastisch, Fotografie, Geografie, Biografie, Delfin, Mikrofon. Words of science keep ph: Philosophie, Photon."),
        .fr: RuleText(message: "La graphie recommandée est « {suggestion} ».", shortMessage: "f pour ph", title: "f plutôt que ph",
                      detail: "L’allemand écrit avec f bien des mots d’origine grecque, et les dictionnaires le recommandent là où les deux sont admis : Fantasie, fantastisch, Fotografie, Geografie, Biografie, Delfin, Mikrofon. Les mots savants gardent ph : Philosophie, Photon."),
        .de: RuleText(message: "Empfohlen wird die Schreibung „{suggestion}“.", shortMessage: "f statt ph", title: "f statt ph",
                      detail: "Viele Wörter griechischen Ursprungs schreibt man mit f, und wo beide Schreibungen erlaubt sind, empfehlen die Wörterbücher das f: Fantasie, fantastisch, Fotografie, Geografie, Biografie, Delfin, Mikrofon. Fachwörter behalten ph: Philosophie, Photon."),
        .es: RuleText(message: "La grafía recomendada es «{suggestion}».", shortMessage: "f por ph", title: "f mejor que ph",
                      detail: "El alemán escribe con f muchas palabras de origen griego, y los diccionarios lo recomiendan donde se admiten ambas: Fantasie, fantastisch, Fotografie, Geografie, Biografie, Delfin, Mikrofon. Las palabras científicas conservan ph: Philosophie, Photon."),
    ]

    static let stems: [(ph: String, f: String)] = [
        ("photograph", "fotograf"), ("phantas", "fantas"), ("geograph", "geograf"), ("kryptograph", "kryptograf"), ("biograph", "biograf"),
        ("choreograph", "choreograf"), ("orthograph", "orthograf"), ("delphin", "delfin"), ("megaphon", "megafon"), ("saxophon", "saxofon"),
        ("mikrophon", "mikrofon"), ("grammophon", "grammofon"), ("graphik", "grafik"), ("stenograph", "stenograf"), ("topograph", "topograf"),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                let text = sentence.text(position)
                // "ph" by its bytes first, without a copy: most words have none.
                let bytes = text.utf8
                guard bytes.count > 4, zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "p") && $1 == UInt8(ascii: "h") }),
                      let stem = Self.stems.first(where: { text.contains($0.ph) }) else { continue }
                let fixed = text.replacingOccurrences(of: stem.ph, with: stem.f)
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [fixed]))
            }
        }
        return matches
    }
}

/// "E-Mail" with a capital E and a hyphen, and joined to the noun after it with another:
/// "eMail" → "E-Mail", "Email-Adresse" and "E-Mail Adresse" → "E-Mail-Adresse".
public struct GermanEMailRule: ProofreadingRule {
    public let id = "DE_E_MAIL"
    public let category = MatchCategory.typography
    public let description = "E-Mail is written with a capital E and a hyphen, and joined to the next noun with another."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Schick mir deine eMail-Adresse.", "Schick mir deine E-Mail-Adresse.", language: "de-DE"),
        .wrong("Wir sammeln die Email-Adressen.", "Wir sammeln die E-Mail-Adressen.", language: "de-DE"),
        .wrong("Gib mir bitte deine E-Mailadresse.", "Gib mir bitte deine E-Mail-Adresse.", language: "de-DE"),
        .wrong("Sie prüft die E-Mail Adressen.", "Sie prüft die E-Mail-Adressen.", language: "de-DE"),
        .right("Schreib mir eine E-Mail. Die E-Mail-Adresse. Ein Schild aus Email.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}'.", shortMessage: "E-Mail", title: "E-Mail with a hyphen",
                      detail: "German writes E-Mail with a capital E and a hyphen, and a compound with it takes another hyphen: E-Mail-Adresse, E-Mail-Konto. 'Email' without the hyphen is enamel."),
        .fr: RuleText(message: "Écrivez « {suggestion} ».", shortMessage: "E-Mail", title: "E-Mail avec un trait d’union",
                      detail: "L’allemand écrit E-Mail avec un E majuscule et un trait d’union, et un composé en prend un autre : E-Mail-Adresse, E-Mail-Konto. « Email » sans trait d’union est l’émail."),
        .de: RuleText(message: "Schreiben Sie „{suggestion}“.", shortMessage: "E-Mail", title: "E-Mail mit Bindestrich",
                      detail: "Man schreibt E-Mail mit großem E und Bindestrich, und in Zusammensetzungen folgt ein weiterer: E-Mail-Adresse, E-Mail-Konto. „Email“ ohne Bindestrich ist der Schmelzüberzug."),
        .es: RuleText(message: "Escriba «{suggestion}».", shortMessage: "E-Mail", title: "E-Mail con guion",
                      detail: "El alemán escribe E-Mail con E mayúscula y guion, y sus compuestos llevan otro: E-Mail-Adresse, E-Mail-Konto. «Email» sin guion es el esmalte."),
    ]

    /// Nouns that follow e-mail as a compound's second part.
    static let heads: Set<String> = [
        "adresse", "adressen", "anhang", "anhänge", "konto", "konten", "programm", "programme", "verkehr", "kontakt", "kontakte",
        "postfach", "anbieter", "anwendung", "client", "server", "signatur", "account", "newsletter", "benachrichtigung", "benachrichtigungen",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            // Not only words: "eMail" is read as an identifier, for its capital inside.
            for position in 0..<sentence.count where !sentence.isPunctuation(position) {
                // By its first byte (a skipped token has no lowercase text): most tokens start with no e.
                let first = sentence.document.bytes[sentence.document.tokens[sentence.tokens[position]].byteRange.lowerBound]
                guard first == UInt8(ascii: "e") || first == UInt8(ascii: "E") else { continue }
                let written = sentence.written(position)
                var suggestion: String?
                if written.hasPrefix("eMail") || written.hasPrefix("Email-") || written.hasPrefix("email-") {
                    let rest = written.dropFirst(5)
                    suggestion = rest.isEmpty ? "E-Mail"
                        : "E-Mail-" + WordCase.capitalizingFirst(String(rest.first == "-" ? rest.dropFirst() : rest))
                } else if written.hasPrefix("E-Mail"), let first = written.dropFirst(6).first, first.isLowercase {
                    suggestion = "E-Mail-" + WordCase.capitalizingFirst(String(written.dropFirst(6)))
                }
                if suggestion == "E-Mail" || written == "E-Mail" && suggestion == nil {
                    // "E-Mail Adresse": the compound written apart ("per E-Mail Adressen verschicken" is not).
                    if sentence.isWord(position + 1), !sentence.tags(position - 1).contains(.IN), !["per", "via", "als", "mit"].contains(sentence.text(position - 1)), Self.heads.contains(sentence.text(position + 1)) {
                        matches.append(sentence.match(position, position + 1, rule: self, texts: Self.texts, context: context,
                                                      suggestions: ["E-Mail-" + sentence.written(position + 1)], keepingCase: true))
                        continue
                    }
                }
                guard let suggestion, suggestion != written else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [suggestion], keepingCase: true))
            }
        }
        return matches
    }
}

/// A noun and an infinitive after "beim", "zum" or "vom" are one noun: "beim Auto fahren" →
/// "beim Autofahren", "zum Zähne putzen" → "zum Zähneputzen". Only when another verb follows,
/// so that the infinitive is not the clause's own verb ("Beim Bäcker kaufen wir Brot").
public struct GermanNounInfinitiveRule: ProofreadingRule {
    public let id = "DE_SUBSTANTIVIERTER_INFINITIV"
    public let category = MatchCategory.typography
    public let description = "A noun and an infinitive after beim, zum or vom are one noun: beim Autofahren."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Beim Auto fahren höre ich gern Musik.", "Beim Autofahren höre ich gern Musik.", language: "de-DE"),
        .wrong("Beim Zähne putzen sollte man nicht reden.", "Beim Zähneputzen sollte man nicht reden.", language: "de-DE"),
        .right("Beim Bäcker kaufen wir Brot. Zum Frühstück essen wir Brot. Beim Autofahren singt er. Beim Arzt warten viele Leute.", language: "de-DE"),
        .right("Wer andere zum Lachen bringen kann, muss ernst genommen werden. Er wollte sie zum Schweigen bringen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write the phrase as one noun: '{suggestion}'.", shortMessage: "One noun", title: "A verb with its object as one noun",
                      detail: "After beim, zum or vom, an infinitive is used as a noun, and the object before it joins it into one word with a capital: beim Autofahren, zum Zähneputzen, beim Korrekturlesen."),
        .fr: RuleText(message: "Écrivez la tournure en un seul nom : « {suggestion} ».", shortMessage: "Un seul nom", title: "Un verbe et son objet en un seul nom",
                      detail: "Après beim, zum ou vom, l’infinitif est employé comme nom, et l’objet qui le précède s’y soude en un mot avec majuscule : beim Autofahren, zum Zähneputzen, beim Korrekturlesen."),
        .de: RuleText(message: "Schreiben Sie die Fügung als ein Substantiv: „{suggestion}“.", shortMessage: "Zusammenschreibung", title: "Substantivierte Fügung zusammen",
                      detail: "Nach beim, zum oder vom wird der Infinitiv als Substantiv gebraucht, und das Objekt davor verbindet sich mit ihm zu einem großgeschriebenen Wort: beim Autofahren, zum Zähneputzen, beim Korrekturlesen."),
        .es: RuleText(message: "Escriba la expresión como un solo sustantivo: «{suggestion}».", shortMessage: "Un solo sustantivo", title: "Un verbo y su objeto en un sustantivo",
                      detail: "Tras beim, zum o vom, el infinitivo se usa como sustantivo, y el objeto que lo precede se une a él en una palabra con mayúscula: beim Autofahren, zum Zähneputzen, beim Korrekturlesen."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 3) where ["beim", "zum", "vom"].contains(sentence.text(position)) {
                let noun = position + 1, verb = position + 2, after = position + 3
                guard sentence.isWord(noun), sentence.isCapitalized(noun), sentence.has(noun, .NN),
                      // An infinitive made noun is the phrase's end, not an object ("zum Lachen bringen").
                      !context.grammar.lexicon.readings(of: sentence.text(noun)).contains(where: { $0.tag == .VB }),
                      sentence.isWord(verb), !sentence.isCapitalized(verb), sentence.has(verb, .VB),
                      ["en", "ern", "eln"].contains(where: { sentence.text(verb).hasSuffix($0) }),
                      sentence.isWord(after), !sentence.isCapitalized(after),
                      sentence.has(after, .VBF) && !sentence.has(after, .NN) && !sentence.has(after, .PRP)
                        || GermanClosedWordClasses.table[sentence.text(after)]?.contains(where: { $0.tag == .VBF }) == true
                else { continue }
                let suggestion = sentence.written(noun) + sentence.text(verb)
                matches.append(sentence.match(noun, verb, rule: self, texts: Self.texts, context: context, suggestions: [suggestion]))
            }
        }
        return matches
    }
}
