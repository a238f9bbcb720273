/// Finds the parts of a reStructuredText text that are not prose.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
/// Python docstrings go through it too (`PythonMasker`).
///
/// Masked, line by line:
/// - directives whose content is code or data (`code-block`, `math`, `image`, `include`...,
///   `codeDirectives`), whole with their indented block; of the others (`note`, `warning`,
///   `figure`...) the `.. name::` marker and the `:option:` lines after it, their content being
///   prose (with a figure's file name);
/// - comments (`..` and what is not a directive, a target or a footnote) with their indented
///   block; hyperlink targets `.. _name: url` whole; the `.. [1]` of footnotes and citations;
/// - literal blocks: the indented block after a paragraph ending in `::`, and that `::` when it
///   stands alone or after a space; doctest blocks (`>>>`);
/// - section adornments and transitions (a line of one punctuation character, three or more);
/// - field list markers `:field:` at the start of a line;
/// then, in the prose, inline: literals ``` ``x`` ```, interpreted text with its role
/// (`` :func:`x` ``; text in backquotes without a role too), the backquotes, `_` and `<url>` of
/// hyperlink references (`` `text <url>`_ ``, whose text is prose), footnote and citation
/// references `[1]_`, substitution references `|name|`.
enum RestructuredTextMasker {
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

    /// Directives whose arguments and content are code, data or file names: masked whole.
    static let codeDirectives: Set<[UInt8]> = Set(
        [
            "code", "code-block", "sourcecode", "literalinclude", "math", "raw", "include", "image", "highlight",
            "testcode", "testsetup", "testcleanup", "testoutput", "doctest", "toctree", "productionlist", "graphviz",
            "digraph", "graph", "plot", "mermaid", "uml", "jupyter-execute", "ipython", "code-cell", "csv-table",
            "index", "meta", "contents", "sectnum", "section-numbering", "default-role", "role", "tabularcolumns",
            "automodule", "autoclass", "autofunction", "automethod", "autoattribute", "autodata", "autoexception",
            "autosummary", "currentmodule", "module", "program", "envvar",
        ].map { Array($0.utf8) })

    /// Directives whose argument is a file, not a title: their marker line is masked whole.
    static let fileDirectives: Set<[UInt8]> = Set(["figure", "thumbnail"].map { Array($0.utf8) })
}

