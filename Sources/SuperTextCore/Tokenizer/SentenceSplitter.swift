/// Finds sentence boundaries, in UTF-16 code units of the original text.
///
/// A sentence ends at `.`, `!`, `?` or `…` (with closing quotes and brackets after it) followed
/// by a space or the end, unless the dot ends an abbreviation or an initial, or the next word
/// starts with a small letter or a digit; and always at a blank line.
public enum SentenceSplitter {
    /// The longest part of a sentence rules read, in UTF-16 code units: a longer sentence (a
    /// text with no sentence break: a list, a log, a text without punctuation) is cut into
    /// parts of at most this length before rules see it (`TokenStream.sentenceParts`). Far
    /// beyond any sentence of prose, so real sentences are never cut.
    public static let maximumPartLength = 4_000

    /// The sentences of `bytes`, a valid UTF-8 text.
    public static func sentences(in bytes: UnsafeBufferPointer<UInt8>) -> [SentenceRange] {
        var sentences: [SentenceRange] = []
        let count = bytes.count
        var index = 0
        var utf16 = 0
        var sentenceStart = -1      // UTF-16 offset of the first non-space of the sentence
        var lastNonSpaceEnd = 0     // UTF-16 offset after the last non-space
        var newlinesInGap = 0       // newlines since the last non-space

        func close(at end: Int) {
            if sentenceStart >= 0, end > sentenceStart {
                sentences.append(SentenceRange(offset: sentenceStart, length: end - sentenceStart))
            }
            sentenceStart = -1
        }

        while index < count {
            let length = utf8SequenceLength(bytes[index])
            let scalar = decodeScalar(bytes, at: index, length: length)
            let units = length == 4 ? 2 : 1
            let scalarClass = ScalarClass.of(scalar)
            if scalarClass == .space {
                if scalar == "\n" {
                    newlinesInGap += 1
                    if newlinesInGap >= 2 { close(at: lastNonSpaceEnd) }
                }
                index += length; utf16 += units
                continue
            }
            newlinesInGap = 0
            if sentenceStart < 0 { sentenceStart = utf16 }
            index += length; utf16 += units
            lastNonSpaceEnd = utf16
            guard scalar == "." || scalar == "!" || scalar == "?" || scalar == "…"
                || scalar == "。" || scalar == "！" || scalar == "？"
            else { continue }
            // Swallow more terminators and closing quotes or brackets.
            while index < count {
                let nextLength = utf8SequenceLength(bytes[index])
                let next = decodeScalar(bytes, at: index, length: nextLength)
                guard closers.contains(next) || next == "." || next == "!" || next == "?" else { break }
                index += nextLength; utf16 += nextLength == 4 ? 2 : 1
                lastNonSpaceEnd = utf16
            }
            // A boundary needs a space (or the end) after it.
            if index < count {
                let nextLength = utf8SequenceLength(bytes[index])
                let next = decodeScalar(bytes, at: index, length: nextLength)
                guard ScalarClass.of(next) == .space else { continue }
            }
            if scalar == ".", !endsSentence(dotAt: index, in: bytes, scannedEnd: index) { continue }
            close(at: lastNonSpaceEnd)
        }
        close(at: lastNonSpaceEnd)
        return sentences
    }

    private static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "}", "»", "”", "’", "“"]

    /// Words after which a dot does not end a sentence (compared in lowercase, without the dot).
    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "cf", "jr", "sr", "no",
        "fig", "approx", "dept", "inc", "ltd", "co", "mt", "p", "pp", "vol", "ed", "eds",
        "m", "mme", "mlle", "mgr", "av", "env", "p.ex", "c.-à-d",
        "z.b", "bzw", "usw", "ca", "nr", "s", "u.a", "d.h", "vgl", "evtl", "ggf", "hr", "fr",
        "sra", "sres", "srta", "ud", "uds", "pág", "núm", "aprox", "etc",
    ]

    /// The longest of `abbreviations`, in UTF-8 bytes.
    private static let longestAbbreviation = abbreviations.map(\.utf8.count).max() ?? 0

    /// Whether the dot just before `scannedEnd` (after closers) ends a sentence.
    private static func endsSentence(dotAt end: Int, in bytes: UnsafeBufferPointer<UInt8>, scannedEnd: Int) -> Bool {
        // The word before the dot: back from the dot to white space (any, the no-break space
        // too), `(` or `"`, but no further than the longest abbreviation: a longer word is none,
        // and looking further back at every dot made a text of "a." and no-break spaces
        // quadratic.
        var dot = end - 1
        while dot >= 0, bytes[dot] != UInt8(ascii: ".") { dot -= 1 }
        var start = dot
        while start > 0, dot - start <= longestAbbreviation {
            var previous = start - 1
            while previous > 0, bytes[previous] & 0xC0 == 0x80 { previous -= 1 }  // to the scalar's first byte
            let scalar = decodeScalar(bytes, at: previous, length: start - previous)
            if ScalarClass.of(scalar) == .space || scalar == "(" || scalar == "\"" { break }
            start = previous
        }
        if dot - start <= longestAbbreviation {
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(start, dot)]), as: UTF8.self)
            if word.count == 1, word.first?.isUppercase == true { return false }  // an initial: "J. Smith"
            if abbreviations.contains(word.lowercased()) { return false }
        }
        // The next word starts with a small letter or a digit: not a new sentence.
        var next = scannedEnd
        while next < bytes.count {
            let length = utf8SequenceLength(bytes[next])
            let nextClass = ScalarClass.of(decodeScalar(bytes, at: next, length: length))
            if nextClass == .letterLower || nextClass == .digit { return false }
            // Over any white space but a line break (the no-break space too).
            guard nextClass == .space, bytes[next] != UInt8(ascii: "\n") else { break }
            next += length
        }
        return true
    }
}
