import Foundation
import SuperTextCore
import Testing
@testable import SuperTextProject

/// A fresh directory for one test.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-project-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Project file")
struct ProjectFileTests {
    @Test func everyKeyIsRead() throws {
        let text = """
            # The project's settings.
            language = "en-GB"
            preferred-languages = ["en", "de"]
            preferred-variants = ["en-GB", "de-CH"]
            picky = true
            explanation-language = "fr"
            disabled-rules = ["LONG_SENTENCE", "DOUBLE_SPACE"]
            enabled-rules = ["PASSIVE_VOICE"]
            rules = ["style/house.en.rules"]
            dictionary = "words.txt"
            include = ["docs/**/*.md"]
            exclude = ["vendor/**"]

            [[ignore]]
            rule = "SPELLING"
            word = "Kubernetes"

            [[ignore]]
            sentence = "Teh is a joke here."
            """
        let settings = try ProjectFile(path: "/p/.supertext.toml", text: text).settings
        #expect(settings.language == "en-GB")
        #expect(settings.preferredLanguages == ["en", "de"])
        #expect(settings.preferredVariants == ["en-GB", "de-CH"])
        #expect(settings.picky == true)
        #expect(settings.explanationLanguage == .fr)
        #expect(settings.disabledRules == ["LONG_SENTENCE", "DOUBLE_SPACE"])
        #expect(settings.enabledRules == ["PASSIVE_VOICE"])
        #expect(settings.rules == ["style/house.en.rules"])
        #expect(settings.dictionary == "words.txt")
        #expect(settings.include == ["docs/**/*.md"])
        #expect(settings.exclude == ["vendor/**"])
        #expect(settings.ignores == [
            IgnoredMatch(rule: "SPELLING", word: "Kubernetes"), IgnoredMatch(rule: nil, sentence: "Teh is a joke here."),
        ])
        let file = try ProjectFile(path: "/p/.supertext.toml", text: text)
        #expect(file.dictionaryPath == "/p/words.txt")
    }

    @Test func anEmptyFileMeansTheDefaults() throws {
        let settings = try ProjectFile(path: "/p/.supertext.toml", text: "").settings
        #expect(settings == ProjectSettings())
        #expect(settings.dictionary == ".supertext/dictionary.txt")
    }

    @Test(arguments: [
        ("language = \"en\"\ncolour = \"red\"\n", 2, "colour", "unknown key"),
        ("picky = \"yes\"\n", 1, "picky", "must be true or false"),
        ("\n\ndisabled-rules = \"SPELLING\"\n", 3, "disabled-rules", "must be a list of strings"),
        ("language = \"english please\"\n", 1, "language", "is not a language code"),
        ("explanation-language = \"it\"\n", 1, "explanation-language", "en, fr, de or es"),
        ("preferred-languages = [\"en\", \"English\"]\n", 1, "preferred-languages", "'English' is not a language code"),
        ("[[ignore]]\nrule = \"SPELLING\"\n", 1, "ignore", "needs a word or a sentence"),
        ("[[ignore]]\nword = \"x\"\nwhy = 1\n", 3, "ignore.why", "unknown key"),
    ])
    func badValuesNameTheFileTheLineAndTheKey(text: String, line: Int, key: String, reason: String) {
        #expect {
            try ProjectFile(path: "/p/.supertext.toml", text: text)
        } throws: { error in
            let error = error as! ProjectFileError
            return error.file == "/p/.supertext.toml" && error.line == line && error.key == key && error.reason.contains(reason)
                && error.description.hasPrefix("/p/.supertext.toml:\(line): \(key): ")
        }
    }

    @Test func aSyntaxErrorNamesItsLine() {
        #expect {
            try ProjectFile(path: "/p/.supertext.toml", text: "language = \"en\"\npicky = \n")
        } throws: { error in
            (error as! ProjectFileError).line == 2
        }
    }

    @Test func theNearestFileAboveIsFound() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/docs/guide", withIntermediateDirectories: true)
        try "language = \"fr\"\n".write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        #expect(ProjectFile.find(from: root + "/docs/guide/intro.md") == root + "/.supertext.toml")
        #expect(ProjectFile.find(from: root + "/docs/guide") == root + "/.supertext.toml")
        let context = try ProjectContext(for: root + "/docs/guide/intro.md")
        #expect(context.file.settings.language == "fr")
        #expect(context.file.root == root)
    }

    @Test func thePreferredLanguagesAreWhatAutoChoosesAmong() throws {
        let root = try temporaryDirectory()
        try "preferred-languages = [\"en\", \"fr\"]\npreferred-variants = [\"en-GB\"]\n"
            .write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        let context = try ProjectContext(for: root + "/notes.txt")
        let catalog = DictionaryCatalog(searchPath: ["/usr/share/hunspell"])
        #expect(context.request(for: "Text.", kind: .plain, catalog: catalog).preferredLanguages == ["en-GB", "fr"])
        // A language given by the command line leaves detection out.
        var flags = SettingOverrides()
        flags.language = "de-DE"
        #expect(context.request(for: "Text.", kind: .plain, flags: flags, catalog: catalog).preferredLanguages.isEmpty)
    }

    @Test func aFileThatIsNotUTF8IsRefused() throws {
        let root = try temporaryDirectory()
        try Data([0x6C, 0x61, 0x6E, 0x67, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: root + "/.supertext.toml"))
        #expect(throws: ProjectFileError.self) { try ProjectFile(path: root + "/.supertext.toml") }
    }
}

