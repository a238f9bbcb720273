/// The French rules written in code, in the order they run (the pattern rules of `fr.rules`
/// and the phrase lists come from `LanguageGrammar`).
enum FrenchRules {
    static let all: [any ProofreadingRule] = [
        FrenchElisionRule(),
        FrenchContractionRule(),
        FrenchNounPhraseRule(.determiner),
        FrenchNounPhraseRule(.adjective),
        FrenchNounPhraseRule(.number),
        FrenchSubjectVerbRule(),
        FrenchAttributeRule(),
        FrenchParticipleRule(),
        FrenchInfinitiveRule(),
        FrenchRelativeParticipleRule(),
        FrenchSubjunctiveRule(),
        FrenchNegationRule(),
        FrenchVerbPronounHyphenRule(.imperative),
        FrenchVerbPronounHyphenRule(.inversion),
        FrenchSpaceBeforePunctuationRule(),
        FrenchNoBreakSpaceRule(),
        FrenchMissingApostropheRule(),
        FrenchQuotesRule(),
        FrenchEllipsisRule(),
        FrenchTypographicApostropheRule(),
        FrenchEtcRule(),
        FrenchLowercaseRule(),
        FrenchUppercaseRule(),
    ]
}
