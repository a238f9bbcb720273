/// The hyphen between an imperative and the pronoun that follows it: "Dis-lui", "Regarde-la",
/// "Donne-m’en" (`FrenchVerbPronounPairs`).
public struct FrenchImperativeHyphenRule: ProofreadingRule {
    public let id = "FR_IMPERATIF_TRAIT_UNION"
    public let category = MatchCategory.grammar
    public let description = "A hyphen between an imperative and its pronoun: dis-lui, regarde-la."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Dis lui bonjour.", "Dis-lui bonjour.", language: "fr"),
        .wrong("Regarde la.", "Regarde-la.", language: "fr"),
        .wrong("Donne la à ton frère.", "Donne-la à ton frère.", language: "fr"),
        .wrong("Donne m’en un peu.", "Donne-m’en un peu.", language: "fr"),
        .wrong("Donne-le moi plus tard.", "Donne-le-moi plus tard.", language: "fr"),
        .right("Regarde la maison. Dis-lui bonjour. Il me dit bonjour. Donne-le-moi.", language: "fr"),
        .right("Achève leur travail. Choisis la ou les bonnes réponses.", language: "fr"),
        .right("Si entre lui et moi survient un désaccord, contre eux nous ne pourrons rien.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Join the imperative and its pronoun with a hyphen: '{suggestion}'.", shortMessage: "Imperative and pronoun",
                      title: "Hyphen after an imperative",
                      detail: "In the affirmative imperative, the pronouns that follow the verb are joined to it by hyphens: dis-lui, regarde-la, donne-le-moi. With an elided pronoun the apostrophe takes the place of the second hyphen: donne-m’en, va-t’en."),
        .fr: RuleText(message: "Reliez l’impératif et son pronom par un trait d’union : « {suggestion} ».", shortMessage: "Impératif et pronom",
                      title: "Trait d’union après l’impératif",
                      detail: "À l’impératif affirmatif, les pronoms placés après le verbe s’y rattachent par des traits d’union : dis-lui, regarde-la, donne-le-moi. Avec un pronom élidé, l’apostrophe remplace le second trait d’union : donne-m’en, va-t’en."),
        .de: RuleText(message: "Imperativ und Pronomen werden mit Bindestrich verbunden: „{suggestion}“.", shortMessage: "Imperativ und Pronomen",
                      title: "Bindestrich nach dem Imperativ",
                      detail: "Im bejahten Imperativ werden die nachgestellten Pronomen mit Bindestrich an das Verb gehängt: dis-lui, regarde-la, donne-le-moi. Bei einem elidierten Pronomen ersetzt der Apostroph den zweiten Bindestrich: donne-m’en, va-t’en."),
        .es: RuleText(message: "Una el imperativo y su pronombre con un guion: «{suggestion}».", shortMessage: "Imperativo y pronombre",
                      title: "Guion tras el imperativo",
                      detail: "En el imperativo afirmativo, los pronombres que siguen al verbo se unen a él con guiones: dis-lui, regarde-la, donne-le-moi. Con un pronombre elidido, el apóstrofo sustituye al segundo guion: donne-m’en, va-t’en."),
    ]

    static let stressedPronouns: Set<String> = ["moi", "toi", "nous", "vous", "lui", "leur", "eux"]
    static let objectPronouns: Set<String> = ["le", "la", "les"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let texts = Self.texts
        FrenchVerbPronounPairs.forEach(in: document, context: context) { sentence, position, verb, next, written, isQuestion in
            // Bytes, not Foundation's substring search: asked of every word.
            let hasHyphen = verb.utf8.contains(UInt8(ascii: "-"))
            guard !isQuestion, sentence.startsClause(position) || hasHyphen else { return }
            let readings = sentence.readings(position)
            // An imperative, or a verb already joined to one pronoun ("donne-le moi").
            let joined = hasHyphen && ["le", "la", "les", "en", "moi", "lui", "leur", "nous", "vous"].contains(verb.split(separator: "-").last.map(String.init) ?? "")
            guard joined || readings.contains(where: { $0.tag == .VBF && $0.features.contains(.imperative) }),
                  !readings.contains(where: { $0.tag == .NNP }), !sentence.isCapitalized(position) || sentence.isFirstWord(position)
            else { return }
            var last = position + 1
            var pronoun = sentence.written(position + 1)
            // "Veuillez lui dire", "Allez le voir": the pronoun goes with the infinitive.
            if sentence.has(FrenchSubject.skipClitics(from: position + 1, in: sentence), .VB) { return }
            let after = position + 2
            // "Achève leur ouvrage", "prends la ou les parties": determiners of a noun further on.
            if next == "leur", sentence.has(after, .NN) { return }
            if Self.objectPronouns.contains(next), ["ou", "et"].contains(sentence.text(after)) { return }
            // "entre lui et moi", "contre eux": the prepositions that are also imperatives (entrer,
            // contrer) take a stressed pronoun as their complement.
            if FrenchWords.prepositionsAlsoVerbs.contains(verb), Self.stressedPronouns.contains(next) { return }
            if Self.stressedPronouns.contains(next) || next == "en" || next == "y" {
                // "Dis lui bonjour", "convenons en,"; but "envoie-les en vacances".
                if joined, !["moi", "lui", "leur", "nous", "en", "y"].contains(next) { return }
                if next == "en" || next == "y", after < sentence.count, !sentence.isPunctuation(after) { return }
            } else if Self.objectPronouns.contains(next), !joined {
                // "Regarde la." but not "Regarde la maison", "Coupez les trois feuilles".
                if sentence.isNumber(after) || sentence.tags(after).containsAny(WordTags([.NN, .JJ, .VBN, .CD, .PRPS]))
                    || sentence.isWord(after) && !sentence.lexicon.knows(sentence.text(after)) {
                    return
                }
            } else if ["m'", "t'"].contains(next), ["en", "y"].contains(sentence.text(position + 2)) {
                // "Donne m’en": the elided pronoun and "en" make one word with the verb.
                last = position + 2
                pronoun += sentence.written(position + 2)
            } else {
                return
            }
            let suggestion = written + "-" + pronoun
            matches.append(sentence.match(position, last, rule: self, texts: texts, context: context, suggestions: [suggestion]))
        }
        return matches
    }
}
