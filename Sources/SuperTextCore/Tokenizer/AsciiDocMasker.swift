/// Finds the parts of an AsciiDoc text that are not prose.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// Masked, line by line:
/// - listing `----`, literal `....`, passthrough `++++` and comment `////` blocks and fenced
///   code, whole with their delimiters (unclosed: to the end); any block or paragraph after a
///   block attribute line naming a verbatim style (`[source,python]`, `[literal]`, `[stem]`...);
///   literal paragraphs (indented); of other blocks (example, sidebar, quote, open, table) only
///   the delimiter lines;
/// - line comments `//`, attribute entries `:name: value`, block attribute and anchor lines
///   (`[NOTE]`, `[[id]]`), preprocessor directives and block macros (`include::file[]`; of
///   `image::file[alt]` the alternative text is prose);
/// - the `=` (or `#`) of section titles and the `.` of block titles, whose text is prose;
/// then, in the prose, inline: code `` `x` `` and passthroughs `+x+`, `++x++`, `+++x+++`;
/// macros, of which the target and brackets are masked and the text kept when it is prose
/// (`link:url[text]`, `https://…[text]`, `xref:id[text]`, `image:file[alt]`,
/// `footnote:[text]`) and the whole masked otherwise (`kbd:[…]`, `stem:[…]`, `pass:[…]`...);
/// cross references `<<id,text>>` (the text kept); anchors `[[id]]`; attribute references
/// `{name}`. Admonition labels (`NOTE:`) stay, as words in capitals are not checked anyway.
enum AsciiDocMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        let bytes = TextBytes(text)
        var blocks = BlockScanner(bytes)
        blocks.run()
        var inline = InlineScanner(bytes)
        for segment in blocks.segments { inline.scan(segment) }
        return MaskedRanges.merge(blocks.masks, inline.masks)
    }

    /// Block styles whose content is not prose: the block or paragraph after `[style]` is masked.
    static let verbatimStyles: Set<[UInt8]> = Set(
        ["source", "listing", "literal", "pass", "stem", "latexmath", "asciimath", "comment"].map { Array($0.utf8) })
}

extension AsciiDocMasker {
    /// Reads the text line by line: masks the blocks and lines that are not prose, and hands
    /// the prose on as segments (runs of lines inline markup may span).
    struct BlockScanner {
        /// Masked block ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []
        /// Prose to scan for inline markup, in order.
        private(set) var segments: [Range<Int>] = []

        private let text: TextBytes
        private let count: Int
        /// The current segment (`segmentStart < 0`: none).
        private var segmentStart = -1
        private var segmentEnd = -1
        private var previousBlank = true
        /// Whether the block attribute line just read named a verbatim style.
        private var verbatimNext = false

        /// A delimiter line: its character and length, and whether its block is masked whole.
        private struct Delimiter {
            var character: UInt8
            var length: Int
            var isVerbatim: Bool
        }

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
        }

        mutating func run() {
            var p = count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            while p < count {
                let line = text.line(at: p)
                let first = text.skipSpacesAndTabs(line.start, line.end)
                if first == line.end {
                    flushSegment()
                    previousBlank = true
                    verbatimNext = false
                    p = line.next
                    continue
                }
                var end = line.end
                while end > first && ASCII.isSpaceOrTab(text[end - 1]) { end -= 1 }
                p = read(line, first: first, end: end)
            }
            flushSegment()
        }

