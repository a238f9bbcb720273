import Testing
@testable import SuperTextCore

@Suite("Tables of hashed words")
struct HashedTableTests {
    /// Every word put in is found with its value, and words left out are not, at sizes from none
    /// to more than one directory bucket holds on average.
    @Test(arguments: [0, 1, 3, 50, 20_000])
    func everyWordIsFoundAndNoOther(count: Int) {
        let words = (0..<count).map { "word\($0)" }
        let table = HashedTable(words.enumerated().map { (FNV1a.hash($0.element.utf8), Int32($0.offset)) }, merge: { first, _ in first })
        for (number, word) in words.enumerated() { #expect(table[word] == Int32(number)) }
        for absent in ["", "word", "word-1", "other\(count)", "wörd1"] { #expect(table[absent] == nil) }
    }

    /// Entries of one hash are merged, whatever their order.
    @Test func entriesOfOneHashAreMerged() {
        let hash = FNV1a.hash("it's".utf8)
        let entries: [(hash: UInt64, value: UInt8)] = [(hash, 1), (FNV1a.hash("its".utf8), 4), (hash, 2)]
        let table = HashedTable(entries, merge: { $0 | $1 })
        #expect(table["it's"] == 3 && table["its"] == 4)
    }
}
