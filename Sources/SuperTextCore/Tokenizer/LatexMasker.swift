/// Finds the parts of a LaTeX text that are not prose.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// Masked:
/// - comments, from `%` (not `\%`) to the end of the line;
/// - command names (`\emph`, `\section*`, `\\`, `\,`) with the optional arguments `[…]` right
///   after them, and every brace: the text of `\emph{…}`, `\section{…}` or `\footnote{…}` is
///   prose;
/// - the whole arguments of the commands whose arguments are not prose (`argumentsNotProse`:
///   `\label`, `\ref`, `\cite` and its kin, `\includegraphics`, `\usepackage`, `\url`, the
///   first argument of `\href`, definitions...);
/// - math: `$…$`, `$$…$$`, `\(…\)`, `\[…\]`, and the math environments whole (`equation`,
///   `align`...); math left open ends with its paragraph, as TeX ends it;
/// - verbatim: the `verbatim`, `Verbatim`, `lstlisting`, `minted` and `comment` environments
///   whole, and `\verb|…|`;
/// - `~` and `&`.
///
/// Nothing is rewritten, so an accent or a hyphenation point written as a command inside a word
/// (`caf\'e`, `hy\-phen`) cuts the word in two.
enum LatexMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        var scanner = Scanner(TextBytes(text))
        scanner.run()
        return scanner.masks
    }

    /// Commands whose mandatory arguments are not prose, with how many of them there are: what
    /// they hold is a key, a file, a package, a length or code. (Commands named `…cite` or
    /// `cite…` take one such argument too.)
    static let argumentsNotProse: [[UInt8]: Int] = Dictionary(
        uniqueKeysWithValues: [
            ("begin", 1), ("end", 1), ("label", 1), ("ref", 1), ("eqref", 1), ("pageref", 1), ("autoref", 1),
            ("cref", 1), ("Cref", 1), ("vref", 1), ("nameref", 1), ("crefrange", 2), ("Crefrange", 2), ("bibitem", 1),
            ("includegraphics", 1), ("input", 1), ("include", 1), ("includeonly", 1), ("usepackage", 1),
            ("RequirePackage", 1), ("documentclass", 1), ("bibliography", 1), ("bibliographystyle", 1),
            ("addbibresource", 1), ("graphicspath", 1), ("url", 1), ("href", 1), ("nolinkurl", 1), ("path", 1),
            ("newcommand", 2), ("renewcommand", 2), ("providecommand", 2), ("newenvironment", 3),
            ("renewenvironment", 3), ("setlength", 2), ("addtolength", 2), ("setcounter", 2), ("addtocounter", 2),
            ("hspace", 1), ("vspace", 1), ("pagestyle", 1), ("thispagestyle", 1), ("pagenumbering", 1),
            ("color", 1), ("textcolor", 1), ("newcounter", 1), ("usetikzlibrary", 1),
        ].map { (Array($0.0.utf8), $0.1) })

    /// Commands whose argument is an address, read as it is written: `%` and `\` are not special
    /// inside (`\url{https://a.org/x%20y}`).
    static let addressCommands: Set<[UInt8]> = Set(["url", "href", "nolinkurl", "path"].map { Array($0.utf8) })

    /// Environments that are not prose at all, masked from `\begin` to `\end`: math and
    /// verbatim text.
    static let environmentsNotProse: [[UInt8]] = [
        "equation", "equation*", "align", "align*", "alignat", "alignat*", "flalign", "flalign*", "gather",
        "gather*", "multline", "multline*", "eqnarray", "eqnarray*", "math", "displaymath", "verbatim",
        "verbatim*", "Verbatim", "BVerbatim", "lstlisting", "minted", "comment",
    ].map { Array($0.utf8) }

    /// Environments whose first mandatory arguments are not prose (a table's column
    /// specification, a width), with how many.
    static let environmentArguments: [[UInt8]: Int] = Dictionary(
        uniqueKeysWithValues: [
            ("tabular", 1), ("tabular*", 2), ("tabularx", 2), ("array", 1), ("longtable", 1), ("minipage", 1),
            ("multicols", 1), ("wrapfigure", 2),
        ].map { (Array($0.0.utf8), $0.1) })

    /// The longest optional argument `[…]` looked for: a longer one, or one left open, is taken
    /// as text, and the bound keeps many open brackets linear.
    static let longestOptionalArgument = 512
}

