import Foundation
import Testing
@testable import SuperTextCore

/// Users' own rules: files of a directory read in the rule language, run in checks, read again
/// when they change, and refused with the file, line and column at fault.
@Suite("Users' rules")
struct UserRulesTests {
    /// The repository's example rule files (docs/rules.md).
    static let examples: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("examples/rules").path
    }()

    let rule = """
        id: TEAM_TEH
        category: style
        pattern: [teh]
        suggest: the
        message: Write 'the', not '$1'.
        message.fr: Écrivez « the ».
        wrong: I saw teh cat. => I saw the cat.
        right: I saw the cat.
        """

    func directory(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "supertext-rules-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    func matches(_ text: String, _ language: String = "en-US", rules: UserRules.Snapshot) throws -> [Match] {
        try TestSupport.proofreader.check(CheckRequest(text: text, language: language), userRules: rules).matches
    }

    @Test("The example files read, and every example of theirs holds")
    func exampleFilesHold() throws {
        let rules = try UserRules(directory: Self.examples) { Set(GrammarCatalog.allRules(searchPath: RuleExampleTests.searchPath).map(\.id)) }
        let snapshot = rules.current
        #expect(snapshot.problems.isEmpty, "\(snapshot.problems)")
        #expect(Set(snapshot.rules.map(\.id)) == ["HOUSE_PRODUCT_NAME", "HOUSE_ON_PREMISE", "HOUSE_TALKING_DOWN", "HOUSE_PLAIN_WORDS", "MAISON_MONSIEUR", "HAUS_ANREDE_SIE"])
        let failures = try TestSupport.proofreader.failingExamples(of: snapshot.rules, userRules: snapshot)
        #expect(failures.isEmpty, "\(failures)")
        // Each in its language only: the French rule says nothing of an English text.
        #expect(try matches("Mr Smith came.", rules: snapshot).allSatisfy { $0.rule != "MAISON_MONSIEUR" })
        let french = try matches("Mr Dupont est arrivé.", "fr", rules: snapshot).filter { $0.rule == "MAISON_MONSIEUR" }
        #expect(french.map(\.suggestions) == [["M."]])
    }

    @Test("A user rule's match has its own message, in the explanation language asked for")
    func messages() throws {
        let rules = try UserRules(directory: try directory(["team.en.rules": rule])).current
        let found = try matches("I saw teh cat.", rules: rules).filter { $0.rule == "TEAM_TEH" }
        #expect(found.first?.message == "Write 'the', not 'teh'.")
        var request = CheckRequest(text: "I saw teh cat.", language: "en-US", explanationLanguage: .fr)
        request.enabledRules = ["TEAM_TEH"]
        request.enabledOnly = true
        #expect(try TestSupport.proofreader.check(request, userRules: rules).matches.map(\.message) == ["Écrivez « the »."])
        // Turned off like any rule.
        request.enabledRules = []
        request.enabledOnly = false
        request.disabledRules = ["TEAM_TEH"]
        #expect(try TestSupport.proofreader.check(request, userRules: rules).matches.allSatisfy { $0.rule != "TEAM_TEH" })
    }

    @Test("A changed file is read again; a broken one keeps its last good rules and says where it breaks")
    func reload() throws {
        let path = try directory(["team.en.rules": rule])
        let rules = try UserRules(directory: path)
        #expect(rules.current.generation == 1)
        #expect(!rules.reload(), "nothing changed")
        try (rule.replacingOccurrences(of: "[teh]", with: "[hte]").replacingOccurrences(of: "teh cat", with: "hte cat"))
            .write(toFile: path + "/team.en.rules", atomically: true, encoding: .utf8)
        #expect(rules.reload())
        #expect(try matches("I saw hte cat.", rules: rules.current).contains { $0.rule == "TEAM_TEH" })
        // Broken: an unknown tag on line 3, column 10.
        try rule.replacingOccurrences(of: "[teh]", with: "[<NOPE>]").write(toFile: path + "/team.en.rules", atomically: true, encoding: .utf8)
        #expect(rules.reload())
        #expect(rules.current.problems == [UserRules.Problem(file: "team.en.rules", line: 3, column: 10, reason: "rule TEAM_TEH: unknown tag <NOPE>")])
        #expect(try matches("I saw hte cat.", rules: rules.current).contains { $0.rule == "TEAM_TEH" }, "the last good version stays")
        // Removed: its rules go.
        try FileManager.default.removeItem(atPath: path + "/team.en.rules")
        #expect(rules.reload())
        #expect(rules.current.rules.isEmpty && rules.current.problems.isEmpty)
    }

    @Test("A file that is a link is read again when the link points at another file, as a ConfigMap changes")
    func linkedFiles() throws {
        let path = try directory([:])
        let fileManager = FileManager.default
        for version in ["a", "b"] {
            try fileManager.createDirectory(atPath: path + "/..data-" + version, withIntermediateDirectories: true)
            try rule.replacingOccurrences(of: "TEAM_TEH", with: "TEAM_TEH_" + version.uppercased())
                .write(toFile: path + "/..data-" + version + "/team.en.rules", atomically: true, encoding: .utf8)
        }
        try fileManager.createSymbolicLink(atPath: path + "/..data", withDestinationPath: "..data-a")
        try fileManager.createSymbolicLink(atPath: path + "/team.en.rules", withDestinationPath: "..data/team.en.rules")
        let rules = try UserRules(directory: path)
        #expect(rules.current.rules.map(\.id) == ["TEAM_TEH_A"])
        // As Kubernetes does: a new link put in place of the old one, the file's own link unchanged.
        try fileManager.createSymbolicLink(atPath: path + "/..data-new", withDestinationPath: "..data-b")
        #expect(rename(path + "/..data-new", path + "/..data") == 0)
        #expect(rules.reload())
        #expect(rules.current.rules.map(\.id) == ["TEAM_TEH_B"])
    }

    @Test("Files refused: no language in the name, not UTF-8, a SuperText identifier, an identifier another file has")
    func refusedFiles() throws {
        let path = try directory([
            "a.en.rules": rule,
            "b.en.rules": rule,
            "style.rules": rule,
            "own.en.rules": rule.replacingOccurrences(of: "TEAM_TEH", with: "EN_A_VS_AN"),
            "README.md": "Not a rule file, and not read.",
        ])
        try Data([0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: path + "/latin1.fr.rules"))
        let rules = try UserRules(directory: path) { ["EN_A_VS_AN"] }
        let problems = rules.current.problems.map(\.description)
        #expect(rules.current.files.map(\.name) == ["a.en.rules", "b.en.rules", "latin1.fr.rules", "own.en.rules"])
        #expect(problems.contains("b.en.rules:1:1: the identifier TEAM_TEH is taken by a.en.rules; this file's rules are not used"))
        #expect(problems.contains("latin1.fr.rules: the file is not UTF-8 text"))
        #expect(problems.contains("own.en.rules:1:1: the identifier EN_A_VS_AN is one of SuperText's own rules; give the rule an identifier of its own"))
        #expect(rules.current.rules.map(\.id) == ["TEAM_TEH"])
        #expect(throws: UserRules.DirectoryError.self) { try UserRules(directory: path + "/missing") }
        // A name without a language is refused when named directly.
        #expect(throws: PatternRuleFile.FormatError.self) { try UserRules.rules(inFile: path + "/style.rules") }
    }

    @Test("Mistakes in a rule are refused with their line and column", arguments: [
        ("id: X\ncategory: style\npattern: the [<NOPE>]\nmessage: m\nwrong: a => b", "t.en.rules:3:14: rule X: unknown tag <NOPE>"),
        ("id: X\ncategory: style\npattern: the [<@NOPE>]\nmessage: m\nwrong: a => b", "t.en.rules:3:14: rule X: unknown tag <@NOPE>"),
        ("id: X\ncategory: style\npattern: the? a?\nmessage: m\nwrong: a => b", "t.en.rules:3:10: rule X: every element is optional, so the pattern can match nothing; make one element required"),
        ("id: X\ncategory: styl\npattern: a\nmessage: m\nwrong: a => b", "t.en.rules:2:11: rule X: 'category' must be one of grammar, confused_words, punctuation, typography, style, redundancy"),
        ("id: X\ncategory: style\npattern: a\nmesage: m\nwrong: a => b", "t.en.rules:4:1: unknown key 'mesage' (keys: id, category, picky, pattern, suggest, message, short, detail, wrong, right, languages)"),
        ("id: X\ncategory: style\npattern: a [b\nmessage: m\nwrong: a => b", "t.en.rules:3:10: rule X: unbalanced [ ] in 'a [b'"),
        ("id: X\ncategory: style\npattern the\n", "t.en.rules:3:1: expected 'key: value', found 'pattern the'"),
        ("id: X\ncategory: style\npattern: the [/(a+)+b/]\nmessage: m\nwrong: a => b", "t.en.rules:3:14: rule X: the regular expression /(a+)+b/ repeats a group that repeats itself ((a+)+), which can take exponential time"),
        ("id: X\ncategory: style\npattern: the [/a(b/]\nmessage: m\nwrong: a => b", "t.en.rules:3:14: rule X: /a(b/ is not a regular expression: expected ')'"),
        ("id: X\ncategory: style\npattern: the /ab\nmessage: m\nwrong: a => b", "t.en.rules:3:14: rule X: a regular expression without its closing /"),
        ("id: X\ncategory: style\npattern: a\nsuggest: $3\nmessage: m\nwrong: a => b", "t.en.rules:4:10: rule X: '$3' names no element of the pattern"),
        ("id: X\ncategory: style\npattern: a [b]\nmessage: Not $3.\nwrong: a => b", "t.en.rules:4:14: rule X: '$3' names no element of the pattern (it has 2)"),
        ("id: X\ncategory: style\npattern: a [b]\nmessage: m\ndetail.fr: Écrivez {sugestion}.\nwrong: a => b", "t.en.rules:5:20: rule X: '{sugestion}' is not a placeholder: use {written}, {suggestion} or $1, $2, ..."),
    ])
    func mistakes(text: String, error: String) throws {
        do {
            _ = try PatternRuleFile.rules(in: text, file: "t.en.rules", language: "en", exampleLanguage: "en-US")
            Issue.record("no error for \(text)")
        } catch let failure as PatternRuleFile.FormatError {
            #expect(failure.description == error)
        }
    }

    @Test("A regular expression matches a token's whole lowercase text, with the pattern's operators inside it")
    func regularExpressions() throws {
        let rule = """
            id: TEAM_MAIL
            category: style
            pattern: [/e?-?mails?|courriels?/] !<DT>?
            suggest: e-mail
            message: Write 'e-mail'.
            wrong: Send an email. => Send an e-mail.
            """
        let rules = try UserRules(directory: try directory(["mail.en.rules": rule])).current
        #expect(rules.problems.isEmpty, "\(rules.problems)")
        let found = try matches("Send an Email, a mail, two mails, a courriel, an emailing and a mailbox.", rules: rules)
            .filter { $0.rule == "TEAM_MAIL" }.map(\.text)
        #expect(found == ["Email", "mail", "mails", "courriel"])
        // A long token is never tried, and a repeated group of repetitions never compiles.
        #expect(!(try PatternRegex("a+").matches(String(repeating: "a", count: 101))))
        #expect(PatternRegex.nestedRepetition(in: #"(a|b*)*"#) == "(a|b*)*")
        #expect(PatternRegex.nestedRepetition(in: #"((ab)+c)+"#) == "((ab)+c)+")
        #expect(PatternRegex.nestedRepetition(in: #"(ab)+[(+]+\(x+\)+"#) == nil)
    }

    @Test("A rule that fires on every word stays linear: one match a word, no more")
    func everyToken() throws {
        let path = try directory(["every.en.rules": "id: TEAM_EVERY\ncategory: style\npattern: [<word>]\nmessage: m\nwrong: Cats sleep. => Cats sleep."])
        let rules = try UserRules(directory: path).current
        let text = String(repeating: "word ", count: 5_000)
        let found = try matches(text, rules: rules).filter { $0.rule == "TEAM_EVERY" }
        #expect(found.count == 5_000)
    }
}
