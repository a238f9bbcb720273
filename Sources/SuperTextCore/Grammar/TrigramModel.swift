import Foundation

/// How likely a word is after the two before it: a back-off trigram model of English, read in
/// place from the file Debian's `pocketsphinx-en-us` installs (CMU Sphinx's "trie" binary format,
/// 72,547 words, 2.05 M word pairs, 1.67 M triples, BSD-2-Clause; docs/grammar.md).
///
/// Our own reader: no Swift library reads this format, and the file is used as it is, mapped
/// read-only, so that only the pages a lookup touches are read. The layout follows the format's
/// writer (`lm_trie.c` of pocketsphinx 5): unigrams as `(prob, backoff, next)` records, then word
/// pairs and triples as bit-packed records sorted by word, each pair pointing at the range of its
/// triples. The file keeps each n-gram from its last word back (a triple `a b c` is found from
/// `c`, then `b`, then `a`). Probabilities are log10; `Tests/Data/trigram-expected.en.tsv`
/// holds this reader to pocketsphinx's own `prob` on the same file.
public final class TrigramModel: @unchecked Sendable {
    /// A word's number in the model; `unknown` for a word it does not have.
    public typealias WordID = Int32
    public static let unknown: WordID = -1

    private let file: MappedFile
    /// The words' numbers by their hashes: a quarter of the memory of a `Dictionary` of 72,547
    /// strings (measured: the service's anonymous memory grew 5 MB with one).
    private let words: HashedTable<WordID>
    /// The unigram records and the quantization tables, read in place (file-backed memory,
    /// shared and reclaimable, rather than a copy of 1.7 MB).
    private let unigrams: UnsafeRawPointer
    private let tables: UnsafeRawPointer
    private let pairs: PackedRecords
    private let triples: PackedRecords
    /// `<s>` and `</s>`, the edges of a sentence.
    public let sentenceStart: WordID
    public let sentenceEnd: WordID

    /// The probability given to a word the model does not have (log10): it is the same for every
    /// candidate of a decision, so only its being low matters.
    static let unknownWordProbability: Float = -7
    /// Pairs kept only to hold the triples after them have no probability of their own (the
    /// file gives them about -10^10): below this they count as absent.
    private static let noProbability: Float = -90
    /// The file's log base is 1.0001.
    private static let toLog10 = Float(log10(1.0001))

    public enum FormatError: Error, CustomStringConvertible {
        case malformed(String, String)
        public var description: String {
            switch self { case .malformed(let path, let why): "\(path): not a CMU Sphinx trie language model (\(why))" }
        }
    }

    /// Bit-packed records of one order: `wordBits` of word number, then `quantBits` of
    /// quantized probability (and backoff), then, for pairs, the index of their first triple.
    struct PackedRecords {
        let base: UnsafeRawPointer
        let count: Int
        let totalBits: Int
        let wordBits: Int
        let wordMask: UInt32
        let nextBits: Int
        let nextMask: UInt32

        /// `mask` of the bits at `bitOffset`, as the format's writer packs them (little-endian,
        /// at most 25 bits, read as four bytes from the byte holding the first bit).
        @inline(__always)
        func read(_ bitOffset: Int, _ mask: UInt32) -> UInt32 {
            let value = base.loadUnaligned(fromByteOffset: bitOffset >> 3, as: UInt32.self)
            return (UInt32(littleEndian: value) >> UInt32(bitOffset & 7)) & mask
        }

