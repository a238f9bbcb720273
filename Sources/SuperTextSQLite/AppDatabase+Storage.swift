import Foundation
import SuperTextStore
import GRDB

/// How a database on disk guards its storage (see `StorageHealth`).
public struct StorageOptions: Sendable, Equatable {
    /// Bytes kept free beside the database for deletes on a full disk (`StorageReserve`), at
    /// most a sixteenth of the disk; 0: none. The log is checkpointed before it holds as much
    /// (`WALCheckpointer`).
    public var reserveBytes: Int
    /// Databases up to this size (file and log) are checked whole with `PRAGMA quick_check`
    /// before the server starts; larger ones have their small tables checked before, and the
    /// whole file just after, in the background.
    public var fullCheckLimit: Int
    /// How often the files are looked at (`StorageMonitor`).
    public var monitorInterval: Duration
    /// How long opening waits for another process opening or migrating the same database.
    public var openTimeout: Duration

    public init(
        reserveBytes: Int = 16 << 20, fullCheckLimit: Int = 64 << 20, monitorInterval: Duration = .seconds(2),
        openTimeout: Duration = .seconds(60)
    ) {
        self.reserveBytes = reserveBytes
        self.fullCheckLimit = fullCheckLimit
        self.monitorInterval = monitorInterval
        self.openTimeout = openTimeout
    }
}

