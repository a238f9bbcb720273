import Foundation

/// How often words and pairs of words occur in a large corpus, for the decisions rules cannot
/// make from grammar alone ("their" or "there" before "is").
///
/// Read from `grammar/<language>-unigrams.tsv` and `<language>-bigrams.tsv` (symspellpy's
/// English counts, converted by `scripts/build-grammar-data.py`). Pairs are kept by a 64-bit hash
/// of their text rather than as strings: a quarter of the memory, and a collision among a few
/// hundred thousand pairs is improbable enough not to matter for a count.
public final class WordPairCounts: Sendable {
    private let unigrams: [UInt64: UInt64]
    private let bigrams: [UInt64: UInt64]

    /// No counts: every word and pair is unseen.
    public static let empty = WordPairCounts(unigrams: [:], bigrams: [:])

    init(unigrams: [UInt64: UInt64], bigrams: [UInt64: UInt64]) {
        self.unigrams = unigrams
        self.bigrams = bigrams
    }

    /// Reads the count files; a missing file gives no counts.
    public convenience init(unigramPath: String?, bigramPath: String?) throws {
        try self.init(unigrams: Self.read(unigramPath), bigrams: Self.read(bigramPath))
    }

    /// The counts of a file of `key<TAB>count` lines (`#` comments), keyed by the hash of the
    /// key. Read as bytes, hashing each key in place: splitting the text into strings took most
    /// of the start-up of a language.
    static func read(_ path: String?) throws -> [UInt64: UInt64] {
        guard let path else { return [:] }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var counts: [UInt64: UInt64] = [:]
        counts.reserveCapacity(data.count / 20)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                defer { index = end + 1 }
                guard end > index, bytes[index] != UInt8(ascii: "#") else { continue }
                var tab = end - 1
                while tab > index, bytes[tab] != UInt8(ascii: "\t") { tab -= 1 }
                guard tab > index, tab + 1 < end else { continue }
                var count: UInt64 = 0
                var isNumber = true
                for position in tab + 1..<end {
                    let digit = bytes[position] &- UInt8(ascii: "0")
                    guard digit < 10 else { isNumber = false; break }
                    count = count &* 10 &+ UInt64(digit)
                }
                guard isNumber else { continue }
                var hasher = FNV1a()
                hasher.add(UnsafeBufferPointer(rebasing: bytes[index..<tab]))
                counts[hasher.value, default: 0] += count
            }
        }
        return counts
    }

    /// The count of a lowercase word.
    public func count(_ word: String) -> UInt64 {
        unigrams[Self.hash(word[...])] ?? 0
    }

    /// The count of a lowercase pair, written with one space between the words.
    public func count(_ first: String, _ second: String) -> UInt64 {
        var hasher = FNV1a()
        hasher.add(first.utf8)
        hasher.add(CollectionOfOne(UInt8(ascii: " ")))
        hasher.add(second.utf8)
        return bigrams[hasher.value] ?? 0
    }

    /// Whether any counts were loaded.
    public var isEmpty: Bool { unigrams.isEmpty && bigrams.isEmpty }

    static func hash(_ text: Substring) -> UInt64 {
        var hasher = FNV1a()
        hasher.add(text.utf8)
        return hasher.value
    }

    /// The 64-bit FNV-1a hash: stable across runs (unlike `Hasher`) and cheap on short strings.
    struct FNV1a {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
    }
}
