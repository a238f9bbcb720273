import Foundation
import Logging
import PostgresNIO
import SuperTextCore
import SuperTextStore
import Synchronization

/// A check on its way into PostgreSQL, with its values ready.
struct PendingCheck: Sendable {
    let result: CheckResult
    let text: String
    let date: Date
    let retention: RetentionPolicy
    let matchesJSON: String
    let owner: Owner
}

/// Saves that arrive while a transaction runs go into the next one, as the SQLite store's
/// `GroupCommit` does; a save that expects others (`expecting`) waits up to `linger` for them.
/// Written for async I/O: `GroupCommit` commits on the calling thread, which would block a
/// thread of Swift's pool on a network round trip.
final class CheckBatcher: Sendable {
    typealias Completion = @Sendable (Result<Int64, any Error>) -> Void

    private struct State {
        var waiting: [(PendingCheck, Completion)] = []
        var draining = false
        var transactions = 0
    }

    private let state = Mutex(State())
    private let storeBox = Mutex<PostgresStore?>(nil)
    let maxBatch = 256
    let linger: Duration = .milliseconds(2)

    /// The store that commits (weak in effect: cleared when it closes).
    var store: PostgresStore? {
        get { storeBox.withLock { $0 } }
        set { storeBox.withLock { $0 = newValue } }
    }

    var transactionCount: Int { state.withLock { $0.transactions } }

    func submit(_ check: PendingCheck, expecting: Int, completion: @escaping Completion) {
        let start = state.withLock { state in
            state.waiting.append((check, completion))
            if state.draining { return false }
            state.draining = true
            return true
        }
        guard start else { return }
        Task {
            if expecting > 1, state.withLock({ $0.waiting.count }) < min(expecting, maxBatch) {
                try? await Task.sleep(for: linger)
            }
            await drain()
        }
    }

    private func drain() async {
        while true {
            let batch: [(PendingCheck, Completion)] = state.withLock { state in
                let count = min(state.waiting.count, maxBatch)
                if count == 0 { state.draining = false }
                defer { state.waiting.removeFirst(count) }
                if count > 0 { state.transactions += 1 }
                return Array(state.waiting.prefix(count))
            }
            if batch.isEmpty { return }
            guard let store else {
                for (_, completion) in batch { completion(.failure(StoreError.cannotOpen(path: "PostgreSQL", reason: "the store is closed"))) }
                continue
            }
            do {
                let ids = try await store.commit(batch.map(\.0))
                for ((_, completion), id) in zip(batch, ids) { completion(.success(id)) }
            } catch let fault as StorageFault {
                for (_, completion) in batch { completion(.failure(fault)) }
            } catch where batch.count > 1 {
                // One bad check cannot fail the others: each alone.
                for (check, completion) in batch {
                    state.withLock { $0.transactions += 1 }
                    do { completion(.success(try await store.commit([check])[0])) } catch { completion(.failure(error)) }
                }
            } catch {
                batch[0].1(.failure(error))
            }
        }
    }
}

extension PostgresStore {
    /// How many transactions have stored checks since the store was opened.
    public var checkTransactionCount: Int { batcher.transactionCount }

    public func saveCheck(
        _ result: CheckResult, text: String, at date: Date = Date(), retention: RetentionPolicy = .init(), expecting: Int = 1,
        owner: Owner = .solo
    ) async throws -> Int64 {
        try await withCheckedThrowingContinuation { continuation in
            saveCheck(result, text: text, at: date, retention: retention, expecting: expecting, owner: owner) {
                continuation.resume(with: $0)
            }
        }
    }

    public func saveCheck(
        _ result: CheckResult, text: String, at date: Date = Date(), retention: RetentionPolicy = .init(), expecting: Int = 1,
        owner: Owner = .solo, completion: @escaping @Sendable (Result<Int64, any Error>) -> Void
    ) {
        let check = PendingCheck(
            result: result, text: text, date: date, retention: retention, matchesJSON: StoredMatches.json(result.matches),
            owner: owner)
        batcher.submit(check, expecting: expecting, completion: completion)
    }

