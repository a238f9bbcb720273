/// The "ne" of the negation, which speech drops and writing keeps: "j’ai pas compris" →
/// "je n’ai pas compris".
public struct FrenchNegationRule: ProofreadingRule {
    public let id = "FR_NEGATION_NE"
    public let category = MatchCategory.grammar
    public let description = "The negation has two parts: ne ... pas, ne ... jamais."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("On a pas compris.", "On n’a pas compris.", language: "fr"),
        .wrong("Il part pas encore.", "Il ne part pas encore.", language: "fr"),
        .wrong("On nous a jamais écoutés.", "On ne nous a jamais écoutés.", language: "fr"),
        .wrong("J’ai pas compris.", "Je n’ai pas compris.", language: "fr"),
        .right("On n’a pas compris. Pas maintenant. Il a fini, pas moi. Il mange plus que toi.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write the 'ne' of the negation: '{suggestion}'.", shortMessage: "Missing ne", title: "Negation in two parts",
                      detail: "Written French negates with two words around the verb: ne ... pas, ne ... jamais (je n’ai pas compris). Speech often drops ne; writing keeps it. Before a vowel, ne becomes n’."),
        .fr: RuleText(message: "Écrivez le « ne » de la négation : « {suggestion} ».", shortMessage: "Ne oublié", title: "Négation en deux parties",
                      detail: "À l’écrit, la négation encadre le verbe de deux mots : ne ... pas, ne ... jamais (je n’ai pas compris). L’oral laisse souvent tomber le ne ; l’écrit le garde. Devant une voyelle, ne devient n’."),
        .de: RuleText(message: "Schreiben Sie das „ne“ der Verneinung: „{suggestion}“.", shortMessage: "Fehlendes ne", title: "Zweiteilige Verneinung",
                      detail: "Das geschriebene Französisch verneint mit zwei Wörtern um das Verb: ne ... pas, ne ... jamais (je n’ai pas compris). Gesprochen fällt ne oft weg, geschrieben bleibt es. Vor einem Vokal wird ne zu n’."),
        .es: RuleText(message: "Escriba el «ne» de la negación: «{suggestion}».", shortMessage: "Falta ne", title: "Negación en dos partes",
                      detail: "El francés escrito niega con dos palabras alrededor del verbo: ne ... pas, ne ... jamais (je n’ai pas compris). El habla suele omitir ne; la escritura lo conserva. Ante vocal, ne se convierte en n’."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let apostrophe = FrenchTypography.apostrophe(in: document)
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            guard !sentence.texts.contains("ne"), !sentence.texts.contains("n'") else { continue }
            for position in 0..<sentence.count where sentence.isWord(position) {
                guard let subject = subjects[position] else { continue }
                let first = position + 1
                let verb = FrenchSubject.skipClitics(from: first, in: sentence)
                guard sentence.isWord(verb), ["pas", "jamais"].contains(sentence.text(verb + 1)),
                      !["moins", "mal", "plus", "que"].contains(sentence.text(verb + 2)),
                      sentence.readings(verb).contains(where: { $0.tag == .VBF }), !sentence.has(verb, .NN) || subject.isPronoun
                else { continue }
                // "ne" goes before the clitics and the verb, elided before a vowel.
                let head = sentence.text(first)
                let ne = FrenchElision.takesElision(head) || head == "y" ? "n" + apostrophe : "ne "
                var start = first
                var suggestion = ne + sentence.written(from: first, to: verb + 1)
                // "J’ai pas" becomes "Je n’ai pas": the subject takes its full form again.
                if ["j'"].contains(sentence.text(position)) {
                    start = position
                    suggestion = "je " + suggestion
                }
                matches.append(sentence.match(start, verb + 1, rule: self, texts: Self.texts, context: context, suggestions: [suggestion]))
            }
        }
        return matches
    }
}

