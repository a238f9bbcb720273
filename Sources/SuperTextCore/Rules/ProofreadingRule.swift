/// A proofreading rule beyond spelling: a type of its own in a file of its own, or an entry of a
/// rule data file (`PatternRule`). Every rule has an identifier, a category, a default (on, or
/// picky only), the languages it runs for, and examples that run as tests.
public protocol ProofreadingRule: Sendable {
    /// Stable identifier, in capitals, LanguageTool-style: `REPEATED_WORD`, `EN_A_VS_AN`.
    var id: String { get }
    /// What kind of problem the rule finds.
    var category: MatchCategory { get }
    /// A one-line description, in English, for rule lists.
    var description: String { get }
    /// Whether the rule runs only when the caller asks for picky checking.
    var isPicky: Bool { get }
    /// The primary languages the rule runs for (`["en"]`); empty: every language.
    var languages: Set<String> { get }
    /// Sentences the rule must correct, and sentences it must leave alone.
    var examples: [RuleExample] { get }
    /// The problems the rule finds in a document.
    func matches(in document: CheckedDocument, context: RuleContext) -> [Match]
}

extension ProofreadingRule {
    public var languages: Set<String> { [] }

    /// Whether the rule runs for a text in `primaryLanguage`.
    public func runs(for primaryLanguage: String) -> Bool {
        languages.isEmpty || languages.contains(primaryLanguage)
    }
}

/// One example of a rule: a wrong sentence with its correction (the rule's first suggestion
/// applied), or a right sentence the rule must leave alone.
public struct RuleExample: Sendable, Equatable {
    /// The sentence.
    public var text: String
    /// The sentence once corrected; `nil` for a sentence that must stay clean.
    public var correction: String?
    /// The language the example is written in (`en`, `fr-FR`).
    public var language: String

    public init(_ text: String, correction: String? = nil, language: String = "en-US") {
        self.text = text
        self.correction = correction
        self.language = language
    }

    /// A sentence the rule must correct to `correction`.
    public static func wrong(_ text: String, _ correction: String, language: String = "en-US") -> RuleExample {
        RuleExample(text, correction: correction, language: language)
    }

    /// A sentence the rule must leave alone.
    public static func right(_ text: String, language: String = "en-US") -> RuleExample {
        RuleExample(text, correction: nil, language: language)
    }
}

/// What a rule may look at: the text as one stream of tokens, grouped in sentences.
///
/// Every part of the text is exactly one token (see `TextToken`), so a rule finds what it needs
/// by walking tokens and never scans bytes or counts UTF-16 units itself; `match(...)` turns a
/// run of tokens into a match with the right offsets.
public struct CheckedDocument: @unchecked Sendable {
    /// The UTF-8 bytes of the text (valid for the duration of the check).
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Every word and skipped token, in order (the tokens spelling and language detection read).
    public let words: [WordToken]
    /// Sentence boundaries.
    public let sentences: [SentenceRange]
    /// Byte ranges the format's masker left out (code, markup, link targets); empty for plain text.
    var maskedRanges: [Range<Int>] = []
    /// Every token of the text, in order.
    public let tokens: [TextToken]
    /// The tokens of each sentence as rules read them, as index ranges into `tokens`: one per
    /// sentence, but a sentence longer than `SentenceSplitter.maximumPartLength` (a text with no
    /// sentence break) is cut into parts of at most that length (`TokenStream.sentenceParts`),
    /// so that no rule works on an unbounded sentence.
    public let sentenceTokens: [Range<Int>]
    /// For each of `sentenceTokens`, whether it continues a sentence cut before it (its first
    /// token does not start a sentence).
    public let continuesSentence: [Bool]
    /// The tokens of each whole sentence (one per `sentences` entry), for rules about sentences
    /// themselves (`LONG_SENTENCE`).
    public let wholeSentenceTokens: [Range<Int>]
    /// The lowercase text of each token (`""` for skipped tokens but acronyms), read by rules.
    public let lowercasedTexts: [String]
    /// What the code rules compute once from the document and share (see `DocumentAnalyses`).
    let analyses = DocumentAnalyses()

