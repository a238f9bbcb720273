/// Reads HTML where a `<` or an `&` stands: tags with their attributes, comments, declarations,
/// processing instructions, CDATA sections, entity and character references, and the elements
/// whose content is not prose (`code`, `kbd`, `samp`, `pre`, `script`, `style`, `textarea`,
/// `var`) whole. The HTML masker and Markdown's inline scanner both read HTML through it, so
/// HTML is read one way. Searches for a closing pattern are remembered (`FindMemo`), so many
/// openers without a closer stay linear.
struct HTMLScanner {
    private let text: TextBytes

    private enum Pattern: Int, CaseIterable {
        case commentEnd, cdataEnd, declarationEnd, instructionEnd
    }

    private static let patterns: [[UInt8]] = [
        Array("-->".utf8), Array("]]>".utf8), Array(">".utf8), Array("?>".utf8),
    ]
    private static let commentOpen: [UInt8] = Array("<!--".utf8)
    private static let cdataOpen: [UInt8] = Array("<![CDATA[".utf8)
    /// Elements whose content is not prose: lowercase names, and their end tags' openings.
    private static let rawTextNames: [[UInt8]] = ["code", "kbd", "samp", "pre", "script", "style", "textarea", "var"].map {
        Array($0.utf8)
    }
    private static let rawTextEndTags: [[UInt8]] = rawTextNames.map { Array("</".utf8) + $0 }

    private var memos = [FindMemo](repeating: FindMemo(), count: Pattern.allCases.count)
    private var rawTextMemos = [FindMemo](repeating: FindMemo(), count: rawTextNames.count)

    init(_ text: TextBytes) {
        self.text = text
    }

    // MARK: Markup

    /// The end of the HTML that starts at the `<` at `i` (a tag, a whole raw-text element, a
    /// comment, declaration, processing instruction or CDATA section), before `end`; `nil` when
    /// the `<` starts none (then it is text).
    mutating func markupEnd(at i: Int, end: Int) -> Int? {
        guard i + 1 < end else { return nil }
        let c = text[i + 1]
        var htmlEnd: Int?
        if c == ASCII.exclamation {
            if text.matches(Self.commentOpen, at: i, limit: end) {
                let after = i + Self.commentOpen.count
                if after < end && text[after] == ASCII.greater {
                    htmlEnd = after + 1  // <!-->
                } else if after + 1 < end && text[after] == ASCII.minus && text[after + 1] == ASCII.greater {
                    htmlEnd = after + 2  // <!--->
                } else {
                    htmlEnd = find(.commentEnd, from: after, end: end)
                }
            } else if text.matches(Self.cdataOpen, at: i, limit: end) {
                htmlEnd = find(.cdataEnd, from: i + Self.cdataOpen.count, end: end)
            } else if i + 2 < end && ASCII.isLetter(text[i + 2]) {
                htmlEnd = find(.declarationEnd, from: i + 2, end: end)
            }
        } else if c == ASCII.question {
            htmlEnd = find(.instructionEnd, from: i + 2, end: end)
        } else if c == ASCII.slash {
            htmlEnd = closingTagEnd(at: i, end: end)
        } else if ASCII.isLetter(c) {
            guard let tag = openingTag(at: i, end: end) else { return nil }
            if !tag.selfClosing, let index = rawTextIndex(of: tag.name),
                let elementEnd = rawTextElementEnd(index, from: tag.end, end: end)
            {
                htmlEnd = elementEnd
            } else {
                htmlEnd = tag.end
            }
        }
        return htmlEnd
    }

    /// The end of the first occurrence of a closing pattern from `p` on in the segment.
    private mutating func find(_ pattern: Pattern, from p: Int, end: Int) -> Int? {
        let bytes = Self.patterns[pattern.rawValue]
        guard let at = memos[pattern.rawValue].find(bytes, from: p, limit: end, in: text) else { return nil }
        return at + bytes.count
    }

    /// `</name>` at `i` (whitespace allowed before `>`): its end.
    private func closingTagEnd(at i: Int, end: Int) -> Int? {
        var k = i + 2
        guard k < end, ASCII.isLetter(text[k]) else { return nil }
        while k < end && (ASCII.isAlphanumeric(text[k]) || text[k] == ASCII.minus) { k += 1 }
        k = text.skipWhitespace(k, end)
        return k < end && text[k] == ASCII.greater ? k + 1 : nil
    }

