/// Finds the parts of a git commit message (as `git commit` gives it to an editor) that are
/// not prose: what git strips or adds, and what is data.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
///
/// Masked:
/// - comment lines (starting with `#`), which git strips;
/// - everything from the scissors line (`# ------------------------ >8 ------------------------`)
///   on, and from a diff (a line starting with `diff --git`) on;
/// - the trailers (`Signed-off-by: Name <mail>`, `Fixes: 1234`): `Token: value` lines in the last
///   paragraph of the message, when that paragraph is a block of trailers as git reads it (all
///   its lines trailers or their indented continuations, or a quarter of them trailers with one
///   git writes itself) and is not the subject.
enum GitCommitMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        let bytes = TextBytes(text)
        let end = messageEnd(in: bytes)
        let trailers = trailerBlockStart(in: bytes, end: end)
        var masks: [Range<Int>] = []
        var p = 0
        var inTrailer = false
        while p < end {
            let line = bytes.line(at: p)
            if isComment(line, in: bytes) {
                MaskedRanges.appendMerging(line.start..<line.end, to: &masks)
            } else if let trailers, line.start >= trailers {
                // A trailer, or the indented continuation of one.
                let continues = inTrailer && line.end > line.start && ASCII.isSpaceOrTab(bytes[line.start])
                inTrailer = continues || isTrailer(line, in: bytes)
                if inTrailer { MaskedRanges.appendMerging(line.start..<line.end, to: &masks) }
            }
            p = line.next
        }
        if end < bytes.count { MaskedRanges.appendMerging(end..<bytes.count, to: &masks) }
        return masks
    }

    // MARK: Lines

    /// The start of the scissors line or of the diff, or the end of the text: where the message
    /// ends.
    static func messageEnd(in text: TextBytes) -> Int {
        var p = 0
        while p < text.count {
            let line = text.line(at: p)
            if isScissors(line, in: text) || text.matches(diffStart, at: line.start, limit: line.end) {
                return line.start
            }
            p = line.next
        }
        return text.count
    }

    private static let diffStart: [UInt8] = Array("diff --git ".utf8)
    private static let scissorsMark: [UInt8] = Array(" >8 ".utf8)

    /// `# ------------------------ >8 ------------------------` (with any number of dashes).
    private static func isScissors(_ line: TextLine, in text: TextBytes) -> Bool {
        guard line.end - line.start >= 8, text[line.start] == ASCII.hash,
            let mark = text.find(scissorsMark, from: line.start + 1, limit: line.end, caseInsensitive: false)
        else { return false }
        return text[mark - 1] == ASCII.minus && mark + scissorsMark.count < line.end
            && text[mark + scissorsMark.count] == ASCII.minus
    }

    private static func isComment(_ line: TextLine, in text: TextBytes) -> Bool {
        line.end > line.start && text[line.start] == ASCII.hash
    }

    private static func isBlank(_ line: TextLine, in text: TextBytes) -> Bool {
        text.skipSpacesAndTabs(line.start, line.end) == line.end
    }

    /// `Token: value`, or `Token:` alone: a letter, then letters, digits and hyphens.
    private static func isTrailer(_ line: TextLine, in text: TextBytes) -> Bool {
        var k = line.start
        guard k < line.end, ASCII.isLetter(text[k]) else { return false }
        while k < line.end && (ASCII.isAlphanumeric(text[k]) || text[k] == ASCII.minus) { k += 1 }
        return k < line.end && text[k] == ASCII.colon && (k + 1 == line.end || ASCII.isSpaceOrTab(text[k + 1]))
    }

    private static let gitTrailers: [[UInt8]] = ["Signed-off-by: ", "(cherry picked from commit "].map { Array($0.utf8) }

    // MARK: Trailers

    /// The start of the message's last paragraph when it is a block of trailers (comment lines
    /// are not part of the message), or `nil`.
    static func trailerBlockStart(in text: TextBytes, end: Int) -> Int? {
        // The last paragraph: after the last blank line that has message lines after it.
        var paragraphStart = -1
        var paragraphs = 0
        var afterBlank = true
        var p = 0
        while p < end {
            let line = text.line(at: p)
            if isBlank(line, in: text) {
                afterBlank = true
            } else if !isComment(line, in: text) {
                if afterBlank {
                    paragraphs += 1
                    paragraphStart = line.start
                }
                afterBlank = false
            }
            p = line.next
        }
        // The subject's paragraph is never one of trailers.
        guard paragraphs >= 2 else { return nil }
        var lines = 0
        var trailers = 0
        var writtenByGit = false
        var previousIsTrailer = false
        p = paragraphStart
        while p < end {
            let line = text.line(at: p)
            p = line.next
            if isComment(line, in: text) || isBlank(line, in: text) { continue }
            if previousIsTrailer && ASCII.isSpaceOrTab(text[line.start]) { continue }
            lines += 1
            previousIsTrailer = isTrailer(line, in: text)
            if previousIsTrailer { trailers += 1 }
            if gitTrailers.contains(where: { text.matches($0, at: line.start, limit: line.end) }) {
                writtenByGit = true
            }
        }
        guard trailers > 0, trailers == lines || (writtenByGit && trailers * 4 >= lines) else { return nil }
        return paragraphStart
    }
}
