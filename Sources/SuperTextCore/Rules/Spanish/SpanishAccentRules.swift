/// "Esta" before a gerund (`ES_ESTA_GERUNDIO`): the verb estar, "está", never the demonstrative
/// ("Esta cantando" → "Está cantando", "esta siempre corriendo"). The lexicon lists no gerunds, so
/// a gerund is told by its ending (-ando, -iendo, -yendo) and by being no noun, adjective or other
/// form the lexicon knows (`comando`, `blando`, `estruendo`).
struct SpanishEstaGerundRule: ProofreadingRule {
    let id = "ES_ESTA_GERUNDIO"
    let category = MatchCategory.confusedWords
    let description = "'Esta' before a gerund, for 'está'."
    let isPicky = false
    let languages: Set<String> = ["es"]

    /// Adverbs that may stand between the verb and its gerund.
    static let between: Set<String> = ["siempre", "todavía", "aún", "ya", "ahora", "también", "solo", "sólo", "casi", "otra"]

    let examples: [RuleExample] = [
        .wrong("Esta cantando en el coro.", "Está cantando en el coro.", language: "es"),
        .wrong("Mi hermana esta estudiando medicina.", "Mi hermana está estudiando medicina.", language: "es"),
        .wrong("El niño esta siempre corriendo.", "El niño está siempre corriendo.", language: "es"),
        .wrong("Esta leyendo el periódico.", "Está leyendo el periódico.", language: "es"),
        .right("Está cantando. Esta canción es nueva. Esta mano de pintura.", language: "es"),
        .right("Esta comandancia está lejos. Esta blanda almohada.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Before a gerund this is the verb estar: write 'está', with an accent.", shortMessage: "esta o está",
            title: "Está before a gerund",
            detail: "'Está' with an accent is the verb estar (está cantando, she is singing); 'esta' without it is the demonstrative 'this' (esta canción). A gerund (-ando, -iendo) after it shows the verb."),
        .fr: RuleText(
            message: "Devant un gérondif, c’est le verbe estar : écrivez « está », avec accent.", shortMessage: "esta ou está",
            title: "Está devant un gérondif",
            detail: "« Está » avec accent est le verbe estar (está cantando, elle est en train de chanter) ; « esta » sans accent est le démonstratif « cette » (esta canción). Un gérondif (-ando, -iendo) après lui montre le verbe."),
        .de: RuleText(
            message: "Vor einem Gerundium ist es das Verb estar: Schreiben Sie „está“ mit Akzent.", shortMessage: "esta oder está",
            title: "Está vor einem Gerundium",
            detail: "„Está“ mit Akzent ist das Verb estar (está cantando, sie singt gerade); „esta“ ohne Akzent ist das Demonstrativ „diese“ (esta canción). Ein Gerundium (-ando, -iendo) danach zeigt das Verb."),
        .es: RuleText(
            message: "Ante un gerundio es el verbo estar: escriba «está», con tilde.", shortMessage: "esta o está",
            title: "Está ante gerundio",
            detail: "«Está» con tilde es el verbo estar (está cantando); «esta» sin tilde es el demostrativo (esta canción). Un gerundio (-ando, -iendo) detrás muestra que es el verbo."),
    ]

    /// Whether the word at `position` reads as a gerund.
    static func isGerund(_ sentence: RuleSentence, _ position: Int) -> Bool {
        let word = sentence.text(position)
        guard sentence.isWord(position), !sentence.isCapitalized(position), word.unicodeScalars.count >= 6,
              word.hasSuffix("ando") || word.hasSuffix("iendo") || word.hasSuffix("yendo")
        else { return false }
        return sentence.readings(position).isEmpty
    }

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.text(position) == "esta" {
                var next = position + 1
                if Self.between.contains(sentence.text(next)) { next += 1 }
                guard Self.isGerund(sentence, next) else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: ["está"]))
            }
        }
        return matches
    }
}
