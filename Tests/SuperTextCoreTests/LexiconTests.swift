import Foundation
import Testing
@testable import SuperTextCore

/// The lexicon's flat tables read back what its file says: readings with lemmas and features,
/// the last line of a repeated word, closed classes after the file's readings, the first form
/// listed for a lemma and tag, and forms with features in code point order.
@Suite("Lexicon")
struct LexiconTests {
    static let file = """
        # a comment
        went\tVBD:go
        gone\tVBN:go
        goed\tVBD:go
        go\tVB NN
        goes\tVBZ:go NNS:go
        maisons\tNN.f.pl:maison
        maison\tNN.f.sg
        grandes\tJJ.f.pl:grand
        grande\tJJ.f.sg:grand
        grands\tJJ.m.pl:grand
        grand\tJJ.m.sg
        épaisse\tJJ.f.sg:épais
        epaisse\tJJ.f.sg:épais
        épais\tJJ.m.sg JJ.m.pl
        old\tJJ
        old\tJJ RB
        odd\tXX JJ.unknownfeature JJR:odd
        none\tXX
        """

    static let closedClasses: [String: [Lexicon.Reading]] = [
        "the": [Lexicon.Reading(tag: .DT, lemma: "the")],
        "go": [Lexicon.Reading(tag: .MD, lemma: "go")],
    ]

    /// The lexicon of `file`, parsed, or (`cached`) read back from the cache file its first
    /// reading wrote.
    static func lexicon(cached: Bool = false) throws -> Lexicon {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/xx-lexicon.tsv"
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        guard cached else { return try Lexicon(path: path, closedClasses: closedClasses) }
        _ = try Lexicon.cached(path: path, closedClasses: closedClasses, cacheDirectory: directory + "/cache")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/cache").count == 1)
        // The file is read from the cache: parsing it again would give what it now says.
        try (file + "\nextra\tNN\n").write(toFile: path + ".other", atomically: true, encoding: .utf8)
        return try Lexicon.cached(path: path, closedClasses: closedClasses, cacheDirectory: directory + "/cache")
    }

    @Test("Readings, tags and lemmas as the file and the closed classes give them, parsed or from the cache", arguments: [false, true])
    func readings(cached: Bool) throws {
        let lexicon = try Self.lexicon(cached: cached)
        #expect(lexicon.readings(of: "went") == [Lexicon.Reading(tag: .VBD, lemma: "go")])
        #expect(lexicon.readings(of: "maisons") == [Lexicon.Reading(tag: .NN, lemma: "maison", features: WordFeatures([.feminine, .plural]))])
        // A closed class adds its readings after the file's.
        #expect(lexicon.readings(of: "go").map(\.tag) == [.VB, .NN, .MD])
        #expect(lexicon.tags(of: "go") == WordTags([.VB, .NN, .MD]))
        #expect(lexicon.readings(of: "the") == [Lexicon.Reading(tag: .DT, lemma: "the")])
        // The last line of a repeated word wins.
        #expect(lexicon.tags(of: "old") == WordTags([.JJ, .RB]))
        // Unknown tags and features are left out; the word stays known.
        #expect(lexicon.readings(of: "odd") == [Lexicon.Reading(tag: .JJR, lemma: "odd")])
        #expect(lexicon.knows("none") && lexicon.readings(of: "none").isEmpty && lexicon.tags(of: "none").isEmpty)
        // A lemma that is not listed as a word is not known.
        #expect(lexicon.knows("maison"))
        #expect(!lexicon.knows("ghost") && lexicon.readings(of: "ghost").isEmpty && lexicon.tags(of: "ghost").isEmpty)
        #expect(lexicon.lemmas(of: "goes", as: WordTags([.VBZ, .NNS])) == ["go"])
        #expect(lexicon.count == 18)
    }

