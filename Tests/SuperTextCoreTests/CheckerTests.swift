import Foundation
import Testing
@testable import SuperTextCore

@Suite("Checker")
struct CheckerTests {
    @Test func reportsUTF16OffsetsAfterEmojiAndAccents() throws {
        let text = "Café 😀 teh end"
        let result = try TestSupport.proofreader.check(CheckRequest(text: text, language: "en-US"))
        let match = try #require(result.matches.first { $0.text == "teh" })
        #expect(match.offset == 8)  // C a f é space 😀(2) space
        #expect(match.length == 3)
        #expect(match.category == .spelling)
        #expect(match.rule == "SPELLING")
    }

    @Test func correctedTextAppliesFirstSuggestions() throws {
        let result = try TestSupport.proofreader.check(CheckRequest(text: "I recieve the the letter.", language: "en-US"))
        #expect(result.correctedText == "I receive the letter.")
    }

    @Test func correctionsLandAtTheirUTF16OffsetsAroundEmojiAndAccents() throws {
        func match(_ offset: Int, _ length: Int, _ suggestions: [String]) -> Match {
            Match(
                offset: offset, length: length, text: "", category: .spelling, rule: "SPELLING", message: "", shortMessage: "",
                suggestions: suggestions, explanation: Explanation(kind: .unknownWord, title: "", detail: ""))
        }
        let text = "Café 😀 teh naïve 🇫🇷 wrld"
        // teh at 8 (😀 is two units), wrld at 23 (the flag is four), a match with no suggestion,
        // and one overlapping the first, which is left alone.
        let matches = [match(23, 4, ["world", "word"]), match(8, 3, ["the"]), match(12, 5, []), match(9, 4, ["x"])]
        #expect(CorrectionApplier.apply(matches, to: text) == "Café 😀 the naïve 🇫🇷 world")
        #expect(CorrectionApplier.apply([match(0, 4, ["Cafe"]), match(27, 0, ["!"])], to: text) == "Cafe 😀 teh naïve 🇫🇷 wrld!")
        // One reaching past the end is left alone.
        #expect(CorrectionApplier.apply([match(25, 4, ["x"])], to: text) == text)
        #expect(CorrectionApplier.apply([], to: text) == text)
    }

    @Test func emptyTextIsACleanResult() throws {
        let result = try TestSupport.proofreader.check(CheckRequest(text: "", language: "auto"))
        #expect(result.matches.isEmpty)
        #expect(result.correctedText == "")
        #expect(result.stats.words == 0)
    }

    @Test func personalWordsAreNeverFlagged() throws {
        let text = "SuperText uses Hunspellish words."
        let before = try TestSupport.proofreader.check(CheckRequest(text: text, language: "en-US"))
        #expect(before.matches.contains { $0.text == "Hunspellish" })
        let after = try TestSupport.proofreader.check(
            CheckRequest(text: text, language: "en-US", acceptedWords: ["hunspellish", "SuperText"])
        )
        #expect(after.matches.isEmpty)
    }

