import Foundation
import SuperTextStore
import GRDB
import SuperTextCore

/// The SQLite database of SuperText: history of checks, the mistakes in them, the personal
/// dictionary and the rules turned off.
///
/// On disk it is a `DatabasePool` in WAL mode; tests use an in-memory queue. Migrations run when
/// it opens. Every write is acknowledged only once its transaction has committed into the files
/// at the database's path; when storage fails (a full disk, a read-only, deleted or damaged
/// file), accesses throw a `StorageFault` and `storage` says why until it is mended.
public struct AppDatabase: Sendable {
    /// The database connection (pool on disk, queue in memory).
    let writer: any DatabaseWriter
    /// Concurrent saves of checks, committed together (see `GroupCommit`).
    let checkWrites: GroupCommit<NewCheck, Int64>
    /// Adds saved checks to the full-text index, and their mistakes to their table, when the
    /// database is quiet (see `HistoryIndexer`).
    let historyIndexer: HistoryIndexer
    /// Checkpoints the log of a database file away from commits (see `WALCheckpointer`).
    let checkpointer: WALCheckpointer?
    /// The state of the storage: the fault it is in, and who hears of changes.
    public let storage: StorageHealth
    /// Looks at the files on disk now and then; `nil` in memory.
    let monitor: StorageMonitor?

    /// Called after each transaction that saves checks, with how many, how long it took from
    /// waiting for the write lock to its commit or failure, and whether it committed: for metrics.
    public typealias CommitObserver = StoreCommitObserver

    /// Opens the database and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - indexing: when saved checks enter the full-text index and the mistakes table.
    ///   - onCommit: told of each transaction that saves checks, committed or failed.
    init(
        _ writer: any DatabaseWriter, indexing: HistoryIndexer.Policy = .init(), checkpointer: WALCheckpointer? = nil,
        storage: StorageHealth = StorageHealth(path: ":memory:", files: nil, reserve: nil), migrationTimeout: Duration = .zero,
        monitorInterval: Duration? = nil, onCommit: CommitObserver? = nil
    ) throws {
        self.writer = writer
        self.checkpointer = checkpointer
        self.storage = storage
        try Self.migrateAlongsideOthers(writer, timeout: migrationTimeout)
        let pending = try writer.read { db in try Self.unindexedCheckCount(db) }
        let indexer = HistoryIndexer(writer: writer, policy: indexing, pending: pending, storage: storage)
        historyIndexer = indexer
        let monitor = monitorInterval.map { StorageMonitor(writer: writer, health: storage, interval: $0) }
        self.monitor = monitor
        checkWrites = GroupCommit { [writer, storage] checks in
            if let monitor, let last = checks.last { monitor.noteRetention(last.retention) }
            let start = ContinuousClock.now
            do {
                return try storage.during(.store) {
                    do {
                        let ids = try writer.writeWithoutTransaction { db in try Self.inTransaction(db) { try Self.insert(checks, db) } }
                        // Acknowledged only once in the file at the path: not in a deleted one.
                        try storage.verifyFiles()
                        storage.succeeded(.store)
                        onCommit?(ids.count, ContinuousClock.now - start, true)
                        indexer.noteSaved(ids.count)
                        return ids
                    } catch {
                        throw storage.failed(error)
                    }
                }
            } catch {
                // Refused for a known fault, or failed: either way not stored.
                onCommit?(checks.count, ContinuousClock.now - start, false)
                throw error
            }
        }
        checkpointer?.report(to: storage)
        // Once the database at the path is not the one open, the log at `<path>-wal` is ours but
        // its database is not. Emptied, it cannot be replayed into a file put in the database's
        // place should this process be killed. Closed, the connections hold no lock on that log
        // and the shared memory beside it: a server started on the path starts them afresh,
        // rather than sharing them with a database nobody can open (whose checkpoints would
        // mark its log copied). Not when the log at the path is another's: SQLite may remove a
        // log by its name when it closes.
        storage.whenGone { [writer, storage, weak checkpointer] in
            guard let pool = writer as? DatabasePool else { return }
            // Accesses begun before the files were found gone end first (new ones are refused).
            let ours = storage.files?.walIsOurs() == true && storage.waitForAccessesToEnd(timeout: .seconds(30))
            if let checkpointer {
                // The pool first: its writer would go on adding to the log.
                if ours { try? pool.close() }
                checkpointer.empty()
                if ours { try? checkpointer.close() }
            } else {
                // The database was let go of, its checkpointer with it, while an access still
                // held its connections (a checkpoint the checkpointer began may still run): the
                // writer, which adds nothing more (every access is refused), empties the log,
                // then closes. Once closed it must not be used: SQLite would read the freed
                // connection.
                WALCheckpointer.empty(pool)
                if ours { try? pool.close() }
            }
            if ours { storage.closedForGood() }
        }
    }

