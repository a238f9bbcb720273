import Foundation

/// How often words and pairs of words occur in a large corpus, for the decisions rules cannot
/// make from grammar alone ("their" or "there" before "is").
///
/// Read from `grammar/<language>-unigrams.tsv` and `<language>-bigrams.tsv` (symspellpy's
/// English counts, converted by `scripts/build-grammar-data.py`). Pairs are kept by a 64-bit hash
/// of their text rather than as strings: a quarter of the memory, and a collision among a few
/// hundred thousand pairs is improbable enough not to matter for a count. The hashes are kept
/// sorted in one array and the counts in another, found by binary search: half the memory of a
/// `Dictionary` of the same pairs (which keeps a quarter of its slots empty and grows by doubling).
public final class WordPairCounts: Sendable {
    private let unigrams: HashedCounts
    private let bigrams: HashedCounts

    /// No counts: every word and pair is unseen.
    public static let empty = WordPairCounts(unigrams: HashedCounts(), bigrams: HashedCounts())

    init(unigrams: HashedCounts, bigrams: HashedCounts) {
        self.unigrams = unigrams
        self.bigrams = bigrams
    }

    /// Reads the count files; a missing file gives no counts.
    public convenience init(unigramPath: String?, bigramPath: String?) throws {
        try self.init(unigrams: Self.read(unigramPath), bigrams: Self.read(bigramPath))
    }

    /// Reads the count files through the cache (`HashedCounts.cached`).
    static func cached(unigramPath: String?, bigramPath: String?, cacheDirectory: String? = SuggestionIndexStore.defaultDirectory()) throws -> WordPairCounts {
        try WordPairCounts(
            unigrams: HashedCounts.cached(path: unigramPath, cacheDirectory: cacheDirectory),
            bigrams: HashedCounts.cached(path: bigramPath, cacheDirectory: cacheDirectory))
    }

    /// Counts by the 64-bit hash of their key: the hashes sorted, each once, the counts beside them.
    struct HashedCounts: Sendable {
        /// In memory of their own, or in place in a cache file mapped read-only.
        var hashes = LexiconArray<UInt64>([])
        var counts = LexiconArray<UInt64>([])
        /// The sum of the counts, to turn a count into a share of the corpus.
        var total: UInt64 = 0
        /// The smallest count kept: a key not kept occurred less often than this.
        var smallest: UInt64 = 0

        /// The pairs sorted by hash, the counts of equal hashes added.
        init(_ pairs: [(hash: UInt64, count: UInt64)] = []) {
            let sorted = pairs.sorted { $0.hash < $1.hash }
            var hashes: [UInt64] = [], counts: [UInt64] = []
            hashes.reserveCapacity(sorted.count)
            counts.reserveCapacity(sorted.count)
            for pair in sorted {
                if let last = hashes.last, last == pair.hash {
                    counts[counts.count - 1] += pair.count
                } else {
                    hashes.append(pair.hash)
                    counts.append(pair.count)
                }
                total &+= pair.count
            }
            smallest = counts.min() ?? 0
            self.hashes = LexiconArray(hashes)
            self.counts = LexiconArray(counts)
        }

        private init(hashes: LexiconArray<UInt64>, counts: LexiconArray<UInt64>, total: UInt64, smallest: UInt64) {
            self.hashes = hashes
            self.counts = counts
            self.total = total
            self.smallest = smallest
        }

        static let storageVersion: UInt32 = 1
        private static let magic = Array("STCOUNTS".utf8)

        /// The counts of `path`, read in place from the cache when a file there was written from
        /// the same file, else read and written to the cache for the next start: reading and
        /// sorting the English counts (6.5 MB) was a twentieth of the service's start-up
        /// (measured with `perf`), mapping them costs nothing until a rule looks a pair up.
        static func cached(path: String?, cacheDirectory: String?) throws -> HashedCounts {
            guard let path, let cacheDirectory else { return try WordPairCounts.read(path) }
            let fingerprint = DataFileCache.fingerprint(of: path, version: storageVersion)
            let cachePath = DataFileCache.path(for: path, in: cacheDirectory, version: storageVersion)
            if let file = MappedFile(path: cachePath),
               var reader = StorageReader(file: file, magic: magic, version: storageVersion, fingerprint: fingerprint, sealed: true),
               let total = reader.scalar(UInt64.self), let smallest = reader.scalar(UInt64.self),
               let hashes: LexiconArray<UInt64> = reader.array(), let counts: LexiconArray<UInt64> = reader.array(),
               reader.isAtEnd, hashes.count == counts.count {
                // Checked whole (the checksum): only the pages lookups touch need stay resident.
                file.releaseResidentPages()
                return HashedCounts(hashes: hashes, counts: counts, total: total, smallest: smallest)
            }
            let counts = try WordPairCounts.read(path)
            var writer = StorageWriter(magic: magic, version: storageVersion, fingerprint: fingerprint)
            writer.append(counts.total)
            writer.append(counts.smallest)
            writer.append(array: counts.hashes)
            writer.append(array: counts.counts)
            _ = StorageWriter.writeAtomically(writer.sealed(), to: cachePath)
            return counts
        }

        subscript(hash: UInt64) -> UInt64? {
            var low = 0, high = hashes.count
            while low < high {
                let middle = (low + high) / 2
                if hashes[middle] < hash { low = middle + 1 } else { high = middle }
            }
            return low < hashes.count && hashes[low] == hash ? counts[low] : nil
        }

        var isEmpty: Bool { hashes.isEmpty }
    }

    /// The counts of a file of `key<TAB>count` lines (`#` comments), keyed by the hash of the
    /// key. Read as bytes, hashing each key in place: splitting the text into strings took most
    /// of the start-up of a language.
    static func read(_ path: String?) throws -> HashedCounts {
        guard let path else { return HashedCounts() }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var pairs: [(hash: UInt64, count: UInt64)] = []
        pairs.reserveCapacity(data.count / 20)
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
                pairs.append((hasher.value, count))
            }
        }
        return HashedCounts(pairs)
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

    /// The share of the word that is `first` and `second` written together ("with" + "out"),
    /// hashed from the two without joining them: most pairs of a text make no word, and asking
    /// for them allocates nothing.
    public func share(joining first: String, _ second: String) -> Double {
        var hasher = FNV1a()
        hasher.add(first.utf8)
        hasher.add(second.utf8)
        return unigrams.total == 0 ? 0 : Double(unigrams[hasher.value] ?? 0) / Double(unigrams.total)
    }

    /// A word's share of the words of the corpus (0 when unseen).
    public func share(_ word: String) -> Double {
        unigrams.total == 0 ? 0 : Double(count(word)) / Double(unigrams.total)
    }

    /// What a pair the corpus did not keep counts as: it occurred less often than the rarest
    /// kept pair, so half that.
    public var unseenPairCount: Double { Double(bigrams.smallest) / 2 }

    /// A pair's share of the pairs of the corpus, a pair not kept counted as `unseenPairCount`.
    public func share(_ first: String, _ second: String) -> Double {
        guard bigrams.total > 0 else { return 0 }
        let count = count(first, second)
        return (count > 0 ? Double(count) : unseenPairCount) / Double(bigrams.total)
    }

    /// Whether the pair was kept by the corpus.
    public func hasPair(_ first: String, _ second: String) -> Bool { count(first, second) > 0 }

    /// Whether any counts were loaded.
    public var isEmpty: Bool { unigrams.isEmpty && bigrams.isEmpty }

    static func hash(_ text: Substring) -> UInt64 {
        FNV1a.hash(text.utf8)
    }
}
