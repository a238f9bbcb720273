import Foundation

/// The words of one language worth suggesting, how common each is, and a trie over their
/// lowercase spellings for the candidate search.
///
/// Immutable and `Sendable`: one copy per language is shared by every worker thread. Every word in
/// it was accepted by `Hunspell_spell` when the lexicon was built.
///
/// Layout (arrays of plain integers, so it is compact and stores to disk as is; a lexicon read
/// from the cache is the file mapped read-only, `LexiconArray`):
/// - letters are coded as bytes through `alphabet` (at most 255 letters a language);
/// - trie nodes: `nodeLabel`, `nodeFirstChild`, `nodeChildCount` (a node's children are
///   contiguous), and one bit a node in `nodeEndsKey`, set where a key ends; node 0 is the root;
/// - keys (lowercase spellings) numbered in the order of the nodes they end at, so a key is the
///   number of set bits before its node (`keysBeforeBlock` counts them for each 64 nodes): a
///   search reads a bit for every node it visits and a key only for the few it keeps, where an
///   array of keys by node, as large as the node arrays, was read all through; key `k` owns words
///   `keyFirstWord[k] ..< keyFirstWord[k + 1]` (`polish` owns `polish` and `Polish`);
/// - words: UTF-8 in `wordBytes`, word `w` at `wordStart[w] ..< wordStart[w + 1]`, and its
///   corpus count in `wordCount[w]` (0 when the frequency list lacks it);
/// - sound: for languages with a `PhoneticKey`, the hash of each key's phonetic key and of that
///   key with one letter deleted, sorted, in `phoneticHash`, with the key in `phoneticKey`; a
///   written word's phonetic key and its deletions find the keys that sound alike (a symmetric
///   deletion index: one edit apart in sound).
final class SuggestionLexicon: Sendable {
    /// The letters, by code.
    let alphabet: [Unicode.Scalar]
    let nodeLabel: LexiconArray<UInt8>
    let nodeFirstChild: LexiconArray<UInt32>
    let nodeChildCount: LexiconArray<UInt8>
    /// Bit `n % 64` of word `n / 64`: whether a key ends at node `n`.
    let nodeEndsKey: LexiconArray<UInt64>
    /// Keys ending at the nodes before each block of 64.
    let keysBeforeBlock: LexiconArray<UInt32>
    let keyFirstWord: LexiconArray<UInt32>
    let wordBytes: LexiconArray<UInt8>
    let wordStart: LexiconArray<UInt32>
    let wordCount: LexiconArray<UInt32>
    let phoneticHash: LexiconArray<UInt32>
    let phoneticKey: LexiconArray<UInt32>
    /// For each node, an upper bound of the commonest word's count below it, as
    /// `ceil(8 × ln(count + 1))`: lets the search leave branches whose words are too rare to
    /// rank. Computed when the lexicon is built, and stored with it.
    let nodeMaxLogCount: LexiconArray<UInt8>
    /// The hashes (`hash`) of the forms a dictionary allows only as the first or a middle part of
    /// a compound, sorted: German `Gersten` (`Gerstenvergeber`), `Infektions`, `Morse`. They are
    /// no words on their own, so the trie lacks them; compound readings need them.
    let compoundHeads: LexiconArray<UInt32>
    /// Codes by scalar value, for encoding queries.
    private let codes: [UInt32: UInt8]
    /// The same for scalars below U+0250 (Latin letters), by direct index: `unknownCode` when
    /// the alphabet lacks one.
    private let latinCodes: [UInt8]
    /// Where each range of `phoneticHash` values starts, by the hash's top `phoneticBucketBits`
    /// bits (one more entry, the end): a lookup reads a page or two of the mapped arrays where a
    /// binary search over all of them read a page at each of its twenty steps. Built on load.
    private let phoneticBuckets: [UInt32]
    private let phoneticBucketBits: Int

    /// The longest key indexed, in letters.
    static let maximumKeyLength = 48

