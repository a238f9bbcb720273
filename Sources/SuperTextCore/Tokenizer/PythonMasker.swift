/// Finds the parts of Python source that are not prose: everything but comments and docstrings.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// Prose:
/// - `#` comments (the `#` masked), but not the `#!` line, a `# -*- coding: … -*-` line in the
///   first two, nor tools' pragmas (`# type: ignore`, `# noqa`, `# pylint: …`);
/// - docstrings: triple-quoted strings (`"""…"""`, `'''…'''`, with an `r`, `u`, `b` or `f`
///   prefix too) that stand first on their line, outside brackets. Their quotes are masked, and
///   their text goes through `RestructuredTextMasker`, as Sphinx reads it: literals, roles,
///   fields (`:param x:`), literal blocks after `::` and doctests are masked.
/// Every other string literal and all code is masked. Strings are read with their escapes, so a
/// `#` in one starts no comment.
enum PythonMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        var scanner = Scanner(TextBytes(text))
        return scanner.run()
    }

    /// Comments that are instructions to tools, not prose (after `#` and spaces).
    static let pragmas: [[UInt8]] = ["type:", "noqa", "pylint:", "pyright:", "mypy:", "fmt:", "isort:", "pragma:", "ruff:"]
        .map { Array($0.utf8) }
}

extension PythonMasker {
    /// One pass over the code; comments and docstrings are handed to `CodeMasks` as prose.
    struct Scanner {
        private var masks = CodeMasks()
        private let text: TextBytes
        private let count: Int
        /// Whether code stands before the scan position on its logical line.
        private var lineHasCode = false
        /// The depth of brackets: inside them, a new line starts no statement.
        private var bracketDepth = 0
        /// The end of the second line: a coding declaration stands before it.
        private let codingLinesEnd: Int

        private static let coding: [UInt8] = Array("coding".utf8)

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
            let first = text.line(at: 0)
            codingLinesEnd = first.next < text.count ? text.line(at: first.next).end : first.end
        }

        mutating func run() -> [Range<Int>] {
            var i = 0
            if count >= 2 && text[0] == ASCII.hash && text[1] == ASCII.exclamation {
                i = text.firstLineBreak(from: 0, limit: count)
            }
            while i < count {
                let c = text[i]
                switch c {
                case ASCII.lineFeed, ASCII.carriageReturn:
                    if bracketDepth == 0 { lineHasCode = false }
                    i += 1
                case ASCII.space, ASCII.tab, 0x0C:
                    i += 1
                case ASCII.backslash:
                    // A line continued: the next line goes on with the same statement.
                    i += 1
                    if i < count && text[i] == ASCII.carriageReturn { i += 1 }
                    if i < count && text[i] == ASCII.lineFeed { i += 1 }
                case ASCII.hash:
                    i = comment(at: i)
                case ASCII.quote, ASCII.apostrophe:
                    i = string(at: i, startsStatement: !lineHasCode && bracketDepth == 0)
                    lineHasCode = true
                case ASCII.leftParen, ASCII.leftBracket, ASCII.leftBrace:
                    bracketDepth += 1
                    lineHasCode = true
                    i += 1
                case ASCII.rightParen, ASCII.rightBracket, ASCII.rightBrace:
                    bracketDepth = max(0, bracketDepth - 1)
                    lineHasCode = true
                    i += 1
                default:
                    let startsStatement = !lineHasCode && bracketDepth == 0
                    lineHasCode = true
                    guard ASCII.isIdentifier(c) else {
                        i += 1
                        continue
                    }
                    var k = i
                    while k < count && ASCII.isIdentifier(text[k]) { k += 1 }
                    if k < count && (text[k] == ASCII.quote || text[k] == ASCII.apostrophe) && isStringPrefix(i..<k) {
                        i = string(at: k, startsStatement: startsStatement)
                    } else {
                        i = k
                    }
                }
            }
            return masks.finish(count: count)
        }

        /// `r`, `u`, `b`, `f`, `rb`, `br`, `fr`, `rf` in any case.
        private func isStringPrefix(_ prefix: Range<Int>) -> Bool {
            guard prefix.count <= 2 else { return false }
            for k in prefix {
                switch ASCII.lowercased(text[k]) {
                case UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "b"), UInt8(ascii: "f"): continue
                default: return false
                }
            }
            return true
        }

        /// The `#` comment at `i`, to the end of its line: prose, unless it is a coding
        /// declaration or a pragma. Returns the line's end.
        private mutating func comment(at i: Int) -> Int {
            let end = text.firstLineBreak(from: i + 1, limit: count)
            if i < codingLinesEnd, let at = text.find(Self.coding, from: i + 1, limit: end, caseInsensitive: false),
                at + Self.coding.count < end, text[at + Self.coding.count] == ASCII.colon
                    || text[at + Self.coding.count] == ASCII.equals
            {
                return end
            }
            let start = text.skipSpacesAndTabs(i + 1, end)
            if PythonMasker.pragmas.contains(where: { text.matches($0, at: start, limit: end) }) { return end }
            masks.beginProse(at: i + 1)
            masks.endProse(at: end)
            return end
        }

        /// The string literal whose opening quote is at `q`: its end. A triple-quoted string that
        /// starts a statement is a docstring, whose text is prose.
        private mutating func string(at q: Int, startsStatement: Bool) -> Int {
            let quote = text[q]
            guard q + 2 < count, text[q + 1] == quote, text[q + 2] == quote else {
                var k = q + 1
                while k < count {
                    let c = text[k]
                    if c == ASCII.backslash {
                        k += 2
                        continue
                    }
                    if c == quote { return k + 1 }
                    if ASCII.isLineEnd(c) { return k }  // left open: Python refuses it
                    k += 1
                }
                return count
            }
            var close = q + 3
            while close < count {
                let c = text[close]
                if c == ASCII.backslash {
                    close += 2
                    continue
                }
                if c == quote && close + 2 < count && text[close + 1] == quote && text[close + 2] == quote { break }
                close += 1
            }
            close = min(close, count)
            if startsStatement {
                let content = (q + 3)..<close
                masks.beginProse(at: content.lowerBound)
                if !content.isEmpty {
                    let inner = RestructuredTextMasker.maskedRanges(in: UnsafeBufferPointer(rebasing: text.base[content]))
                    masks.mask(inner, shiftedBy: content.lowerBound)
                }
                masks.endProse(at: close)
            }
            return close < count ? close + 3 : count
        }
    }
}
