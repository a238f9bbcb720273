import Foundation
import Testing
@testable import SuperTextCore

/// Confused words are decided by the trigram model over the words around them: the common
/// confusions with their meanings, and the long list of pairs with a general explanation.
@Suite("Confused words")
struct ConfusedWordRuleTests {
    static func confused(_ text: String, explanation: ExplanationLanguage = .en) throws -> [Match] {
        try TestSupport.proofreader.check(CheckRequest(text: text, language: "en-US", explanationLanguage: explanation))
            .matches.filter { $0.rule == "EN_CONFUSED_WORDS" }
    }

    @Test("A common confusion is corrected and explained by the meanings of both words")
    func commonConfusion() throws {
        let matches = try Self.confused("The second song was better then the first.")
        #expect(matches.map(\.suggestions.first) == ["than"])
        #expect(matches.first?.message == "Did you mean 'than' (in comparisons, as in \"bigger than\")?")
        #expect(matches.first?.explanation.detail.contains("'then': at that time, or next.") == true)
        let its = try Self.confused("Its a nice day today.")
        #expect(its.map(\.suggestions.first) == ["It's"], "capitalised as written")
    }

    @Test("A candidate the clause cannot take is not offered, however likely its triples")
    func clauseConstraints() throws {
        // Each of these had a candidate offered before (let's, that, were, of, proceed).
        for sentence in [
            "The -l option lets you use the program where a screen is not available.",
            "If the format requires more arguments than are supplied, the extra ones are ignored.",
            "This helps in batch jobs and scripts where no user is present to enter a password.",
            "Users should take care if string is double-quoted to avoid unwanted expansion.",
            "The return type may precede the function name.",
        ] {
            #expect(try Self.confused(sentence).isEmpty, "\(sentence)")
        }
        // The same words where the candidate fits are still corrected.
        #expect(try Self.confused("Yes, off course we should do that.").map(\.suggestions.first) == ["of"])
    }

    @Test("A pair of the long list is corrected, with the explanation every pair shares, in each language")
    func pairWithoutMeanings() throws {
        let english = try Self.confused("The house is for sail.")
        #expect(english.map(\.suggestions.first) == ["sale"])
        #expect(english.first?.message == "Did you mean 'sale'?")
        #expect(english.first?.explanation.detail.hasPrefix("'sail' and 'sale' sound or look alike") == true)
        let french = try Self.confused("The house is for sail.", explanation: .fr)
        #expect(french.first?.explanation.detail.hasPrefix("« sail » et « sale » se ressemblent") == true)
    }

    @Test("Common words a letter apart are corrected where the words around ask for the other, with the largest margin")
    func wordsOneEditApart() throws {
        for (text, meant) in [
            ("I don't fell like working today.", "feel"), ("It is a mixed bad of good and bad ideas.", "bag"),
            ("Of curse, we will help.", "course"), ("I have gotten ride of the old code.", "rid"),
        ] {
            #expect(try Self.confused(text).map(\.suggestions.first) == [meant], "\(text)")
        }
        for text in [
            "She fell down the stairs and felt bad about it.", "The bag was bad.", "He will ride home.",
            "They chose their colour, and he will realise it.",  // spelling variants are no pair
            "Neither thy father nor thy mother knew.",  // archaic words a quotation keeps
        ] {
            #expect(try Self.confused(text).isEmpty, "\(text)")
        }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let rule = try #require(ConfusedWordRule.load(language: "en", searchPath: [repository.appendingPathComponent("Dictionaries").path]))
        #expect(rule.candidates(of: "fell")?.first { $0.word == "feel" }?.minimumLog10Ratio == ConfusedWordRule.editRatio)
        #expect(rule.candidates(of: "works")?.contains { $0.word == "work" } != true, "inflections are left to the grammar rules")
        #expect(rule.problems.isEmpty)
    }

