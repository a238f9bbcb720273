/// Values found by the 64-bit FNV-1a hash of a word: the hashes sorted in one array, the values
/// beside them in another, found by binary search. A quarter of the memory of a `Dictionary` of
/// the same strings; a collision among a few hundred thousand words is improbable enough for
/// what the tables hold (a word's number in the trigram model, its first sound).
struct HashedTable<Value: Sendable>: Sendable {
    private let hashes: [UInt64]
    private let values: [Value]

    /// The entries, those of one hash joined by `merge` (in no set order: it must not depend on one).
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
    }

    /// The value of a word.
    @inline(__always)
    subscript(word: String) -> Value? {
        let hash = FNV1a.hash(word.utf8)
        var low = 0, high = hashes.count
        while low < high {
            let middle = (low + high) >> 1
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < hashes.count && hashes[low] == hash ? values[low] : nil
    }
}
