/// Finds the parts of source code with `//` and `/* */` comments (Swift, JavaScript,
/// TypeScript, Go, Rust, C, C++, Java) that are not prose: everything but the comments' text.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// The code is read far enough to know where comments are: string and character literals with
/// their escapes (`"…"`, `'…'`), Swift's multi-line `"""…"""` and raw `#"…"#` strings, Rust's raw
/// `r#"…"#` strings, C++'s `R"x(…)x"`, template literals `` `…${…}…` `` (Go's raw strings with
/// them), so that `//` in a string starts no comment. A quote whose literal does not close on
/// its line is taken as code (a Rust lifetime `'a`, a digit separator). Block comments nest, as
/// in Swift and Rust, until one left open that way would run to the end of the text: from there
/// on they do not, as in C.
///
/// In comments, masked: the markers (`//`, `///`, `//!`, `/*`, `/**`, `*/` and runs of them),
/// the ` * ` that starts the lines of a block comment, code spans `` `x` `` and fenced code
/// blocks (doc comments are Markdown in Swift and Rust), doc tags with the name or type they
/// take (`@param name`, `@throws {Type}`, `\param name`, `{@link Type}`), and Swift's callouts
/// (`- Parameter name:`, `- Returns:`, and the names under `- Parameters:`). Consecutive `//`
/// lines stay one paragraph, the markers between them being masked.
enum SlashCommentMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        var scanner = Scanner(TextBytes(text))
        return scanner.run()
    }

    /// Doc tags (after `@` or `\`) followed by a name: a parameter's, a type's.
    static let tagsWithName: Set<[UInt8]> = Set(
        [
            "param", "arg", "argument", "tparam", "throws", "throw", "exception", "see", "link", "prop", "property",
            "typedef", "callback", "template", "retval", "class", "extends", "implements", "augments", "member",
            "memberof", "module", "namespace", "event", "fires", "emits", "listens", "borrows", "requires",
        ].map { Array($0.utf8) })

    /// Of those, the tags whose name is a type, which a `{Type}` gives instead (`@throws {Error}
    /// when…`, JSDoc's way).
    static let tagsWithTypeName: Set<[UInt8]> = Set(
        ["throws", "throw", "exception", "extends", "implements", "augments"].map { Array($0.utf8) })

    /// Doxygen's commands written with a backslash, masked as `@` tags are (`\param x`).
    static let backslashTags: Set<[UInt8]> = Set(
        [
            "param", "tparam", "return", "returns", "retval", "brief", "details", "throws", "throw", "exception",
            "see", "sa", "note", "warning", "since", "deprecated", "todo", "author", "file", "class", "struct",
            "fn", "var", "def", "ref", "p", "a", "c", "e", "b", "em", "code", "endcode", "pre", "post", "bug",
            "remark", "remarks", "result", "ingroup", "defgroup", "addtogroup", "name",
        ].map { Array($0.utf8) })

    /// Swift's doc callouts (`- Returns:`), lowercase.
    static let callouts: Set<[UInt8]> = Set(
        [
            "attention", "author", "authors", "bug", "complexity", "copyright", "date", "experiment", "important",
            "invariant", "localizationkey", "mutatingvariant", "nonmutatingvariant", "note", "parameter",
            "parameters", "postcondition", "precondition", "remark", "remarks", "requires", "returns", "seealso",
            "since", "tag", "throws", "todo", "version", "warning", "keyword", "recommended", "recommendedover",
        ].map { Array($0.utf8) })

    /// The farthest a doc tag's `{Type}` or `[name]`, or an inline tag's `}`, is looked for.
    static let longestTagPart = 256
}

extension SlashCommentMasker {
    /// One pass over the code; comments are handed to `CodeMasks` as prose.
    struct Scanner {
        private var masks = CodeMasks()
        private let text: TextBytes
        private let count: Int
        /// Whether block comments nest (see `SlashCommentMasker`).
        private var nests = true
        /// The depth of braces, and the depths at which template literals' `${` opened,
        /// innermost last: its `}` resumes the template.
        private var braceDepth = 0
        private var interpolations: [Int] = []
        /// Quotes before these positions start no literal: the search for one's end found none
        /// on its line.
        private var apostrophesFailBefore = -1
        private var quotesFailBefore = -1
        private var rawStringsFailBefore = -1
        /// Whether code came since the last comment: a doc comment's state starts afresh.
        private var codeSinceComment = true
        /// In a doc comment: inside a fenced code block, or in the list under `- Parameters:`.
        private var inFence = false
        private var inParameters = false

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
        }

