import Testing
@testable import SuperTextCore

@Suite("Suggestion limit")
struct SuggestionLimitTests {
    /// An engine whose suggesters count how often they are asked.
    final class CountingEngine: SuggestionEngine, @unchecked Sendable {
        final class CountingSuggester: Suggester {
            let engine: CountingEngine
            init(engine: CountingEngine) { self.engine = engine }
            func suggestions(for word: String, personalWords: Set<String>, limit: Int) -> [String] {
                engine.calls += 1
                return ["the"]
            }
        }

        var calls = 0

        func makeSuggester(for language: InstalledLanguage, dictionary: HunspellDictionary) -> any Suggester {
            CountingSuggester(engine: self)
        }
    }

    @Test func zeroLimitSkipsSuggestionWorkEntirely() throws {
        // Given a proofreader with suggestions turned off
        let engine = CountingEngine()
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [], suggestionEngine: engine)
        proofreader.suggestionLimit = 0

        // When it checks a text with misspellings
        let result = try proofreader.check(CheckRequest(text: "Teh cat recieved a lettr.", language: "en-US"))

        // Then the words are still flagged, without suggestions, and the suggester was never asked
        #expect(result.matches.map(\.text) == ["Teh", "recieved", "lettr"])
        #expect(result.matches.allSatisfy { $0.suggestions.isEmpty })
        #expect(result.matches.allSatisfy { $0.explanation.kind == .unknownWord })
        #expect(try proofreader.suggestions(for: "teh", language: "en-US").isEmpty)
        #expect(engine.calls == 0)
    }

    @Test func positiveLimitAsksTheSuggester() throws {
        let engine = CountingEngine()
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [], suggestionEngine: engine)
        let result = try proofreader.check(CheckRequest(text: "Teh cat.", language: "en-US"))
        #expect(result.matches.first?.suggestions == ["the"])
        #expect(engine.calls == 1)
    }
}
