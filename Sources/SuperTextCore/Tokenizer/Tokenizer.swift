/// Splits text into words and sentences, scanning UTF-8 bytes.
///
/// Every token carries both its UTF-8 byte range (to read it back) and its UTF-16 offset and
/// length in the caller's original text (what JavaScript and LanguageTool clients count in).
/// Non-prose is recognised and skipped here: URLs, e-mail addresses, @handles, #hashtags, file
/// paths, `--options`, numbers and tokens with digits, identifiers (camelCase, snake_case,
/// dotted.names) and acronyms: words in capitals, except the long words of a run of three or more
/// words in capitals, which is prose written in capitals. In every format but plain text, what
/// is not prose (markup, code, the code around a source file's comments) is masked first by the
/// format's masker (`maskedRanges(in:format:)`), with offsets still those of the original text.
public enum Tokenizer {
    /// The words (checked and skipped) of `bytes`, a valid UTF-8 text.
    public static func words(in bytes: UnsafeBufferPointer<UInt8>, format: TextFormat) -> [WordToken] {
        wordsAndMaskedRanges(in: bytes, format: format).words
    }

    /// The words of `bytes`, and the byte ranges the format's masker left out (none for plain
    /// text).
    static func wordsAndMaskedRanges(
        in bytes: UnsafeBufferPointer<UInt8>, format: TextFormat
    ) -> (words: [WordToken], masked: [Range<Int>]) {
        let masked = maskedRanges(in: bytes, format: format)
        var scanner = WordScanner(bytes: bytes, masked: masked)
        return (scanner.run(), masked)
    }

    /// The byte ranges of `bytes` that are not prose in `format`: sorted, non-overlapping,
    /// merged, never inside a multi-byte UTF-8 sequence. Each format has a masker of its own
    /// (docs/formats.md says what each leaves out).
    static func maskedRanges(in bytes: UnsafeBufferPointer<UInt8>, format: TextFormat) -> [Range<Int>] {
        switch format {
        case .plain: []
        case .markdown: MarkdownMasker.maskedRanges(in: bytes)
        case .latex: LatexMasker.maskedRanges(in: bytes)
        case .restructuredText: RestructuredTextMasker.maskedRanges(in: bytes)
        case .asciidoc: AsciiDocMasker.maskedRanges(in: bytes)
        case .gitCommit: GitCommitMasker.maskedRanges(in: bytes)
        case .html: HTMLMasker.maskedRanges(in: bytes)
        case .slashComments: SlashCommentMasker.maskedRanges(in: bytes)
        case .python: PythonMasker.maskedRanges(in: bytes)
        case .shell: ShellMasker.maskedRanges(in: bytes)
        }
    }

    /// Convenience for tests and small texts.
    public static func words(in text: String, format: TextFormat = .plain) -> [WordToken] {
        var copy = text
        return copy.withUTF8 { words(in: $0, format: format) }
    }
}

// MARK: - Byte-level helpers

@inline(__always)
func utf8SequenceLength(_ lead: UInt8) -> Int {
    if lead < 0x80 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
}

/// The UTF-16 units of the UTF-8 bytes in `range` (a 4-byte sequence is two units).
func utf16Length(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var length = 0
    var index = range.lowerBound
    while index < range.upperBound {
        let size = utf8SequenceLength(bytes[index])
        length += size == 4 ? 2 : 1
        index += size
    }
    return length
}

@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Unicode.Scalar {
    var value: UInt32
    switch length {
    case 1: return Unicode.Scalar(bytes[index])
    case 2: value = UInt32(bytes[index] & 0x1F)
    case 3: value = UInt32(bytes[index] & 0x0F)
    default: value = UInt32(bytes[index] & 0x07)
    }
    for offset in 1..<length {
        value = (value << 6) | UInt32(bytes[index + offset] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
}

/// The role a Unicode scalar plays for the tokenizer.
enum ScalarClass: UInt8 {
    case space, letterLower, letterUpper, letterOther, mark, digit, underscore
    case apostrophe, hyphen, dot, other

    var isLetter: Bool { self == .letterLower || self == .letterUpper || self == .letterOther }
    var isWordCharacter: Bool { isLetter || self == .mark || self == .digit || self == .underscore }

    /// The class of an ASCII byte. A switch rather than a table: a static table is initialised
    /// lazily, and the check for that on every byte cost more than the lookup.
    @inline(__always)
    static func of(ascii byte: UInt8) -> ScalarClass {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return .letterLower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .letterUpper
        case 0x20, 0x09...0x0D: return .space
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
        case UInt8(ascii: "_"): return .underscore
        case UInt8(ascii: "'"): return .apostrophe
        case UInt8(ascii: "-"): return .hyphen
        case UInt8(ascii: "."): return .dot
        default: return .other
        }
    }

    static func of(_ scalar: Unicode.Scalar) -> ScalarClass {
        if scalar.isASCII { return of(ascii: UInt8(scalar.value)) }
        switch scalar.value {
        case 0x2019, 0x02BC: return .apostrophe
        case 0x2010, 0x2011: return .hyphen
        default: break
        }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        switch properties.generalCategory {
        case .lowercaseLetter: return .letterLower
        case .uppercaseLetter, .titlecaseLetter: return .letterUpper
        case .otherLetter, .modifierLetter: return .letterOther
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        case .decimalNumber: return .digit
        default: return .other
        }
    }

}