        mutating func run() -> [Range<Int>] {
            var i = 0
            while i < count {
                let c = text[i]
                if ASCII.isWhitespace(c) {
                    i += 1
                    continue
                }
                if c == ASCII.slash && i + 1 < count && text[i + 1] == ASCII.slash {
                    i = lineComment(at: i)
                    continue
                }
                if c == ASCII.slash && i + 1 < count && text[i + 1] == ASCII.asterisk {
                    i = blockComment(at: i)
                    continue
                }
                codeSinceComment = true
                switch c {
                case ASCII.quote:
                    i = doubleQuoted(at: i)
                case ASCII.apostrophe:
                    i = singleQuoted(at: i)
                case ASCII.backtick:
                    i = templateEnd(from: i + 1)
                case ASCII.hash:
                    i = swiftRawStringEnd(at: i)
                case ASCII.leftBrace:
                    braceDepth += 1
                    i += 1
                case ASCII.rightBrace:
                    if let last = interpolations.last, last == braceDepth {
                        interpolations.removeLast()
                        braceDepth -= 1
                        i = templateEnd(from: i + 1)
                    } else {
                        braceDepth -= 1
                        i += 1
                    }
                default:
                    guard ASCII.isIdentifier(c) else {
                        i += 1
                        continue
                    }
                    var k = i
                    while k < count && ASCII.isIdentifier(text[k]) { k += 1 }
                    i = k < count ? rawStringEnd(prefix: i..<k) ?? k : k
                }
            }
            return masks.finish(count: count)
        }

        // MARK: Literals

        /// The end of the string at the `"` at `i` (`"""…"""` may span lines); `i + 1` when it
        /// does not close on its line.
        private mutating func doubleQuoted(at i: Int) -> Int {
            if i + 2 < count && text[i + 1] == ASCII.quote && text[i + 2] == ASCII.quote {
                return tripleQuotedEnd(from: i + 3, hashes: 0)
            }
            return quotedEnd(at: i, quote: ASCII.quote, failBefore: &quotesFailBefore)
        }

        /// The end of the character or string literal at the `'` at `i`; `i + 1` when it does
        /// not close on its line, or when the `'` follows a letter or digit (`1'000`).
        private mutating func singleQuoted(at i: Int) -> Int {
            if i > 0 && ASCII.isIdentifier(text[i - 1]) { return i + 1 }
            return quotedEnd(at: i, quote: ASCII.apostrophe, failBefore: &apostrophesFailBefore)
        }

        /// The end of a literal quoted by `quote` at `i`, backslash escapes honoured, on one
        /// line; `i + 1` when there is none (and `failBefore` is then the line's end, so that the
        /// quotes before it are not tried again).
        private func quotedEnd(at i: Int, quote: UInt8, failBefore: inout Int) -> Int {
            guard i >= failBefore else { return i + 1 }
            var k = i + 1
            while k < count {
                let c = text[k]
                if c == ASCII.backslash {
                    k += 2
                    continue
                }
                if c == quote { return k + 1 }
                if ASCII.isLineEnd(c) { break }
                k += 1
            }
            failBefore = min(k, count)
            return i + 1
        }

        /// The end of a multi-line string from `k` (after its opening `"""`): after `"""` and
        /// `hashes` number signs, or the end of the text. Raw strings (`hashes` > 0) have no
        /// escapes.
        private func tripleQuotedEnd(from k: Int, hashes: Int) -> Int {
            var m = k
            while m < count {
                let c = text[m]
                if c == ASCII.backslash && hashes == 0 {
                    m += 2
                    continue
                }
                if c == ASCII.quote && m + 2 < count && text[m + 1] == ASCII.quote && text[m + 2] == ASCII.quote
                    && hashesFollow(m + 3, hashes)
                {
                    return m + 3 + hashes
                }
                m += 1
            }
            return count
        }

        private func hashesFollow(_ k: Int, _ hashes: Int) -> Bool {
            guard k + hashes <= count else { return false }
            for m in k..<(k + hashes) where text[m] != ASCII.hash { return false }
            return true
        }

