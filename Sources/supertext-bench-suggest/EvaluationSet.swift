import Foundation

/// One misspelling test set: `misspelling<TAB>correct` rows (see ../shared/eval/README.md).
struct EvaluationSet {
    /// A row: what was written and what was meant.
    struct Pair {
        var misspelling: String
        var correct: String
    }

    /// File name without `.tsv`: `en_norvig1`.
    let name: String
    /// The rows used (all, or the sample).
    let pairs: [Pair]
    /// Rows in the file.
    let totalRows: Int

    /// The language the set is checked in, from its name's prefix.
    var languageCode: String {
        switch name.prefix(while: { $0 != "_" }) {
        case "en": "en-US"
        case "fr": "fr"
        case "de": "de-DE"
        case "es": "es-ES"
        default: String(name.prefix { $0 != "_" })
        }
    }

    /// Reads a set; when it has more than `sampleSize` rows, keeps a sample of that many.
    ///
    /// The sample is deterministic: a SplitMix64 generator seeded with `seed` drives a partial
    /// Fisher-Yates shuffle of the row indices (for i in 0..<sampleSize: j = i + next() % (n - i),
    /// swap), the first `sampleSize` indices are kept and the rows are used in file order.
    init(path: String, sampleSize: Int, seed: UInt64) throws {
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var all: [Pair] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            all.append(Pair(misspelling: String(fields[0]), correct: String(fields[1])))
        }
        totalRows = all.count
        guard all.count > sampleSize else {
            pairs = all
            return
        }
        var generator = SplitMix64(seed: seed)
        var indices = Array(all.indices)
        for i in 0..<sampleSize {
            let j = i + Int(generator.next() % UInt64(indices.count - i))
            indices.swapAt(i, j)
        }
        pairs = indices.prefix(sampleSize).sorted().map { all[$0] }
    }

    /// The sets in a directory, by name.
    static func paths(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".tsv") }.sorted().map { directory + "/" + $0 }
    }
}

/// Sebastiano Vigna's SplitMix64: a tiny, well-known generator, so anyone can redo the sample.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