/// The subjunctive after the conjunctions that call for it: "bien que tu as" → "bien que tu
/// aies", "pour que vous donnez" → "pour que vous donniez".
public struct FrenchSubjunctiveRule: ProofreadingRule {
    public let id = "FR_SUBJONCTIF"
    public let category = MatchCategory.grammar
    public let description = "The subjunctive after bien que, pour que, avant que, à condition que, vouloir que, douter que, ..."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Bien que tu as fini le livre, tu dois le relire.", "Bien que tu aies fini le livre, tu dois le relire.", language: "fr"),
        .wrong("Je vous écris pour que vous me donnez votre avis.", "Je vous écris pour que vous me donniez votre avis.", language: "fr"),
        .wrong("Tu viendras à condition que tu finis tes devoirs.", "Tu viendras à condition que tu finisses tes devoirs.", language: "fr"),
        .right("Bien que tu aies raison. Pour que nous puissions partir. Après qu’il est parti.", language: "fr"),
        .wrong("Je veux qu’il choisit une autre route.", "Je veux qu’il choisisse une autre route.", language: "fr"),
        .wrong("Elle doutait que Paul est au courant.", "Elle doutait que Paul soit au courant.", language: "fr"),
        .wrong("Afin que Valérie trouva refuge.", "Afin que Valérie trouve refuge.", language: "fr"),
        .wrong("Il vaudrait mieux que tu es là.", "Il vaudrait mieux que tu sois là.", language: "fr"),
        .wrong("Il faut que les hommes sont là.", "Il faut que les hommes soient là.", language: "fr"),
        .wrong("Nous partirons, encore que le temps est incertain.", "Nous partirons, encore que le temps soit incertain.", language: "fr"),
        .wrong("Pour peu que tu as le temps, passe me voir.", "Pour peu que tu aies le temps, passe me voir.", language: "fr"),
        .wrong("Non que je suis fâché, mais je suis las.", "Non que je sois fâché, mais je suis las.", language: "fr"),
        .right("Il n’y a encore que deux places. Il en reste un peu que je garde.", language: "fr"),
        .right("Je crois qu’il finit. Je ne doute pas qu’il est là. Il dit que Paul est parti. Je veux que tu viennes.", language: "fr"),
        .right("Le livre que je veux est là. Il fait mieux que toi. Ce que Paul aime, c’est lire.", language: "fr"),
        .wrong("Je veille à ce que les enfants sont prêts.", "Je veille à ce que les enfants soient prêts.", language: "fr"),
        .wrong("Fais attention à ce qu’il vient.", "Fais attention à ce qu’il vienne.", language: "fr"),
        .wrong("Attends jusqu’à ce qu’il vient.", "Attends jusqu’à ce qu’il vienne.", language: "fr"),
        .right("Songe à ce que tu vas faire. Cela tient à ce qu’elle devient plus forte. Je compatis à ce que vous souffrez.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After '{conjunction}', the verb is in the subjunctive: '{suggestion}'.", shortMessage: "Subjunctive",
                      title: "Subjunctive after a conjunction",
                      detail: "Conjunctions of purpose, concession, condition and time before the event (pour que, afin que, bien que, quoique, à condition que, pourvu que, avant que, jusqu’à ce que, sans que) are followed by the subjunctive: bien que tu aies raison, pour qu’il puisse venir; so is the que after a verb of will, doubt, fear or feeling (vouloir, souhaiter, douter, craindre, regretter, s’étonner, il faut, il suffit, il vaut mieux): je veux qu’il finisse. Après que, croire que and dire que take the indicative."),
        .fr: RuleText(message: "Après « {conjunction} », le verbe se met au subjonctif : « {suggestion} ».", shortMessage: "Subjonctif",
                      title: "Subjonctif après une conjonction",
                      detail: "Les conjonctions de but, de concession, de condition et d’antériorité (pour que, afin que, bien que, quoique, à condition que, pourvu que, avant que, jusqu’à ce que, sans que) demandent le subjonctif : bien que tu aies raison, pour qu’il puisse venir ; de même le que après un verbe de volonté, de doute, de crainte ou de sentiment (vouloir, souhaiter, douter, craindre, regretter, s’étonner, il faut, il suffit, il vaut mieux) : je veux qu’il finisse. Après que, croire que et dire que se construisent avec l’indicatif."),
        .de: RuleText(message: "Nach „{conjunction}“ steht der Subjonctif: „{suggestion}“.", shortMessage: "Subjonctif",
                      title: "Subjonctif nach einer Konjunktion",
                      detail: "Konjunktionen des Zwecks, der Einräumung, der Bedingung und der Vorzeitigkeit (pour que, afin que, bien que, quoique, à condition que, pourvu que, avant que, jusqu’à ce que, sans que) verlangen den Subjonctif: bien que tu aies raison, pour qu’il puisse venir; ebenso que nach einem Verb des Wollens, Zweifelns, Fürchtens oder Fühlens (vouloir, souhaiter, douter, craindre, regretter, s’étonner, il faut, il suffit, il vaut mieux): je veux qu’il finisse. Après que, croire que und dire que stehen mit Indikativ."),
        .es: RuleText(message: "Tras «{conjunction}», el verbo va en subjuntivo: «{suggestion}».", shortMessage: "Subjuntivo",
                      title: "Subjuntivo tras una conjunción",
                      detail: "Las conjunciones de finalidad, concesión, condición y anterioridad (pour que, afin que, bien que, quoique, à condition que, pourvu que, avant que, jusqu’à ce que, sans que) piden subjuntivo: bien que tu aies raison, pour qu’il puisse venir; también el que tras un verbo de voluntad, duda, temor o sentimiento (vouloir, souhaiter, douter, craindre, regretter, s’étonner, il faut, il suffit, il vaut mieux): je veux qu’il finisse. Après que, croire que y dire que van con indicativo."),
    ]

    /// The words before "que" that make a conjunction calling for the subjunctive.
    static let beforeQue: Set<String> = [
        "bien", "pour", "afin", "avant", "sans", "condition", "pourvu", "moins", "peur", "crainte", "attendant", "ce", "façon", "sorte",
        "faut", "faudrait", "fallait", "encore", "non", "peu",
    ]

    /// Verbs (lemmas) whose "que" clause is in the subjunctive: will, wish, doubt, fear, feeling,
    /// need ("je veux qu’il finisse", "elle doutait que Viviane fût", "il suffit qu’il coure").
    static let verbsBeforeQue: Set<String> = [
        "vouloir", "souhaiter", "désirer", "exiger", "ordonner", "demander", "douter", "craindre", "redouter", "regretter",
        "étonner", "aimer", "préférer", "suffire", "falloir", "valoir", "accepter", "refuser", "permettre", "empêcher",
        "interdire", "attendre", "tenir", "déplorer", "arriver",
    ]

    /// Verbs (lemmas) whose "à ce que" clause is in the subjunctive.
    static let verbsBeforeACeQue: Set<String> = [
        "veiller", "attendre", "opposer", "consentir", "habituer", "accoutumer", "refuser", "tenir", "aspirer", "tendre",
        "contribuer", "résigner", "employer", "travailler", "parvenir", "arriver", "chercher", "exposer",
    ]

    /// Whether the word at `verb` governs "à ce que" with the subjunctive: one of `verbsBeforeACeQue`
    /// (tenir only after a person: "je tiens à ce que"; "cela tient à ce que" gives a cause), or the
    /// noun of faire attention and prendre garde.
    static func governsACeQue(_ verb: Int, in sentence: RuleSentence) -> Bool {
        guard verb >= 0, sentence.isWord(verb) else { return false }
        // "faire attention à ce que", "prendre garde à ce que".
        if ["attention", "garde"].contains(sentence.text(verb)) { return true }
        let lemmas = sentence.readings(verb).filter { [.VBF, .VB, .VBN, .VBG].contains($0.tag) }.map(\.lemma)
        guard let lemma = lemmas.first(where: verbsBeforeACeQue.contains) else { return false }
        if lemma == "tenir" {
            return ["je", "j'", "tu", "il", "elle", "nous", "vous", "ils", "elles", "on"].contains(sentence.text(verb - 1))
        }
        return true
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            for position in 0..<sentence.count where ["que", "qu'", "quoique", "quoiqu'"].contains(sentence.text(position)) {
                let before = sentence.text(position - 1)
                var conjunction: String
                if sentence.text(position).hasPrefix("quoiqu") {
                    conjunction = sentence.written(position)
                } else if Self.beforeQue.contains(before) {
                    // "je sais bien que": bien goes with the verb there.
                    if before == "bien", sentence.tags(position - 2).containsAny(WordTags([.VBF, .VB, .VBN, .VBG])) { continue }
                    // "ce que" only in "jusqu'à ce que" and after a verb that governs "à ce que" with
                    // the subjunctive (veiller à ce que, s'attendre à ce que); elsewhere "à ce que" is
                    // "to what" (songer à ce que tu vas faire, cela tient à ce qu'il devient fort).
                    if before == "ce", sentence.text(position - 2) != "à" || !sentence.text(position - 3).hasPrefix("jusqu") && !Self.governsACeQue(position - 3, in: sentence) { continue }
                    // "faire en sorte que" asks the subjunctive; "de sorte que" is as often a result,
                    // with the indicative (de sorte que ces réglages peuvent être restaurés).
                    if before == "sorte", sentence.text(position - 2) != "en" { continue }
                    if ["façon", "peur", "crainte", "moins", "condition"].contains(before), !["de", "en", "à"].contains(sentence.text(position - 2)) { continue }
                    // "encore que", "non que" (concessions), "pour peu que": the subjunctive; "peu
                    // que" alone is a comparison (moins peu que).
                    if before == "peu", sentence.text(position - 2) != "pour" { continue }
                    if before == "non", sentence.isWord(position - 2), ![",", "et", "mais"].contains(sentence.text(position - 2)) { continue }
                    if before == "encore", sentence.isWord(position - 2), sentence.tags(position - 2).containsAny(WordTags([.VBF, .VB])) { continue }
                    conjunction = sentence.written(from: max(0, position - (before == "ce" ? 3 : 1)), to: position)
                } else if let verb = Self.governingVerb(before: position, in: sentence) {
                    conjunction = sentence.written(from: verb, to: position)
                } else {
                    continue
                }
                // The clause's subject: a pronoun, or a noun phrase or name that starts right after que.
                guard let (wanted, verb, pronounSubject) = FrenchSubject.clause(at: position + 1, in: sentence, subjects: subjects, demonstratives: false)
                else { continue }
                guard sentence.isWord(verb) else { continue }
                let verbs = sentence.readings(verb).filter { $0.tag == .VBF && $0.features.isSuperset(of: wanted) }
                let indicative = WordFeatures([.indicativePresent, .future, .simplePast, .indicativeImperfect])
                guard !verbs.isEmpty, !verbs.contains(where: { $0.features.contains(.subjunctivePresent) || $0.features.contains(.subjunctiveImperfect) }),
                      verbs.contains(where: { !$0.features.intersection(indicative).isEmpty }),
                      pronounSubject || verbs.contains(where: { ["être", "avoir"].contains($0.lemma) })
                        || !sentence.readings(verb).contains(where: { $0.tag == .NN || $0.tag == .JJ })
                else { continue }
                // "bien qu'il reçut": a simple past in -ut or -it alone is the literary imperfect
                // subjunctive (reçût, fît) without its circumflex; the accent is not this rule's to say.
                let written = sentence.text(verb)
                if written.hasSuffix("ut") || written.hasSuffix("it"),
                   !verbs.contains(where: { $0.features.contains(.indicativePresent) || $0.features.contains(.future) }) { continue }
                // "je suis" is être before suivre: an auxiliary's form first.
                let auxiliary = verbs.first { ["être", "avoir"].contains($0.lemma) }?.lemma
                let forms = sentence.lexicon.inflections(of: auxiliary ?? sentence.text(verb), to: .VBF, features: wanted.union(WordFeatures([.subjunctivePresent])))
                guard let form = forms.first else { continue }
                matches.append(sentence.match(verb, verb, rule: self, texts: Self.texts, context: context, suggestions: [form],
                                              values: ["conjunction": conjunction]))
            }
        }
        return matches
    }

    /// The verb of will, doubt or feeling whose object the "que" at `position` opens, with the
    /// negation and adverbs between ("je ne veux pas que", "il vaudrait mieux que", "mieux vaut
    /// que"); nil for other verbs ("je crois que", "il dit que") and for "douter" negated, which
    /// takes the indicative too.
    static func governingVerb(before position: Int, in sentence: RuleSentence) -> Int? {
        var verb = position - 1
        var negated = false
        while verb > 0, ["pas", "plus", "jamais", "mieux", "bien", "vraiment", "toujours"].contains(sentence.text(verb)) {
            if sentence.text(verb) != "mieux" { negated = true }
            verb -= 1
        }
        // "nul doute que", "c'est de cette faille que", "cet interdit qu'il faut": a noun before que.
        // After its subject pronoun or a clitic the word is the verb ("je doute que").
        let afterSubject = FrenchSubject.pronouns[sentence.text(verb - 1)] != nil || FrenchClosedWordClasses.clitics.contains(sentence.text(verb - 1))
        guard verb >= 0, sentence.isWord(verb), afterSubject || !sentence.tags(verb).containsAny(WordTags([.NN, .JJ])) else { return nil }
        let lemmas = sentence.readings(verb).filter { [.VBF, .VB, .VBN].contains($0.tag) }.map(\.lemma)
        guard let lemma = lemmas.first(where: verbsBeforeQue.contains) else {
            // "mieux vaut que": valoir after mieux.
            return nil
        }
        if lemma == "douter", negated || sentence.text(verb - 1) == "ne" || sentence.text(verb - 1) == "n'" { return nil }
        // "tenir à ce que", "s'attendre à ce que" are written with "à ce": only the verb alone here.
        if ["tenir", "attendre"].contains(lemma) { return nil }
        // "il arrive que", "il faut que": impersonal, with il before.
        if lemma == "arriver", sentence.text(verb - 1) != "il" { return nil }
        if lemma == "valoir", !(sentence.text(position - 1) == "mieux" || sentence.text(verb - 1) == "mieux") { return nil }
        return verb
    }
}

