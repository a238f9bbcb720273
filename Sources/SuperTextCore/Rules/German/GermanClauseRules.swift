/// The verb agrees with its subject pronoun: "ich geht" → "ich gehe", "wir geht" → "wir gehen".
public struct GermanSubjectVerbRule: ProofreadingRule {
    public let id = "DE_SUBJECT_VERB_AGREEMENT"
    public let category = MatchCategory.grammar
    public let description = "The verb agrees with its subject pronoun."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Ich geht jetzt nach Hause.", "Ich gehe jetzt nach Hause.", language: "de-DE"),
        .wrong("Du kommt zu spät.", "Du kommst zu spät.", language: "de-DE"),
        .wrong("Wir spielt draußen.", "Wir spielen draußen.", language: "de-DE"),
        .wrong("Ich bist müde.", "Ich bin müde.", language: "de-DE"),
        .right("Ich gehe. Du kommst. Wir spielen. Ich ging. Weil ich kommen will. Ihr kommt. Er kam.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After '{subject}', the verb is '{suggestion}'.", shortMessage: "Verb agreement", title: "The verb agrees with its subject",
                      detail: "The German verb takes the person and number of its subject: ich gehe, du gehst, er geht, wir gehen, ihr geht, sie gehen. Irregular verbs keep their own forms: ich bin, du bist, er ist; ich kann, er kann."),
        .fr: RuleText(message: "Après « {subject} », le verbe est « {suggestion} ».", shortMessage: "Accord du verbe", title: "Le verbe s’accorde avec son sujet",
                      detail: "Le verbe allemand prend la personne et le nombre de son sujet : ich gehe, du gehst, er geht, wir gehen, ihr geht, sie gehen. Les verbes irréguliers ont leurs propres formes : ich bin, du bist, er ist ; ich kann, er kann."),
        .de: RuleText(message: "Nach „{subject}“ heißt das Verb „{suggestion}“.", shortMessage: "Verbform", title: "Das Verb richtet sich nach dem Subjekt",
                      detail: "Das Verb richtet sich in Person und Zahl nach seinem Subjekt: ich gehe, du gehst, er geht, wir gehen, ihr geht, sie gehen. Unregelmäßige Verben haben eigene Formen: ich bin, du bist, er ist; ich kann, er kann."),
        .es: RuleText(message: "Tras «{subject}», el verbo es «{suggestion}».", shortMessage: "Concordancia verbal", title: "El verbo concuerda con el sujeto",
                      detail: "El verbo alemán toma la persona y el número de su sujeto: ich gehe, du gehst, er geht, wir gehen, ihr geht, sie gehen. Los verbos irregulares tienen formas propias: ich bin, du bist, er ist; ich kann, er kann."),
    ]

    /// The person and number of each subject pronoun the rule reads ("sie" and "es" are left
    /// out: "sie" is singular or plural, and "es" also stands for a later subject, "es kommen
    /// viele").
    static let pronouns: [String: WordFeatures] = [
        "ich": WordFeatures([.first, .singular]), "du": WordFeatures([.second, .singular]),
        "er": WordFeatures([.third, .singular]), "wir": WordFeatures([.first, .plural]), "ihr": WordFeatures([.second, .plural]),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(sentence.count - 1, 0) where sentence.isWord(position) {
                guard let wanted = Self.pronouns[sentence.text(position)],
                      sentence.isFirstWord(position) || ["und", "oder", "aber", "denn", "sondern", ";"].contains(sentence.text(position - 1)),
                      sentence.isWord(position + 1), !sentence.isCapitalized(position + 1)
                else { continue }
                let verb = sentence.text(position + 1)
                // An irregular verb has the readings written by hand only.
                var readings = sentence.readings(position + 1)
                if GermanClosedWordClasses.table[verb]?.contains(where: { $0.tag == .VBF }) == true { readings = readings.filter { $0.tag == .VBF } }
                // Only a word that is nothing but a finite verb with a known person.
                guard !readings.isEmpty, readings.allSatisfy({ $0.tag == .VBF || $0.tag == .VB }),
                      readings.contains(where: { $0.tag == .VBF }),
                      readings.allSatisfy({ $0.tag != .VBF || !$0.features.intersection(.person).isEmpty }),
                      !readings.contains(where: { $0.tag == .VBF && $0.features.isSuperset(of: wanted) }),
                      // "Ihr brauchst du nicht helfen": the subject comes after the verb.
                      !sentence.tags(position + 2).contains(.PRP)
                else { continue }
                // Present and past forms are not told apart by the lexicon: a past form of the
                // right person reads as the infinitive's other forms, so keep to the present.
                guard let suggestion = lexicon.inflect(verb, to: .VBF, features: wanted), suggestion != verb,
                      lexicon.readings(of: suggestion).contains(where: { $0.tag == .VBF && $0.features.isSuperset(of: wanted) })
                else { continue }
                matches.append(sentence.match(
                    position + 1, position + 1, rule: self, texts: Self.texts, context: context, suggestions: [suggestion],
                    values: ["subject": sentence.written(position)]))
            }
        }
        return matches
    }
}

