/// The typographic apostrophe ’ instead of the straight one. (picky: the plain signs are a choice of the keyboard)
/// One of the French typography rules; it walks the token stream (`TokenScan`).
public struct FrenchTypographicApostropheRule: ProofreadingRule {
    public let id = "FR_APOSTROPHE_TYPOGRAPHIQUE"
    public let category = MatchCategory.typography
    public let description = "The typographic apostrophe ’ instead of the straight one."
    public let isPicky = true
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("L'arbre est grand.", "L’arbre est grand.", language: "fr"),
        .right("L’arbre est grand.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Use the typographic apostrophe '’'.", shortMessage: "Apostrophe", title: "Typographic apostrophe",
                      detail: "In printed French the apostrophe is the curly ’ (U+2019): l’arbre, aujourd’hui. The straight ' is a typewriter sign."),
        .fr: RuleText(message: "Utilisez l’apostrophe typographique « ’ ».", shortMessage: "Apostrophe", title: "Apostrophe typographique",
                      detail: "En typographie française, l’apostrophe est le signe courbe ’ (U+2019) : l’arbre, aujourd’hui. L’apostrophe droite ' vient de la machine à écrire."),
        .de: RuleText(message: "Verwenden Sie den typografischen Apostroph „’“.", shortMessage: "Apostroph", title: "Typografischer Apostroph",
                      detail: "Im gedruckten Französisch ist der Apostroph das gebogene ’ (U+2019): l’arbre, aujourd’hui. Das gerade ' stammt von der Schreibmaschine."),
        .es: RuleText(message: "Use el apóstrofo tipográfico «’».", shortMessage: "Apóstrofo", title: "Apóstrofo tipográfico",
                      detail: "En el francés impreso, el apóstrofo es el curvo ’ (U+2019): l’arbre, aujourd’hui. El recto ' es un signo de máquina de escribir."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        // A straight apostrophe inside a word: l'arbre.
        for index in tokens.indices where tokens[index].kind == .word && document.lowercasedTexts[index].contains("'") {
            let written = document.text(of: tokens[index])
            guard written.contains("'") else { continue }
            scan.add(index..<index + 1, written.replacingOccurrences(of: "'", with: "’"))
        }
        return scan.matches
    }
}