/// The past participle after "avoir" agrees with a direct object placed before it by "que":
/// "les documents qu’ils ont acheté" → "achetés", "la femme que j’ai aidé" → "aidée".
public struct FrenchRelativeParticipleRule: ProofreadingRule {
    public let id = "FR_PARTICIPE_QUE_AVOIR"
    public let category = MatchCategory.grammar
    public let description = "The past participle after que ... avoir agrees with the noun que stands for."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Les documents qu’ils ont acheté sont là.", "Les documents qu’ils ont achetés sont là.", language: "fr"),
        .wrong("La femme que j’ai aidé est partie.", "La femme que j’ai aidée est partie.", language: "fr"),
        .wrong("Le tableau qu’elles ont vendus.", "Le tableau qu’elles ont vendu.", language: "fr"),
        .right("Les pommes que j’ai mangées. Le fait que j’ai mangé. Les heures que j’ai passées. L’idée que tu as eue.", language: "fr"),
        .right("Les lettres que j’ai essayé de lire. Les clés qu’il a réussi à retrouver. La mère et la fille que j’ai vues.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "'{written}' agrees with '{noun}', the object that que stands for: write '{suggestion}'.", shortMessage: "Participle and object",
                      title: "Participle after que ... avoir",
                      detail: "With avoir, the past participle agrees with the direct object when that object comes before the verb. In 'les pommes que j’ai mangées', que stands for les pommes, placed before ai mangé: the participle is feminine plural."),
        .fr: RuleText(message: "« {written} » s’accorde avec « {noun} », le complément que reprend « que » : écrivez « {suggestion} ».", shortMessage: "Participe et COD",
                      title: "Participe passé après que ... avoir",
                      detail: "Avec avoir, le participe passé s’accorde avec le complément d’objet direct quand celui-ci est placé avant le verbe. Dans « les pommes que j’ai mangées », que reprend les pommes, placé avant ai mangé : le participe est au féminin pluriel."),
        .de: RuleText(message: "„{written}“ richtet sich nach „{noun}“, dem Objekt, für das que steht: „{suggestion}“.", shortMessage: "Partizip und Objekt",
                      title: "Partizip nach que ... avoir",
                      detail: "Mit avoir richtet sich das Partizip nach dem direkten Objekt, wenn dieses vor dem Verb steht. In „les pommes que j’ai mangées“ steht que für les pommes vor ai mangé: Das Partizip ist weiblich Plural."),
        .es: RuleText(message: "«{written}» concuerda con «{noun}», el complemento al que se refiere que: escriba «{suggestion}».", shortMessage: "Participio y objeto",
                      title: "Participio tras que ... avoir",
                      detail: "Con avoir, el participio concuerda con el complemento directo cuando este va antes del verbo. En «les pommes que j’ai mangées», que se refiere a les pommes, situado antes de ai mangé: el participio es femenino plural."),
    ]

    /// Nouns after which "que" starts a clause that says what they are, not a relative clause.
    static let completiveNouns: Set<String> = [
        "fait", "idée", "preuve", "sentiment", "impression", "espoir", "certitude", "peur", "crainte", "nouvelle", "condition",
        "moment", "temps", "jour", "fois", "hypothèse", "chance", "risque", "raison", "façon", "manière", "sorte", "point", "avis",
        "opinion", "pensée", "conviction", "doute", "question", "annonce", "signe", "assurance", "garantie", "promesse", "rumeur",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 1..<max(1, sentence.count) where ["que", "qu'"].contains(sentence.text(position)) {
                // The noun just before que, with its determiner.
                let noun = position - 1
                guard sentence.has(noun, .NN), !Self.completiveNouns.contains(sentence.text(noun)) else { continue }
                var phrase: FrenchNounPhrases.NounPhrase?
                for start in stride(from: noun - 1, through: max(0, noun - 3), by: -1) {
                    if let found = FrenchNounPhrases.nounPhrase(at: start, in: sentence), found.noun == noun { phrase = found; break }
                }
                guard let phrase else { continue }
                let nouns = FrenchNounPhrases.agreeingNounReadings(phrase, in: sentence)
                guard !nouns.isEmpty else { continue }
                var features = WordFeatures()
                for reading in nouns { features = features.union(FrenchWords.common(reading.features, phrase.determinerFeatures)) }
                let target = FrenchWords.certain(features).subtracting(.person)
                guard target.intersection(.gender).bits.nonzeroBitCount == 1, target.intersection(.number).bits.nonzeroBitCount == 1 else { continue }
                // que, a subject pronoun, avoir, adverbs, the participle.
                guard FrenchSubject.pronouns[sentence.text(position + 1)] != nil else { continue }
                var next = position + 2
                while sentence.isWord(next), ["ne", "n'", "lui", "leur", "y"].contains(sentence.text(next)) { next += 1 }
                guard sentence.readings(next).contains(where: { $0.tag == .VBF && $0.lemma == "avoir" }) else { continue }
                next += 1
                while FrenchParticipleRule.adverbs.contains(sentence.text(next)) || ["un", "peu"].contains(sentence.text(next)) { next += 1 }
                let participles = sentence.readings(next).filter { $0.tag == .VBN }
                guard !participles.isEmpty, !sentence.has(FrenchSubject.skipClitics(from: next + 1, in: sentence), .VB),
                      sentence.text(next) != "été", sentence.text(next) != "fait",
                      !participles.contains(where: { $0.features.isSuperset(of: target) })
                else { continue }
                // "que j'ai essayé de lire", "qu'ils ont réussi à prendre": que is the object of the
                // infinitive, and the participle stays as it is; so when an object follows it
                // ("que j'ai pris l'habitude de", "que nous avons sorti Patrick").
                let afterParticiple = next + 1
                if ["à", "de", "d'", "d’"].contains(sentence.text(afterParticiple)),
                   sentence.has(FrenchSubject.skipClitics(from: afterParticiple + 1, in: sentence), .VB) {
                    continue
                }
                if FrenchNounPhrases.determinerFeatures(at: afterParticiple, in: sentence) != nil || sentence.isCapitalized(afterParticiple) {
                    continue
                }
                // "la vision et la philosophie que j'ai élaborées": it agrees with both nouns.
                if ["et", "ou"].contains(sentence.text(phrase.determiner - 1)) { continue }
                guard let form = sentence.lexicon.inflections(of: sentence.text(next), to: .VBN, features: target).first else { continue }
                matches.append(sentence.match(next, next, rule: self, texts: Self.texts, context: context, suggestions: [form],
                                              values: ["noun": sentence.written(phrase.noun)]))
            }
        }
        return matches
    }
}
