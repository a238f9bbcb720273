/// The adjectives of names of several words take a capital: "der Erste Weltkrieg", "die
/// Französische Revolution", "das Rote Meer"; an adjective that is part of no name keeps its
/// small letter before a noun: "der englische Rasen", "lineare Algebra".
public struct GermanNameAdjectiveRule: ProofreadingRule {
    public enum Kind: Sendable { case capital, small }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String { kind == .capital ? "DE_NAME_ADJECTIVE_CAPITAL" : "DE_ADJECTIVE_NOT_NAME" }
    public let category = MatchCategory.typography
    public var description: String {
        kind == .capital ? "Adjectives in names of several words take a capital." : "An adjective that is part of no name keeps its small letter."
    }
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public var examples: [RuleExample] {
        switch kind {
        case .capital: [
            .wrong("Die Folgen des ersten Weltkriegs waren schwer.", "Die Folgen des Ersten Weltkriegs waren schwer.", language: "de-DE"),
            .wrong("Wir fuhren ans rote Meer.", "Wir fuhren ans Rote Meer.", language: "de-DE"),
            .wrong("Das heilige römische Reich zerfiel.", "Das Heilige römische Reich zerfiel.", language: "de-DE"),
            .right("Der Erste Weltkrieg. Die Französische Revolution. Ein erster Versuch. Das rote Auto.", language: "de-DE"),
        ]
        case .small: [
            .wrong("Der Englische Rasen ist bekannt.", "Der englische Rasen ist bekannt.", language: "de-DE"),
            .wrong("Sie misst Magnetische Felder.", "Sie misst magnetische Felder.", language: "de-DE"),
            .right("Der Erste Weltkrieg. Die Deutsche Bahn fährt. Das Rote Kreuz hilft. Die Vereinten Nationen tagen.", language: "de-DE"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .capital: [
            .en: RuleText(message: "In this name the adjective takes a capital: '{suggestion}'.", shortMessage: "Capital in a name", title: "Capitals in names of several words",
                          detail: "German writes every word of a proper name with a capital except articles, prepositions and conjunctions, adjectives included: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
            .fr: RuleText(message: "Dans ce nom, l’adjectif prend la majuscule : « {suggestion} ».", shortMessage: "Majuscule dans un nom", title: "Majuscules des noms de plusieurs mots",
                          detail: "L’allemand écrit avec une majuscule chaque mot d’un nom propre, adjectifs compris, sauf les articles, prépositions et conjonctions : der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
            .de: RuleText(message: "In diesem Namen schreibt man das Adjektiv groß: „{suggestion}“.", shortMessage: "Großschreibung im Namen", title: "Mehrteilige Namen groß",
                          detail: "In Eigennamen aus mehreren Wörtern schreibt man alle Wörter außer Artikeln, Präpositionen und Konjunktionen groß, auch die Adjektive: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
            .es: RuleText(message: "En este nombre el adjetivo va con mayúscula: «{suggestion}».", shortMessage: "Mayúscula en un nombre", title: "Mayúsculas en nombres de varias palabras",
                          detail: "El alemán escribe con mayúscula cada palabra de un nombre propio, adjetivos incluidos, salvo artículos, preposiciones y conjunciones: der Erste Weltkrieg, die Französische Revolution, das Rote Meer, der Heilige Geist, der Atlantische Ozean."),
        ],
        .small: [
            .en: RuleText(message: "This adjective is part of no name: '{suggestion}'.", shortMessage: "Small letter", title: "Adjectives keep a small letter",
                          detail: "An adjective before a noun keeps its small letter unless the two form a proper name (das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
            .fr: RuleText(message: "Cet adjectif ne fait partie d’aucun nom propre : « {suggestion} ».", shortMessage: "Minuscule", title: "Les adjectifs gardent la minuscule",
                          detail: "Un adjectif devant un nom garde sa minuscule, sauf si les deux forment un nom propre (das Rote Kreuz, die Deutsche Bahn) : der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
            .de: RuleText(message: "Dieses Adjektiv gehört zu keinem Namen: „{suggestion}“.", shortMessage: "Kleinschreibung", title: "Adjektive klein",
                          detail: "Ein Adjektiv vor einem Substantiv schreibt man klein, wenn beide keinen Eigennamen bilden (wie das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
            .es: RuleText(message: "Este adjetivo no forma parte de ningún nombre: «{suggestion}».", shortMessage: "Minúscula", title: "Los adjetivos van en minúscula",
                          detail: "Un adjetivo delante de un sustantivo va en minúscula salvo que ambos formen un nombre propio (das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
        ],
    ]

    /// Names of several words: an adjective's stem (without its ending) and the start of the
    /// noun it names with (Weltkrieg, Weltkrieges, Weltkriegs).
    static let names: [String: [String]] = [
        "erst": ["weltkrieg"], "zweit": ["weltkrieg", "deutsch"], "französisch": ["revolution"], "rot": ["armee", "meer", "kreuz", "halbmond"],
        "tot": ["meer"], "schwarz": ["meer", "wald"], "europäisch": ["union", "kommission", "zentralbank", "parlament", "gemeinschaft"],
        "vereinigt": ["staaten", "königreich", "arabisch"], "vereint": ["nationen"], "heilig": ["geist", "vater", "abend", "land", "schrift", "stuhl", "römisch", "drei"],
        "atlantisch": ["ozean"], "indisch": ["ozean"], "pazifisch": ["ozean"], "still": ["ozean"], "nah": ["osten"], "mittler": ["osten"], "fern": ["osten"],
        "zehn": ["gebote"], "ewig": ["stadt"], "gut": ["hoffnung"], "statistisch": ["bundesamt", "landesamt"], "olympisch": ["spiele", "komitee"],
        "national": ["olympisch"], "international": ["olympisch", "währungsfonds", "rot", "strafgerichtshof"], "hängend": ["gärten"], "schief": ["turm"],
        "kalt": ["krieg"], "dreißigjährig": ["krieg"], "hundertjährig": ["krieg"], "bayerisch": ["wald"], "neu": ["testament"], "alt": ["testament"],
        "letzt": ["abendmahl"], "unbefleckt": ["empfängnis"], "römisch": ["reich"], "wiener": ["kongress"], "weiß": ["sonntag"], "grün": ["donnerstag"],
        "deutsch": ["einheit", "bundestag", "bundesrat", "bahn", "fernsehen", "nation", "reich", "demokratisch", "bundesbank"],
    ]

    /// The stem of an adjective written with an ending (ersten → erst), if it has one.
    static func stem(_ word: String) -> String? {
        for ending in ["en", "er", "es", "em", "e"] where word.hasSuffix(ending) && word.count > ending.count + 1 {
            return String(word.dropLast(ending.count))
        }
        return nil
    }

    static func namesNoun(_ stem: String, _ next: String) -> Bool {
        if let nouns = names[stem], nouns.contains(where: { next.hasPrefix($0) }) { return true }
        return false
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let ruleText = Self.texts[kind]![context.explanationLanguage] ?? Self.texts[kind]![.en]!
        func add(_ position: Int, _ sentence: RuleSentence, _ suggestion: String) {
            matches.append(document.match(
                tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: suggestion), shortMessage: ruleText.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
        }
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(sentence.count - 1, 0) where sentence.isWord(position) && sentence.isWord(position + 1) {
                let text = sentence.text(position)
                guard let stem = Self.stem(text) ?? (Self.names[text] != nil ? text : nil) else { continue }
                let next = sentence.text(position + 1)
                switch kind {
                case .capital:
                    guard !sentence.isCapitalized(position), Self.namesNoun(stem, next),
                          sentence.isCapitalized(position + 1) || Self.names[Self.stem(next) ?? next] != nil
                    else { continue }
                    // "das rote Meer" names the sea only after an article or a preposition, not after "ein".
                    guard !["ein", "eine", "einen", "einem", "einer", "eines", "kein", "keine"].contains(sentence.text(position - 1)) else { continue }
                    add(position, sentence, WordCase.capitalizingFirst(sentence.written(position)))
                case .small:
                    guard sentence.isCapitalized(position), !sentence.isFirstWord(position), !sentence.isAllCapitals(position),
                          sentence.isCapitalized(position + 1), !sentence.isAllCapitals(position + 1),
                          !Self.namesNoun(stem, next), !Self.namesNoun(stem, Self.stem(next) ?? next),
                          // Only an adjective the lexicon knows as nothing else, after an article or a small word
                          // (a run of capitals is likely a name: "Neue Zürcher Zeitung").
                          !sentence.isCapitalized(position - 1) || sentence.isFirstWord(position - 1), ![":", "\"", "„", "“", "»", "«", "(", "-", "–"].contains(sentence.text(position - 1)),
                          sentence.readings(position).contains(where: { $0.tag == .JJ }),
                          sentence.readings(position).allSatisfy({ $0.tag == .JJ || $0.tag == .JJR }),
                          !GermanWords.nounReadings(next, lexicon: context.grammar.lexicon).isEmpty,
                          !sentence.isWord(position + 2) || !sentence.isCapitalized(position + 2)
                    else { continue }
                    add(position, sentence, sentence.written(position).lowercased())
                }
            }
        }
        return matches
    }
}
