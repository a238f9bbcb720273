/// The byte ranges of a text that a masker leaves out: sorted, non-overlapping, and merged
/// (no two touch), which is what `WordScanner` and `TokenStream` walk through in one pass.
enum MaskedRanges {
    /// Merges two sorted lists of ranges into one sorted list with overlapping and touching
    /// ranges joined.
    static func merge(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: Range<Int>
            if j >= b.count || (i < a.count && a[i].lowerBound <= b[j].lowerBound) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            appendMerging(next, to: &result)
        }
        return result
    }

    /// Appends `range` to a sorted list of ranges, joining it with the last one when they
    /// overlap or touch. `range` must not start before the last range does.
    @inline(__always)
    static func appendMerging(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        guard !range.isEmpty else { return }
        if let last = ranges.last, range.lowerBound <= last.upperBound {
            if range.upperBound > last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            }
        } else {
            ranges.append(range)
        }
    }
}