        /// Swift's raw string at the `#` at `i` (`#"…"#`, `##"…"##`, `#"""…"""#`): its end; the
        /// end of the number signs when they start none, or when it does not close on its line
        /// (then no raw string starts before the line's end).
        private mutating func swiftRawStringEnd(at i: Int) -> Int {
            var k = i
            while k < count && text[k] == ASCII.hash { k += 1 }
            let hashes = k - i
            guard k < count, text[k] == ASCII.quote, i >= rawStringsFailBefore else { return k }
            if k + 2 < count && text[k + 1] == ASCII.quote && text[k + 2] == ASCII.quote {
                return tripleQuotedEnd(from: k + 3, hashes: hashes)
            }
            var m = k + 1
            while m < count && !ASCII.isLineEnd(text[m]) {
                if text[m] == ASCII.quote && hashesFollow(m + 1, hashes) { return m + 1 + hashes }
                m += 1
            }
            rawStringsFailBefore = m
            return k
        }

        /// A raw string whose prefix is the identifier `prefix`, right before a `"` or `#`:
        /// Rust's `r"…"`, `r#"…"#`, `br#"…"#`, C++'s `R"x(…)x"` (`u8R`, `LR`…). Its end, or `nil`.
        private func rawStringEnd(prefix: Range<Int>) -> Int? {
            let next = text[prefix.upperBound]
            guard next == ASCII.quote || next == ASCII.hash, prefix.count <= 3 else { return nil }
            let last = text[prefix.upperBound - 1]
            let first = text[prefix.lowerBound]
            // Rust: r, br (bytes), cr (a C string).
            let isRustPrefix = prefix.count == 1
                || (prefix.count == 2 && (first == UInt8(ascii: "b") || first == UInt8(ascii: "c")))
            if last == UInt8(ascii: "r") && isRustPrefix {
                var k = prefix.upperBound
                while k < count && text[k] == ASCII.hash { k += 1 }
                let hashes = k - prefix.upperBound
                guard k < count, text[k] == ASCII.quote else { return nil }
                var m = text.first(ASCII.quote, from: k + 1, limit: count)
                while m < count {
                    if hashesFollow(m + 1, hashes) { return m + 1 + hashes }
                    m = text.first(ASCII.quote, from: m + 1, limit: count)
                }
                return count
            }
            guard last == UInt8(ascii: "R"), next == ASCII.quote else { return nil }
            // C++: R"delimiter( … )delimiter"
            var k = prefix.upperBound + 1
            let delimiterStart = k
            while k < count && k - delimiterStart <= 16 {
                let c = text[k]
                if c == ASCII.leftParen { break }
                if ASCII.isWhitespace(c) || c == ASCII.rightParen || c == ASCII.backslash || c >= 0x80 { return nil }
                k += 1
            }
            guard k < count, text[k] == ASCII.leftParen else { return nil }
            let delimiter = Array(text.base[delimiterStart..<k])
            var m = text.first(ASCII.rightParen, from: k + 1, limit: count)
            while m < count {
                if text.matches(delimiter, at: m + 1, limit: count), m + 1 + delimiter.count < count,
                    text[m + 1 + delimiter.count] == ASCII.quote
                {
                    return m + 2 + delimiter.count
                }
                m = text.first(ASCII.rightParen, from: m + 1, limit: count)
            }
            return count
        }

        /// The end of a template literal (or Go raw string) whose text goes on at `k`: after its
        /// closing backtick, or after a `${`, whose `}` resumes it.
        private mutating func templateEnd(from k: Int) -> Int {
            var m = k
            while m < count {
                let c = text[m]
                if c == ASCII.backslash {
                    m += 2
                    continue
                }
                if c == ASCII.backtick { return m + 1 }
                if c == ASCII.dollar && m + 1 < count && text[m + 1] == ASCII.leftBrace {
                    braceDepth += 1
                    interpolations.append(braceDepth)
                    return m + 2
                }
                m += 1
            }
            return count
        }

        // MARK: Comments

        /// The `//` comment at `i`, to the end of its line; returns that end.
        private mutating func lineComment(at i: Int) -> Int {
            var start = i + 2
            while start < count && text[start] == ASCII.slash { start += 1 }
            if start < count && text[start] == ASCII.exclamation { start += 1 }
            let end = text.firstLineBreak(from: start, limit: count)
            beginComment()
            masks.beginProse(at: start)
            commentLine(from: start, to: end)
            masks.endProse(at: end)
            return end
        }

