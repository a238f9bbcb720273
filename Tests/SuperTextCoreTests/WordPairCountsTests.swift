import Foundation
import Testing
@testable import SuperTextCore

/// Word and pair counts read from their files, and read back in place from the cache: the same
/// counts, and a cache file that is damaged or was written from another file is never read.
@Suite("Word pair counts")
struct WordPairCountsTests {
    static let unigrams = "# counts\nthe\t500\nthere\t40\ntheir\t30\nis\t200\n"
    static let bigrams = "there is\t25\ntheir is\t1\ntheir car\t9\n"

    /// A directory with the two count files and a cache folder, removed after `body`.
    static func withFiles(_ body: (_ unigrams: String, _ bigrams: String, _ cache: String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try unigrams.write(toFile: directory + "/xx-unigrams.tsv", atomically: true, encoding: .utf8)
        try bigrams.write(toFile: directory + "/xx-bigrams.tsv", atomically: true, encoding: .utf8)
        try body(directory + "/xx-unigrams.tsv", directory + "/xx-bigrams.tsv", directory + "/cache")
    }

    static func expectTheFilesCounts(_ counts: WordPairCounts, _ comment: Comment? = nil) {
        #expect(counts.count("the") == 500, comment)
        #expect(counts.count("there", "is") == 25, comment)
        #expect(counts.count("their", "is") == 1, comment)
        #expect(counts.count("their", "house") == 0, comment)
        #expect(abs(counts.share("is") - 200.0 / 770.0) < 1e-9, comment)
        #expect(counts.unseenPairCount == 0.5, comment)
    }

    @Test("Counts read from the files, and from the cache the first reading wrote, are the same")
    func cachedCountsAreTheFiles() throws {
        try Self.withFiles { unigrams, bigrams, cache in
            Self.expectTheFilesCounts(try WordPairCounts(unigramPath: unigrams, bigramPath: bigrams))
            Self.expectTheFilesCounts(try WordPairCounts.cached(unigramPath: unigrams, bigramPath: bigrams, cacheDirectory: cache))
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 2)
            Self.expectTheFilesCounts(try WordPairCounts.cached(unigramPath: unigrams, bigramPath: bigrams, cacheDirectory: cache))
        }
    }

    @Test("A cache file that is damaged or was written from another file is never read")
    func damagedOrStaleCache() throws {
        try Self.withFiles { unigrams, bigrams, cache in
            _ = try WordPairCounts.cached(unigramPath: unigrams, bigramPath: bigrams, cacheDirectory: cache)
            for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
                let file = URL(fileURLWithPath: cache + "/" + name)
                let original = try Data(contentsOf: file)
                for offset in stride(from: original.count - 1, to: 0, by: -7) {
                    var damaged = original
                    damaged[offset] ^= 0x5A
                    try damaged.write(to: file)
                    Self.expectTheFilesCounts(
                        try WordPairCounts.cached(unigramPath: unigrams, bigramPath: bigrams, cacheDirectory: cache), "\(name), byte \(offset)")
                }
            }
            try (Self.bigrams + "their house\t3\n").write(toFile: bigrams, atomically: true, encoding: .utf8)
            #expect(try WordPairCounts.cached(unigramPath: unigrams, bigramPath: bigrams, cacheDirectory: cache).count("their", "house") == 3)
        }
    }
}
