/// A full stop, question or exclamation mark written against the next sentence: "on the
/// table.The room", "Really?Yes". Every language; in French only the full stop, since the
/// question and exclamation marks there take a space before them, which their own rule asks for.
///
/// The tokenizer keeps "table.The" one token (as it keeps file and host names), so the full
/// stop is found inside a token: lowercase letters, the stop, then a word with a capital and
/// lowercase letters after it, each half a word the dictionary accepts. A name such as
/// "Node.js", "ASP.NET" or "README.md" has no such halves. LanguageTool's `SENTENCE_WHITESPACE`
/// names it under `/v2`.
public struct SpaceAfterSentenceRule: ProofreadingRule {
    public let id = "SPACE_AFTER_SENTENCE"
    public let category = MatchCategory.typography
    public let description = "A space after the mark that ends a sentence."
    public let isPicky = false

    public init() {}

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Put a space between the sentences: '{suggestion}'.", shortMessage: "Space between sentences",
            title: "Space after a sentence",
            detail: "The full stop, question mark or exclamation mark that ends a sentence is followed by a space before the next one."),
        .fr: RuleText(
            message: "Mettez une espace entre les phrases : « {suggestion} ».", shortMessage: "Espace entre les phrases",
            title: "Espace après une phrase",
            detail: "Le point qui termine une phrase est suivi d’une espace avant la phrase suivante."),
        .de: RuleText(
            message: "Zwischen zwei Sätzen steht ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen zwischen Sätzen",
            title: "Leerzeichen nach einem Satz",
            detail: "Auf den Punkt, das Frage- oder Ausrufezeichen am Satzende folgt ein Leerzeichen vor dem nächsten Satz."),
        .es: RuleText(
            message: "Ponga un espacio entre las oraciones: «{suggestion}».", shortMessage: "Espacio entre oraciones",
            title: "Espacio tras una oración",
            detail: "El punto, el signo de interrogación o el de exclamación que cierra una oración va seguido de un espacio antes de la siguiente."),
    ]

    public let examples: [RuleExample] = [
        .wrong("The bus left early.We walked home instead.", "The bus left early. We walked home instead."),
        .wrong("Did you see it?Yes, I did.", "Did you see it? Yes, I did."),
        .wrong("Le train est parti.Nous prendrons le suivant.", "Le train est parti. Nous prendrons le suivant.", language: "fr"),
        .right("Use Node.js or ASP.NET, read README.md and example.com, e.g. this, U.S. Army."),
        .right("Yahoo! Mail and version 2.Final are names."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let marksBetweenTokens = context.primaryLanguage != "fr"
        let tokens = document.tokens
        var matches: [Match] = []
        func add(_ range: Range<Int>, _ suggestion: String) {
            matches.append(document.match(tokens: range, rule: id, category: category, texts: Self.texts,
                                          language: context.explanationLanguage, suggestion: suggestion))
        }
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .word || token.kind == .skipped {
                // "table.The": one stop inside the token.
                let bytes = document.bytes[token.byteRange]
                guard let stop = bytes.firstIndex(of: UInt8(ascii: ".")), bytes.lastIndex(of: UInt8(ascii: ".")) == stop else { continue }
                let left = document.text(bytes: token.byteRange.lowerBound..<stop)
                let right = document.text(bytes: stop + 1..<token.byteRange.upperBound)
                guard Self.endsSentence(left), Self.startsSentence(right), context.isKnownWord(left), context.isKnownWord(right) else { continue }
                add(index..<index + 1, left + ". " + right)
            } else if marksBetweenTokens, token.kind == .punctuation, index > 0, index + 1 < tokens.count,
                      document.firstByte(of: index) == UInt8(ascii: "?") || document.firstByte(of: index) == UInt8(ascii: "!"),
                      token.byteRange.count == 1, tokens[index - 1].kind == .word, tokens[index + 1].kind == .word {
                // "it?Yes": a word, the mark, a word with a capital, with no space.
                let left = document.text(of: tokens[index - 1])
                let right = document.text(of: tokens[index + 1])
                guard Self.endsSentence(left), Self.startsSentence(right), context.isKnownWord(right) else { continue }
                let mark = document.text(of: token)
                add(index..<index + 1, mark + " ")
            }
        }
        return matches
    }

    /// A lowercase word of two letters or more (apostrophes inside): what ends a sentence, not
    /// an initial or an abbreviation in capitals.
    static func endsSentence(_ word: String) -> Bool {
        word.count >= 2 && word.first!.isLetter && word.allSatisfy { $0.isLowercase || $0 == "'" || $0 == "\u{2019}" }
    }

    /// A word with a capital and lowercase letters after it, two letters or more ("The", "So"):
    /// not "NET", "md" or "js".
    static func startsSentence(_ word: String) -> Bool {
        guard word.count >= 2, let first = word.first, first.isUppercase else { return false }
        return word.dropFirst().allSatisfy { $0.isLowercase }
    }
}