        /// The `/* */` comment at `i`; returns its end.
        private mutating func blockComment(at i: Int) -> Int {
            let close = blockCommentClose(from: i + 2)
            var start = i + 2
            while start < close && text[start] == ASCII.asterisk { start += 1 }
            if start < close && text[start] == ASCII.exclamation { start += 1 }
            var end = close
            while end > start && text[end - 1] == ASCII.asterisk { end -= 1 }
            beginComment()
            masks.beginProse(at: start)
            var lineStart = start
            var isFirstLine = true
            while lineStart < end {
                let lineEnd = text.firstLineBreak(from: lineStart, limit: end)
                var textStart = lineStart
                if !isFirstLine {
                    // The decoration ` * ` at the start of the line.
                    var k = text.skipSpacesAndTabs(lineStart, lineEnd)
                    if k < lineEnd && text[k] == ASCII.asterisk {
                        while k < lineEnd && text[k] == ASCII.asterisk { k += 1 }
                        if k < lineEnd && ASCII.isSpaceOrTab(text[k]) { k += 1 }
                        masks.mask(lineStart, k)
                        textStart = k
                    }
                }
                commentLine(from: textStart, to: lineEnd)
                isFirstLine = false
                guard lineEnd < end else { break }
                lineStart = text[lineEnd] == ASCII.carriageReturn && lineEnd + 1 < end
                    && text[lineEnd + 1] == ASCII.lineFeed ? lineEnd + 2 : lineEnd + 1
            }
            masks.endProse(at: end)
            return close < count ? close + 2 : count
        }

        /// Where the block comment whose text starts at `k` closes (its `*/`), or the end of the
        /// text.
        private mutating func blockCommentClose(from k: Int) -> Int {
            if nests {
                var depth = 1
                var m = k
                while m + 1 < count {
                    let c = text[m]
                    if c == ASCII.slash && text[m + 1] == ASCII.asterisk {
                        depth += 1
                        m += 2
                    } else if c == ASCII.asterisk && text[m + 1] == ASCII.slash {
                        depth -= 1
                        if depth == 0 { return m }
                        m += 2
                    } else {
                        m += 1
                    }
                }
                nests = false
            }
            var m = text.first(ASCII.asterisk, from: k, limit: count)
            while m + 1 < count {
                if text[m + 1] == ASCII.slash { return m }
                m = text.first(ASCII.asterisk, from: m + 1, limit: count)
            }
            return count
        }

        /// A comment starts: after code, a doc comment's state starts afresh.
        private mutating func beginComment() {
            if codeSinceComment {
                inFence = false
                inParameters = false
            }
            codeSinceComment = false
        }

        /// Masks what is not prose in one line of a comment's text, `start..<end`.
        private mutating func commentLine(from start: Int, to end: Int) {
            let k = text.skipSpacesAndTabs(start, end)
            if let marker = fenceMarker(at: k, end: end) {
                switch marker {
                case .fence: inFence.toggle()
                case .opening: inFence = true
                case .closing: inFence = false
                }
                masks.mask(k, end)
                return
            }
            if inFence {
                masks.mask(start, end)
                return
            }
            var from = k
            if let calloutEnd = calloutEnd(at: k, end: end) {
                masks.mask(k, calloutEnd)
                from = calloutEnd
            }
            maskTags(from: from, to: end)
        }

        /// What starts a line of a doc comment that opens or closes code.
        private enum FenceMarker {
            /// ```` ``` ```` or `~~~`: opens code, or closes it.
            case fence
            /// `\code`, `@code`.
            case opening
            /// `\endcode`, `@endcode`.
            case closing
        }

        private func fenceMarker(at k: Int, end: Int) -> FenceMarker? {
            guard k + 3 <= end else { return nil }
            let c = text[k]
            if (c == ASCII.backtick || c == ASCII.tilde) && text[k + 1] == c && text[k + 2] == c {
                return .fence
            }
            guard c == ASCII.backslash || c == ASCII.at else { return nil }
            if text.matches(Self.code, at: k + 1, limit: end) && isWordEnd(k + 1 + Self.code.count, end) {
                return .opening
            }
            if text.matches(Self.endcode, at: k + 1, limit: end) && isWordEnd(k + 1 + Self.endcode.count, end) {
                return .closing
            }
            return nil
        }

        private static let code: [UInt8] = Array("code".utf8)
        private static let endcode: [UInt8] = Array("endcode".utf8)

        private func isWordEnd(_ k: Int, _ end: Int) -> Bool {
            k >= end || !ASCII.isAlphanumeric(text[k])
        }

