/// Builds the corrected text of a check.
enum CorrectionApplier {
    /// `text` with each match's first suggestion applied, where that is unambiguous: the match
    /// has a suggestion and does not overlap a match already applied. Offsets are UTF-16.
    ///
    /// The text is copied in slices between the matches, with the UTF-16 offsets turned into
    /// indices as it goes, rather than through an array of UTF-16 units and back (thirty times
    /// slower: about 29 µs for the 784-byte paragraph with five typos of `make bench-http`,
    /// against under 1 µs).
    static func apply(_ matches: [Match], to text: String) -> String {
        guard matches.contains(where: { !$0.suggestions.isEmpty }) else { return text }
        let units = text.utf16
        let count = units.count
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var position = 0
        var index = text.startIndex
        for match in matches.sorted(by: { $0.offset < $1.offset }) {
            guard let replacement = match.suggestions.first, match.offset >= position, match.length >= 0,
                  match.offset + match.length <= count
            else { continue }
            let start = units.index(index, offsetBy: match.offset - position)
            let end = units.index(start, offsetBy: match.length)
            result += text[index..<start]
            result += replacement
            position = match.offset + match.length
            index = end
        }
        result += text[index...]
        return result
    }
}
