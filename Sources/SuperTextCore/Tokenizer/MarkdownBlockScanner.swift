// The Markdown masker's first pass: the text line by line.

extension MarkdownMasker {
    /// Reads the text line by line. Masks the blocks that are not prose (front matter, code
    /// blocks, link reference definitions, HTML comments and raw-text HTML blocks), collects the
    /// link reference labels, and hands the prose on as segments: runs of lines that inline
    /// constructs (code spans, links, tags) may span. Segments never contain a blank line.
    struct BlockScanner {
        /// Masked block ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []
        /// Prose to scan for inline constructs, in order.
        private(set) var segments: [Range<Int>] = []
        /// The normalized labels of the link reference definitions.
        private(set) var definitions: Set<[UInt8]> = []

        private let text: TextBytes
        private let count: Int

        private enum Mode {
            case normal
            /// In a fenced code block opened at `start`.
            case fence(marker: UInt8, length: Int, quoteDepth: Int, maxIndent: Int, start: Int)
            /// In an indented code block from `start` to `end` (its last non-blank line so far),
            /// whose lines are indented `threshold` columns or more.
            case indented(threshold: Int, start: Int, end: Int)
        }

        private var mode = Mode.normal
        /// The end of the last line read in a fenced code block.
        private var fenceLastEnd = 0
        /// The current segment (`segmentStart < 0`: none).
        private var segmentStart = -1
        private var segmentEnd = -1
        /// Whether the previous line continues a paragraph (an indented line is not code then,
        /// and a link reference definition cannot start).
        private var inParagraph = false
        private var previousBlank = true
        /// The content columns of the open list items, innermost last.
        private var listIndents: [Int] = []
        private var commentEnds = FindMemo()
        private var rawTextEnds = [FindMemo](repeating: FindMemo(), count: rawTextTags.count)

        /// HTML elements whose content is not prose, as they open an HTML block (lowercase).
        private static let rawTextTags: [[UInt8]] = [Array("<script".utf8), Array("<pre".utf8), Array("<style".utf8)]
        private static let rawTextEndTags: [[UInt8]] = [
            Array("</script>".utf8), Array("</pre>".utf8), Array("</style>".utf8),
        ]
        private static let commentOpen: [UInt8] = Array("<!--".utf8)
        private static let commentClose: [UInt8] = Array("-->".utf8)

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
        }

        mutating func run() {
            var p = frontMatterEnd()
            while p < count {
                let line = text.line(at: p)
                let shape = shape(of: line)
                switch mode {
                case .normal:
                    break
                case let .fence(marker, length, quoteDepth, maxIndent, start):
                    if shape.quoteDepth < quoteDepth {
                        // The block quote holding the fence ended, and the fence with it.
                        addMask(start, fenceLastEnd)
                        mode = .normal
                    } else {
                        if shape.indent <= maxIndent
                            && isClosingFence(at: shape.first, end: line.end, marker: marker, length: length)
                        {
                            addMask(start, line.end)
                            mode = .normal
                            inParagraph = false
                            previousBlank = false
                        }
                        fenceLastEnd = line.end
                        p = line.next
                        continue
                    }
                case let .indented(threshold, start, end):
                    if shape.isBlank {
                        previousBlank = true
                        p = line.next
                        continue
                    }
                    if shape.indent >= threshold {
                        mode = .indented(threshold: threshold, start: start, end: line.end)
                        previousBlank = false
                        p = line.next
                        continue
                    }
                    addMask(start, end)
                    mode = .normal
                }
                p = normalLine(line, shape)
            }
            switch mode {
            case .normal: break
            case let .fence(_, _, _, _, start): addMask(start, count)
            case let .indented(_, start, end): addMask(start, end)
            }
            flushSegment()
        }

        // MARK: Lines

        private struct Shape {
            /// How many block quote markers (`>`) start the line.
            var quoteDepth: Int
            /// The indentation after the quote markers, in columns (a tab goes to the next
            /// multiple of 4).
            var indent: Int
            /// The first byte that is not a space or tab after the quote markers; the line end
            /// when there is none.
            var first: Int
            var isBlank: Bool
        }

