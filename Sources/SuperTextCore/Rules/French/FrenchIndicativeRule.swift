/// The indicative where French has no subjunctive: after quand, lorsque, dès que, après que,
/// parce que, pendant que, pourquoi ("quand elle rencontrât" → "rencontre", "dès que je le voie"
/// → "vois"), and in a clause that opens with its subject pronoun ("j'aie faim" → "ai"). A form
/// that is also an indicative or an imperative is left alone.
public struct FrenchIndicativeRule: ProofreadingRule {
    public let id = "FR_INDICATIF"
    public let category = MatchCategory.grammar
    public let description = "The indicative after quand, lorsque, dès que, après que, parce que, and in a main clause."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Dès que je le voie, je le lui dis.", "Dès que je le vois, je le lui dis.", language: "fr"),
        .wrong("Quand il soit là, nous partirons.", "Quand il est là, nous partirons.", language: "fr"),
        .wrong("J’aie faim.", "J’ai faim.", language: "fr"),
        .wrong("Pourquoi je sois perdu ?", "Pourquoi je suis perdu ?", language: "fr"),
        .wrong("Après qu’il eût pensé à tout, il partit.", "Après qu’il eut pensé à tout, il partit.", language: "fr"),
        .right("Quand il mange, il parle. Bien qu’il soit là. Je veux qu’il soit là. Qu’il vienne !", language: "fr"),
        .right("Dès que je le vois, je pars. Lorsqu’elle chante, on l’écoute. S’il eût su, il serait venu.", language: "fr"),
        .right("Il eût été impossible de partir. On eût dit un cri.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Here the verb is in the indicative: '{suggestion}'.", shortMessage: "Indicative",
            title: "Indicative, not subjunctive",
            detail: "The subjunctive belongs to clauses that depend on a verb or conjunction calling for it (je veux qu’il vienne, bien qu’il soit là). After quand, lorsque, dès que, après que, pendant que, parce que and pourquoi, and in a clause of its own, the verb is in the indicative: dès que je le vois, après qu’il eut fini, j’ai faim."),
        .fr: RuleText(
            message: "Ici le verbe se met à l’indicatif : « {suggestion} ».", shortMessage: "Indicatif",
            title: "Indicatif, non subjonctif",
            detail: "Le subjonctif appartient aux propositions qui dépendent d’un verbe ou d’une conjonction qui le demande (je veux qu’il vienne, bien qu’il soit là). Après quand, lorsque, dès que, après que, pendant que, parce que et pourquoi, et dans une proposition indépendante, le verbe est à l’indicatif : dès que je le vois, après qu’il eut fini, j’ai faim."),
        .de: RuleText(
            message: "Hier steht das Verb im Indikativ: „{suggestion}“.", shortMessage: "Indikativ",
            title: "Indikativ, nicht Subjonctif",
            detail: "Der Subjonctif gehört in Nebensätze, die von einem Verb oder einer Konjunktion abhängen, die ihn verlangt (je veux qu’il vienne, bien qu’il soit là). Nach quand, lorsque, dès que, après que, pendant que, parce que und pourquoi und im Hauptsatz steht der Indikativ: dès que je le vois, après qu’il eut fini, j’ai faim."),
        .es: RuleText(
            message: "Aquí el verbo va en indicativo: «{suggestion}».", shortMessage: "Indicativo",
            title: "Indicativo, no subjuntivo",
            detail: "El subjuntivo corresponde a las oraciones que dependen de un verbo o una conjunción que lo pide (je veux qu’il vienne, bien qu’il soit là). Tras quand, lorsque, dès que, après que, pendant que, parce que y pourquoi, y en una oración independiente, el verbo va en indicativo: dès que je le vois, après qu’il eut fini, j’ai faim."),
    ]

    /// Words that open a clause in the indicative, and the words before "que" that make such a
    /// conjunction (dès que, après que, pendant que, parce que, tandis que, alors que).
    static let openers: Set<String> = ["quand", "lorsque", "lorsqu'", "pourquoi", "puisque", "puisqu'"]
    static let beforeQue: Set<String> = ["dès", "après", "pendant", "parce", "tandis", "alors"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for analysed in FrenchSubject.all(in: document, context: context) {
            let (sentence, subjects) = (analysed.sentence, analysed.subjects)
            for position in 0..<sentence.count where sentence.isWord(position) {
                let word = sentence.text(position)
                let start: Int
                if Self.openers.contains(word) || (["que", "qu'"].contains(word) && Self.beforeQue.contains(sentence.text(position - 1))) {
                    start = position + 1
                } else if sentence.isFirstWord(position), FrenchSubject.pronouns[word] != nil, !word.hasPrefix("cel"), !word.hasPrefix("ceux") {
                    // A sentence that opens with its subject pronoun: a clause of its own.
                    start = position
                } else {
                    continue
                }
                // The subject: a pronoun, or a noun phrase or name that starts there.
                guard let (wanted, verb, pronounSubject) = FrenchSubject.clause(at: start, in: sentence, subjects: subjects, demonstratives: true)
                else { continue }
                guard sentence.isWord(verb), !sentence.isCapitalized(verb) || sentence.isFirstWord(verb) else { continue }
                let readings = sentence.readings(verb)
                let verbs = readings.filter { $0.tag == .VBF && $0.features.isSuperset(of: wanted) }
                let subjunctive = WordFeatures([.subjunctivePresent, .subjunctiveImperfect])
                guard !verbs.isEmpty, verbs.allSatisfy({ !$0.features.intersection(subjunctive).isEmpty && $0.features.subtracting(subjunctive).intersection(WordFeatures.tense).isEmpty }),
                      // After a noun subject, a word that may be something else is left alone ("quand la voie").
                      pronounSubject || !readings.contains(where: { [.NN, .JJ, .VBN].contains($0.tag) || $0.features.contains(.imperative) })
                else { continue }
                // After "après que" the simple past answers the imperfect subjunctive (eût → eut);
                // elsewhere the present. In a clause of its own the imperfect subjunctive is the
                // literary conditional ("il eût été impossible", "on eût dit"): left alone.
                let imperfect = verbs.contains { $0.features.contains(.subjunctiveImperfect) } && !verbs.contains { $0.features.contains(.subjunctivePresent) }
                if imperfect, start == position { continue }
                let tense = imperfect ? WordFeature.simplePast : .indicativePresent
                let forms = sentence.lexicon.inflections(of: sentence.text(verb), to: .VBF, features: wanted.union(WordFeatures([tense])))
                guard let form = forms.first else { continue }
                matches.append(sentence.match(verb, verb, rule: self, texts: Self.texts, context: context, suggestions: [form]))
            }
        }
        return matches
    }
}
