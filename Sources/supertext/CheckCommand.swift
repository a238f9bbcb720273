import ArgumentParser
import Foundation
import SuperTextCore

/// `supertext check FILE`: proofreads a file (or standard input) for scripts and CI.
struct CheckCommand: ParsableCommand {
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

    @Flag(help: "Also run picky rules (style).")
    var picky = false

    @Flag(
        inversion: .prefixedNo,
        help: "Check sentences in another language than the text's in their own (default: on with 'auto', off with a given language)."
    )
    var mixedLanguages: Bool?

    func run() throws {
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
        var request = CheckRequest(
            text: text, language: language, preferredLanguages: preferredLanguages,
            format: markdown ? .markdown : .plain, explanationLanguage: explanationLanguage,
            acceptedWords: Set(acceptedWords), picky: picky
        )
        request.mixedLanguages = mixedLanguages
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
