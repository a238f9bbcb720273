/// The words a document itself uses as code: a prose word that is also one of them is a name of
/// something in that document (`libuv`, `deps`, `fs`), not a misspelling.
///
/// The words are the letter runs (two letters or more) of:
/// - the document's non-prose tokens: identifiers, paths, options, @handles, #hashtags
///   (`src/node.cc` gives `src`, `node`, `cc`); not URLs and e-mail addresses, whose words are
///   often prose (a page's title in its address);
/// - code spans in backticks, whole (`` `npm install` `` in Markdown, AsciiDoc, reStructuredText
///   or a doc comment);
/// - the code-like chunks of the other masked text (code blocks, the code around a source file's
///   comments, link targets, HTML): runs of non-space with punctuation inside, such as
///   `require('fs')` or `fs.readFile`. Plain words there may be a comment's or a title's prose,
///   and its typos must not become terms.
///
/// A word matches a term as written, or with its first letter in lower case (`Crypto` at the
/// start of a sentence and the module `crypto`); other changes of case (`ECMAScript` written
/// `ECMASCript`) are still flagged.
struct CodeVocabulary {
    private var terms: Set<String> = []
    /// The terms in lower case, to tell a term written with other capitals.
    private var lowercasedTerms: Set<String> = []

    init(document: CheckedDocument) {
        let bytes = document.bytes
        for token in document.words {
            guard case .skipped(let reason) = token.kind else { continue }
            switch reason {
            case .url, .email, .number, .acronym, .markup: continue
            case .path, .option, .identifier, .handle, .hashtag: addLetterRuns(of: token.byteRange, in: bytes)
            }
        }
        for range in document.maskedRanges {
            addChunks(of: range, in: bytes, codeLikeOnly: !isCodeSpan(range, in: bytes))
        }
        lowercasedTerms = Set(terms.map { $0.lowercased() })
    }

    /// Whether `word` (as written, or with its first letter in lower case) is a term of the
    /// document's code.
    func contains(_ word: String) -> Bool {
        if terms.contains(word) { return true }
        guard let first = word.first, first.isUppercase else { return false }
        return terms.contains(first.lowercased() + word.dropFirst())
    }

    /// Whether `word` is a term written with other capitals (`ECMASCript` for `ecmascript`).
    func containsOtherwiseCapitalized(_ word: String) -> Bool {
        lowercasedTerms.contains(word.lowercased()) && !contains(word)
    }

    // MARK: Reading code

    /// Whether a masked range is a code span: in backticks, and not a fenced code block.
    private func isCodeSpan(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let backtick = UInt8(ascii: "`")
        guard range.count >= 2, bytes[range.lowerBound] == backtick, bytes[range.upperBound - 1] == backtick else {
            return false
        }
        let opensLikeAFence = range.count >= 3 && bytes[range.lowerBound + 1] == backtick
            && bytes[range.lowerBound + 2] == backtick
        return !(opensLikeAFence && bytes[range].contains(UInt8(ascii: "\n")))
    }

    /// Adds the letter runs of each whitespace-separated chunk of `range` that is not a URL or an
    /// e-mail address (and, with `codeLikeOnly`, that has punctuation inside).
    private mutating func addChunks(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, codeLikeOnly: Bool) {
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, Self.isSpace(bytes[index]) { index += 1 }
            let start = index
            while index < range.upperBound, !Self.isSpace(bytes[index]) { index += 1 }
            guard start < index else { continue }
            let chunk = trimmed(start..<index, in: bytes)
            guard !chunk.isEmpty, !isAddress(chunk, in: bytes) else { continue }
            if codeLikeOnly, !hasInnerPunctuation(chunk, in: bytes) { continue }
            addLetterRuns(of: chunk, in: bytes)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The chunk without the quotes, brackets and sentence punctuation around it.
    private func trimmed(_ chunk: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = chunk.lowerBound
        var end = chunk.upperBound
        while start < end, Self.isFraming(bytes[start]) { start += 1 }
        while end > start, Self.isFraming(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// `` ` ( ) [ ] { } < > " ' * _ . , ; : ! ? ``
    private static func isFraming(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x60, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x3C, 0x3E, 0x22, 0x27, 0x2A, 0x5F,
             0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F:
            return true
        default:
            return false
        }
    }

    /// A URL or an e-mail address: `scheme://`, `www.`, `mailto:`, or `@` with a dot after it.
    private func isAddress(_ chunk: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawAt = false
        var previous: UInt8 = 0
        for index in chunk {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/"), index >= chunk.lowerBound + 2,
               bytes[index - 2] == UInt8(ascii: ":") {
                return true
            }
            if byte == UInt8(ascii: "@"), index > chunk.lowerBound { sawAt = true }
            if byte == UInt8(ascii: "."), sawAt { return true }
            previous = byte
        }
        let text = bytes[chunk]
        return text.starts(with: "www.".utf8) || text.starts(with: "mailto:".utf8)
    }

    /// Whether ASCII punctuation other than an apostrophe or a hyphen stands inside the chunk,
    /// as in code (`a.b`, `f(x)`, `key=value`) and rarely in prose.
    private func hasInnerPunctuation(_ chunk: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in chunk {
            let byte = bytes[index]
            guard byte < 0x80 else { continue }
            switch ScalarClass.of(ascii: byte) {
            case .letterLower, .letterUpper, .digit, .apostrophe, .hyphen: continue
            default: return true
            }
        }
        return false
    }

    /// Adds every run of two letters or more of `range` (marks stay with their letter).
    private mutating func addLetterRuns(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        var index = range.lowerBound
        var runStart = -1
        var runLetters = 0
        while index <= range.upperBound {
            var isLetter = false
            var length = 1
            if index < range.upperBound {
                let lead = bytes[index]
                length = utf8SequenceLength(lead)
                let scalarClass = lead < 0x80
                    ? ScalarClass.of(ascii: lead)
                    : ScalarClass.of(decodeScalar(bytes, at: index, length: length))
                isLetter = scalarClass.isLetter || (scalarClass == .mark && runStart >= 0)
            }
            if isLetter {
                if runStart < 0 { runStart = index }
                runLetters += 1
            } else if runStart >= 0 {
                if runLetters >= 2 {
                    terms.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
                }
                runStart = -1
                runLetters = 0
            }
            index += length
        }
    }
}
