/// One line of a text.
struct TextLine {
    /// The first byte of the line.
    var start: Int
    /// The end of the line's content: its line break (LF, CR or CRLF) or the end of the text.
    var end: Int
    /// The start of the next line (the end of the text after the last line).
    var next: Int
}

/// The bytes of a text to mask, with the searches every masker needs (lines, a byte, a pattern).
struct TextBytes {
    let base: UnsafeBufferPointer<UInt8>
    let count: Int

    init(_ base: UnsafeBufferPointer<UInt8>) {
        self.base = base
        self.count = base.count
    }

    @inline(__always) subscript(_ i: Int) -> UInt8 { base[i] }

    /// The line that starts at `p` (`p` may be the end of the text: an empty line).
    func line(at p: Int) -> TextLine {
        let k = firstLineBreak(from: p, limit: count)
        var next = k
        if k < count {
            next = base[k] == ASCII.carriageReturn && k + 1 < count
                && base[k + 1] == ASCII.lineFeed ? k + 2 : k + 1
        }
        return TextLine(start: p, end: k, next: next)
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
        _ pattern: [UInt8], from p: Int, limit: Int, caseInsensitive: Bool = false, in bytes: TextBytes
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
