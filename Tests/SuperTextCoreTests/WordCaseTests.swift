import Testing
@testable import SuperTextCore

@Suite("Capitals in words")
struct WordCaseTests {
    private func flagged(_ text: String) throws -> [String] {
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [])
        proofreader.suggestionLimit = 0
        return try proofreader.check(CheckRequest(text: text, language: "en-US")).matches.map(\.text)
    }

    @Test func shapes() {
        #expect(WordCase.isAcronym("API") && WordCase.isAcronym("APIs") && WordCase.isAcronym("NASA"))
        #expect(!WordCase.isAcronym("A") && !WordCase.isAcronym("Apis") && !WordCase.isAcronym("APIx"))
        #expect(WordCase.hasInnerCapitals("XMLSec") && WordCase.hasInnerCapitals("THis"))
        #expect(!WordCase.hasInnerCapitals("NASA") && !WordCase.hasInnerCapitals("Paris"))
        #expect(WordCase.capitalized("THis") == "This")
        // Beyond ASCII, Unicode's letters decide.
        #expect(WordCase.hasInnerCapitals("ÉcoleÉ") && !WordCase.hasInnerCapitals("École") && !WordCase.hasInnerCapitals("ÉCOLE"))
        #expect(WordCase.startsWithCapital("Ärger") && !WordCase.startsWithCapital("ärger") && WordCase.startsWithCapital("Zoo"))
        #expect(!WordCase.startsWithCapital("zoo") && !WordCase.startsWithCapital("") && !WordCase.startsWithCapital("1A"))
    }

    @Test func namesWithCapitalsInsideAreNotFlagged() throws {
        #expect(try flagged("Lint it with ESLint, sign it with XMLSec, document it with JSDoc.") == [])
    }

    @Test func slipsOfTheShiftKeyAreFlagged() throws {
        #expect(try flagged("THis is WHat I meant.") == ["THis", "WHat"])
    }

    @Test func acronymsInHyphenatedWordsAreSkipped() throws {
        #expect(try flagged("The Node-APIs and non-ASCII names.") == [])
        // A typo beside an acronym is still found, and so is one in prose in capitals.
        #expect(try flagged("The Node-APIs are well-documentted.") == ["documentted"])
        #expect(try flagged("PROVIDED WITH NO NON-INFRIGEMENT WARRANTY") == ["INFRIGEMENT"])
    }
}
