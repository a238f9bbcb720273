/// Finds the parts of a shell script that are not prose: everything but the text of its `#`
/// comments.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// A comment is a `#` that starts a word outside quotes, to the end of its line (the `#`
/// masked); not the `#!` line, nor `# shellcheck …` directives. The script is read far enough to
/// know where words start: single quotes, double quotes with their escapes, `$'…'`, command
/// substitutions `$(…)` and backticks (which may hold quotes and comments of their own),
/// parameter expansions `${…}` (`${#x}` is no comment, nor `$#`), and here-documents, whose
/// bodies are masked whole.
enum ShellMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        var scanner = Scanner(TextBytes(text))
        return scanner.run()
    }

    private static let shellcheck: [UInt8] = Array("shellcheck ".utf8)
}

extension ShellMasker {
    /// One pass over the script with a stack of the quotes and substitutions it is in.
    struct Scanner {
        /// What the scan is inside.
        private enum Context {
            /// Commands (the script, `$(…)` or backticks): comments may start here. `parentheses`
            /// counts the open ones; `closer` is what ends the context (`)` of `$(`, a backtick,
            /// or nothing for the script itself).
            case commands(parentheses: Int, closer: UInt8?)
            case doubleQuoted
            /// `${…}`, with the braces open inside it.
            case parameter(braces: Int)
        }

        /// A here-document announced on the current line, its body to skip from the next one.
        private struct HereDocument {
            var delimiter: Range<Int>
            /// `<<-`: tabs before the closing delimiter.
            var stripsTabs: Bool
        }

        private var masks = CodeMasks()
        private let text: TextBytes
        private let count: Int
        private var contexts: [Context] = [.commands(parentheses: 0, closer: nil)]
        private var hereDocuments: [HereDocument] = []

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
        }

        mutating func run() -> [Range<Int>] {
            var i = 0
            if count >= 2 && text[0] == ASCII.hash && text[1] == ASCII.exclamation {
                i = text.firstLineBreak(from: 0, limit: count)
            }
            while i < count {
                switch contexts[contexts.count - 1] {
                case let .commands(parentheses, closer):
                    i = commands(at: i, parentheses: parentheses, closer: closer)
                case .doubleQuoted:
                    i = doubleQuoted(at: i)
                case let .parameter(braces):
                    i = parameter(at: i, braces: braces)
                }
            }
            return masks.finish(count: count)
        }

        // MARK: Contexts

        /// Reads the byte at `i` among commands; returns where the scan goes on.
        private mutating func commands(at i: Int, parentheses: Int, closer: UInt8?) -> Int {
            let c = text[i]
            switch c {
            case ASCII.hash where startsWord(at: i):
                return comment(at: i)
            case ASCII.lineFeed, ASCII.carriageReturn:
                return hereDocuments.isEmpty ? i + 1 : hereDocumentBodiesEnd(from: lineStart(after: i))
            case ASCII.backslash:
                return i + 2
            case ASCII.apostrophe:
                let close = text.first(ASCII.apostrophe, from: i + 1, limit: count)
                return close < count ? close + 1 : count
            case ASCII.quote:
                contexts.append(.doubleQuoted)
                return i + 1
            case ASCII.backtick:
                if closer == ASCII.backtick {
                    contexts.removeLast()
                } else {
                    contexts.append(.commands(parentheses: 0, closer: ASCII.backtick))
                }
                return i + 1
            case ASCII.dollar:
                return dollar(at: i)
            case ASCII.leftParen:
                setTop(.commands(parentheses: parentheses + 1, closer: closer))
                return i + 1
            case ASCII.rightParen:
                if parentheses > 0 {
                    setTop(.commands(parentheses: parentheses - 1, closer: closer))
                } else if closer == ASCII.rightParen {
                    contexts.removeLast()
                }
                return i + 1
            case ASCII.less where parentheses == 0:
                return hereDocumentOperator(at: i) ?? i + 1
            default:
                return i + 1
            }
        }

        /// Reads the byte at `i` inside double quotes.
        private mutating func doubleQuoted(at i: Int) -> Int {
            switch text[i] {
            case ASCII.backslash:
                return i + 2
            case ASCII.quote:
                contexts.removeLast()
                return i + 1
            case ASCII.backtick:
                contexts.append(.commands(parentheses: 0, closer: ASCII.backtick))
                return i + 1
            case ASCII.dollar:
                return dollar(at: i)
            default:
                return i + 1
            }
        }

