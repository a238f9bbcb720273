/// Values found by the 64-bit FNV-1a hash of a word: the hashes sorted in one array, the values
/// beside them in another. A quarter of the memory of a `Dictionary` of the same strings; a
/// collision among a few hundred thousand words is improbable enough for what the tables hold (a
/// word's number in the trigram model, its first sound).
///
/// A hash is found through a directory of its top bits (about four hashes a bucket), not by
/// binary search: the hashes are spread evenly, and the seventeen steps of a binary search over
/// the model's 72,547 words were each a cache miss, a sixth of the confused-word rule's time.
struct HashedTable<Value: Sendable>: Sendable {
    private let hashes: [UInt64]
    private let values: [Value]
    /// Where the hashes of each bucket start in `hashes` (one more entry for the end).
    private let buckets: [UInt32]
    /// 64 minus the number of the directory's bits: a hash's bucket is `hash >> shift`.
    private let shift: UInt64

    /// The entries, those of one hash joined by `merge` (in no set order: it must not depend on one).
    // Specialised here for the tables there are: built at every start, and unspecialised (a
    // build that optimises file by file) the sort's generic comparisons took most of a second.
    @_specialize(where Value == UInt8)
    @_specialize(where Value == Int32)
    init(_ entries: [(hash: UInt64, value: Value)], merge: (Value, Value) -> Value) {
        let sorted = entries.sorted { $0.hash < $1.hash }
        var hashes: [UInt64] = [], values: [Value] = []
        hashes.reserveCapacity(sorted.count)
        values.reserveCapacity(sorted.count)
        for entry in sorted {
            if hashes.last == entry.hash { values[values.count - 1] = merge(values[values.count - 1], entry.value) } else {
                hashes.append(entry.hash)
                values.append(entry.value)
            }
        }
        self.hashes = hashes
        self.values = values
        var bits = 1
        while bits < 24, 1 << (bits + 2) < hashes.count { bits += 1 }
        let shift = UInt64(64 - bits)
        var buckets = [UInt32](repeating: 0, count: (1 << bits) + 1)
        var position = 0
        for bucket in 0..<(1 << bits) {
            buckets[bucket] = UInt32(position)
            while position < hashes.count, Int(hashes[position] >> shift) == bucket { position += 1 }
        }
        buckets[1 << bits] = UInt32(hashes.count)
        self.buckets = buckets
        self.shift = shift
    }

    /// The value of a word.
    @inline(__always)
    subscript(word: String) -> Value? {
        self[hash: word.utf8.withContiguousStorageIfAvailable { FNV1a.hash($0) } ?? FNV1a.hash(word.utf8)]
    }

    /// The value of the word whose FNV-1a hash is `hash`.
    @inline(__always)
    subscript(hash hash: UInt64) -> Value? {
        let bucket = Int(hash >> shift)
        var position = Int(buckets[bucket])
        let end = Int(buckets[bucket + 1])
        while position < end {
            if hashes[position] >= hash { return hashes[position] == hash ? values[position] : nil }
            position += 1
        }
        return nil
    }
}
