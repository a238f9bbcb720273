import ArgumentParser
import Foundation
import Logging
import SuperTextCore
import SuperTextServer
import SuperTextStore

/// `supertext users`: the users of a server and their API keys, on the database `serve` uses.
/// The server sees each change within a second (it polls the store's accounts revision).
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Add, list and remove users and their API keys.",
        discussion: """
            Once a user exists, every request to the server needs a user's key (Authorization: Bearer KEY, \
            or LanguageTool's username and apiKey), and each user sees only their own history, dictionary, \
            insights and rules. The first user is an admin and takes over what was stored before users.
            """,
        subcommands: [Add.self, List.self, Remove.self, Key.self, Revoke.self]
    )

    struct StoreOptions: ParsableArguments {
        @Option(help: "The database of 'supertext serve': a SQLite file (default ./supertext.sqlite) or a postgres:// URL.")
        var database: String?

        /// The store `serve` uses; a SQLite file is created when missing, as `serve` would.
        func open() async throws -> any DataStore {
            let setting = database ?? ProcessInfo.processInfo.environment["SUPERTEXT_DATABASE"] ?? "supertext.sqlite"
            var logger = Logger(label: "supertext.users")
            logger.logLevel = .warning
            do {
                return try await StoreLocation(setting).open(logger: logger)
            } catch let error as StoreError {
                throw CommandLineFailure("supertext: \(error.message)")
            }
        }
    }

    /// Runs a store call, its errors as messages.
    static func attempt<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw CommandLineFailure("supertext: \(error.message)")
        } catch let error as StorageFault {
            throw CommandLineFailure("supertext: \(error.message)")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user; prints their new API key, the only time it is shown.")

        @Argument(help: "The user's name: letters, digits, '.', '_', '-' and '@'.")
        var name: String

        @Flag(help: "May manage users and the team's dictionary.")
        var admin = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.open()
            let key = APIKey.generate()
            let user = try await attempt { try await database.addUser(name: name, isAdmin: admin, key: key) }
            print(key.secret)
            var note = "supertext: added \(user.name)\(user.isAdmin ? " (admin)" : ""), key \(key.id)"
            if user.isAdmin, !admin { note += "; the first user is an admin, and has what was stored before users" }
            FileHandle.standardError.write(Data((note + "\n").utf8))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users and their keys (never the keys themselves).")

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.open()
            let (users, keys) = try await attempt { (try await database.users(), try await database.keys(ofUser: nil)) }
            if json {
                struct Listed: Encodable { let name: String; let admin: Bool; let createdAt: Date; let keys: [APIKeyInfo] }
                let listed = users.map { user in
                    Listed(name: user.name, admin: user.isAdmin, createdAt: user.createdAt, keys: keys.filter { $0.user == user.name })
                }
                print(String(decoding: try JSONCoding.encoder(pretty: true).encode(listed), as: UTF8.self))
                return
            }
            if users.isEmpty { print("No users: the server is one person's (supertext users add NAME --admin).") }
            for user in users {
                print("\(user.name)\(user.isAdmin ? " (admin)" : "")  since \(user.createdAt.formatted(.iso8601))")
                for key in keys where key.user == user.name {
                    let used = key.lastUsedAt.map { "last used \($0.formatted(.iso8601))" } ?? "never used"
                    print("  key \(key.id)  made \(key.createdAt.formatted(.iso8601))  \(used)")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a user with their keys, history, dictionary and rules.")

        @Argument var name: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.open()
            guard try await attempt({ try await database.removeUser(name: name) }) else {
                throw CommandLineFailure("supertext: there is no user named \(name).")
            }
            FileHandle.standardError.write(Data("supertext: removed \(name)\n".utf8))
        }
    }

    struct Key: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a user a new API key; prints it, the only time it is shown.")

        @Argument var name: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.open()
            let key = APIKey.generate()
            guard try await attempt({ try await database.addKey(key, toUser: name) }) != nil else {
                throw CommandLineFailure("supertext: there is no user named \(name).")
            }
            print(key.secret)
            FileHandle.standardError.write(Data("supertext: key \(key.id) for \(name)\n".utf8))
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke one of a user's keys, by its id (see 'users list').")

        @Argument var name: String
        @Argument(help: "The key's id, as 'users list' shows it.") var keyID: String
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.open()
            guard try await attempt({ try await database.revokeKey(id: keyID, ofUser: name) }) else {
                throw CommandLineFailure("supertext: \(name) has no key \(keyID).")
            }
            FileHandle.standardError.write(Data("supertext: revoked key \(keyID) of \(name)\n".utf8))
        }
    }

    /// Whose data a command reads on `store`: `.solo` without users; with users, the user named
    /// (`--user`), which must then be given.
    static func owner(in store: any DataStore, user: String?) async throws -> Owner {
        let users = try await attempt { try await store.users() }
        guard !users.isEmpty else {
            if let user { throw CommandLineFailure("supertext: this database has no users (--user \(user)).") }
            return .solo
        }
        guard let user else {
            throw CommandLineFailure("supertext: this database has users: say whose data with --user NAME.")
        }
        guard let found = users.first(where: { $0.name == user }) else {
            throw CommandLineFailure("supertext: there is no user named \(user).")
        }
        return found.owner
    }
}
