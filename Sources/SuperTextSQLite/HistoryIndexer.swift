import GRDB
import SuperTextStore
import Synchronization

/// Adds saved checks to the full-text index (`checkSearch`), and their mistakes to the table
/// insights count (`mistake`), after they are committed.
///
/// Indexing texts one transaction at a time costs FTS5 several times more than storing them
/// (about 100 µs for a 1 KB paragraph, against 20 µs each when a thousand are indexed in one
/// statement), and a check's mistakes as rows of their own cost its save a row each and a page
/// of another B-tree (the service answered a tenth more documents with about fifty mistakes a
/// second, at 2 connections, once its saves no longer wrote them). So a save only stores the check, its matches as JSON among its columns, and
/// answers (checks with an id above `searchProgress.lastIndexedId` are not in the search index
/// yet, those above `mistakeProgress.lastCheckId` have no mistakes in their table yet); the
/// indexer adds the pending checks' mistakes, read from the stored matches by SQLite's
/// `json_each`, and their texts, in batches of `batchSize` checks (the mistakes in transactions
/// of at most `mistakesPerTransaction`), once no check has been saved for `quietPeriod`, or at
/// once when `maxPending` wait. Indexing holds the database's
/// only write lock for tens of milliseconds a batch (FTS5 merging its segments), and every save
/// waits for it: under load the checks finished meanwhile wait, their clients with them, and the
/// workers run out of work. So during a burst of checks nothing is indexed until `maxPending`
/// (50,000 by default, about ten seconds of the busiest load measured here) wait; the indexes
/// catch up in the next quiet moment. A search and the insights first index everything pending
/// (at most about `maxPending`: about a second), so they always see every stored check. Checks
/// left pending by a crash are indexed after the next start.
public final class HistoryIndexer: Sendable {
    /// When saved checks enter the indexes.
    public struct Policy: Sendable, Equatable {
        /// How long no check must have been saved before indexing starts.
        public var quietPeriod: Duration
        /// Pending checks beyond which indexing starts without waiting for a quiet moment.
        public var maxPending: Int
        /// Checks indexed in one transaction.
        public var batchSize: Int

        public init(quietPeriod: Duration = .milliseconds(250), maxPending: Int = 50_000, batchSize: Int = 1_000) {
            precondition(maxPending > 0 && batchSize > 0)
            self.quietPeriod = quietPeriod
            self.maxPending = maxPending
            self.batchSize = batchSize
        }
    }

    private struct State {
        /// Saved checks not yet indexed (an upper bound: a pending check may have been deleted).
        var pending: Int
        var lastSave: ContinuousClock.Instant
        var running = false
    }

    private let writer: any DatabaseWriter
    let policy: Policy
    private let state: Mutex<State>
    /// Indexing adds data: it waits while the disk is full, and its failures are storage faults.
    private let storage: StorageHealth

    init(writer: any DatabaseWriter, policy: Policy, pending: Int, storage: StorageHealth) {
        self.writer = writer
        self.policy = policy
        self.storage = storage
        state = Mutex(State(pending: pending, lastSave: .now))
        if pending > 0 { startIfIdle() }
    }

    /// Saved checks not yet in the index.
    public var pendingCount: Int { state.withLock { $0.pending } }

    /// Called after a commit that saved `count` checks.
    func noteSaved(_ count: Int) {
        state.withLock { state in
            state.pending += count
            state.lastSave = .now
        }
        startIfIdle()
    }

    /// Indexes every pending check now (before a search).
    func indexAll() async throws {
        while pendingCount > 0 {
            if try await indexBatch() == 0 { return }
        }
    }

    private func startIfIdle() {
        let starts = state.withLock { state in
            if state.running { return false }
            state.running = true
            return true
        }
        if starts {
            Task(priority: .background) { await self.run() }
        }
    }

    /// Waits for quiet moments and indexes until nothing is pending.
    private func run() async {
        while true {
            let wait: Duration? = state.withLock { state in
                if state.pending == 0 {
                    state.running = false
                    return nil
                }
                if state.pending >= policy.maxPending { return .zero }
                let quietFor = ContinuousClock.now - state.lastSave
                return quietFor >= policy.quietPeriod ? .zero : policy.quietPeriod - quietFor
            }
            guard let wait else { return }
            if wait > .zero {
                // In short steps, so that reaching `maxPending` is noticed soon.
                try? await Task.sleep(for: min(wait, .milliseconds(50)))
                continue
            }
            do {
                _ = try await indexBatch()
            } catch {
                // Left pending: the next save or search tries again.
                state.withLock { $0.running = false }
                return
            }
        }
    }

