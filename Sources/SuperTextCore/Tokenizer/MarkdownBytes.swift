// Byte-level helpers shared by the Markdown masker's block and inline scanners.

extension MarkdownMasker {
    /// The ASCII bytes Markdown syntax is made of.
    enum ASCII {
        static let tab: UInt8 = 0x09
        static let lineFeed: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space: UInt8 = 0x20
        static let exclamation: UInt8 = 0x21  // !
        static let quote: UInt8 = 0x22  // "
        static let hash: UInt8 = 0x23  // #
        static let ampersand: UInt8 = 0x26  // &
        static let apostrophe: UInt8 = 0x27  // '
        static let leftParen: UInt8 = 0x28  // (
        static let rightParen: UInt8 = 0x29  // )
        static let asterisk: UInt8 = 0x2A  // *
        static let plus: UInt8 = 0x2B  // +
        static let minus: UInt8 = 0x2D  // -
        static let dot: UInt8 = 0x2E  // .
        static let slash: UInt8 = 0x2F  // /
        static let colon: UInt8 = 0x3A  // :
        static let semicolon: UInt8 = 0x3B  // ;
        static let less: UInt8 = 0x3C  // <
        static let equals: UInt8 = 0x3D  // =
        static let greater: UInt8 = 0x3E  // >
        static let question: UInt8 = 0x3F  // ?
        static let at: UInt8 = 0x40  // @
        static let leftBracket: UInt8 = 0x5B  // [
        static let backslash: UInt8 = 0x5C  // \
        static let rightBracket: UInt8 = 0x5D  // ]
        static let caret: UInt8 = 0x5E  // ^
        static let underscore: UInt8 = 0x5F  // _
        static let backtick: UInt8 = 0x60  // `
        static let tilde: UInt8 = 0x7E  // ~
        static let delete: UInt8 = 0x7F

