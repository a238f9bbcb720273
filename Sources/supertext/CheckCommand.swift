import ArgumentParser
import Foundation
import Logging
import SuperTextCore
import SuperTextProject
import SuperTextServer
import SuperTextStore

/// `supertext check PATH...`: proofreads files, directories or standard input, for people,
/// scripts and CI, with each file's project (`.supertext.toml`) applied.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Proofread files, directories (recursively) or standard input ('-').",
        discussion: """
            A directory is checked file by file: every file of a type SuperText reads (docs/formats.md), \
            less what .gitignore files ignore and what the project's include and exclude leave out. Each \
            file's settings, word list, rule files and ignored problems come from the nearest .supertext.toml \
            above it (docs/project.md); flags go over them. Exit status: 0 when every file is clean, 1 when \
            problems are found, 2 for bad usage or a path that cannot be checked (the others still are).
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: "Files and directories to check, or '-' for standard input.")
    var paths: [String] = ["-"]

    @Option(name: .shortAndLong, help: "Language code (en-US, en_US, en) or 'auto' (default: the project's, else 'auto').")
    var language: String?

    @Option(name: .customLong("prefer"), help: "With 'auto': a language to choose among (repeatable).")
    var preferredLanguages: [String] = []

    @Option(
        name: .customLong("text-format"),
        help: ArgumentHelp("How to read standard input and files whose name tells nothing (\(TextFormat.allCases.map(\.rawValue).joined(separator: ", "))).", valueName: "format"))
    var textFormat: TextFormat?

    @Option(help: "Output: text (like a compiler), json (as the HTTP API), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).")
    var format: OutputFormat = .text

    @Option(help: "Language of explanations: en, fr, de, es (default: the project's, else the text's language).")
    var explanationLanguage: ExplanationLanguage?

    @Option(name: .customLong("accept"), help: "A word to accept (repeatable).")
    var acceptedWords: [String] = []

    @Option(name: .customLong("disable"), help: ArgumentHelp("A rule to turn off, beside the project's (repeatable).", valueName: "rule"))
    var disabledRules: [String] = []

    @Option(name: .customLong("enable"), help: ArgumentHelp("A rule to turn on, picky or off by default (repeatable).", valueName: "rule"))
    var enabledRules: [String] = []

    @Option(
        help: ArgumentHelp(
            "The database of 'supertext serve' (a SQLite file or a postgres:// URL): its personal dictionary and the rules turned off there apply.",
            valueName: "path-or-url"))
    var database: String?

    @Option(help: "With --database that has users: whose dictionary and rules apply (the team's words apply too).")
    var user: String?

    @Option(name: .customLong("rules"), help: ArgumentHelp("A directory of your own rule files, run with SuperText's and the project's (docs/rules.md).", valueName: "dir"))
    var rulesDirectory: String?

    @Flag(inversion: .prefixedNo, help: "Also run picky rules (style) (default: the project's, else off).")
    var picky: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Check sentences in another language than the text's in their own (default: on with 'auto', off with a given language)."
    )
    var mixedLanguages: Bool?

    @Option(help: "Files checked at once (default: the cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Largest file to read, in MiB.", valueName: "MiB"))
    var maxFileSize: Int = DocumentFile.defaultSizeLimit >> 20

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard maxFileSize >= 1 else { throw ValidationError("--max-file-size must be at least 1 (MiB).") }
        guard paths.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("'-' (standard input) may be named once.") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let catalog = DictionaryCatalog()
        for failure in catalog.failures { warn("dictionary \(failure.file) not loaded: \(failure.reason)") }
        if let warning = catalog.missingFrequencyListsWarning { warn(warning) }
        let commandLineRules = try rulesDirectory.map { try RulesCommand.userRules(in: $0, catalog: catalog) }
        let (personalWords, turnedOff) = try await databaseSettings()

        let projects = ProjectContexts()
        let selection = FileSelection(
            paths: paths.filter { $0 != "-" }, projects: projects,
            fallbackKind: textFormat.map(FileKind.init(format:)) ?? .plain)
        // Standard input takes its place among the paths, first.
        var inputs = selection.files.map { Input.file($0) }
        if paths.contains("-") { inputs.insert(.standardInput(textFormat.map(FileKind.init(format:)) ?? .plain), at: 0) }
        var problems = selection.problems
        for problem in problems { report(problem) }
        let single = paths.count == 1 && problems.isEmpty && inputs.count == 1 && !isDirectory(paths[0])

        // Grammars load while the workers create Hunspell dictionaries, which libhunspell allows
        // only one at a time.
        GrammarCatalog.preload(languagesKnownInAdvance(of: inputs, projects: projects), searchPath: catalog.searchPath)
        var poolConfiguration = ProofreadingPool.Configuration(workers: jobs, queueLimit: inputs.count + jobs, timeout: nil)
        // Only the languages the files are in are loaded, when they are first needed.
        poolConfiguration.loadsEverythingAtStart = false
        let pool = ProofreadingPool(catalog: catalog, configuration: poolConfiguration)
        defer { pool.shutdown() }
        let settings = Settings(
            flags: overrides, preferredLanguages: preferredLanguages, mixedLanguages: mixedLanguages,
            personalWords: personalWords, turnedOff: turnedOff, commandLineRules: commandLineRules?.rules ?? [],
            sizeLimit: maxFileSize << 20, catalog: catalog)
        let rulesOfProjects = RulesOfProjects()

        var checked: [CheckedFile] = []
        var printer = StreamingPrinter(format: format, single: single)
        // At most `jobs` files are read and checked at once; results are printed in path order.
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            var pending: [Int: Outcome] = [:]
            var printed = 0
            func startNext() {
                guard next < inputs.count else { return }
                let index = next
                let input = inputs[index]
                next += 1
                group.addTask {
                    (index, await Self.check(input, settings: settings, projects: projects, rules: rulesOfProjects, pool: pool))
                }
            }
            for _ in 0..<min(jobs, inputs.count) { startNext() }
            while let (index, outcome) = try await group.next() {
                pending[index] = outcome
                while let ready = pending.removeValue(forKey: printed) {
                    printed += 1
                    switch ready {
                    case .checked(let file, let warnings):
                        for warning in warnings { warn(warning) }
                        printer.print(file)
                        checked.append(file)
                    case .failed(let problem):
                        report(problem)
                        problems.append(problem)
                    }
                }
                startNext()
            }
        }

        let notes = problems.map(\.description)
        try printer.finish(checked, notes: notes, rules: RuleSummary.table(
            searchPath: catalog.searchPath, userRules: (commandLineRules?.rules ?? []) + rulesOfProjects.all))
        let found = checked.reduce(0) { $0 + $1.result.matches.count }
        if !single {
            let words = checked.reduce(0) { $0 + $1.result.stats.words }
            let withProblems = checked.filter { !$0.result.matches.isEmpty }.count
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var summary = found == 0
                ? "supertext: no problems found in \(plural(checked.count, "file"))"
                : "supertext: \(plural(found, "problem")) in \(withProblems) of \(plural(checked.count, "file"))"
            summary += " (\(words) words, \(String(format: "%.2f", seconds)) s)"
            if !problems.isEmpty { summary += "; \(plural(problems.count, "path")) not checked" }
            // Machine-readable output keeps standard output to itself.
            if format == .sarif || format == .json {
                FileHandle.standardError.write(Data((summary + "\n").utf8))
            } else {
                FileHandle.standardOutput.write(Data((summary + "\n").utf8))
            }
        }
        if !problems.isEmpty { throw ExitCode(2) }
        if found > 0 { throw ExitCode(1) }
    }

    /// The languages the inputs will be checked in, when each input says: the language named by
    /// the flags, or the `--prefer` list, or each project's language or preferred languages.
    /// Empty when an input may be in any installed language: then nothing is loaded ahead.
    private func languagesKnownInAdvance(of inputs: [Input], projects: ProjectContexts) -> [String] {
        if let language, language.lowercased() != "auto" { return [language] }
        if !preferredLanguages.isEmpty { return preferredLanguages }
        var languages: [String] = []
        for input in inputs {
            let project: Result<ProjectContext, ProjectFileError>
            switch input {
            case .file(let file): project = projects.context(forFile: file.path)
            case .standardInput: project = projects.context(forDirectory: FileManager.default.currentDirectoryPath)
            }
            guard case .success(let context) = project else { continue }
            let settings = context.file.settings
            if let language = settings.language, language.lowercased() != "auto" {
                languages.append(language)
            } else if !settings.preferredLanguages.isEmpty {
                languages += settings.preferredLanguages
            } else {
                return []
            }
        }
        return languages
    }

    private var overrides: SettingOverrides {
        var flags = SettingOverrides(language: language, picky: picky, explanationLanguage: explanationLanguage)
        flags.disabledRules = disabledRules
        flags.enabledRules = enabledRules
        flags.acceptedWords = acceptedWords
        return flags
    }

    /// What one check needs besides its file, shared by every task.
    struct Settings: Sendable {
        let flags: SettingOverrides
        let preferredLanguages: [String]
        let mixedLanguages: Bool?
        let personalWords: [String: Set<String>]
        let turnedOff: Set<String>
        let commandLineRules: [PatternRule]
        let sizeLimit: Int
        let catalog: DictionaryCatalog
    }

    enum Input: Sendable {
        case standardInput(FileKind)
        case file(FileSelection.File)
    }

    enum Outcome: Sendable {
        case checked(CheckedFile, warnings: [String])
        case failed(FileSelection.Problem)
    }

    /// Reads one input, checks it in its project, and drops what the project ignores.
    private static func check(
        _ input: Input, settings: Settings, projects: ProjectContexts, rules: RulesOfProjects, pool: ProofreadingPool
    ) async -> Outcome {
        let path: String
        let kind: FileKind
        let text: String
        let project: Result<ProjectContext, ProjectFileError>
        do {
            switch input {
            case .standardInput(let inputKind):
                path = "<stdin>"
                kind = inputKind
                text = try DocumentFile.decode(FileHandle.standardInput.readDataToEndOfFile(), path: path)
                project = projects.context(forDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path)
            case .file(let file):
                path = file.path
                kind = file.kind
                project = projects.context(forFile: file.path)
                text = try DocumentFile.read(file.path, sizeLimit: settings.sizeLimit)
            }
        } catch {
            return .failed(error)
        }
        let context: ProjectContext
        switch project {
        case .failure(let error): return .failed(FileSelection.Problem(path: path, reason: error.description))
        case .success(let found): context = found
        }
        var request = context.request(for: text, kind: kind, flags: settings.flags, catalog: settings.catalog)
        if !settings.preferredLanguages.isEmpty { request.preferredLanguages = settings.preferredLanguages }
        request.mixedLanguages = settings.mixedLanguages
        request.personalDictionary = settings.personalWords
        request.rulesTurnedOff = settings.turnedOff
        let (userRules, isNew) = rules.rules(of: context, adding: settings.commandLineRules)
        let warnings = isNew ? context.rules.problems.map { "rules not loaded: \($0)" } : []
        do {
            let result = try await pool.check(request, userRules: userRules)
            return .checked(CheckedFile(path: path, text: text, result: context.filter(result, text: text, kind: kind)), warnings: warnings)
        } catch let error as SuperTextError {
            return .failed(FileSelection.Problem(path: path, reason: error.message))
        } catch {
            return .failed(FileSelection.Problem(path: path, reason: "\(error)"))
        }
    }

    /// The personal dictionary and the rules turned off of `--database`.
    private func databaseSettings() async throws -> ([String: Set<String>], Set<String>) {
        guard let database else { return ([:], []) }
        let store = try await Self.openStore(database)
        do {
            let owner = try await UsersCommand.owner(in: store, user: user)
            return (
                try await PersonalDictionary(database: store).snapshot(for: owner),
                Set(try await store.disabledRules(owner: owner).map(\.id))
            )
        } catch let error as StorageFault {
            throw CommandLineFailure("supertext: \(error.message)")
        }
    }

    /// The store of `--database`; a file must exist already (a check never creates one).
    private static func openStore(_ setting: String) async throws -> any DataStore {
        let location = StoreLocation(setting)
        if location.isFile, !FileManager.default.fileExists(atPath: setting) {
            throw CommandLineFailure("supertext: no database at \(setting) (run 'supertext serve' first, or check --database).")
        }
        var logger = Logger(label: "supertext.check")
        logger.logLevel = .warning
        do { return try await location.open(logger: logger) } catch let error as StoreError {
            throw CommandLineFailure("supertext: \(error.message)")
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data("supertext: warning: \(message)\n".utf8))
    }

    private func report(_ problem: FileSelection.Problem) {
        FileHandle.standardError.write(Data("supertext: \(problem)\n".utf8))
    }
}

/// Each project's rule files with the command line's, made into one set once a project.
private final class RulesOfProjects: @unchecked Sendable {
    private let lock = NSLock()
    private var byProject: [String: UserRules.Snapshot] = [:]

    /// The rules of `project`, and whether this is the first time they are asked for.
    func rules(of project: ProjectContext, adding commandLine: [PatternRule]) -> (UserRules.Snapshot?, Bool) {
        lock.withLock {
            if let known = byProject[project.file.path] { return (known.rules.isEmpty ? nil : known, false) }
            let rules = UserRules.Snapshot(rules: commandLine + project.rules.rules)
            byProject[project.file.path] = rules
            return (rules.rules.isEmpty ? nil : rules, true)
        }
    }

    /// Every project's own rules.
    var all: [PatternRule] {
        lock.withLock { byProject.values.flatMap(\.rules) }
    }
}

/// Prints results as they come (text, GitHub annotations), or all at the end (JSON, SARIF).
private struct StreamingPrinter {
    let format: CheckCommand.OutputFormat
    /// One file named: the text report ends with its summary and JSON is its result alone, as
    /// for standard input.
    let single: Bool

    mutating func print(_ file: CheckedFile) {
        switch format {
        case .text:
            let report = CompilerStyleReport(result: file.result, text: file.text, file: file.path)
            write(single ? report.render() : report.matchLines())
        case .github:
            write(GitHubAnnotations.render([file]))
        case .json, .sarif:
            break
        }
    }

    func finish(_ files: [CheckedFile], notes: [String], rules: @autoclosure () -> [String: RuleSummary]) throws {
        switch format {
        case .text, .github:
            return
        case .json:
            let encoder = JSONCoding.encoder(pretty: true)
            if single, let file = files.first {
                FileHandle.standardOutput.write(try encoder.encode(file.result) + Data("\n".utf8))
            } else {
                FileHandle.standardOutput.write(try encoder.encode(FilesReport(files: files.map { .init(path: $0.path, result: $0.result) }, notChecked: notes)) + Data("\n".utf8))
            }
        case .sarif:
            let log = try SARIFLog.render(files, rules: rules(), notifications: notes, workingDirectory: FileManager.default.currentDirectoryPath)
            FileHandle.standardOutput.write(log + Data("\n".utf8))
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// `--format json` for several files.
    struct FilesReport: Encodable {
        struct File: Encodable {
            let path: String
            let result: CheckResult
        }
        let files: [File]
        /// Paths that could not be checked, and why.
        let notChecked: [String]
    }
}

private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

extension ExplanationLanguage: ExpressibleByArgument {}
extension TextFormat: ExpressibleByArgument {}

/// A failure to report on standard error, exiting with status 2.
struct CommandLineFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