    /// Indexes up to `batchSize` pending checks, oldest first: their mistakes, in transactions of
    /// at most `mistakesPerTransaction` mistakes (a thousand documents with fifty mistakes each
    /// would hold the write lock for more than 100 ms in one), then their texts in one; how many
    /// checks entered the search index.
    @discardableResult
    func indexBatch() async throws -> Int {
        try await storage.during(.store) {
            do {
                return try await indexBatchUnguarded()
            } catch {
                throw storage.failed(error)
            }
        }
    }

    private func indexBatchUnguarded() async throws -> Int {
        let limit = policy.batchSize
        var checks = 0
        while checks < limit {
            let remaining = limit - checks
            let added = try await writer.write { db in
                try Self.addMistakes(checks: remaining, mistakes: Self.mistakesPerTransaction, db)
            }
            if added == 0 { break }
            checks += added
        }
        let indexed = try await writer.write { db in try Self.indexTexts(limit: limit, db) }
        state.withLock { state in
            state.pending = indexed == 0 && checks == 0 ? 0 : max(0, state.pending - max(indexed, checks))
        }
        return max(indexed, checks)
    }

    /// Most mistakes added in one transaction: about 3 µs each (SQLite's `json_each` and `->>`),
    /// so a few milliseconds.
    static let mistakesPerTransaction = 2_000

    /// Adds the texts of up to `limit` checks after `searchProgress.lastIndexedId` to the search
    /// index, in the current transaction; how many. Only checks whose mistakes are in their
    /// table: a check saved while its batch's mistakes were added waits for the next batch, so
    /// that nothing counts it as indexed (the pending count, `indexAll`) without its mistakes.
    static func indexTexts(limit: Int, _ db: Database) throws -> Int {
        let mark = try Int64.fetchOne(db, sql: "SELECT lastIndexedId FROM searchProgress") ?? 0
        guard let row = try Row.fetchOne(
            db,
            sql: """
                SELECT max(id) AS last, count(*) AS count FROM (
                    SELECT id FROM "check" WHERE id > ? AND id <= (SELECT lastCheckId FROM mistakeProgress)
                    ORDER BY id LIMIT ?)
                """,
            arguments: [mark, limit]
        ), let last: Int64 = row["last"] else { return 0 }
        try db.execute(
            sql: #"INSERT INTO checkSearch(rowid, text) SELECT id, text FROM "check" WHERE id > ? AND id <= ?"#,
            arguments: [mark, last]
        )
        try db.execute(sql: "UPDATE searchProgress SET lastIndexedId = ?", arguments: [last])
        return row["count"]
    }

    /// Adds the mistakes of the checks after `mistakeProgress.lastCheckId`, at most `limit`
    /// checks and (past the first check) about `mistakes` mistakes, in the current transaction;
    /// how many checks.
    static func addMistakes(checks limit: Int, mistakes budget: Int, _ db: Database) throws -> Int {
        let mark = try Int64.fetchOne(db, sql: "SELECT lastCheckId FROM mistakeProgress") ?? 0
        // The checks whose mistakes, counted from the first, stay within the budget (the first
        // always goes, however many it has).
        guard let row = try Row.fetchOne(
            db,
            sql: """
                SELECT max(id) AS last, count(*) AS count FROM (
                    SELECT id, sum(matchCount) OVER (ORDER BY id) - matchCount AS before
                    FROM (SELECT id, matchCount FROM "check" WHERE id > ? ORDER BY id LIMIT ?))
                WHERE before = 0 OR before < ?
                """,
            arguments: [mark, limit, budget]
        ), let last: Int64 = row["last"] else { return 0 }
        // A mistake per match, at its position, as `Match` writes it (`CheckResultJSON`): the
        // flagged text, the first suggestion (NULL without one), the category and the kind of
        // explanation. SQLite parses JSON again for each field it reads: from the whole array
        // (whose parse it keeps for the next field) when it is short, from the match's own JSON
        // when it is long (about 3 µs a mistake either way; the other way round costs half as
        // much again, measured on paragraphs and on documents with about fifty matches).
        for (fields, matchCounts) in [
            (
                "json_extract(c.matches, m.fullkey || '.text'), json_extract(c.matches, m.fullkey || '.suggestions[0]'), "
                    + "json_extract(c.matches, m.fullkey || '.category'), json_extract(c.matches, m.fullkey || '.explanation.kind')",
                "c.matchCount <= 10"
            ),
            (
                "m.value ->> '$.text', m.value ->> '$.suggestions[0]', m.value ->> '$.category', m.value ->> '$.explanation.kind'",
                "c.matchCount > 10"
            ),
        ] {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO mistake (checkId, position, word, correction, category, kind)
                    SELECT c.id, m.key, \(fields)
                    FROM "check" AS c, json_each(c.matches) AS m
                    WHERE c.id > ? AND c.id <= ? AND \(matchCounts)
                    """,
                arguments: [mark, last]
            )
        }
        try db.execute(sql: "UPDATE mistakeProgress SET lastCheckId = ?", arguments: [last])
        return row["count"]
    }
}
