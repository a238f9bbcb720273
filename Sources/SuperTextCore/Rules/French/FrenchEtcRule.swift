/// “etc.” ends with one full stop, and a comma comes before it.
/// One of the French typography rules; it walks the token stream (`TokenScan`).
public struct FrenchEtcRule: ProofreadingRule {
    public let id = "FR_ETC"
    public let category = MatchCategory.typography
    public let description = "“etc.” ends with one full stop, and a comma comes before it."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Des pommes, des poires, etc...", "Des pommes, des poires, etc.", language: "fr"),
        .wrong("Il vend des pommes, des poires, des prunes etc.", "Il vend des pommes, des poires, des prunes, etc.", language: "fr"),
        .right("Des pommes, des poires, etc.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}'.", shortMessage: "etc.", title: "etc.",
                      detail: "“Etc.” already ends with its own full stop: no ellipsis after it, since et cetera already says “and the rest”. A comma comes before it, as before the last item of a list."),
        .fr: RuleText(message: "Écrivez « {suggestion} ».", shortMessage: "etc.", title: "etc.",
                      detail: "« Etc. » se termine par son propre point abréviatif : pas de points de suspension après, puisque et cetera signifie déjà « et le reste ». Une virgule le précède, comme devant le dernier terme d’une énumération."),
        .de: RuleText(message: "Schreiben Sie „{suggestion}“.", shortMessage: "etc.", title: "etc.",
                      detail: "„Etc.“ endet schon mit seinem Abkürzungspunkt: keine Auslassungspunkte danach, denn et cetera heißt bereits „und so weiter“. Im Französischen steht davor ein Komma."),
        .es: RuleText(message: "Escriba «{suggestion}».", shortMessage: "etc.", title: "etc.",
                      detail: "«Etc.» ya termina con su punto de abreviatura: sin puntos suspensivos detrás, porque et cetera ya significa «y lo demás». En francés lleva una coma delante."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        func isDot(_ index: Int) -> Bool { scan.isPunctuation(index, ".") }
        for index in tokens.indices where tokens[index].kind == .word && document.lowercasedTexts[index] == "etc" {
            let written = document.text(of: tokens[index])
            // "etc..." or "etc…": one full stop.
            if isDot(index + 1), isDot(index + 2) {
                var last = index + 2
                while isDot(last + 1) { last += 1 }
                scan.add(index..<last + 1, written + ".")
                continue
            }
            if scan.isPunctuation(index + 1, "…") {
                scan.add(index..<index + 2, written + ".")
                continue
            }
            // No comma before it, after a word of the list.
            if index >= 2, tokens[index - 1].kind == .space, tokens[index - 2].kind == .word, isDot(index + 1),
               !["et", "ou"].contains(document.lowercasedTexts[index - 2]) {
                scan.add(index - 1..<index, ", ")
            }
        }
        return scan.matches
    }
}
