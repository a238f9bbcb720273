/// Builds the corrected text of a check.
enum CorrectionApplier {
    /// `text` with each match's first suggestion applied, where that is unambiguous: the match
    /// has a suggestion and does not overlap a match already applied. Offsets are UTF-16.
    static func apply(_ matches: [Match], to text: String) -> String {
        guard matches.contains(where: { !$0.suggestions.isEmpty }) else { return text }
        let units = Array(text.utf16)
        var result: [UInt16] = []
        result.reserveCapacity(units.count)
        var position = 0
        for match in matches.sorted(by: { $0.offset < $1.offset }) {
            guard let replacement = match.suggestions.first, match.offset >= position,
                  match.offset + match.length <= units.count
            else { continue }
            result += units[position..<match.offset]
            result += replacement.utf16
            position = match.offset + match.length
        }
        result += units[position...]
        return String(decoding: result, as: UTF16.self)
    }
}
