import Foundation

/// One misspelling test set: `misspelling<TAB>correct` rows (see ../shared/eval/README.md).
///
/// Scored as that README's baselines were: per distinct misspelling, a hit when any of its
/// accepted corrections is the first suggestion (top-1) or among the first five (top-5).
struct EvaluationSet {
    /// A distinct misspelling and every correction the set accepts for it.
    struct Item {
        var misspelling: String
        var corrections: [String]
    }

    /// File name without `.tsv`: `en_norvig1`.
    let name: String
    /// The misspellings used (all, or the sample).
    let items: [Item]
    /// Distinct misspellings in the file.
    let totalItems: Int

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

    /// Reads a set; when it has more than `sampleSize` distinct misspellings, keeps a sample.
    ///
    /// The sample is the one the README's baselines used, reproduced exactly: the distinct
    /// misspellings sorted by code point, then Python's `random.Random(seed).sample(them, size)`
    /// (Mersenne Twister, `PythonRandom`).
    init(path: String, sampleSize: Int, seed: UInt32) throws {
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var corrections: [String: [String]] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            corrections[String(fields[0]), default: []].append(String(fields[1]))
        }
        let sorted = corrections.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        totalItems = sorted.count
        var chosen = sorted
        if sorted.count > sampleSize {
            var random = PythonRandom(seed: seed)
            chosen = random.sample(sorted, count: sampleSize)
        }
        items = chosen.map { Item(misspelling: $0, corrections: corrections[$0]!) }
    }

    /// The sets in a directory, by name.
    static func paths(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".tsv") }.sorted().map { directory + "/" + $0 }
    }
}

/// CPython's `random.Random(seed)` for an integer seed below 2³², enough of it to draw the same
/// `sample` as Python 3.11: MT19937 seeded by `init_by_array([seed])`, `getrandbits`, and
/// `sample`'s two algorithms (a shrinking pool for small populations, a set of picks for large).
struct PythonRandom {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    init(seed: UInt32) {
        state[0] = 19_650_218
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        let key: [UInt32] = [seed]
        var i = 1, j = 0
        for _ in 0..<max(624, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        state[0] = 0x8000_0000
    }

    mutating func nextUInt32() -> UInt32 {
        if index >= 624 {
            for k in 0..<624 {
                let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7FFF_FFFF)
                state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_B0DF)
            }
            index = 0
        }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// `random._randbelow(n)` for n below 2³².
    mutating func below(_ n: Int) -> Int {
        let bits = Int.bitWidth - n.leadingZeroBitCount
        while true {
            let r = Int(nextUInt32() >> UInt32(32 - bits))
            if r < n { return r }
        }
    }

    /// `random.sample(population, k)`.
    mutating func sample<T>(_ population: [T], count k: Int) -> [T] {
        let n = population.count
        var setSize = 21
        if k > 5 { setSize += Int(pow(4, ceil(log(Double(k * 3)) / log(4)))) }
        var result: [T] = []
        if n <= setSize {
            var pool = population
            for i in 0..<k {
                let j = below(n - i)
                result.append(pool[j])
                pool[j] = pool[n - i - 1]
            }
        } else {
            var selected = Set<Int>()
            for _ in 0..<k {
                var j = below(n)
                while selected.contains(j) { j = below(n) }
                selected.insert(j)
                result.append(population[j])
            }
        }
        return result
    }
}
