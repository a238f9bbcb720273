import Foundation

/// A deterministic English document of a given size with realistic typos, for timing a whole
/// check with suggestions.
///
/// Words are drawn from the 20,000 most common words of `Dictionaries/frequencies/en.tsv` in
/// proportion to their counts (SplitMix64, seed 1), in sentences of 6 to 19 words, five sentences
/// a paragraph. About one word in fifteen gets one typo: a letter dropped, doubled, replaced by
/// a neighbouring key or swapped with the next. Some typos make real words and are not flagged;
/// the benchmark reports how many matches the check found.
enum SampleDocument {
    static func english(bytes: Int, frequencyFile: String) throws -> String {
        let text = try String(contentsOfFile: frequencyFile, encoding: .utf8)
        var words: [String] = []
        var cumulative: [UInt64] = []
        var total: UInt64 = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let count = UInt64(fields[1]) else { continue }
            words.append(String(fields[0]))
            total += count
            cumulative.append(total)
            if words.count == 20_000 { break }
        }
        let neighbours: [Character: String] = [
            "a": "sq", "b": "vn", "c": "xv", "d": "sf", "e": "wr", "f": "dg", "g": "fh", "h": "gj", "i": "uo",
            "j": "hk", "k": "jl", "l": "k", "m": "n", "n": "bm", "o": "ip", "p": "o", "q": "w", "r": "et",
            "s": "ad", "t": "ry", "u": "yi", "v": "cb", "w": "qe", "x": "zc", "y": "tu", "z": "x",
        ]
        var generator = SplitMix64(seed: 1)
        var document = ""
        document.reserveCapacity(bytes + 256)
        var sentenceInParagraph = 0
        while document.utf8.count < bytes {
            let length = 6 + Int(generator.next() % 14)
            var sentence: [String] = []
            for _ in 0..<length {
                let target = generator.next() % total
                var low = 0, high = cumulative.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if cumulative[middle] > target { high = middle } else { low = middle + 1 }
                }
                var word = Array(words[low])
                if word.count >= 3, generator.next() % 15 == 0 {
                    let position = Int(generator.next() % UInt64(word.count - 1))
                    switch generator.next() % 4 {
                    case 0: word.remove(at: position)
                    case 1: word.insert(word[position], at: position)
                    case 2:
                        if let options = neighbours[word[position]], let replacement = options.randomElement(using: &generator) {
                            word[position] = replacement
                        }
                    default: word.swapAt(position, position + 1)
                    }
                }
                sentence.append(String(word))
            }
            if let first = sentence.first { sentence[0] = first.prefix(1).uppercased() + first.dropFirst() }
            document += sentence.joined(separator: " ") + "."
            sentenceInParagraph += 1
            if sentenceInParagraph == 5 {
                document += "\n\n"
                sentenceInParagraph = 0
            } else {
                document += " "
            }
        }
        return document
    }
}

extension SplitMix64: RandomNumberGenerator {}

/// Sebastiano Vigna's SplitMix64: a tiny, well-known generator, so anyone can redo the document.
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
