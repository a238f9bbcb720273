import Dispatch
import Foundation
import SuperTextStore
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log into the database file on a connection of its own, so that no
/// commit waits for it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages:
/// that commit (and, through the group commit, every check saved behind it) waits for the copy
/// and its two `fdatasync` calls, tens of milliseconds on a slow disk. Here the writer's
/// automatic checkpoint is replaced by a WAL hook that only notes the log's size; past
/// `pagesBeforeCheckpoint` a PASSIVE checkpoint runs on this connection, on its own queue, while
/// commits go on. A PASSIVE checkpoint never blocks writers or readers, and SQLite reuses the
/// log from its start once it has been copied whole. Durability is unchanged: a commit is in the
/// log when it is acknowledged, whether or not it has been copied yet.
final class WALCheckpointer: Sendable {
    /// The log's size, in pages, from which a checkpoint starts (SQLite's automatic default),
    /// unless the storage reserve is smaller than four times as much (`init`).
    static let pagesBeforeCheckpoint: CInt = 1_000
    /// The log's size, in pages, from which the writer checkpoints by itself, as SQLite would.
    ///
    /// Under writes that never pause, a checkpoint on another connection never finds the whole
    /// log copied (the writer keeps adding to it), so SQLite cannot start the log again from its
    /// beginning and it grows. Past this size the committing writer copies it itself (after any
    /// checkpoint running on the other connection has ended); the next
    /// commit then reuses the log from its start. This bounds the log to about 16 MB, or the
    /// storage reserve when it is smaller.
    static let pagesBeforeWriterCheckpoints: CInt = 4_000

    /// The database the hook is installed on; kept open as long as the hook can fire.
    private let writer: DatabasePool
    /// What the hook calls. The hook's context holds a reference to it until the hook is
    /// removed, so a commit that fires the hook while this object goes never reaches freed
    /// memory.
    private let log: Log

    /// Opens the checkpoint connection and hands the writer's checkpoints to it.
    ///
    /// - Parameter reserveBytes: the storage reserve (`StorageReserve`). The writer checkpoints
    ///   by itself before the log holds more bytes than the reserve (at most
    ///   `pagesBeforeWriterCheckpoints` pages), the checkpoint connection at a quarter of that:
    ///   on a full disk, the reserve given back is then enough for a checkpoint to copy the log
    ///   into the database (which grows by at most the pages in the log), after which the log
    ///   is written again from its start.
    init(path: String, writer: DatabasePool, configuration: Configuration, reserveBytes: Int = 16 << 20) throws {
        self.writer = writer
        let writerPages = reserveBytes > 0
            ? min(Int(Self.pagesBeforeWriterCheckpoints), max(reserveBytes / 4096, 8)) : Int(Self.pagesBeforeWriterCheckpoints)
        log = Log(
            connection: try DatabaseQueue(path: path, configuration: configuration),
            pagesBeforeCheckpoint: min(Int(Self.pagesBeforeCheckpoint), writerPages / 4), pagesBeforeWriterCheckpoints: writerPages
        )
        let context = Unmanaged.passRetained(log).toOpaque()
        writer.writeWithoutTransaction { db -> Void in
            // Replaces SQLite's automatic checkpoint, which is itself a WAL hook.
            _ = sqlite3_wal_hook(db.sqliteConnection, { context, connection, name, pages in
                guard let context else { return SQLITE_OK }
                let log = Unmanaged<Log>.fromOpaque(context).takeUnretainedValue()
                if pages >= log.pagesBeforeWriterCheckpoints {
                    // As SQLite's own hook does, once the checkpoint running elsewhere (if
                    // any) has ended: two cannot run at once, and the log must not grow
                    // past this.
                    log.waitForRunningCheckpoint()
                    _ = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                } else if pages >= log.pagesBeforeCheckpoint {
                    log.grew(to: Int(pages))
                }
                return SQLITE_OK
            }, context)
        }
    }

    deinit {
        // The hook's context goes only once the hook is removed (on the writer, after any
        // commit running now); should that fail, it is kept.
        do {
            try writer.writeWithoutTransaction { db -> Void in
                // Closed for good once the file was gone (`AppDatabase`): nothing to undo.
                guard let connection = db.sqliteConnection else { return }
                _ = sqlite3_wal_hook(connection, nil, nil)
                // And let SQLite checkpoint by itself again, should the writer outlive this.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.pagesBeforeCheckpoint)")
            }
            Unmanaged.passUnretained(log).release()
        } catch {}
    }

