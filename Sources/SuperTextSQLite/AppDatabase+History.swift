import Foundation
import SuperTextStore
import GRDB
import SuperTextCore

extension AppDatabase {
    /// How many saves a save of a check should wait for (`SaveBatching.savesToExpect`).
    public static func savesToExpect(checksInProgress: Int, workers: Int) -> Int {
        SaveBatching.savesToExpect(checksInProgress: checksInProgress, workers: workers)
    }

    /// Stores a check, its mistakes and its text for search; returns its id once committed.
    ///
    /// Checks saved at the same time are committed together in one transaction (group commit),
    /// and each call returns only after the commit of its own check.
    /// - Parameter expecting: how many checks the caller expects to be saved about now, this one
    ///   included (see `GroupCommit`); with more than one, a save waits up to 2 ms for the others.
    public func saveCheck(
        _ result: CheckResult, text: String, at date: Date = Date(), retention: RetentionPolicy = .init(),
        expecting: Int = 1, owner: Owner = .solo
    ) async throws -> Int64 {
        // Made here, on the caller's thread, so that the single writer only inserts.
        let check = NewCheck(result: result, text: text, createdAt: date, retention: retention, owner: owner)
        return try await checkWrites.submit(check, expecting: expecting)
    }

    /// Stores a check and calls `completion` with its id once committed, without a task: for a
    /// thread that is not Swift's concurrency pool, such as a proofreading worker.
    ///
    /// A lone save (`expecting` 1, no commit running) commits on the caller's thread before
    /// this returns; otherwise this returns at once and `completion` is called on the thread
    /// that commits.
    public func saveCheck(
        _ result: CheckResult, text: String, at date: Date = Date(), retention: RetentionPolicy = .init(),
        expecting: Int = 1, owner: Owner = .solo, completion: @escaping @Sendable (Result<Int64, any Error>) -> Void
    ) {
        let check = NewCheck(result: result, text: text, createdAt: date, retention: retention, owner: owner)
        checkWrites.submit(check, expecting: expecting, completion: completion)
    }

    /// Applies the checks' retention, then inserts them in the current transaction; their ids.
    ///
    /// Retention goes first so that the new rows take the pages it frees: a history kept at its
    /// size by retention does not grow the file, and keeps working on a full disk.
    /// This runs on the single writer for every stored check, so it binds values that are ready
    /// (`NewCheck`) to cached statements and does no encoding of its own. The texts enter the
    /// full-text index, and the mistakes their table, later (`HistoryIndexer`).
    static func insert(_ checks: [NewCheck], _ db: Database) throws -> [Int64] {
        // Once a batch and owner; its newest check gives the time.
        let applied = RetentionPolicy.applications(of: checks.map { ($0.retention, $0.owner) })
        for policy in applied {
            try applyRetention(policy.retention, owner: policy.owner, now: checks[checks.count - 1].date, adding: policy.adding, db)
        }
        var insertCheck = PreparedInsert(try db.cachedStatement(sql: NewCheck.insertSQL), db)
        var ids: [Int64] = []
        ids.reserveCapacity(checks.count)
        for check in checks {
            try check.bindRow(to: &insertCheck)
            try insertCheck.execute()
            ids.append(db.lastInsertedRowID)
        }
        // A batch larger than the count kept keeps only its newest.
        for policy in applied {
            if let maxCount = policy.retention.maxCount, policy.adding > maxCount {
                try applyRetention(
                    RetentionPolicy(maxCount: maxCount), owner: policy.owner, now: checks[checks.count - 1].date, adding: 0, db)
            }
        }
        return ids
    }

