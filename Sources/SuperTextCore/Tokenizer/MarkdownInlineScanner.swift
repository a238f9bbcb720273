// The Markdown masker's second pass: inline constructs in the prose segments.

extension MarkdownMasker {
    /// Masks the inline constructs that are not prose in the segments the block scanner found:
    /// code spans, link destinations and reference labels, autolinks, HTML, entities.
    struct InlineScanner {
        /// Masked inline ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []

        private let text: TextBytes
        private let segments: [Range<Int>]
        private let definitions: Set<[UInt8]>

        /// A maximal run of backticks in a segment, with the next runs a code span opening at it
        /// may close at.
        private struct BacktickRun {
            var start: Int32
            var length: Int32
            /// The next run of the same length (any segment), or -1.
            var nextSameLength: Int32 = -1
            /// The next run one shorter (for an opener whose first backtick is escaped), or -1.
            var nextOneShorter: Int32 = -1
        }

        private var runs: [BacktickRun] = []
        /// The first run that may hold the scan position.
        private var runCursor = 0

        /// Tags, comments and references, read as the HTML masker reads them.
        private var html: HTMLScanner


        /// Per segment: link destinations starting before this position fail (an earlier one
        /// failed on unbalanced parentheses and covered them), keeping repeated attempts linear.
        private var destinationsFailBefore = -1
        /// Per segment: titles opened by `"`, `'`, `(` at or after these positions fail (one
        /// found no closing character before the segment's end).
        private var titlesFailFrom = (quote: Int.max, apostrophe: Int.max, paren: Int.max)

        init(_ text: TextBytes, segments: [Range<Int>], definitions: Set<[UInt8]>) {
            self.text = text
            self.html = HTMLScanner(text)
            self.segments = segments
            self.definitions = definitions
        }

        mutating func run() {
            collectBacktickRuns()
            for segment in segments { scan(segment) }
        }

        // MARK: Scanning

        private mutating func scan(_ segment: Range<Int>) {
            let end = segment.upperBound
            var i = segment.lowerBound
            var openBrackets = 0
            destinationsFailBefore = -1
            titlesFailFrom = (Int.max, Int.max, Int.max)
            while i < end {
                let c = text[i]
                // Nothing to do for most bytes: letters, digits, spaces, non-ASCII.
                let offset = c &- ASCII.ampersand
                if offset >= 64 || (Self.specialBytes >> UInt64(offset)) & 1 == 0 {
                    i += 1
                    continue
                }
                switch c {
                case ASCII.backslash:
                    i += i + 1 < end && ASCII.isPunctuation(text[i + 1]) ? 2 : 1
                case ASCII.backtick:
                    i = codeSpan(at: i, end: end)
                case ASCII.less:
                    if let next = autolinkEnd(at: i, end: end) {
                        addMask(i, next)
                        i = next
                    } else if let next = html.markupEnd(at: i, end: end) {
                        addMask(i, next)
                        i = next
                    } else {
                        i += 1
                    }
                case ASCII.ampersand:
                    if let next = html.entityEnd(at: i, end: end) {
                        addMask(i, next)
                        i = next
                    } else {
                        i += 1
                    }
                case ASCII.leftBracket:
                    if let next = footnoteReferenceEnd(at: i, end: end) {
                        addMask(i, next)
                        i = next
                    } else {
                        openBrackets += 1
                        i += 1
                    }
                case ASCII.rightBracket:
                    i = closeBracket(at: i, end: end, openBrackets: &openBrackets)
                default:
                    i += 1
                }
            }
        }

        /// The bytes `scan` looks at, as bits above `&` (0x26): `&` (bit 0), `<` (22), `[` (53),
        /// backslash (54), `]` (55), backtick (58).
        private static let specialBytes: UInt64 = 1 | 1 << 22 | 1 << 53 | 1 << 54 | 1 << 55 | 1 << 58

        // MARK: Code spans

