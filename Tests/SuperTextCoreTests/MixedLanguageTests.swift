import Foundation
import Testing
@testable import SuperTextCore

/// Texts in more than one language: a sentence clearly in another language than the text's is
/// checked in its own (with `auto`, or `mixedLanguages` with a given language), short fragments
/// keep the text's language, and every match names the language it was checked in.
@Suite("Mixed languages")
struct MixedLanguageTests {
    private static let englishWithFrenchCaption = """
        The release notes describe the new interface in detail. The screenshots were taken on a \
        laptop with the default theme and a large font.
        Première des captures d'écran
        Each screenshot shows one window of the application, with its menus open.
        """

    private func check(_ text: String, language: String = "auto", mixed: Bool? = nil) throws -> CheckResult {
        var request = CheckRequest(text: text, language: language)
        request.mixedLanguages = mixed
        return try TestSupport.proofreader.check(request)
    }

    @Test func aSentenceInAnotherLanguageGetsNoGrammarOfTheText() throws {
        let text = "Die weißen tauben sind müde. These fields must not contain any colons or equal signs."
        let english = (text as NSString).range(of: "These").location
        let matches = try check(text, language: "de-DE").matches.filter { $0.category != .spelling && $0.category != .name }
        #expect(matches.contains { $0.rule == "DE_NOUN_CAPITALS" && $0.offset < english }, "the German sentence keeps its match")
        #expect(!matches.contains { $0.offset >= english }, "\(matches.map(\.rule))")
    }

    @Test func aFrenchCaptionInAnEnglishTextIsCheckedInFrenchWithAuto() throws {
        let result = try check(Self.englishWithFrenchCaption)
        #expect(result.language.code.hasPrefix("en"))
        #expect(result.matches.filter { $0.category == .spelling || $0.category == .name }.isEmpty)
        let caption = try #require(result.languageRanges.first)
        #expect(caption.code.hasPrefix("fr"))
        let text = Self.englishWithFrenchCaption
        let start = text.utf16.index(text.utf16.startIndex, offsetBy: caption.offset)
        #expect(String(text[start...]).hasPrefix("Première des captures d'écran"))
        #expect(result.languageRanges.count == 1)
    }

    @Test func aGivenLanguageWithoutMixedLanguagesStillFlagsTheCaption() throws {
        let result = try check(Self.englishWithFrenchCaption, language: "en-US")
        let flagged = Set(result.matches.filter { $0.category == .spelling || $0.category == .name }.map(\.text))
        #expect(flagged.isSuperset(of: ["Première", "d'écran"]))
        #expect(result.languageRanges.isEmpty)
        #expect(result.matches.allSatisfy { $0.language == "en-US" })
    }

    @Test func aGivenLanguageWithMixedLanguagesChecksTheCaptionInFrench() throws {
        let result = try check(Self.englishWithFrenchCaption, language: "en-GB", mixed: true)
        #expect(result.matches.filter { $0.category == .spelling || $0.category == .name }.isEmpty)
        #expect(result.languageRanges.map(\.code).first?.hasPrefix("fr") == true)
        // And `auto` can be told not to.
        let off = try check(Self.englishWithFrenchCaption, mixed: false)
        #expect(off.matches.contains { $0.text == "d'écran" })
    }

    @Test func aFrenchQuotationInsideAnEnglishSentenceIsCheckedInFrench() throws {
        let text = "The first screenshot has a caption that reads « Première des captures d’écran du logiciel » in the original."
        let result = try check(text)
        #expect(result.language.code.hasPrefix("en"))
        #expect(result.matches.filter { $0.category == .spelling || $0.category == .name }.isEmpty, "\(result.matches.map(\.text))")
        let quote = try #require(result.languageRanges.first)
        #expect(quote.code.hasPrefix("fr"))
        let start = text.utf16.index(text.utf16.startIndex, offsetBy: quote.offset)
        #expect(String(text[start...]).hasPrefix("Première"))
        // An English word in quotes is no quotation in another language.
        let scare = try check("The so-called \"smart\" mode is what we recieve most questions about.")
        #expect(scare.languageRanges.isEmpty)
        #expect(scare.matches.contains { $0.text == "recieve" })
    }

