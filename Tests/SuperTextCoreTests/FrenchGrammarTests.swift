import Foundation
import Testing
@testable import SuperTextCore

/// The machinery French grammar adds: the lexicon's features and inflections, elisions read as
/// words, patterns with features, and which of a rule and spelling reports a misspelled word.
@Suite("French grammar")
struct FrenchGrammarTests {
    static let grammar = GrammarCatalog.grammar(for: "fr", searchPath: DictionaryCatalog().searchPath)

    @Test("The lexicon gives gender, number, person and tense, and inflects by them")
    func lexiconFeatures() {
        let lexicon = Self.grammar.lexicon
        #expect(lexicon.hasReading("maisons", tag: .NN, features: WordFeatures([.feminine, .plural])))
        #expect(!lexicon.hasReading("maison", tag: .NN, features: WordFeatures([.plural])))
        #expect(lexicon.hasReading("mangent", tag: .VBF, features: WordFeatures([.third, .plural, .indicativePresent])))
        #expect(lexicon.hasReading("allé", tag: .VBN, features: WordFeatures([.takesEtre])))
        #expect(lexicon.inflect("maison", to: .NN, features: WordFeatures([.plural])) == "maisons")
        #expect(lexicon.inflect("grand", to: .JJ, features: WordFeatures([.feminine])) == "grande")
        #expect(lexicon.inflect("mange", to: .VBF, features: WordFeatures([.third, .plural])) == "mangent")
        // The tense is kept: the imperfect stays imperfect.
        #expect(lexicon.inflect("mangeais", to: .VBF, features: WordFeatures([.third, .plural])) == "mangeaient")
        #expect(lexicon.inflect("as", to: .VBF, features: WordFeatures([.second, .singular, .subjunctivePresent])) == "aies")
        // Determiners come from the hand-written table, with their features.
        #expect(lexicon.hasReading("les", tag: .DT, features: WordFeatures([.plural])))
        #expect(lexicon.hasReading("l'", tag: .DT, features: WordFeatures([.singular])))
    }

    @Test("Elided words become words of their own, at their place in the original text")
    func elisionsSplit() throws {
        var text = "L’arbre qu’il voit, aujourd’hui."
        let tokens: [(String, Int, Int)] = text.withUTF8 { bytes in
            let words = Tokenizer.words(in: bytes, format: .plain)
            let document = CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes))
            let prepared = Self.grammar.prepared(document)
            return prepared.tokens.indices.filter { prepared.tokens[$0].kind == .word }.map { index in
                (prepared.lowercasedTexts[index], prepared.tokens[index].utf16Offset, prepared.tokens[index].utf16Length)
            }
        }
        #expect(tokens.map(\.0) == ["l'", "arbre", "qu'", "il", "voit", "aujourd'hui"])
        #expect(tokens[1].1 == 2 && tokens[1].2 == 5)
        #expect(tokens[2].1 == 8 && tokens[2].2 == 3)
        // Spelling still reads the words whole: nothing is reported in this sentence.
        let result = try TestSupport.proofreader.check(CheckRequest(text: text, language: "fr"))
        #expect(result.matches.isEmpty, "\(result.matches.map(\.text))")
    }

    @Test("A pattern reads features and inflects with them")
    func patternsWithFeatures() throws {
        let text = """
        id: TEST_PLURAL
        category: grammar
        pattern: les [<NN.sg>&!<NN.pl>]
        suggest: $2:NN.pl
        message: plural
        wrong: Les maison sont belles. => Les maisons sont belles.
        """
        let rules = try PatternRuleFile.rules(in: text, file: "test", language: "fr", exampleLanguage: "fr")
        #expect(rules.count == 1)
        #expect(throws: PatternRuleFile.FormatError.self) {
            try PatternRuleFile.rules(in: text.replacingOccurrences(of: "NN.sg", with: "NN.xx"), file: "test", language: "fr", exampleLanguage: "fr")
        }
        // A word with an elision is two elements, as in the text.
        #expect(PatternRuleFile.splittingElisions("mettre [l’emphase] sur", FrenchElision.elidedWords) == "mettre [l’ emphase] sur")
        #expect(PatternRuleFile.splittingElisions("aujourd’hui", FrenchElision.elidedWords) == "aujourd’hui")
    }

    @Test("A rule that replaces a misspelled word wins over spelling; one that keeps it does not")
    func rulesAndSpelling() {
        func match(_ offset: Int, _ length: Int, _ text: String, _ category: MatchCategory, _ suggestion: String) -> Match {
            Match(offset: offset, length: length, text: text, category: category, rule: category == .spelling ? "SPELLING" : "RULE",
                  message: "", shortMessage: "", suggestions: [suggestion], explanation: Explanation(kind: .grammar, title: "", detail: ""))
        }
        let anglicism = Proofreader.withoutOverlaps([match(0, 6, "eggnog", .spelling, "egg nog"), match(0, 6, "eggnog", .style, "lait de poule")])
        #expect(anglicism.map(\.rule) == ["RULE"])
        let elision = Proofreader.withoutOverlaps([match(3, 6, "arbree", .spelling, "arbre"), match(0, 9, "de arbree", .grammar, "d’arbree")])
        #expect(elision.map(\.rule) == ["SPELLING"])
        let compound = Proofreader.withoutOverlaps([match(0, 6, "Aulnay", .spelling, "Aulne"), match(0, 16, "Aulnay sous Bois", .typography, "Aulnay-sous-Bois")])
        #expect(compound.map(\.rule) == ["RULE"])
        #expect(Proofreader.containsWord("arbree", in: "d’arbree"))
        #expect(!Proofreader.containsWord("lab", in: "labo"))
    }

    @Test("The French rules explain themselves in every explanation language")
    func explanations() throws {
        for language in ExplanationLanguage.allCases {
            let result = try TestSupport.proofreader.check(
                CheckRequest(text: "Les maison sont grand. Ils mange. Il à faim.", language: "fr", explanationLanguage: language)
            )
            let rules = result.matches.filter { $0.category != .spelling }
            #expect(Set(rules.map(\.rule)).isSuperset(of: ["FR_ACCORD_DET_NOM", "FR_ACCORD_SUJET_VERBE", "FR_A_ACCENT_PRONOM"]), "\(rules.map(\.rule))")
            for match in rules {
                #expect(!match.message.isEmpty && !match.explanation.detail.isEmpty && !match.explanation.title.isEmpty)
                #expect(!match.message.contains("{") && !match.message.contains("$"), "\(match.message)")
            }
        }
    }
}
