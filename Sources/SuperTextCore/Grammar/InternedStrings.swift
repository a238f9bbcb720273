/// Strings kept once each in one buffer of UTF-8, numbered in the order they were added and found
/// by an open-addressing table of their hashes: a few bytes a string, where a `Dictionary` keyed
/// by `String` keeps a 16-byte key in a slot and a heap allocation for every word over 15 bytes.
struct InternedStrings: Sendable {
    private var bytes: [UInt8] = []
    /// Where each string ends in `bytes`; it starts where the one before it ends.
    private var ends: [UInt32] = []
    /// The number of the string plus one, or 0 for an empty slot; a power of two long.
    private var slots = [UInt32](repeating: 0, count: 16)

    var count: Int { ends.count }

    init() {}

    /// The strings as stored (`storedParts`) and read back from a cache file, or nil when the
    /// parts do not fit together (a damaged file).
    init?(bytes: [UInt8], ends: [UInt32], slots: [UInt32]) {
        guard slots.count >= 16, slots.count & (slots.count - 1) == 0, ends.last.map({ Int($0) == bytes.count }) ?? bytes.isEmpty,
              zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 }), slots.allSatisfy({ Int($0) <= ends.count })
        else { return nil }
        self.bytes = bytes
        self.ends = ends
        self.slots = slots
    }

    var storedParts: (bytes: [UInt8], ends: [UInt32], slots: [UInt32]) { (bytes, ends, slots) }

    private func range(_ number: UInt32) -> Range<Int> {
        let index = Int(number)
        return (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    private static func hash(_ word: some Sequence<UInt8>) -> Int {
        Int(truncatingIfNeeded: FNV1a.hash(word))
    }

    /// The slot holding `word`, or the empty slot where it would go. Compared as two buffers,
    /// length first: through `ArraySlice` the comparison was most of a lookup, and every rule
    /// sentence looks up each of its words.
    private func slot(of word: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { stored in
            let mask = slots.count - 1
            var slot = Self.hash(word) & mask
            while slots[slot] != 0 {
                let range = range(slots[slot] - 1)
                if range.count == word.count, UnsafeBufferPointer(rebasing: stored[range]).elementsEqual(word) { break }
                slot = (slot + 1) & mask
            }
            return slot
        }
    }

    /// The number of `word`, added if it is new.
    mutating func intern(_ word: some Collection<UInt8>) -> UInt32 {
        let slot: Int = word.withContiguousStorageIfAvailable { self.slot(of: $0) } ?? Array(word).withUnsafeBufferPointer { self.slot(of: $0) }
        if slots[slot] != 0 { return slots[slot] - 1 }
        bytes.append(contentsOf: word)
        ends.append(UInt32(bytes.count))
        let number = UInt32(ends.count - 1)
        slots[slot] = number + 1
        if ends.count * 4 > slots.count * 3 { rehash(size: slots.count * 2) }
        return number
    }

    private mutating func rehash(size: Int) {
        slots = [UInt32](repeating: 0, count: size)
        for number in 0..<UInt32(ends.count) {
            var slot = Self.hash(bytes[range(number)]) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = number + 1
        }
    }

    /// The number of `word`, if it was added.
    func number(of word: String) -> UInt32? {
        var word = word
        return word.withUTF8 { utf8 in
            let slot = slot(of: utf8)
            return slots[slot] == 0 ? nil : slots[slot] - 1
        }
    }

    func string(_ number: UInt32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(number)]), as: UTF8.self) }
    }

    /// Whether string `first` comes before `second` in code point order (that of their UTF-8).
    func precedes(_ first: UInt32, _ second: UInt32) -> Bool {
        bytes[range(first)].lexicographicallyPrecedes(bytes[range(second)])
    }

    /// Gives back the spare capacity the arrays grew with.
    mutating func trimCapacity() {
        bytes = Self.exactCopy(bytes)
        ends = Self.exactCopy(ends)
    }

    static func exactCopy<Element>(_ array: [Element]) -> [Element] {
        [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
            _ = buffer.initialize(from: array)
            count = array.count
        }
    }
}