        private mutating func collectBacktickRuns() {
            // Run positions are stored as Int32; a text too long for that gets no code span
            // matching (every backtick run is then masked on its own).
            guard text.count < Int(Int32.max) else { return }
            for segment in segments {
                var i = text.first(ASCII.backtick, from: segment.lowerBound, limit: segment.upperBound)
                while i < segment.upperBound {
                    let start = i
                    while i < segment.upperBound && text[i] == ASCII.backtick { i += 1 }
                    runs.append(BacktickRun(start: Int32(start), length: Int32(i - start)))
                    i = text.first(ASCII.backtick, from: i, limit: segment.upperBound)
                }
            }
            guard !runs.isEmpty else { return }
            // Backwards: the last run seen of each length is the next one of that length.
            var lastShort = [Int32](repeating: -1, count: 64)
            var lastLong: [Int32: Int32] = [:]
            for r in stride(from: runs.count - 1, through: 0, by: -1) {
                let length = runs[r].length
                runs[r].nextSameLength = length < 64 ? lastShort[Int(length)] : lastLong[length] ?? -1
                if length > 1 {
                    let shorter = length - 1
                    runs[r].nextOneShorter = shorter < 64 ? lastShort[Int(shorter)] : lastLong[shorter] ?? -1
                }
                if length < 64 {
                    lastShort[Int(length)] = Int32(r)
                } else {
                    lastLong[length] = Int32(r)
                }
            }
        }

        /// A code span opening at `p`, or an unmatched backtick run: masks it and returns where
        /// the scan goes on.
        private mutating func codeSpan(at p: Int, end: Int) -> Int {
            var runEnd = p
            while runEnd < end && text[runEnd] == ASCII.backtick { runEnd += 1 }
            let length = runEnd - p
            while runCursor < runs.count && Int(runs[runCursor].start) + Int(runs[runCursor].length) <= p {
                runCursor += 1
            }
            if runCursor < runs.count && Int(runs[runCursor].start) <= p {
                let run = runs[runCursor]
                var closer: Int
                if length == Int(run.length) {
                    closer = Int(run.nextSameLength)
                } else if length == Int(run.length) - 1 {
                    closer = Int(run.nextOneShorter)
                } else {
                    // Not reached (an opener starts a run or follows an escaped backtick), but safe.
                    closer = runCursor + 1
                    while closer < runs.count && Int(runs[closer].start) < end && Int(runs[closer].length) != length {
                        closer += 1
                    }
                    if closer >= runs.count { closer = -1 }
                }
                if closer >= 0 && Int(runs[closer].start) < end {
                    let spanEnd = Int(runs[closer].start) + length
                    addMask(p, spanEnd)
                    return spanEnd
                }
            }
            addMask(p, runEnd)
            return runEnd
        }

        // MARK: Links

        /// `]` at `i`: when it closes a bracket, masks the inline link destination `(…)` or the
        /// defined reference label `[…]` after it. Returns where the scan goes on.
        private mutating func closeBracket(at i: Int, end: Int, openBrackets: inout Int) -> Int {
            guard openBrackets > 0 else { return i + 1 }
            openBrackets -= 1
            let j = i + 1
            guard j < end else { return j }
            if text[j] == ASCII.leftParen {
                if let tailEnd = inlineLinkTailEnd(at: j, end: end) {
                    addMask(j, tailEnd)
                    return tailEnd
                }
            } else if text[j] == ASCII.leftBracket, let label = referenceLabel(at: j, end: end) {
                if label.range.isEmpty { return label.end }  // collapsed: [text][]
                if !definitions.isEmpty && definitions.contains(text.normalizedLabel(label.range)) {
                    addMask(j, label.end)
                    return label.end
                }
            }
            return j
        }