        /// Reads a line that is not blank (its content `first..<end`); returns where the next
        /// line to read starts.
        private mutating func read(_ line: TextLine, first: Int, end: Int) -> Int {
            let atMargin = first == line.start
            let c = text[first]
            if atMargin, let delimiter = delimiter(from: first, to: end) {
                flushSegment()
                let next: Int
                if delimiter.isVerbatim || verbatimNext {
                    next = maskDelimitedBlock(line, delimiter: delimiter)
                } else {
                    mask(first, end)
                    next = line.next
                }
                verbatimNext = false
                previousBlank = true
                return next
            }
            if atMargin && c == ASCII.slash && end - first >= 2 && text[first + 1] == ASCII.slash
                && (end - first == 2 || text[first + 2] != ASCII.slash)
            {
                flushSegment()
                mask(first, end)
                return line.next
            }
            if atMargin && c == ASCII.leftBracket && text[end - 1] == ASCII.rightBracket {
                flushSegment()
                mask(first, end)
                verbatimNext = verbatimNext || hasVerbatimStyle(first, end)
                return line.next
            }
            if atMargin && c == ASCII.dot && end - first >= 2 && !ASCII.isSpaceOrTab(text[first + 1])
                && text[first + 1] != ASCII.dot
            {
                // A block title, `.Title`, before or after the block's attributes.
                flushSegment()
                mask(first, first + 1)
                segments.append((first + 1)..<end)
                previousBlank = true
                return line.next
            }
            if verbatimNext {
                flushSegment()
                verbatimNext = false
                return maskParagraph(from: first, line: line)
            }
            if atMargin && c == ASCII.colon, isAttributeEntry(from: first, to: end) {
                flushSegment()
                return maskAttributeEntry(line)
            }
            if atMargin && ASCII.isLetter(c), let next = blockMacro(line, end: end) {
                return next
            }
            if !atMargin && previousBlank && !isListItem(at: first, end: end) {
                flushSegment()
                return maskParagraph(from: first, line: line)
            }
            if atMargin && (c == ASCII.equals || c == ASCII.hash), let markerEnd = sectionMarkerEnd(from: first, to: end) {
                flushSegment()
                mask(first, markerEnd)
                var titleEnd = end
                while titleEnd > markerEnd && text[titleEnd - 1] == c { titleEnd -= 1 }
                if titleEnd < end && titleEnd > markerEnd && ASCII.isSpaceOrTab(text[titleEnd - 1]) {
                    segments.append(markerEnd..<titleEnd)
                    mask(titleEnd, end)
                } else {
                    segments.append(markerEnd..<end)
                }
                previousBlank = true
                return line.next
            }
            addProse(first, end)
            previousBlank = false
            return line.next
        }

        // MARK: Delimited blocks

        /// The delimiter line `first..<end`: four or more of `-`, `.`, `+`, `/` (masked blocks),
        /// `=`, `*`, `_` (prose blocks), `--` (an open block), a table's `|===`, or a code
        /// fence.
        private func delimiter(from first: Int, to end: Int) -> Delimiter? {
            let c = text[first]
            let length = end - first
            if c == ASCII.backtick {
                guard length >= 3, text[first + 1] == ASCII.backtick, text[first + 2] == ASCII.backtick else { return nil }
                return Delimiter(character: c, length: 3, isVerbatim: true)
            }
            if length == 2 && c == ASCII.minus && text[first + 1] == ASCII.minus {
                return Delimiter(character: c, length: 2, isVerbatim: false)
            }
            if (c == ASCII.verticalBar || c == ASCII.comma || c == ASCII.colon || c == ASCII.exclamation)
                && length >= 4 && isRun(of: ASCII.equals, from: first + 1, to: end)
            {
                return Delimiter(character: c, length: length, isVerbatim: false)
            }
            guard length >= 4, isRun(of: c, from: first + 1, to: end) else { return nil }
            switch c {
            case ASCII.minus, ASCII.dot, ASCII.plus, ASCII.slash:
                return Delimiter(character: c, length: length, isVerbatim: true)
            case ASCII.equals, ASCII.asterisk, ASCII.underscore:
                return Delimiter(character: c, length: length, isVerbatim: false)
            default:
                return nil
            }
        }

        private func isRun(of c: UInt8, from start: Int, to end: Int) -> Bool {
            for k in start..<end where text[k] != c { return false }
            return true
        }

        /// Masks the block opened by `line` to its closing delimiter (the same line again), or
        /// to the end of the text; returns the start of the line after it.
        private mutating func maskDelimitedBlock(_ line: TextLine, delimiter: Delimiter) -> Int {
            var p = line.next
            while p < count {
                let next = text.line(at: p)
                var end = next.end
                while end > next.start && ASCII.isSpaceOrTab(text[end - 1]) { end -= 1 }
                if end > next.start && text[next.start] == delimiter.character {
                    let closes = delimiter.character == ASCII.backtick
                        ? end - next.start >= 3 && isRun(of: ASCII.backtick, from: next.start, to: end)
                        : end - next.start == delimiter.length && isRun(of: delimiter.character, from: next.start, to: end)
                    if closes {
                        mask(line.start, end)
                        return next.next
                    }
                }
                p = next.next
            }
            mask(line.start, count)
            return count
        }

        /// Masks the paragraph whose first line starts at `first`; returns the start of the line
        /// after it.
        private mutating func maskParagraph(from first: Int, line: TextLine) -> Int {
            var last = line
            var p = line.next
            while p < count {
                let next = text.line(at: p)
                if text.skipSpacesAndTabs(next.start, next.end) == next.end { break }
                last = next
                p = next.next
            }
            mask(first, last.end)
            previousBlank = false
            return last.next
        }

        // MARK: Lines