        /// The end of a Swift callout at `k` (`- Returns:`, `- Parameter name:`, or a name in the
        /// list under `- Parameters:`), or `nil`.
        private mutating func calloutEnd(at k: Int, end: Int) -> Int? {
            guard k + 2 < end, text[k] == ASCII.minus || text[k] == ASCII.asterisk || text[k] == ASCII.plus,
                ASCII.isSpaceOrTab(text[k + 1])
            else { return nil }
            let wordStart = text.skipSpacesAndTabs(k + 1, end)
            var w = wordStart
            while w < end && w - wordStart <= 64 && ASCII.isIdentifier(text[w]) { w += 1 }
            guard w > wordStart, w - wordStart <= 64 else { return nil }
            let word = Array(text.base[wordStart..<w]).map(ASCII.lowercased)
            if word == Array("parameter".utf8) {
                inParameters = false
                let limit = min(end, w + 128)
                let colon = text.first(ASCII.colon, from: w, limit: limit)
                return colon < limit ? colon + 1 : nil
            }
            guard w < end, text[w] == ASCII.colon else { return nil }
            if SlashCommentMasker.callouts.contains(word) {
                inParameters = word == Array("parameters".utf8)
                return w + 1
            }
            return inParameters ? w + 1 : nil
        }

        /// Masks the doc tags and code spans of `from..<end`.
        private mutating func maskTags(from: Int, to end: Int) {
            var m = from
            while m < end {
                let c = text[m]
                if c == ASCII.backtick {
                    let close = text.first(ASCII.backtick, from: m + 1, limit: end)
                    if close < end {
                        masks.mask(m, close + 1)
                        m = close + 1
                    } else {
                        m = end
                    }
                } else if c == ASCII.leftBrace && m + 1 < end && text[m + 1] == ASCII.at {
                    // An inline tag: {@link Type}, {@code x}.
                    let limit = min(end, m + SlashCommentMasker.longestTagPart)
                    let close = text.first(ASCII.rightBrace, from: m + 2, limit: limit)
                    if close < limit {
                        masks.mask(m, close + 1)
                        m = close + 1
                    } else {
                        m += 2
                    }
                } else if (c == ASCII.at || c == ASCII.backslash) && m + 1 < end && ASCII.isLetter(text[m + 1])
                    && (m == from || ASCII.isWhitespace(text[m - 1]))
                {
                    m = tag(at: m, end: end)
                } else {
                    m += 1
                }
            }
        }

        /// A doc tag at `m` (`@param name`, `@returns {Type}`, `\param[in] name`): masked with
        /// the type and name it takes; returns where the scan goes on.
        private mutating func tag(at m: Int, end: Int) -> Int {
            var k = m + 1
            while k < end && ASCII.isLetter(text[k]) { k += 1 }
            guard k - m <= 32 else { return k }
            let name = Array(text.base[(m + 1)..<k]).map(ASCII.lowercased)
            if text[m] == ASCII.backslash && !SlashCommentMasker.backslashTags.contains(name) { return k }
            masks.mask(m, k)
            // A type in braces, a direction in brackets.
            var next = text.skipSpacesAndTabs(k, end)
            var hasType = false
            if next < end && (text[next] == ASCII.leftBrace || text[next] == ASCII.leftBracket) {
                hasType = text[next] == ASCII.leftBrace
                let closer = hasType ? ASCII.rightBrace : ASCII.rightBracket
                let limit = min(end, next + SlashCommentMasker.longestTagPart)
                let close = text.first(closer, from: next + 1, limit: limit)
                guard close < limit else { return k }
                masks.mask(next, close + 1)
                k = close + 1
                next = text.skipSpacesAndTabs(k, end)
            }
            guard SlashCommentMasker.tagsWithName.contains(name), next < end,
                !(hasType && SlashCommentMasker.tagsWithTypeName.contains(name))
            else { return k }
            var nameEnd = next
            if text[next] == ASCII.leftBracket {
                // An optional parameter: [name=default].
                let limit = min(end, next + SlashCommentMasker.longestTagPart)
                let close = text.first(ASCII.rightBracket, from: next + 1, limit: limit)
                guard close < limit else { return k }
                nameEnd = close + 1
            } else {
                while nameEnd < end && !ASCII.isWhitespace(text[nameEnd]) { nameEnd += 1 }
            }
            masks.mask(next, nameEnd)
            return nameEnd
        }
    }
}