    /// The count a word needs to be among the language's `commonRank` most frequent words: the
    /// line between a word people write every day and a rare one, for telling a misspelled
    /// word from a name (`SpellingCheck`). Computed when the lexicon is built, and stored with it.
    let commonCount: UInt32
    static let commonRank = 10_000

    /// A lexicon just built: computes what is derived from the arrays. `nodeKey` is the key
    /// ending at each node, or -1; keys must be numbered in node order.
    convenience init(
        alphabet: [Unicode.Scalar], nodeLabel: [UInt8], nodeFirstChild: [UInt32], nodeChildCount: [UInt8],
        nodeKey: [Int32], keyFirstWord: [UInt32], wordBytes: [UInt8], wordStart: [UInt32], wordCount: [UInt32],
        phoneticHash: [UInt32], phoneticKey: [UInt32], compoundHeads: [UInt32] = []
    ) {
        // Children come after their parent, so one backward sweep fills every subtree.
        var maxLog = [UInt8](repeating: 0, count: nodeLabel.count)
        for node in stride(from: nodeLabel.count - 1, through: 0, by: -1) {
            var value: UInt8 = 0
            let key = Int(nodeKey[node])
            if key >= 0 {
                var count: UInt32 = 0
                for word in Int(keyFirstWord[key])..<Int(keyFirstWord[key + 1]) { count = max(count, wordCount[word]) }
                value = Self.logCountByte(count)
            }
            let first = Int(nodeFirstChild[node])
            for child in first..<first + Int(nodeChildCount[node]) { value = max(value, maxLog[child]) }
            maxLog[node] = value
        }
        var endsKey = [UInt64](repeating: 0, count: (nodeLabel.count + 63) / 64)
        var keysBefore = [UInt32](repeating: 0, count: endsKey.count)
        var keys: UInt32 = 0
        for node in nodeKey.indices {
            if node % 64 == 0 { keysBefore[node / 64] = keys }
            guard nodeKey[node] >= 0 else { continue }
            precondition(nodeKey[node] == Int32(keys), "keys are numbered in node order")
            endsKey[node / 64] |= 1 << UInt64(node % 64)
            keys += 1
        }
        var counted = wordCount.filter { $0 > 0 }
        let commonCount: UInt32
        if counted.count > Self.commonRank {
            counted.sort(by: >)
            commonCount = counted[Self.commonRank - 1]
        } else {
            commonCount = counted.min() ?? 1
        }
        self.init(
            alphabet: alphabet, nodeLabel: LexiconArray(nodeLabel), nodeFirstChild: LexiconArray(nodeFirstChild),
            nodeChildCount: LexiconArray(nodeChildCount), nodeEndsKey: LexiconArray(endsKey),
            keysBeforeBlock: LexiconArray(keysBefore),
            keyFirstWord: LexiconArray(keyFirstWord), wordBytes: LexiconArray(wordBytes),
            wordStart: LexiconArray(wordStart), wordCount: LexiconArray(wordCount),
            phoneticHash: LexiconArray(phoneticHash), phoneticKey: LexiconArray(phoneticKey),
            nodeMaxLogCount: LexiconArray(maxLog), compoundHeads: LexiconArray(compoundHeads), commonCount: commonCount
        )
    }