extension RestructuredTextMasker {
    /// Reads the text line by line: masks the blocks and markers that are not prose, and hands
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
        /// The indentation of the current paragraph's text (after a list marker).
        private var paragraphIndent = 0
        /// Whether the last line of prose ended with `::`: an indented block after it is literal.
        private var endsWithLiteralMarker = false
        /// The indentation a literal block must exceed, when one may start at the next line.
        private var literalIndent: Int?

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
        }

        mutating func run() {
            var p = count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            while p < count {
                let line = text.line(at: p)
                let (indent, first) = indentation(of: line)
                if first == line.end {
                    flushSegment()
                    if endsWithLiteralMarker { literalIndent = paragraphIndent }
                    endsWithLiteralMarker = false
                    previousBlank = true
                    p = line.next
                    continue
                }
                if let literal = literalIndent {
                    literalIndent = nil
                    if indent > literal {
                        p = maskIndentedBlock(startingAt: first, line: line, deeperThan: literal)
                        continue
                    }
                }
                let end = contentEnd(of: line, from: first)
                if isExplicitMarkup(at: first, end: end) {
                    flushSegment()
                    p = explicitMarkup(at: first, line: line, indent: indent, end: end)
                    continue
                }
                if text.matches(Self.doctestPrompt, at: first, limit: end) {
                    flushSegment()
                    p = maskParagraph(startingAt: first, line: line)
                    continue
                }
                if isAdornment(from: first, to: end) {
                    flushSegment()
                    mask(first, end)
                    p = afterMaskedLine(line)
                    continue
                }
                var proseStart = first
                if text[first] == ASCII.colon, let markerEnd = fieldMarkerEnd(at: first, end: end) {
                    flushSegment()
                    mask(first, markerEnd)
                    proseStart = markerEnd
                    previousBlank = true  // a field's body is a paragraph of its own
                }
                proseLine(from: proseStart, end: end, line: line, indent: indent)
                p = line.next
            }
            flushSegment()
        }

        // MARK: Lines

        /// The indentation of the line in columns (a tab goes to the next multiple of 8) and its
        /// first byte that is not a space or tab.
        private func indentation(of line: TextLine) -> (columns: Int, first: Int) {
            var column = 0
            var k = line.start
            while k < line.end {
                let c = text[k]
                if c == ASCII.space {
                    column += 1
                } else if c == ASCII.tab {
                    column += 8 - column % 8
                } else {
                    break
                }
                k += 1
            }
            return (column, k)
        }

        /// The end of the line's content, trailing spaces and tabs left out.
        private func contentEnd(of line: TextLine, from first: Int) -> Int {
            var end = line.end
            while end > first && ASCII.isSpaceOrTab(text[end - 1]) { end -= 1 }
            return end
        }

        /// A line of prose from `start`: part of the current paragraph, or the start of one.
        private mutating func proseLine(from start: Int, end: Int, line: TextLine, indent: Int) {
            if previousBlank {
                paragraphIndent = indent + listMarkerWidth(at: start, end: end)
            }
            previousBlank = false
            endsWithLiteralMarker = false
            var proseEnd = end
            if end - start >= 2 && text[end - 1] == ASCII.colon && text[end - 2] == ASCII.colon {
                endsWithLiteralMarker = true
                // `::` alone or after a space is not printed; `word::` prints `word:`.
                if end - 2 == start || ASCII.isSpaceOrTab(text[end - 3]) {
                    proseEnd = end - 2
                }
            }
            if proseEnd > start { addProse(start, proseEnd) }
            if proseEnd < end {
                flushSegment()
                mask(proseEnd, end)
            }
        }

        /// The width of a list marker at `start` with the spaces after it (`- `, `* `, `+ `,
        /// `1. `, `#. `, `(a) `), or 0.
        private func listMarkerWidth(at start: Int, end: Int) -> Int {
            guard start < end else { return 0 }
            var k = start
            let c = text[k]
            if c == ASCII.minus || c == ASCII.asterisk || c == ASCII.plus {
                k += 1
            } else {
                if c == ASCII.leftParen { k += 1 }
                let digits = k
                while k < end && k - digits < 9 && (ASCII.isAlphanumeric(text[k]) || text[k] == ASCII.hash) { k += 1 }
                guard k > digits, k - digits <= 3 || ASCII.isDigit(text[digits]), k < end,
                    text[k] == ASCII.dot || text[k] == ASCII.rightParen
                else { return 0 }
                k += 1
            }
            guard k < end, ASCII.isSpaceOrTab(text[k]) else { return 0 }
            return text.skipSpacesAndTabs(k, end) - start
        }

        /// Whether the content `first..<end` is one punctuation character repeated three times
        /// or more: a section's adornment or a transition.
        private func isAdornment(from first: Int, to end: Int) -> Bool {
            guard end - first >= 3 else { return false }
            let c = text[first]
            guard ASCII.isPunctuation(c) else { return false }
            for k in (first + 1)..<end where text[k] != c { return false }
            return true
        }

        /// The end of a field marker `:name:` at `first` (followed by a space or the end of the
        /// line), or `nil`.
        private func fieldMarkerEnd(at first: Int, end: Int) -> Int? {
            var k = first + 1
            guard k < end, !ASCII.isSpaceOrTab(text[k]), text[k] != ASCII.colon else { return nil }
            while k < end {
                let c = text[k]
                if c == ASCII.backslash {
                    k += 2
                    continue
                }
                if c == ASCII.colon && (k + 1 == end || ASCII.isSpaceOrTab(text[k + 1])) {
                    return ASCII.isSpaceOrTab(text[k - 1]) ? nil : k + 1
                }
                k += 1
            }
            return nil
        }

        // MARK: Blocks

        /// Masks the paragraph whose first line starts at `first` (a doctest block); returns
        /// the start of the line after it.
        private mutating func maskParagraph(startingAt first: Int, line: TextLine) -> Int {
            var last = line
            var p = line.next
            while p < count {
                let next = text.line(at: p)
                if text.skipSpacesAndTabs(next.start, next.end) == next.end { break }
                last = next
                p = next.next
            }
            mask(first, last.end)
            return afterMaskedLine(last)
        }

        /// Masks from `first` (on `line`) to the end of the last line of the block of lines
        /// indented more than `indent` columns that follows (blank lines inside it included);
        /// returns the start of the line after that last line.
        private mutating func maskIndentedBlock(startingAt first: Int, line: TextLine, deeperThan indent: Int) -> Int {
            var last = line
            var p = line.next
            while p < count {
                let next = text.line(at: p)
                let (columns, nextFirst) = indentation(of: next)
                if nextFirst < next.end {
                    guard columns > indent else { break }
                    last = next
                }
                p = next.next
            }
            mask(first, last.end)
            return afterMaskedLine(last)
        }

        /// The start of the line after a masked `line`; the paragraph before is over, and the
        /// next line starts one.
        private mutating func afterMaskedLine(_ line: TextLine) -> Int {
            previousBlank = true
            endsWithLiteralMarker = false
            return line.next
        }

        // MARK: Explicit markup

        /// Whether `..` followed by a space or the end of the line starts the content.
        private func isExplicitMarkup(at first: Int, end: Int) -> Bool {
            guard first + 1 < end else { return false }
            return text[first] == ASCII.dot && text[first + 1] == ASCII.dot
                && (first + 2 == end || ASCII.isSpaceOrTab(text[first + 2]))
        }

        /// The explicit markup block at `first`: a directive, target, footnote, substitution
        /// definition or comment. Returns the start of the next line to read.
        private mutating func explicitMarkup(at first: Int, line: TextLine, indent: Int, end: Int) -> Int {
            let k = text.skipSpacesAndTabs(first + 2, end)
            guard k < end else {
                return maskIndentedBlock(startingAt: first, line: line, deeperThan: indent)
            }
            switch text[k] {
            case ASCII.underscore:
                // A hyperlink target: `.. _name: url`, `.. __: url`.
                return maskIndentedBlock(startingAt: first, line: line, deeperThan: indent)
            case ASCII.leftBracket:
                // A footnote or citation: `.. [1] text`, whose text is prose.
                let close = text.first(ASCII.rightBracket, from: k + 1, limit: end)
                if close < end, close > k + 1, close + 1 == end || ASCII.isSpaceOrTab(text[close + 1]) {
                    mask(first, close + 1)
                    previousBlank = true
                    proseLine(from: text.skipSpacesAndTabs(close + 1, end), end: end, line: line, indent: indent)
                    paragraphIndent = indent + 3
                    return line.next
                }
            case ASCII.verticalBar:
                // A substitution definition: `.. |name| directive:: …`.
                let close = text.first(ASCII.verticalBar, from: k + 1, limit: end)
                if close < end, let directive = directive(at: text.skipSpacesAndTabs(close + 1, end), end: end) {
                    return self.directive(directive, markerStart: first, line: line, indent: indent, end: end)
                }
            default:
                if let directive = directive(at: k, end: end) {
                    return self.directive(directive, markerStart: first, line: line, indent: indent, end: end)
                }
            }
            // Anything else after `..` is a comment.
            return maskIndentedBlock(startingAt: first, line: line, deeperThan: indent)
        }

        /// A directive's name `name::` at `k`: the name and the end of its `::`.
        private func directive(at k: Int, end: Int) -> (name: Range<Int>, markerEnd: Int)? {
            guard k < end, ASCII.isAlphanumeric(text[k]) else { return nil }
            var m = k + 1
            while m < end && m - k <= 64 {
                let c = text[m]
                if c == ASCII.colon && m + 1 < end && text[m + 1] == ASCII.colon {
                    let after = m + 2
                    guard after == end || ASCII.isSpaceOrTab(text[after]) else { return nil }
                    return (k..<m, after)
                }
                guard ASCII.isAlphanumeric(c) || c == ASCII.minus || c == ASCII.underscore || c == ASCII.colon
                    || c == ASCII.plus || c == ASCII.dot
                else { return nil }
                m += 1
            }
            return nil
        }

        /// A directive found at the marker `..` at `markerStart`: one whose content is code is
        /// masked whole; of another, the marker (the whole line for a figure's file) and the
        /// option lines after it, its arguments and content being prose.
        private mutating func directive(
            _ directive: (name: Range<Int>, markerEnd: Int), markerStart: Int, line: TextLine, indent: Int, end: Int
        ) -> Int {
            let name = Array(text.base[directive.name]).map(ASCII.lowercased)
            if RestructuredTextMasker.codeDirectives.contains(name) {
                return maskIndentedBlock(startingAt: markerStart, line: line, deeperThan: indent)
            }
            if RestructuredTextMasker.fileDirectives.contains(name) {
                mask(markerStart, end)
            } else {
                mask(markerStart, directive.markerEnd)
                let argument = text.skipSpacesAndTabs(directive.markerEnd, end)
                if argument < end {
                    previousBlank = true
                    proseLine(from: argument, end: end, line: line, indent: indent)
                    flushSegment()
                }
            }
            // The options: `:name: value` lines right after the marker line.
            var p = line.next
            while p < count {
                let next = text.line(at: p)
                let (columns, first) = indentation(of: next)
                let nextEnd = contentEnd(of: next, from: first)
                guard first < nextEnd, columns > indent, text[first] == ASCII.colon,
                    fieldMarkerEnd(at: first, end: nextEnd) != nil
                else { break }
                mask(first, nextEnd)
                p = next.next
            }
            previousBlank = true
            endsWithLiteralMarker = false
            return p
        }

        private static let doctestPrompt: [UInt8] = Array(">>>".utf8)

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
