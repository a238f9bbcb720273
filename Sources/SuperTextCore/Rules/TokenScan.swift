/// One rule's walk over a document's tokens: what rules that read the token stream ask about a
/// position (a punctuation mark, a word or number, the start of a line), and the matches they make.
struct TokenScan {
    let document: CheckedDocument
    private let rule: String
    private let category: MatchCategory
    private let texts: [ExplanationLanguage: RuleText]
    private let language: ExplanationLanguage
    private(set) var matches: [Match] = []

    init(_ document: CheckedDocument, rule: some ProofreadingRule, texts: [ExplanationLanguage: RuleText], language: ExplanationLanguage) {
        self.document = document
        self.rule = rule.id
        category = rule.category
        self.texts = texts
        self.language = language
    }

    /// A match of the tokens of `range`, to be replaced by `suggestion`; the message's
    /// `{suggestion}` shows `shown` where it is given.
    mutating func add(_ range: Range<Int>, _ suggestion: String, shown: String? = nil) {
        var match = document.match(
            tokens: range, rule: rule, category: category, texts: texts, language: language, suggestion: shown ?? suggestion)
        match.suggestions = [suggestion]
        matches.append(match)
    }

    /// Whether the token at `index` is the punctuation `text`.
    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < document.tokens.count && document.tokens[index].kind == .punctuation && document.lowercasedTexts[index] == text
    }

    /// Whether the token at `index` is a word or a number.
    func isWordLike(_ index: Int) -> Bool {
        index >= 0 && index < document.tokens.count && (document.tokens[index].kind == .word || document.tokens[index].kind == .number)
    }

    /// The token as written, for suggestions.
    func text(_ index: Int) -> String { document.text(of: document.tokens[index]) }

    /// The token in lowercase (read once per document), for tests.
    func lowered(_ index: Int) -> String { document.lowercasedTexts[index] }

    /// The token's bytes: skipped tokens ("5kg", "McDonald´s") have no lowercase text.
    func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: document.bytes[document.tokens[index].byteRange])
    }

    /// The kind of the token at `index`, nil outside `range` (a sentence).
    func kind(at index: Int, in range: Range<Int>) -> TextToken.Kind? {
        range.contains(index) ? document.tokens[index].kind : nil
    }

    /// Whether the token at `index` is a space of `range`.
    func isSpace(_ index: Int, in range: Range<Int>) -> Bool { kind(at: index, in: range) == .space }

    /// The pairs of straight double quotes of a sentence around something, with no space inside
    /// them: the first of two opens, the second closes.
    func straightQuotePairs(in range: Range<Int>) -> [(open: Int, close: Int)] {
        let quotes = range.filter { isPunctuation($0, "\"") }
        return stride(from: 0, to: quotes.count - 1, by: 2).map { (quotes[$0], quotes[$0 + 1]) }.filter { open, close in
            close > open + 1 && document.tokens[open + 1].kind != .space && document.tokens[close - 1].kind != .space
        }
    }

    /// Whether a token starts a line (or the text), ignoring spaces before it.
    func startsLine(_ index: Int) -> Bool {
        var previous = index - 1
        while previous >= 0, document.tokens[previous].kind == .space { previous -= 1 }
        return previous < 0 || document.tokens[previous].kind == .lineBreak
    }
}
