/// What must hold for any text, however hostile: the properties the fuzz run checks
/// (`HostileTextTests`, `supertext-bench fuzz`). Each function returns what is wrong, in words,
/// empty when all holds.
package enum CheckInvariants {
    /// The tokenizer, the format's masker, the token stream and the sentences of `text`: every
    /// range inside the text and on scalar boundaries, UTF-16 offsets that agree with the bytes,
    /// words and masks in order without overlaps, every byte in exactly one token, and the parts
    /// of sentences that rules read no longer than `SentenceSplitter.maximumPartLength` allows.
    package static func tokenizationViolations(of text: String, format: TextFormat) -> [String] {
        var copy = text
        return copy.withUTF8 { bytes in
            var problems: [String] = []
            let count = bytes.count
            // The UTF-16 offset of each scalar's first byte; -1 inside a scalar.
            var utf16At = [Int](repeating: -1, count: count + 1)
            var utf16 = 0
            var index = 0
            while index < count {
                utf16At[index] = utf16
                let length = utf8SequenceLength(bytes[index])
                utf16 += length == 4 ? 2 : 1
                index += length
            }
            utf16At[count] = utf16
            var isUTF16Boundary = [Bool](repeating: false, count: utf16 + 1)
            for offset in utf16At where offset >= 0 { isUTF16Boundary[offset] = true }

            func check(_ range: Range<Int>, utf16Offset: Int, utf16Length: Int, _ what: @autoclosure () -> String) {
                guard range.lowerBound >= 0, range.upperBound <= count else {
                    problems.append("\(what()): bytes \(range) outside 0..<\(count)")
                    return
                }
                guard utf16At[range.lowerBound] >= 0, utf16At[range.upperBound] >= 0 else {
                    problems.append("\(what()): bytes \(range) cut a scalar")
                    return
                }
                if utf16Offset != utf16At[range.lowerBound] || utf16Length != utf16At[range.upperBound] - utf16At[range.lowerBound] {
                    problems.append("\(what()): UTF-16 \(utf16Offset)+\(utf16Length) for bytes \(range), which are "
                        + "\(utf16At[range.lowerBound])+\(utf16At[range.upperBound] - utf16At[range.lowerBound])")
                }
            }

            let (words, masked) = Tokenizer.wordsAndMaskedRanges(in: bytes, format: format)
            var previousEnd = 0
            for (position, word) in words.enumerated() {
                if word.byteRange.isEmpty { problems.append("word \(position) is empty") }
                if word.byteRange.lowerBound < previousEnd { problems.append("word \(position) overlaps the one before") }
                check(word.byteRange, utf16Offset: word.utf16Offset, utf16Length: word.utf16Length, "word \(position)")
                previousEnd = word.byteRange.upperBound
            }
            previousEnd = 0
            for (position, range) in masked.enumerated() {
                if range.isEmpty || range.lowerBound < previousEnd { problems.append("masked range \(position) \(range) empty or out of order") }
                if range.lowerBound >= 0, range.upperBound <= count {
                    check(range, utf16Offset: utf16At[range.lowerBound], utf16Length: utf16At[range.upperBound] - utf16At[range.lowerBound],
                          "masked range \(position)")
                } else {
                    problems.append("masked range \(position) \(range) outside 0..<\(count)")
                }
                previousEnd = range.upperBound
            }

            let sentences = SentenceSplitter.sentences(in: bytes)
            var previousSentenceEnd = 0
            for (position, sentence) in sentences.enumerated() {
                let end = sentence.offset + sentence.length
                if sentence.length <= 0 || sentence.offset < previousSentenceEnd || end > utf16
                    || !isUTF16Boundary[sentence.offset] || !isUTF16Boundary[end] {
                    problems.append("sentence \(position) at \(sentence.offset)+\(sentence.length) out of order, outside or cutting a scalar")
                    break
                }
                previousSentenceEnd = end
            }
            guard problems.isEmpty else { return problems }

            let document = CheckedDocument(bytes: bytes, words: words, sentences: sentences, maskedRanges: masked)
            var byte = 0
            for (position, token) in document.tokens.enumerated() {
                if token.byteRange.isEmpty || token.byteRange.lowerBound != byte {
                    problems.append("token \(position) \(token.byteRange) does not start where the one before ends (\(byte))")
                    break
                }
                check(token.byteRange, utf16Offset: token.utf16Offset, utf16Length: token.utf16Length, "token \(position)")
                byte = token.byteRange.upperBound
            }
            if byte != count, problems.isEmpty { problems.append("the tokens end at byte \(byte) of \(count)") }
            if document.lowercasedTexts.count != document.tokens.count { problems.append("a lowercase text per token") }
            var previousPartEnd = 0
            for (position, part) in document.sentenceTokens.enumerated() {
                guard part.lowerBound >= previousPartEnd, part.upperBound <= document.tokens.count else {
                    problems.append("sentence part \(position) \(part) out of order or outside the tokens")
                    break
                }
                previousPartEnd = part.upperBound
                guard let first = part.first, let last = part.last else { continue }
                // A part may run past the limit by its last token only (a word longer than the limit).
                let lengthBeforeLast = document.tokens[last].utf16Offset - document.tokens[first].utf16Offset
                if lengthBeforeLast > SentenceSplitter.maximumPartLength {
                    problems.append("sentence part \(position) is \(lengthBeforeLast) code units long before its last token")
                }
            }
            return problems
        }
    }

    /// A check result for `text`: every match inside the text and on scalar boundaries, its
    /// `text` the text at its range, its suggestions text without control characters or
    /// replacement characters the text did not have, matches with suggestions in order without
    /// overlaps, the corrected text what applying them gives, and sentences inside the text.
    package static func resultViolations(_ result: CheckResult, of text: String) -> [String] {
        var problems: [String] = []
        let units = Array(text.utf16)
        func isBoundary(_ offset: Int) -> Bool {
            offset >= 0 && offset <= units.count
                && (offset == 0 || offset == units.count || !(UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])))
        }
        let textHasControl = ControlCharacters.first(in: text) != nil
        let textHasReplacement = text.unicodeScalars.contains("\u{FFFD}")
        var corrected: [UTF16.CodeUnit] = []
        corrected.reserveCapacity(units.count)
        var copied = 0
        var previous: Match?
        for match in result.matches {
            let name = "\(match.rule) at \(match.offset)+\(match.length)"
            let end = match.offset + match.length
            guard match.length >= 0, isBoundary(match.offset), isBoundary(end) else {
                problems.append("\(name): outside the text (\(units.count) code units) or cutting a surrogate pair")
                continue
            }
            let written = String(decoding: units[match.offset..<end], as: UTF16.self)
            if match.text != written {
                problems.append("\(name): text \(debug(match.text)) but the text there is \(debug(written))")
            }
            if match.rule.isEmpty || match.message.isEmpty { problems.append("\(name): no rule or no message") }
            if let previous, (previous.offset, previous.length) > (match.offset, match.length) {
                problems.append("\(name): after \(previous.rule) at \(previous.offset)+\(previous.length)")
            }
            for suggestion in match.suggestions {
                if !textHasControl, let control = ControlCharacters.first(in: suggestion) {
                    problems.append("\(name): suggestion \(debug(suggestion)) has U+\(String(control.scalar.value, radix: 16))")
                }
                if !textHasReplacement, suggestion.unicodeScalars.contains("\u{FFFD}") {
                    problems.append("\(name): suggestion \(debug(suggestion)) has U+FFFD")
                }
            }
            previous = match
            guard let replacement = match.suggestions.first else { continue }
            if match.offset < copied {
                problems.append("\(name): overlaps a match before it that has suggestions")
                continue
            }
            corrected += units[copied..<match.offset]
            corrected += replacement.utf16
            copied = end
        }
        corrected += units[copied...]
        if Array(result.correctedText.utf16) != corrected {
            problems.append("the corrected text is not the text with each first suggestion applied")
        }
        if result.stats.matches != result.matches.count { problems.append("stats.matches \(result.stats.matches) for \(result.matches.count) matches") }
        var previousSentenceEnd = 0
        for sentence in result.sentences {
            let end = sentence.offset + sentence.length
            guard sentence.length > 0, sentence.offset >= previousSentenceEnd, isBoundary(sentence.offset), isBoundary(end) else {
                problems.append("sentence \(sentence.offset)+\(sentence.length) empty, out of order, outside or cutting a pair")
                break
            }
            previousSentenceEnd = end
        }
        return problems
    }

    /// `result` without what may differ between two checks of the same text: the time taken.
    package static func comparable(_ result: CheckResult) -> CheckResult {
        var copy = result
        copy.stats.milliseconds = 0
        return copy
    }

    /// A short, visible form of a string for messages: escapes, and cut when long.
    package static func debug(_ string: String) -> String {
        let shown = string.unicodeScalars.count > 80 ? String(string.unicodeScalars.prefix(80)) + "…" : string
        return "\"" + shown.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : $0.escaped(asASCII: true) }.joined() + "\""
    }
}