extension AppDatabase {
    /// Runs a read; refused when the database is gone or damaged, and its errors turned into
    /// storage faults.
    func reading<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await storage.during(.read) {
            do {
                return try await writer.read(body)
            } catch {
                throw storage.failed(error)
            }
        }
    }

    /// Runs a write transaction that adds data. It is refused when the storage's fault refuses
    /// storing, and succeeds only once committed into the files opened
    /// (`StorageHealth.verifyFiles`).
    func storing<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await storage.during(.store) {
            do {
                let value = try await writer.write(body)
                try storage.verifyFiles()
                storage.succeeded(.store)
                return value
            } catch {
                throw storage.failed(error)
            }
        }
    }

    /// Runs a write transaction that deletes data (`Self.freeing`), on a queue of its own.
    /// - Parameter body: deletes and returns how many rows it deleted.
    func freeing(_ body: @escaping @Sendable (Database) throws -> Int) async throws -> Int {
        let writer = writer, storage = storage
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try Self.freeing(writer, storage, body) })
            }
        }
    }

    /// Runs a write transaction that deletes data, and makes it work on a full disk.
    ///
    /// - While the disk is full (or its reserve given back), `secure_delete` is FAST for it:
    ///   Debian's SQLite overwrites every freed page with zeros, one more page in the log for
    ///   each page freed, and a large delete could not fit.
    /// - When it fails for want of room, the reserve is given back, the log is copied into the
    ///   database so that it is written again from its start, and the delete is tried again.
    /// - Once it has committed on a full disk, the log is copied again (the room the delete left
    ///   in the database is used only then), and `full` ends if there is room now
    ///   (`hasRoomToStore`).
    /// - Parameter body: deletes and returns how many rows it deleted.
    static func freeing(_ writer: any DatabaseWriter, _ storage: StorageHealth, _ body: @escaping (Database) throws -> Int) throws -> Int {
        try storage.enter(.free)
        defer { storage.leave() }
        func attempt(fast: Bool) throws -> Int {
            let deleted = try writer.write { db -> Int in
                guard fast else { return try body(db) }
                let previous = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
                try db.execute(sql: "PRAGMA secure_delete = FAST")
                defer { try? db.execute(sql: "PRAGMA secure_delete = \(previous)") }
                return try body(db)
            }
            try storage.verifyFiles()
            storage.succeeded(.store)
            if storage.fault?.kind == .full {
                restartLog(writer, storage)
                holdSize(writer, storage)
                if deleted > 0, hasRoomToStore(writer, storage) { storage.end([.full]) }
            }
            return deleted
        }
        do {
            return try attempt(fast: storage.fault?.kind == .full || storage.reserve?.isPresent == false)
        } catch {
            let failure = storage.failed(error)
            guard let fault = failure as? StorageFault, fault.kind == .full else { throw failure }
            _ = releaseReserve(storage)
            restartLog(writer, storage)
            do {
                return try attempt(fast: true)
            } catch {
                throw storage.failed(error)
            }
        }
    }

    /// Whether a full database can take new checks again: there is room in the database (free
    /// pages, a quarter of the reserve's worth at least, left by deletes), or on the disk (the
    /// reserve, made again if need be, and as much again) while the database is below its page
    /// limit (`PRAGMA max_page_count`, read on the writer's connection, where it applies).
    /// Both margins keep a disk that is nearly full from turning `full` on and off at each check.
    static func hasRoomToStore(_ writer: any DatabaseWriter, _ storage: StorageHealth) -> Bool {
        guard let pages = try? writer.writeWithoutTransaction({ db in
            guard db.sqliteConnection != nil else { throw DatabaseError(resultCode: .SQLITE_MISUSE) }
            return (
                count: try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0,
                limit: try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? 0,
                free: try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            )
        }) else { return false }
        let reserveBytes = storage.reserve?.bytes ?? 0
        if pages.free >= max(reserveBytes / 4096 / 4, 4) { return true }
        // The limit the database had before it was held at its size (`holdSize`), if it was.
        let limit = storage.heldPageLimit.withLock { $0 } ?? pages.limit
        guard let free = storage.files?.freeBytes(), free >= max(2 * reserveBytes, 1 << 20), pages.count + 64 <= limit else {
            return false
        }
        if let reserve = storage.reserve, !reserve.isPresent {
            guard restoreReserve(writer, storage) else { return false }
        }
        return true
    }

    /// Makes the reserve again, and lets the database grow again; whether it is in place.
    static func restoreReserve(_ writer: any DatabaseWriter, _ storage: StorageHealth) -> Bool {
        guard let reserve = storage.reserve, reserve.create() else { return false }
        storage.note("the storage reserve \(reserve.path) (\(reserve.bytes) bytes) is in place again", isWarning: false)
        if let limit = storage.heldPageLimit.withLock({ $0 }) {
            if (try? writer.writeWithoutTransaction({ db in try db.execute(sql: "PRAGMA max_page_count = \(limit)") })) != nil {
                storage.heldPageLimit.withLock { $0 = nil }
            }
        }
        return true
    }

    /// While the reserve is given back, holds the database at its size (`PRAGMA
    /// max_page_count` on the writer): new checks go only in the room deletes left in it. A
    /// checkpoint then never needs the disk to grow the database, so the log can always be
    /// written again from its start, and a delete always fits, however often the room is used
    /// up again. Called once the log is copied, when the file is as large as the database.
    private static func holdSize(_ writer: any DatabaseWriter, _ storage: StorageHealth) {
        guard storage.reserve?.isPresent == false, storage.heldPageLimit.withLock({ $0 }) == nil else { return }
        let limit = try? writer.writeWithoutTransaction { db -> Int in
            let limit = try Int.fetchOne(db, sql: "PRAGMA max_page_count") ?? 0
            let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(count)")
            return limit
        }
        storage.heldPageLimit.withLock { $0 = limit }
    }

    /// Gives the reserve back to the file system; whether there was one.
    private static func releaseReserve(_ storage: StorageHealth) -> Bool {
        guard let reserve = storage.reserve, reserve.release() else { return false }
        storage.note("the disk is full: the storage reserve \(reserve.path) (\(reserve.bytes) bytes) was given back so that history can be deleted")
        return true
    }

    /// Copies the log into the database so that the next commit writes it from its start (the
    /// log keeps its size on the disk, and commits reuse it): on a full disk the log cannot
    /// grow, and the room deleted rows left in the database is used only once the log is
    /// copied. The copy grows the database by the pages new in the log; when there is no room
    /// for them, the reserve is given back for it.
    private static func restartLog(_ writer: any DatabaseWriter, _ storage: StorageHealth) {
        func restart() throws { _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.restart) } }
        do {
            try restart()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL && releaseReserve(storage) {
            try? restart()
        } catch {}
    }

    /// Runs `PRAGMA quick_check` on a database before it is used: whole when the files are at
    /// most `limit` bytes, else only its small tables (the checks, their search index and
    /// mistakes are then checked by `checkWholeFileLater`).
    /// - Returns: whether the whole file was checked.
    /// - Throws: `StoreError.corrupt` naming what SQLite found.
    static func checkIntegrity(_ writer: DatabasePool, path: String, limit: Int) throws -> Bool {
        let size = [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
        let whole = size <= limit
        let problems: [String]
        do {
            problems = try writer.read { db -> [String] in
                if whole { return try quickCheck(db, table: nil) }
                let tables = try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN
                    ('personalWord', 'searchProgress', 'mistakeProgress', 'checkSequence', 'grdb_migrations')
                    """)
                return try tables.flatMap { try quickCheck(db, table: $0) }
            }
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw StoreError.corrupt(path: path, found: error.message ?? "\(error)")
        }
        if !problems.isEmpty { throw StoreError.corrupt(path: path, found: problems.prefix(3).joined(separator: "; ")) }
        return whole
    }

    /// What `PRAGMA quick_check` finds wrong (at most 10 problems), nothing when the file is sound.
    private static func quickCheck(_ db: Database, table: String?) throws -> [String] {
        let argument = table.map { "'\($0)'" } ?? "10"
        let rows = try String.fetchAll(db, sql: "PRAGMA quick_check(\(argument))")
        return rows == ["ok"] ? [] : rows
    }

    /// Checks a large database whole after the start, on a queue of its own (a read: checks go
    /// on meanwhile); damage found turns storage off (`storage_corrupt`).
    func checkWholeFileLater(path: String) {
        let writer = writer, storage = storage
        DispatchQueue.global(qos: .background).async {
            do {
                let problems = try storage.during(.read) { try writer.read { db in try Self.quickCheck(db, table: nil) } }
                if problems.isEmpty {
                    storage.note("the database \(path) passed its integrity check (PRAGMA quick_check)", isWarning: false)
                } else {
                    storage.record(.corrupt(path: path, cause: "PRAGMA quick_check: " + problems.prefix(3).joined(separator: "; ")))
                }
            } catch {
                _ = storage.failed(error)
            }
        }
    }

    /// Brings the schema up to date while other processes may be doing the same on the same file.
    ///
    /// Two servers starting on a new database both read that no migration is applied; the
    /// second then waits for the first one's transaction and fails on tables that now exist, or
    /// finds the database locked past the busy timeout. When a migration fails and another
    /// process applied migrations meanwhile, or the database is locked, this tries again (the
    /// failed transaction was rolled back) until `timeout`.
    static func migrateAlongsideOthers(_ writer: any DatabaseWriter, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let before = try appliedMigrationCount(writer)
            do {
                try migrator.migrate(writer)
                return
            } catch let error as DatabaseError {
                let locked = error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
                guard ContinuousClock.now < deadline, try locked || appliedMigrationCount(writer) > before else { throw error }
                Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.1))
            }
        }
    }

    private static func appliedMigrationCount(_ writer: any DatabaseWriter) throws -> Int {
        try writer.read { db in
            try db.tableExists("grdb_migrations") ? Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0 : 0
        }
    }
}