    /// A document of `bytes`; `withTokenStream: false` leaves `tokens` empty, for callers that
    /// only read the words (language detection).
    public init(
        bytes: UnsafeBufferPointer<UInt8>, words: [WordToken], sentences: [SentenceRange],
        maskedRanges: [Range<Int>] = [], withTokenStream: Bool = true
    ) {
        self.bytes = bytes
        self.words = words
        self.sentences = sentences
        self.maskedRanges = maskedRanges
        let tokens = withTokenStream ? TokenStream.tokens(in: bytes, words: words, masked: maskedRanges) : []
        self.tokens = tokens
        wholeSentenceTokens = TokenStream.sentenceTokenRanges(sentences, tokens: tokens)
        (sentenceTokens, continuesSentence) = TokenStream.sentenceParts(of: wholeSentenceTokens, tokens: tokens, bytes: bytes)
        lowercasedTexts = tokens.map { token in
            switch token.kind {
            case .skipped where token.skipReason != .acronym: return ""
            case .space: return " "
            case .lineBreak: return "\n"
            case .word, .number, .punctuation, .skipped:
                let slice = UnsafeBufferPointer(rebasing: bytes[token.byteRange])
                let text = String(decoding: slice, as: UTF8.self)
                // ASCII is already in normal form: only other text pays for normalization.
                return slice.allSatisfy({ $0 < 0x80 }) ? text.lowercased() : normalizedWord(text).lowercased()
            }
        }
    }

    /// A document with the same text and the given tokens (`splittingElisions`).
    private init(
        bytes: UnsafeBufferPointer<UInt8>, words: [WordToken], sentences: [SentenceRange], maskedRanges: [Range<Int>],
        tokens: [TextToken], sentenceTokens: [Range<Int>], continuesSentence: [Bool], wholeSentenceTokens: [Range<Int>],
        lowercasedTexts: [String]
    ) {
        self.bytes = bytes
        self.words = words
        self.sentences = sentences
        self.maskedRanges = maskedRanges
        self.tokens = tokens
        self.sentenceTokens = sentenceTokens
        self.continuesSentence = continuesSentence
        self.wholeSentenceTokens = wholeSentenceTokens
        self.lowercasedTexts = lowercasedTexts
    }

    /// The document with each word that starts with an elided word (French `l'arbre`,
    /// `qu'il`) read as two words, the elided one with its apostrophe (`l'`, `arbre`): grammar
    /// rules then see the article and the noun. `elided` holds the lowercase words before the
    /// apostrophe (`l`, `qu`); other apostrophes (`aujourd'hui`) stay inside their word. Spelling
    /// reads `words`, which do not change.
    func splittingElisions(_ elided: Set<String>) -> CheckedDocument {
        guard !elided.isEmpty else { return self }
        var newTokens: [TextToken] = []
        var newTexts: [String] = []
        var newIndex: [Int] = []
        newTokens.reserveCapacity(tokens.count + tokens.count / 8)
        newTexts.reserveCapacity(tokens.count + tokens.count / 8)
        newIndex.reserveCapacity(tokens.count + 1)
        for (index, token) in tokens.enumerated() {
            newIndex.append(newTokens.count)
            var token = token
            var text = lowercasedTexts[index]
            // The byte first: most words have no apostrophe, and finding a Character is slow.
            while token.kind == .word, text.utf8.contains(UInt8(ascii: "'")), let apostrophe = text.firstIndex(of: "'"),
                  elided.contains(String(text[..<apostrophe])),
                  text.index(after: apostrophe) < text.endIndex {
                // The apostrophe in the bytes: ' (1 byte), ’ or ʼ (2 or 3 bytes), after as many
                // letters as the lowercase text has before it.
                let letters = text[..<apostrophe].unicodeScalars.count
                var byte = token.byteRange.lowerBound
                var scalars = 0
                while scalars < letters, byte < token.byteRange.upperBound {
                    byte += utf8SequenceLength(bytes[byte])
                    scalars += 1
                }
                guard byte < token.byteRange.upperBound, [0x27, 0xE2, 0xCA].contains(bytes[byte]) else { break }
                let splitAt = byte + utf8SequenceLength(bytes[byte])
                let headRange = token.byteRange.lowerBound..<splitAt
                let headUTF16 = String(decoding: UnsafeBufferPointer(rebasing: bytes[headRange]), as: UTF8.self).utf16.count
                newTokens.append(TextToken(byteRange: headRange, utf16Offset: token.utf16Offset, utf16Length: headUTF16, kind: .word))
                newTexts.append(String(text[...apostrophe]))
                token = TextToken(
                    byteRange: splitAt..<token.byteRange.upperBound, utf16Offset: token.utf16Offset + headUTF16,
                    utf16Length: token.utf16Length - headUTF16, kind: .word
                )
                text = String(text[text.index(after: apostrophe)...])
            }
            newTokens.append(token)
            newTexts.append(text)
        }
        newIndex.append(newTokens.count)
        guard newTokens.count != tokens.count else { return self }
        return CheckedDocument(
            bytes: bytes, words: words, sentences: sentences, maskedRanges: maskedRanges, tokens: newTokens,
            sentenceTokens: sentenceTokens.map { newIndex[$0.lowerBound]..<newIndex[$0.upperBound] },
            continuesSentence: continuesSentence,
            wholeSentenceTokens: wholeSentenceTokens.map { newIndex[$0.lowerBound]..<newIndex[$0.upperBound] },
            lowercasedTexts: newTexts
        )
    }

