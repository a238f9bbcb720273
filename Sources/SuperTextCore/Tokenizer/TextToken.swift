/// One token of the token stream: every part of a text is exactly one token, in order.
///
/// The stream is what rules read (through `CheckedDocument`): words, numbers, punctuation,
/// spaces with their width, line breaks, and skipped non-prose (code, URLs, identifiers, masked
/// markup). Each token carries its UTF-8 byte range (to read it back) and its UTF-16 offset and
/// length in the caller's original text (what matches report).
public struct TextToken: Sendable, Equatable {
    /// What a token is.
    public enum Kind: UInt8, Sendable, Equatable {
        /// Prose: checked by spelling and read by grammar rules.
        case word
        /// A number, or a token with digits (`42`, `3.14`, `2nd`).
        case number
        /// One punctuation mark or symbol (`,`, `"`, `…`, `€`).
        case punctuation
        /// A run of spaces or tabs within a line; its width is `utf16Length`.
        case space
        /// One line break (`\n`, or `\r\n` as one token).
        case lineBreak
        /// Non-prose left alone: a URL, an identifier, code, masked markup (`skipReason` says which).
        case skipped
    }

    /// The token's bytes in the UTF-8 text.
    public var byteRange: Range<Int>
    /// UTF-16 offset of the token in the original text.
    public var utf16Offset: Int
    /// Length in UTF-16 code units.
    public var utf16Length: Int
    /// What the token is.
    public var kind: Kind
    /// Why a skipped token is skipped (`nil` for other kinds; `.markup` for what a masker left out).
    public var skipReason: SkipReason?

    public init(byteRange: Range<Int>, utf16Offset: Int, utf16Length: Int, kind: Kind, skipReason: SkipReason? = nil) {
        self.byteRange = byteRange
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
        self.kind = kind
        self.skipReason = skipReason
    }

    /// UTF-16 offset just after the token.
    public var utf16End: Int { utf16Offset + utf16Length }

    /// Whether the token is a space or a line break.
    public var isWhitespace: Bool { kind == .space || kind == .lineBreak }
}
