/// Why a token is not sent to the dictionary.
public enum SkipReason: String, Sendable, Equatable, CaseIterable {
    case url, email, handle, hashtag, path, option, number, identifier, acronym
    /// What the format's masker left out: markup, code, link targets, comments' markers (only
    /// in the token stream).
    case markup
}

/// A word or word-like token of a text, with its position in the caller's original text.
public struct WordToken: Sendable, Equatable {
    /// Whether the token is prose to check, or something skipped.
    public enum Kind: Sendable, Equatable {
        case word
        case skipped(SkipReason)
    }

    /// The token's bytes in the UTF-8 text.
    public var byteRange: Range<Int>
    /// UTF-16 offset of the token in the original text.
    public var utf16Offset: Int
    /// Length in UTF-16 code units.
    public var utf16Length: Int
    /// Word or skipped.
    public var kind: Kind
    /// Whether every byte is ASCII (no normalisation needed).
    public var isASCII: Bool

    public init(byteRange: Range<Int>, utf16Offset: Int, utf16Length: Int, kind: Kind, isASCII: Bool) {
        self.byteRange = byteRange
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
        self.kind = kind
        self.isASCII = isASCII
    }

    /// Whether the token is prose to check.
    public var isWord: Bool { kind == .word }
}
