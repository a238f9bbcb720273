/// The hyphen between the verb and the subject pronoun of an inverted question: "Que manges-tu ?",
/// "Va-t-il ?" (`FrenchVerbPronounPairs`).
public struct FrenchInversionHyphenRule: ProofreadingRule {
    public let id = "FR_INVERSION_TRAIT_UNION"
    public let category = MatchCategory.grammar
    public let description = "A hyphen between the verb and the subject of a question: manges-tu, va-t-il."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Que manges tu ?", "Que manges-tu ?", language: "fr"),
        .wrong("Vont elles participer ?", "Vont-elles participer ?", language: "fr"),
        .wrong("Où va il ?", "Où va-t-il ?", language: "fr"),
        .wrong("Puis je déposer mes affaires ?", "Puis-je déposer mes affaires ?", language: "fr"),
        .wrong("Pourquoi n’en entendons nous jamais parler ?", "Pourquoi n’en entendons-nous jamais parler ?", language: "fr"),
        .wrong("Je suis, penserez vous, un imbécile.", "Je suis, penserez-vous, un imbécile.", language: "fr"),
        .wrong("« Oui », dit il.", "« Oui », dit-il.", language: "fr"),
        .right("Que manges-tu ? Tu manges quoi ? Quand il vient, il mange.", language: "fr"),
        .right("Ce que vous pensez vous regarde. Hier, nous nous sommes vus. Alors, vous vous taisez ?", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "In a question, join the verb and its subject with a hyphen: '{suggestion}'.", shortMessage: "Inverted subject",
                      title: "Hyphen in an inverted question",
                      detail: "When the subject pronoun follows the verb in a question, a hyphen joins them: manges-tu, vont-elles, puis-je. Between a vowel and il, elle or on, a t is added: va-t-il, mange-t-elle, a-t-on."),
        .fr: RuleText(message: "Dans une question, reliez le verbe et son sujet par un trait d’union : « {suggestion} ».", shortMessage: "Sujet inversé",
                      title: "Trait d’union dans l’interrogation",
                      detail: "Quand le pronom sujet suit le verbe dans une question, un trait d’union les relie : manges-tu, vont-elles, puis-je. Entre une voyelle et il, elle ou on, on ajoute un t euphonique : va-t-il, mange-t-elle, a-t-on."),
        .de: RuleText(message: "In der Frage werden Verb und Subjekt mit Bindestrich verbunden: „{suggestion}“.", shortMessage: "Nachgestelltes Subjekt",
                      title: "Bindestrich in der Inversionsfrage",
                      detail: "Folgt das Subjektpronomen in einer Frage dem Verb, verbindet sie ein Bindestrich: manges-tu, vont-elles, puis-je. Zwischen einem Vokal und il, elle oder on wird ein t eingefügt: va-t-il, mange-t-elle, a-t-on."),
        .es: RuleText(message: "En una pregunta, una el verbo y su sujeto con un guion: «{suggestion}».", shortMessage: "Sujeto invertido",
                      title: "Guion en la interrogación",
                      detail: "Cuando el pronombre sujeto sigue al verbo en una pregunta, un guion los une: manges-tu, vont-elles, puis-je. Entre una vocal e il, elle u on se añade una t: va-t-il, mange-t-elle, a-t-on."),
    ]

    static let questionWords: Set<String> = ["que", "qu'", "où", "quand", "comment", "pourquoi", "combien", "quoi", "d'où"]
    /// Verbs that are inverted with "je" (most others are not: "est-ce que j'aime").
    static let invertedWithJe: Set<String> = ["puis", "suis", "ai", "dois", "sais", "vais", "fais", "dis", "serais", "aurais", "pourrais", "devrais", "voudrais", "étais", "avais"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let texts = Self.texts
        FrenchVerbPronounPairs.forEach(in: document, context: context) { sentence, position, verb, next, written, isQuestion in
            guard let features = FrenchSubject.pronouns[next], !next.hasPrefix("cel") else { return }
            // The verb starts the question, or follows a question word, past "ne" and the object
            // pronouns before it ("pourquoi n'en entendons nous jamais parler ?").
            var start = position
            while start > 0, ["ne", "n'", "en", "y", "le", "la", "les", "l'", "lui", "leur", "me", "m'", "te", "t'", "se", "s'"].contains(sentence.text(start - 1)) { start -= 1 }
            let opensQuestion = isQuestion && (start == 0 || sentence.isFirstWord(start) || Self.questionWords.contains(sentence.text(start - 1)))
            // Or a clause of reporting set in the sentence between commas or after a quotation
            // ("je suis, penserez vous, un imbécile", "« Oui », dit il.").
            let after = position + 2
            let incise = start == position && position > 0 && sentence.isPunctuation(position - 1)
                && [",", "»", "—", "–"].contains(sentence.text(position - 1))
                && (after >= sentence.count || (sentence.isPunctuation(after) && [",", ".", "!", "?", "…", "»", ";"].contains(sentence.text(after))))
            guard opensQuestion || incise else { return }
            let wanted = features.intersection(WordFeatures.person.union(.number))
            guard sentence.readings(position).contains(where: { $0.tag == .VBF && !$0.features.contains(.imperative) && $0.features.isSuperset(of: wanted) }),
                  !sentence.tags(position).containsAny(incise ? WordTags([.PRP, .DT, .IN]) : WordTags([.NN, .PRP, .DT, .IN]))
            else { return }
            if next == "je", !Self.invertedWithJe.contains(verb) { return }
            let suggestion = FrenchWords.inverted(written, sentence.written(position + 1))
            matches.append(sentence.match(position, position + 1, rule: self, texts: texts, context: context, suggestions: [suggestion]))
        }
        return matches
    }
}
