/// "Hablo español porque yo quiero viajar": a first-person subject pronoun (yo, nosotros)
/// again in a sentence whose earlier verb already has that person. Spanish shows the person in
/// the verb's ending, so the pronoun only adds weight where persons are set against each other
/// ("yo no, pero tú sí"), which another person's pronoun in the sentence shows; there, and
/// before también or mismo, it is left, and so it is after a form the first and third person
/// share (yo estaba) or a word that is also a noun or adjective (estudio, vivo).
struct SpanishRedundantPronounRule: ProofreadingRule {
    let id = "ES_PRONOMBRE_REDUNDANTE"
    let category = MatchCategory.style
    let description = "A first-person subject pronoun the verb's ending already says."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("Hablo español porque yo quiero viajar.", "Hablo español porque quiero viajar.", language: "es"),
        .wrong("Vivimos en Davis y nosotros no tenemos coche.", "Vivimos en Davis y no tenemos coche.", language: "es"),
        .wrong("Tengo un perro, yo lo cuido cada día.", "Tengo un perro, lo cuido cada día.", language: "es"),
        .right("Yo quiero ir. Estudio porque quiero. Estudio y yo también trabajo. Trabajo, pero tú no; yo sí trabajo.", language: "es"),
        .right("Creo que él y yo somos amigos. Soy alto y ella es baja, pero yo soy mayor.", language: "es"),
        .right("Supe que estaba en su último año y yo estaba en mi primero. Cuando era niña, yo jugaba mucho.", language: "es"),
        .right("Algunos dicen que me he ablandado, yo me limito a decir que gruño menos. A lo largo de los años, yo he escrito mucho.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "The verb already says who: '{suggestion}'.", shortMessage: "Subject pronoun",
            title: "Subject pronoun said twice",
            detail: "Spanish shows the person in the verb's ending (quiero, tenemos), so after a verb in the same person the sentence goes on without yo or nosotros; the pronoun is kept to set one person against another (yo no, pero tú sí)."),
        .fr: RuleText(
            message: "Le verbe dit déjà qui : « {suggestion} ».", shortMessage: "Pronom sujet",
            title: "Pronom sujet répété",
            detail: "L’espagnol marque la personne dans la terminaison du verbe (quiero, tenemos) ; après un verbe à la même personne, la phrase continue donc sans yo ni nosotros. Le pronom ne sert qu’à opposer une personne à une autre (yo no, pero tú sí)."),
        .de: RuleText(
            message: "Das Verb sagt schon, wer: „{suggestion}“.", shortMessage: "Subjektpronomen",
            title: "Subjektpronomen doppelt",
            detail: "Das Spanische zeigt die Person in der Verbendung (quiero, tenemos); nach einem Verb in derselben Person geht der Satz daher ohne yo oder nosotros weiter. Das Pronomen steht nur, um Personen einander gegenüberzustellen (yo no, pero tú sí)."),
        .es: RuleText(
            message: "El verbo ya dice quién: «{suggestion}».", shortMessage: "Pronombre sujeto",
            title: "Pronombre sujeto repetido",
            detail: "El español marca la persona en la terminación del verbo (quiero, tenemos); tras un verbo en la misma persona, la oración sigue sin yo ni nosotros. El pronombre se mantiene para oponer una persona a otra (yo no, pero tú sí)."),
    ]

    /// The pronouns the rule looks at (the first person's), with the person and number of their verb.
    static let pronouns = SpanishClosedWordClasses.subjectPronouns.filter { $0.value.contains(.first) }

    /// Pronouns of the other persons (and vos, which the table of subject pronouns lacks): with one
    /// of them in the sentence, yo or nosotros may set one person against another.
    static let otherPersons = Set(SpanishClosedWordClasses.subjectPronouns.filter { !$0.value.contains(.first) }.keys).union(["vos"])

    /// Words after which a clause, with its own subject, starts.
    static let boundaries: Set<String> = [",", ";", "y", "e", "pero", "porque", "que", "cuando", "pues", "aunque", "si", "mientras", "donde", "ni", "entonces"]

    /// Object pronouns and "no" that stand between the subject and its verb.
    static let beforeVerb: Set<String> = ["no", "me", "te", "se", "lo", "la", "le", "nos", "os", "los", "las", "les", "ya", "siempre", "nunca"]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            let count = sentence.count
            guard (0..<count).contains(where: { Self.pronouns[sentence.text($0)] != nil }),
                  !(0..<count).contains(where: { Self.otherPersons.contains(sentence.text($0)) })
            else { continue }
            for position in 1..<max(1, count) {
                guard let person = Self.pronouns[sentence.text(position)], Self.boundaries.contains(sentence.text(position - 1)),
                      let verb = verb(after: position, person: person, in: sentence),
                      (0..<position - 1).contains(where: { hasVerb(person, at: $0, in: sentence) && !sentence.tags($0).containsAny(WordTags([.NN, .JJ, .RB])) }),
                      // "Algunos dicen que…, yo me limito": a verb of another person before sets them against each other.
                      !(0..<position - 1).contains(where: { isOtherPersonVerb(person, at: $0, in: sentence) })
                else { continue }
                matches.append(sentence.match(position, verb, rule: self, texts: Self.texts, context: context,
                                              suggestions: [sentence.written(from: position + 1, to: verb)]))
            }
        }
        return matches
    }

    /// The position of the finite verb in `person` that the pronoun at `position` is the subject
    /// of, past "no" and object pronouns; nil when another word comes first.
    private func verb(after position: Int, person: WordFeatures, in sentence: RuleSentence) -> Int? {
        var next = position + 1
        while next < sentence.count, Self.beforeVerb.contains(sentence.text(next)) { next += 1 }
        return hasVerb(person, at: next, in: sentence) ? next : nil
    }

    /// Whether the word at `position` is only a finite verb, and in another person than `person`.
    private func isOtherPersonVerb(_ person: WordFeatures, at position: Int, in sentence: RuleSentence) -> Bool {
        guard sentence.isWord(position), !sentence.isClosedClassOrNumber(position), !sentence.tags(position).containsAny(WordTags([.NN, .JJ, .RB])) else { return false }
        let finite = sentence.readings(position).filter { $0.tag == .VBF }
        return !finite.isEmpty && !finite.contains { $0.features.isSuperset(of: person) }
    }

    /// Whether the word at `position` is a finite verb in `person` and in no other (and no
    /// closed-class word, such as "como", which is also a form of comer).
    private func hasVerb(_ person: WordFeatures, at position: Int, in sentence: RuleSentence) -> Bool {
        guard position < sentence.count, sentence.isWord(position), !sentence.isCapitalized(position) || sentence.isFirstWord(position),
              !sentence.isClosedClassOrNumber(position)
        else { return false }
        // A form of the first and third person alike (era, estaba, quería, podría) needs its
        // pronoun to say who: only a form of this person alone counts.
        let finite = sentence.readings(position).filter { $0.tag == .VBF }
        return finite.contains { $0.features.isSuperset(of: person) } && !finite.contains { !$0.features.contains(.first) }
    }
}