    /// `<name attribute="value" …>` or `<name … />` at `i` (CommonMark's open tag).
    private func openingTag(at i: Int, end: Int) -> (name: Range<Int>, end: Int, selfClosing: Bool)? {
        var k = i + 1
        while k < end && (ASCII.isAlphanumeric(text[k]) || text[k] == ASCII.minus) { k += 1 }
        let name = (i + 1)..<k
        while true {
            let beforeSpace = k
            k = text.skipWhitespace(k, end)
            guard k < end else { return nil }
            let c = text[k]
            if c == ASCII.greater { return (name, k + 1, false) }
            if c == ASCII.slash {
                return k + 1 < end && text[k + 1] == ASCII.greater ? (name, k + 2, true) : nil
            }
            // An attribute, after whitespace: a name, then maybe `= value`.
            guard k > beforeSpace, ASCII.isLetter(c) || c == ASCII.underscore || c == ASCII.colon else {
                return nil
            }
            k += 1
            while k < end {
                let a = text[k]
                guard ASCII.isAlphanumeric(a) || a == ASCII.underscore || a == ASCII.dot || a == ASCII.colon
                    || a == ASCII.minus
                else { break }
                k += 1
            }
            let afterName = k
            var v = text.skipWhitespace(k, end)
            guard v < end, text[v] == ASCII.equals else {
                k = afterName
                continue
            }
            v = text.skipWhitespace(v + 1, end)
            guard v < end else { return nil }
            let q = text[v]
            if q == ASCII.quote || q == ASCII.apostrophe {
                v += 1
                while v < end && text[v] != q { v += 1 }
                guard v < end else { return nil }
                k = v + 1
            } else {
                let valueStart = v
                while v < end {
                    let u = text[v]
                    if u <= ASCII.space || u == ASCII.quote || u == ASCII.apostrophe || u == ASCII.equals
                        || u == ASCII.less || u == ASCII.greater || u == ASCII.backtick
                    {
                        break
                    }
                    v += 1
                }
                guard v > valueStart else { return nil }
                k = v
            }
        }
    }

    private func rawTextIndex(of name: Range<Int>) -> Int? {
        for (index, candidate) in Self.rawTextNames.enumerated()
        where candidate.count == name.count
            && text.matches(candidate, at: name.lowerBound, limit: name.upperBound, caseInsensitive: true)
        {
            return index
        }
        return nil
    }

    /// The end of the end tag (`</code>`, …) of raw-text element `index` whose start tag
    /// ends at `p`, in the segment.
    private mutating func rawTextElementEnd(_ index: Int, from p: Int, end: Int) -> Int? {
        let endTag = Self.rawTextEndTags[index]
        var from = p
        while let at = rawTextMemos[index].find(endTag, from: from, limit: end, caseInsensitive: true, in: text) {
            let k = text.skipWhitespace(at + endTag.count, end)
            if k < end && text[k] == ASCII.greater { return k + 1 }
            from = at + 1
        }
        return nil
    }

    // MARK: References

    /// The end of the entity or character reference at the `&` at `i` (`&name;`, `&#123;`,
    /// `&#x1F;`), before `end`; `nil` when there is none.
    func entityEnd(at i: Int, end: Int) -> Int? {
        var k = i + 1
        guard k < end else { return nil }
        let start: Int
        let maxLength: Int
        let isAllowed: (UInt8) -> Bool
        if text[k] == ASCII.hash {
            k += 1
            guard k < end else { return nil }
            if text[k] | 0x20 == 0x78 {  // x
                k += 1
                start = k
                maxLength = 6
                isAllowed = ASCII.isHexDigit
            } else {
                start = k
                maxLength = 7
                isAllowed = ASCII.isDigit
            }
        } else {
            guard ASCII.isLetter(text[k]) else { return nil }
            start = k
            maxLength = 32
            isAllowed = ASCII.isAlphanumeric
        }
        while k < end && k - start < maxLength && isAllowed(text[k]) { k += 1 }
        guard k > start, k < end, text[k] == ASCII.semicolon else { return nil }
        return k + 1
    }
}
