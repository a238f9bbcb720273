/// The state of one tokenizing pass: chunks (runs of non-space), then words inside each chunk.
struct WordScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let masked: [Range<Int>]
    private var maskIndex = 0
    private var tokens: [WordToken] = []
    /// The number of tokens in the current run of words written in capitals.
    private var capitalsRunLength = 0
    /// The long words in capitals of the current run, by token index.
    private var longCapitalsInRun: [Int] = []

    /// Words in capitals longer than this are acronyms or constants (`CHANGELOG`, `ECONNRESET`)
    /// only when they stand alone; shorter ones (`NASA`, `HTTP`) always are.
    static let longestShortAcronym = 5
    /// This many words in capitals in a row are prose written in capitals (a licence's
    /// disclaimer, a shouted warning), whose long words are checked.
    static let capitalsRunOfProse = 3

    init(bytes: UnsafeBufferPointer<UInt8>, masked: [Range<Int>]) {
        self.bytes = bytes
        self.masked = masked
        tokens.reserveCapacity(bytes.count / 6)
    }

    /// Whether the byte at `index` is masked; `index` only grows between calls.
    @inline(__always)
    private mutating func isMasked(_ index: Int) -> Bool {
        while maskIndex < masked.count, masked[maskIndex].upperBound <= index { maskIndex += 1 }
        return maskIndex < masked.count && masked[maskIndex].contains(index)
    }

    mutating func run() -> [WordToken] {
        let count = bytes.count
        var index = 0
        var utf16 = 0
        while index < count {
            let lead = bytes[index]
            let length = utf8SequenceLength(lead)
            let isSpace: Bool
            if lead < 0x80 {
                isSpace = ScalarClass.of(ascii: lead) == .space
            } else {
                isSpace = ScalarClass.of(decodeScalar(bytes, at: index, length: length)) == .space
            }
            if isSpace || isMasked(index) {
                index += length
                utf16 += length == 4 ? 2 : 1
                continue
            }
            // A chunk: a maximal run of non-space, unmasked scalars.
            let chunkStart = index
            let chunkUTF16 = utf16
            while index < count {
                let lead = bytes[index]
                let length = utf8SequenceLength(lead)
                if lead < 0x80 {
                    if ScalarClass.of(ascii: lead) == .space { break }
                } else if ScalarClass.of(decodeScalar(bytes, at: index, length: length)) == .space {
                    break
                }
                if isMasked(index) { break }
                index += length
                utf16 += length == 4 ? 2 : 1
            }
            scanChunk(chunkStart..<index, utf16Offset: chunkUTF16)
        }
        endCapitalsRun()
        return tokens
    }

    /// Appends a token, following runs of words in capitals.
    private mutating func append(_ token: WordToken, inCapitals: Bool = false, isLong: Bool = false) {
        tokens.append(token)
        if inCapitals {
            capitalsRunLength += 1
            if isLong { longCapitalsInRun.append(tokens.count - 1) }
        } else {
            endCapitalsRun()
        }
    }

    /// Ends a run of words in capitals: in a run as long as prose, long words are checked after all.
    private mutating func endCapitalsRun() {
        if capitalsRunLength >= Self.capitalsRunOfProse {
            for index in longCapitalsInRun { tokens[index].kind = .word }
        }
        capitalsRunLength = 0
        longCapitalsInRun.removeAll(keepingCapacity: true)
    }

    // MARK: Chunks

    /// `` ( [ { " ' ` * _ < `` before a chunk's core.
    @inline(__always)
    private static func isOpeningPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x28, 0x5B, 0x7B, 0x22, 0x27, 0x60, 0x2A, 0x5F, 0x3C: return true
        default: return false
        }
    }

    /// `` ) ] } " ' ` * _ > . , ; : ! ? `` after a chunk's core.
    @inline(__always)
    private static func isClosingPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x29, 0x5D, 0x7D, 0x22, 0x27, 0x60, 0x2A, 0x5F, 0x3E, 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F: return true
        default: return false
        }
    }

    /// Classifies a whole chunk (URL, e-mail, path, ...) or splits it into words.
    private mutating func scanChunk(_ chunk: Range<Int>, utf16Offset: Int) {
        // The core of the chunk, without ASCII punctuation around it.
        var coreStart = chunk.lowerBound
        var coreEnd = chunk.upperBound
        while coreStart < coreEnd, Self.isOpeningPunctuation(bytes[coreStart]) { coreStart += 1 }
        while coreEnd > coreStart, Self.isClosingPunctuation(bytes[coreEnd - 1]) { coreEnd -= 1 }
        if coreStart < coreEnd, let reason = classifyChunk(coreStart..<coreEnd) {
            // Offsets of the core: leading punctuation is ASCII, one UTF-16 unit a byte.
            let offset = utf16Offset + (coreStart - chunk.lowerBound)
            let length = utf16Length(of: coreStart..<coreEnd)
            append(
                WordToken(
                    byteRange: coreStart..<coreEnd, utf16Offset: offset, utf16Length: length,
                    kind: .skipped(reason), isASCII: true
                )
            )
            return
        }
        scanWords(chunk, utf16Offset: utf16Offset)
    }

    private func utf16Length(of range: Range<Int>) -> Int {
        SuperTextCore.utf16Length(of: range, in: bytes)
    }

    private func has(prefix: String, at start: Int, before end: Int) -> Bool {
        var index = start
        for byte in prefix.utf8 {
            guard index < end else { return false }
            let value = bytes[index]
            let lowered = (value >= 0x41 && value <= 0x5A) ? value | 0x20 : value
            guard lowered == byte else { return false }
            index += 1
        }
        return true
    }

    /// What non-prose a chunk is, or `nil` for prose.
    private func classifyChunk(_ core: Range<Int>) -> SkipReason? {
        let start = core.lowerBound
        let end = core.upperBound
        let first = bytes[start]
        var slashes = 0
        var backslashes = 0
        var atSign = -1
        var dotAfterAt = false
        var dotAfterLastSlash = false
        var index = start
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "/"):
                slashes += 1
                dotAfterLastSlash = false
                if index + 2 < end, bytes[index + 1] == UInt8(ascii: "/"), index > start,
                   bytes[index - 1] == UInt8(ascii: ":") {
                    return .url
                }
            case UInt8(ascii: "\\"): backslashes += 1
            case UInt8(ascii: "@"): if atSign < 0 { atSign = index }
            case UInt8(ascii: "."):
                if atSign >= 0, index > atSign + 1, index + 1 < end { dotAfterAt = true }
                if slashes > 0, index + 1 < end { dotAfterLastSlash = true }
            default: break
            }
            index += 1
        }
        let lowerFirst = first | 0x20
        if (lowerFirst == UInt8(ascii: "w") && has(prefix: "www.", at: start, before: end))
            || (lowerFirst == UInt8(ascii: "m") && has(prefix: "mailto:", at: start, before: end)) {
            return .url
        }
        if atSign > start, dotAfterAt { return .email }
        if first == UInt8(ascii: "@"), end - start > 1 { return .handle }
        if first == UInt8(ascii: "#"), end - start > 1,
           ScalarClass.of(ascii: bytes[start + 1] & 0x7F).isLetter || bytes[start + 1] >= 0x80 {
            return .hashtag
        }
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "~")
            || (first == UInt8(ascii: ".")
                && (has(prefix: "./", at: start, before: end) || has(prefix: "../", at: start, before: end)))
            || backslashes > 0 || slashes >= 2 || (slashes == 1 && dotAfterLastSlash) {
            return .path
        }
        if end - start > 1, first == UInt8(ascii: "-"),
           bytes[start + 1] == UInt8(ascii: "-") || ScalarClass.of(ascii: bytes[start + 1] & 0x7F).isLetter {
            return .option
        }
        return nil
    }

    // MARK: Words

    /// Splits a chunk of prose into words: runs of letters, marks, digits and underscores, joined
    /// by an apostrophe, a hyphen or a dot that stands between two of them.
    private mutating func scanWords(_ chunk: Range<Int>, utf16Offset: Int) {
        var index = chunk.lowerBound
        var utf16 = utf16Offset
        let end = chunk.upperBound

        var wordStart = -1
        var wordUTF16 = 0
        var lastWordEnd = 0  // byte after the last word character
        var lastWordEndUTF16 = 0
        var sawDigit = false, sawUnderscore = false, sawDot = false, sawCamel = false
        var upperLetters = 0, otherLetters = 0, previousWasLower = false, isASCII = true
        var pendingJoiner = false

        func reset() {
            wordStart = -1
            sawDigit = false; sawUnderscore = false; sawDot = false; sawCamel = false
            upperLetters = 0; otherLetters = 0; previousWasLower = false; isASCII = true
            pendingJoiner = false
        }

        while index <= end {
            var scalarClass = ScalarClass.space
            var length = 1
            if index < end {
                let lead = bytes[index]
                length = utf8SequenceLength(lead)
                scalarClass = lead < 0x80
                    ? ScalarClass.of(ascii: lead)
                    : ScalarClass.of(decodeScalar(bytes, at: index, length: length))
            }
            let units = length == 4 ? 2 : 1
            if scalarClass.isWordCharacter {
                if wordStart < 0 {
                    if scalarClass == .mark {  // a mark with nothing to attach to
                        index += length; utf16 += units
                        continue
                    }
                    wordStart = index
                    wordUTF16 = utf16
                }
                if pendingJoiner { pendingJoiner = false }
                switch scalarClass {
                case .digit: sawDigit = true
                case .underscore: sawUnderscore = true
                case .letterUpper:
                    if previousWasLower { sawCamel = true }
                    upperLetters += 1
                case .letterLower, .letterOther: otherLetters += 1
                default: break
                }
                if scalarClass != .mark { previousWasLower = scalarClass == .letterLower }
                if length > 1 { isASCII = false }
                index += length; utf16 += units
                lastWordEnd = index
                lastWordEndUTF16 = utf16
                continue
            }
            // A joiner continues the word only when a word character follows it.
            if wordStart >= 0, !pendingJoiner,
               scalarClass == .apostrophe || scalarClass == .hyphen || scalarClass == .dot {
                let next = index + length
                if next < end {
                    let nextLead = bytes[next]
                    let nextLength = utf8SequenceLength(nextLead)
                    let nextClass = nextLead < 0x80
                        ? ScalarClass.of(ascii: nextLead)
                        : ScalarClass.of(decodeScalar(bytes, at: next, length: nextLength))
                    if nextClass.isLetter || nextClass == .digit {
                        if scalarClass == .dot { sawDot = true }
                        if length > 1 { isASCII = false }
                        previousWasLower = false
                        pendingJoiner = true
                        index += length; utf16 += units
                        continue
                    }
                }
            }
            // Anything else ends the word.
            if wordStart >= 0 {
                emitWord(
                    wordStart..<lastWordEnd, utf16Offset: wordUTF16,
                    utf16Length: lastWordEndUTF16 - wordUTF16,
                    digit: sawDigit, underscore: sawUnderscore, dot: sawDot, camel: sawCamel,
                    upper: upperLetters, other: otherLetters, ascii: isASCII
                )
                reset()
            }
            index += length; utf16 += units
        }
    }

    private mutating func emitWord(
        _ range: Range<Int>, utf16Offset: Int, utf16Length: Int, digit: Bool, underscore: Bool,
        dot: Bool, camel: Bool, upper: Int, other: Int, ascii: Bool
    ) {
        var kind = WordToken.Kind.word
        var inCapitals = false
        if digit {
            kind = .skipped(other + upper == 0 ? .number : .identifier)
        } else if underscore || dot || camel {
            kind = .skipped(.identifier)
        } else if upper == 1, other == 0 {
            inCapitals = true  // "I", "A": part of a run in capitals, not an acronym
        } else if upper >= 2, isAcronym(range, upper: upper, other: other) {
            // Long ones go back to being words if the run turns out to be prose in capitals.
            kind = .skipped(.acronym)
            inCapitals = true
        }
        append(
            WordToken(
                byteRange: range, utf16Offset: utf16Offset, utf16Length: utf16Length, kind: kind,
                isASCII: ascii
            ),
            inCapitals: inCapitals, isLong: upper > Self.longestShortAcronym
        )
    }

    /// All capitals (a possessive or plural `s` allowed after them: `NASA's`, `APIs`).
    private func isAcronym(_ range: Range<Int>, upper: Int, other: Int) -> Bool {
        if other == 0 { return true }
        guard other == 1, bytes[range.upperBound - 1] == UInt8(ascii: "s") else { return false }
        return true
    }
}
