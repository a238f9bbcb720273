/// Builds the token stream of a text: the word scanner's words and skipped tokens, with the
/// spaces, line breaks, punctuation and masked markup or code between them, grouped in sentences.
///
/// Every byte of the text belongs to exactly one token, so rules never scan bytes or count
/// UTF-16 units themselves.
enum TokenStream {
    /// The tokens of `bytes` (a valid UTF-8 text), given its words and masked byte ranges.
    static func tokens(
        in bytes: UnsafeBufferPointer<UInt8>, words: [WordToken], masked: [Range<Int>]
    ) -> [TextToken] {
        var tokens: [TextToken] = []
        tokens.reserveCapacity(words.count * 2 + 8)
        var index = 0
        var utf16 = 0
        var maskIndex = 0

        /// The tokens of a gap between two words (or before the first, after the last).
        func gap(until end: Int) {
            while index < end {
                // Masked markup or code: one skipped token, up to the end of the mask or the gap.
                while maskIndex < masked.count, masked[maskIndex].upperBound <= index { maskIndex += 1 }
                if maskIndex < masked.count, masked[maskIndex].lowerBound <= index {
                    let stop = min(masked[maskIndex].upperBound, end)
                    let units = utf16Units(index..<stop)
                    tokens.append(TextToken(byteRange: index..<stop, utf16Offset: utf16, utf16Length: units,
                                            kind: .skipped, skipReason: .markup))
                    index = stop
                    utf16 += units
                    continue
                }
                let maskStart = maskIndex < masked.count ? min(masked[maskIndex].lowerBound, end) : end
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    var stop = index + 1
                    while stop < maskStart, bytes[stop] == UInt8(ascii: " ") || bytes[stop] == UInt8(ascii: "\t") {
                        stop += 1
                    }
                    tokens.append(TextToken(byteRange: index..<stop, utf16Offset: utf16, utf16Length: stop - index, kind: .space))
                    utf16 += stop - index
                    index = stop
                    continue
                }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    let stop = byte == UInt8(ascii: "\r") && index + 1 < maskStart && bytes[index + 1] == UInt8(ascii: "\n")
                        ? index + 2 : index + 1
                    tokens.append(TextToken(byteRange: index..<stop, utf16Offset: utf16, utf16Length: stop - index, kind: .lineBreak))
                    utf16 += stop - index
                    index = stop
                    continue
                }
                // One scalar, with the combining marks after it.
                var stop = index + utf8SequenceLength(byte)
                let scalar = decodeScalar(bytes, at: index, length: stop - index)
                let scalarClass = ScalarClass.of(scalar)
                while stop < maskStart {
                    let length = utf8SequenceLength(bytes[stop])
                    guard ScalarClass.of(decodeScalar(bytes, at: stop, length: length)) == .mark else { break }
                    stop += length
                }
                let units = utf16Units(index..<stop)
                let kind: TextToken.Kind = scalarClass == .space ? .space
                    : scalarClass == .digit ? .number
                    : scalarClass.isLetter ? .word : .punctuation
                tokens.append(TextToken(byteRange: index..<stop, utf16Offset: utf16, utf16Length: units, kind: kind))
                utf16 += units
                index = stop
            }
        }

        func utf16Units(_ range: Range<Int>) -> Int { utf16Length(of: range, in: bytes) }

        for word in words {
            gap(until: word.byteRange.lowerBound)
            let kind: TextToken.Kind
            var reason: SkipReason?
            switch word.kind {
            case .word: kind = .word
            case .skipped(.number): kind = .number
            case .skipped(let why): kind = .skipped; reason = why
            }
            tokens.append(TextToken(byteRange: word.byteRange, utf16Offset: word.utf16Offset,
                                    utf16Length: word.utf16Length, kind: kind, skipReason: reason))
            index = word.byteRange.upperBound
            utf16 = word.utf16Offset + word.utf16Length
        }
        gap(until: bytes.count)
        return tokens
    }

    /// The tokens of each sentence, as index ranges into `tokens`: a sentence holds the tokens
    /// that start inside it; the whitespace between sentences belongs to none.
    static func sentenceTokenRanges(_ sentences: [SentenceRange], tokens: [TextToken]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(sentences.count)
        var index = 0
        for sentence in sentences {
            let end = sentence.offset + sentence.length
            while index < tokens.count, tokens[index].utf16Offset < sentence.offset { index += 1 }
            let start = index
            while index < tokens.count, tokens[index].utf16Offset < end { index += 1 }
            ranges.append(start..<index)
        }
        return ranges
    }

    /// The sentences cut into parts that rules read: a sentence of at most
    /// `SentenceSplitter.maximumPartLength` UTF-16 code units is one part; a longer one (a text
    /// with no sentence break) is cut before that length is reached, at the last line break of
    /// the part's second half, else after its last `;`, `:`, `,` or dash followed by white
    /// space, else at its last space, else between two tokens (a single token longer than the
    /// limit stays whole). The white space at a cut belongs to no part; `continues` says which
    /// parts do not start a sentence.
    static func sentenceParts(
        of sentences: [Range<Int>], tokens: [TextToken], bytes: UnsafeBufferPointer<UInt8>
    ) -> (parts: [Range<Int>], continues: [Bool]) {
        let limit = SentenceSplitter.maximumPartLength
        var parts: [Range<Int>] = []
        var continues: [Bool] = []
        parts.reserveCapacity(sentences.count)
        continues.reserveCapacity(sentences.count)
        for sentence in sentences {
            guard let first = sentence.first, let last = sentence.last,
                  tokens[last].utf16End - tokens[first].utf16Offset > limit
            else {
                parts.append(sentence)
                continues.append(false)
                continue
            }
            var start = sentence.lowerBound
            var index = start
            // The best place to cut found so far in the part's second half, as the index the
            // part ends before; ranked line break, clause punctuation, space.
            var lineBreak: Int?
            var clause: Int?
            var space: Int?
            while index < sentence.upperBound {
                let token = tokens[index]
                let length = token.utf16Offset - tokens[start].utf16Offset
                if length > limit, index > start {
                    var end = lineBreak ?? clause ?? space ?? index
                    // The part ends before the white space of the cut; the next starts after it.
                    var next = end
                    while next < sentence.upperBound, tokens[next].isWhitespace { next += 1 }
                    while end > start + 1, tokens[end - 1].isWhitespace { end -= 1 }
                    parts.append(start..<end)
                    continues.append(start != sentence.lowerBound)
                    start = next
                    index = next
                    lineBreak = nil
                    clause = nil
                    space = nil
                    continue
                }
                if length >= limit / 2, index > start {
                    switch token.kind {
                    case .lineBreak: lineBreak = index
                    case .space:
                        space = index
                        if tokens[index - 1].kind == .punctuation, Self.isClauseMark(tokens[index - 1], in: bytes) { clause = index }
                    default: break
                    }
                }
                index += 1
            }
            if start < sentence.upperBound {
                parts.append(start..<sentence.upperBound)
                continues.append(start != sentence.lowerBound)
            }
        }
        return (parts, continues)
    }

    /// Whether a punctuation token ends a clause: `;`, `:`, `,`, an en or em dash.
    private static func isClauseMark(_ token: TextToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slice = bytes[token.byteRange]
        switch slice.count {
        case 1: return slice.first == UInt8(ascii: ";") || slice.first == UInt8(ascii: ":") || slice.first == UInt8(ascii: ",")
        // U+2013 and U+2014: E2 80 93, E2 80 94.
        case 3: return slice.elementsEqual([0xE2, 0x80, 0x93]) || slice.elementsEqual([0xE2, 0x80, 0x94])
        default: return false
        }
    }
}
