import Testing
@testable import SuperTextServer
import SuperTextCore

/// LanguageTool's annotated text: what is checked, and where checked positions are in the text
/// as the client sent it.
@Suite("Annotated text")
struct AnnotatedTextTests {
    /// `<p>Hé <b>tpyo</b></p>` with the paragraph read as a blank line.
    let text = AnnotatedText(items: [
        .markup("<p>", interpretAs: "\n\n"), .text("Hé "), .markup("<b>", interpretAs: nil), .text("tpyo"),
        .markup("</b>", interpretAs: nil), .markup("</p>", interpretAs: nil),
    ])

    @Test func theCheckedTextIsTheTextWithInterpretAsForMarkup() {
        #expect(text.plainText == "\n\nHé tpyo")
        #expect(text.originalText == "<p>Hé <b>tpyo</b></p>")
    }

    @Test func rangesOfTextMapToTheOriginalAcrossMarkup() throws {
        // "tpyo" is at 5 in the checked text, at 9 in the original.
        let range = try #require(text.originalRange(ofPlain: 5, length: 4))
        #expect(range == (9, 4))
        // "Hé" is right after the <p> markup.
        #expect(try #require(text.originalRange(ofPlain: 2, length: 2)) == (3, 2))
        // A range spanning markup without interpretAs covers the markup too: "Hé <b>tpyo".
        #expect(try #require(text.originalRange(ofPlain: 2, length: 7)) == (3, 10))
    }

    @Test func rangesTouchingInterpretAsAreAboutMarkupAndDropped() {
        #expect(text.originalRange(ofPlain: 0, length: 2) == nil)
        #expect(text.originalRange(ofPlain: 1, length: 3) == nil)
    }

    @Test func startsSkipMarkupForwardAndEndsBackward() {
        // The end of "tpyo" is before the closing tags; the start of the text after <p>.
        #expect(text.originalPosition(ofPlainEnd: 9) == 13)
        #expect(text.originalPosition(ofPlainStart: 2) == 3)
        #expect(text.originalPosition(ofPlainStart: 9) == text.originalText.utf16.count)
        #expect(text.originalPosition(ofPlainEnd: 0) == 0)
    }

    @Test func aPlainTextMapsToItself() throws {
        let plain = AnnotatedText(text: "A 😀 tpyo")
        #expect(plain.plainText == plain.originalText)
        #expect(try #require(plain.originalRange(ofPlain: 5, length: 4)) == (5, 4))
    }

    @Test func parsesLanguageToolsDataParameter() throws {
        let parsed = try AnnotatedText.parse(
            data: #"{"annotation": [{"markup": "<p>", "interpretAs": "\n\n"}, {"text": "Hé "}, {"markup": "<b>"}, {"text": "tpyo"}, {"markup": "</b>"}, {"markup": "</p>"}], "metaData": {"EmailToAddress": "x"}}"#
        )
        #expect(parsed == text)
        #expect(try AnnotatedText.parse(data: #"{"text": "Plain."}"#) == AnnotatedText(text: "Plain."))
    }
}

/// Which rules LanguageTool's rule parameters select.
@Suite("LanguageTool rule selection")
struct LanguageToolRuleSelectionTests {
    typealias Selection = LanguageToolRules.Selection

    @Test(arguments: [
        (Selection(), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(picky: true), ["DOUBLE_SPACE", "LONG_SENTENCE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledRules: ["long_sentence"]), ["DOUBLE_SPACE", "LONG_SENTENCE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledCategories: ["STYLE"]), ["DOUBLE_SPACE", "LONG_SENTENCE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(disabledRules: ["MORFOLOGIK_RULE_EN_US", "NOPE"]), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION"]),
        (Selection(enabledRules: ["LONG_SENTENCE"], disabledRules: ["LONG_SENTENCE"]), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(disabledCategories: ["typos", "typography"]), ["REPEATED_WORD"]),
        (Selection(enabledRules: ["SPELLING", "NOPE"], enabledOnly: true), ["SPELLING"]),
        (Selection(enabledCategories: ["TYPOGRAPHY"], enabledOnly: true, picky: true), ["DOUBLE_SPACE", "SPACE_BEFORE_PUNCTUATION"]),
        // Rules turned off on the server: off as LanguageTool's default-off rules, back on only by name.
        (Selection(turnedOff: ["DOUBLE_SPACE"]), ["REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledCategories: ["TYPOGRAPHY"], turnedOff: ["DOUBLE_SPACE"]), ["REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledRules: ["WHITESPACE_RULE"], turnedOff: ["DOUBLE_SPACE"]), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledRules: ["DOUBLE_SPACE"], disabledRules: ["DOUBLE_SPACE"], turnedOff: ["DOUBLE_SPACE"]), ["REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
        (Selection(enabledCategories: ["TYPOGRAPHY"], enabledOnly: true, turnedOff: ["DOUBLE_SPACE"]), ["SPACE_BEFORE_PUNCTUATION"]),
        (Selection(turnedOff: ["SPELLING"]), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION"]),
        (Selection(enabledRules: ["SPELLING"], turnedOff: ["SPELLING"]), ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION", "SPELLING"]),
    ])
    func selects(selection: Selection, expected: [String]) {
        // Four rules of every language, a fixed set (the grammar rules are checked below).
        let table = LanguageToolRules.Table(rules: [RepeatedWordRule(), DoubleSpaceRule(), SpaceBeforePunctuationRule(), LongSentenceRule()])
        #expect(rulesRun(by: selection, in: table) == expected)
    }

    /// The rules the checker runs for a request the selection was applied to, as the checker decides.
    private func rulesRun(by selection: Selection, in table: LanguageToolRules.Table) -> [String] {
        var check = CheckRequest(text: "", language: "en-US")
        table.apply(selection, to: &check)
        return table.all.filter { rule in
            rule.id == ProofreadingRules.spellingRuleID ? check.runsSpelling : check.runs(ruleID: rule.id, isPicky: rule.isPicky)
        }.map(\.id).sorted()
    }

    @Test func defaultsNameNoRule() {
        let table = LanguageToolRules.table(searchPath: DictionaryCatalog().searchPath)
        var check = CheckRequest(text: "", language: "en-US")
        table.apply(Selection(), to: &check)
        #expect(check.enabledRules.isEmpty && check.disabledRules.isEmpty && !check.enabledOnly)
    }

    @Test func grammarRulesAreSelectableByIdAndCategory() {
        let table = LanguageToolRules.table(searchPath: DictionaryCatalog().searchPath)
        let defaults = rulesRun(by: Selection(), in: table)
        #expect(Set(defaults).isSuperset(of: ["EN_A_VS_AN", "EN_CONFUSED_WORDS", "EN_COULD_OF", "SPELLING"]))
        #expect(Set(rulesRun(by: Selection(disabledCategories: ["GRAMMAR"]), in: table)).isDisjoint(with: ["EN_A_VS_AN", "EN_COULD_OF"]))
        #expect(rulesRun(by: Selection(enabledCategories: ["CONFUSED_WORDS"], enabledOnly: true), in: table).contains("EN_CONFUSED_WORDS"))
        #expect(LanguageToolRules.description(ofRule: "EN_A_VS_AN") != "EN_A_VS_AN")
    }
}
