/// The adjectives of names of several words take a capital: "der Erste Weltkrieg", "die
/// Französische Revolution", "das Rote Meer" (`GermanNameAdjectives`).
public struct GermanNameAdjectiveCapitalRule: ProofreadingRule {
    public let id = "DE_NAME_ADJECTIVE_CAPITAL"
    public let category = MatchCategory.typography
    public let description = "Adjectives in names of several words take a capital."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Die Folgen des ersten Weltkriegs waren schwer.", "Die Folgen des Ersten Weltkriegs waren schwer.", language: "de-DE"),
        .wrong("Wir fuhren ans rote Meer.", "Wir fuhren ans Rote Meer.", language: "de-DE"),
        .wrong("Das heilige römische Reich bestand lange.", "Das Heilige römische Reich bestand lange.", language: "de-DE"),
        .right("Der Erste Weltkrieg. Die Industrielle Revolution. Ein erster Versuch. Das rote Auto.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "In this name the adjective takes a capital: '{suggestion}'.", shortMessage: "Capital in a name", title: "Capitals in names of several words",
                      detail: "German writes every word of a proper name with a capital except articles, prepositions and conjunctions, adjectives included: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
        .fr: RuleText(message: "Dans ce nom, l’adjectif prend la majuscule : « {suggestion} ».", shortMessage: "Majuscule dans un nom", title: "Majuscules des noms de plusieurs mots",
                      detail: "L’allemand écrit avec une majuscule chaque mot d’un nom propre, adjectifs compris, sauf les articles, prépositions et conjonctions : der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
        .de: RuleText(message: "In diesem Namen schreibt man das Adjektiv groß: „{suggestion}“.", shortMessage: "Großschreibung im Namen", title: "Mehrteilige Namen groß",
                      detail: "In Eigennamen aus mehreren Wörtern schreibt man alle Wörter außer Artikeln, Präpositionen und Konjunktionen groß, auch die Adjektive: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
        .es: RuleText(message: "En este nombre el adjetivo va con mayúscula: «{suggestion}».", shortMessage: "Mayúscula en un nombre", title: "Mayúsculas en nombres de varias palabras",
                      detail: "El alemán escribe con mayúscula cada palabra de un nombre propio, adjetivos incluidos, salvo artículos, preposiciones y conjunciones: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        GermanNameAdjectives.forEachPair(in: document, context: context) { sentence, position, stem, next in
            guard !sentence.isCapitalized(position), GermanNameAdjectives.namesNoun(stem, next),
                  sentence.isCapitalized(position + 1) || GermanNameAdjectives.names[GermanNameAdjectives.stem(next) ?? next] != nil
            else { return }
            // "das rote Meer" names the sea only after an article or a preposition, not after "ein".
            guard !["ein", "eine", "einen", "einem", "einer", "eines", "kein", "keine"].contains(sentence.text(position - 1)) else { return }
            scan.add(sentence.tokens[position]..<sentence.tokens[position] + 1, WordCase.capitalizingFirst(sentence.written(position)))
        }
        return scan.matches
    }
}