extension LatexMasker {
    /// One pass over the text, from left to right; every construct it masks is skipped whole, so
    /// no byte is read more than a few times.
    struct Scanner {
        /// The masked ranges, in order, merged.
        private(set) var masks: [Range<Int>] = []

        private let text: TextBytes
        private let count: Int
        /// `\end{name}` of each environment of `environmentsNotProse`.
        private let environmentEndTags: [[UInt8]]
        /// The last search for each of those.
        private var environmentEnds: [FindMemo]

        init(_ text: TextBytes) {
            self.text = text
            self.count = text.count
            environmentEndTags = LatexMasker.environmentsNotProse.map { Array("\\end{".utf8) + $0 + [ASCII.rightBrace] }
            environmentEnds = [FindMemo](repeating: FindMemo(), count: environmentEndTags.count)
        }

        mutating func run() {
            var i = 0
            while i < count {
                switch text[i] {
                case ASCII.backslash:
                    i = command(at: i)
                case ASCII.percent:
                    let end = text.firstLineBreak(from: i, limit: count)
                    mask(i, end)
                    i = end
                case ASCII.dollar:
                    i = dollarMath(at: i)
                case ASCII.leftBrace, ASCII.rightBrace, ASCII.tilde, ASCII.ampersand:
                    mask(i, i + 1)
                    i += 1
                default:
                    i += 1
                }
            }
        }

        // MARK: Commands

        /// The command at the backslash at `i`, masked with what of its arguments is not prose;
        /// returns where the scan goes on.
        private mutating func command(at i: Int) -> Int {
            let nameStart = i + 1
            guard nameStart < count else {
                mask(i, count)
                return count
            }
            let first = text[nameStart]
            if !ASCII.isLetter(first) {
                switch first {
                case ASCII.leftParen:
                    return math(at: i, closer: ASCII.rightParen)
                case ASCII.leftBracket:
                    return math(at: i, closer: ASCII.rightBracket)
                case ASCII.backslash:
                    var end = i + 2
                    if end < count && text[end] == ASCII.asterisk { end += 1 }
                    mask(i, end)
                    return optionalArguments(from: end)
                default:
                    // A control symbol (`\,`, `\%`, `\{`); a backslash before a line break or a
                    // byte that is not ASCII stands alone.
                    let end = first < 0x80 && !ASCII.isLineEnd(first) ? i + 2 : i + 1
                    mask(i, end)
                    return end
                }
            }
            var nameEnd = nameStart
            while nameEnd < count && ASCII.isLetter(text[nameEnd]) { nameEnd += 1 }
            let name = nameStart..<nameEnd
            if isName(name, "begin") { return environment(at: i, nameEnd: nameEnd) }
            if isName(name, "verb") { return verbatim(at: i, nameEnd: nameEnd) }
            if isName(name, "def") || isName(name, "gdef") || isName(name, "edef") || isName(name, "xdef") {
                return definition(at: i, nameEnd: nameEnd)
            }
            var end = nameEnd
            if end < count && text[end] == ASCII.asterisk { end += 1 }
            mask(i, end)
            guard name.count <= 32 else { return optionalArguments(from: end) }
            let key = Array(text.base[name])
            if let arguments = LatexMasker.argumentsNotProse[key] ?? (isCitation(name) ? 1 : nil) {
                return maskedArguments(from: end, count: arguments, literal: LatexMasker.addressCommands.contains(key))
            }
            return optionalArguments(from: end)
        }

        /// Whether the command is one of the citation commands (`cite`, `citep`, `parencite`,
        /// `Textcite`, `nocite`...).
        private func isCitation(_ name: Range<Int>) -> Bool {
            guard name.count >= 4 else { return false }
            return text.matches(Self.cite, at: name.lowerBound, limit: name.upperBound, caseInsensitive: true)
                || text.matches(Self.cite, at: name.upperBound - 4, limit: name.upperBound, caseInsensitive: true)
        }

        private static let cite: [UInt8] = Array("cite".utf8)

        /// Whether the command's name is `word`.
        private func isName(_ name: Range<Int>, _ word: StaticString) -> Bool {
            guard name.count == word.utf8CodeUnitCount else { return false }
            let bytes = word.utf8Start
            for offset in 0..<name.count where text[name.lowerBound + offset] != bytes[offset] { return false }
            return true
        }