        func word(at index: Int) -> UInt32 { read(index * totalBits, wordMask) }
        func field(at index: Int, after bits: Int, _ mask: UInt32) -> UInt32 { read(index * totalBits + wordBits + bits, mask) }
        /// Index of the record for `word` in `range` (sorted by word), if any.
        /// The record of `word` among `range`, sorted by word. The words are numbered in
        /// alphabetical order and spread fairly evenly, so a few probes where the number would be
        /// narrow the range first (the binary search's steps were each a cache miss, the most
        /// of the confused words' time); a binary search finishes.
        func find(_ word: UInt32, in range: Range<Int>) -> Int? {
            var low = range.lowerBound, high = range.upperBound
            var probes = 0
            while high - low > 16, probes < 3 {
                let first = self.word(at: low), last = self.word(at: high - 1)
                guard word >= first, word <= last else { return nil }
                guard last > first else { break }
                let middle = low + Int(UInt64(word - first) * UInt64(high - 1 - low) / UInt64(last - first))
                let found = self.word(at: middle)
                if found == word { return middle }
                if found < word { low = middle + 1 } else { high = middle }
                probes += 1
            }
            while low < high {
                let middle = (low + high) >> 1
                let found = self.word(at: middle)
                if found == word { return middle }
                if found < word { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// Maps and checks the file; every size is checked against the file's length before a
    /// record is read, so a truncated or damaged file is refused, never read past its end.
    public init(path: String) throws {
        guard let file = MappedFile(path: path) else { throw FormatError.malformed(path, "cannot be opened") }
        self.file = file
        let bytes = file.bytes
        let header = Array("Trie Language Model".utf8)
        var offset = header.count
        func need(_ size: Int, _ what: String) throws {
            guard size >= 0, offset + size <= bytes.count else { throw FormatError.malformed(path, "truncated in \(what)") }
        }
        try need(1 + 12 + 4, "header")
        guard bytes.prefix(header.count).elementsEqual(header), bytes[offset] == 3 else {
            throw FormatError.malformed(path, "not a trigram model")
        }
        offset += 1
        func uint32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        let counts = (0..<3).map { Int(uint32(offset + 4 * $0)) }
        offset += 12 + 4 // the counts, then a field the format no longer uses
        guard counts[0] > 0, counts[0] < 1 << 25, counts[1] < 1 << 25, counts[2] < 1 << 25 else {
            throw FormatError.malformed(path, "counts out of range")
        }
        let bins = 65536
        try need(3 * bins * 4, "quantization tables")
        tables = bytes.baseAddress! + offset
        offset += 3 * bins * 4
        try need(12 * (counts[0] + 1), "unigrams")
        unigrams = bytes.baseAddress! + offset
        offset += 12 * (counts[0] + 1)
        func requiredBits(_ value: Int) -> Int { value == 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }
        let wordBits = requiredBits(counts[0])
        let nextBits = requiredBits(counts[2])
        func size(_ entries: Int, _ totalBits: Int) -> Int { ((1 + entries) * totalBits + 7) / 8 + 8 }
        let pairBits = wordBits + 32 + nextBits, tripleBits = wordBits + 16
        try need(size(counts[1], pairBits) + size(counts[2], tripleBits) + 4, "word pairs and triples")
        // The records actually written can be fewer than the header counts (the format's writer
        // drops pairs it merges): the last unigram's and the last pair's end pointers say how many.
        let ends = (0...counts[0]).map { uint32(offset - 12 * (counts[0] + 1) + 12 * $0 + 8) }
        guard let pairCount = ends.last.map({ Int($0) }), pairCount <= counts[1], zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw FormatError.malformed(path, "unigram ranges out of order") }
        let base = bytes.baseAddress!
        pairs = PackedRecords(
            base: base + offset, count: pairCount, totalBits: pairBits, wordBits: wordBits, wordMask: (1 << UInt32(wordBits)) - 1,
            nextBits: nextBits, nextMask: UInt32((UInt64(1) << UInt64(nextBits)) - 1))
        let tripleCount = Int(pairs.field(at: pairCount, after: 32, pairs.nextMask))
        guard tripleCount <= counts[2] else { throw FormatError.malformed(path, "pair ranges out of order") }
        offset += size(counts[1], pairBits)
        triples = PackedRecords(
            base: base + offset, count: tripleCount, totalBits: tripleBits, wordBits: wordBits, wordMask: (1 << UInt32(wordBits)) - 1,
            nextBits: 0, nextMask: 0)
        offset += size(counts[2], tripleBits)
        let textLength = Int(uint32(offset))
        offset += 4
        try need(textLength, "words")
        var hashed: [(hash: UInt64, value: WordID)] = []
        hashed.reserveCapacity(counts[0])
        var start = offset, number: WordID = 0
        for index in offset..<offset + textLength where bytes[index] == 0 {
            guard Int(number) < counts[0] else { break }
            hashed.append((FNV1a.hash(UnsafeRawBufferPointer(rebasing: bytes[start..<index])), number))
            number += 1
            start = index + 1
        }
        guard Int(number) == counts[0] else { throw FormatError.malformed(path, "\(number) words for \(counts[0]) unigrams") }
        // Two words of one hash (improbable among 72,547 in 64 bits): the first is kept.
        let words = HashedTable(hashed, merge: min)
        self.words = words
        sentenceStart = words["<s>"] ?? Self.unknown
        sentenceEnd = words["</s>"] ?? Self.unknown
    }

    /// The unigram record's float at `field` (0: probability, 4: backoff), log10.
    private func unigramFloat(_ word: Int, _ field: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: unigrams.loadUnaligned(fromByteOffset: 12 * word + field, as: UInt32.self))) * Self.toLog10
    }