        private func shape(of line: TextLine) -> Shape {
            var contentStart = line.start
            var depth = 0
            while true {
                var k = contentStart
                var spaces = 0
                while k < line.end && text[k] == ASCII.space && spaces < 3 {
                    k += 1
                    spaces += 1
                }
                guard k < line.end && text[k] == ASCII.greater else { break }
                k += 1
                if k < line.end && ASCII.isSpaceOrTab(text[k]) { k += 1 }
                contentStart = k
                depth += 1
            }
            var column = 0
            var k = contentStart
            while k < line.end {
                let c = text[k]
                if c == ASCII.space {
                    column += 1
                } else if c == ASCII.tab {
                    column += 4 - column % 4
                } else {
                    break
                }
                k += 1
            }
            return Shape(quoteDepth: depth, indent: column, first: k, isBlank: k == line.end)
        }

        /// Reads a line outside fenced and indented code; returns where the next line starts.
        private mutating func normalLine(_ line: TextLine, _ shape: Shape) -> Int {
            if shape.isBlank {
                flushSegment()
                inParagraph = false
                previousBlank = true
                return line.next
            }
            if previousBlank { closeListItems(before: shape.indent) }
            previousBlank = false
            let base = listIndents.last ?? 0
            // A lazy continuation line, less indented than the list item it continues, is
            // read as if it were at the item's indentation.
            let relativeIndent = shape.indent >= base ? shape.indent - base : 0
            let f = shape.first
            if relativeIndent >= 4 {
                if inParagraph {
                    addProse(f, line.end)
                } else {
                    flushSegment()
                    mode = .indented(threshold: base + 4, start: f, end: line.end)
                }
                return line.next
            }
            let c = text[f]
            if c == ASCII.backtick || c == ASCII.tilde,
                let length = fenceLength(at: f, end: line.end)
            {
                openFence(at: f, line: line, marker: c, length: length, quoteDepth: shape.quoteDepth, maxIndent: base + 3)
                return line.next
            }
            if c == ASCII.less, let next = htmlBlock(at: f, line: line) {
                return next
            }
            if c == ASCII.hash && isATXHeading(at: f, end: line.end) {
                // A heading is a paragraph of its own.
                flushSegment()
                segments.append(f..<line.end)
                inParagraph = false
                return line.next
            }
            if c == ASCII.leftBracket && !inParagraph,
                let definition = referenceDefinition(at: f, line: line)
            {
                flushSegment()
                addMask(f, definition.end)
                definitions.insert(text.normalizedLabel(definition.label))
                inParagraph = false
                return definition.next
            }
            if (c == ASCII.minus || c == ASCII.asterisk || c == ASCII.underscore)
                && isThematicBreak(at: f, end: line.end)
            {
                flushSegment()
                inParagraph = false
                return line.next
            }
            if let markerEnd = listMarkerEnd(at: f, end: line.end) {
                flushSegment()
                closeListItems(before: shape.indent)
                // The content column: the marker, then 1 to 4 columns of spaces (or just one
                // when there are more, or no content).
                let markerColumn = shape.indent + (markerEnd - f)
                var column = markerColumn
                var k = markerEnd
                while k < line.end {
                    let b = text[k]
                    if b == ASCII.space {
                        column += 1
                    } else if b == ASCII.tab {
                        column += 4 - column % 4
                    } else {
                        break
                    }
                    k += 1
                }
                let spacing = column - markerColumn
                let hasContent = k < line.end
                listIndents.append(hasContent && spacing <= 4 ? column : markerColumn + 1)
                if hasContent && spacing <= 4 {
                    let b = text[k]
                    if b == ASCII.backtick || b == ASCII.tilde, let length = fenceLength(at: k, end: line.end) {
                        openFence(
                            at: k, line: line, marker: b, length: length, quoteDepth: shape.quoteDepth,
                            maxIndent: column + 3)
                        return line.next
                    }
                }
                // A list item starts a paragraph of its own.
                addProse(f, line.end)
                inParagraph = hasContent
                return line.next
            }
            addProse(f, line.end)
            inParagraph = true
            return line.next
        }

        /// Closes the list items whose content is indented more than `indent` columns.
        private mutating func closeListItems(before indent: Int) {
            while let last = listIndents.last, indent < last { listIndents.removeLast() }
        }

        // MARK: Front matter

