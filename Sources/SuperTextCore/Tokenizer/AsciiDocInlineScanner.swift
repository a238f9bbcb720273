// The AsciiDoc masker's second pass: inline markup in the prose segments.

extension AsciiDocMasker {
    /// Masks the inline markup that is not prose in the segments the block scanner found: code
    /// and passthroughs, macros' names, targets and brackets, cross references, anchors and
    /// attribute references.
    struct InlineScanner {
        /// Masked inline ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []

        private let text: TextBytes
        /// Closing markup still to mask when the scan reaches it (the `]` of `link:url[text]`,
        /// the `>>` of `<<id,text>>`), nearest last: the text before it is prose.
        private var pendingClosers: [Range<Int>] = []

        /// The last search for each closing pattern.
        private var memos = [FindMemo](repeating: FindMemo(), count: Closer.allCases.count)

        private enum Closer: Int, CaseIterable {
            case backtick, twoBackticks, curvedDoubleQuote, curvedSingleQuote, plus, twoPluses, threePluses
            case crossReferenceEnd, anchorEnd, bracket
        }

        private static let closers: [[UInt8]] = [
            Array("`".utf8), Array("``".utf8), Array("`\"".utf8), Array("`'".utf8), Array("+".utf8),
            Array("++".utf8), Array("+++".utf8), Array(">>".utf8), Array("]]".utf8), Array("]".utf8),
        ]

        /// What a macro's brackets hold.
        private enum MacroKind {
            /// Prose (a link's text, an image's alternative text, a footnote): the name, target
            /// and brackets are masked.
            case proseText
            /// Not prose (keys, math, passthrough text): masked whole.
            case notProse
        }

        /// Inline macros by name, and whether they need a target (`link:url[…]`) or not
        /// (`footnote:[…]`).
        private static let macros: [[UInt8]: (kind: MacroKind, needsTarget: Bool)] = {
            var table: [[UInt8]: (kind: MacroKind, needsTarget: Bool)] = [:]
            for name in ["link", "mailto", "xref", "image", "http", "https", "ftp", "irc", "file"] {
                table[Array(name.utf8)] = (.proseText, true)
            }
            for name in ["footnote", "footnoteref", "anchor", "indexterm2"] {
                table[Array(name.utf8)] = (.proseText, false)
            }
            for name in ["kbd", "btn", "menu", "stem", "latexmath", "asciimath", "pass", "indexterm", "icon",
                "include", "video", "audio", "toc"]
            {
                table[Array(name.utf8)] = (.notProse, false)
            }
            return table
        }()

        init(_ text: TextBytes) {
            self.text = text
        }

        mutating func scan(_ segment: Range<Int>) {
            let end = segment.upperBound
            var i = segment.lowerBound
            pendingClosers.removeAll(keepingCapacity: true)
            while i < end {
                if let closer = pendingClosers.last, i >= closer.lowerBound {
                    pendingClosers.removeLast()
                    if i == closer.lowerBound {
                        mask(closer.lowerBound, closer.upperBound)
                        i = closer.upperBound
                    }
                    continue
                }
                let c = text[i]
                switch c {
                case ASCII.backslash:
                    i += 2
                case ASCII.backtick:
                    i = code(at: i, segment: segment)
                case ASCII.plus:
                    i = passthrough(at: i, segment: segment)
                case ASCII.leftBrace:
                    i = attributeReference(at: i, end: end)
                case ASCII.less:
                    i = crossReference(at: i, end: end)
                case ASCII.leftBracket:
                    i = anchor(at: i, end: end)
                default:
                    if ASCII.isLetter(c) && (i == segment.lowerBound || !ASCII.isAlphanumeric(text[i - 1])) {
                        i = macro(at: i, end: end)
                    } else {
                        i += 1
                    }
                }
            }
        }

        // MARK: Code and passthroughs

        /// `` `code` `` or ``` ``code`` ``` at `i` (or the curved quotes `` "`text`" ``, whose
        /// text is prose). Returns where the scan goes on.
        private mutating func code(at i: Int, segment: Range<Int>) -> Int {
            let end = segment.upperBound
            if i > segment.lowerBound && (text[i - 1] == ASCII.quote || text[i - 1] == ASCII.apostrophe) {
                let closer: Closer = text[i - 1] == ASCII.quote ? .curvedDoubleQuote : .curvedSingleQuote
                if let close = find(closer, from: i + 1, end: end) {
                    mask(i - 1, i + 1)
                    mask(close, close + 2)
                    return close + 2
                }
            }
            if i + 1 < end && text[i + 1] == ASCII.backtick {
                if let close = find(.twoBackticks, from: i + 2, end: end) {
                    mask(i, close + 2)
                    return close + 2
                }
                mask(i, i + 2)
                return i + 2
            }
            if let close = find(.backtick, from: i + 1, end: end), close > i + 1 {
                mask(i, close + 1)
                return close + 1
            }
            mask(i, i + 1)
            return i + 1
        }

