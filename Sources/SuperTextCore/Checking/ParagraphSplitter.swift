/// Cuts a long text into parts at paragraph boundaries, so the parts can be checked in parallel
/// and reported in order.
public enum ParagraphSplitter {
    /// A part of a text and where it starts in the whole.
    public struct Part: Sendable, Equatable {
        /// The part's text.
        public var text: String
        /// UTF-16 offset of the part in the whole text.
        public var utf16Offset: Int
    }

    /// Parts of about `targetSize` UTF-8 bytes or more, each ending after a blank line (or, for
    /// a paragraph longer than four times the target, after a line break, else after a sentence's
    /// last mark and its space, else after a space), so no part cuts a word, and a part starts a
    /// sentence wherever the text has one: rules read a part's start as a sentence's. Concatenated, the parts are exactly `text`. In a `format` other than plain, no
    /// cut falls inside what is not prose (a fenced code block with blank lines in it, a comment),
    /// which a part alone would read as prose. `longest` (default four times the target) is where
    /// a paragraph is cut at a line break or a space.
    public static func parts(of text: String, targetSize: Int, format: TextFormat = .plain, longest: Int? = nil) -> [Part] {
        let longest = longest ?? targetSize * 4
        var utf8 = Array(text.utf8)
        guard utf8.count > targetSize, targetSize > 0 else { return [Part(text: text, utf16Offset: 0)] }
        let masked = format == .plain ? [] : utf8.withUnsafeMutableBufferPointer {
            Tokenizer.maskedRanges(in: UnsafeBufferPointer($0), format: format)
        }
        var nextMask = 0
        /// Whether a cut after byte `end - 1` keeps every masked range whole.
        func canCut(at end: Int) -> Bool {
            while nextMask < masked.count, masked[nextMask].upperBound < end { nextMask += 1 }
            return nextMask == masked.count || masked[nextMask].lowerBound >= end
        }
        var parts: [Part] = []
        var start = 0
        var startUTF16 = 0
        var utf16 = 0
        var index = 0
        var lastLineBreak = -1
        var lastSpace = -1
        var lastSentenceEnd = -1
        func cut(at end: Int, utf16End: Int) {
            parts.append(Part(text: String(decoding: utf8[start..<end], as: UTF8.self), utf16Offset: startUTF16))
            start = end
            startUTF16 = utf16End
            lastLineBreak = -1
            lastSpace = -1
            lastSentenceEnd = -1
        }
        var utf16AtLineBreak = 0
        var utf16AtSpace = 0
        var utf16AtSentenceEnd = 0
        while index < utf8.count {
            let byte = utf8[index]
            let length = utf8SequenceLength(byte)
            index += length
            utf16 += length == 4 ? 2 : 1
            if byte == UInt8(ascii: "\n") {
                lastLineBreak = index
                utf16AtLineBreak = utf16
                // A blank line: the paragraph ends here.
                if index - start >= targetSize, index >= 2, utf8[index - 2] == UInt8(ascii: "\n")
                    || (index >= 3 && utf8[index - 2] == UInt8(ascii: "\r") && utf8[index - 3] == UInt8(ascii: "\n")),
                    canCut(at: index) {
                    cut(at: index, utf16End: utf16)
                    continue
                }
            } else if byte == UInt8(ascii: " ") {
                lastSpace = index
                utf16AtSpace = utf16
                if index >= 2, [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(utf8[index - 2]) {
                    lastSentenceEnd = index
                    utf16AtSentenceEnd = utf16
                }
            }
            if index - start >= longest {
                if lastLineBreak > start {
                    cut(at: lastLineBreak, utf16End: utf16AtLineBreak)
                } else if lastSentenceEnd > start {
                    cut(at: lastSentenceEnd, utf16End: utf16AtSentenceEnd)
                } else if lastSpace > start {
                    cut(at: lastSpace, utf16End: utf16AtSpace)
                }
            }
        }
        if start < utf8.count || parts.isEmpty { cut(at: utf8.count, utf16End: utf16) }
        return parts
    }
}