    @Test func aShortFrenchWordInAnEnglishTextStaysEnglish() throws {
        let result = try check("We met at the café and she said bonjour to everyone in the room.")
        #expect(result.languageRanges.isEmpty)
        let bonjour = try #require(result.matches.first { $0.text == "bonjour" })
        #expect(bonjour.language == result.language.code)
        #expect(result.language.code.hasPrefix("en"))
        // A two-word quote on its own line is too short to judge: it keeps the text's language.
        let quote = try check("The sign on the door of the shop said one thing.\nMerci beaucoup\nWe went in anyway.")
        #expect(quote.languageRanges.isEmpty)
    }

    @Test func aMistakeInTheOtherLanguageIsReportedInThatLanguage() throws {
        let text = """
            Our team wrote the first draft of the guide last week, and the reviewers liked it.
            Nous avons écrit la premiere version du guide pour les utilisateurs.
            The second draft will follow next month.
            """
        let result = try check(text)
        let premiere = try #require(result.matches.first { $0.text == "premiere" })
        #expect(premiere.language?.hasPrefix("fr") == true)
        #expect(premiere.suggestions.contains("première"))
        // Explanations stay in the text's language.
        #expect(premiere.explanation.kind == .accent)
        #expect(result.language.code.hasPrefix("en"))
        let english = result.matches.filter { $0.offset < 80 }
        #expect(english.allSatisfy { $0.language == result.language.code })
    }

    @Test func aGermanParagraphInAnEnglishTextKeepsItsShortSentences() throws {
        let text = """
            This message is for the whole team. Please read the notes below before Monday.

            Liebe Kolleginnen und Kollegen, wir treffen uns am Montag im großen Saal. Danke!
            Bitte bringt eure Unterlagen mit, damit wir schnell anfangen können.

            See you there, and thanks again for your help.
            """
        let result = try check(text)
        #expect(result.language.code.hasPrefix("en"))
        #expect(result.matches.filter { $0.category == .spelling || $0.category == .name }.map(\.text) == [])
        #expect(result.languageRanges.count == 1)
        #expect(result.languageRanges.first?.code.hasPrefix("de") == true)
    }

    @Test func singleLanguageTextsGiveTheSameMatchesEitherWay() throws {
        let texts = [
            "Teh quick brown fox jumps over the lazy dog. I recieve many leters evry day from freinds.",
            "Je suis allé au marché hier et j'ai acheté des pommes. Il fesait beau.",
            "Ich habe gestern einen Brief geschreiben. Das Wetter war schön.",
        ]
        for text in texts {
            #expect(try check(text, mixed: true).matches == check(text, mixed: false).matches, "\(text)")
        }
    }

    @Test func segmentsAreSentencesAndLines() throws {
        var text = "One two three. Four five\nsix seven.\n\nEight nine."
        let segments = text.withUTF8 { bytes -> [MixedLanguages.Segment] in
            let words = Tokenizer.words(in: bytes, format: .plain)
            let document = CheckedDocument(
                bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes), withTokenStream: false
            )
            return MixedLanguages.segments(of: document)
        }
        #expect(segments.map(\.words.count) == [3, 2, 2, 2])
        #expect(segments.map(\.startsParagraph) == [true, false, false, true])
        // A quotation inside a sentence is a segment of its own.
        text = "He said “un deux trois” and left."
        let quoted = text.withUTF8 { bytes -> [MixedLanguages.Segment] in
            let document = CheckedDocument(
                bytes: bytes, words: Tokenizer.words(in: bytes, format: .plain),
                sentences: SentenceSplitter.sentences(in: bytes), withTokenStream: false
            )
            return MixedLanguages.segments(of: document)
        }
        #expect(quoted.map(\.words.count) == [2, 3, 2])
    }
}
