/// An adjective that is part of no name keeps its small letter before a noun: "der englische
/// Rasen", "lineare Algebra" (`GermanNameAdjectives`).
public struct GermanAdjectiveNotNameRule: ProofreadingRule {
    public let id = "DE_ADJECTIVE_NOT_NAME"
    public let category = MatchCategory.typography
    public let description = "An adjective that is part of no name keeps its small letter."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Der Englische Rasen ist bekannt.", "Der englische Rasen ist bekannt.", language: "de-DE"),
        .wrong("Sie misst Magnetische Felder.", "Sie misst magnetische Felder.", language: "de-DE"),
        .right("Der Erste Weltkrieg. Die Deutsche Bahn fährt. Das Rote Kreuz hilft. Die Vereinten Nationen tagen.", language: "de-DE"),
        .right("SIEHE AUCH\nVollständige Dokumentation gibt es im Netz.", language: "de-DE"),
        .right("Dabei sollte man im Allgemeinen Vorsicht walten lassen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "This adjective is part of no name: '{suggestion}'.", shortMessage: "Small letter", title: "Adjectives keep a small letter",
                      detail: "An adjective before a noun keeps its small letter unless the two form a proper name (das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
        .fr: RuleText(message: "Cet adjectif ne fait partie d’aucun nom propre : « {suggestion} ».", shortMessage: "Minuscule", title: "Les adjectifs gardent la minuscule",
                      detail: "Un adjectif devant un nom garde sa minuscule, sauf si les deux forment un nom propre (das Rote Kreuz, die Deutsche Bahn) : der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
        .de: RuleText(message: "Dieses Adjektiv gehört zu keinem Namen: „{suggestion}“.", shortMessage: "Kleinschreibung", title: "Adjektive klein",
                      detail: "Ein Adjektiv vor einem Substantiv schreibt man klein, wenn beide keinen Eigennamen bilden (wie das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
        .es: RuleText(message: "Este adjetivo no forma parte de ningún nombre: «{suggestion}».", shortMessage: "Minúscula", title: "Los adjetivos van en minúscula",
                      detail: "Un adjetivo delante de un sustantivo va en minúscula salvo que ambos formen un nombre propio (das Rote Kreuz, die Deutsche Bahn): der englische Rasen, grüner Tee, lineare Algebra, ein rechter Winkel."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        GermanNameAdjectives.forEachPair(in: document, context: context) { sentence, position, stem, next in
            guard sentence.isCapitalized(position), !sentence.isFirstWord(position), !sentence.isAllCapitals(position),
                  // A line's first word ("SIEHE AUCH\n Vollständige Dokumentation") starts a heading or an item.
                  !sentence.document.startsLine(sentence.tokens[position]),
                  // "im Allgemeinen", "im Wesentlichen": an adjective made a noun after im; "PCAP
                  // Nächste Generation": a name after an acronym.
                  sentence.text(position - 1) != "im", !sentence.isAllCapitals(position - 1),
                  sentence.isCapitalized(position + 1), !sentence.isAllCapitals(position + 1),
                  !GermanNameAdjectives.namesNoun(stem, next), !GermanNameAdjectives.namesNoun(stem, GermanNameAdjectives.stem(next) ?? next),
                  // Only an adjective the lexicon knows as nothing else, after an article or a small word
                  // (a run of capitals is likely a name: "Neue Zürcher Zeitung").
                  !sentence.isCapitalized(position - 1) || sentence.isFirstWord(position - 1), ![":", "\"", "„", "“", "»", "«", "(", "-", "–"].contains(sentence.text(position - 1)),
                  sentence.readings(position).contains(where: { $0.tag == .JJ }),
                  sentence.readings(position).allSatisfy({ $0.tag == .JJ || $0.tag == .JJR }),
                  !GermanWords.nounReadings(next, lexicon: context.grammar.lexicon).isEmpty,
                  !sentence.isWord(position + 2) || !sentence.isCapitalized(position + 2)
            else { return }
            scan.add(sentence.tokens[position]..<sentence.tokens[position] + 1, sentence.written(position).lowercased())
        }
        return scan.matches
    }
}