    @Test("Clean sentences with the same words are left alone")
    func cleanSentences() throws {
        for text in [
            "It's their house over there, and they're home.",
            "The dog wagged its tail.",
            "We ate, and then we left. It was later than we thought.",
            "The sail of the boat was torn.",
            "Mark Wood would like some wood.",  // names are not judged
            "The fee-paying members and/or [T]he editors.",
        ] {
            #expect(try Self.confused(text).isEmpty, "\(text)")
        }
    }

    @Test("The parser reads sets, pairs both ways and one way, and names the lines it cannot read")
    func parser() {
        let rule = ConfusedWordRule(language: "en", files: [
            ("sets.txt", "then: at that time\nthan*: in comparisons\n\n", 2),
            ("pairs.txt", "sail; sale\nadvice -> advise\n# a comment\nthen; than\none; two; three\n -> lonely\n", 3.5),
        ])
        #expect(rule.candidates(of: "then")?.map(\.word) == ["than"])
        #expect(rule.candidates(of: "then")?.first?.minimumLog10Ratio == 2, "the first file's margin stays")
        #expect(rule.candidates(of: "sail")?.map(\.word) == ["sale"] && rule.candidates(of: "sale")?.map(\.word) == ["sail"])
        #expect(rule.candidates(of: "advice")?.map(\.word) == ["advise"] && rule.candidates(of: "advise") == nil)
        #expect(rule.candidates(of: "then")?.first?.needsFollower == true && rule.candidates(of: "than")?.first?.needsFollower == false)
        #expect(rule.problems == [
            "pairs.txt:5: neither `word: meaning`, `a; b` nor `a -> b`",
            "pairs.txt:6: `written -> meant` needs a word on each side",
        ])
    }
}

/// Spelling suggestions are put in order by the words around the misspelling (English).
@Suite("Suggestions in context")
struct ContextRankingTests {
    static func firstSuggestion(_ text: String) throws -> String? {
        try TestSupport.proofreader.check(CheckRequest(text: text, language: "en-US"))
            .matches.first { $0.category == .spelling }?.suggestions.first
    }

    @Test("The same misspelling gets the word its sentence asks for")
    func contextDecides() throws {
        let alone = try TestSupport.proofreader.suggestions(for: "wich", language: "en-US")
        #expect(alone.prefix(5).contains("which") && alone.prefix(5).contains("wish"))
        #expect(try Self.firstSuggestion("I wich I could go home.") == "wish")
        #expect(try Self.firstSuggestion("Tell me wich one is yours.") == "which")
    }

    @Test("A word alone, or far likelier first anyway, keeps the suggester's order")
    func orderKept() throws {
        let alone = try TestSupport.proofreader.suggestions(for: "recieve", language: "en-US")
        #expect(try Self.firstSuggestion("recieve") == alone.first)
        #expect(try Self.firstSuggestion("I will recieve the letter tomorrow.") == "receive")
    }

    @Test("The window stops at the sentence and at punctuation, and needs a word the model knows")
    func window() throws {
        let model = try #require(GrammarCatalog.grammar(for: "en", searchPath: DictionaryCatalog().searchPath).languageModel)
        let ranking = ContextRanking(model: model)
        func window(_ text: String, word: String) -> (TrigramModel.WordID, TrigramModel.WordID, [TrigramModel.WordID])? {
            var text = text
            return text.withUTF8 { bytes in
                let words = Tokenizer.words(in: bytes, format: .plain)
                let document = CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes))
                guard let token = words.first(where: { document.text(of: $0) == word }),
                      let found = ranking.window(around: token, in: document) else { return nil }
                return (found.before2, found.before1, found.after)
            }
        }
        let start = try #require(window("Wich one is yours? I know.", word: "Wich"))
        #expect(start.0 == model.sentenceStart && start.1 == model.sentenceStart)
        #expect(start.2 == [model.id(of: "one"), model.id(of: "is")])
        let beforeComma = try #require(window("So I said wich, and left.", word: "wich"))
        #expect(beforeComma.0 == model.id(of: "i") && beforeComma.1 == model.id(of: "said") && beforeComma.2.isEmpty)
        #expect(window("wich", word: "wich") == nil)
    }
}
