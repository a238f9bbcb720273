/// A noun after a number above one is plural: "quatre enfant" → "quatre enfants" (`FrenchNounPhrases`).
public struct FrenchNumberAgreementRule: ProofreadingRule {
    public let id = "FR_ACCORD_NOMBRE"
    public let category = MatchCategory.grammar
    public let description = "A noun after a number above one is plural."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("J’ai quatre enfant.", "J’ai quatre enfants.", language: "fr"),
        .wrong("J’ai 1 enfants.", "J’ai 1 enfant.", language: "fr"),
        .wrong("Il a trois grands frère.", "Il a trois grands frères.", language: "fr"),
        .right("J’ai quatre enfants et 1 chat ; page 4 partie 2.", language: "fr"),
        .right("Il habite au 10 avenue Foch, en face du 3 rue Haute.", language: "fr"),
        .right("Voir la RFC 4648 section 5 ; chmod 600 fichier ; les deux un peu tristes.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
                message: "After '{determiner}', write '{suggestion}'.", shortMessage: "Number and noun",
                title: "Number and noun",
                detail: "In French a noun is plural after a number of two or more (quatre enfants, 4 enfants) and singular after one (1 enfant). Zero and numbers below two, such as 1,5, take the singular too."),
        .fr: RuleText(
                message: "Après « {determiner} », écrivez « {suggestion} ».", shortMessage: "Nombre et nom",
                title: "Accord après un nombre",
                detail: "Le nom se met au pluriel après un nombre égal ou supérieur à deux (quatre enfants, 4 enfants) et au singulier après un (1 enfant). Zéro et les nombres inférieurs à deux, comme 1,5, demandent aussi le singulier."),
        .de: RuleText(
                message: "Nach „{determiner}“ schreiben Sie „{suggestion}“.", shortMessage: "Zahl und Nomen",
                title: "Zahl und Nomen",
                detail: "Im Französischen steht das Nomen nach einer Zahl ab zwei im Plural (quatre enfants, 4 enfants) und nach eins im Singular (1 enfant). Null und Zahlen unter zwei wie 1,5 verlangen ebenfalls den Singular."),
        .es: RuleText(
                message: "Tras «{determiner}», escriba «{suggestion}».", shortMessage: "Número y sustantivo",
                title: "Número y sustantivo",
                detail: "En francés el sustantivo va en plural tras un número de dos o más (quatre enfants, 4 enfants) y en singular tras uno (1 enfant). El cero y los números menores que dos, como 1,5, piden también el singular."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) || sentence.isNumber(position) {
                if let match = numberMatch(at: position, in: sentence, context: context) { matches.append(match) }
            }
        }
        return matches
    }

    func numberMatch(at position: Int, in sentence: RuleSentence, context: RuleContext) -> Match? {
        let text = sentence.text(position)
        var plural: Bool
        // A date ("le 4 janvier", "le quatre"), a label ("numéro deux", "page 4", an address after a
        // singular article: "au 10 avenue Foch", "du 3 rue Haute") or a list ("4 et 1 ans").
        let before = sentence.text(position - 1)
        if ["le", "au", "du", "et", "ou", "à", "-", "numéro", "n°"].contains(before) || sentence.has(position - 1, .NN) || sentence.isNumber(position - 1) {
            return nil
        }
        if FrenchCapitals.months.contains(sentence.text(position + 1)) { return nil }
        // A label after a code or an acronym ("RFC 4648 section 5", "chmod 600 toto", "ISO 9660
        // format"): a word the lexicon does not know, or in capitals, before the number.
        // (An acronym or a code may be a token that is not a word: anything but punctuation counts.)
        if position > 0, !sentence.isPunctuation(position - 1), !sentence.isNumber(position - 1),
           !sentence.isWord(position - 1) || sentence.isAllCapitals(position - 1)
            || sentence.readings(position - 1).isEmpty && !sentence.isClosedClassOrNumber(position - 1) {
            return nil
        }
        if sentence.isNumber(position) {
            // Whole numbers only, not part of a larger number ("2 000", "1,5").
            guard let value = Int(text), !sentence.isNumber(position + 1), !sentence.isPunctuation(position - 1) || position == 0 else { return nil }
            plural = value >= 2
            if value == 0 { return nil }
        } else {
            guard FrenchNounPhrases.pluralNumbers.contains(text), text != "plusieurs" else { return nil }
            // "un des deux", "les deux": fine; "deux" as a name or inside "quatre-vingt" only as a word.
            plural = true
        }
        var next = position + 1
        // "deux sombres idiot": an adjective before the noun, in the plural and nothing else, is skipped.
        // (A verb cannot stand between a number and its noun, so its readings do not count.)
        let adjective = sentence.readings(next).filter { $0.tag != .VBF }
        if plural, sentence.isWord(next + 1), adjective.contains(where: { $0.tag == .JJ && $0.features.contains(.plural) }),
           !adjective.contains(where: { $0.features.contains(.singular) || $0.features.intersection(.number).isEmpty }),
           sentence.has(next + 1, .NN) {
            next += 1
        }
        guard sentence.isWord(next), !sentence.isCapitalized(next), !sentence.isClosedClassOrNumber(next) else { return nil }
        let readings = sentence.readings(next)
        let nouns = readings.filter { $0.tag == .NN }
        guard !nouns.isEmpty else { return nil }
        let wanted = WordFeatures([plural ? .plural : .singular])
        if readings.contains(where: { $0.features.isSuperset(of: wanted) || $0.features.intersection(.number).isEmpty }) { return nil }
        // "1 enfants" may mean the number of a list; only nouns the lexicon knows in both numbers.
        guard let form = sentence.lexicon.inflections(of: sentence.text(next), to: .NN, features: wanted).first else { return nil }
        return sentence.match(next, next, rule: self, texts: Self.texts, context: context, suggestions: [form],
                              values: ["determiner": sentence.written(position)])
    }
}