    @Test func unknownLanguageListsInstalledOnes() {
        #expect {
            try TestSupport.proofreader.check(CheckRequest(text: "x", language: "xx-YY"))
        } throws: { error in
            let error = error as? SuperTextError
            return error?.code == .unknownLanguage && error?.message.contains("en-US") == true
        }
    }

    @Test func languageCodesAreAcceptedInEveryForm() throws {
        for code in ["en-US", "en_US", "en", "EN-us"] {
            let result = try TestSupport.proofreader.check(CheckRequest(text: "Hello", language: code))
            #expect(result.language.code == "en-US")
            #expect(result.language.name == "English (US)")
            #expect(result.language.detected == false)
        }
        let spanish = try TestSupport.proofreader.check(CheckRequest(text: "Hola", language: "es_MX"))
        #expect(spanish.language.code == "es-ES")  // es_MX is Debian's link to es_ES
    }

    @Test func detectionIsRestrictedToPreferredLanguages() throws {
        let result = try TestSupport.proofreader.check(
            CheckRequest(text: "Das ist gut", language: "auto", preferredLanguages: ["fr", "es"])
        )
        #expect(["fr", "es-ES"].contains(result.language.code))
        #expect(result.language.detected)
    }

    @Test func detectionIsStableOnShortTexts() throws {
        for _ in 0..<3 {
            #expect(try TestSupport.proofreader.check(CheckRequest(text: "OK", language: "auto")).language.code == "en-US")
        }
    }

    @Test func detectionConfidenceReflectsHowClearTheChoiceIs() throws {
        // Among the four languages `make run` installs: each further dictionary a machine has
        // (Dutch, Italian...) accepts some English words and so lowers the margin.
        let candidates = ["en", "fr", "de", "es"]
        let long = try TestSupport.proofreader.check(CheckRequest(
            text: "The weather was fine and the children played outside in the garden until the evening came.",
            language: "auto", preferredLanguages: candidates
        ))
        #expect(long.language.code == "en-US")
        #expect(long.language.confidence > 0.8)
        // Typos lower every language's share alike: still clearly English.
        let typos = try TestSupport.proofreader.check(
            CheckRequest(text: "I recieve teh letter tomorow.", language: "auto", preferredLanguages: candidates))
        #expect(typos.language.code == "en-US")
        #expect(typos.language.confidence > 0.4)
        #expect(typos.language.confidence < long.language.confidence)
    }

    @Test func preferredLanguagesNeedAuto() {
        #expect(throws: SuperTextError.preferredLanguagesWithoutAuto()) {
            try TestSupport.proofreader.check(CheckRequest(text: "x", language: "en", preferredLanguages: ["fr"]))
        }
    }

    @Test func unsupportedScriptIsReportedNotFlagged() throws {
        let result = try TestSupport.proofreader.check(CheckRequest(text: "这是一个测试。これはテストです。", language: "auto"))  // no Hunspell dictionary has Han or kana
        #expect(result.language.code == "und")
        #expect(result.matches.isEmpty)
        #expect(!result.warnings.isEmpty)
    }

    @Test func explanationsFollowTheTextLanguageByDefault() throws {
        let result = try TestSupport.proofreader.check(CheckRequest(text: "Je suis trés content.", language: "fr"))
        let french = try #require(result.matches.first)
        let english = try #require(
            try TestSupport.proofreader.check(
                CheckRequest(text: "Je suis trés content.", language: "fr", explanationLanguage: .en)
            ).matches.first
        )
        #expect(french.explanation.detail != english.explanation.detail)
        #expect(french.explanation.kind == .accent)
    }

    @Test func disabledRulesAndPickyLevelAreHonoured() throws {
        let long = Array(repeating: "word", count: 45).joined(separator: " ") + "."
        let normal = try TestSupport.proofreader.check(CheckRequest(text: long, language: "en-US"))
        #expect(!normal.matches.contains { $0.rule == "LONG_SENTENCE" })
        let picky = try TestSupport.proofreader.check(CheckRequest(text: long, language: "en-US", picky: true))
        #expect(picky.matches.contains { $0.rule == "LONG_SENTENCE" })
        let disabled = try TestSupport.proofreader.check(
            CheckRequest(text: "The the cat.", language: "en-US", disabledRules: ["REPEATED_WORD"])
        )
        #expect(disabled.matches.isEmpty)
    }

    @Test func invalidUTF8NamesTheByteOffset() {
        let bytes: [UInt8] = Array("abc".utf8) + [0xC3, 0x28] + Array("def".utf8)
        #expect(UTF8Validation.firstInvalidByteOffset(in: bytes) == 3)
        #expect(throws: SuperTextError.invalidUTF8(atByteOffset: 3)) { try UTF8Validation.decode(bytes) }
        #expect(UTF8Validation.firstInvalidByteOffset(in: Array("Café 😀".utf8)) == nil)
        #expect(UTF8Validation.firstInvalidByteOffset(in: [0xED, 0xA0, 0x80]) == 0)  // a surrogate
        #expect(UTF8Validation.firstInvalidByteOffset(in: [0xF0, 0x9F]) == 0)  // truncated
    }

    @Test func textPositionsGiveLinesAndColumns() {
        let positions = TextPositions("ab\n😀 teh")
        #expect(positions.lineAndColumn(ofUTF16Offset: 0) == (1, 1))
        #expect(positions.lineAndColumn(ofUTF16Offset: 6) == (2, 3))
    }

    @Test func decomposedInputIsNormalisedForTheDictionary() throws {
        let decomposed = "Gru\u{308}ße aus der Stadt"  // ü as u + combining diaeresis
        let result = try TestSupport.proofreader.check(CheckRequest(text: decomposed, language: "de-DE"))
        #expect(result.matches.isEmpty)
    }
}
