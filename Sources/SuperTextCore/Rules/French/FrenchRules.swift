/// The French rules written in code, in the order they run (the pattern rules of `fr.rules`
/// and the phrase lists come from `LanguageGrammar`).
enum FrenchRules {
    static let all: [any ProofreadingRule] = [
        FrenchElisionRule(),
        FrenchContractionRule(),
        FrenchDeterminerAgreementRule(),
        FrenchAdjectiveAgreementRule(),
        FrenchNumberAgreementRule(),
        FrenchSubjectVerbRule(),
        FrenchAttributeRule(),
        FrenchParticipleRule(),
        FrenchInfinitiveRule(),
        FrenchRelativeParticipleRule(),
        FrenchSubjunctiveRule(),
        FrenchIndicativeRule(),
        FrenchNegationRule(),
        FrenchImperativeHyphenRule(),
        FrenchImperativeFormRule(),
        FrenchDeterminerVerbRule(),
        FrenchInversionHyphenRule(),
        FrenchSpaceBeforePunctuationRule(),
        FrenchNoBreakSpaceRule(),
        FrenchMissingApostropheRule(),
        FrenchQuotesRule(),
        FrenchEllipsisRule(),
        FrenchTypographicApostropheRule(),
        FrenchEtcRule(),
        FrenchLowercaseRule(),
        FrenchUppercaseRule(),
        SentenceCapitalRule(language: "fr"),
    ]
}
