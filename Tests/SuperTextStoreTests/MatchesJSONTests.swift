import Foundation
import Testing
@testable import SuperTextCore
@testable import SuperTextStore

@Suite("Stored matches as JSON")
struct MatchesJSONTests {
    /// What the store wrote before: GRDB's JSON settings for a JSON column.
    static func foundationJSON(_ matches: [Match]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(matches), as: UTF8.self)
    }

    static func decoded(_ json: String) throws -> [Match] {
        try JSONDecoder().decode([Match].self, from: Data(json.utf8))
    }

    static let catalog = DictionaryCatalog()

    @Test(arguments: [
        ("en-US", "I recieve teh letter  and and it's \"quoted\" / slashed... Wich is it?"),
        ("fr", "Je suis alé à l'ecole avec mon ami , hier ."),
        ("de-DE", "Ich habe das Buch gelessen und es war sehr gut gut."),
        ("es", "Ayer fuimos al cine y la pelicula fue muy buena."),
    ])
    func realChecksAreWrittenAsJSONEncoderWritesThem(language: String, text: String) throws {
        let proofreader = Proofreader(catalog: Self.catalog)
        let result = try proofreader.check(CheckRequest(text: text, language: language))
        #expect(!result.matches.isEmpty)
        let json = MatchesJSON.encode(result.matches)
        #expect(json == (try Self.foundationJSON(result.matches)))
        #expect(try Self.decoded(json) == result.matches)
    }

    @Test func awkwardStringsSurviveTheRoundTrip() throws {
        let awkward = [
            "", "\"", "\\", "/", "a/b\\c\"d", "line\nbreak", "tab\tcarriage\r", "\u{08}\u{0C}",
            "\u{01}\u{1F}\u{7F}", "naïve café", "emoji 👩🏽‍💻 ok", "e\u{301}", "\u{2028}\u{2029}", "中文",
        ]
        let matches = awkward.enumerated().map { index, string in
            Match(
                offset: index, length: string.utf16.count, text: string, category: .typography, rule: "RULE_\(index)",
                message: "Message \(string)", shortMessage: string, suggestions: index % 3 == 0 ? [] : [string, "x\(string)"],
                explanation: Explanation(kind: .severalEdits, title: string, detail: "«\(string)»")
            )
        }
        let json = MatchesJSON.encode(matches)
        #expect(try Self.decoded(json) == matches)
        #expect(json == (try Self.foundationJSON(matches)))
        #expect(MatchesJSON.encode([]) == "[]")
    }
}
