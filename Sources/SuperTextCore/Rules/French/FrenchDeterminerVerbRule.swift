/// A determiner before a word that can only be a conjugated verb: "son puis" (puits), "un
/// maintient" (maintien), "du soutient" (soutien), "mon impacte" (impact). A determiner opens a
/// noun phrase, and a verb form cannot start one; the word meant is most often the noun that
/// sounds the same, spelt with or without a silent ending, which is offered when the lexicon has
/// one that agrees with the determiner.
public struct FrenchDeterminerVerbRule: ProofreadingRule {
    public let id = "FR_DETERMINANT_VERBE"
    public let category = MatchCategory.confusedWords
    public let description = "A determiner before a conjugated verb: son puits, not son puis."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Il a creusé son puis derrière la maison.", "Il a creusé son puits derrière la maison.", language: "fr"),
        .wrong("Merci pour ton soutient.", "Merci pour ton soutien.", language: "fr"),
        .wrong("Le maire demande un maintient des prix.", "Le maire demande un maintien des prix.", language: "fr"),
        .right("Il a creusé son puits. Puis il est parti. Quelqu’un vient. Vingt et un viennent. Le son a changé. Tous sauf un acceptèrent. Il les maintient. Une viendra demain.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After '{determiner}', a noun is expected, not the verb form '{written}'.", shortMessage: "Verb after a determiner",
                      title: "A verb form after a determiner",
                      detail: "A determiner (son, un, du, cette...) opens a noun phrase, which a conjugated verb cannot start. The word meant is most often the noun that sounds the same: son puits, not son puis; un maintien, not un maintient."),
        .fr: RuleText(message: "Après « {determiner} », on attend un nom, non la forme verbale « {written} ».", shortMessage: "Verbe après un déterminant",
                      title: "Forme verbale après un déterminant",
                      detail: "Un déterminant (son, un, du, cette...) ouvre un groupe nominal, qu’un verbe conjugué ne peut commencer. Le mot voulu est le plus souvent le nom qui se prononce de même : son puits, et non son puis ; un maintien, et non un maintient."),
        .de: RuleText(message: "Nach „{determiner}“ wird ein Nomen erwartet, nicht die Verbform „{written}“.", shortMessage: "Verb nach Begleiter",
                      title: "Verbform nach einem Begleiter",
                      detail: "Ein Begleiter (son, un, du, cette...) leitet eine Nominalgruppe ein, die kein konjugiertes Verb beginnen kann. Gemeint ist meist das gleich klingende Nomen: son puits, nicht son puis; un maintien, nicht un maintient."),
        .es: RuleText(message: "Tras «{determiner}» se espera un sustantivo, no la forma verbal «{written}».", shortMessage: "Verbo tras determinante",
                      title: "Forma verbal tras un determinante",
                      detail: "Un determinante (son, un, du, cette...) abre un grupo nominal, que un verbo conjugado no puede empezar. La palabra buscada suele ser el sustantivo que suena igual: son puits, no son puis; un maintien, no un maintient."),
    ]

    /// Determiners that are nothing else before a word ("le", "la", "les", "leur" are also
    /// object pronouns before a verb; "ce" a pronoun in "ce que", "ce sont").
    static let determiners: Set<String> = [
        "un", "une", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "tes", "notre", "votre", "nos", "vos", "cet", "cette",
        "ces", "du", "au", "aux",
    ]
    /// Words before a determiner that make it something else: "Le son a changé", "et un viennent", "sauf un".
    static let notDeterminerAfter: Set<String> = [
        "le", "la", "les", "l'", "un", "une", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "tes", "ce", "cet", "cette", "ces",
        "du", "de", "des", "d'", "au", "aux", "et", "sauf", "numéro", "chacun", "chacune", "plus", "seul", "seule", "quelqu'",
    ]
    /// Silent endings a noun and a verb form of one sound differ by (puis/puits, soutient/soutien,
    /// défie/défi, croie/croix, rackette/racket).
    static let silentEndings = ["", "e", "s", "t", "x", "d", "es", "ts", "te", "nt"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 1) where Self.determiners.contains(sentence.text(position)) {
                let next = position + 1
                let tags = sentence.tags(next)
                guard sentence.isWord(next), tags.contains(.VBF),
                      !tags.containsAny(WordTags([.NN, .NNP, .JJ, .CD, .VB, .VBN, .VBG, .RB, .DT, .PRP, .PRPO, .PRPS, .IN, .CC, .WH])),
                      !sentence.isCapitalized(next), !Self.notDeterminerAfter.contains(sentence.text(position - 1)),
                      !sentence.text(next).utf8.contains(UInt8(ascii: "-")),
                      let features = FrenchNounPhrases.determinerFeatures(at: position, in: sentence)
                else { continue }
                // "Un viendra demain", "l'une part, l'autre reste": at a clause's start "un" and
                // "une" are pronouns, and a verb follows them.
                if ["un", "une"].contains(sentence.text(position)), sentence.startsClause(position) { continue }
                let written = sentence.text(next)
                matches.append(sentence.match(
                    next, next, rule: self, texts: Self.texts, context: context,
                    suggestions: Self.nouns(soundingLike: written, agreeingWith: features, lexicon: lexicon),
                    values: ["determiner": sentence.written(position)]
                ))
            }
        }
        return matches
    }

    /// Nouns of the lexicon the written verb form becomes by a silent ending taken away or put
    /// on, of the determiner's gender and number where it has them.
    static func nouns(soundingLike written: String, agreeingWith features: WordFeatures, lexicon: Lexicon) -> [String] {
        var found: [String] = []
        for removed in silentEndings where written.hasSuffix(removed) && written.count > removed.count + 1 {
            let stem = String(written.dropLast(removed.count))
            for added in silentEndings where added != removed {
                let candidate = stem + added
                guard !found.contains(candidate), candidate != written else { continue }
                let agrees = lexicon.readings(of: candidate).contains { reading in
                    reading.tag == .NN && FrenchWords.agree(reading.features, features)
                }
                if agrees { found.append(candidate) }
            }
        }
        return found
    }
}
