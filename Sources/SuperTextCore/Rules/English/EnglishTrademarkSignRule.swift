/// The signs ™ ® © instead of (TM) (R) (C).
/// One of the English typography rules; it walks the token stream (`TokenScan`).
public struct EnglishTrademarkSignRule: ProofreadingRule {
    public let id = "EN_TRADEMARK_SIGN"
    public let category = MatchCategory.typography
    public let description = "The signs ™ ® © instead of (TM) (R) (C)."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Try Executive Choice(TM) today.", "Try Executive Choice™ today."),
        .wrong("Copyright (c) 2024 by the authors.", "Copyright © 2024 by the authors."),
        .right("Try Executive Choice™ today. See items (a), (b) and (c) below."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use the sign '{suggestion}'.", shortMessage: "Sign", title: "Trademark and copyright signs",
                      detail: "(TM), (R) and (C) are how a keyboard types the signs ™ (trademark), ® (registered trademark) and © (copyright)."),
        .fr: RuleText(message: "Employez le signe « {suggestion} ».", shortMessage: "Signe", title: "Signes de marque et de copyright",
                      detail: "(TM), (R) et (C) sont la saisie au clavier des signes ™ (marque), ® (marque déposée) et © (copyright)."),
        .de: RuleText(message: "Verwenden Sie das Zeichen „{suggestion}“.", shortMessage: "Zeichen", title: "Marken- und Copyrightzeichen",
                      detail: "(TM), (R) und (C) sind die Tastaturschreibweise der Zeichen ™ (Marke), ® (eingetragene Marke) und © (Copyright)."),
        .es: RuleText(message: "Use el signo «{suggestion}».", shortMessage: "Signo", title: "Signos de marca y copyright",
                      detail: "(TM), (R) y (C) son la forma de teclear los signos ™ (marca), ® (marca registrada) y © (copyright)."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        for range in document.sentenceTokens {
            for index in range where scan.isPunctuation(index, "(") {
                guard index + 2 < range.upperBound, scan.isPunctuation(index + 2, ")") else { continue }
                let inner = document.text(of: tokens[index + 1])
                let attached = index > 0 && (tokens[index - 1].kind == .word || tokens[index - 1].kind == .skipped)
                let afterCopyright = document.previousSignificant(before: index).map { texts[$0] == "copyright" } ?? false
                switch inner {
                case "TM", "tm": if attached || afterCopyright || index > 1 && tokens[index - 1].kind == .space { scan.add(index..<index + 3, "™") }
                case "R": if attached { scan.add(index..<index + 3, "®") }
                case "C", "c": if attached && inner == "C" || afterCopyright { scan.add(index..<index + 3, "©") }
                default: break
                }
            }
        }
        return scan.matches
    }
}