        @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
        @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool {
            isDigit(c) || (c | 0x20) &- 0x61 < 6
        }
        @inline(__always) static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }
        @inline(__always) static func isAlphanumeric(_ c: UInt8) -> Bool {
            isLetter(c) || isDigit(c)
        }
        /// ASCII punctuation: the characters a backslash can escape.
        @inline(__always) static func isPunctuation(_ c: UInt8) -> Bool {
            (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60)
                || (c >= 0x7B && c <= 0x7E)
        }
        @inline(__always) static func isSpaceOrTab(_ c: UInt8) -> Bool { c == space || c == tab }
        @inline(__always) static func isLineEnd(_ c: UInt8) -> Bool {
            c == lineFeed || c == carriageReturn
        }
        /// Space, tab, line feed, carriage return.
        @inline(__always) static func isWhitespace(_ c: UInt8) -> Bool {
            c == space || c == tab || c == lineFeed || c == carriageReturn
        }
        @inline(__always) static func lowercased(_ c: UInt8) -> UInt8 {
            c &- 0x41 < 26 ? c | 0x20 : c
        }
    }

    /// One line of the text.
    struct Line {
        /// The first byte of the line.
        var start: Int
        /// The end of the line's content: its line break (LF, CR or CRLF) or the end of the text.
        var end: Int
        /// The start of the next line (the end of the text after the last line).
        var next: Int
    }

    /// The text's bytes, with the searches both scanners need.
    struct Bytes {
        let base: UnsafeBufferPointer<UInt8>
        let count: Int

        init(_ base: UnsafeBufferPointer<UInt8>) {
            self.base = base
            self.count = base.count
        }

        @inline(__always) subscript(_ i: Int) -> UInt8 { base[i] }

        /// The line that starts at `p` (`p` may be the end of the text: an empty line).
        func line(at p: Int) -> Line {
            let k = firstLineBreak(from: p, limit: count)
            var next = k
            if k < count {
                next = base[k] == ASCII.carriageReturn && k + 1 < count
                    && base[k + 1] == ASCII.lineFeed ? k + 2 : k + 1
            }
            return Line(start: p, end: k, next: next)
        }

        /// The first line feed or carriage return from `p` on, or `limit`.
        func firstLineBreak(from p: Int, limit: Int) -> Int {
            var k = p
            #if _endian(little)
                if let address = base.baseAddress {
                    // Eight bytes at a time.
                    let raw = UnsafeRawPointer(address)
                    while k + 8 <= limit {
                        let word = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                        let found = Self.zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | Self.zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                        if found != 0 { return k + found.trailingZeroBitCount >> 3 }
                        k += 8
                    }
                }
            #endif
            while k < limit {
                let c = base[k]
                if c == ASCII.lineFeed || c == ASCII.carriageReturn { return k }
                k += 1
            }
            return limit
        }

        /// The first `byte` from `p` on, or `limit`.
        func first(_ byte: UInt8, from p: Int, limit: Int) -> Int {
            var k = p
            #if _endian(little)
                if let address = base.baseAddress {
                    let raw = UnsafeRawPointer(address)
                    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
                    while k + 8 <= limit {
                        let found = Self.zeroBytes(raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ pattern)
                        if found != 0 { return k + found.trailingZeroBitCount >> 3 }
                        k += 8
                    }
                }
            #endif
            while k < limit && base[k] != byte { k += 1 }
            return k
        }

        /// The high bit of each zero byte of `word` set (and maybe of bytes above the first
        /// zero byte, so only the lowest set bit is exact).
        @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }

        /// The first position from `i` on (before `end`) that is not a space or tab.
        @inline(__always) func skipSpacesAndTabs(_ i: Int, _ end: Int) -> Int {
            var k = i
            while k < end && ASCII.isSpaceOrTab(base[k]) { k += 1 }
            return k
        }

        /// The first position from `i` on (before `end`) that is not whitespace, line breaks
        /// included.
        @inline(__always) func skipWhitespace(_ i: Int, _ end: Int) -> Int {
            var k = i
            while k < end && ASCII.isWhitespace(base[k]) { k += 1 }
            return k
        }

        /// Whether the bytes at `i` are `pattern` (lowercase ASCII when `caseInsensitive`),
        /// entirely before `limit`.
        func matches(_ pattern: [UInt8], at i: Int, limit: Int, caseInsensitive: Bool = false)
            -> Bool
        {
            guard i >= 0, i + pattern.count <= limit else { return false }
            for (k, p) in pattern.enumerated() {
                let c = caseInsensitive ? ASCII.lowercased(base[i + k]) : base[i + k]
                if c != p { return false }
            }
            return true
        }

        /// The first position from `from` on where `pattern` occurs entirely before `limit`.
        func find(_ pattern: [UInt8], from: Int, limit: Int, caseInsensitive: Bool) -> Int? {
            guard let first = pattern.first, from >= 0 else { return nil }
            var i = from
            let last = limit - pattern.count
            while i <= last {
                let c = caseInsensitive ? ASCII.lowercased(base[i]) : base[i]
                if c == first && matches(pattern, at: i, limit: limit, caseInsensitive: caseInsensitive) {
                    return i
                }
                i += 1
            }
            return nil
        }

        /// Whether `range` holds something other than whitespace.
        func hasNonWhitespace(_ range: Range<Int>) -> Bool {
            for i in range where !ASCII.isWhitespace(base[i]) { return true }
            return false
        }

        /// A link label as references compare it: trimmed, inner whitespace runs as one space,
        /// ASCII letters lowercased.
        func normalizedLabel(_ range: Range<Int>) -> [UInt8] {
            var label: [UInt8] = []
            label.reserveCapacity(range.count)
            var pendingSpace = false
            for i in range {
                let c = base[i]
                if ASCII.isWhitespace(c) {
                    pendingSpace = !label.isEmpty
                } else {
                    if pendingSpace { label.append(ASCII.space) }
                    pendingSpace = false
                    label.append(ASCII.lowercased(c))
                }
            }
            return label
        }

        /// The end of a link destination starting at `i` (`<…>`, or a run of non-whitespace
        /// with balanced parentheses, at most 32 deep), before `limit`; `nil` when there is none.
        /// `failedAt` is set to where the scan stopped when it fails.
        func linkDestinationEnd(from i: Int, limit: Int, failedAt: inout Int) -> Int? {
            guard i < limit else {
                failedAt = i
                return nil
            }
            if base[i] == ASCII.less {
                var k = i + 1
                while k < limit {
                    let c = base[k]
                    if c == ASCII.greater { return k + 1 }
                    if c == ASCII.less || ASCII.isLineEnd(c) { break }
                    k += c == ASCII.backslash && k + 1 < limit && ASCII.isPunctuation(base[k + 1]) ? 2 : 1
                }
                failedAt = k
                return nil
            }
            var k = i
            var depth = 0
            while k < limit {
                let c = base[k]
                if c <= ASCII.space || c == ASCII.delete { break }
                if c == ASCII.backslash && k + 1 < limit && ASCII.isPunctuation(base[k + 1]) {
                    k += 2
                    continue
                }
                if c == ASCII.leftParen {
                    depth += 1
                    if depth > 32 {
                        failedAt = k
                        return nil
                    }
                } else if c == ASCII.rightParen {
                    if depth == 0 { break }
                    depth -= 1
                }
                k += 1
            }
            guard depth == 0, k > i else {
                failedAt = k
                return nil
            }
            return k
        }

        /// The end of a link title starting at `i` (`"…"`, `'…'` or `(…)`, backslash escapes
        /// honoured), before `limit`; `nil` when it is not closed. `reachedLimit` tells whether
        /// the scan failed for want of a closing character.
        func linkTitleEnd(from i: Int, limit: Int, reachedLimit: inout Bool) -> Int? {
            reachedLimit = false
            guard i < limit else { return nil }
            let open = base[i]
            let close = open == ASCII.leftParen ? ASCII.rightParen : open
            var k = i + 1
            while k < limit {
                let c = base[k]
                if c == close { return k + 1 }
                if open == ASCII.leftParen && c == ASCII.leftParen { return nil }
                k += c == ASCII.backslash && k + 1 < limit && ASCII.isPunctuation(base[k + 1]) ? 2 : 1
            }
            reachedLimit = true
            return nil
        }

        @inline(__always) static func isTitleOpener(_ c: UInt8) -> Bool {
            c == ASCII.quote || c == ASCII.apostrophe || c == ASCII.leftParen
        }
    }

    /// Remembers the last search for one pattern, so that repeated searches over the same
    /// stretch of text (many openers, no closer) stay linear.
    struct FindMemo {
        /// Where the last search started.
        private var from = Int.max
        /// What it found: the occurrence, or `limit` for none.
        private var found = 0
        /// The limit of the last search.
        private var limit = -1

        /// The first occurrence of `pattern` at or after `p` that ends before `limit`.
        mutating func find(
            _ pattern: [UInt8], from p: Int, limit: Int, caseInsensitive: Bool = false, in bytes: Bytes
        ) -> Int? {
            if limit == self.limit && p >= from && p <= found {
                // No occurrence starts in from..<found, so the first one from p on is `found`.
                return found < limit ? found : nil
            }
            let result = bytes.find(pattern, from: p, limit: limit, caseInsensitive: caseInsensitive)
            from = p
            found = result ?? limit
            self.limit = limit
            return result
        }
    }
}
