/// The masks of a text that is code but for some prose (its comments, docstrings): the code
/// between two stretches of prose is masked whole, and what a stretch of prose holds that is not
/// prose (a comment's markers, a doc tag) is masked as it is met. The source-code maskers
/// (`SlashCommentMasker`, `PythonMasker`, `ShellMasker`) build their ranges with it, so they
/// only say where prose is.
///
/// Prose and the masks inside it must be given in the order of the text.
struct CodeMasks {
    /// The masked ranges so far: sorted, merged.
    private(set) var ranges: [Range<Int>] = []
    /// Where the code not yet masked starts: the end of the last prose.
    private var codeStart = 0

    /// Prose starts at `start`: the code since the last prose ended is masked.
    mutating func beginProse(at start: Int) {
        mask(codeStart, start)
    }

    /// The prose that began ends at `end`: what follows is code.
    mutating func endProse(at end: Int) {
        codeStart = max(codeStart, end)
    }

    /// Masks `start..<end` inside prose (nothing when it is empty).
    mutating func mask(_ start: Int, _ end: Int) {
        guard start < end else { return }
        MaskedRanges.appendMerging(start..<end, to: &ranges)
    }

    /// Masks the ranges of `inner` (found in a part of the text of its own, the prose) shifted
    /// by `offset`.
    mutating func mask(_ inner: [Range<Int>], shiftedBy offset: Int) {
        for range in inner { mask(range.lowerBound + offset, range.upperBound + offset) }
    }

    /// The masks, with the code after the last prose, up to `count`.
    mutating func finish(count: Int) -> [Range<Int>] {
        mask(codeStart, count)
        return ranges
    }
}
