import Logging
import SuperTextPostgres
import SuperTextSQLite
import SuperTextStore

/// Where history and the personal dictionary are kept, as `--database` / `SUPERTEXT_DATABASE`
/// give it: a `postgres://` (or `postgresql://`) URL means a PostgreSQL database that several
/// servers may share; anything else is the path of a SQLite file.
public struct StoreLocation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(url: String)
    }

    public let kind: Kind

    public init(_ setting: String) {
        let lower = setting.lowercased()
        kind = lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") ? .postgres(url: setting) : .sqlite(path: setting)
    }

    /// Whether the data is in a SQLite file.
    public var isFile: Bool {
        if case .sqlite = kind { return true }
        return false
    }

    /// Opens the store, bringing its schema up to date; `onCommit` is told of each transaction
    /// that saves checks.
    /// - Throws: `StoreError` saying why it cannot be opened (a bad URL, PostgreSQL not
    ///   reachable, a file that cannot be written or is damaged).
    public func open(logger: Logger, onCommit: AppDatabase.CommitObserver? = nil) async throws -> any DataStore {
        switch kind {
        case .sqlite(let path):
            try AppDatabase.open(path: path, indexing: .init(), storage: .init(), onCommit: onCommit)
        case .postgres(let url):
            try await PostgresStore.open(url: url, logger: logger, onCommit: onCommit)
        }
    }
}
