/// The apostrophe ' instead of an accent or a semicolon in a contraction.
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishApostropheMarkRule: ProofreadingRule {
    public let id = "EN_APOSTROPHE_MARK"
    public let category = MatchCategory.typography
    public let description = "The apostrophe ' instead of an accent or a semicolon in a contraction."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("You shouldn´t do it.", "You shouldn't do it."),
        .wrong("I couldn t do it.", "I couldn't do it."),
        .wrong("I´ll be here.", "I'll be here."),
        .right("You shouldn't do it; I'll be here. The letter t is silent."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "A contraction takes an apostrophe: '{suggestion}'.", shortMessage: "Apostrophe", title: "Apostrophe in contractions",
                      detail: "The apostrophe stands for the letters left out: shouldn't, I'll, you're. An accent ´ or `, a semicolon or a space in its place is a typing slip."),
        .fr: RuleText(message: "Une contraction prend une apostrophe : « {suggestion} ».", shortMessage: "Apostrophe", title: "Apostrophe des contractions",
                      detail: "L’apostrophe remplace les lettres omises : shouldn't, I'll, you're. Un accent ´ ou `, un point-virgule ou une espace à sa place est une faute de frappe."),
        .de: RuleText(message: "Eine Zusammenziehung braucht einen Apostroph: „{suggestion}“.", shortMessage: "Apostroph", title: "Apostroph bei Zusammenziehungen",
                      detail: "Der Apostroph steht für die ausgelassenen Buchstaben: shouldn't, I'll, you're. Ein Akzent ´ oder `, ein Semikolon oder ein Leerzeichen an seiner Stelle ist ein Tippfehler."),
        .es: RuleText(message: "Una contracción lleva apóstrofo: «{suggestion}».", shortMessage: "Apóstrofo", title: "Apóstrofo en contracciones",
                      detail: "El apóstrofo ocupa el lugar de las letras omitidas: shouldn't, I'll, you're. Un acento ´ o `, un punto y coma o un espacio en su lugar es una errata."),
    ]

    /// Contractions of not whose "n" part stands alone when the apostrophe is mistyped.
    static let negativeStems: Set<String> = [
        "couldn", "shouldn", "wouldn", "didn", "doesn", "don", "isn", "wasn", "weren", "aren",
        "hasn", "haven", "hadn", "won", "can", "mustn", "needn", "mightn", "ain",
    ]

    /// What follows the apostrophe of a contraction ("I'll", "she's").
    static let contractionTails: Set<String> = ["ll", "s", "re", "ve", "d", "m", "t"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .word {
                let word = texts[index]
                // "shouldn´t", "I´ll", "shouldn;t": a mark in place of the apostrophe.
                if index + 2 < range.upperBound, tokens[index + 1].kind == .punctuation,
                   ["´", "`", ";"].contains(texts[index + 1]), tokens[index + 2].kind == .word,
                   case let tail = texts[index + 2], Self.contractionTails.contains(tail),
                   tail == "t" ? Self.negativeStems.contains(word) : texts[index + 1] != ";",
                   index + 3 >= tokens.count || tokens[index + 3].kind != .word {
                    scan.add(index..<index + 3, document.text(of: tokens[index]) + "'" + document.text(of: tokens[index + 2]))
                    continue
                }
                // "couldn t": a space in its place.
                if index + 2 < range.upperBound, tokens[index + 1].kind == .space, tokens[index + 2].kind == .word,
                   texts[index + 2] == "t", Self.negativeStems.contains(word), word != "can", word != "won",
                   index + 3 >= tokens.count || tokens[index + 3].kind != .word {
                    scan.add(index..<index + 3, document.text(of: tokens[index]) + "'t")
                }
            }
        }
        return scan.matches
    }
}
