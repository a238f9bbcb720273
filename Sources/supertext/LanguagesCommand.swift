import ArgumentParser
import Foundation
import SuperTextCore

/// `supertext languages`: lists the installed languages.
struct LanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages", abstract: "List the installed languages."
    )

    @Flag(help: "Print JSON, as the HTTP API does.")
    var json = false

    /// `ready` when the language's suggestion index is cached, else `not built` (its first use
    /// builds it; the service meanwhile answers with libhunspell's suggestions).
    private func state(of language: InstalledLanguage, in catalog: DictionaryCatalog) -> String {
        SuggestionEngines.hasCachedIndex(for: language, catalog: catalog) ? "ready" : "not built"
    }

    func run() throws {
        let catalog = DictionaryCatalog()
        for failure in catalog.failures {
            FileHandle.standardError.write(Data("supertext: warning: dictionary \(failure.file) not loaded: \(failure.reason)\n".utf8))
        }
        if json {
            struct Listing: Encodable { let languages: [Entry] }
            struct Entry: Encodable { let code: String; let name: String; let suggestionIndex: String }
            let data = try JSONCoding.encoder(pretty: true).encode(
                Listing(languages: catalog.languages.map { Entry(code: $0.code, name: $0.name, suggestionIndex: state(of: $0, in: catalog)) })
            )
            print(String(decoding: data, as: UTF8.self))
            return
        }
        for language in catalog.languages {
            let aliases = language.aliases.isEmpty ? "" : "  (also: \(language.aliases.joined(separator: ", ")))"
            print("\(language.code.padding(toLength: 7, withPad: " ", startingAt: 0)) \(language.name)\(aliases)  [suggestion index \(state(of: language, in: catalog))]")
        }
        if catalog.languages.isEmpty {
            throw CommandLineFailure("supertext: no dictionaries found in: \(catalog.searchPath.joined(separator: ", "))")
        }
    }
}
