/// Messages of one rule in each explanation language, kept together in the rule's own file.
/// Placeholders are names in braces, `{suggestion}`, `{written}`, as in the rule language's
/// data files (docs/rules.md): one syntax for every rule's texts.
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

    /// `template` with each `{name}` of `values` replaced by its value.
    public static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(template, values.map { ($0.key, $0.value) })
    }

    /// `fill(_:_:)` with the names and values of a dictionary or a list of pairs.
    public static func fill(_ template: String, _ values: some Sequence<(String, String)>) -> String {
        guard template.contains("{") else { return template }
        var result = template
        for (name, value) in values { result = result.replacingOccurrences(of: "{" + name + "}", with: value) }
        return result
    }

    /// The four texts with `values` filled in.
    public func filled(_ values: some Sequence<(String, String)>) -> RuleText {
        RuleText(
            message: Self.fill(message, values), shortMessage: Self.fill(shortMessage, values), title: Self.fill(title, values),
            detail: Self.fill(detail, values))
    }
}

extension CheckedDocument {
    /// A match with one suggestion, its messages from `texts` in the explanation language with
    /// `{suggestion}` and the names of `values` filled in: what most code rules report.
    func match(
        tokens range: Range<Int>, rule: String, category: MatchCategory, texts: [ExplanationLanguage: RuleText],
        language: ExplanationLanguage, suggestion: String, values: [(String, String)] = []
    ) -> Match {
        let text = (texts[language] ?? texts[.en]!).filled([("suggestion", suggestion)] + values)
        return match(
            tokens: range, category: category, rule: rule,
            message: text.message, shortMessage: text.shortMessage,
            suggestions: [suggestion],
            explanation: Explanation(kind: category.explanationKind, title: text.title, detail: text.detail)
        )
    }
}