        /// Masks the optional arguments `[…]` that follow at `p` at once; returns their end.
        private mutating func optionalArguments(from p: Int) -> Int {
            var k = p
            while k < count && text[k] == ASCII.leftBracket, let end = optionalArgumentEnd(at: k) {
                mask(k, end)
                k = end
            }
            return k
        }

        /// Masks `count` mandatory arguments from `p` whole (a group `{…}`, or a command standing
        /// for one, as in `\newcommand\name`), and the optional arguments before and between
        /// them; spaces and one line break may come between. `literal`: braces alone count
        /// inside the groups. Returns the end of the last argument masked.
        private mutating func maskedArguments(from p: Int, count arguments: Int, literal: Bool = false) -> Int {
            var k = p
            var remaining = arguments
            while remaining > 0 {
                let m = argumentStart(from: k)
                guard m < count else { return k }
                let c = text[m]
                if c == ASCII.leftBracket, let end = optionalArgumentEnd(at: m) {
                    mask(m, end)
                    k = end
                } else if c == ASCII.leftBrace {
                    let end = groupEnd(at: m, literal: literal)
                    mask(m, end)
                    k = end
                    remaining -= 1
                } else if c == ASCII.backslash && m + 1 < count && ASCII.isLetter(text[m + 1]) {
                    var end = m + 1
                    while end < count && ASCII.isLetter(text[end]) { end += 1 }
                    mask(m, end)
                    k = end
                    remaining -= 1
                } else {
                    return k
                }
            }
            return k
        }

        /// The next byte from `p` that is not a space, a tab or a single line break.
        private func argumentStart(from p: Int) -> Int {
            var k = text.skipSpacesAndTabs(p, count)
            if k < count && ASCII.isLineEnd(text[k]) && !isBlankLine(after: k) {
                k = text.skipSpacesAndTabs(lineStart(after: k), count)
            }
            return k
        }

        /// The end of the optional argument `[…]` at `m` (braces inside it balanced), or `nil`
        /// when it does not close within `longestOptionalArgument` bytes and its paragraph.
        private func optionalArgumentEnd(at m: Int) -> Int? {
            let limit = min(count, m + LatexMasker.longestOptionalArgument)
            var depth = 0
            var k = m + 1
            while k < limit {
                switch text[k] {
                case ASCII.backslash:
                    k += 2
                    continue
                case ASCII.leftBrace:
                    depth += 1
                case ASCII.rightBrace:
                    if depth == 0 { return nil }
                    depth -= 1
                case ASCII.rightBracket:
                    if depth == 0 { return k + 1 }
                case ASCII.percent:
                    k = text.firstLineBreak(from: k, limit: limit)
                    continue
                case ASCII.lineFeed, ASCII.carriageReturn:
                    if isBlankLine(after: k) { return nil }
                default:
                    break
                }
                k += 1
            }
            return nil
        }

        /// The end of the group `{…}` opened at `m`: after its closing brace, or, when it is
        /// left open, the end of its paragraph (TeX allows no paragraph break in such an
        /// argument) or of the text.
        private func groupEnd(at m: Int, literal: Bool) -> Int {
            var depth = 0
            var k = m
            while k < count {
                switch text[k] {
                case ASCII.backslash where !literal:
                    k += 2
                    continue
                case ASCII.percent where !literal:
                    k = text.firstLineBreak(from: k, limit: count)
                    continue
                case ASCII.leftBrace:
                    depth += 1
                case ASCII.rightBrace:
                    depth -= 1
                    if depth == 0 { return k + 1 }
                case ASCII.lineFeed, ASCII.carriageReturn:
                    if isBlankLine(after: k) { return k }
                default:
                    break
                }
                k += 1
            }
            return count
        }

        // MARK: Environments, verbatim, definitions

        /// `\begin{name}` at `i` (`nameEnd` after `begin`): an environment that is not prose is
        /// masked to its `\end{name}` (or the end of the text); any other only its
        /// `\begin{name}`, optional arguments and, for tables, the column specification.
        private mutating func environment(at i: Int, nameEnd: Int) -> Int {
            let m = text.skipSpacesAndTabs(nameEnd, count)
            var e = m + 1
            while e < count && e - m <= 64 && (ASCII.isLetter(text[e]) || text[e] == ASCII.asterisk) { e += 1 }
            guard m < count, text[m] == ASCII.leftBrace, e < count, text[e] == ASCII.rightBrace, e > m + 1 else {
                mask(i, nameEnd)
                return maskedArguments(from: nameEnd, count: 1)
            }
            let name = Array(text.base[(m + 1)..<e])
            let headEnd = e + 1
            if let index = LatexMasker.environmentsNotProse.firstIndex(of: name) {
                let endTag = environmentEndTags[index]
                let end = environmentEnds[index].find(endTag, from: headEnd, limit: count, in: text)
                    .map { $0 + endTag.count } ?? count
                mask(i, end)
                return end
            }
            mask(i, headEnd)
            if let arguments = LatexMasker.environmentArguments[name] {
                return maskedArguments(from: headEnd, count: arguments)
            }
            return optionalArguments(from: headEnd)
        }