        /// The start of the first line after the front matter (masked), or 0 when there is none.
        private mutating func frontMatterEnd() -> Int {
            var start = 0
            if count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { start = 3 }
            let first = text.line(at: start)
            let marker: UInt8
            if isFrontMatterDelimiter(first, ASCII.minus) {
                marker = ASCII.minus
            } else if isFrontMatterDelimiter(first, ASCII.plus) {
                marker = ASCII.plus
            } else {
                return 0
            }
            // `---` followed by a blank line is a thematic break, not front matter.
            guard first.next < count, !shape(of: text.line(at: first.next)).isBlank else { return 0 }
            var p = first.next
            while p < count {
                let line = text.line(at: p)
                if isFrontMatterDelimiter(line, marker)
                    || (marker == ASCII.minus && isFrontMatterDelimiter(line, ASCII.dot))
                {
                    addMask(start, line.end)
                    return line.next
                }
                p = line.next
            }
            return 0
        }

        /// Whether the line is three `marker` bytes and nothing but spaces or tabs after them.
        private func isFrontMatterDelimiter(_ line: TextLine, _ marker: UInt8) -> Bool {
            guard line.end - line.start >= 3 else { return false }
            for k in line.start..<(line.start + 3) where text[k] != marker { return false }
            return text.skipSpacesAndTabs(line.start + 3, line.end) == line.end
        }

        // MARK: Code blocks

        /// The length of the code fence opening at `f`, or `nil` when there is none.
        private func fenceLength(at f: Int, end: Int) -> Int? {
            let marker = text[f]
            var k = f
            while k < end && text[k] == marker { k += 1 }
            let length = k - f
            guard length >= 3 else { return nil }
            if marker == ASCII.backtick {
                // The info string of a backtick fence has no backtick.
                while k < end {
                    if text[k] == ASCII.backtick { return nil }
                    k += 1
                }
            }
            return length
        }

        private func isClosingFence(at f: Int, end: Int, marker: UInt8, length: Int) -> Bool {
            var k = f
            while k < end && text[k] == marker { k += 1 }
            return k - f >= length && text.skipSpacesAndTabs(k, end) == end
        }

        private mutating func openFence(
            at f: Int, line: TextLine, marker: UInt8, length: Int, quoteDepth: Int, maxIndent: Int
        ) {
            flushSegment()
            mode = .fence(marker: marker, length: length, quoteDepth: quoteDepth, maxIndent: maxIndent, start: f)
            fenceLastEnd = line.end
            inParagraph = false
        }

        // MARK: Other blocks

        private func isATXHeading(at f: Int, end: Int) -> Bool {
            var k = f
            while k < end && text[k] == ASCII.hash && k - f < 7 { k += 1 }
            let level = k - f
            return level >= 1 && level <= 6 && (k == end || ASCII.isSpaceOrTab(text[k]))
        }

        private func isThematicBreak(at f: Int, end: Int) -> Bool {
            let marker = text[f]
            var marks = 0
            for k in f..<end {
                let c = text[k]
                if c == marker {
                    marks += 1
                } else if !ASCII.isSpaceOrTab(c) {
                    return false
                }
            }
            return marks >= 3
        }

        /// The end of the list item marker at `f` (`-`, `*`, `+`, `1.`, `1)`), or `nil`.
        private func listMarkerEnd(at f: Int, end: Int) -> Int? {
            let c = text[f]
            var k = f
            if c == ASCII.minus || c == ASCII.asterisk || c == ASCII.plus {
                k += 1
            } else {
                while k < end && ASCII.isDigit(text[k]) && k - f < 10 { k += 1 }
                let digits = k - f
                guard digits >= 1 && digits <= 9 && k < end,
                    text[k] == ASCII.dot || text[k] == ASCII.rightParen
                else { return nil }
                k += 1
            }
            return k == end || ASCII.isSpaceOrTab(text[k]) ? k : nil
        }

