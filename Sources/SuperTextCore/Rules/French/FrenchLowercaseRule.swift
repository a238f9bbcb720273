/// No capital in French for months, days and languages ("le 30 mars", "en français"), nor for a
/// direction ("vers le sud") (`FrenchCapitals`).
public struct FrenchLowercaseRule: ProofreadingRule {
    public let id = "FR_MINUSCULE"
    public let category = MatchCategory.typography
    public let description = "No capital for months, days and languages in French."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Elle est partie le 12 Avril 1998.", "Elle est partie le 12 avril 1998.", language: "fr"),
        .wrong("Je viendrai Lundi.", "Je viendrai lundi.", language: "fr"),
        .wrong("Avez-vous un guide en Français ?", "Avez-vous un guide en français ?", language: "fr"),
        .wrong("Mon professeur d’Anglais est là.", "Mon professeur d’anglais est là.", language: "fr"),
        .wrong("Cette fois, Septembre arrive vite.", "Cette fois, septembre arrive vite.", language: "fr"),
        .wrong("Les oiseaux partent vers le Sud.", "Les oiseaux partent vers le sud.", language: "fr"),
        .right("Lundi, je pars. La planète Mars. Un Anglais parle anglais. Le Vendredi saint.", language: "fr"),
        .right("Ici, Mars est visible. Il habite dans le Nord. La Corée du Nord.", language: "fr"),
        .right("GNU coreutils 9.1\tSeptembre 2022\tcp(1)", language: "fr"),
        .wrong("Nous partirons en\nJanvier avec eux.", "Nous partirons en\njanvier avec eux.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}' without a capital.", shortMessage: "No capital", title: "Lowercase in French",
                      detail: "Unlike English, French writes the names of months, days and languages without a capital: le 30 mars, lundi, en français, un cours d’anglais."),
        .fr: RuleText(message: "Écrivez « {suggestion} » sans majuscule.", shortMessage: "Minuscule", title: "Minuscule",
                      detail: "Les noms de mois, de jours et de langues s’écrivent sans majuscule : le 30 mars, lundi, en français, un cours d’anglais."),
        .de: RuleText(message: "Schreiben Sie „{suggestion}“ klein.", shortMessage: "Kleinschreibung", title: "Kleinschreibung im Französischen",
                      detail: "Das Französische schreibt Monate, Wochentage und Sprachen klein: le 30 mars, lundi, en français, un cours d’anglais."),
        .es: RuleText(message: "Escriba «{suggestion}» sin mayúscula.", shortMessage: "Minúscula", title: "Minúscula en francés",
                      detail: "En francés, los meses, los días y las lenguas van con minúscula: le 30 mars, lundi, en français, un cours d’anglais."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        FrenchCapitals.matches(of: self, texts: Self.texts, in: document, context: context, capitalized: true) { sentence, position, text, written in
            var suggestion: String?
            guard !sentence.isAllCapitals(position), !sentence.isFirstWord(position),
                  !sentence.isPunctuation(position - 1) || sentence.text(position - 1) == ",",
                  // After a line break or a tab the word starts a line of its own, a heading, a
                  // list item or a column ("GNU coreutils 9.1	Septembre 2022").
                  !sentence.document.startsLine(sentence.tokens[position])
            else { return nil }
            let before = sentence.text(position - 1)
            if FrenchCapitals.months.contains(text) {
                // A date: a number before or after ("le 30 Mars", "Mars 1960"), or "en", "de", "mois de".
                if sentence.isNumber(position - 1) || sentence.isNumber(position + 1) || ["en", "de", "d'", "début", "fin", "mi"].contains(before) {
                    suggestion = text
                }
                // The month as the subject of a verb after a comma or a conjunction ("cette
                // année, juin a été chaud"); Mars may be the planet.
                if text != "mars", before == "," || FrenchWords.clauseOpeners.contains(before),
                   sentence.has(position + 1, .VBF), !sentence.isCapitalized(position + 1) {
                    suggestion = text
                }
            } else if FrenchCapitals.days.contains(text) {
                // "le Vendredi saint", "Mardi gras" keep their capital; a day after a lowercase word takes none.
                if sentence.isWord(position - 1), !sentence.isCapitalized(position - 1), !["saint", "gras"].contains(sentence.text(position + 1)) {
                    suggestion = text
                }
            } else if FrenchCapitals.cardinalPoints.contains(text), ["vers", "hémisphère"].contains(before)
                        || ["le", "l'"].contains(before) && sentence.text(position - 2) == "vers" {
                // A direction, not a region: "vers le nord", "l’hémisphère sud".
                suggestion = text
            } else if FrenchCapitals.languageNames.contains(text) {
                // A language: after "en", a form of "parler", or "cours d’", "professeur de".
                let speaking = sentence.readings(position - 1).contains { $0.lemma == "parler" }
                let ofNoun = ["de", "d'"].contains(before) && sentence.has(position - 2, .NN)
                    && ["cours", "professeur", "prof", "leçon", "leçons", "livre", "classe", "examen", "dictionnaire", "traduction", "notions", "niveau"]
                        .contains(sentence.text(position - 2))
                if before == "en" || speaking || ofNoun { suggestion = text }
            }
            return suggestion
        }
    }
}
