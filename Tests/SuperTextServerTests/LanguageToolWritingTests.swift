import Foundation
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// What `/v2` reads and writes by hand, against what Foundation does.
@Suite("LanguageTool API: forms and JSON written by hand")
struct LanguageToolWritingTests {
    /// The decoding `decodeForm` had with Foundation: `+` replaced, then `removingPercentEncoding`.
    static func foundationForm(_ form: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else { return nil }
            var value = ""
            if parts.count > 1 {
                guard let decoded = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else { return nil }
                value = decoded
            }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    @Test(arguments: [
        "", "text=Hello+world", "text=caf%C3%A9&language=fr", "language=en-US&text=a%2Bb%3Dc%26d", "a=1&a=2&&b", "=x&y=",
        "text=%F0%9F%91%A9%F0%9F%8F%BD%E2%80%8D%F0%9F%92%BB+ok", "text=100%25+sure&x=%7e%7E", "text=naïve+%C3%A9t%C3%A9",
        "text=%", "text=%4", "text=%zz", "text=%FF", "text=%C3", "text=ok&language=%E2%82", "t=a%0Ab%0D%0Ac%09",
    ])
    func formsDecodeAsFoundationDecodedThem(form: String) throws {
        let expected = Self.foundationForm(form)
        let decoded = try? FormDecoder.decode(Array(form.utf8))
        #expect(decoded == expected)
        if expected == nil {
            #expect { try FormDecoder.decode(Array(form.utf8)) } throws: { ($0 as? APIError)?.code == .badForm }
        }
    }

    @Test(arguments: [
        "", " ", "plain", "  both ends\t\n", "\u{A0}\u{2028}\u{3000}inner \u{2003} kept\u{2029}\u{85}\r\n",
        "\u{200B}zero width is not white space\u{FEFF}", " 👩🏽‍💻 ", "\n\u{301}mark", "e\u{301} ",
    ])
    func sentencesAreTrimmedAsTrimmingCharactersTrimsThem(text: String) {
        let units = Array(text.utf16)
        #expect(LanguageToolResponse.trimmedText(of: 0..<units.count, in: units) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func utf16IsTranscodedAsTheStandardLibraryDecodesIt() {
        let texts = ["", "plain", "é ñ 中文 \u{10FFFF}", "👩🏽‍💻 a\nb\n", "e\u{301}\n\u{301}"]
        var cases = texts.map { Array($0.utf16)[...] }
        // Lone surrogates, at either end and inside; a pair cut in half by the slice.
        cases += [[0xD800], [0xDC00, 0x41], [0x41, 0xD83D], [0xD83D, 0xD83D, 0xDE00], [0xDE00, 0xD83D]].map { $0[...] }
        cases.append(Array("a👩🏽b".utf16)[2...])
        for units in cases {
            #expect(LanguageToolResponse.string(fromUTF16: units) == String(decoding: units, as: UTF16.self))
            #expect(LanguageToolResponse.string(fromUTF16: units, lineFeedsAsSpaces: true)
                == String(decoding: units.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF16.self))
        }
    }

    @Test func responsesAreWrittenAsTheAPIEncoderWritesThem() throws {
        let proofreader = Proofreader(catalog: TestServer.sharedPool.catalog)
        let annotated = try AnnotatedText.parse(data: #"""
            {"annotation": [{"text": "I recieve teh letter.\nIt is \"quoted\" / slashed and and"}, {"markup": "<b>"},
             {"text": " wich is it?  Emoji 👩🏽‍💻 tpyo."}, {"markup": "</b>", "interpretAs": ""}]}
            """#)
        for language in ["en-US", "auto"] {
            let result = try proofreader.check(CheckRequest(text: annotated.plainText, language: language))
            let response = LanguageToolResponse(result: result, text: annotated)
            #expect(response.matches.count >= 4)
            #expect(response.sentenceRanges.count >= 2)
            let foundation = try JSONCoding.encoder().encode(response)
            #expect(String(decoding: response.json, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
        }
        let empty = LanguageToolResponse(
            result: try proofreader.check(CheckRequest(text: "", language: "en-US")), text: AnnotatedText(text: "")
        )
        #expect(String(decoding: empty.json, as: UTF8.self) == String(decoding: try JSONCoding.encoder().encode(empty), as: UTF8.self))
    }
}
