import ArgumentParser
import Foundation
import Logging
import SuperTextCore
import SuperTextServer
import SuperTextStore

/// `supertext history`: lists and shows stored checks from the same SQLite file as the server.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List stored checks, or show one.",
        discussion: "Reads the database of 'supertext serve' (--database, or SUPERTEXT_DATABASE, or ./supertext.sqlite; a postgres:// URL for PostgreSQL)."
    )

    @Argument(help: "The id of a check to show in full. Without it, the newest checks are listed.")
    var id: Int64?

    @Option(help: "The SQLite file (default ./supertext.sqlite), or a postgres://user@host:port/database URL.")
    var database: String?

    @Option(help: "On a database with users: whose history.")
    var user: String?

    @Option(name: .shortAndLong, help: "Full-text search over the checked texts.")
    var search: String?

    @Option(help: "Most checks to list.")
    var limit: Int = 20

    @Flag(help: "Print JSON, as the HTTP API does.")
    var json = false

    func run() async throws {
        let setting = database ?? ProcessInfo.processInfo.environment["SUPERTEXT_DATABASE"] ?? "supertext.sqlite"
        let location = StoreLocation(setting)
        if location.isFile, !FileManager.default.fileExists(atPath: setting) {
            throw CommandLineFailure("supertext: no database at \(setting) (run 'supertext serve' first, or pass --database).")
        }
        var logger = Logger(label: "supertext.history")
        logger.logLevel = .warning
        let store: any DataStore
        do { store = try await location.open(logger: logger) } catch let error as StoreError {
            throw CommandLineFailure("supertext: \(error.message)")
        }
        let owner = try await UsersCommand.owner(in: store, user: user)
        let encoder = JSONCoding.encoder(pretty: true)
        if let id {
            guard let detail = try await store.check(id: id, owner: owner) else {
                throw CommandLineFailure("supertext: no stored check has the id \(id).")
            }
            if json {
                print(String(decoding: try encoder.encode(detail.result), as: UTF8.self))
                return
            }
            print("#\(id)  \(detail.createdAt.formatted(.iso8601))  \(detail.result.language.code)  \(detail.result.matches.count) mistakes")
            print(CompilerStyleReport(result: detail.result, text: detail.text, file: "#\(id)").render(), terminator: "")
            print("\nCorrected text:\n\(detail.result.correctedText)")
            return
        }
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be from 1 to 200.") }
        let page = try await store.history(limit: limit, before: nil, query: search, language: nil, owner: owner)
        if json {
            print(String(decoding: try encoder.encode(page), as: UTF8.self))
            return
        }
        if page.items.isEmpty { print(search == nil ? "No stored checks." : "No stored check matches '\(search!)'.") }
        for item in page.items {
            let id = "#\(item.id)".padding(toLength: 7, withPad: " ", startingAt: 0)
            print("\(id) \(item.createdAt.formatted(.iso8601))  \(item.language.padding(toLength: 6, withPad: " ", startingAt: 0))  \(String(item.matchCount).padding(toLength: 3, withPad: " ", startingAt: 0)) mistakes  \(item.excerpt)")
        }
    }
}