        /// `(destination "title")` at `j`: its end, or `nil` when it is not one.
        private mutating func inlineLinkTailEnd(at j: Int, end: Int) -> Int? {
            var k = text.skipWhitespace(j + 1, end)
            guard k < end else { return nil }
            if text[k] == ASCII.rightParen { return k + 1 }
            if text[k] != ASCII.less && k < destinationsFailBefore { return nil }
            var failedAt = k
            guard let destinationEnd = text.linkDestinationEnd(from: k, limit: end, failedAt: &failedAt) else {
                if text[k] != ASCII.less { destinationsFailBefore = max(destinationsFailBefore, failedAt) }
                return nil
            }
            k = text.skipWhitespace(destinationEnd, end)
            if k < end && k > destinationEnd && TextBytes.isTitleOpener(text[k]) {
                let opener = text[k]
                let failFrom =
                    opener == ASCII.quote
                    ? titlesFailFrom.quote : opener == ASCII.apostrophe ? titlesFailFrom.apostrophe : titlesFailFrom.paren
                guard k < failFrom else { return nil }
                var reachedLimit = false
                guard let titleEnd = text.linkTitleEnd(from: k, limit: end, reachedLimit: &reachedLimit) else {
                    if reachedLimit {
                        switch opener {
                        case ASCII.quote: titlesFailFrom.quote = k
                        case ASCII.apostrophe: titlesFailFrom.apostrophe = k
                        default: titlesFailFrom.paren = k
                        }
                    }
                    return nil
                }
                k = text.skipWhitespace(titleEnd, end)
            }
            return k < end && text[k] == ASCII.rightParen ? k + 1 : nil
        }

        /// `[label]` at `j` (at most 999 bytes, no unescaped bracket inside): the label's range
        /// and the end.
        private func referenceLabel(at j: Int, end: Int) -> (range: Range<Int>, end: Int)? {
            var k = j + 1
            while k < end && k - j <= 1000 {
                let c = text[k]
                if c == ASCII.rightBracket { return ((j + 1)..<k, k + 1) }
                if c == ASCII.leftBracket { return nil }
                k += c == ASCII.backslash && k + 1 < end && ASCII.isPunctuation(text[k + 1]) ? 2 : 1
            }
            return nil
        }

        /// A footnote reference `[^label]` at `i` (no whitespace in the label): its end.
        private func footnoteReferenceEnd(at i: Int, end: Int) -> Int? {
            guard i + 2 < end, text[i + 1] == ASCII.caret else { return nil }
            var k = i + 2
            while k < end && k - i <= 200 {
                let c = text[k]
                if c == ASCII.rightBracket { return k > i + 2 ? k + 1 : nil }
                if c <= ASCII.space || c == ASCII.leftBracket || c == ASCII.caret { return nil }
                k += 1
            }
            return nil
        }

        /// An autolink at `i`: `<scheme:…>` or `<local@domain>`; its end.
        private func autolinkEnd(at i: Int, end: Int) -> Int? {
            let k = i + 1
            guard k < end else { return nil }
            if ASCII.isLetter(text[k]) {
                var m = k + 1
                while m < end && m - k <= 32 {
                    let c = text[m]
                    guard ASCII.isAlphanumeric(c) || c == ASCII.plus || c == ASCII.dot || c == ASCII.minus else {
                        break
                    }
                    m += 1
                }
                let schemeLength = m - k
                if schemeLength >= 2 && schemeLength <= 32 && m < end && text[m] == ASCII.colon {
                    m += 1
                    while m < end {
                        let c = text[m]
                        if c == ASCII.greater { return m + 1 }
                        if c <= ASCII.space || c == ASCII.less || c == ASCII.delete { return nil }
                        m += 1
                    }
                    return nil
                }
            }
            // E-mail address.
            var m = k
            while m < end && Self.isEmailLocal(text[m]) { m += 1 }
            guard m > k, m < end, text[m] == ASCII.at else { return nil }
            m += 1
            while true {
                let labelStart = m
                guard m < end, ASCII.isAlphanumeric(text[m]) else { return nil }
                while m < end && m - labelStart < 63 && (ASCII.isAlphanumeric(text[m]) || text[m] == ASCII.minus) {
                    m += 1
                }
                guard text[m - 1] != ASCII.minus, m < end else { return nil }
                if text[m] == ASCII.greater { return m + 1 }
                guard text[m] == ASCII.dot else { return nil }
                m += 1
            }
        }

        private static func isEmailLocal(_ c: UInt8) -> Bool {
            if ASCII.isAlphanumeric(c) { return true }
            switch c {
            case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x2F, 0x3D, 0x3F, 0x5E, 0x5F, 0x60,
                0x7B, 0x7C, 0x7D, 0x7E:
                return true  // ! # $ % & ' * + - . / = ? ^ _ ` { | } ~
            default:
                return false
            }
        }

        // MARK: Output

        private mutating func addMask(_ start: Int, _ end: Int) {
            MaskedRanges.appendMerging(start..<end, to: &masks)
        }
    }
}