    /// Stored checks not indexed yet: their text is not in the full-text index, or their
    /// mistakes not in their table.
    static func unindexedCheckCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT count(*) FROM "check"
            WHERE id > min((SELECT lastIndexedId FROM searchProgress), (SELECT lastCheckId FROM mistakeProgress))
            """) ?? 0
    }

    /// Deletes the checks that `retention` does not keep, each owner's history apart; how many.
    static func applyRetentionToEveryOwner(_ retention: RetentionPolicy, now: Date, _ db: Database) throws -> Int {
        try Int64.fetchAll(db, sql: #"SELECT DISTINCT owner FROM "check""#).reduce(0) { deleted, owner in
            deleted + (try applyRetention(retention, owner: Owner(id: owner), now: now, adding: 0, db))
        }
    }

    /// Deletes the checks of `owner` that `retention` does not keep, once `adding` more are
    /// stored; how many. Each user's history is kept by the same policy, apart.
    @discardableResult
    static func applyRetention(_ retention: RetentionPolicy, owner: Owner = .solo, now: Date, adding: Int, _ db: Database) throws -> Int {
        let mine = ownerCondition(owner)
        var deleted = 0
        if let cutoff = retention.cutoff(now: now) {
            // Ids follow dates (see the migration "Drop the date index of checks"): the walk from
            // the oldest check stops at the first one to keep, after the checks it deletes.
            try db.execute(
                sql: """
                    DELETE FROM "check" WHERE \(mine) AND id < coalesce(
                        (SELECT id FROM "check" WHERE \(mine) AND createdAt >= ? ORDER BY id LIMIT 1),
                        (SELECT max(id) + 1 FROM "check"))
                    """,
                arguments: [cutoff])
            deleted += db.changesCount
        }
        if let maxCount = retention.maxCount {
            // The newest `maxCount - adding` stay (none when the new ones alone fill the count).
            try db.execute(
                sql: #"DELETE FROM "check" WHERE \#(mine) AND id <= (SELECT id FROM "check" WHERE \#(mine) ORDER BY id DESC LIMIT 1 OFFSET ?)"#,
                arguments: [max(maxCount - adding, 0)]
            )
            deleted += db.changesCount
        }
        return deleted
    }



    /// Adds every saved text still waiting for the search index now, rather than in the next
    /// quiet moment (a search does it first anyway).
    public func indexPendingChecks() async throws {
        try await historyIndexer.indexAll()
    }

    /// Stored checks, newest first.
    /// - Parameters:
    ///   - limit: most items (1...200).
    ///   - before: only checks with a smaller id (the `next` of the previous page).
    ///   - query: full-text search over the checked texts (words; all must match).
    ///   - language: only checks in this language code.
    ///   - owner: whose checks.
    public func history(
        limit: Int = 20, before: Int64? = nil, query: String? = nil, language: String? = nil, owner: Owner = .solo
    ) async throws -> HistoryPage {
        let request = HistoryQuery(limit: limit, before: before, query: query, language: language, owner: owner)
        let pattern = Self.searchPattern(request.words)
        // A search sees every stored check: what waits for the index is indexed first. When the
        // index cannot be written, the search reads what is in it, and says how much is not.
        var indexed = true
        if pattern != nil {
            do { try await historyIndexer.indexAll() } catch is StorageFault { indexed = false }
        }
        return try await reading { [indexed] db in
            var conditions: [String] = [Self.ownerCondition(request.owner, "c.owner")]
            var arguments: StatementArguments = []
            if let before = request.before {
                conditions.append("c.id < ?")
                _ = arguments.append(contentsOf: [before])
            }
            if let language = request.language {
                conditions.append("c.languageCode = ?")
                _ = arguments.append(contentsOf: [language])
            }
            var join = ""
            // In a search, the excerpt is FTS5's snippet of the text around the words found, with
            // the words between two control characters, which no stored text has (`bad_text`).
            var head = "substr(c.text, 1, 200)"
            if let pattern {
                join = "JOIN checkSearch s ON s.rowid = c.id AND checkSearch MATCH ?"
                arguments = StatementArguments([pattern]) + arguments
                head = "snippet(checkSearch, 0, char(2), char(3), '…', \(HistoryExcerpt.snippetWords))"
            }
            let whereClause = "WHERE " + conditions.joined(separator: " AND ")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id, c.createdAt, c.languageCode, \(head) AS head, c.matchCount
                    FROM "check" c \(join) \(whereClause) ORDER BY c.id DESC LIMIT ?
                    """,
                arguments: arguments + [request.fetchCount]
            )
            let items = rows.map { row in
                let (excerpt, highlights) = pattern == nil
                    ? (HistoryExcerpt.plain(row["head"]), [])
                    : HistoryExcerpt.highlighted(snippet: row["head"])
                return HistoryItem(
                    id: row["id"], createdAt: row["createdAt"], language: row["languageCode"],
                    excerpt: excerpt, highlights: highlights, matchCount: row["matchCount"]
                )
            }
            let unindexed = indexed ? nil : try Int.fetchOne(
                db, sql: #"SELECT count(*) FROM "check" WHERE \#(Self.ownerCondition(owner)) AND id > (SELECT lastIndexedId FROM searchProgress)"#)
            return request.page(of: items, unindexedChecks: unindexed)
        }
    }

    /// One stored check of `owner` in full, or `nil` (another's check is not there for them).
    public func check(id: Int64, owner: Owner = .solo) async throws -> StoredCheckDetail? {
        try await reading { db in
            guard let check = try StoredCheck.fetchOne(
                db, sql: #"SELECT * FROM "check" WHERE id = ? AND \#(Self.ownerCondition(owner))"#, arguments: [id])
            else { return nil }
            return StoredCheckDetail(result: check.result, createdAt: check.createdAt, text: check.text)
        }
    }

    /// Deletes one stored check of `owner`; whether it existed.
    @discardableResult
    public func deleteCheck(id: Int64, owner: Owner = .solo) async throws -> Bool {
        try await freeing { db in
            try db.execute(sql: #"DELETE FROM "check" WHERE id = ? AND \#(Self.ownerCondition(owner))"#, arguments: [id])
            return db.changesCount
        } > 0
    }

    /// Deletes every stored check; how many there were.
    ///
    /// Deleting the checks one by one would add a deletion to the search index for each (FTS5
    /// writes them as new data, merged later): on a full disk that could not be written. So the
    /// search index is emptied in one step, the delete triggers are kept quiet (their conditions
    /// read the progress marks), and the marks then start after the largest id ever given.
    /// With users, the checks of one user are deleted one by one, each leaving the search index.
    @discardableResult
    public func deleteAllChecks(owner: Owner = .solo) async throws -> Int {
        try await freeing { db in
            let others = try Bool.fetchOne(
                db, sql: #"SELECT EXISTS (SELECT 1 FROM "check" WHERE NOT (\#(Self.ownerCondition(owner))))"#) ?? false
            if others {
                try db.execute(sql: #"DELETE FROM "check" WHERE \#(Self.ownerCondition(owner))"#)
                return db.changesCount
            }
            try db.execute(sql: """
                INSERT INTO checkSearch(checkSearch) VALUES ('delete-all');
                UPDATE searchProgress SET lastIndexedId = 0;
                UPDATE checkSequence SET highestId = max(highestId, coalesce((SELECT max(id) FROM "check"), 0));
                DELETE FROM mistake;
                """)
            try db.execute(sql: #"DELETE FROM "check""#)
            let deleted = db.changesCount
            try db.execute(sql: """
                UPDATE searchProgress SET lastIndexedId = (SELECT highestId FROM checkSequence);
                UPDATE mistakeProgress SET lastCheckId = (SELECT highestId FROM checkSequence);
                """)
            return deleted
        }
    }

    /// The number of stored checks of `owner`.
    public func checkCount(owner: Owner = .solo) async throws -> Int {
        try await reading { db in
            try Int.fetchOne(db, sql: #"SELECT count(*) FROM "check" WHERE \#(Self.ownerCondition(owner))"#) ?? 0
        }
    }

    /// The SQL condition that keeps `owner`'s checks: the owner's id is a number, written into
    /// the statement, and a user's condition names `owner <> 0` so that SQLite uses the partial
    /// index of checks by owner (see the migration "Keep each user's data apart").
    static func ownerCondition(_ owner: Owner, _ column: String = "owner") -> String {
        owner == .solo ? "\(column) = 0" : "\(column) = \(owner.id) AND \(column) <> 0"
    }

    /// An FTS5 query where every word of `query` must appear (as a prefix for the last one),
    /// with FTS5 syntax characters made harmless.
    static func searchPattern(_ words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            "\"\(word)\"" + (index == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }
}
