/// A proofreading rule beyond spelling. Each rule is a type of its own, in a file of its own;
/// adding a rule means adding a type and listing it in `ProofreadingRules.all`.
public protocol ProofreadingRule: Sendable {
    /// Stable identifier, in capitals: `REPEATED_WORD`.
    var id: String { get }
    /// What kind of problem the rule finds.
    var category: MatchCategory { get }
    /// A one-line description, in English, for rule lists.
    var description: String { get }
    /// Whether the rule runs only when the caller asks for picky checking.
    var isPicky: Bool { get }
    /// The problems the rule finds in a document.
    func matches(in document: CheckedDocument, context: RuleContext) -> [Match]
}

/// What a rule may look at: the text, its words and its sentences.
public struct CheckedDocument: @unchecked Sendable {
    /// The UTF-8 bytes of the text (valid for the duration of the check).
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Every word and skipped token, in order.
    public let words: [WordToken]
    /// Sentence boundaries.
    public let sentences: [SentenceRange]
    /// Byte ranges that Markdown masking left out (code, link targets, HTML); empty for plain text.
    var maskedRanges: [Range<Int>] = []

    /// The text of a token.
    public func text(of token: WordToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.byteRange]), as: UTF8.self)
    }

    /// The text of a byte range.
    public func text(bytes range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

/// The circumstances of a check that rules need.
public struct RuleContext: Sendable {
    /// BCP 47 code of the text's language.
    public let languageCode: String
    /// The primary language subtag, `en`.
    public var primaryLanguage: String { String(languageCode.prefix { $0 != "-" }) }
    /// The language explanations are written in.
    public let explanationLanguage: ExplanationLanguage
    /// Builds messages and explanations.
    public let explainer: Explainer
}

/// The rules SuperText ships.
public enum ProofreadingRules {
    /// Every rule, in the order they run.
    public static let all: [any ProofreadingRule] = [
        RepeatedWordRule(),
        DoubleSpaceRule(),
        SpaceBeforePunctuationRule(),
        LongSentenceRule(),
    ]

    /// The spelling check's rule identifier (spelling is not a `ProofreadingRule`: it needs the
    /// dictionaries and suggestions, and lives in `Proofreader`).
    public static let spellingRuleID = "SPELLING"
}
