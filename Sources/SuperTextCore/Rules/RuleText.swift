/// Messages of one rule in each explanation language, kept together in the rule's own file.
public struct RuleText: Sendable {
    public var message: String
    public var shortMessage: String
    public var title: String
    public var detail: String

    public init(message: String, shortMessage: String, title: String, detail: String) {
        self.message = message
        self.shortMessage = shortMessage
        self.title = title
        self.detail = detail
    }
}

extension CheckedDocument {
    /// A match with one suggestion, its messages from `texts` in the explanation language (`%s`
    /// in the message stands for the suggestion): what most code rules report.
    func match(
        tokens range: Range<Int>, rule: String, category: MatchCategory, texts: [ExplanationLanguage: RuleText],
        language: ExplanationLanguage, suggestion: String
    ) -> Match {
        let text = texts[language] ?? texts[.en]!
        return match(
            tokens: range, category: category, rule: rule,
            message: text.message.replacingOccurrences(of: "%s", with: suggestion), shortMessage: text.shortMessage,
            suggestions: [suggestion],
            explanation: Explanation(kind: category.explanationKind, title: text.title, detail: text.detail)
        )
    }
}
