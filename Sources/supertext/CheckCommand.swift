import ArgumentParser
import Foundation
import Logging
import SuperTextCore
import SuperTextServer
import SuperTextStore

/// `supertext check FILE`: proofreads a file (or standard input) for scripts and CI.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Proofread a file, or standard input with '-'.",
        discussion: "Exit status: 0 when the text is clean, 1 when problems are found, 2 for bad usage or unreadable input."
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The file to check, or '-' for standard input.")
    var file: String = "-"

    @Option(name: .shortAndLong, help: "Language code (en-US, en_US, en) or 'auto'.")
    var language: String = "auto"

    @Option(name: .customLong("prefer"), help: "With 'auto': a language to choose among (repeatable).")
    var preferredLanguages: [String] = []

    @Flag(help: "Treat the text as Markdown: code, link targets and HTML tags are not checked.")
    var markdown = false

    @Option(help: "Output: text (like a compiler) or json (as the HTTP API).")
    var format: OutputFormat = .text

    @Option(help: "Language of explanations: en, fr, de, es (default: the text's language).")
    var explanationLanguage: ExplanationLanguage?

    @Option(name: .customLong("accept"), help: "A word to accept (repeatable).")
    var acceptedWords: [String] = []

    @Option(
        help: ArgumentHelp(
            "The database of 'supertext serve' (a SQLite file or a postgres:// URL): its personal dictionary and the rules turned off there apply.",
            valueName: "path-or-url"))
    var database: String?

    @Option(name: .customLong("rules"), help: ArgumentHelp("A directory of your own rule files, run with SuperText's (docs/rules.md).", valueName: "dir"))
    var rulesDirectory: String?

    @Flag(help: "Also run picky rules (style).")
    var picky = false

    @Flag(
        inversion: .prefixedNo,
        help: "Check sentences in another language than the text's in their own (default: on with 'auto', off with a given language)."
    )
    var mixedLanguages: Bool?

    func run() async throws {
        let text: String
        do {
            text = try UTF8Validation.decode(try readInput())
        } catch let error as SuperTextError {
            throw CommandLineFailure("supertext: \(displayName): \(error.message)")
        }
        let proofreader = Proofreader(catalog: DictionaryCatalog())
        for failure in proofreader.catalog.failures {
            FileHandle.standardError.write(Data("supertext: warning: dictionary \(failure.file) not loaded: \(failure.reason)\n".utf8))
        }
        if let warning = proofreader.catalog.missingFrequencyListsWarning {
            FileHandle.standardError.write(Data("supertext: warning: \(warning)\n".utf8))
        }
        if let rulesDirectory {
            proofreader.userRules = try RulesCommand.userRules(in: rulesDirectory, catalog: proofreader.catalog)
        }
        var request = CheckRequest(
            text: text, language: language, preferredLanguages: preferredLanguages,
            format: markdown ? .markdown : .plain, explanationLanguage: explanationLanguage,
            acceptedWords: Set(acceptedWords), picky: picky
        )
        request.mixedLanguages = mixedLanguages
        if let database {
            let store = try await Self.openStore(database)
            do {
                request.personalDictionary = try await PersonalDictionary(database: store).snapshot()
                request.rulesTurnedOff = Set(try await store.disabledRules().map(\.id))
            } catch let error as StorageFault {
                throw CommandLineFailure("supertext: \(error.message)")
            }
        }
        let result: CheckResult
        do {
            result = try proofreader.check(request)
        } catch let error as SuperTextError {
            throw CommandLineFailure("supertext: \(error.message)")
        }
        switch format {
        case .json:
            let data = try JSONCoding.encoder(pretty: true).encode(result)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        case .text:
            FileHandle.standardOutput.write(Data(CompilerStyleReport(result: result, text: text, file: displayName).render().utf8))
        }
        if !result.matches.isEmpty { throw ExitCode(1) }
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

    private var displayName: String { file == "-" ? "<stdin>" : file }

    private func readInput() throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw CommandLineFailure("supertext: \(file): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandLineFailure("supertext: \(file): is a directory") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandLineFailure("supertext: \(file): cannot be read (permission denied?)")
        }
        return data
    }
}

extension ExplanationLanguage: ExpressibleByArgument {}

/// A failure to report on standard error, exiting with status 2.
struct CommandLineFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
