import Foundation
import Synchronization

/// The files of a database on disk (the database, its write-ahead log, their directory), and
/// whether the files at their paths are still the ones SQLite has open.
///
/// SQLite writes through the descriptors it opened: once the file at the path is deleted or
/// replaced, every commit goes to a file nobody will open again, and is lost at the next start.
/// SQLite checks this only in rollback-journal mode (SQLITE_READONLY_DBMOVED), not in WAL mode.
/// So the device and inode of each path are noted when the database is opened, and compared
/// after every commit that is acknowledged (two `stat` calls) and by `StorageMonitor`.
package final class DatabaseFiles: Sendable {
    /// A file's identity: its device and inode.
    package struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    package let path: String
    package var walPath: String { path + "-wal" }
    package var directory: String { (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent }

    private let database: Identity?
    /// The log's identity, noted the first time it is seen (SQLite creates it on first use).
    private let wal: Mutex<Identity?>

    /// Notes the identity of the files now at `path` and `path-wal`: call it once SQLite has them open.
    package init(path: String) {
        self.path = path
        database = Identity(path: path)
        wal = Mutex(Identity(path: path + "-wal"))
    }

    /// How the files at the paths differ from those opened, or `nil` when they are the same.
    package func change() -> String? {
        guard let database else { return nil }
        guard let now = Identity(path: path) else { return "was deleted" }
        if now != database { return "was replaced by another file" }
        let walNow = Identity(path: walPath)
        return wal.withLock { opened -> String? in
            guard let opened else {
                opened = walNow
                return nil
            }
            guard let walNow else { return "lost its write-ahead log (\(walPath) was deleted)" }
            return walNow == opened ? nil : "lost its write-ahead log (\(walPath) was replaced)"
        }
    }

    /// Whether the file at the log's path is the log SQLite opened.
    package func walIsOurs() -> Bool {
        guard let now = Identity(path: walPath) else { return false }
        return wal.withLock { $0 == now }
    }

    /// Bytes the file system holding the database can still give to this user.
    package func freeBytes() -> Int? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// The size of the file system holding `directory`.
    package static func totalBytes(_ directory: String) -> Int? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        return Int(info.f_blocks) * Int(info.f_frsize)
    }

    /// Why the database cannot be written, or `nil` when its files and directory can be.
    package func unwritable() -> String? { Self.unwritable(path) }

    /// Why the database at `path` cannot be written (its file, its log or their directory), or
    /// `nil` when all three can be (or do not exist yet).
    package static func unwritable(_ path: String) -> String? {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        for (file, name) in [(path, "the file"), (path + "-wal", "its -wal file"), (directory, "its directory")] {
            if access(file, W_OK) != 0 {
                switch errno {
                case EROFS: return "\(name) is on a read-only file system"
                case EPERM: return "\(name) is immutable (chattr +i)"
                case EACCES: return "\(name) is not writable by this user"
                default: continue  // missing: not a reason
                }
            }
        }
        return nil
    }
}
