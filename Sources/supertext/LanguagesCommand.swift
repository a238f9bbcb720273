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

    func run() throws {
        let catalog = DictionaryCatalog()
        for failure in catalog.failures {
            FileHandle.standardError.write(Data("supertext: warning: dictionary \(failure.file) not loaded: \(failure.reason)\n".utf8))
        }
        if json {
            struct Listing: Encodable { let languages: [Entry] }
            struct Entry: Encodable { let code: String; let name: String }
            let data = try JSONCoding.encoder(pretty: true).encode(
                Listing(languages: catalog.languages.map { Entry(code: $0.code, name: $0.name) })
            )
            print(String(decoding: data, as: UTF8.self))
            return
        }
        for language in catalog.languages {
            let aliases = language.aliases.isEmpty ? "" : "  (also: \(language.aliases.joined(separator: ", ")))"
            print("\(language.code.padding(toLength: 7, withPad: " ", startingAt: 0)) \(language.name)\(aliases)")
        }
        if catalog.languages.isEmpty {
            throw CommandLineFailure("supertext: no dictionaries found in: \(catalog.searchPath.joined(separator: ", "))")
        }
    }
}