        /// `\verb|…|` at `i` (any delimiter but a letter or a space; `\verb*` too), masked to
        /// its closing delimiter, or to the end of the line when there is none.
        private mutating func verbatim(at i: Int, nameEnd: Int) -> Int {
            var d = nameEnd
            if d < count && text[d] == ASCII.asterisk { d += 1 }
            guard d < count, text[d] < 0x80, !ASCII.isLetter(text[d]), !ASCII.isWhitespace(text[d]) else {
                mask(i, nameEnd)
                return nameEnd
            }
            let delimiter = text[d]
            var k = d + 1
            while k < count && text[k] != delimiter && !ASCII.isLineEnd(text[k]) { k += 1 }
            let end = k < count && text[k] == delimiter ? k + 1 : k
            mask(i, end)
            return end
        }

        /// `\def\name#1{…}` at `i`: masked whole, to the end of the body (whose brace opens on
        /// the same line).
        private mutating func definition(at i: Int, nameEnd: Int) -> Int {
            let lineEnd = text.firstLineBreak(from: nameEnd, limit: min(count, nameEnd + 128))
            let brace = text.first(ASCII.leftBrace, from: nameEnd, limit: lineEnd)
            guard brace < lineEnd else {
                mask(i, nameEnd)
                return nameEnd
            }
            let end = groupEnd(at: brace, literal: false)
            mask(i, end)
            return end
        }

        // MARK: Math

        /// `\(…\)` or `\[…\]` opened at `i`, masked to `\` and `closer`, or to the end of its
        /// paragraph when it is left open.
        private mutating func math(at i: Int, closer: UInt8) -> Int {
            var k = i + 2
            while k < count {
                let c = text[k]
                if c == ASCII.backslash {
                    if k + 1 < count && text[k + 1] == closer {
                        mask(i, k + 2)
                        return k + 2
                    }
                    k += 2
                    continue
                }
                if c == ASCII.percent {
                    k = text.firstLineBreak(from: k, limit: count)
                    continue
                }
                if ASCII.isLineEnd(c) && isBlankLine(after: k) {
                    mask(i, k)
                    return k
                }
                k += 1
            }
            mask(i, count)
            return count
        }

        /// `$…$` or `$$…$$` opened at `i`, masked to its closing dollar signs, or to the end of
        /// its paragraph when it is left open.
        private mutating func dollarMath(at i: Int) -> Int {
            let display = i + 1 < count && text[i + 1] == ASCII.dollar
            var k = i + (display ? 2 : 1)
            while k < count {
                let c = text[k]
                if c == ASCII.backslash {
                    k += 2
                    continue
                }
                if c == ASCII.percent {
                    k = text.firstLineBreak(from: k, limit: count)
                    continue
                }
                if c == ASCII.dollar {
                    let end = display && k + 1 < count && text[k + 1] == ASCII.dollar ? k + 2 : k + 1
                    mask(i, end)
                    return end
                }
                if ASCII.isLineEnd(c) && isBlankLine(after: k) {
                    mask(i, k)
                    return k
                }
                k += 1
            }
            mask(i, count)
            return count
        }

        // MARK: Lines

        /// The start of the line after the line break at `k` (CRLF is one break).
        private func lineStart(after k: Int) -> Int {
            text[k] == ASCII.carriageReturn && k + 1 < count && text[k + 1] == ASCII.lineFeed ? k + 2 : k + 1
        }

        /// Whether the line after the line break at `k` is blank: a paragraph ends at `k`.
        private func isBlankLine(after k: Int) -> Bool {
            let next = text.skipSpacesAndTabs(lineStart(after: k), count)
            return next < count && ASCII.isLineEnd(text[next])
        }

        private mutating func mask(_ start: Int, _ end: Int) {
            MaskedRanges.appendMerging(start..<min(end, count), to: &masks)
        }
    }
}