    /// The text of a token.
    public func text(of token: WordToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.byteRange]), as: UTF8.self)
    }

    /// The text of a token of the stream, exactly as written.
    public func text(of token: TextToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.byteRange]), as: UTF8.self)
    }

    /// The text of a byte range.
    public func text(bytes range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The text written from the first to the last of a run of tokens.
    public func text(tokens range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return text(bytes: tokens[range.lowerBound].byteRange.lowerBound..<tokens[range.upperBound - 1].byteRange.upperBound)
    }

    /// The first byte of a token (0 for an empty range), for quick tests of punctuation.
    public func firstByte(of index: Int) -> UInt8 {
        let range = tokens[index].byteRange
        return range.isEmpty ? 0 : bytes[range.lowerBound]
    }

    /// A match covering a run of tokens.
    public func match(
        tokens range: Range<Int>, category: MatchCategory, rule: String, message: String,
        shortMessage: String, suggestions: [String], explanation: Explanation
    ) -> Match {
        let first = tokens[range.lowerBound]
        let last = tokens[range.upperBound - 1]
        return Match(
            offset: first.utf16Offset, length: last.utf16End - first.utf16Offset, text: text(tokens: range),
            category: category, rule: rule, message: message, shortMessage: shortMessage,
            suggestions: suggestions, explanation: explanation
        )
    }

    /// The indices of the tokens of a sentence that are not whitespace.
    public func significantTokens(in sentence: Range<Int>) -> [Int] {
        // Room for all at once: a filter grows its array a few times for a long sentence.
        var significant: [Int] = []
        significant.reserveCapacity(sentence.count)
        for index in sentence where !tokens[index].isWhitespace { significant.append(index) }
        return significant
    }

    /// The lowercase word at `position` of a sentence's `significant` tokens; nil out of the
    /// sentence or for punctuation, which leaves a word without a neighbour.
    public func lowercasedWord(at position: Int, of significant: [Int]) -> String? {
        significant.indices.contains(position) && tokens[significant[position]].kind == .word
            ? lowercasedTexts[significant[position]] : nil
    }

    /// The index of the next token after `index` that is not whitespace, if any.
    public func nextSignificant(after index: Int) -> Int? {
        var next = index + 1
        while next < tokens.count, tokens[next].isWhitespace { next += 1 }
        return next < tokens.count ? next : nil
    }

    /// The index of the previous token before `index` that is not whitespace, if any.
    public func previousSignificant(before index: Int) -> Int? {
        var previous = index - 1
        while previous >= 0, tokens[previous].isWhitespace { previous -= 1 }
        return previous >= 0 ? previous : nil
    }
}

/// The circumstances of a check that rules need.
public struct RuleContext {
    /// BCP 47 code of the text's language.
    public let languageCode: String
    /// The primary language subtag, `en`.
    public var primaryLanguage: String { String(languageCode.prefix { $0 != "-" }) }
    /// The language explanations are written in.
    public let explanationLanguage: ExplanationLanguage
    /// Builds messages and explanations.
    public let explainer: Explainer
    /// What the rules know of the language's words: parts of speech, inflections, how likely
    /// words are in context (empty for a language without grammar data).
    public var grammar: LanguageGrammar = .empty
    /// Whether a word is in the text language's dictionary (or the personal one).
    public var isKnownWord: (String) -> Bool = { _ in true }

    public init(languageCode: String, explanationLanguage: ExplanationLanguage, explainer: Explainer) {
        self.languageCode = languageCode
        self.explanationLanguage = explanationLanguage
        self.explainer = explainer
    }
}

/// The rules SuperText ships.
public enum ProofreadingRules {
    /// The rules written in code for one language (those of its data file come from
    /// `LanguageGrammar`).
    static func codeRules(for language: String, searchPath: [String]) -> [any ProofreadingRule] {
        switch language {
        case "en": EnglishRules.all + [ConfusedWordRule.load(language: language, searchPath: searchPath)].compactMap { $0 }
        case "fr": FrenchRules.all
        case "de": GermanRules.all
        case "es": SpanishRules.all
        default: []
        }
    }

    /// The rules of every language, in the order they run.
    public static let all: [any ProofreadingRule] = [
        RepeatedWordRule(),
        DoubleSpaceRule(),
        SpaceBeforePunctuationRule(),
        SpaceAfterSentenceRule(),
        SpaceAfterCommaRule(),
        LongSentenceRule(),
        UnitSpaceRule(),
        MultiplicationSignRule(),
    ]

    /// The spelling check's rule identifier (spelling is not a `ProofreadingRule`: it needs the
    /// dictionaries and suggestions, and lives in `Proofreader`).
    public static let spellingRuleID = "SPELLING"
}