@Suite("Project dictionary and edits")
struct ProjectEditTests {
    @Test func wordsAreAddedInOrderOneALine() throws {
        let root = try temporaryDirectory()
        let path = root + "/.supertext/dictionary.txt"
        #expect(try ProjectDictionary.words(at: path).isEmpty)
        #expect(try ProjectDictionary.add("Kubernetes", at: path))
        #expect(try ProjectDictionary.add("Grafana", at: path))
        #expect(try ProjectDictionary.add("Grafana", at: path) == false)
        #expect(try ProjectDictionary.add("élan", at: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Grafana\nKubernetes\nélan\n")
        #expect(try ProjectDictionary.words(at: path) == ["Grafana", "Kubernetes", "élan"])
    }

    @Test func aWordListThatIsNotUTF8NamesItsLine() throws {
        let root = try temporaryDirectory()
        let path = root + "/words.txt"
        try Data("one\ntwo\nthr".utf8 + [0xE9] + Data("e\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect {
            try ProjectDictionary.words(at: path)
        } throws: { error in
            (error as! ProjectFileError).line == 3
        }
    }

    @Test func turningARuleOffKeepsTheFileAsWritten() throws {
        let root = try temporaryDirectory()
        let path = root + "/.supertext.toml"
        // No file yet: one is written.
        try ProjectFileEditor.disable(rule: "LONG_SENTENCE", in: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "disabled-rules = [\"LONG_SENTENCE\"]\n")
        // A list over several lines, with a comment, before a table.
        try """
            # House style.
            language = "en-US"
            disabled-rules = [
                "DOUBLE_SPACE",  # tables are aligned with spaces
            ]

            [[ignore]]
            word = "SuperText"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        try ProjectFileEditor.disable(rule: "SPELLING", in: path)
        try ProjectFileEditor.disable(rule: "SPELLING", in: path)  // already there: no change
        let settings = try ProjectFile(path: path).settings
        #expect(settings.disabledRules == ["SPELLING", "DOUBLE_SPACE"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("# tables are aligned with spaces"))
        #expect(settings.ignores == [IgnoredMatch(rule: nil, word: "SuperText")])
    }

    @Test func aRuleIsAddedBeforeTheFirstTable() throws {
        let root = try temporaryDirectory()
        let path = root + "/.supertext.toml"
        try "language = \"de-DE\"\n\n[[ignore]]\nword = \"x\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try ProjectFileEditor.disable(rule: "DE_CASE", in: path)
        #expect(try ProjectFile(path: path).settings.disabledRules == ["DE_CASE"])
        try ProjectFileEditor.ignore(IgnoredMatch(rule: "SPELLING", word: "Quote \"here\"", sentence: "A\tline."), in: path)
        let settings = try ProjectFile(path: path).settings
        #expect(settings.ignores.last == IgnoredMatch(rule: "SPELLING", word: "Quote \"here\"", sentence: "A\tline."))
        #expect(settings.language == "de-DE")
    }

    @Test func aBrokenFileIsNotEdited() throws {
        let root = try temporaryDirectory()
        let path = root + "/.supertext.toml"
        try "picky = maybe\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ProjectFileError.self) { try ProjectFileEditor.disable(rule: "X", in: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "picky = maybe\n")
    }
}

@Suite("File kinds and directives")
struct DirectiveTests {
    @Test func kindsComeFromNamesAndLanguageIds() {
        #expect(FileKind(path: "docs/README.md")?.format == .markdown)
        #expect(FileKind(path: "paper.tex")?.format == .latex)
        #expect(FileKind(path: ".git/COMMIT_EDITMSG")?.format == .gitCommit)
        #expect(FileKind(path: "main.rs")?.format == .slashComments)
        #expect(FileKind(path: "tool.py")?.format == .python)
        #expect(FileKind(path: "photo.png") == nil)
        #expect(FileKind(languageId: "typescriptreact")?.format == .slashComments)
        #expect(FileKind(languageId: "git-commit")?.format == .gitCommit)
        #expect(FileKind(languageId: "shellscript")?.format == .shell)
    }

    private func match(_ text: String, _ word: String, rule: String = "SPELLING") -> Match {
        let offset = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: word)!.lowerBound.samePosition(in: text.utf16)!)
        return Match(
            offset: offset, length: word.utf16.count, text: word, category: .spelling, rule: rule, message: "", shortMessage: "",
            suggestions: [], explanation: Explanation(kind: .unknownWord, title: "", detail: ""))
    }

    @Test func theNextLineIsTurnedOff() {
        let text = "<!-- supertext-disable-next-line SPELLING -->\nTeh first.\nTeh second.\n"
        let directives = InlineDirectives(text: text, kind: FileKind(path: "a.md")!)
        #expect(directives.suppresses(match(text, "Teh first")))
        #expect(!directives.suppresses(match(text, "Teh first", rule: "GRAMMAR")))
        #expect(!directives.suppresses(match(text, "Teh second")))
    }

    @Test func aStretchIsTurnedOffUntilItIsTurnedOn() {
        let text = "// supertext-disable\n// wrng one\n// supertext-enable SPELLING\n// wrng two\n// supertext-enable\n// wrng three\n"
        let directives = InlineDirectives(text: text, kind: FileKind(path: "a.swift")!)
        #expect(directives.suppresses(match(text, "wrng one")))
        #expect(!directives.suppresses(match(text, "wrng two")))
        #expect(directives.suppresses(match(text, "wrng two", rule: "GRAMMAR")))
        #expect(!directives.suppresses(match(text, "wrng three", rule: "GRAMMAR")))
        // The directive's own words, in a comment that is checked, are not flagged.
        #expect(directives.suppresses(match(text, "supertext-disable")))
    }

    @Test func aDirectiveCountsOnlyInAComment() {
        let text = "Write supertext-disable-next-line in a comment.\nTeh line.\n% supertext-disable-next-line\nTeh other.\n"
        let markdown = InlineDirectives(text: text, kind: FileKind(path: "a.md")!)
        #expect(markdown.suppressions.isEmpty)
        let latex = InlineDirectives(text: text, kind: FileKind(path: "a.tex")!)
        #expect(!latex.suppresses(match(text, "Teh line")))
        #expect(latex.suppresses(match(text, "Teh other")))
    }

    @Test func aPythonOrShellCommentAndAReasonAfterTwoDashes() {
        let text = "# supertext-disable-next-line SPELLING -- a product's name\nname = 'Grafanna'\n"
        let directives = InlineDirectives(text: text, kind: FileKind(path: "a.py")!)
        #expect(directives.suppresses(match(text, "Grafanna")))
        #expect(!directives.suppresses(match(text, "Grafanna", rule: "a")))
    }
}

@Suite("Paragraphs of formatted text")
struct ParagraphTests {
    @Test func aFencedBlockWithBlankLinesStaysInOnePart() {
        let text = "First paragraph.\n\n```\ncode\n\nmore code\n```\n\nLast paragraph.\n"
        let parts = ParagraphSplitter.parts(of: text, targetSize: 1, format: .markdown, longest: .max)
        #expect(parts.map(\.text) == ["First paragraph.\n\n", "```\ncode\n\nmore code\n```\n\n", "Last paragraph.\n"])
        let plain = ParagraphSplitter.parts(of: text, targetSize: 1, longest: .max)
        #expect(plain.count == 4)
        #expect(parts.map(\.text).joined() == text)
    }
}
