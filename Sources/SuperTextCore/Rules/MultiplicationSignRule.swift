/// "5 x 2", "5 * 2", "5*x" or "6.6x10⁻³⁴" between factors, where the multiplication sign is meant: "5 × 2".
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
        .wrong("We know that 5*2 = 10.", "We know that 5×2 = 10."),
        .wrong("Then a = 3 * b holds.", "Then a = 3 × b holds."),
        .wrong("The area is a*b here.", "The area is a×b here."),
        .wrong("Light travels at 2.998x10⁸ m/s.", "Light travels at 2.998×10⁸ m/s."),
        .right("The room is 5 × 4 metres. Plan X is ready. Take 5 x-rays. See note 3* below. I * love * it."),
    ]

    /// Superscript digits and minus, the exponent of "10⁸".
    static let superscripts: Set<String> = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹", "⁻", "^"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        /// A factor: a number, a single letter (not "I" or "a" read as a word), or "5x" (a number times a variable).
        func factor(_ index: Int) -> (isNumber: Bool, ok: Bool) {
            guard index >= 0, index < tokens.count else { return (false, false) }
            let token = tokens[index]
            let text = document.text(of: token)
            switch token.kind {
            case .number: return (true, true)
            case .word: return (false, text.count == 1 && text != "I")
            case .skipped: return (false, token.skipReason == .identifier && text.first?.isNumber == true && text.count <= 4)
            default: return (false, false)
            }
        }
        for index in tokens.indices {
            let token = tokens[index]
            // Most tokens are neither a sign nor an identifier: told by their length and first byte.
            let byte = document.firstByte(of: index)
            guard token.kind == .skipped || (token.byteRange.count == 1
                && (byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "*")))
            else { continue }
            let sign = document.lowercasedTexts[index]
            if token.kind == .skipped, token.skipReason == .identifier, index + 1 < tokens.count,
               Self.superscripts.contains(document.lowercasedTexts[index + 1]) {
                // "6.626x10⁻³⁴": a number, x and a power of ten, scanned as one identifier.
                let text = document.text(of: token)
                if text.hasSuffix("x10"), case let mantissa = text.dropLast(3), !mantissa.isEmpty,
                   mantissa.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) {
                    matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                                  language: context.explanationLanguage, suggestion: mantissa + "×10"))
                }
                continue
            }
            guard sign == "x" || sign == "*", index >= 1, index + 1 < tokens.count else { continue }
            if tokens[index - 1].kind == .space, tokens[index + 1].kind == .space, index >= 2, index + 2 < tokens.count {
                // "5 x 2" between numbers; "a * b" between numbers or letters.
                let left = factor(index - 2), right = factor(index + 2)
                let numbers = left.isNumber && right.isNumber
                guard numbers || (sign == "*" && left.ok && right.ok && (left.isNumber || right.isNumber || tokens[index - 2].kind == tokens[index + 2].kind))
                else { continue }
                matches.append(document.match(tokens: index..<index + 1, rule: id, category: category, texts: Self.texts,
                                              language: context.explanationLanguage, suggestion: "×"))
            } else if sign == "*", !tokens[index - 1].isWhitespace, !tokens[index + 1].isWhitespace {
                // "5*2", "5*x": the asterisk between two factors, nothing around it.
                let left = factor(index - 1), right = factor(index + 1)
                guard left.ok, right.ok else { continue }
                matches.append(document.match(tokens: index - 1..<index + 2, rule: id, category: category, texts: Self.texts,
                                              language: context.explanationLanguage,
                                              suggestion: document.text(of: tokens[index - 1]) + "×" + document.text(of: tokens[index + 1])))
            }
        }
        return matches
    }
}
