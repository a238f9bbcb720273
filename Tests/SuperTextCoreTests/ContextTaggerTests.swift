import Foundation
import Testing
@testable import SuperTextCore

/// The English tagger of `Dictionaries/grammar/en-tagger.bin` tells a word's part of speech from
/// its neighbours, narrows the lexicon's tags with it, and refuses a file that is not a model.
@Suite("Context tagger")
struct ContextTaggerTests {
    static let grammar = GrammarCatalog.grammar(for: "en", searchPath: DictionaryCatalog().searchPath)

    static func tags(_ sentence: String) throws -> [String: String] {
        let tagger = try #require(grammar.tagger)
        let words = sentence.split(separator: " ").map(String.init)
        return Dictionary(zip(words, tagger.tags(of: words).map { tagger.tagNames[Int($0)] }), uniquingKeysWith: { $1 })
    }

    @Test("English grammar loads a tagger with Penn Treebank's tags")
    func loads() throws {
        let tagger = try #require(Self.grammar.tagger)
        for tag in ["NN", "NNS", "VB", "VBD", "VBZ", "MD", "DT", "IN", "JJ", "PRP$"] {
            #expect(tagger.tagNames.contains(tag))
        }
    }

    @Test("The same tags as the script that trained the model gives, sentence by sentence")
    func agreesWithTheTrainingScript() throws {
        let tagger = try #require(Self.grammar.tagger)
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")
        let sentences = try String(contentsOf: data.appendingPathComponent("tagger-sentences.en.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let expected = try String(contentsOf: data.appendingPathComponent("tagger-expected.en.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(sentences.count == expected.count && sentences.count >= 10)
        for (words, tags) in zip(sentences, expected) {
            #expect(tagger.tags(of: words).map { tagger.tagNames[Int($0)] } == tags, "\(words.joined(separator: " "))")
        }
    }

    @Test("One word, two parts of speech: decided by the words around it")
    func decidesByContext() throws {
        #expect(try Self.tags("They like the new house .")["like"] == "VBP")
        #expect(try Self.tags("Her eyes shine like stars .")["like"] == "IN")
        #expect(try Self.tags("We need a new plan for the team .")["plan"] == "NN")
        #expect(try Self.tags("We plan to leave early tomorrow .")["plan"] == "VBP")
        #expect(try Self.tags("The book is on the table .")["book"] == "NN")
        #expect(try Self.tags("Please book a room for two nights .")["book"] == "VB")
    }

    @Test("Narrowing keeps the lexicon's tags the context agrees with, and all of them where it agrees with none")
    func narrows() throws {
        let tagger = try #require(Self.grammar.tagger)
        let lexicon = Self.grammar.lexicon
        let words = ["We", "plan", "to", "leave", "early", "."]
        let narrowed = tagger.narrowed(words.map { lexicon.tags(of: $0.lowercased()) }, words: words)
        #expect(lexicon.tags(of: "plan").contains(.NN))
        #expect(narrowed[1] == WordTags([.VB]))
        // "xyzzy" is in no lexicon: nothing to narrow.
        let unknown = tagger.narrowed([WordTags(), WordTags()], words: ["xyzzy", "."])
        #expect(unknown == [WordTags(), WordTags()])
    }

    @Test("A file that is not a model, is cut short or claims more than it holds, is refused with its path")
    func refusesBadFiles() throws {
        let model = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.modelPath())))
        // A header that claims four billion features in a file of a few bytes.
        let huge = Data("STTAGGER".utf8) + Data([1, 0, 0, 0, 1, 0, 0, 0, 2, 0x4E, 0x4E, 0xFF, 0xFF, 0xFF, 0xFF])
        for (name, bytes) in [
            ("empty", Data()), ("text", Data("word\tNN\n".utf8)), ("truncated", model.prefix(model.count / 2)), ("huge count", huge),
        ] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagger-\(name)-\(UUID().uuidString).bin").path
            try bytes.write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect {
                _ = try ContextTagger(path: path)
            } throws: { error in
                "\(error)".contains(path)
            }
        }
    }

    static func modelPath() -> String? {
        DictionaryCatalog().searchPath.map { $0 + "/grammar/en-tagger.bin" }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