    /// A lexicon from its arrays and what was derived from them (read from the cache).
    init(
        alphabet: [Unicode.Scalar], nodeLabel: LexiconArray<UInt8>, nodeFirstChild: LexiconArray<UInt32>,
        nodeChildCount: LexiconArray<UInt8>, nodeEndsKey: LexiconArray<UInt64>, keysBeforeBlock: LexiconArray<UInt32>,
        keyFirstWord: LexiconArray<UInt32>,
        wordBytes: LexiconArray<UInt8>, wordStart: LexiconArray<UInt32>, wordCount: LexiconArray<UInt32>,
        phoneticHash: LexiconArray<UInt32>, phoneticKey: LexiconArray<UInt32>,
        nodeMaxLogCount: LexiconArray<UInt8>, compoundHeads: LexiconArray<UInt32>, commonCount: UInt32
    ) {
        self.alphabet = alphabet
        self.nodeLabel = nodeLabel
        self.nodeFirstChild = nodeFirstChild
        self.nodeChildCount = nodeChildCount
        self.nodeEndsKey = nodeEndsKey
        self.keysBeforeBlock = keysBeforeBlock
        self.keyFirstWord = keyFirstWord
        self.wordBytes = wordBytes
        self.wordStart = wordStart
        self.wordCount = wordCount
        self.phoneticHash = phoneticHash
        self.phoneticKey = phoneticKey
        self.nodeMaxLogCount = nodeMaxLogCount
        self.compoundHeads = compoundHeads
        self.commonCount = commonCount
        var codes: [UInt32: UInt8] = [:]
        for (code, scalar) in alphabet.enumerated() { codes[scalar.value] = UInt8(code) }
        self.codes = codes
        var latinCodes = [UInt8](repeating: UInt8(alphabet.count), count: 0x250)
        for (value, code) in codes where value < 0x250 { latinCodes[Int(value)] = code }
        self.latinCodes = latinCodes
        // About 64 entries a bucket.
        var bits = 0
        while bits < 20, phoneticHash.count >> (bits + 7) > 0 { bits += 1 }
        var buckets = [UInt32](repeating: 0, count: (1 << bits) + 1)
        if bits > 0 {
            var index = 0
            for bucket in 0..<(1 << bits) {
                buckets[bucket] = UInt32(index)
                while index < phoneticHash.count, Int(phoneticHash[index] >> UInt32(32 - bits)) == bucket { index += 1 }
            }
        }
        buckets[1 << bits] = UInt32(phoneticHash.count)
        phoneticBuckets = buckets
        phoneticBucketBits = bits
    }

    /// `ceil(8 × ln(count + 1))`, at most 255: a count stored in a byte, never below the count.
    static func logCountByte(_ count: UInt32) -> UInt8 {
        UInt8(min(255, (8 * log(Double(count) + 1)).rounded(.up)))
    }

    /// Number of distinct lowercase spellings.
    var keyCount: Int { keyFirstWord.count - 1 }
    /// Number of words.
    var wordTotal: Int { wordStart.count - 1 }
    /// The code that stands for a letter the alphabet lacks: it matches nothing.
    var unknownCode: UInt8 { UInt8(alphabet.count) }

