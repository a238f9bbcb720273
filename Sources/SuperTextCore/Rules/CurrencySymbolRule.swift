/// In English the currency symbol comes before the amount, without a space: "$100", "€7.25",
/// not "100$" or "$ 100".
public struct CurrencySymbolRule: ProofreadingRule {
    public let id = "EN_CURRENCY_SYMBOL"
    public let category = MatchCategory.typography
    public let description = "The currency symbol before the amount."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    static let symbols: Set<String> = ["$", "€", "£", "¥"]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "In English, write the currency symbol before the amount: '{suggestion}'.", shortMessage: "Currency symbol",
                      title: "Currency symbol",
                      detail: "English puts the symbol first and close to the amount: $100, €7.25, £3."),
        .fr: RuleText(message: "En anglais, le symbole monétaire précède le montant : « {suggestion} ».", shortMessage: "Symbole monétaire",
                      title: "Symbole monétaire",
                      detail: "L’anglais place le symbole avant le montant, sans espace : $100, €7.25, £3 (en français, c’est l’inverse : 100 $)."),
        .de: RuleText(message: "Im Englischen steht das Währungszeichen vor dem Betrag: „{suggestion}“.", shortMessage: "Währungszeichen",
                      title: "Währungszeichen",
                      detail: "Das Englische setzt das Zeichen ohne Leerzeichen vor den Betrag: $100, €7.25, £3 (im Deutschen umgekehrt: 100 $)."),
        .es: RuleText(message: "En inglés, el símbolo de la moneda va delante de la cantidad: «{suggestion}».", shortMessage: "Símbolo de moneda",
                      title: "Símbolo de moneda",
                      detail: "El inglés pone el símbolo delante y sin espacio: $100, €7.25, £3 (en español, al revés: 100 $)."),
    ]

    public let examples: [RuleExample] = [
        .wrong("You owe me 100$.", "You owe me $100."),
        .wrong("You owe me $ 100.", "You owe me $100."),
        .wrong("You owe me 100,000€.", "You owe me €100,000."),
        .right("You owe me $100. It costs €7.25, or about 6 pounds. The hash starts with $3$ here."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        for index in tokens.indices where tokens[index].kind == .number {
            let number = document.text(of: tokens[index])
            // "100$": the symbol right after the amount (not "$3$", a symbol on each side).
            let symbolBefore = index > 0 && Self.symbols.contains(document.text(of: tokens[index - 1]))
            if !symbolBefore, index + 1 < tokens.count, tokens[index + 1].kind == .punctuation,
               case let symbol = document.text(of: tokens[index + 1]), Self.symbols.contains(symbol) {
                // "100,000€": the groups of thousands before are the same amount.
                var start = index
                while start >= 2, tokens[start - 2].kind == .number, tokens[start - 1].kind == .punctuation,
                      [",", "."].contains(document.lowercasedTexts[start - 1]) { start -= 2 }
                if start > 0, Self.symbols.contains(document.text(of: tokens[start - 1])) { continue }
                matches.append(document.match(tokens: start..<index + 2, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage,
                                             suggestion: symbol + document.text(tokens: start..<index + 1)))
                continue
            }
            // "$ 100": a space between the symbol and the amount.
            if index >= 2, tokens[index - 1].kind == .space, tokens[index - 2].kind == .punctuation,
               case let symbol = document.text(of: tokens[index - 2]), Self.symbols.contains(symbol),
               index < 3 || tokens[index - 3].isWhitespace || tokens[index - 3].kind == .punctuation {
                matches.append(document.match(tokens: index - 2..<index + 1, rule: id, category: category, texts: Self.texts,
                                             language: context.explanationLanguage, suggestion: symbol + number))
            }
        }
        return matches
    }
}