    /// Stores `checks` in one transaction; their ids, in order.
    ///
    /// The transaction first takes the commit lock, held until it commits: ids are taken from
    /// the sequence and made visible in the same order on every server, so a reader that sees a
    /// check sees every check with a smaller id, and retention runs on one server at a time.
    func commit(_ checks: [PendingCheck]) async throws -> [Int64] {
        let start = ContinuousClock.now
        do {
            let ids = try await insert(checks)
            onCommit?(ids.count, ContinuousClock.now - start, true)
            return ids
        } catch {
            onCommit?(checks.count, ContinuousClock.now - start, false)
            throw error
        }
    }

    private func insert(_ checks: [PendingCheck]) async throws -> [Int64] {
        try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.lockSpace), \(Self.commitLock))", logger: logger)
                // Once a batch and owner; its newest check gives the time.
                let applied = RetentionPolicy.applications(of: checks.map { ($0.retention, $0.owner) })
                let now = checks[checks.count - 1].date
                for policy in applied {
                    try await Self.applyRetention(policy.retention, owner: policy.owner, now: now, adding: policy.adding, connection, logger)
                }
                var ids: [Int64] = []
                for try await id in try await connection.query(
                    "SELECT nextval('check_id') AS id FROM generate_series(1, \(checks.count)) ORDER BY id", logger: logger
                ).decode(Int64.self) {
                    ids.append(id)
                }
                let dates = checks.map(\.date), codes = checks.map(\.result.language.code)
                let names = checks.map(\.result.language.name), detected = checks.map(\.result.language.detected)
                let confidences = checks.map(\.result.language.confidence), texts = checks.map(\.text)
                let corrected = checks.map { $0.result.matches.isEmpty ? "" : $0.result.correctedText }
                let matches = checks.map(\.matchesJSON), matchCounts = checks.map(\.result.matches.count)
                let characters = checks.map(\.result.stats.characters), words = checks.map(\.result.stats.words)
                let milliseconds = checks.map(\.result.stats.milliseconds), owners = checks.map(\.owner.id)
                try await connection.query(
                    """
                    INSERT INTO "check" (id, "createdAt", "languageCode", "languageName", "languageDetected",
                        "languageConfidence", text, "correctedText", matches, "matchCount", characters, words, milliseconds, owner)
                    SELECT * FROM unnest(\(ids)::bigint[], \(dates)::timestamptz[], \(codes)::text[], \(names)::text[],
                        \(detected)::boolean[], \(confidences)::float8[], \(texts)::text[], \(corrected)::text[],
                        \(matches)::text[], \(matchCounts)::bigint[], \(characters)::bigint[], \(words)::bigint[],
                        \(milliseconds)::float8[], \(owners)::bigint[])
                    """, logger: logger)
                // Mistakes go in the same transaction: the insights count every acknowledged check.
                var checkIds: [Int64] = [], positions: [Int] = [], flagged: [String] = [], corrections: [String] = []
                var categories: [String] = [], kinds: [String] = []
                for (id, check) in zip(ids, checks) {
                    for (position, match) in check.result.matches.enumerated() {
                        checkIds.append(id)
                        positions.append(position)
                        flagged.append(match.text)
                        corrections.append(match.suggestions.first ?? "")
                        categories.append(match.category.rawValue)
                        kinds.append(match.explanation.kind.rawValue)
                    }
                }
                if !checkIds.isEmpty {
                    try await connection.query(
                        """
                        INSERT INTO mistake ("checkId", position, word, correction, category, kind)
                        SELECT c, p, w, NULLIF(s, ''), g, k FROM unnest(\(checkIds)::bigint[], \(positions)::bigint[],
                            \(flagged)::text[], \(corrections)::text[], \(categories)::text[], \(kinds)::text[]) AS m(c, p, w, s, g, k)
                        """, logger: logger)
                }
                for policy in applied {
                    if let maxCount = policy.retention.maxCount, policy.adding > maxCount {
                        try await Self.applyRetention(
                            RetentionPolicy(maxCount: maxCount), owner: policy.owner, now: now, adding: 0, connection, logger)
                    }
                }
                return ids
            }
        }
    }

    /// Deletes the checks of `owner` that `retention` does not keep, once `adding` more are stored.
    static func applyRetention(
        _ retention: RetentionPolicy, owner: Owner, now: Date, adding: Int, _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        if let cutoff = retention.cutoff(now: now) {
            try await connection.query(#"DELETE FROM "check" WHERE owner = \#(owner.id) AND "createdAt" < \#(cutoff)"#, logger: logger)
        }
        if let maxCount = retention.maxCount {
            let keep = max(maxCount - adding, 0)
            try await connection.query(
                #"""
                DELETE FROM "check" WHERE owner = \#(owner.id)
                    AND id <= (SELECT id FROM "check" WHERE owner = \#(owner.id) ORDER BY id DESC LIMIT 1 OFFSET \#(keep))
                """#,
                logger: logger)
        }
    }

    public func indexPendingChecks() async throws {}

    public func history(
        limit: Int = 20, before: Int64? = nil, query: String? = nil, language: String? = nil, owner: Owner = .solo
    ) async throws -> HistoryPage {
        let request = HistoryQuery(limit: limit, before: before, query: query, language: language, owner: owner)
        let tsquery = Self.tsquery(request.words)
        return try await access(.read) { [client] in
            var conditions: [String] = ["owner = \(request.owner.id)"]
            var binds = PostgresBindings()
            var head = "substr(text, 1, 200)"
            if let tsquery {
                binds.append(tsquery)
                binds.append(Self.headlineOptions)
                conditions.append("search @@ to_tsquery('supertext_search', $1)")
                head = "ts_headline('supertext_search', text, to_tsquery('supertext_search', $1), $2)"
            }
            if let before = request.before {
                binds.append(before)
                conditions.append("id < $\(binds.count)")
            }
            if let language = request.language {
                binds.append(language)
                conditions.append(#""languageCode" = $\#(binds.count)"#)
            }
            binds.append(request.fetchCount)
            let whereClause = "WHERE " + conditions.joined(separator: " AND ")
            // In a search, whether the fragment starts and ends where the text does (blanks
            // aside) decides the "…" at either end, as SQLite's snippet writes them.
            let sql = """
                SELECT id, "createdAt", "languageCode", head, "matchCount",
                    starts_with(ltrim(text), ltrim(plain)), right(rtrim(text), length(rtrim(plain))) = rtrim(plain)
                FROM (
                    SELECT id, "createdAt", "languageCode", text, \(head) AS head, "matchCount"
                    FROM "check" \(whereClause) ORDER BY id DESC LIMIT $\(binds.count)
                ) page, LATERAL (SELECT replace(replace(head, chr(2), ''), chr(3), '') AS plain) fragment
                ORDER BY id DESC
                """
            var items: [HistoryItem] = []
            for try await (id, date, code, headText, matchCount, atStart, atEnd) in try await client.query(PostgresQuery(unsafeSQL: sql, binds: binds))
                .decode((Int64, Date, String, String, Int, Bool, Bool).self)
            {
                let (excerpt, highlights) = tsquery == nil
                    ? (HistoryExcerpt.plain(headText), [])
                    : HistoryExcerpt.highlighted(snippet: (atStart ? "" : "…") + headText + (atEnd ? "" : "…"))
                items.append(HistoryItem(id: id, createdAt: date, language: code, excerpt: excerpt, highlights: highlights, matchCount: matchCount))
            }
            return request.page(of: items)
        }
    }

    /// `ts_headline`'s options: the words found between U+0002 and U+0003, as the SQLite store's
    /// snippet marks them, in one fragment of about as many words.
    static let headlineOptions =
        "StartSel=\u{2}, StopSel=\u{3}, MaxWords=\(HistoryExcerpt.snippetWords), MinWords=\(HistoryExcerpt.snippetWords / 2), "
        + "ShortWord=0, MaxFragments=1, FragmentDelimiter=\"…\""

    /// A `to_tsquery` text where every word of `query` must appear (the last as a prefix), each
    /// quoted so that no character of the query is read as an operator.
    static func tsquery(_ words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            let quoted = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''")
            return "'\(quoted)'" + (index == words.count - 1 ? ":*" : "")
        }.joined(separator: " & ")
    }

    public func check(id: Int64, owner: Owner = .solo) async throws -> StoredCheckDetail? {
        try await access(.read) { [client] in
            let rows = try await client.query(
                """
                SELECT "createdAt", "languageCode", "languageName", "languageDetected", "languageConfidence", text,
                    "correctedText", matches, "matchCount", characters, words, milliseconds
                FROM "check" WHERE id = \(id) AND owner = \(owner.id)
                """)
            for try await (date, code, name, detected, confidence, text, corrected, matchesJSON, matchCount, characters, words, milliseconds)
                in rows.decode((Date, String, String, Bool, Double, String, String, String, Int, Int, Int, Double).self)
            {
                let matches = try StoredMatches.decode(matchesJSON)
                let result = CheckResult(
                    id: id,
                    language: LanguageReport(code: code, name: name, detected: detected, confidence: confidence),
                    matches: matches, correctedText: matchCount == 0 ? text : corrected,
                    stats: CheckStats(characters: characters, words: words, matches: matchCount, milliseconds: milliseconds)
                )
                return StoredCheckDetail(result: result, createdAt: date, text: text)
            }
            return nil
        }
    }

    @discardableResult
    public func deleteCheck(id: Int64, owner: Owner = .solo) async throws -> Bool {
        try await access(.free) { [client] in
            var deleted = false
            for try await _ in try await client.query(#"DELETE FROM "check" WHERE id = \#(id) AND owner = \#(owner.id) RETURNING id"#) {
                deleted = true
            }
            return deleted
        }
    }

    @discardableResult
    public func deleteAllChecks(owner: Owner = .solo) async throws -> Int {
        try await access(.free) { [client] in
            var count = 0
            for try await deleted in try await client.query(
                #"WITH deleted AS (DELETE FROM "check" WHERE owner = \#(owner.id) RETURNING 1) SELECT count(*) FROM deleted"#
            ).decode(Int.self) {
                count = deleted
            }
            return count
        }
    }

    public func checkCount(owner: Owner = .solo) async throws -> Int {
        try await access(.read) { [client] in
            var count = 0
            for try await value in try await client.query(#"SELECT count(*) FROM "check" WHERE owner = \#(owner.id)"#).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    public func insights(limit: Int = 20, days: Int = 30, now: Date = Date(), owner: Owner = .solo) async throws -> Insights {
        try await access(.read) { [client] in
            // Each mistake once per check (see `Insights`).
            var spelling: [(word: String, correction: String?, count: Int)] = []
            for try await row in try await client.query(
                """
                SELECT word, correction, count(*) FROM (
                    SELECT DISTINCT m."checkId", m.word, m.correction FROM mistake m JOIN "check" c ON c.id = m."checkId"
                    WHERE c.owner = \(owner.id) AND m.category = 'spelling') m
                GROUP BY word, correction
                """
            ).decode((String, String?, Int).self) {
                spelling.append(row)
            }
            var categories: [(category: String, kind: String?, count: Int)] = []
            for try await row in try await client.query(
                """
                SELECT category, kind, count(*)
                FROM (
                    SELECT DISTINCT m."checkId", m.word, m.correction, m.category, m.kind FROM mistake m
                    JOIN "check" c ON c.id = m."checkId" WHERE c.owner = \(owner.id)) m
                GROUP BY category, kind
                """
            ).decode((String, String?, Int).self) {
                categories.append(row)
            }
            let since = now.addingTimeInterval(-Double(days) * 86_400)
            var perDay: [String: (checks: Int, mistakes: Int)] = [:]
            for try await (day, checks) in try await client.query(
                """
                SELECT to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)
                FROM "check" c WHERE c.owner = \(owner.id) AND c."createdAt" >= \(since) GROUP BY day
                """
            ).decode((String, Int).self) {
                perDay[day, default: (0, 0)].checks = checks
            }
            for try await (day, mistakes) in try await client.query(
                """
                SELECT day, count(*) FROM (
                    SELECT DISTINCT to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, m."checkId", m.word, m.correction, m.category, m.kind
                    FROM "check" c JOIN mistake m ON m."checkId" = c.id WHERE c.owner = \(owner.id) AND c."createdAt" >= \(since)) d
                GROUP BY day
                """
            ).decode((String, Int).self) {
                perDay[day, default: (0, 0)].mistakes = mistakes
            }
            var totalChecks = 0
            for try await count in try await client.query(#"SELECT count(*) FROM "check" WHERE owner = \#(owner.id)"#).decode(Int.self) {
                totalChecks = count
            }
            return Insights.assemble(
                spelling: spelling, categories: categories, perDay: perDay, totalChecks: totalChecks, limit: limit)
        }
    }
}