    @Test("The first form listed for a lemma and tag wins; forms with features are chosen by them, parsed or from the cache",
          arguments: [false, true])
    func forms(cached: Bool) throws {
        let lexicon = try Self.lexicon(cached: cached)
        #expect(lexicon.form(of: "go", as: .VBD) == "went")
        #expect(lexicon.form(of: "go", as: .VBN) == "gone")
        #expect(lexicon.inflect("went", to: .VBN) == "gone")
        #expect(lexicon.form(of: "go", as: .VB) == "go")
        #expect(lexicon.form(of: "grand", as: .JJ) == "grand")
        #expect(lexicon.inflect("maison", to: .NN, features: WordFeatures([.plural])) == "maisons")
        #expect(lexicon.inflect("grand", to: .JJ, features: WordFeatures([.feminine, .plural])) == "grandes")
        #expect(lexicon.inflections(of: "grands", to: .JJ, features: WordFeatures([.feminine])) == ["grandes"])
        // Among equal forms, code point order: "epaisse" before "épaisse".
        #expect(lexicon.inflect("épais", to: .JJ, features: WordFeatures([.feminine])) == "epaisse")
        #expect(lexicon.hasReading("grandes", tag: .JJ, features: WordFeatures([.feminine, .plural])))
        #expect(!lexicon.hasReading("grandes", tag: .JJ, features: WordFeatures([.masculine])))
        #expect(lexicon.hasReading("old", tag: nil))
        #expect(!lexicon.hasReading("ghost", tag: nil))
    }

    @Test("A cache file that is damaged, or was built from another file or other closed classes, is never read")
    func staleOrDamagedCache() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/xx-lexicon.tsv"
        let cache = directory + "/cache"
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try Lexicon.cached(path: path, closedClasses: Self.closedClasses, cacheDirectory: cache)
        let cacheFile = cache + "/" + (try FileManager.default.contentsOfDirectory(atPath: cache)).first!
        // Every byte after the header flipped in turn would take long: flip one in each table.
        let original = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        for offset in stride(from: original.count - 1, to: 40, by: -max(1, original.count / 23)) {
            var damaged = original
            damaged[offset] ^= 0xFF
            try damaged.write(to: URL(fileURLWithPath: cacheFile))
            let lexicon = try Lexicon.cached(path: path, closedClasses: Self.closedClasses, cacheDirectory: cache)
            // Either the damage was found and the file parsed again, or it touched nothing read
            // (padding); never a wrong answer or a crash.
            #expect(lexicon.readings(of: "went") == [Lexicon.Reading(tag: .VBD, lemma: "go")], "byte \(offset)")
            #expect(lexicon.inflect("grand", to: .JJ, features: WordFeatures([.feminine, .plural])) == "grandes", "byte \(offset)")
        }
        // Truncated.
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: cacheFile))
        #expect(try Lexicon.cached(path: path, closedClasses: Self.closedClasses, cacheDirectory: cache).knows("went"))
        // A changed file (another size) and other closed classes are read anew.
        try (Self.file + "\nnouveau\tNN").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Lexicon.cached(path: path, closedClasses: Self.closedClasses, cacheDirectory: cache).knows("nouveau"))
        let other = try Lexicon.cached(path: path, closedClasses: ["a": [Lexicon.Reading(tag: .DT, lemma: "a")]], cacheDirectory: cache)
        #expect(other.knows("a") && !other.knows("the"))
        // A cache that cannot be written costs nothing but the parse.
        #expect(try Lexicon.cached(path: path, closedClasses: Self.closedClasses, cacheDirectory: "/proc/no-cache-here").knows("went"))
    }

    @Test("A lexicon built from readings in memory reads them back")
    func inMemory() {
        let lexicon = Lexicon(readings: ["chat": [Lexicon.Reading(tag: .NN, lemma: "chat", features: WordFeatures([.masculine]))]])
        #expect(lexicon.readings(of: "chat").first?.features == WordFeatures([.masculine]))
        #expect(lexicon.count == 1)
        #expect(Lexicon.empty.count == 0 && !Lexicon.empty.knows(""))
    }
}
