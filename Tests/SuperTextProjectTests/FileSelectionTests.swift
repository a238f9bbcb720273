import Foundation
import SuperTextCore
import Testing
@testable import SuperTextProject

@Suite("Path patterns and .gitignore")
struct PathPatternTests {
    private func names(_ path: String) -> [Substring] { path.split(separator: "/") }

    @Test func aNameWithoutSlashMatchesAtAnyDepth() throws {
        let pattern = try #require(PathPattern("*.gen.md"))
        #expect(pattern.matches(names("a.gen.md"), isDirectory: false))
        #expect(pattern.matches(names("docs/deep/a.gen.md"), isDirectory: false))
        #expect(!pattern.matches(names("docs/a.md"), isDirectory: false))
    }

    @Test func aSlashAnchorsThePatternAndDoubleStarSpansDirectories() throws {
        let anchored = try #require(PathPattern("/build"))
        #expect(anchored.matches(names("build"), isDirectory: true))
        #expect(!anchored.matches(names("src/build"), isDirectory: true))
        let docs = try #require(PathPattern("docs/**/*.md"))
        #expect(docs.matches(names("docs/a.md"), isDirectory: false))
        #expect(docs.matches(names("docs/x/y/a.md"), isDirectory: false))
        #expect(!docs.matches(names("src/docs/a.md"), isDirectory: false))
        #expect(!docs.matches(names("docs/a.txt"), isDirectory: false))
    }

    @Test func aTrailingSlashMatchesDirectoriesOnly() throws {
        let pattern = try #require(PathPattern("cache/"))
        #expect(pattern.matches(names("a/cache"), isDirectory: true))
        #expect(!pattern.matches(names("a/cache"), isDirectory: false))
    }

    @Test func characterClassesAndQuestionMarksComeFromFnmatch() throws {
        let pattern = try #require(PathPattern("draft-[0-9]?.txt"))
        #expect(pattern.matches(names("draft-12.txt"), isDirectory: false))
        #expect(!pattern.matches(names("draft-a2.txt"), isDirectory: false))
    }

    @Test func aDirectoryPatternCoversWhatIsUnderIt() throws {
        let vendor = try #require(PathPattern("vendor"))
        #expect(vendor.matchesItselfOrAncestor(names("vendor/lib/a.md"), isDirectory: false))
        #expect(!vendor.matchesItselfOrAncestor(names("src/a.md"), isDirectory: false))
        #expect(PathPattern("") == nil)
        #expect(PathPattern("///") == nil)
    }

    @Test func gitIgnoreLastLineWinsAndNegationTakesBack() {
        var ignore = GitIgnore()
        ignore.add(contentsOf: "# generated\n*.log\n!keep.log\n\n/out/\n", base: [])
        #expect(ignore.ignores(names("a.log"), isDirectory: false))
        #expect(ignore.ignores(names("x/a.log"), isDirectory: false))
        #expect(!ignore.ignores(names("keep.log"), isDirectory: false))
        #expect(ignore.ignores(names("out"), isDirectory: true))
        #expect(!ignore.ignores(names("src/out"), isDirectory: true))
        #expect(!ignore.ignores(names("generated"), isDirectory: false))
    }

    @Test func aDeeperGitIgnoreAppliesUnderItsOwnDirectoryOnly() {
        var ignore = GitIgnore()
        ignore.add(contentsOf: "*.md\n", base: names("docs"))
        ignore.add(contentsOf: "!README.md\n", base: names("docs/keep"))
        #expect(ignore.ignores(names("docs/a.md"), isDirectory: false))
        #expect(!ignore.ignores(names("a.md"), isDirectory: false))
        #expect(!ignore.ignores(names("docs/keep/README.md"), isDirectory: false))
    }
}

