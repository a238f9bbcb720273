import Foundation
import SuperTextCore

/// Why the database cannot be used as it should: the disk is full, the file became read-only,
/// was deleted or replaced, or is damaged.
///
/// Each fault has a stable `code` (`storage_full`, `storage_read_only`, `storage_gone`,
/// `storage_corrupt`, `storage_failed`, `storage_busy`, `storage_unavailable`) and a message that says what a person
/// should do; `cause` is what SQLite or the file system said, for the log.
public struct StorageFault: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// The file system has no room left (SQLITE_FULL, or the database reached its page limit).
        case full
        /// The database, its write-ahead log or their directory cannot be written.
        case readOnly = "read_only"
        /// The file at the database's path is no longer the file the server opened (deleted,
        /// moved or replaced).
        case gone
        /// SQLite found the file damaged (SQLITE_CORRUPT, SQLITE_NOTADB, a file cut short).
        case corrupt
        /// Another input or output error.
        case failed
        /// The database stayed locked by another connection for longer than the busy timeout.
        case busy
        /// The database server cannot be reached, or did not answer in time (PostgreSQL down,
        /// the network to it cut).
        case unavailable
    }

    public var kind: Kind
    /// What to tell the person.
    public var message: String
    /// What SQLite or the file system reported, for the log.
    public var cause: String

    public init(kind: Kind, message: String, cause: String) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }

    public var code: ErrorCode {
        switch kind {
        case .full: .storageFull
        case .readOnly: .storageReadOnly
        case .gone: .storageGone
        case .corrupt: .storageCorrupt
        case .failed: .storageFailed
        case .busy: .storageBusy
        case .unavailable: .storageUnavailable
        }
    }

    /// Whether the fault stops the service from storing until something changes: every kind but
    /// `busy`, which only asks the client to try again.
    public var isLasting: Bool { kind != .busy }

    public var description: String { "\(code.rawValue): \(message) (\(cause))" }

    package static func full(path: String, cause: String) -> StorageFault {
        StorageFault(
            kind: .full,
            message: "The disk holding the database \(path) is full: checks are not stored. Free space on that disk, "
                + "or delete old history (DELETE /api/v1/history, or start with --history-max-count or --history-max-age); "
                + "checks sent with \"store\": false still work.",
            cause: cause)
    }

    package static func readOnly(path: String, what: String, cause: String) -> StorageFault {
        StorageFault(
            kind: .readOnly,
            message: "The database \(path) cannot be written (\(what)): checks are not stored. Make the file, its -wal "
                + "file and their directory writable again (mount, chattr -i, chmod), or start with --no-history; "
                + "checks sent with \"store\": false still work.",
            cause: cause)
    }

    package static func gone(path: String, what: String) -> StorageFault {
        StorageFault(
            kind: .gone,
            message: "The database file \(path) \(what) while the server was running: nothing more is stored, as it "
                + "would be lost. Restart the server to use the file now at that path (a new empty history if there "
                + "is none), or put the original file back; checks sent with \"store\": false still work.",
            cause: what)
    }

    package static func corrupt(path: String, cause: String) -> StorageFault {
        StorageFault(
            kind: .corrupt,
            message: "The database \(path) is damaged: nothing more is stored or read. Stop the server and keep a copy "
                + "of the file; then recover what can be read with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite` "
                + "and start with --database recovered.sqlite, or move the file aside to start with an empty history.",
            cause: cause)
    }

    package static func failed(path: String, cause: String) -> StorageFault {
        StorageFault(
            kind: .failed,
            message: "The database \(path) could not be written or read (an input/output error): this check was not "
                + "stored. Look at the disk (dmesg, its free space and health); checks sent with \"store\": false "
                + "still work.",
            cause: cause)
    }

    package static func busy(path: String, cause: String) -> StorageFault {
        StorageFault(
            kind: .busy,
            message: "The database \(path) is locked by another process for too long; try again shortly.",
            cause: cause)
    }
}