        /// Whether the block attribute line `first..<end` (`[…]`) names a verbatim style first
        /// (`[source,python]`, `[literal]`, `[source#id]`).
        private func hasVerbatimStyle(_ first: Int, _ end: Int) -> Bool {
            var k = first + 1
            while k < end - 1 && ASCII.isLetter(text[k]) { k += 1 }
            guard k > first + 1, k - first <= 16 else { return false }
            let style = Array(text.base[(first + 1)..<k]).map(ASCII.lowercased)
            let next = text[k]
            return (next == ASCII.rightBracket || next == ASCII.comma || next == ASCII.hash || next == ASCII.dot
                || next == ASCII.percent) && AsciiDocMasker.verbatimStyles.contains(style)
        }

        /// `:name: value` or `:name!:` (an attribute entry).
        private func isAttributeEntry(from first: Int, to end: Int) -> Bool {
            var k = first + 1
            if k < end && text[k] == ASCII.exclamation { k += 1 }
            let nameStart = k
            while k < end && (ASCII.isIdentifier(text[k]) || text[k] == ASCII.minus) { k += 1 }
            guard k > nameStart, ASCII.isIdentifier(text[nameStart]) else { return false }
            if k < end && text[k] == ASCII.exclamation { k += 1 }
            return k < end && text[k] == ASCII.colon && (k + 1 == end || ASCII.isSpaceOrTab(text[k + 1]))
        }

        /// Masks an attribute entry with the lines its value continues on (a line ending in
        /// ` \`); returns the start of the line after it.
        private mutating func maskAttributeEntry(_ line: TextLine) -> Int {
            var last = line
            while last.end > last.start && text[last.end - 1] == ASCII.backslash && last.next < count {
                last = text.line(at: last.next)
            }
            mask(line.start, last.end)
            return last.next
        }

        /// A block macro or preprocessor directive at the start of `line` (`name::target[…]`,
        /// the whole line): masked, but for the alternative text of an image. Returns the start
        /// of the next line, or `nil` when the line is no such macro.
        private mutating func blockMacro(_ line: TextLine, end: Int) -> Int? {
            var k = line.start
            while k < end && k - line.start <= 32 && (ASCII.isAlphanumeric(text[k]) || text[k] == ASCII.minus) { k += 1 }
            guard k + 1 < end, text[k] == ASCII.colon, text[k + 1] == ASCII.colon, text[end - 1] == ASCII.rightBracket
            else { return nil }
            let bracket = text.first(ASCII.leftBracket, from: k + 2, limit: end)
            guard bracket < end else { return nil }
            for t in (k + 2)..<bracket where ASCII.isWhitespace(text[t]) { return nil }
            flushSegment()
            if text.matches(Self.image, at: line.start, limit: k) && k - line.start == Self.image.count {
                mask(line.start, bracket + 1)
                if end - 1 > bracket + 1 { segments.append((bracket + 1)..<(end - 1)) }
                mask(end - 1, end)
            } else {
                mask(line.start, end)
            }
            previousBlank = true
            return line.next
        }

        private static let image: [UInt8] = Array("image".utf8)

        /// The end of a section title's marker at `first` (one to six `=` or `#`, then a
        /// space), or `nil`.
        private func sectionMarkerEnd(from first: Int, to end: Int) -> Int? {
            let c = text[first]
            var k = first
            while k < end && text[k] == c { k += 1 }
            guard k - first <= 6, k < end, ASCII.isSpaceOrTab(text[k]) else { return nil }
            return k
        }

        /// Whether a list item starts at `first`: `* `, `- `, `. ` (repeated markers too),
        /// `1. `, `a. `, a callout `<1> `.
        private func isListItem(at first: Int, end: Int) -> Bool {
            let c = text[first]
            var k = first
            if c == ASCII.asterisk || c == ASCII.minus || c == ASCII.dot {
                while k < end && text[k] == c { k += 1 }
            } else if c == ASCII.less {
                k += 1
                while k < end && ASCII.isDigit(text[k]) { k += 1 }
                guard k < end, text[k] == ASCII.greater else { return false }
                k += 1
            } else {
                while k < end && k - first < 4 && ASCII.isAlphanumeric(text[k]) { k += 1 }
                guard k > first, k < end, text[k] == ASCII.dot else { return false }
                k += 1
            }
            return k < end && ASCII.isSpaceOrTab(text[k])
        }

        // MARK: Output

        private mutating func mask(_ start: Int, _ end: Int) {
            MaskedRanges.appendMerging(start..<end, to: &masks)
        }

        /// Adds `start..<end` (a line's content) to the current segment.
        private mutating func addProse(_ start: Int, _ end: Int) {
            if segmentStart < 0 { segmentStart = start }
            segmentEnd = end
        }

        private mutating func flushSegment() {
            if segmentStart >= 0 && segmentEnd > segmentStart {
                segments.append(segmentStart..<segmentEnd)
            }
            segmentStart = -1
        }
    }
}