@Suite("Files of supertext check")
struct FileSelectionTests {
    /// A repository: `.gitignore`, a project file excluding `vendor`, and files of every kind.
    private func repository() throws -> String {
        let root = try temporaryDirectory()
        let files = [
            ".git/HEAD": "ref: refs/heads/main\n",
            ".gitignore": "build/\n*.gen.md\n",
            ".supertext.toml": "exclude = [\"vendor\"]\n",
            "README.md": "Read me.\n",
            "docs/guide.md": "A guide.\n",
            "docs/notes.txt": "Notes.\n",
            "docs/generated.gen.md": "Generated.\n",
            "docs/.gitignore": "private.md\n",
            "docs/private.md": "Private.\n",
            "docs/image.png": "not text\n",
            "build/out.md": "Built.\n",
            "vendor/lib.md": "Vendored.\n",
            "src/main.swift": "// A comment.\n",
            "src/tool.py": "# A comment.\n",
            ".supertext/dictionary.txt": "Kubernetes\n",
            ".github/template.md": "Hidden.\n",
        ]
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func aDirectoryGivesItsFilesOfKnownTypesLessWhatIsIgnoredOrExcluded() throws {
        let root = try repository()
        let selection = FileSelection(paths: [root], projects: ProjectContexts())
        #expect(selection.problems.isEmpty)
        #expect(selection.files.map { String($0.path.dropFirst(root.count + 1)) } == [
            "README.md", "docs/guide.md", "docs/notes.txt", "src/main.swift", "src/tool.py",
        ])
        #expect(selection.files.map(\.kind.format) == [.markdown, .markdown, .plain, .slashComments, .python])
    }

    @Test func aSubdirectoryHonoursTheGitIgnoreAboveIt() throws {
        let root = try repository()
        try "Generated.\n".write(toFile: root + "/build/also.md", atomically: true, encoding: .utf8)
        let selection = FileSelection(paths: [root + "/docs"], projects: ProjectContexts())
        // `*.gen.md` is in the repository's top .gitignore, above docs/.
        #expect(selection.files.map { ($0.path as NSString).lastPathComponent } == ["guide.md", "notes.txt"])
    }

    @Test func aNamedFileIsCheckedWhateverItsNameOrTheIgnores() throws {
        let root = try repository()
        try "Plain.\n".write(toFile: root + "/vendor/NOTES", atomically: true, encoding: .utf8)
        let selection = FileSelection(
            paths: [root + "/vendor/lib.md", root + "/vendor/NOTES"], projects: ProjectContexts(),
            fallbackKind: FileKind(format: .markdown))
        #expect(selection.files.map(\.kind.format) == [.markdown, .markdown])
        #expect(selection.problems.isEmpty)
    }

    @Test func aMissingPathIsAProblemAndTheOthersAreStillSelected() throws {
        let root = try repository()
        let selection = FileSelection(paths: [root + "/nowhere.md", root + "/README.md"], projects: ProjectContexts())
        #expect(selection.problems == [FileSelection.Problem(path: root + "/nowhere.md", reason: "no such file or directory")])
        #expect(selection.files.count == 1)
    }

    @Test func aProjectFileThatDoesNotReadIsAProblemOfEachFileUnderIt() throws {
        let root = try repository()
        try "exclude = [\"vendor\"\n".write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        let selection = FileSelection(paths: [root + "/docs"], projects: ProjectContexts())
        #expect(selection.files.isEmpty)
        #expect(selection.problems.count == 2)
        #expect(selection.problems.allSatisfy { $0.reason.contains(".supertext.toml:") })
    }

    @Test func includeKeepsOnlyItsFiles() throws {
        let root = try repository()
        try "include = [\"docs/**/*.md\"]\n".write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        let selection = FileSelection(paths: [root], projects: ProjectContexts())
        #expect(selection.files.map { String($0.path.dropFirst(root.count + 1)) } == ["docs/guide.md"])
    }

    @Test func aLinkToADirectoryIsNotFollowed() throws {
        let root = try repository()
        try FileManager.default.createSymbolicLink(atPath: root + "/docs/loop", withDestinationPath: root)
        let selection = FileSelection(paths: [root + "/docs"], projects: ProjectContexts())
        #expect(selection.files.count == 2)
    }
}

