/// The imperative before its hyphenated pronoun written as another form of the verb:
/// "Dépêcher-vous" → "Dépêchez-vous", "Asseyer-vous" → "Asseyez-vous", "Dépêché-toi" →
/// "Dépêche-toi". A pronoun joined by a hyphen follows only an imperative (or a verb inverted
/// with its subject, whose form already has the pronoun's person: "Voulez-vous"), and "vous" and
/// "toi" name its person: the second plural and the second singular.
public struct FrenchImperativeFormRule: ProofreadingRule {
    public let id = "FR_IMPERATIF_FORME"
    public let category = MatchCategory.grammar
    public let description = "The imperative before a hyphenated pronoun: dépêchez-vous, not dépêcher-vous."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Dépêcher-vous, le train part.", "Dépêchez-vous, le train part.", language: "fr"),
        .wrong("Levé-vous tôt demain.", "Levez-vous tôt demain.", language: "fr"),
        .wrong("Dépêcher-toi de venir.", "Dépêche-toi de venir.", language: "fr"),
        .right("Dépêchez-vous. Voulez-vous du thé ? Lève-toi. Pourriez-vous venir ? Aviez-vous compris ? Souviens-toi.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Before '-{pronoun}', write the imperative: '{suggestion}'.", shortMessage: "Imperative",
                      title: "Imperative before a joined pronoun",
                      detail: "A pronoun joined to a verb by a hyphen follows an imperative, whose person the pronoun shows: -vous takes the second person plural (dépêchez-vous), -toi the second person singular (dépêche-toi), never an infinitive or a participle."),
        .fr: RuleText(message: "Devant « -{pronoun} », employez l’impératif : « {suggestion} ».", shortMessage: "Impératif",
                      title: "Impératif devant un pronom lié",
                      detail: "Un pronom relié au verbe par un trait d’union suit un impératif, dont il montre la personne : -vous demande la deuxième personne du pluriel (dépêchez-vous), -toi la deuxième du singulier (dépêche-toi), jamais un infinitif ni un participe."),
        .de: RuleText(message: "Vor „-{pronoun}“ steht der Imperativ: „{suggestion}“.", shortMessage: "Imperativ",
                      title: "Imperativ vor angehängtem Pronomen",
                      detail: "Ein mit Bindestrich angehängtes Pronomen folgt einem Imperativ, dessen Person es zeigt: -vous verlangt die zweite Person Plural (dépêchez-vous), -toi die zweite Person Singular (dépêche-toi), nie einen Infinitiv oder ein Partizip."),
        .es: RuleText(message: "Ante «-{pronoun}», use el imperativo: «{suggestion}».", shortMessage: "Imperativo",
                      title: "Imperativo ante un pronombre unido",
                      detail: "Un pronombre unido al verbo con guion sigue a un imperativo, cuya persona indica: -vous pide la segunda persona del plural (dépêchez-vous), -toi la segunda del singular (dépêche-toi), nunca un infinitivo ni un participio."),
    ]

    /// The pronouns that name the imperative's person, with that person's features.
    static let persons: [(pronoun: String, features: WordFeatures)] = [
        ("vous", WordFeatures([.second, .plural, .imperative])),
        ("toi", WordFeatures([.second, .singular, .imperative])),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                let word = sentence.text(position)
                // Bytes first: asked of every word.
                guard word.utf8.contains(UInt8(ascii: "-")),
                      let person = Self.persons.first(where: { word.hasSuffix("-" + $0.pronoun) })
                else { continue }
                let verb = String(word.dropLast(person.pronoun.count + 1))
                guard !verb.isEmpty, !verb.contains("-") else { continue }
                let personOnly = person.features.subtracting(WordFeatures([.imperative]))
                // A form that already has the person ("voulez-vous", "souviens-toi") is right.
                guard !lexicon.hasReading(verb, tag: .VBF, features: personOnly),
                      lexicon.hasReading(verb, tag: .VB) || lexicon.hasReading(verb, tag: .VBN) || lexicon.hasReading(verb, tag: .VBF),
                      let form = lexicon.inflect(verb, to: .VBF, features: person.features), form != verb
                else { continue }
                matches.append(sentence.match(
                    position, position, rule: self, texts: Self.texts, context: context,
                    suggestions: [form + "-" + person.pronoun], values: ["pronoun": person.pronoun]
                ))
            }
        }
        return matches
    }
}
