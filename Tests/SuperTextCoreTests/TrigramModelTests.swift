import Foundation
import Testing
@testable import SuperTextCore

/// `TrigramModel` reads Debian's English trigram model (`pocketsphinx-en-us`, which `make test`
/// installs) with its own code: it must give the probabilities pocketsphinx itself gives
/// (`scripts/trigram-expected.py` wrote them), and refuse a file that is not such a model.
@Suite("Trigram model")
struct TrigramModelTests {
    static let path = LanguageGrammar.installedLanguageModels["en"]!
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")

    @Test("Every triple of the test sentences gets pocketsphinx's probability, backing off as it does")
    func agreesWithPocketsphinx() throws {
        let model = try TrigramModel(path: Self.path)
        let lines = try String(contentsOf: Self.data.appendingPathComponent("trigram-expected.en.tsv"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count >= 90)
        var compared = 0
        for line in lines {
            let fields = line.split(separator: "\t")
            let words = fields[0].split(separator: " ").map { model.id(of: String($0)) }
            let expected = try #require(Float(fields[1]))
            let found = model.logProbability(of: words[2], after: words[1], words[0])
            if words[2] == TrigramModel.unknown {
                // pocketsphinx gives an unknown word its floor; ours is a constant that only has to be low.
                #expect(found == TrigramModel.unknownWordProbability)
                continue
            }
            #expect(abs(found - expected) < 0.001, "\(fields[0]): \(found), pocketsphinx \(expected)")
            compared += 1
        }
        #expect(compared >= 90)
    }

    @Test("A likelier sentence scores higher: 'better than' over 'better then'")
    func prefersTheUsualWord() throws {
        let model = try TrigramModel(path: Self.path)
        let better = model.id(of: "better"), was = model.id(of: "was")
        #expect(model.logProbability(of: model.id(of: "than"), after: better, was)
                > model.logProbability(of: model.id(of: "then"), after: better, was) + 1)
        #expect(model.id(of: "it's") != TrigramModel.unknown)
        #expect(model.id(of: "it\u{2019}s") == model.id(of: "it's"), "a curly apostrophe is the model's straight one")
        #expect(model.sentenceStart != TrigramModel.unknown && model.sentenceEnd != TrigramModel.unknown)
    }

    @Test("A file that is not a whole model is refused, never read past its end")
    func refusesDamagedFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trigram-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        var bad: [String: Data] = [
            "empty": Data(),
            "text": Data("not a language model\n".utf8),
            "header only": whole.prefix(40),
        ]
        for fraction in [0.01, 0.5, 0.99] { bad["cut at \(fraction)"] = whole.prefix(Int(Double(whole.count) * fraction)) }
        var wrongOrder = whole
        wrongOrder[19] = 4  // a 4-gram model
        bad["order 4"] = wrongOrder
        for (name, bytes) in bad {
            let file = directory.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-"))
            try bytes.write(to: file)
            #expect(throws: TrigramModel.FormatError.self, "\(name)") { try TrigramModel(path: file.path) }
        }
        #expect(throws: TrigramModel.FormatError.self) { try TrigramModel(path: directory.appendingPathComponent("missing").path) }
    }

    @Test("The pronouncing dictionary beside the model gives each word's first sound")
    func firstSounds() throws {
        let sounds = try FirstSounds(path: LanguageGrammar.installedPronunciations["en"]!)
        #expect(sounds.firstSound(of: "hour") == .vowel)
        #expect(sounds.firstSound(of: "University") == .consonant)
        #expect(sounds.firstSound(of: "euler") == .vowel)
        #expect(sounds.firstSound(of: "sql") == .either, "said as letters or as 'sequel'")
        #expect(sounds.firstSound(of: "zzyzxq") == nil)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.dict")
        try Data("hour AW ER\nlonely\n".utf8).write(to: bad)
        #expect(throws: FirstSounds.FormatError.self) { try FirstSounds(path: bad.path) }
    }
}
