// The Markdown masker's searches for link destinations, titles and labels.

extension TextBytes {
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
