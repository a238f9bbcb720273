import Foundation
import Testing
@testable import SuperTextCore

/// Every rule's own examples, run through the whole checker: a wrong sentence gets a match of
/// the rule whose first suggestion gives the correction, and a right sentence gets none.
@Suite("Rule examples")
struct RuleExampleTests {
    static let searchPath = DictionaryCatalog().searchPath
    /// Every rule, the lines of a phrase list included (they share their section's identifier).
    static let rules = GrammarCatalog.everyRule(searchPath: searchPath)

    @Test("The grammar data of every language loads without error")
    func grammarDataLoads() {
        _ = Self.rules
        #expect(GrammarCatalog.failures.isEmpty)
        #expect(GrammarCatalog.grammar(for: "en", searchPath: Self.searchPath).rules.count > 50)
    }

    @Test("Every rule has an example of what it corrects, and an id in capitals")
    func everyRuleHasExamples() {
        for rule in Self.rules {
            #expect(rule.examples.contains { $0.correction != nil }, "\(rule.id) has no wrong example")
            #expect(rule.id == rule.id.uppercased() && !rule.id.contains(" "), "\(rule.id)")
        }
    }

    @Test("Wrong examples are corrected by their rule, right ones left alone", arguments: rules.map(\.id).uniqued())
    func examples(ofRule id: String) throws {
        // The rule alone: another rule finding the same mistake first does not hide it.
        let failures = try TestSupport.proofreader.failingExamples(of: Self.rules.filter { $0.id == id })
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test("Every wrong example is corrected by the whole checker, and every right one left alone by the default rules")
    func examplesWithEveryRule() throws {
        for rule in Self.rules {
            for example in rule.examples {
                let result = try TestSupport.proofreader.check(
                    CheckRequest(text: example.text, language: example.language, picky: rule.isPicky)
                )
                let found = result.matches.filter { $0.category != .spelling && $0.category != .name }  // unknown names are spelling too
                if example.correction != nil {
                    #expect(!found.isEmpty, "\(rule.id): nothing found in '\(example.text)'")
                } else if !rule.isPicky {
                    let picky = found.filter { match in Self.rules.contains { $0.id == match.rule && $0.isPicky } }
                    #expect(found.isEmpty || found.count == picky.count, "\(rule.id): '\(example.text)' should stay clean; matches: \(found.map { "\($0.rule): \($0.text) → \($0.suggestions)" })")
                }
            }
        }
    }

    @Test("Every rule explains itself in every explanation language")
    func explanationsInEveryLanguage() throws {
        for language in ExplanationLanguage.allCases {
            let result = try TestSupport.proofreader.check(
                CheckRequest(text: "Their is a apple on the table, and it's own colour is red. He go home.",
                             language: "en-US", explanationLanguage: language)
            )
            let rules = result.matches.filter { $0.category != .spelling }
            #expect(rules.count >= 3, "\(language): \(rules.map(\.rule))")
            for match in rules {
                #expect(!match.message.isEmpty && !match.explanation.detail.isEmpty && !match.explanation.title.isEmpty)
                #expect(!match.message.contains("$") && !match.message.contains("{"), "\(match.message)")
            }
        }
    }

    @Test("Every rule's explanation adds something to its message, in every explanation language")
    func explanationsAreNotTheirMessages() throws {
        func bare(_ text: String) -> String { text.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) }
        var repeated: [String] = []
        for rule in Self.rules {
            guard let example = rule.examples.first(where: { $0.correction != nil }) else { continue }
            for language in ExplanationLanguage.allCases {
                var request = CheckRequest(text: example.text, language: example.language, explanationLanguage: language)
                request.picky = rule.isPicky
                let result = try TestSupport.proofreader.check(request)
                for match in result.matches where match.rule == rule.id && bare(match.message) == bare(match.explanation.detail) {
                    repeated.append("\(rule.id) in \(language.rawValue): \(match.message)")
                }
            }
        }
        #expect(repeated.isEmpty, "\(repeated.count) explanations repeat their message:\n\(repeated.joined(separator: "\n"))")
    }

