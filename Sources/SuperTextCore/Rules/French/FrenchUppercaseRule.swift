/// A capital in French for peoples ("des Anglais"), God, and the cardinal point of a place name
/// ("l’Afrique du Sud") (`FrenchCapitals`).
public struct FrenchUppercaseRule: ProofreadingRule {
    public let id = "FR_MAJUSCULE"
    public let category = MatchCategory.typography
    public let description = "A capital for peoples, God and the cardinal point of a place name."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Je travaille avec des anglais.", "Je travaille avec des Anglais.", language: "fr"),
        .wrong("Elle travaille en Amérique du sud.", "Elle travaille en Amérique du Sud.", language: "fr"),
        .wrong("Et dieu créa la terre.", "Et Dieu créa la terre.", language: "fr"),
        .wrong("Il a grandi en Europe de l’est.", "Il a grandi en Europe de l’Est.", language: "fr"),
        .right("Les dieux grecs. Un dieu. Des produits anglais. Il parle l’anglais. Le vent du sud.", language: "fr"),
        .right("La façade de l’est. Le vent de l’ouest souffle.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}' with a capital.", shortMessage: "Capital", title: "Capital in French",
                      detail: "French capitalises the name of a people (des Anglais, les Américaines) but not the adjective or the language (un produit anglais, parler anglais); God as the one God (Dieu, but les dieux grecs); and the cardinal point that is part of a place name (l’Afrique du Sud)."),
        .fr: RuleText(message: "Écrivez « {suggestion} » avec une majuscule.", shortMessage: "Majuscule", title: "Majuscule",
                      detail: "Prennent la majuscule le nom d’un peuple (des Anglais, les Américaines), mais pas l’adjectif ni la langue (un produit anglais, parler anglais) ; Dieu, le Dieu unique (mais les dieux grecs) ; le point cardinal qui fait partie d’un nom de lieu (l’Afrique du Sud)."),
        .de: RuleText(message: "Schreiben Sie „{suggestion}“ groß.", shortMessage: "Großschreibung", title: "Großschreibung im Französischen",
                      detail: "Groß schreibt das Französische den Namen eines Volkes (des Anglais, les Américaines), nicht aber Adjektiv und Sprache (un produit anglais, parler anglais); Gott als den einen Gott (Dieu, aber les dieux grecs); und die Himmelsrichtung als Teil eines Ortsnamens (l’Afrique du Sud)."),
        .es: RuleText(message: "Escriba «{suggestion}» con mayúscula.", shortMessage: "Mayúscula", title: "Mayúscula en francés",
                      detail: "El francés escribe con mayúscula el nombre de un pueblo (des Anglais, les Américaines), pero no el adjetivo ni la lengua (un produit anglais, parler anglais); Dios como Dios único (Dieu, pero les dieux grecs); y el punto cardinal que forma parte de un topónimo (l’Afrique du Sud)."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        FrenchCapitals.matches(of: self, texts: Self.texts, in: document, context: context, capitalized: false) { sentence, position, text, written in
            var suggestion: String?
            let before = sentence.text(position - 1)
            // After "beaucoup de", a people only if the word is not also a language ("un peu de français").
            if FrenchCapitals.peoples.contains(text), FrenchCapitals.pluralDeterminers.contains(before) || (["de", "d'"].contains(before)
                && ["beaucoup", "millions", "milliers", "centaines"].contains(sentence.text(position - 2))
                && !FrenchCapitals.languageNames.contains(text)) {
                // "des Anglais", but "des anglais" before a noun is rare: the noun itself.
                if !sentence.has(position + 1, .NN) || sentence.has(position + 1, .VBF) { suggestion = WordCase.capitalizingFirst(written) }
            } else if text == "dieu", !["un", "le", "du", "au", "ce", "cet", "quel", "aucun", "chaque", "son", "ton", "leur", "faux", "petit", "demi", "nouveau", "tel"].contains(before) {
                suggestion = "Dieu"
            } else if ["nord", "sud", "est", "ouest"].contains(text), before == "l'", sentence.text(position - 2) == "de",
                      sentence.isCapitalized(position - 3), !sentence.isFirstWord(position - 3) || !sentence.has(position - 3, .NN) {
                // "l’Allemagne de l’Est", "l’Europe de l’Ouest": part of the name of a region
                // (a capital that only starts the sentence may be a common noun's).
                suggestion = WordCase.capitalizingFirst(written)
            } else if FrenchCapitals.cardinalPoints.contains(text), sentence.isCapitalized(position - 2),
                      before == "du" {
                // "Afrique du sud", "Corée du nord": part of the name.
                if !sentence.isWord(position + 1) || !sentence.has(position + 1, .NN) {
                    suggestion = WordCase.capitalizingFirst(written)
                }
            }
            return suggestion
        }
    }
}
