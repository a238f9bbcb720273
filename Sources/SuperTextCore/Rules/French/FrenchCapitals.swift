/// The words whose capital French rules on, for the two capital rules: `FrenchLowercaseRule`
/// (months, days, languages and directions take none) and `FrenchUppercaseRule` (peoples, God,
/// the cardinal point of a place name take one).
enum FrenchCapitals {
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

    /// The matches of a capital rule: each word with a capital (or, `capitalized` false, without
    /// one) that `suggestion` gives another form (from the sentence, the position, the word in
    /// lowercase and as written).
    static func matches(
        of rule: some ProofreadingRule, texts: [ExplanationLanguage: RuleText], in document: CheckedDocument, context: RuleContext,
        capitalized: Bool, _ suggestion: (RuleSentence, Int, String, String) -> String?
    ) -> [Match] {
        var scan = TokenScan(document, rule: rule, texts: texts, language: context.explanationLanguage)
        for sentence in RuleSentence.all(in: document, context: context) {
            // The capital told from the first byte where it can be, before the word's text is made.
            for position in 0..<sentence.count where sentence.isWord(position) && sentence.isCapitalized(position) == capitalized {
                let written = sentence.written(position)
                guard let suggested = suggestion(sentence, position, sentence.text(position), written), suggested != written else { continue }
                scan.add(sentence.tokens[position]..<sentence.tokens[position] + 1, suggested)
            }
        }
        return scan.matches
    }
}
