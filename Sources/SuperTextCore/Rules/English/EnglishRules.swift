/// The English rules written in code, in the order they run (the confused words, which need
/// their data file, are loaded beside them: `ProofreadingRules.codeRules`).
enum EnglishRules {
    static let all: [any ProofreadingRule] = [
        AVersusAnRule(), CurrencySymbolRule(), ClosedCompoundRule(),
        EnglishQuotesRule(), EnglishQuoteMarksRule(), EnglishDashRule(), EnglishApostropheMarkRule(),
        EnglishApostrophePluralRule(), EnglishDecadeRule(), EnglishTrademarkSignRule(), EnglishHypothesisRule(),
        EnglishNumberingDashRule(), EnglishParenthesisSpaceRule(),
        SentenceCapitalRule(language: "en"), EnglishOrdinalRule(),
    ]
}