    /// Runs `body` in an immediate transaction begun and committed by cached statements
    /// (GRDB's `write` parses its BEGIN and COMMIT anew each time: about a tenth of the CPU of a
    /// lone save in a profile of the service); rolled back when `body` throws.
    static func inTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let value = try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return value
        } catch {
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }

    /// How many transactions have stored checks since the database was opened.
    public var checkTransactionCount: Int { checkWrites.transactionCount }

    /// Opens (or creates) the database file at `path`.
    ///
    /// - Throws: `StoreError.cannotOpen` with a clear message when the file cannot be opened or
    ///   written, or is not a SQLite database. An existing file that is not a SQLite database is
    ///   never overwritten.
    public static func open(path: String) throws -> AppDatabase {
        try open(path: path, indexing: .init())
    }

    /// Opens (or creates) the database file at `path`, with its own search indexing policy.
    public static func open(path: String, indexing: HistoryIndexer.Policy) throws -> AppDatabase {
        try open(path: path, indexing: indexing, storage: .init())
    }

    /// Opens (or creates) the database file at `path` with the default storage options, and
    /// tells `onCommit` of each transaction that saves checks.
    public static func open(path: String, onCommit: @escaping CommitObserver) throws -> AppDatabase {
        try open(path: path, indexing: .init(), storage: .init(), onCommit: onCommit)
    }

    /// Opens (or creates) the database file at `path`: checks its integrity (see
    /// `StorageOptions.fullCheckLimit`), brings its schema up to date (waiting for another
    /// process doing the same), keeps its reserve and starts looking at its files.
    ///
    /// `onCommit` is told of each transaction that saves checks.
    ///
    /// - Throws: `StoreError.cannotOpen` with a clear message when the file cannot be opened or
    ///   written, or is not a SQLite database, `StoreError.corrupt` when it is damaged. An
    ///   existing file that is not a SQLite database is never overwritten.
    public static func open(
        path: String, indexing: HistoryIndexer.Policy, storage options: StorageOptions, onCommit: CommitObserver? = nil
    ) throws -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StoreError.cannotOpen(path: path, reason: missingDirectoryReason(directory))
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw StoreError.cannotOpen(path: path, reason: "it is a directory") }
            if let reason = DatabaseFiles.unwritable(path) {
                throw StoreError.cannotOpen(path: path, reason: reason)
            }
            if let problem = notSQLite(path) { throw StoreError.cannotOpen(path: path, reason: problem) }
        } else if let reason = DatabaseFiles.unwritable(path) {
            throw StoreError.cannotOpen(path: path, reason: reason)
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // WAL with NORMAL: a commit survives the process being killed; one fsync per
            // checkpoint rather than per check keeps storage out of the way of checks.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        configuration.busyMode = .timeout(5)
        // A sixteenth of a small disk at most: a reserve as large as the disk would leave no room
        // for the database, and the log is checkpointed before it outgrows the reserve.
        let reserveBytes = DatabaseFiles.totalBytes(directory).map {
            options.reserveBytes == 0 ? 0 : min(options.reserveBytes, max($0 / 16 / 4096 * 4096, 16 * 4096))
        } ?? options.reserveBytes
        let deadline = ContinuousClock.now + options.openTimeout
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                // Noted once SQLite has the files open: from here on, a commit is acknowledged
                // only if it went into these files.
                let files = DatabaseFiles(path: path)
                let checkedWhole = try checkIntegrity(pool, path: path, limit: options.fullCheckLimit)
                let checkpointer = try WALCheckpointer(path: path, writer: pool, configuration: configuration, reserveBytes: reserveBytes)
                let reserve = StorageReserve(databasePath: path, bytes: reserveBytes)
                let health = StorageHealth(path: path, files: files, reserve: reserve)
                let database = try AppDatabase(
                    pool, indexing: indexing, checkpointer: checkpointer, storage: health,
                    migrationTimeout: deadline - ContinuousClock.now, monitorInterval: options.monitorInterval,
                    onCommit: onCommit
                )
                if reserveBytes > 0, !reserve.create() {
                    health.note("no room on the disk for the storage reserve \(reserve.path) (\(reserveBytes) bytes): it is made once there is")
                }
                if !checkedWhole { database.checkWholeFileLater(path: path) }
                return database
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && ContinuousClock.now < deadline {
                // Another process is creating or migrating the same file.
                Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.1))
            } catch let error as DatabaseError {
                if [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
                    throw StoreError.corrupt(path: path, found: error.message ?? "\(error)")
                }
                if error.resultCode == .SQLITE_FULL {
                    throw StoreError.cannotOpen(path: path, reason: "the disk is full; free space on it")
                }
                throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
            }
        }
    }

    /// An empty database in memory, for tests.
    public static func inMemory() throws -> AppDatabase {
        try inMemory(indexing: .init())
    }

    /// An empty database in memory, for tests, with its own search indexing policy, telling
    /// `onCommit` of each transaction that saves checks.
    public static func inMemory(indexing: HistoryIndexer.Policy, onCommit: CommitObserver? = nil) throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(), indexing: indexing, onCommit: onCommit)
    }

    /// Why `directory` cannot hold the database, when it is not a directory that can be reached.
    private static func missingDirectoryReason(_ directory: String) -> String {
        if access(directory, F_OK) == 0 { return "\(directory) is not a directory" }
        if errno == EACCES { return "the directory \(directory) cannot be reached by this user (permission denied)" }
        return "the directory \(directory) does not exist"
    }

    /// Why a file is not a SQLite database, or `nil` when it is one (or empty).
    private static func notSQLite(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "the file is not readable" }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return nil }
        return header == Data("SQLite format 3\0".utf8) ? nil : "it is not a SQLite database"
    }

    /// The schema, one migration per change. Shipped migrations are never edited.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create checks, mistakes and personal words") { db in
            try db.create(table: "check") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("createdAt", .datetime).notNull().indexed()
                table.column("languageCode", .text).notNull().indexed()
                table.column("languageName", .text).notNull()
                table.column("languageDetected", .boolean).notNull()
                table.column("languageConfidence", .double).notNull()
                table.column("text", .text).notNull()
                table.column("correctedText", .text).notNull()
                table.column("matches", .jsonText).notNull()
                table.column("matchCount", .integer).notNull()
                table.column("characters", .integer).notNull()
                table.column("words", .integer).notNull()
                table.column("milliseconds", .double).notNull()
            }
            try db.create(table: "mistake") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("check", onDelete: .cascade).notNull()
                table.column("createdAt", .datetime).notNull().indexed()
                table.column("word", .text).notNull().indexed()
                table.column("correction", .text)
                table.column("category", .text).notNull()
                table.column("kind", .text).notNull()
            }
            try db.create(table: "personalWord") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("word", .text).notNull()
                // Empty: every language.
                table.column("language", .text).notNull().defaults(to: "")
                table.column("createdAt", .datetime).notNull()
                table.uniqueKey(["word", "language"])
            }
            // Full-text search over checked texts, kept in step by triggers.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE checkSearch USING fts5(
                    text, content='check', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
                CREATE TRIGGER check_after_insert AFTER INSERT ON "check" BEGIN
                    INSERT INTO checkSearch(rowid, text) VALUES (new.id, new.text);
                END;
                CREATE TRIGGER check_after_delete AFTER DELETE ON "check" BEGIN
                    INSERT INTO checkSearch(checkSearch, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                """)
        }
        // Saving a check no longer indexes its text in the same transaction: `HistoryIndexer`
        // adds it when the database is quiet, and a search first indexes what is pending.
        migrator.registerMigration("Index checked texts for search after saving") { db in
            try db.alter(table: "check") { table in
                table.add(column: "searchIndexed", .boolean).notNull().defaults(to: true)
            }
            try db.execute(sql: """
                DROP TRIGGER check_after_insert;
                DROP TRIGGER check_after_delete;
                CREATE TRIGGER check_after_delete AFTER DELETE ON "check" WHEN old.searchIndexed BEGIN
                    INSERT INTO checkSearch(checkSearch, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                CREATE INDEX check_search_pending ON "check"(id) WHERE NOT searchIndexed;
                """)
        }
        // Marking each check once indexed rewrote every stored row a second time. Checks get
        // ever larger ids (AUTOINCREMENT), so the largest indexed id says which are indexed.
        migrator.registerMigration("Track search indexing by the last indexed check") { db in
            try db.execute(sql: """
                INSERT INTO checkSearch(rowid, text) SELECT id, text FROM "check" WHERE NOT searchIndexed;
                CREATE TABLE searchProgress (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    lastIndexedId INTEGER NOT NULL);
                INSERT INTO searchProgress (id, lastIndexedId) VALUES (1, coalesce((SELECT max(id) FROM "check"), 0));
                DROP TRIGGER check_after_delete;
                DROP INDEX check_search_pending;
                ALTER TABLE "check" DROP COLUMN searchIndexed;
                CREATE TRIGGER check_after_delete AFTER DELETE ON "check"
                WHEN old.id <= (SELECT lastIndexedId FROM searchProgress) BEGIN
                    INSERT INTO checkSearch(checkSearch, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                """)
        }
        // Every stored mistake wrote a page of each of these indexes, and no query reads them:
        // insights group by the folded word (which an index on `word` cannot serve) and count
        // mistakes per day through their check's date.
        migrator.registerMigration("Drop the unused indexes of mistakes") { db in
            try db.execute(sql: """
                DROP INDEX mistake_on_word;
                DROP INDEX mistake_on_createdAt;
                """)
        }
        // A save that commits alone writes every page it touches: the index on the language
        // was one of about five pages of such a transaction (a fifth of its bytes and more than
        // a quarter of its CPU, measured with Python's sqlite3 on the same schema), and it
        // served only the history list filtered by language, which walks the checks newest
        // first and stops at a page's worth.
        migrator.registerMigration("Drop the language index of checks") { db in
            try db.execute(sql: "DROP INDEX check_on_languageCode")
        }
        // A check's mistakes were rows of their own table plus entries of an index on their check
        // (for deletes and the per-day join): two B-trees, each writing a page of its own to the
        // log on every save. Keyed by (check, position) in a table without rowids they are one
        // B-tree, stored next to each other, and the cascade from a deleted check walks its key.
        // Their date was never read (days are counted through their check) and goes.
        migrator.registerMigration("Store mistakes by check and position") { db in
            try db.execute(sql: """
                CREATE TABLE mistake_byCheck (
                    checkId INTEGER NOT NULL REFERENCES "check"(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    word TEXT NOT NULL,
                    correction TEXT,
                    category TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    PRIMARY KEY (checkId, position)
                ) WITHOUT ROWID;
                INSERT INTO mistake_byCheck (checkId, position, word, correction, category, kind)
                    SELECT checkId, row_number() OVER (PARTITION BY checkId ORDER BY id) - 1,
                           word, correction, category, kind
                    FROM mistake;
                DROP TABLE mistake;
                ALTER TABLE mistake_byCheck RENAME TO mistake;
                """)
        }
        // The index on a check's date was one more page in every save's log. Checks are saved
        // in the order of their dates, so their ids order them by date as well: the checks since
        // a date are those after the newest check before it, found walking back from the newest
        // (the insights of recent days), and the checks older than a date those before the
        // oldest check since it, found walking from the oldest (retention by age).
        migrator.registerMigration("Drop the date index of checks") { db in
            try db.execute(sql: "DROP INDEX check_on_createdAt")
        }
        // AUTOINCREMENT kept the largest id ever given in `sqlite_sequence`, one more page in
        // every save's log. Without it SQLite would give the next check the largest id in the
        // table plus one, the id of a deleted newest check again (a search index kept by ids and
        // a client's link to a deleted check would both be misled). So the largest id ever given
        // is kept in `checkSequence` when a check that holds it is deleted, which is rare, and a
        // new check takes the larger of it and the table's largest id, plus one
        // (`NewCheck.insertSQL`). The table is rebuilt without the keyword (foreign keys are off
        // during migrations: the mistakes stay).
        migrator.registerMigration("Number checks without sqlite_sequence") { db in
            try db.execute(sql: """
                CREATE TABLE checkSequence (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    highestId INTEGER NOT NULL);
                INSERT INTO checkSequence (id, highestId) VALUES (1, max(
                    coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'check'), 0),
                    coalesce((SELECT max(id) FROM "check"), 0)));
                CREATE TABLE check_numbered (
                    "id" INTEGER PRIMARY KEY, "createdAt" DATETIME NOT NULL, "languageCode" TEXT NOT NULL,
                    "languageName" TEXT NOT NULL, "languageDetected" BOOLEAN NOT NULL,
                    "languageConfidence" DOUBLE NOT NULL, "text" TEXT NOT NULL, "correctedText" TEXT NOT NULL,
                    "matches" TEXT NOT NULL, "matchCount" INTEGER NOT NULL, "characters" INTEGER NOT NULL,
                    "words" INTEGER NOT NULL, "milliseconds" DOUBLE NOT NULL);
                INSERT INTO check_numbered SELECT id, createdAt, languageCode, languageName, languageDetected,
                    languageConfidence, text, correctedText, matches, matchCount, characters, words, milliseconds
                    FROM "check" ORDER BY id;
                DROP TABLE "check";
                ALTER TABLE check_numbered RENAME TO "check";
                CREATE TRIGGER check_after_delete AFTER DELETE ON "check"
                WHEN old.id <= (SELECT lastIndexedId FROM searchProgress) BEGIN
                    INSERT INTO checkSearch(checkSearch, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                CREATE TRIGGER check_keeps_highest_id AFTER DELETE ON "check"
                WHEN old.id > (SELECT highestId FROM checkSequence) BEGIN
                    UPDATE checkSequence SET highestId = old.id;
                END;
                """)
        }
        // FTS5 merges the segments of its index once 4 of a size exist (its default), and under
        // a steady stream of batches that merging was a fifth of the cost of indexing: with 8,
        // a batch of a thousand texts costs about a fifth less CPU (10.2 against 8.0 µs a text,
        // three runs each of 40,000 texts with Python's sqlite3 on this schema) and its longest
        // batch is shorter, while a search of the 40,000 took the same 0.26 ms.
        migrator.registerMigration("Merge the search index in larger steps") { db in
            try db.execute(sql: "INSERT INTO checkSearch(checkSearch, rank) VALUES ('automerge', 8)")
        }
        // Saving a check no longer writes its mistakes: `HistoryIndexer` adds them after, from the
        // stored matches, and keeps here the largest check whose mistakes are in the table. The
        // checks already in the search index have theirs; those after it are read again (their
        // mistakes, if written when they were saved, are not added twice: INSERT OR IGNORE).
        migrator.registerMigration("Add mistakes after saving") { db in
            try db.execute(sql: """
                CREATE TABLE mistakeProgress (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    lastCheckId INTEGER NOT NULL);
                INSERT INTO mistakeProgress (id, lastCheckId) VALUES (1, (SELECT lastIndexedId FROM searchProgress));
                """)
        }
        // The rules a person turned off, read into memory at start and when they change
        // (`DisabledRules`): one row a rule, keyed by its identifier.
        migrator.registerMigration("Keep the rules turned off") { db in
            try db.execute(sql: """
                CREATE TABLE disabledRule (
                    id TEXT NOT NULL PRIMARY KEY,
                    disabledAt DATETIME NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // Users and their keys (`UserStore`), and each row of data kept as its owner's
        // (`Owner`): 0 without users, whose rows go to the first admin created. Only servers
        // with users look checks up by owner, so the index holds no row of a server without
        // them and costs its saves nothing (queries name `owner <> 0` to use it).
        migrator.registerMigration("Keep each user's data apart") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    isAdmin BOOLEAN NOT NULL,
                    createdAt DATETIME NOT NULL);
                CREATE TABLE apiKey (
                    id TEXT NOT NULL PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    hash BLOB NOT NULL UNIQUE,
                    createdAt DATETIME NOT NULL,
                    lastUsedAt DATETIME);
                CREATE INDEX apiKey_byUser ON apiKey(userId);
                CREATE TABLE accountsRevision (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    revision INTEGER NOT NULL);
                INSERT INTO accountsRevision (id, revision) VALUES (1, 0);
                ALTER TABLE "check" ADD COLUMN owner INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX check_byOwner ON "check"(owner, id) WHERE owner <> 0;
                CREATE TABLE personalWord_owned (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    owner INTEGER NOT NULL DEFAULT 0,
                    word TEXT NOT NULL,
                    language TEXT NOT NULL DEFAULT '',
                    createdAt DATETIME NOT NULL,
                    UNIQUE (owner, word, language));
                INSERT INTO personalWord_owned (id, owner, word, language, createdAt)
                    SELECT id, 0, word, language, createdAt FROM personalWord;
                DROP TABLE personalWord;
                ALTER TABLE personalWord_owned RENAME TO personalWord;
                CREATE TABLE disabledRule_owned (
                    owner INTEGER NOT NULL DEFAULT 0,
                    id TEXT NOT NULL,
                    disabledAt DATETIME NOT NULL,
                    PRIMARY KEY (owner, id)
                ) WITHOUT ROWID;
                INSERT INTO disabledRule_owned (owner, id, disabledAt) SELECT 0, id, disabledAt FROM disabledRule;
                DROP TABLE disabledRule;
                ALTER TABLE disabledRule_owned RENAME TO disabledRule;
                CREATE TABLE teamRuleFile (
                    name TEXT NOT NULL PRIMARY KEY,
                    text TEXT NOT NULL,
                    updatedAt DATETIME NOT NULL);
                """)
        }
        return migrator
    }
}

extension StoreError {
    /// The database is damaged: the server does not start on it.
    public static func corrupt(path: String, found: String) -> StoreError {
        StoreError(
            code: .storageCorrupt,
            message: "The database \(path) is damaged (SQLite's integrity check found: \(found)). Keep a copy of the file; "
                + "recover what can be read with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite` and start with "
                + "--database recovered.sqlite, or move the file aside to start with an empty history."
        )
    }
}

/// The SQLite store behind the protocols the server and the command line use. One server owns
/// the file, so no other changes its personal words behind its back.
extension AppDatabase: HistoryStore, PersonalWordStore, DisabledRuleStore, InsightsStore, StorageStateReporting {
    public var location: String { storage.path }

    public func watchPersonalWords(_ changed: @escaping @Sendable () -> Void) {}

    public func watchDisabledRules(_ changed: @escaping @Sendable () -> Void) {}
}
