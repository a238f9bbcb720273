/// Capitals in French: months, days and languages take none ("le 30 mars", "en français"),
/// peoples do ("des Anglais"), and so does God and the cardinal point of a place name
/// ("Afrique du Sud").
public struct FrenchCapitalsRule: ProofreadingRule {
    public enum Kind: Sendable { case lowercase, uppercase }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String { kind == .lowercase ? "FR_MINUSCULE" : "FR_MAJUSCULE" }
    public let category = MatchCategory.typography
    public var description: String {
        kind == .lowercase ? "No capital for months, days and languages in French."
            : "A capital for peoples, God and the cardinal point of a place name."
    }
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public var examples: [RuleExample] {
        switch kind {
        case .lowercase: [
            .wrong("Je suis né le 30 Mars 1960.", "Je suis né le 30 mars 1960.", language: "fr"),
            .wrong("Je viendrai Lundi.", "Je viendrai lundi.", language: "fr"),
            .wrong("Avez-vous un guide en Français ?", "Avez-vous un guide en français ?", language: "fr"),
            .wrong("Mon professeur d’Anglais est là.", "Mon professeur d’anglais est là.", language: "fr"),
            .wrong("Cette fois, Septembre arrive vite.", "Cette fois, septembre arrive vite.", language: "fr"),
            .wrong("Les oiseaux partent vers le Sud.", "Les oiseaux partent vers le sud.", language: "fr"),
            .right("Lundi, je pars. La planète Mars. Un Anglais parle anglais. Le Vendredi saint.", language: "fr"),
            .right("Ici, Mars est visible. Il habite dans le Nord. La Corée du Nord.", language: "fr"),
        ]
        case .uppercase: [
            .wrong("Je travaille avec des anglais.", "Je travaille avec des Anglais.", language: "fr"),
            .wrong("Il vit en Afrique du sud.", "Il vit en Afrique du Sud.", language: "fr"),
            .wrong("Et dieu créa la terre.", "Et Dieu créa la terre.", language: "fr"),
            .wrong("Il a grandi en Europe de l’est.", "Il a grandi en Europe de l’Est.", language: "fr"),
            .right("Les dieux grecs. Un dieu. Des produits anglais. Il parle l’anglais. Le vent du sud.", language: "fr"),
            .right("La façade de l’est. Le vent de l’ouest souffle.", language: "fr"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .lowercase: [
            .en: RuleText(message: "Write '{suggestion}' without a capital.", shortMessage: "No capital", title: "Lowercase in French",
                          detail: "Unlike English, French writes the names of months, days and languages without a capital: le 30 mars, lundi, en français, un cours d’anglais."),
            .fr: RuleText(message: "Écrivez « {suggestion} » sans majuscule.", shortMessage: "Minuscule", title: "Minuscule",
                          detail: "Les noms de mois, de jours et de langues s’écrivent sans majuscule : le 30 mars, lundi, en français, un cours d’anglais."),
            .de: RuleText(message: "Schreiben Sie „{suggestion}“ klein.", shortMessage: "Kleinschreibung", title: "Kleinschreibung im Französischen",
                          detail: "Das Französische schreibt Monate, Wochentage und Sprachen klein: le 30 mars, lundi, en français, un cours d’anglais."),
            .es: RuleText(message: "Escriba «{suggestion}» sin mayúscula.", shortMessage: "Minúscula", title: "Minúscula en francés",
                          detail: "En francés, los meses, los días y las lenguas van con minúscula: le 30 mars, lundi, en français, un cours d’anglais."),
        ],
        .uppercase: [
            .en: RuleText(message: "Write '{suggestion}' with a capital.", shortMessage: "Capital", title: "Capital in French",
                          detail: "French capitalises the name of a people (des Anglais, les Américaines) but not the adjective or the language (un produit anglais, parler anglais); God as the one God (Dieu, but les dieux grecs); and the cardinal point that is part of a place name (l’Afrique du Sud)."),
            .fr: RuleText(message: "Écrivez « {suggestion} » avec une majuscule.", shortMessage: "Majuscule", title: "Majuscule",
                          detail: "Prennent la majuscule le nom d’un peuple (des Anglais, les Américaines), mais pas l’adjectif ni la langue (un produit anglais, parler anglais) ; Dieu, le Dieu unique (mais les dieux grecs) ; le point cardinal qui fait partie d’un nom de lieu (l’Afrique du Sud)."),
            .de: RuleText(message: "Schreiben Sie „{suggestion}“ groß.", shortMessage: "Großschreibung", title: "Großschreibung im Französischen",
                          detail: "Groß schreibt das Französische den Namen eines Volkes (des Anglais, les Américaines), nicht aber Adjektiv und Sprache (un produit anglais, parler anglais); Gott als den einen Gott (Dieu, aber les dieux grecs); und die Himmelsrichtung als Teil eines Ortsnamens (l’Afrique du Sud)."),
            .es: RuleText(message: "Escriba «{suggestion}» con mayúscula.", shortMessage: "Mayúscula", title: "Mayúscula en francés",
                          detail: "El francés escribe con mayúscula el nombre de un pueblo (des Anglais, les Américaines), pero no el adjetivo ni la lengua (un produit anglais, parler anglais); Dios como Dios único (Dieu, pero les dieux grecs); y el punto cardinal que forma parte de un topónimo (l’Afrique du Sud)."),
        ],
    ]

    static let months: Set<String> = [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    ]
    static let days: Set<String> = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
    static let languageNames: Set<String> = [
        "anglais", "français", "allemand", "espagnol", "italien", "portugais", "russe", "chinois", "japonais", "arabe",
        "néerlandais", "grec", "latin", "polonais", "suédois", "turc", "coréen", "breton", "basque", "occitan", "catalan",
        "hébreu", "norvégien", "danois", "finnois", "hongrois", "roumain", "tchèque", "vietnamien", "persan",
    ]
    /// Names of peoples in the plural (and masculine singular forms ending in -s).
    static let peoples: Set<String> = [
        "anglais", "anglaises", "français", "françaises", "allemands", "allemandes", "espagnols", "espagnoles", "italiens",
        "italiennes", "américains", "américaines", "suisses", "belges", "canadiens", "canadiennes", "chinois", "chinoises",
        "japonais", "japonaises", "russes", "africains", "africaines", "européens", "européennes", "asiatiques",
        "québécois", "québécoises", "portugais", "portugaises", "grecs", "grecques", "irlandais", "irlandaises",
        "écossais", "écossaises", "hollandais", "hollandaises", "polonais", "polonaises", "marocains", "marocaines",
        "algériens", "algériennes", "tunisiens", "tunisiennes", "brésiliens", "brésiliennes", "mexicains", "mexicaines",
        "suédois", "suédoises", "turcs", "turques", "indiens", "indiennes", "australiens", "australiennes",
        "autrichiens", "autrichiennes", "néerlandais", "néerlandaises", "coréens", "coréennes", "libanais", "libanaises",
        "sénégalais", "sénégalaises", "vietnamiens", "vietnamiennes", "parisiens", "parisiennes", "bretons", "bretonnes",
        "norvégiens", "norvégiennes", "danois", "danoises", "israéliens", "israéliennes", "palestiniens", "palestiniennes",
        "égyptiens", "égyptiennes", "iraniens", "iraniennes", "argentins", "argentines", "chiliens", "chiliennes",
    ]
    static let pluralDeterminers: Set<String> = [
        "les", "des", "ces", "deux", "trois", "quatre", "cinq", "plusieurs", "quelques", "nombreux", "certains", "certaines",
    ]
    static let cardinalPoints: Set<String> = ["nord", "sud", "est", "ouest", "nord-est", "nord-ouest", "sud-est", "sud-ouest"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                // The capital told from the first byte where it can be, before the word's text is made.
                let capital = sentence.isCapitalized(position)
                guard capital == (kind == .lowercase) else { continue }
                let text = sentence.text(position)
                let written = sentence.written(position)
                var suggestion: String?
                switch kind {
                case .lowercase:
                    guard !sentence.isAllCapitals(position), !sentence.isFirstWord(position),
                          !sentence.isPunctuation(position - 1) || sentence.text(position - 1) == ","
                    else { continue }
                    let before = sentence.text(position - 1)
                    if Self.months.contains(text) {
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
                    } else if Self.days.contains(text) {
                        // "le Vendredi saint", "Mardi gras" keep their capital; a day after a lowercase word takes none.
                        if sentence.isWord(position - 1), !sentence.isCapitalized(position - 1), !["saint", "gras"].contains(sentence.text(position + 1)) {
                            suggestion = text
                        }
                    } else if Self.cardinalPoints.contains(text), ["vers", "hémisphère"].contains(before)
                                || ["le", "l'"].contains(before) && sentence.text(position - 2) == "vers" {
                        // A direction, not a region: "vers le nord", "l’hémisphère sud".
                        suggestion = text
                    } else if Self.languageNames.contains(text) {
                        // A language: after "en", a form of "parler", or "cours d’", "professeur de".
                        let speaking = sentence.readings(position - 1).contains { $0.lemma == "parler" }
                        let ofNoun = ["de", "d'"].contains(before) && sentence.has(position - 2, .NN)
                            && ["cours", "professeur", "prof", "leçon", "leçons", "livre", "classe", "examen", "dictionnaire", "traduction", "notions", "niveau"]
                                .contains(sentence.text(position - 2))
                        if before == "en" || speaking || ofNoun { suggestion = text }
                    }
                case .uppercase:
                    let before = sentence.text(position - 1)
                    // After "beaucoup de", a people only if the word is not also a language ("un peu de français").
                    if Self.peoples.contains(text), Self.pluralDeterminers.contains(before) || (["de", "d'"].contains(before)
                        && ["beaucoup", "millions", "milliers", "centaines"].contains(sentence.text(position - 2))
                        && !Self.languageNames.contains(text)) {
                        // "des Anglais", but "des anglais" before a noun is rare: the noun itself.
                        if !sentence.has(position + 1, .NN) || sentence.has(position + 1, .VBF) { suggestion = WordCase.capitalizingFirst(written) }
                    } else if text == "dieu", !["un", "le", "du", "au", "ce", "cet", "quel", "aucun", "chaque", "son", "ton", "leur", "faux", "petit", "demi", "nouveau", "tel"].contains(before) {
                        suggestion = "Dieu"
                    } else if ["nord", "sud", "est", "ouest"].contains(text), before == "l'", sentence.text(position - 2) == "de",
                              sentence.isCapitalized(position - 3), !sentence.isFirstWord(position - 3) || !sentence.has(position - 3, .NN) {
                        // "l’Allemagne de l’Est", "l’Europe de l’Ouest": part of the name of a region
                        // (a capital that only starts the sentence may be a common noun's).
                        suggestion = WordCase.capitalizingFirst(written)
                    } else if Self.cardinalPoints.contains(text), sentence.isCapitalized(position - 2),
                              before == "du" {
                        // "Afrique du sud", "Corée du nord": part of the name.
                        if !sentence.isWord(position + 1) || !sentence.has(position + 1, .NN) {
                            suggestion = WordCase.capitalizingFirst(written)
                        }
                    }
                }
                guard let suggestion, suggestion != written else { continue }
                let texts = Self.texts[kind]!
                let ruleText = texts[context.explanationLanguage] ?? texts[.en]!
                matches.append(document.match(
                    tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                    message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: suggestion), shortMessage: ruleText.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: .typography, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }
}