        /// An HTML block that is not prose starting at `f` (a comment, or a `<script>`,
        /// `<pre>` or `<style>` element): masks it and returns where the next line starts.
        /// What follows the block's end on its last line is prose.
        private mutating func htmlBlock(at f: Int, line: TextLine) -> Int? {
            if text.matches(Self.commentOpen, at: f, limit: line.end) {
                flushSegment()
                let after = f + Self.commentOpen.count
                let end: Int
                if after < count && text[after] == ASCII.greater {
                    end = after + 1  // <!-->
                } else if after + 1 < count && text[after] == ASCII.minus && text[after + 1] == ASCII.greater {
                    end = after + 2  // <!--->
                } else if let close = commentEnds.find(Self.commentClose, from: after, limit: count, in: text) {
                    end = close + Self.commentClose.count
                } else {
                    addMask(f, count)
                    return count
                }
                addMask(f, end)
                return restOfLine(after: end)
            }
            for (index, tag) in Self.rawTextTags.enumerated()
            where text.matches(tag, at: f, limit: line.end, caseInsensitive: true) {
                let after = f + tag.count
                guard after == line.end || ASCII.isSpaceOrTab(text[after]) || text[after] == ASCII.greater else {
                    continue
                }
                flushSegment()
                let endTag = Self.rawTextEndTags[index]
                guard
                    let close = rawTextEnds[index].find(
                        endTag, from: after, limit: count, caseInsensitive: true, in: text)
                else {
                    addMask(f, count)
                    return count
                }
                let end = close + endTag.count
                addMask(f, end)
                return restOfLine(after: end)
            }
            return nil
        }

        /// Makes the rest of the line from `p` (after an HTML block) a segment of its own;
        /// returns where the next line starts.
        private mutating func restOfLine(after p: Int) -> Int {
            let rest = text.line(at: p)
            let first = text.skipSpacesAndTabs(rest.start, rest.end)
            if first < rest.end { segments.append(first..<rest.end) }
            inParagraph = false
            previousBlank = false
            return rest.next
        }

        /// A link reference definition at `f`: `[label]: destination "title"`, the destination
        /// possibly on the next line, the title on the destination's line or the next one.
        private func referenceDefinition(at f: Int, line: TextLine) -> (label: Range<Int>, end: Int, next: Int)? {
            var k = f + 1
            while k < line.end {
                let c = text[k]
                if c == ASCII.rightBracket { break }
                if c == ASCII.leftBracket || k - f > 1000 { return nil }
                k += c == ASCII.backslash && k + 1 < line.end ? 2 : 1
            }
            guard k < line.end, text[k] == ASCII.rightBracket else { return nil }
            let label = (f + 1)..<k
            // `[^1]: …` is a footnote, whose text is prose.
            guard text.hasNonWhitespace(label), text[f + 1] != ASCII.caret else { return nil }
            k += 1
            guard k < line.end, text[k] == ASCII.colon else { return nil }
            k = text.skipSpacesAndTabs(k + 1, line.end)
            var current = line
            if k == current.end {
                guard current.next < count else { return nil }
                let next = text.line(at: current.next)
                let first = text.skipSpacesAndTabs(next.start, next.end)
                guard first < next.end else { return nil }
                current = next
                k = first
            }
            var failedAt = 0
            guard let destinationEnd = text.linkDestinationEnd(from: k, limit: current.end, failedAt: &failedAt)
            else { return nil }
            let afterDestination = text.skipSpacesAndTabs(destinationEnd, current.end)
            var reachedLimit = false
            if afterDestination == current.end {
                // A title may follow on the next line.
                if current.next < count {
                    let next = text.line(at: current.next)
                    let first = text.skipSpacesAndTabs(next.start, next.end)
                    if first < next.end && TextBytes.isTitleOpener(text[first]),
                        let titleEnd = text.linkTitleEnd(from: first, limit: next.end, reachedLimit: &reachedLimit),
                        text.skipSpacesAndTabs(titleEnd, next.end) == next.end
                    {
                        return (label, next.end, next.next)
                    }
                }
                return (label, current.end, current.next)
            }
            guard afterDestination > destinationEnd, TextBytes.isTitleOpener(text[afterDestination]),
                let titleEnd = text.linkTitleEnd(from: afterDestination, limit: current.end, reachedLimit: &reachedLimit),
                text.skipSpacesAndTabs(titleEnd, current.end) == current.end
            else { return nil }
            return (label, current.end, current.next)
        }

        // MARK: Output

        private mutating func addMask(_ start: Int, _ end: Int) {
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
