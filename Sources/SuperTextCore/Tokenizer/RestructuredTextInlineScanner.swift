// The reStructuredText masker's second pass: inline markup in the prose segments.

extension RestructuredTextMasker {
    /// Masks the inline markup that is not prose in the segments the block scanner found:
    /// inline literals, interpreted text and roles, the syntax of hyperlink, footnote and
    /// citation references, substitution references.
    struct InlineScanner {
        /// Masked inline ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []

        private let text: TextBytes
        /// The last searches for the end of an inline literal and of interpreted text.
        private var literalEnds = FindMemo()
        private var backquotes = FindMemo()

        private static let doubleBackquote: [UInt8] = Array("``".utf8)
        private static let backquote: [UInt8] = Array("`".utf8)

        init(_ text: TextBytes) {
            self.text = text
        }

        mutating func scan(_ segment: Range<Int>) {
            let end = segment.upperBound
            var i = segment.lowerBound
            while i < end {
                switch text[i] {
                case ASCII.backslash:
                    i += 2
                case ASCII.backtick:
                    i = backquoted(at: i, segment: segment)
                case ASCII.verticalBar:
                    i = substitutionReference(at: i, end: end)
                case ASCII.leftBracket:
                    i = footnoteReference(at: i, end: end)
                default:
                    i += 1
                }
            }
        }

        // MARK: Backquotes

        /// Inline markup in backquotes at `i`: an inline literal, interpreted text (with its
        /// role before or after it), a hyperlink reference or an inline target. Returns where the
        /// scan goes on.
        private mutating func backquoted(at i: Int, segment: Range<Int>) -> Int {
            let end = segment.upperBound
            if i + 1 < end && text[i + 1] == ASCII.backtick {
                guard let close = literalEnds.find(Self.doubleBackquote, from: i + 2, limit: end, in: text) else {
                    mask(i, i + 2)
                    return i + 2
                }
                mask(i, close + 2)
                return close + 2
            }
            guard i + 1 < end, !ASCII.isWhitespace(text[i + 1]),
                let close = backquotes.find(Self.backquote, from: i + 1, limit: end, in: text)
            else {
                mask(i, i + 1)
                return i + 1
            }
            var after = close + 1
            if after < end && text[after] == ASCII.underscore {
                // A hyperlink reference: `text`_, `text <url>`_, anonymous `text`__.
                after += 1
                if after < end && text[after] == ASCII.underscore { after += 1 }
                let target = embeddedTargetStart(from: i + 1, to: close)
                if let target, target > i + 1 {
                    mask(i, i + 1)
                    mask(target, after)
                } else if target != nil {
                    mask(i, after)  // `<url>`_: nothing but the target
                } else {
                    mask(i, i + 1)
                    mask(close, after)
                }
                return after
            }
            if let roleStart = roleStart(before: i, segmentStart: segment.lowerBound) {
                mask(roleStart, close + 1)
                return close + 1
            }
            if after < end && text[after] == ASCII.colon, let roleEnd = roleEnd(at: after, end: end) {
                mask(i, roleEnd)
                return roleEnd
            }
            if i > segment.lowerBound && text[i - 1] == ASCII.underscore {
                // An inline target, _`text`: the text is prose.
                mask(i - 1, i + 1)
                mask(close, close + 1)
                return close + 1
            }
            // Interpreted text with the default role: names of code, mostly.
            mask(i, close + 1)
            return close + 1
        }

        /// The start of `<target>` at the end of the text `from..<to` of a hyperlink reference
        /// (with the spaces before it), or `nil`.
        private func embeddedTargetStart(from: Int, to: Int) -> Int? {
            guard to > from, text[to - 1] == ASCII.greater else { return nil }
            var k = to - 2
            while k >= from && text[k] != ASCII.less {
                if ASCII.isWhitespace(text[k]) { return nil }
                k -= 1
            }
            guard k >= from else { return nil }
            var start = k
            while start > from && ASCII.isWhitespace(text[start - 1]) { start -= 1 }
            return start
        }

        /// The start of a role `:name:` that ends right before the backquote at `i`.
        private func roleStart(before i: Int, segmentStart: Int) -> Int? {
            guard i - 2 >= segmentStart, text[i - 1] == ASCII.colon else { return nil }
            var k = i - 2
            let lowest = max(segmentStart, i - 64)
            while k > lowest && Self.isRoleByte(text[k - 1]) { k -= 1 }
            // The role's first colon: the furthest one back that starts it (roles such as
            // `:py:func:` have colons inside).
            while k < i - 1 && text[k] != ASCII.colon { k += 1 }
            guard k < i - 2, text[k] == ASCII.colon, ASCII.isAlphanumeric(text[k + 1]) else { return nil }
            let start = max(k, masks.last?.upperBound ?? k)
            return start < i ? start : nil
        }

        /// The end of a role `:name:` at `k`, right after interpreted text.
        private func roleEnd(at k: Int, end: Int) -> Int? {
            var m = k + 1
            while m < end && m - k <= 64 && Self.isRoleByte(text[m]) && text[m] != ASCII.colon { m += 1 }
            guard m > k + 1, m < end, text[m] == ASCII.colon else { return nil }
            return m + 1
        }

        private static func isRoleByte(_ c: UInt8) -> Bool {
            ASCII.isAlphanumeric(c) || c == ASCII.minus || c == ASCII.underscore || c == ASCII.colon
                || c == ASCII.dot || c == ASCII.plus
        }

        // MARK: References

        /// `|name|` (a substitution reference, maybe followed by `_` or `__`) at `i`, on one
        /// line: masked. Returns where the scan goes on.
        private mutating func substitutionReference(at i: Int, end: Int) -> Int {
            let limit = min(end, i + 200)
            guard i + 1 < limit, !ASCII.isWhitespace(text[i + 1]) else { return i + 1 }
            var k = i + 1
            while k < limit && text[k] != ASCII.verticalBar && !ASCII.isLineEnd(text[k]) { k += 1 }
            guard k < limit, text[k] == ASCII.verticalBar, !ASCII.isWhitespace(text[k - 1]) else { return i + 1 }
            var after = k + 1
            while after < end && after - k <= 2 && text[after] == ASCII.underscore { after += 1 }
            mask(i, after)
            return after
        }

        /// A footnote or citation reference `[1]_`, `[#]_`, `[#note]_`, `[*]_`, `[CIT2002]_` at
        /// `i`: masked. Returns where the scan goes on.
        private mutating func footnoteReference(at i: Int, end: Int) -> Int {
            let limit = min(end, i + 100)
            var k = i + 1
            while k < limit {
                let c = text[k]
                guard ASCII.isAlphanumeric(c) || c == ASCII.hash || c == ASCII.asterisk || c == ASCII.minus
                    || c == ASCII.underscore || c == ASCII.dot
                else { break }
                k += 1
            }
            guard k > i + 1, k + 1 < end, text[k] == ASCII.rightBracket, text[k + 1] == ASCII.underscore else {
                return i + 1
            }
            mask(i, k + 2)
            return k + 2
        }

        private mutating func mask(_ start: Int, _ end: Int) {
            MaskedRanges.appendMerging(start..<end, to: &masks)
        }
    }
}