        /// Reads the byte at `i` inside `${…}`.
        private mutating func parameter(at i: Int, braces: Int) -> Int {
            switch text[i] {
            case ASCII.backslash:
                return i + 2
            case ASCII.apostrophe:
                let close = text.first(ASCII.apostrophe, from: i + 1, limit: count)
                return close < count ? close + 1 : count
            case ASCII.quote:
                contexts.append(.doubleQuoted)
                return i + 1
            case ASCII.backtick:
                contexts.append(.commands(parentheses: 0, closer: ASCII.backtick))
                return i + 1
            case ASCII.dollar:
                return dollar(at: i)
            case ASCII.leftBrace:
                setTop(.parameter(braces: braces + 1))
                return i + 1
            case ASCII.rightBrace:
                if braces > 0 {
                    setTop(.parameter(braces: braces - 1))
                } else {
                    contexts.removeLast()
                }
                return i + 1
            default:
                return i + 1
            }
        }

        /// `$` at `i`: `$(…)` and `${…}` open a context, `$'…'` is a string with escapes, and
        /// `$#`, `$$`, `$1` are parameters.
        private mutating func dollar(at i: Int) -> Int {
            guard i + 1 < count else { return count }
            switch text[i + 1] {
            case ASCII.leftParen:
                contexts.append(.commands(parentheses: 0, closer: ASCII.rightParen))
            case ASCII.leftBrace:
                contexts.append(.parameter(braces: 0))
            case ASCII.apostrophe:
                var k = i + 2
                while k < count && text[k] != ASCII.apostrophe { k += text[k] == ASCII.backslash ? 2 : 1 }
                return min(k + 1, count)
            default:
                break
            }
            return i + 2
        }

        private mutating func setTop(_ context: Context) {
            contexts[contexts.count - 1] = context
        }

        // MARK: Comments

        /// Whether the byte at `i` starts a word: after a line break, a blank or an operator.
        private func startsWord(at i: Int) -> Bool {
            guard i > 0 else { return true }
            switch text[i - 1] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn, ASCII.semicolon, ASCII.ampersand,
                ASCII.verticalBar, ASCII.leftParen, ASCII.rightParen, ASCII.less, ASCII.greater:
                return true
            default:
                return false
            }
        }

        /// The comment at the `#` at `i`, to the end of its line: prose, but a ShellCheck
        /// directive. Returns the line's end.
        private mutating func comment(at i: Int) -> Int {
            let end = text.firstLineBreak(from: i + 1, limit: count)
            let start = text.skipSpacesAndTabs(i + 1, end)
            if !text.matches(ShellMasker.shellcheck, at: start, limit: end) {
                masks.beginProse(at: i + 1)
                masks.endProse(at: end)
            }
            return end
        }

        // MARK: Here-documents

        /// `<<WORD`, `<<-WORD`, `<<'WORD'`, `<<"WORD"`, `<<\WORD` at `i` (not `<<<`): remembers
        /// the here-document, and returns the end of the operator; `nil` when there is none.
        private mutating func hereDocumentOperator(at i: Int) -> Int? {
            guard i + 2 < count, text[i + 1] == ASCII.less, text[i + 2] != ASCII.less else { return nil }
            var k = i + 2
            var stripsTabs = false
            if text[k] == ASCII.minus {
                stripsTabs = true
                k += 1
            }
            k = text.skipSpacesAndTabs(k, count)
            guard k < count else { return nil }
            var quote: UInt8?
            if text[k] == ASCII.apostrophe || text[k] == ASCII.quote {
                quote = text[k]
                k += 1
            } else if text[k] == ASCII.backslash {
                k += 1
            }
            let start = k
            while k < count && k - start <= 64
                && (ASCII.isIdentifier(text[k]) || text[k] == ASCII.minus || text[k] == ASCII.dot)
            {
                k += 1
            }
            guard k > start, k - start <= 64 else { return nil }
            let delimiter = start..<k
            if let quote {
                guard k < count, text[k] == quote else { return nil }
                k += 1
            }
            hereDocuments.append(HereDocument(delimiter: delimiter, stripsTabs: stripsTabs))
            return k
        }

        /// Skips the bodies of the here-documents announced, from `p` (the start of the line
        /// after the command); returns the start of the line after the last closing delimiter,
        /// or the end of the text.
        private mutating func hereDocumentBodiesEnd(from p: Int) -> Int {
            var p = p
            for document in hereDocuments {
                let delimiter = Array(text.base[document.delimiter])
                while p < count {
                    let line = text.line(at: p)
                    p = line.next
                    var start = line.start
                    if document.stripsTabs {
                        while start < line.end && text[start] == ASCII.tab { start += 1 }
                    }
                    if line.end - start == delimiter.count && text.matches(delimiter, at: start, limit: line.end) {
                        break
                    }
                }
            }
            hereDocuments.removeAll()
            return p
        }

        private func lineStart(after k: Int) -> Int {
            text[k] == ASCII.carriageReturn && k + 1 < count && text[k + 1] == ASCII.lineFeed ? k + 2 : k + 1
        }
    }
}