    /// The evaluation sets beside the project (`../shared/eval/grammar`) measure the rules; their
    /// sentences must not be the rules' own examples, or a figure would count what a rule was shown.
    /// Only identifiers are reported: the sentences of a part kept back are never printed.
    @Test("No rule's example is a sentence of the evaluation sets")
    func examplesAreNotEvaluationSentences() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/eval/grammar")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var sentences = Set<String>()
        for name in names where name.hasSuffix(".tsv") || name.hasSuffix("_correct.txt") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let sentence = name.hasSuffix(".tsv") ? String(line.prefix { $0 != "\t" }) : String(line)
                // Short sentences ("Thank you very much.") are anyone's.
                if sentence.count >= 25 { sentences.insert(sentence) }
            }
        }
        #expect(!sentences.isEmpty)
        // A phrase list's bare phrase is its own example and the fixed expression itself ("maigre
        // comme une échalote"), which a set may hold as a row too: only sentences are compared.
        func isSentence(_ text: String) -> Bool { text.last.map { ".!?…»\"”)".contains($0) } ?? false }
        let copied = Self.rules.filter { rule in
            rule.examples.contains { example in
                isSentence(example.text) && (sentences.contains(example.text) || example.correction.map(sentences.contains) == true)
            }
        }
        #expect(copied.isEmpty, "examples copied from the evaluation sets in: \(copied.map(\.id).uniqued().joined(separator: ", "))")
    }

    /// A placeholder left in a text a person reads: `$2`, `{suggestion}`, or one of the `%s` kind
    /// that rules written in code once used.
    static func leftoverPlaceholder(in text: String) -> Bool {
        // "$100" is an amount, not the first element's word followed by "00".
        text.contains(/\$[0-9](?![0-9.,])|\{[a-z]+\}|%[a-z](?![a-z])/)
    }

    @Test("Every rule written in code renders its texts without a placeholder left, in every explanation language")
    func codeRuleTextsInEveryLanguage() throws {
        for rule in Self.rules where !(rule is PatternRule) {
            guard let example = rule.examples.first(where: { $0.correction != nil }) else { continue }
            for language in ExplanationLanguage.allCases {
                var request = CheckRequest(text: example.text, language: example.language, explanationLanguage: language)
                request.enabledRules = [rule.id]
                request.enabledOnly = true
                let match = try TestSupport.proofreader.check(request).matches.first { $0.rule == rule.id }
                #expect(match != nil, "\(rule.id): nothing found in '\(example.text)'")
                for text in [match?.message, match?.shortMessage, match?.explanation.title, match?.explanation.detail].compactMap({ $0 }) {
                    #expect(!text.isEmpty && !Self.leftoverPlaceholder(in: text), "\(rule.id) in \(language.rawValue): '\(text)'")
                }
            }
        }
    }

    @Test("Every data rule has its texts in every explanation language, and they render without a placeholder left")
    func dataRuleTextsInEveryLanguage() throws {
        // The lines of a phrase list with one note share their texts: one line of each is enough.
        var seen = Set<String>()
        for rule in Self.rules.compactMap({ $0 as? PatternRule }) {
            for language in ExplanationLanguage.allCases {
                #expect(rule.texts[language] != nil, "\(rule.id) has no text in \(language.rawValue)")
            }
            guard seen.insert(rule.id + "\u{0}" + (rule.texts[.en]?.detail ?? "")).inserted,
                  let example = rule.examples.first(where: { $0.correction != nil })
            else { continue }
            for language in ExplanationLanguage.allCases {
                var request = CheckRequest(text: example.text, language: example.language, explanationLanguage: language)
                request.enabledRules = [rule.id]
                request.enabledOnly = true
                let match = try TestSupport.proofreader.check(request).matches.first { $0.rule == rule.id }
                guard let match else { continue }  // whether it is found is the examples' test
                for text in [match.message, match.shortMessage, match.explanation.title, match.explanation.detail] {
                    #expect(!text.isEmpty && !Self.leftoverPlaceholder(in: text), "\(rule.id) in \(language.rawValue): '\(text)'")
                }
            }
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