/// "das" where the conjunction "dass" belongs: "Ich weiß, das er kommt" → "dass"; and "dass"
/// where the article or pronoun "das" belongs: "Das Kind, dass dort spielt" → "das".
public struct GermanDassRule: ProofreadingRule {
    public let id = "DE_DAS_DASS"
    public let category = MatchCategory.confusedWords
    public let description = "das (article, pronoun) and dass (conjunction)."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Ich weiß, das er kommt.", "Ich weiß, dass er kommt.", language: "de-DE"),
        .wrong("Sie sagt, das wir gewonnen haben.", "Sie sagt, dass wir gewonnen haben.", language: "de-DE"),
        .wrong("Das Kind, dass dort spielt, ist mein Sohn.", "Das Kind, das dort spielt, ist mein Sohn.", language: "de-DE"),
        .wrong("Dass Kind spielt.", "Das Kind spielt.", language: "de-DE"),
        .right("Das Buch, das ich lese, ist gut. Ich weiß, dass er kommt. Das Problem, dass er nie kommt, bleibt. Das ist gut.", language: "de-DE"),
        .right("Es ist das letzte Stück Land, das wir besitzen. Das Haus, das alt war, das wir aber mochten, steht leer.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Did you mean '{suggestion}'?", shortMessage: "das or dass", title: "das or dass",
                      detail: "'Das' is an article (das Kind) or a pronoun that stands for a neuter noun (das Kind, das dort spielt; das ist gut). 'Dass' with double s is a conjunction that opens a clause: Ich weiß, dass er kommt. The test: if you can put 'dieses', 'jenes' or 'welches' in its place, write 'das'."),
        .fr: RuleText(message: "Vouliez-vous dire « {suggestion} » ?", shortMessage: "das ou dass", title: "das ou dass",
                      detail: "« Das » est un article (das Kind) ou un pronom qui remplace un nom neutre (das Kind, das dort spielt ; das ist gut). « Dass » avec deux s est une conjonction, « que », qui ouvre une subordonnée : Ich weiß, dass er kommt. Le test : si « dieses », « jenes » ou « welches » peut prendre sa place, écrivez « das »."),
        .de: RuleText(message: "Meinten Sie „{suggestion}“?", shortMessage: "das oder dass", title: "das oder dass",
                      detail: "„Das“ ist Artikel (das Kind) oder Pronomen für ein sächliches Nomen (das Kind, das dort spielt; das ist gut). „Dass“ mit Doppel-s ist eine Konjunktion, die einen Nebensatz einleitet: Ich weiß, dass er kommt. Die Probe: Lässt sich „dieses“, „jenes“ oder „welches“ einsetzen, schreibt man „das“."),
        .es: RuleText(message: "¿Quería decir «{suggestion}»?", shortMessage: "das o dass", title: "das o dass",
                      detail: "«Das» es artículo (das Kind) o pronombre que sustituye a un sustantivo neutro (das Kind, das dort spielt; das ist gut). «Dass», con doble s, es la conjunción «que» que abre una subordinada: Ich weiß, dass er kommt. La prueba: si cabe «dieses», «jenes» o «welches» en su lugar, escriba «das»."),
    ]

    static let subjectPronouns: Set<String> = ["ich", "du", "er", "sie", "es", "wir", "ihr", "man"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                let text = sentence.text(position)
                var suggestion: String?
                if text == "das", sentence.text(position - 1) == "," || sentence.isFirstWord(position),
                   Self.subjectPronouns.contains(sentence.text(position + 1)) {
                    // "…, das er kommt": a relative "das" stands for a neuter noun before the comma.
                    // "dem System, das …, das er ersetzen wollte": a second relative clause of
                    // the same antecedent, after one a relative "das" opened.
                    let relativeBefore = (2..<max(2, position - 2)).contains {
                        sentence.text($0) == "das" && sentence.text($0 - 1) == "," && Self.mayFollowNeuterNoun(commaAt: $0 - 1, in: sentence, lexicon: lexicon)
                    }
                    let neuterBefore = relativeBefore || Self.mayFollowNeuterNoun(commaAt: position - 1, in: sentence, lexicon: lexicon)
                    // At the start, "Das er kommt, …" needs the comma later and a verb before it.
                    if sentence.isFirstWord(position) {
                        guard let comma = (position + 2..<sentence.count).first(where: { sentence.text($0) == "," }),
                              sentence.tags(comma - 1).containsAny(WordTags([.VBF, .VB])) else { continue }
                        suggestion = "dass"
                    } else if !neuterBefore, !["alles", "etwas", "nichts", "vieles", "das", "dies", "dasselbe", "eines"].contains(sentence.text(position - 2)) {
                        suggestion = "dass"
                    }
                } else if text == "dass" {
                    // "Dass Kind": before a capitalised neuter noun; ", dass" after a neuter noun and before a verb at once ("das Kind, dass spielt").
                    if sentence.isCapitalized(position + 1), !sentence.isFirstWord(position + 1), GermanClosedWordClasses.table[sentence.text(position + 1)] == nil,
                       GermanWords.nounReadings(sentence.text(position + 1), lexicon: lexicon).contains(where: { $0.features.contains(.neuter) && $0.features.contains(.singular) }),
                       !sentence.isCapitalized(position + 2) || sentence.has(position + 2, .VBF) {
                        suggestion = "das"
                    } else if sentence.text(position - 1) == ",", sentence.isCapitalized(position - 2),
                              GermanWords.nounReadings(sentence.text(position - 2), lexicon: lexicon).allSatisfy({ $0.features.contains(.neuter) && $0.features.contains(.singular) }),
                              !GermanWords.nounReadings(sentence.text(position - 2), lexicon: lexicon).isEmpty,
                              relativeClauseWithoutSubject(after: position, in: sentence) {
                        suggestion = "das"
                    } else if ["aber", "und", "weil", "denn"].contains(sentence.text(position - 1)) || sentence.isFirstWord(position),
                              ["ist", "war", "hat", "hast", "warst", "sei", "wäre", "scheint"].contains(sentence.text(position + 1)) {
                        // "Aber dass ist nicht richtig": a verb at once, so "das" is the subject.
                        suggestion = "das"
                    }
                }
                guard var suggestion else { continue }
                if WordCase.startsWithCapital(sentence.written(position)) { suggestion = WordCase.capitalizingFirst(suggestion) }
                let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
                matches.append(document.match(
                    tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                    message: RuleText.fill(ruleText.message, ["suggestion": suggestion]), shortMessage: ruleText.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}

extension GermanDassRule {
    /// Whether a relative "das" after the comma at `comma` may stand for a noun before it: the
    /// nearest capitalised word within three words (not "Ich" at the start) may be neuter or is
    /// unknown to the lexicon; after a noun of measure the first of two nouns side by side may
    /// be the one ("das einzige Stück Freiheit, das").
    static func mayFollowNeuterNoun(commaAt comma: Int, in sentence: RuleSentence, lexicon: Lexicon) -> Bool {
        var noun = comma - 1
        while noun >= 0, sentence.isWord(noun), comma - noun <= 3,
              !sentence.isCapitalized(noun) || sentence.isFirstWord(noun) && (GermanClosedWordClasses.table[sentence.text(noun)] != nil || !sentence.has(noun, .NN)) { noun -= 1 }
        if noun >= 0, sentence.isFirstWord(noun), GermanClosedWordClasses.table[sentence.text(noun)] != nil { noun = -1 }
        guard noun >= 0, noun < comma, sentence.isCapitalized(noun) else { return false }
        let readings = GermanWords.nounReadings(sentence.text(noun), lexicon: lexicon)
        if readings.isEmpty || readings.contains(where: { $0.features.contains(.neuter) }) { return true }
        guard noun >= 1, sentence.isCapitalized(noun - 1), !sentence.isFirstWord(noun - 1), GermanClosedWordClasses.table[sentence.text(noun - 1)] == nil
        else { return false }
        return GermanWords.nounReadings(sentence.text(noun - 1), lexicon: lexicon).contains { $0.features.contains(.neuter) }
    }
}

/// Whether the words after `position` up to the next punctuation end with a finite verb and
/// hold no subject of their own (no pronoun, article or noun): "(das Kind,) dass dort spielt".
private func relativeClauseWithoutSubject(after position: Int, in sentence: RuleSentence) -> Bool {
    var index = position + 1
    while sentence.isWord(index) {
        if sentence.isCapitalized(index) || sentence.tags(index).containsAny(WordTags([.PRP, .DT, .PRPS])) { return false }
        index += 1
    }
    return index > position + 1 && sentence.tags(index - 1).contains(.VBF) && !sentence.has(index - 1, .NN)
}

/// A comma before a subordinate clause that "dass", "weil" or "obwohl" opens: "Ich weiß dass
/// er kommt" → "Ich weiß, dass er kommt".
public struct GermanSubordinateCommaRule: ProofreadingRule {
    public let id = "DE_COMMA_SUBORDINATE_CLAUSE"
    public let category = MatchCategory.punctuation
    public let description = "A comma before a clause opened by dass, weil, obwohl."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Ich weiß dass er kommt.", "Ich weiß, dass er kommt.", language: "de-DE"),
        .wrong("Er bleibt zu Hause weil er krank ist.", "Er bleibt zu Hause, weil er krank ist.", language: "de-DE"),
        .wrong("Sie kam obwohl es regnete.", "Sie kam, obwohl es regnete.", language: "de-DE"),
        .wrong("Ich frage mich ob er kommt.", "Ich frage mich, ob er kommt.", language: "de-DE"),
        .right("Die Dateien werden falls nötig entpackt. Er staunte ob deiner Antwort.", language: "de-DE"),
        .right("Ich weiß, dass er kommt. Er ist so müde, dass er schläft. Nur weil es regnet. Ohne dass er es merkte. Als dass. Und weil er kam.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a comma before '{conjunction}': it opens a subordinate clause.", shortMessage: "Comma before a clause", title: "Comma before a subordinate clause",
                      detail: "German always separates a subordinate clause from its main clause with a comma. Clauses opened by dass, weil, obwohl (and ob, wenn, als, damit…) take a comma before them: Ich weiß, dass er kommt. Er bleibt, weil es regnet. No comma goes between the conjunction and a word that belongs to it: so dass, ohne dass, als dass, nur weil."),
        .fr: RuleText(message: "Mettez une virgule avant « {conjunction} » : il ouvre une subordonnée.", shortMessage: "Virgule avant la subordonnée", title: "Virgule avant la subordonnée",
                      detail: "L’allemand sépare toujours la subordonnée de la principale par une virgule. Les propositions ouvertes par dass, weil, obwohl (et ob, wenn, als, damit…) sont précédées d’une virgule : Ich weiß, dass er kommt. Er bleibt, weil es regnet. Pas de virgule entre la conjonction et le mot qui en fait partie : so dass, ohne dass, als dass, nur weil."),
        .de: RuleText(message: "Vor „{conjunction}“ steht ein Komma: Es leitet einen Nebensatz ein.", shortMessage: "Komma vor Nebensatz", title: "Komma vor dem Nebensatz",
                      detail: "Nebensätze werden im Deutschen immer durch Komma vom Hauptsatz getrennt. Vor dass, weil, obwohl (und ob, wenn, als, damit …) steht ein Komma: Ich weiß, dass er kommt. Er bleibt, weil es regnet. Kein Komma steht zwischen der Konjunktion und einem Wort, das zu ihr gehört: so dass, ohne dass, als dass, nur weil."),
        .es: RuleText(message: "Ponga una coma antes de «{conjunction}»: abre una subordinada.", shortMessage: "Coma ante la subordinada", title: "Coma ante la subordinada",
                      detail: "El alemán separa siempre la subordinada de la principal con una coma. Las oraciones que abren dass, weil, obwohl (y ob, wenn, als, damit…) llevan coma delante: Ich weiß, dass er kommt. Er bleibt, weil es regnet. No va coma entre la conjunción y una palabra que forma parte de ella: so dass, ohne dass, als dass, nur weil."),
    ]

    static let conjunctions: Set<String> = [
        "dass", "weil", "obwohl", "obgleich", "obschon", "wenngleich", "bevor", "nachdem", "indem", "ob", "falls", "sobald", "sofern", "sodass",
    ]
    /// Conjunctions that also stand without a clause: "falls nötig", "sobald möglich", "ob
    /// deiner Antwort" (the old preposition); they take a comma only before a clause that ends
    /// with its verb.
    static let needVerb: Set<String> = ["ob", "falls", "sobald", "sofern", "sodass", "obschon", "wenngleich"]

    /// Whether the words after `position` up to the next punctuation end with a finite verb, as
    /// a subordinate clause does ("ob er kommt", "falls du es gelesen hast").
    static func clauseHasFiniteVerb(after position: Int, in sentence: RuleSentence) -> Bool {
        var last = position
        while sentence.isWord(last + 1) { last += 1 }
        return last > position + 1 && !sentence.isCapitalized(last) && GermanWords.mayBeFiniteVerb(last, in: sentence)
    }

    /// Conjunctions of two words, the comma before the first: "auch wenn", "ohne dass", "als ob".
    static let pairs: [String: Set<String>] = [
        "wenn": ["auch", "selbst", "sogar", "außer", "als"], "dass": ["ohne", "außer", "statt", "anstatt"], "ob": ["als"],
    ]
    /// Words that belong to the conjunction after them, or that join clauses themselves.
    static let joined: Set<String> = [
        "so", "als", "ohne", "statt", "anstatt", "außer", "und", "oder", "sowie", "aber", "auf", "bis", "nur", "gerade", "eben",
        "allein", "zumal", "insbesondere", "besonders", "allem", "sondern", "denn", "also", "doch", "bloß", "einfach", "schon",
        "vor", "nicht", "auch", "sowohl", "weder", "noch", "entweder", "sodass", "umso", "desto", "je", "halt", "wohl", "vielleicht",
        "vermutlich", "wahrscheinlich", "eher", "beispiel", "etwa", "erst", "selbst", "sogar", "lediglich", "ausschließlich", "hauptsächlich", "teilweise", "vor", "vorwiegend",
        "kurz", "lange", "gleich", "unmittelbar", "direkt", "je", "genau", "wenn", "ob", "egal", "gleichgültig", "unabhängig", "frage", "davon",
        // A span of time belongs to the conjunction after it ("drei Tage nachdem er kam").
        "sekunden", "minuten", "stunden", "tage", "wochen", "monate", "jahre", "jahrzehnte", "minute", "stunde", "tag", "woche", "monat", "jahr",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 1..<max(1, sentence.count) where sentence.isWord(position) {
                let text = sentence.text(position)
                // The first word of a two-word conjunction ("auch wenn"), else the conjunction itself.
                var start = position
                if Self.pairs[text]?.contains(sentence.text(position - 1)) == true, !sentence.isCapitalized(position - 1) { start = position - 1 }
                guard Self.conjunctions.contains(text) || start < position, !sentence.isCapitalized(position),
                      sentence.isWord(start - 1) || sentence.isNumber(start - 1),
                      !sentence.isFirstWord(start - 1), !Self.joined.contains(sentence.text(start - 1)),
                      sentence.isWord(position + 1),
                      // A column or a line of its own ("Stufe 2 <tab> falls …") is no clause.
                      !document.startsLine(sentence.tokens[start]),
                      // The clause needs its verb: "falls nötig", "ob deiner Antwort" are none.
                      !Self.needVerb.contains(text) || Self.clauseHasFiniteVerb(after: position, in: sentence)
                        // and opens with its subject ("falls nötig dekomprimiert und übergeben": none).
                        && GermanWords.opensWithSubject(position + 1, in: sentence)
                else { continue }
                let before = sentence.written(start - 1)
                let conjunction = (start..<position + 1).map { sentence.written($0) }.joined(separator: " ")
                let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
                matches.append(document.match(
                    tokens: sentence.tokens[start - 1]..<sentence.tokens[position] + 1, category: category, rule: id,
                    message: RuleText.fill(ruleText.message, ["conjunction": conjunction]), shortMessage: ruleText.shortMessage,
                    suggestions: [before + ", " + conjunction],
                    explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}

/// A comma after a subordinate clause that opens the sentence, before the main clause's verb:
/// "Weil es regnet bleibe ich zu Hause" → "regnet, bleibe". German puts the finite verb last in
/// the subordinate clause and second in the main clause, so the two meet at the clause's end;
/// only verbs that cannot be infinitives are read as finite ("Weil wir essen wollen gehen wir"
/// is left alone, as it cannot be told where the clause ends).
public struct GermanClauseEndCommaRule: ProofreadingRule {
    public let id = "DE_COMMA_AFTER_CLAUSE"
    public let category = MatchCategory.punctuation
    public let description = "A comma after a subordinate clause that opens the sentence."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Weil es regnet bleibe ich zu Hause.", "Weil es regnet, bleibe ich zu Hause.", language: "de-DE"),
        .wrong("Nachdem er gegessen hat geht er schlafen.", "Nachdem er gegessen hat, geht er schlafen.", language: "de-DE"),
        .wrong("Wenn du kommst bringst du Brot mit.", "Wenn du kommst, bringst du Brot mit.", language: "de-DE"),
        .wrong("Ob er kommt weiß ich nicht.", "Ob er kommt, weiß ich nicht.", language: "de-DE"),
        .wrong("Das Auto, das dort steht parkt im Halteverbot.", "Das Auto, das dort steht, parkt im Halteverbot.", language: "de-DE"),
        .right("Weil es regnet, bleibe ich zu Hause. Wenn wir essen wollen gehen wir. Als er kam, war sie fort. Damit kommt er weit.", language: "de-DE"),
        .right("Wenn diese Option verwendet wird, startet nichts. Falls es ausverkauft ist, gehen wir. Wenn er aktiviert ist, läuft es.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a comma after the subordinate clause, before '{verb}'.", shortMessage: "Comma after a clause", title: "Comma after a subordinate clause",
                      detail: "German separates a subordinate clause from its main clause with a comma on both sides. When the sentence opens with the subordinate clause, its verb comes last and the main clause's verb follows at once: the comma goes between them. Weil es regnet, bleibe ich zu Hause."),
        .fr: RuleText(message: "Mettez une virgule après la subordonnée, avant « {verb} ».", shortMessage: "Virgule après la subordonnée", title: "Virgule après la subordonnée",
                      detail: "L’allemand sépare la subordonnée de la principale par une virgule des deux côtés. Quand la phrase commence par la subordonnée, son verbe vient en dernier et celui de la principale le suit aussitôt : la virgule se place entre les deux. Weil es regnet, bleibe ich zu Hause."),
        .de: RuleText(message: "Nach dem Nebensatz steht ein Komma, vor „{verb}“.", shortMessage: "Komma nach Nebensatz", title: "Komma nach dem Nebensatz",
                      detail: "Ein Nebensatz wird auf beiden Seiten durch Komma vom Hauptsatz getrennt. Steht er am Satzanfang, folgt auf sein Verb am Ende gleich das Verb des Hauptsatzes: Dazwischen gehört das Komma. Weil es regnet, bleibe ich zu Hause."),
        .es: RuleText(message: "Ponga una coma tras la subordinada, antes de «{verb}».", shortMessage: "Coma tras la subordinada", title: "Coma tras la subordinada",
                      detail: "El alemán separa la subordinada de la principal con una coma a cada lado. Cuando la frase empieza por la subordinada, su verbo va al final y el de la principal lo sigue enseguida: la coma va entre ambos. Weil es regnet, bleibe ich zu Hause."),
    ]

    /// Conjunctions that open a subordinate clause and nothing else.
    static let conjunctions: Set<String> = [
        "weil", "wenn", "nachdem", "obwohl", "obgleich", "obschon", "wenngleich", "falls", "sobald", "solange", "sofern",
        "soweit", "bevor", "ehe", "damit", "dass", "ob", "als", "während", "seitdem", "indem", "sodass",
    ]

    /// Relative pronouns that open a clause after a comma ("Das Auto, das dort steht, parkt").
    static let relativePronouns: Set<String> = [
        "der", "die", "das", "dem", "den", "denen", "deren", "dessen", "welcher", "welche", "welches", "welchem", "welchen",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            // The clauses whose verb comes last: one that opens the sentence, and one a relative
            // pronoun or a conjunction opens after a comma.
            var openers: [Int] = []
            if var first = (0..<min(3, sentence.count)).first(where: { sentence.isWord($0) }), sentence.isFirstWord(first) {
                // "Und wenn ihr ein Kabel habt wäre das super": a joining word may come first.
                if ["und", "aber", "doch", "oder", "denn"].contains(sentence.text(first)) { first += 1 }
                if Self.conjunctions.contains(sentence.text(first)) { openers.append(first) }
            }
            for comma in 0..<sentence.count where sentence.text(comma) == "," && sentence.isWord(comma + 1) {
                let word = sentence.text(comma + 1)
                if Self.conjunctions.contains(word) || Self.relativePronouns.contains(word) { openers.append(comma + 1) }
            }
            for opener in openers {
                // "Damit kann man …", "Als Kind …", "Während des Tages …": the word opens no clause
                // there; the clause needs a subject (a pronoun or a capital) right after it, or
                // is a relative clause, whose pronoun may be the subject.
                guard Self.relativePronouns.contains(sentence.text(opener)) || GermanWords.opensWithSubject(opener + 1, in: sentence)
                else { continue }
                var position = opener + 1
                while position + 1 < sentence.count, sentence.isWord(position), sentence.isWord(position + 1) {
                    if position > opener, Self.isOnlyFinite(position, in: sentence), Self.isOnlyFinite(position + 1, in: sentence),
                       // A second verb that may be a participle belongs to the first ("war
                       // verheiratet", "benutzt werden soll").
                       !Self.mayBeParticiple(position + 1, in: sentence),
                       // A participle before its auxiliary ends no clause ("aktiviert ist").
                       !(Self.isAuxiliary(position + 1, in: sentence) && Self.mayBeParticiple(position, in: sentence)) {
                        matches.append(sentence.match(
                            position, position + 1, rule: self, texts: Self.texts, context: context,
                            suggestions: [sentence.written(position) + ", " + sentence.written(position + 1)],
                            values: ["verb": sentence.written(position + 1)], keepingCase: true))
                        break
                    }
                    position += 1
                }
            }
        }
        return matches
    }

    /// The auxiliaries a participle goes with at a clause's end ("aktiviert ist", "verwendet wird").
    static let auxiliaryLemmas: Set<String> = ["sein", "haben", "werden"]
    /// Their past and subjunctive forms, which the lexicon reads without their infinitive.
    static let pastAuxiliaries: Set<String> = [
        "war", "warst", "waren", "wart", "wurde", "wurdest", "wurden", "wurdet", "hatte", "hattest", "hatten", "hattet",
        "wäre", "wärst", "wären", "wärt", "würde", "würdest", "würden", "würdet", "hätte", "hättest", "hätten", "hättet",
    ]
    /// Prefixes that keep "ge" out of a participle, which is then the present's third person:
    /// verwenden → verwendet, aktivieren → aktiviert, ausverkaufen → ausverkauft.
    /// (unter, über, durch, hinter, wider are inseparable in some verbs: unterdrückt, übersetzt.)
    static let inseparablePrefixes = ["be", "ge", "er", "ver", "zer", "ent", "emp", "miss", "unter", "über", "durch", "hinter", "wider"]
    static let separablePrefixes = ["ab", "an", "auf", "aus", "bei", "ein", "mit", "nach", "vor", "weg", "zu", "zurück", "her", "hin", "fest", "los", "um"]

    /// Whether the word at `position` is a form of sein, haben or werden.
    static func isAuxiliary(_ position: Int, in sentence: RuleSentence) -> Bool {
        let text = sentence.text(position)
        return pastAuxiliaries.contains(text) || sentence.readings(position).contains { auxiliaryLemmas.contains($0.lemma) }
            || GermanClosedWordClasses.table[text]?.contains { auxiliaryLemmas.contains($0.lemma) } == true
    }

    /// Whether the word at `position` may be a participle written as a present (`participleIsPresent`).
    static func mayBeParticiple(_ position: Int, in sentence: RuleSentence) -> Bool {
        sentence.readings(position).contains { participleIsPresent($0.lemma, lexicon: sentence.lexicon) }
    }

    /// Whether the verb `lemma`'s participle is written as its present's third person, so that
    /// before an auxiliary it is the participle of the same clause, not its finite verb.
    /// After "ge" the rest must be a verb of its own (ge|hören, ge|brauchen), so that gehen and
    /// geben are not taken for prefixed verbs; the other prefixes are enough (erledigen).
    static func participleIsPresent(_ lemma: String, lexicon: Lexicon) -> Bool {
        if lemma.hasSuffix("ieren") { return true }
        var stem = Substring(lemma)
        if let prefix = separablePrefixes.first(where: { stem.hasPrefix($0) && stem.count > $0.count + 3 }) { stem = stem.dropFirst(prefix.count) }
        return inseparablePrefixes.contains { prefix in
            stem.hasPrefix(prefix) && stem.count > prefix.count + 2
                && (prefix != "ge" || lexicon.tags(of: String(stem.dropFirst(prefix.count))).contains(.VB))
        }
    }

    /// Whether the word at `position` is a finite verb and can be nothing else: no infinitive
    /// (essen, wollen), adjective or closed-class reading; a noun's reading does not count, as
    /// the word is written small (bleibe, not die Bleibe).
    static func isOnlyFinite(_ position: Int, in sentence: RuleSentence) -> Bool {
        guard !sentence.isCapitalized(position) else { return false }
        if let closed = GermanClosedWordClasses.table[sentence.text(position)] {
            // "werden", "können": the plural is also the infinitive ("gefunden werden kann").
            return closed.allSatisfy { $0.tag == .VBF && $0.lemma != sentence.text(position) }
        }
        let readings = sentence.readings(position).filter { $0.tag != .NN }
        // With a person: forms the lexicon reads as finite without one (ausreichend, lesbar) are not.
        return !readings.isEmpty && readings.allSatisfy { $0.tag == .VBF && !$0.features.intersection(.person).isEmpty }
    }
}