    /// Where the pairs of the unigram `word` start (and those of the next one end).
    private func unigramNext(_ word: Int) -> UInt32 {
        UInt32(littleEndian: unigrams.loadUnaligned(fromByteOffset: 12 * word + 8, as: UInt32.self))
    }

    /// Entry `index` of quantization table `number` (0: pair probabilities, 1: pair backoffs,
    /// 2: triple probabilities), log10.
    private func table(_ number: Int, _ index: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: tables.loadUnaligned(fromByteOffset: 4 * (number * 65536 + index), as: UInt32.self))) * Self.toLog10
    }

    /// The model's number for a lowercase word (`Self.unknown` if it has none). The model writes
    /// apostrophes straight: "it’s" is "it's".
    public func id(of word: String) -> WordID {
        words[hash: Self.hash(of: word)] ?? Self.unknown
    }

    /// The number of the word whose hash (`hash(of:)`) is `hash`.
    func id(hash: UInt64) -> WordID {
        words[hash: hash] ?? Self.unknown
    }

    /// The hash a word is found by, its typographic apostrophes read as the model's `'`.
    static func hash(of word: String) -> UInt64 {
        // Only a word with a byte of the three of "’" can hold one (the search is slow).
        var spelled = word.utf8.contains(0xE2) ? word.replacingOccurrences(of: "\u{2019}", with: "'") : word
        return spelled.withUTF8 { FNV1a.hash($0) }
    }

    /// The pair record `previous word` (the pair "word previous" read backwards), if any.
    /// `id(of: first + second)` without making the joined string (a split compound's test asks
    /// it of most pairs of words); neither part may hold an apostrophe.
    func id(ofJoined first: String, _ second: String) -> WordID {
        var hash = FNV1a()
        var first = first, second = second
        first.withUTF8 { hash.add($0) }
        second.withUTF8 { hash.add($0) }
        return words[hash: hash.value] ?? Self.unknown
    }

    private func pair(_ word: WordID, _ previous: WordID) -> Int? {
        guard word >= 0, previous >= 0 else { return nil }
        let range = Int(unigramNext(Int(word)))..<Int(unigramNext(Int(word) + 1))
        return pairs.find(UInt32(previous), in: range)
    }

    /// The backoff weight of the pair `first second` (0 when the model does not have it).
    private func pairBackoffWeight(_ first: WordID, _ second: WordID) -> Float {
        guard let index = pair(second, first) else { return 0 }
        return table(1, Int(pairs.field(at: index, after: 0, 0xFFFF)))
    }

    /// Log probabilities already asked, by their three words, for one run over a text: a text
    /// asks the same triples again and again (each "to" or "then" between the same words: about
    /// a quarter of the confused words' asks on 1 MiB of English), and each answer costs binary
    /// searches over the mapped file. Sized by the text, so that a short one does not pay for a
    /// large table. A memo of the pairs too (each triple's pair is the next one's backoff) took
    /// a larger share of a profile, not a smaller one, and was left out.
    struct Memo {
        private var words: [UInt64]
        private var befores: [UInt32]
        private var values: [Float]
        private let mask: Int

        /// A memo for a text of about `tokens` tokens.
        init(tokens: Int) {
            var size = 16
            while size < 8192, size < tokens / 4 { size <<= 1 }
            words = [UInt64](repeating: .max, count: size)
            befores = [UInt32](repeating: 0, count: size)
            values = [Float](repeating: 0, count: size)
            mask = size - 1
        }

        /// `model.logProbability(of:after:_:)`, from the memo when it holds it.
        mutating func logProbability(of word: WordID, after previous1: WordID, _ previous2: WordID, in model: TrigramModel) -> Float {
            let key = UInt64(UInt32(bitPattern: word)) << 32 | UInt64(UInt32(bitPattern: previous1))
            let before = UInt32(bitPattern: previous2)
            let mixed = (key ^ (UInt64(before) &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
            let slot = Int(truncatingIfNeeded: mixed >> 40) & mask
            if words[slot] == key, befores[slot] == before { return values[slot] }
            let value = model.logProbability(of: word, after: previous1, previous2)
            words[slot] = key
            befores[slot] = before
            values[slot] = value
            return value
        }

        /// `model.logProbability(ofWordsAfterTwo:)`, each triple from the memo when it holds it.
        /// With `floor`, it stops at the first triple that brings the sum below it and returns
        /// that partial sum: a probability's log is never above 0, so the rest could only lower
        /// it (most candidates of the confused-word rule are told apart by their first triple).
        mutating func logProbability(ofWordsAfterTwo words: [WordID], in model: TrigramModel, floor: Float = -.infinity) -> Float {
            var total: Float = 0
            for position in words.indices.dropFirst(2) {
                total += logProbability(of: words[position], after: words[position - 1], words[position - 2], in: model)
                if total < floor { return total }
            }
            return total
        }
    }

    /// log10 of the words after the first two, each given the two before it: how likely a
    /// stretch of text is, its first two words being the context (`<s> <s>` at a sentence's
    /// start). The rules compare such sums for the words they might write.
    public func logProbability(ofWordsAfterTwo words: [WordID]) -> Float {
        var total: Float = 0
        for position in words.indices.dropFirst(2) {
            total += logProbability(of: words[position], after: words[position - 1], words[position - 2])
        }
        return total
    }

    /// log10 P(word), without context.
    public func logProbability(of word: WordID) -> Float {
        word >= 0 ? unigramFloat(Int(word), 0) : Self.unknownWordProbability
    }

    /// log10 P(word | previous2 previous1), backing off to the pair and the word alone as the
    /// model says (Katz back-off).
    public func logProbability(of word: WordID, after previous1: WordID, _ previous2: WordID) -> Float {
        guard word >= 0 else { return Self.unknownWordProbability }
        if let pairIndex = pair(word, previous1) {
            let pairValue = table(0, Int(pairs.field(at: pairIndex, after: 16, 0xFFFF)))
            if previous2 >= 0 {
                let begin = Int(pairs.field(at: pairIndex, after: 32, pairs.nextMask))
                let end = Int(pairs.field(at: pairIndex + 1, after: 32, pairs.nextMask))
                if begin <= end, end <= triples.count, let tripleIndex = triples.find(UInt32(previous2), in: begin..<end) {
                    return table(2, Int(triples.field(at: tripleIndex, after: 0, 0xFFFF)))
                }
            }
            if pairValue > Self.noProbability {
                return pairBackoffWeight(previous2, previous1) + pairValue
            }
        }
        let backoff = previous1 >= 0 ? unigramFloat(Int(previous1), 4) : 0
        return pairBackoffWeight(previous2, previous1) + backoff + unigramFloat(Int(word), 0)
    }
}

extension CheckedDocument {
    /// The model's number of each token (`unknown` for whitespace), worked out once a document
    /// and read by every rule that asks the model: two rules looked each word up in turn.
    func modelWordIDs(_ model: TrigramModel, lexicon: Lexicon) -> [TrigramModel.WordID] {
        analyses.value(ModelWordIDs.self, lexicon: lexicon) {
            ModelWordIDs(ids: tokens.indices.map { tokens[$0].isWhitespace ? TrigramModel.unknown : model.id(of: lowercasedTexts[$0]) })
        }.ids
    }
}

/// The analysis `modelWordIDs` keeps.
private struct ModelWordIDs: Sendable {
    let ids: [TrigramModel.WordID]
}