    /// Tells `health` of checkpoints that fail for want of storage (a full disk, a read-only
    /// file): the log then grows, and would end in the same error on a commit later.
    func report(to health: StorageHealth) {
        log.health.withLock { $0 = health }
    }

    /// Copies the whole log into the database and empties it (TRUNCATE), trying again for a
    /// while when another checkpoint or a reader is in the way; for a database closing for good.
    func empty() {
        Self.empty(log.connection)
    }

    /// Copies the whole log into the database through `connection` and empties it, trying again
    /// for a while when another checkpoint (which makes it fail at once, without waiting) or a
    /// reader is in the way; nothing once the connection is closed.
    static func empty(_ connection: any DatabaseWriter) {
        for _ in 0..<50 {
            let done = try? connection.writeWithoutTransaction { db -> Bool in
                guard db.sqliteConnection != nil else { return true }
                _ = try db.checkpoint(.truncate)
                return true
            }
            if done == true { return }
            usleep(100_000)
        }
    }

    /// Closes the checkpoint connection (the database is closing for good).
    func close() throws {
        try log.connection.close()
    }

    /// How many checkpoints have run.
    var checkpointCount: Int { log.checkpoints.load(ordering: .relaxed) }

    /// The checkpoint connection and what the hook knows of the log.
    private final class Log: Sendable {
        let connection: DatabaseQueue
        let queue = DispatchQueue(label: "supertext.wal-checkpoint")
        let running = Atomic<Bool>(false)
        let checkpoints = Atomic<Int>(0)
        /// The log's size when the last checkpoint ran: the next starts 1,000 pages later.
        let checkpointedAt = Atomic<Int>(0)
        let health = Mutex<StorageHealth?>(nil)
        /// The log's size, in pages, from which a checkpoint starts.
        let pagesBeforeCheckpoint: CInt
        /// The log's size, in pages, from which the writer checkpoints by itself.
        let pagesBeforeWriterCheckpoints: CInt

        init(connection: DatabaseQueue, pagesBeforeCheckpoint: Int, pagesBeforeWriterCheckpoints: Int) {
            self.connection = connection
            self.pagesBeforeCheckpoint = CInt(pagesBeforeCheckpoint)
            self.pagesBeforeWriterCheckpoints = CInt(pagesBeforeWriterCheckpoints)
        }

        /// Blocks until no checkpoint runs on the checkpoint connection (at most 10 s). Called
        /// by the writer, only when the log has reached `pagesBeforeWriterCheckpoints`.
        func waitForRunningCheckpoint() {
            for _ in 0..<10_000 where running.load(ordering: .acquiring) {
                usleep(1_000)
            }
        }

        /// Called by SQLite after a commit with the log's size; returns at once. Starts a
        /// checkpoint unless one is running or the log has grown by less than
        /// `pagesBeforeCheckpoint` since the last (while commits go on, a checkpoint leaves the
        /// log as long as it was: starting again at once would copy a few pages for two
        /// `fdatasync` calls).
        func grew(to pages: Int) {
            let last = checkpointedAt.load(ordering: .relaxed)
            // A log smaller than at the last checkpoint has started again from its beginning.
            guard pages < last || pages - last >= Int(pagesBeforeCheckpoint) else { return }
            guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
            queue.async {
                // A failure leaves the log to the next checkpoint; nothing is lost. One for
                // want of storage is a fault of its own.
                var result: (walFrameCount: Int, checkpointedFrameCount: Int)?
                do {
                    result = try self.connection.writeWithoutTransaction { db in
                        db.sqliteConnection == nil ? nil : try db.checkpoint(.passive)
                    }
                } catch {
                    _ = self.health.withLock { $0 }?.failed(error)
                }
                self.checkpointedAt.store(result?.walFrameCount ?? pages, ordering: .relaxed)
                self.checkpoints.add(1, ordering: .relaxed)
                self.running.store(false, ordering: .releasing)
            }
        }
    }
}