        /// A passthrough at `i`: `+text+` (at word boundaries), `++text++`, `+++text+++` (not
        /// after a letter or digit, so that `C++` stays a word). Returns where the scan goes on.
        private mutating func passthrough(at i: Int, segment: Range<Int>) -> Int {
            let end = segment.upperBound
            var k = i
            while k < end && text[k] == ASCII.plus && k - i < 4 { k += 1 }
            let length = k - i
            guard length <= 3, k < end, !ASCII.isWhitespace(text[k]),
                i == segment.lowerBound || !ASCII.isAlphanumeric(text[i - 1])
            else { return k }
            let closer: Closer = length == 1 ? .plus : length == 2 ? .twoPluses : .threePluses
            guard let close = find(closer, from: k, end: end) else { return k }
            if length == 1 {
                // Constrained: the closing `+` after a non-space and before no letter or digit.
                guard !ASCII.isWhitespace(text[close - 1]),
                    close + 1 == end || !ASCII.isAlphanumeric(text[close + 1])
                else { return k }
            }
            mask(i, close + length)
            return close + length
        }

        // MARK: References

        /// `{name}` at `i`: an attribute reference (`{counter:n}` too), masked.
        private mutating func attributeReference(at i: Int, end: Int) -> Int {
            var k = i + 1
            while k < end && k - i <= 64
                && (ASCII.isIdentifier(text[k]) || text[k] == ASCII.minus || text[k] == ASCII.colon)
            {
                k += 1
            }
            guard k > i + 1, k < end, text[k] == ASCII.rightBrace, ASCII.isIdentifier(text[i + 1]) else { return i + 1 }
            mask(i, k + 1)
            return k + 1
        }

        /// `<<id>>` or `<<id,text>>` at `i`: the target and the angle brackets masked, the text
        /// kept.
        private mutating func crossReference(at i: Int, end: Int) -> Int {
            guard i + 2 < end, text[i + 1] == ASCII.less, !ASCII.isWhitespace(text[i + 2]),
                let close = find(.crossReferenceEnd, from: i + 2, end: end)
            else { return i + 1 }
            let comma = text.first(ASCII.comma, from: i + 2, limit: close)
            if comma < close {
                mask(i, comma + 1)
                pushCloser(close..<(close + 2))
                return comma + 1
            }
            mask(i, close + 2)
            return close + 2
        }

        /// `[[id]]` (an anchor) or `[.role]` / `[#id]` before `#text#`, at `i`: masked.
        private mutating func anchor(at i: Int, end: Int) -> Int {
            guard i + 1 < end else { return i + 1 }
            let next = text[i + 1]
            if next == ASCII.leftBracket {
                guard let close = find(.anchorEnd, from: i + 2, end: end) else { return i + 2 }
                mask(i, close + 2)
                return close + 2
            }
            guard next == ASCII.dot || next == ASCII.hash || next == ASCII.percent else { return i + 1 }
            let limit = min(end, i + 64)
            let close = text.first(ASCII.rightBracket, from: i + 1, limit: limit)
            guard close < limit, close + 1 < end, text[close + 1] == ASCII.hash else { return i + 1 }
            mask(i, close + 1)
            return close + 1
        }

        // MARK: Macros

        /// A macro at `i` (a word's start): `name:target[text]` or `name::target[text]`. Masks
        /// it and returns where the scan goes on; past the word when it is none.
        private mutating func macro(at i: Int, end: Int) -> Int {
            var k = i
            while k < end && k - i < 32 && ASCII.isAlphanumeric(text[k]) { k += 1 }
            // Macro names are 3 to 11 letters long: other words are not looked up.
            guard k < end, text[k] == ASCII.colon, k - i >= 3, k - i <= 11,
                let macro = Self.macros[Array(text.base[i..<k]).map(ASCII.lowercased)]
            else { return k }
            var targetStart = k + 1
            if targetStart < end && text[targetStart] == ASCII.colon { targetStart += 1 }
            var t = targetStart
            while t < end && text[t] != ASCII.leftBracket && !ASCII.isWhitespace(text[t]) { t += 1 }
            // A bare URL, or a name followed by a colon in prose: the word scanner's to judge.
            guard t < end, text[t] == ASCII.leftBracket else { return t }
            guard t > targetStart || !macro.needsTarget,
                let close = find(.bracket, from: t + 1, end: end)
            else { return t + 1 }
            switch macro.kind {
            case .proseText:
                mask(i, t + 1)
                pushCloser(close..<(close + 1))
                return t + 1
            case .notProse:
                mask(i, close + 1)
                return close + 1
            }
        }

        // MARK: Output

        private mutating func find(_ closer: Closer, from p: Int, end: Int) -> Int? {
            memos[closer.rawValue].find(Self.closers[closer.rawValue], from: p, limit: end, in: text)
        }

        /// Remembers closing markup to mask when the scan reaches it, unless markup already
        /// pending closes there or before.
        private mutating func pushCloser(_ closer: Range<Int>) {
            if let last = pendingClosers.last, closer.lowerBound >= last.lowerBound { return }
            pendingClosers.append(closer)
        }

        private mutating func mask(_ start: Int, _ end: Int) {
            let start = max(start, masks.last?.lowerBound ?? start)
            MaskedRanges.appendMerging(start..<end, to: &masks)
        }
    }
}
