/// "5 x 2" or "5 * 2" between numbers, where the multiplication sign is meant: "5 × 2".
public struct MultiplicationSignRule: ProofreadingRule {
    public let id = "MULTIPLICATION_SIGN"
    public let category = MatchCategory.typography
    public let description = "The multiplication sign × between numbers."
    public let isPicky = false

    public init() {}

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use the multiplication sign '×' between numbers.", shortMessage: "Multiplication sign",
                      title: "Multiplication sign",
                      detail: "Between two numbers, the letter x and the asterisk stand in for the multiplication sign ×: 5 × 2 = 10, 6.6 × 10⁻³⁴."),
        .fr: RuleText(message: "Employez le signe de multiplication « × » entre deux nombres.", shortMessage: "Signe de multiplication",
                      title: "Signe de multiplication",
                      detail: "Entre deux nombres, la lettre x et l’astérisque remplacent le signe de multiplication × : 5 × 2 = 10, 6,6 × 10⁻³⁴."),
        .de: RuleText(message: "Zwischen Zahlen steht das Malzeichen „ד.", shortMessage: "Malzeichen",
                      title: "Malzeichen",
                      detail: "Zwischen zwei Zahlen ersetzen der Buchstabe x und das Sternchen das Malzeichen ×: 5 × 2 = 10, 6,6 × 10⁻³⁴."),
        .es: RuleText(message: "Use el signo de multiplicar «×» entre números.", shortMessage: "Signo de multiplicar",
                      title: "Signo de multiplicar",
                      detail: "Entre dos números, la letra x y el asterisco sustituyen al signo de multiplicar ×: 5 × 2 = 10, 6,6 × 10⁻³⁴."),
    ]

    public let examples: [RuleExample] = [
        .wrong("The room is 5 x 4 metres.", "The room is 5 × 4 metres."),
        .wrong("We know that 5 * 2 = 10.", "We know that 5 × 2 = 10."),
        .right("The room is 5 × 4 metres. Plan X is ready. Take 5 x-rays."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        for index in tokens.indices.dropFirst(2).dropLast(2) {
            let sign = document.text(of: tokens[index])
            guard sign == "x" || sign == "*",
                  tokens[index - 1].kind == .space, tokens[index + 1].kind == .space,
                  tokens[index - 2].kind == .number, tokens[index + 2].kind == .number
            else { continue }
            matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                          language: context.explanationLanguage, suggestion: "×"))
        }
        return matches
    }
}
