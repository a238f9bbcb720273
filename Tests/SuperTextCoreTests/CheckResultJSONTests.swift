import Foundation
import Testing
@testable import SuperTextCore

@Suite("Check results written as JSON by hand")
struct CheckResultJSONTests {
    static let catalog = DictionaryCatalog()

    static func foundation(_ value: some Encodable, escapingSlashes: Bool = false) throws -> String {
        let encoder = escapingSlashes ? JSONEncoder() : JSONCoding.encoder()
        if escapingSlashes { encoder.outputFormatting = .sortedKeys }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func handWritten(_ result: CheckResult) -> String {
        String(decoding: CheckResultJSON.encode(result), as: UTF8.self)
    }

    @Test(arguments: [
        ("en-US", "I recieve teh letter  and and it's \"quoted\" / slashed... Wich is it? See https://example.org/a/b."),
        ("auto", "Je suis alé à l'ecole avec mon ami , hier ."),
        ("de-DE", "Ich habe das Buch gelessen und es war sehr gut gut."),
        ("es", "Ayer fuimos al cine y la pelicula fue muy buena."),
        ("en-US", "A clean sentence with nothing to flag."),
        ("auto", "Ελληνικά κείμενα χωρίς λεξικό."),
    ])
    func realChecksAreWrittenAsTheAPIEncoderWritesThem(language: String, text: String) throws {
        let proofreader = Proofreader(catalog: Self.catalog)
        var result = try proofreader.check(CheckRequest(text: text, language: language))
        #expect(Self.handWritten(result) == (try Self.foundation(result)))
        result.id = 9_007_199_254_740_993
        #expect(Self.handWritten(result) == (try Self.foundation(result)))
        let decoded = try JSONDecoder().decode(CheckResult.self, from: Data(CheckResultJSON.encode(result)))
        #expect(decoded.matches == result.matches && decoded.id == result.id && decoded.correctedText == result.correctedText)
    }

    static let awkward = [
        "", "\"", "\\", "/", "a/b\\c\"d", "line\nbreak", "tab\tcarriage\r", "\u{08}\u{0C}",
        "\u{01}\u{1F}\u{7F}", "naïve café", "emoji 👩🏽‍💻 ok", "e\u{301}", "\u{2028}\u{2029}", "中文",
    ]

    static var awkwardMatches: [Match] {
        awkward.enumerated().map { index, string in
            Match(
                offset: index, length: string.utf16.count, text: string, category: MatchCategory.allCases[index % 4],
                rule: "RULE_\(index)", message: "Message \(string)", shortMessage: string,
                suggestions: index % 3 == 0 ? [] : [string, "x\(string)"],
                explanation: Explanation(kind: ExplanationKind.allCases[index % ExplanationKind.allCases.count], title: string, detail: "«\(string)»")
            )
        }
    }

    @Test func awkwardStringsNumbersAndWarningsAreWrittenAsFoundationWritesThem() throws {
        let doubles = [1.0, 0.0, 0.5, 0.1 + 0.2, 1e-5, 1.5e20, 1e16, 0.000123, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 123.456]
        for (index, double) in doubles.enumerated() {
            let result = CheckResult(
                id: index % 2 == 0 ? nil : Int64(index),
                language: LanguageReport(code: "x/\(index)", name: Self.awkward[index], detected: index % 2 == 0, confidence: double),
                matches: Self.awkwardMatches, correctedText: Self.awkward[index + 1],
                stats: CheckStats(characters: index, words: -index, matches: Self.awkward.count, milliseconds: double),
                warnings: Array(Self.awkward.prefix(index))
            )
            #expect(Self.handWritten(result) == (try Self.foundation(result)))
        }
    }

    @Test func matchesAloneAreWrittenWithAndWithoutEscapedSlashes() throws {
        let matches = Self.awkwardMatches
        #expect(String(decoding: CheckResultJSON.encode(matches, escapingSlashes: true), as: UTF8.self) == (try Self.foundation(matches, escapingSlashes: true)))
        #expect(String(decoding: CheckResultJSON.encode(matches, escapingSlashes: false), as: UTF8.self) == (try Self.foundation(matches)))
        #expect(CheckResultJSON.encode([], escapingSlashes: true) == Array("[]".utf8))
    }
}