    /// The word with index `index`.
    func word(_ index: Int) -> String {
        let start = Int(wordStart[index]), end = Int(wordStart[index + 1])
        return wordBytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// The words of key `key`.
    func words(ofKey key: Int) -> Range<Int> {
        Int(keyFirstWord[key])..<Int(keyFirstWord[key + 1])
    }

    /// The letter codes of a lowercase word; letters outside the alphabet get `unknownCode`.
    func encode(_ lowercased: String) -> [UInt8] {
        lowercased.unicodeScalars.map { code(of: $0) ?? unknownCode }
    }

    /// The code of one scalar, if the alphabet has it.
    func code(of scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x250 {
            let code = latinCodes[Int(scalar.value)]
            return code == unknownCode ? nil : code
        }
        return codes[scalar.value]
    }

    /// The key spelled exactly by `codes` (after the letters that lead to `node`), if any.
    func key(for codes: some Collection<UInt8>, from node: Int = 0) -> Int? {
        var node = node
        for code in codes {
            guard let child = child(of: node, labelled: code) else { return nil }
            node = child
        }
        return key(endingAt: node)
    }

    /// The key ending at `node`, if one does.
    @inline(__always)
    func key(endingAt node: Int) -> Int? {
        let bits = nodeEndsKey[node >> 6], bit = UInt64(1) << UInt64(node & 63)
        guard bits & bit != 0 else { return nil }
        return Int(keysBeforeBlock[node >> 6]) + (bits & (bit - 1)).nonzeroBitCount
    }

    /// Whether a key ends at `node`.
    @inline(__always)
    func endsKey(_ node: Int) -> Bool {
        nodeEndsKey[node >> 6] & (UInt64(1) << UInt64(node & 63)) != 0
    }

    /// Whether `codes` can be read as a compound of keys: parts of at least three letters, the
    /// last one of at least two, each part but the last optionally followed by the joining
    /// `joint` (`Geburt·s·tag`) or written without a final `elided` letter (`Schul·buch`).
    /// With `unlistedLastPart`, the last part may also be a word the lexicon lacks (a rare
    /// form, `Verteiler·bäusche`) of at least three letters that ends like a key of two letters
    /// or more. Hunspell decides which parts may be joined; this only rules out what no reading
    /// allows.
    func readsAsCompound(_ codes: [UInt8], joint: UInt8?, elided: UInt8?, unlistedLastPart: Bool = false) -> Bool {
        compoundParts(codes, joint: joint, elided: elided, unlistedLastPart: unlistedLastPart, fewest: false) != nil
    }

    /// The fewest parts `codes` reads as, read as `readsAsCompound` does (1 for a key); nil when
    /// it reads as none. Each part beyond two is one more coincidence, so a reading that needs
    /// more parts is less likely what the writer meant (`Zwei·fell·aufklärer` against
    /// `Zweifel·s·aufklärer`).
    func fewestCompoundParts(_ codes: [UInt8], joint: UInt8?, elided: UInt8?) -> Int? {
        compoundParts(codes, joint: joint, elided: elided, unlistedLastPart: false, fewest: true)
    }

    /// A reading's number of parts: the first one found, or with `fewest` the fewest.
    private func compoundParts(_ codes: [UInt8], joint: UInt8?, elided: UInt8?, unlistedLastPart: Bool, fewest: Bool) -> Int? {
        let count = codes.count
        guard count >= 2 else { return key(for: codes) != nil ? 1 : nil }
        // Parts read before each position, fewest first; 0 where no reading reaches.
        var partsBefore = [Int](repeating: 0, count: count + 2)
        partsBefore[0] = 1
        var best: Int?
        func reach(_ position: Int, with parts: Int) {
            if partsBefore[position] == 0 || parts + 1 < partsBefore[position] { partsBefore[position] = parts + 1 }
        }
        for start in 0..<count where partsBefore[start] > 0 {
            // Stored one higher, so that 0 can mean unreached.
            let parts = partsBefore[start] - 1
            if let best, parts + 1 >= best { continue }
            if unlistedLastPart, start > 0, count - start >= 3, endsLikeKey(codes[start...]) {
                if !fewest { return parts + 1 }
                best = min(best ?? .max, parts + 1)
            }
            // A first or middle part that is no word alone (`Gersten·vergeber`).
            if !compoundHeads.isEmpty, count - start >= 6 {
                var hash: UInt32 = 2_166_136_261
                for end in start..<(count - 3) {
                    hash = (hash ^ UInt32(codes[end])) &* 16_777_619
                    if end - start >= 2, isCompoundHead(hash: hash) { reach(end + 1, with: parts + 1) }
                }
            }
            var node = 0, end = start
            while end < count, let next = child(of: node, labelled: codes[end]) {
                node = next
                end += 1
                let length = end - start
                if endsKey(node), end == count, length >= 2 {
                    if !fewest { return parts + 1 }
                    best = min(best ?? .max, parts + 1)
                }
                guard length >= 3, end < count else { continue }
                var partEnds = endsKey(node)
                if !partEnds, let elided, let withLetter = child(of: node, labelled: elided), endsKey(withLetter) {
                    partEnds = true
                }
                if partEnds {
                    reach(end, with: parts + 1)
                    if let joint, codes[end] == joint { reach(end + 1, with: parts + 1) }
                }
            }
        }
        return best
    }

    /// Whether a hash of lowercase codes is that of a compound's first or middle part.
    func isCompoundHead(hash: UInt32) -> Bool {
        var low = 0, high = compoundHeads.count
        while low < high {
            let middle = (low + high) / 2
            if compoundHeads[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < compoundHeads.count && compoundHeads[low] == hash
    }

    /// Whether some ending of `codes` of at least two letters is a key.
    private func endsLikeKey(_ codes: ArraySlice<UInt8>) -> Bool {
        var start = codes.startIndex
        while codes.endIndex - start >= 2 {
            if key(for: codes[start...]) != nil { return true }
            start += 1
        }
        return false
    }

    /// The child of `node` with label `code` (children are sorted by label).
    func child(of node: Int, labelled code: UInt8) -> Int? {
        var low = Int(nodeFirstChild[node]), high = low + Int(nodeChildCount[node])
        while low < high {
            let middle = (low + high) / 2
            let label = nodeLabel[middle]
            if label == code { return middle }
            if label < code { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The corpus count of a word as written (0 when the lexicon lacks it).
    func count(of word: String) -> UInt32 {
        guard let index = index(of: word) else { return 0 }
        return wordCount[index]
    }

    /// The index of a word as written, or nil when the lexicon lacks it.
    func index(of word: String) -> Int? {
        guard let key = key(for: encode(word.lowercased())) else { return nil }
        return words(ofKey: key).first { self.word($0) == word }
    }

    /// The most common word of a key and its count.
    func mostCommonWord(ofKey key: Int) -> (index: Int, count: UInt32) {
        var best = Int(keyFirstWord[key]), bestCount = wordCount[best]
        for index in words(ofKey: key) where wordCount[index] > bestCount {
            best = index
            bestCount = wordCount[index]
        }
        return (best, bestCount)
    }

    /// The keys whose phonetic key equals `key` or, with `deletions`, is one deletion from it,
    /// both ways.
    func keys(soundingLike key: [UInt8], deletions: Bool = true) -> [Int] {
        var found: [Int] = []
        for variant in Self.phoneticVariants(of: key, deletions: deletions) {
            let hash = Self.hash(variant)
            let bucket = phoneticBucketBits == 0 ? 0 : Int(hash >> UInt32(32 - phoneticBucketBits))
            let end = Int(phoneticBuckets[bucket + 1])
            var low = Int(phoneticBuckets[bucket]), high = end
            while low < high {
                let middle = (low + high) / 2
                if phoneticHash[middle] < hash { low = middle + 1 } else { high = middle }
            }
            while low < end, phoneticHash[low] == hash {
                found.append(Int(phoneticKey[low]))
                low += 1
            }
        }
        return found
    }

    /// A phonetic key and, with `deletions` and when it has four letters or more, each of its
    /// one-letter deletions.
    static func phoneticVariants(of key: [UInt8], deletions: Bool = true) -> [[UInt8]] {
        var variants = [key]
        guard deletions, key.count >= 4 else { return variants }
        for index in key.indices {
            var deleted = key
            deleted.remove(at: index)
            if !variants.contains(deleted) { variants.append(deleted) }
        }
        return variants
    }

    /// FNV-1a, 32 bits: collisions only add candidates, which are scored anyway.
    static func hash(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// Bytes held by the arrays, for reports.
    var memoryFootprint: Int {
        alphabet.count * 4 + nodeLabel.count + nodeFirstChild.count * 4 + nodeChildCount.count
            + nodeEndsKey.count * 8 + keysBeforeBlock.count * 4 + keyFirstWord.count * 4 + wordBytes.count + wordStart.count * 4 + wordCount.count * 4
            + phoneticHash.count * 4 + phoneticKey.count * 4 + nodeMaxLogCount.count + compoundHeads.count * 4
    }
}
