/// Edit distances between two spellings, counted in `Character`s.
enum EditDistance {
    /// Levenshtein distance: the fewest insertions, deletions and substitutions.
    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        distance(a, b, transpositions: false)
    }

    /// The optimal string alignment distance (Damerau's, restricted): Levenshtein plus swaps of
    /// two neighbouring letters as one edit (`Micorsoft` → `Microsoft` is 1). Returns `limit + 1`
    /// as soon as the lengths alone say the distance is over `limit`.
    static func damerau(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a), b = Array(b)
        if limit < .max, abs(a.count - b.count) > limit { return limit + 1 }
        return distance(a, b, transpositions: true)
    }

    private static func distance(_ a: [Character], _ b: [Character], transpositions: Bool) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