@Suite("Files read for a check")
struct DocumentFileTests {
    @Test func binaryLargeAndNonUTF8FilesAreRefusedWithTheirReason() throws {
        let root = try temporaryDirectory()
        try Data([0x41, 0x00, 0x42]).write(to: URL(fileURLWithPath: root + "/binary.txt"))
        try Data([0x41, 0xFF, 0x42]).write(to: URL(fileURLWithPath: root + "/latin.txt"))
        try Data(repeating: 0x41, count: 2048).write(to: URL(fileURLWithPath: root + "/large.txt"))
        #expect(throws: FileSelection.Problem(path: root + "/binary.txt", reason: "is a binary file (a NUL byte at byte 1), not text")) {
            try DocumentFile.read(root + "/binary.txt")
        }
        #expect(throws: FileSelection.Problem(path: root + "/large.txt", reason: "is 2048 bytes, more than the 1024 bytes a file may be (--max-file-size)")) {
            try DocumentFile.read(root + "/large.txt", sizeLimit: 1024)
        }
        do {
            _ = try DocumentFile.read(root + "/latin.txt")
            Issue.record("a file that is not UTF-8 was read")
        } catch {
            #expect(error.reason.contains("UTF-8"))
        }
        #expect(try DocumentFile.read(root + "/large.txt").count == 2048)
    }
}

@Suite("Reports of supertext check")
struct CheckReportTests {
    private func file() -> CheckedFile {
        // "é" and the emoji take one and two UTF-16 units before the mistake on line 2.
        let text = "Fine.\né 😀 teh, cat\n"
        let offset = "Fine.\né 😀 ".utf16.count
        let match = Match(
            offset: offset, length: 3, text: "teh", category: .spelling, rule: "SPELLING",
            message: "Possible spelling mistake", shortMessage: "Spelling", suggestions: ["the"],
            explanation: Explanation(kind: .transposition, title: "Swapped letters", detail: "You swapped 'h' and 'e'.")
        )
        let result = CheckResult(
            language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1), matches: [match],
            correctedText: text, stats: CheckStats(characters: text.utf16.count, words: 4, matches: 1, milliseconds: 1))
        return CheckedFile(path: "docs/a, b.md", text: text, result: result)
    }

    @Test func gitHubAnnotationsEscapeTheirPropertiesAndMessage() {
        var checked = file()
        checked.result.matches[0].message = "100% wrong: yes\nreally"
        let line = GitHubAnnotations.render([checked])
        #expect(line == "::warning file=docs/a%2C b.md,line=2,endLine=2,col=5,endColumn=8,title=SPELLING%3A teh::100%25 wrong: yes%0Areally You swapped 'h' and 'e'. → the\n")
    }

    @Test func sarifHasTheRuleItsRegionInUTF16AndAFix() throws {
        let rules = ["SPELLING": RuleSummary(id: "SPELLING", category: .spelling, description: "Possible spelling mistake")]
        let data = try SARIFLog.render([file()], rules: rules, notifications: ["x.bin: is a binary file"], workingDirectory: "/repo")
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rule = try #require((driver["rules"] as? [[String: Any]])?.first)
        #expect(rule["id"] as? String == "SPELLING")
        #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains("disabled-rules = [\"SPELLING\"]") == true)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleIndex"] as? Int == 0)
        #expect(result["level"] as? String == "warning")
        let location = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "docs/a,%20b.md")
        let region = try #require(location["region"] as? [String: Any])
        // Column 6 in UTF-16 units: "é", a space, the emoji's two units and a space come first.
        #expect(region["startLine"] as? Int == 2)
        #expect(region["startColumn"] as? Int == 6)
        #expect(region["endColumn"] as? Int == 9)
        #expect((region["snippet"] as? [String: Any])?["text"] as? String == "teh")
        let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
        let replacement = try #require(((fix["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.first)
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "the")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
    }
}
