import Foundation
import Logging
import PostgresNIO
import SuperTextCore
import SuperTextStore
import Synchronization

/// History, the personal dictionary, the rules turned off and insights in a PostgreSQL database that several servers
/// share (`--database postgres://user@host:port/db`).
///
/// - Saves of checks that arrive together share a transaction (`CheckBatcher`), as in the SQLite
///   store. A transaction that stores checks first takes a transaction-level advisory lock: ids
///   are given and committed in the same order on every server, so a page of history never
///   misses a check committed later with a smaller id, and retention is applied by one server
///   at a time.
/// - Texts are searched through a `tsvector` column with a GIN index, under a text search
///   configuration that removes accents (`unaccent`) as FTS5's `remove_diacritics` does.
/// - A change of the personal dictionary or of the rules turned off is announced with `NOTIFY`;
///   every server `LISTEN`s and reloads them, and reloads them now and then in case a notice was
///   lost.
/// - When PostgreSQL cannot be reached or does not answer within `Options.queryTimeout`, every
///   access fails with the `unavailable` storage fault (`storage_unavailable`, 503) until a
///   ping succeeds again (`Options.monitorInterval`); checks that store nothing go on.
public final class PostgresStore: Sendable {
    /// The pool, timeouts and intervals; the defaults are documented in docs/scaling.md.
    public struct Options: Sendable {
        /// Most connections to PostgreSQL from one server: one commits checks at a time, one
        /// listens for changes of the dictionary, the rest serve reads and dictionary changes.
        public var maximumConnections: Int
        /// Longest wait for a new connection.
        public var connectTimeout: Duration
        /// Longest any access may take, waiting for a connection included; then it fails with
        /// `storage_unavailable`.
        public var queryTimeout: Duration
        /// How often PostgreSQL is pinged, to notice it going away and coming back.
        public var monitorInterval: Duration
        /// How often the personal words and the rules turned off are read again even without a
        /// notice.
        public var reloadInterval: Duration
        /// Longest opening may wait for PostgreSQL and the migrations.
        public var openTimeout: Duration

        public init(
            maximumConnections: Int = 8, connectTimeout: Duration = .seconds(3), queryTimeout: Duration = .seconds(5),
            monitorInterval: Duration = .seconds(1), reloadInterval: Duration = .seconds(30), openTimeout: Duration = .seconds(30)
        ) {
            self.maximumConnections = maximumConnections
            self.connectTimeout = connectTimeout
            self.queryTimeout = queryTimeout
            self.monitorInterval = monitorInterval
            self.reloadInterval = reloadInterval
            self.openTimeout = openTimeout
        }
    }

    /// The channel of `NOTIFY` when the personal words or the rules turned off change. Its
    /// payload says which: empty for the words (as servers before the rules sent it), `rules`
    /// for the rules. One channel, so one connection listens for both.
    static let changesChannel = "supertext_personal_words"
    /// The payload of a notice that the rules turned off changed.
    static let rulesPayload = "rules"
    /// Keys of the advisory locks (the first half: "STXT").
    static let lockSpace: Int32 = 0x5354_5854
    static let migrationLock: Int32 = 1
    static let commitLock: Int32 = 2
    static let accountsLock: Int32 = 3

    let client: PostgresClient
    let options: Options
    let logger: Logger
    public let storage: StorageHealth
    public let location: String
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// Who hears of changes: of the personal words, and of the rules turned off.
    private let watchers = Mutex<(words: [@Sendable () -> Void], rules: [@Sendable () -> Void], watching: Bool)>(([], [], false))
    let batcher: CheckBatcher
    /// Told of each transaction that saves checks (the server's metrics).
    let onCommit: StoreCommitObserver?

    private init(client: PostgresClient, options: Options, location: String, logger: Logger, onCommit: StoreCommitObserver?) {
        self.onCommit = onCommit
        self.client = client
        self.options = options
        self.location = location
        self.logger = logger
        storage = StorageHealth(location: location)
        batcher = CheckBatcher()
    }

    /// Connects to the database at `url`, brings its schema up to date (one server at a time)
    /// and starts watching it.
    /// - Throws: `StoreError.cannotOpen` when the URL is wrong or PostgreSQL cannot be reached
    ///   or migrated within `Options.openTimeout`.
    public static func open(
        url: String, options: Options = .init(), logger: Logger, onCommit: StoreCommitObserver? = nil
    ) async throws -> PostgresStore {
        let target = try PostgresURL(url)
        var configuration = PostgresClient.Configuration(
            host: target.host, port: target.port, username: target.user, password: target.password,
            database: target.database, tls: .disable
        )
        switch target.sslMode {
        case .disable: configuration.tls = .disable
        case .prefer: configuration.tls = .prefer(.makeClientConfiguration())
        case .require: configuration.tls = .require(.makeClientConfiguration())
        }
        configuration.options.maximumConnections = options.maximumConnections
        configuration.options.connectTimeout = options.connectTimeout
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(15))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let store = PostgresStore(client: client, options: options, location: target.redacted, logger: logger, onCommit: onCommit)
        store.started(Task { await client.run() })
        do {
            try await withTimeout(options.openTimeout) { try await store.migrate() }
        } catch {
            store.close()
            // The pool retries connections rather than failing them: a timeout is what an
            // unreachable server looks like.
            let reason = error is TimedOut
                ? "PostgreSQL did not answer at \(target.host):\(target.port) within \(options.openTimeout) (is it running, "
                    + "listening there, and does pg_hba.conf let \(target.user) in?)"
                : Self.describe(error)
            throw StoreError.cannotOpen(path: target.redacted, reason: reason)
        }
        store.batcher.store = store
        store.started(Task { [weak store] in await store?.monitor() })
        return store
    }

    /// Stops the connections and the tasks of the store.
    public func close() {
        for task in tasks.withLock({ tasks in defer { tasks = [] }; return tasks }) { task.cancel() }
    }

    deinit { close() }

    private func started(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    // MARK: Access

    /// Runs `body` as an access of the database within `Options.queryTimeout`; its errors become
    /// storage faults where they are about the database's availability.
    func access<T: Sendable>(_ kind: StorageHealth.Access, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await storage.during(kind) {
            do {
                let value = try await withTimeout(options.queryTimeout, body)
                if kind != .read { storage.end([.failed]) }
                return value
            } catch {
                throw failed(error)
            }
        }
    }

    /// The error to throw for `error`, the storage fault recorded when it lasts.
    func failed(_ error: any Error) -> any Error {
        // A refusal of ours inside a transaction (a name taken, the last admin), rolled back.
        if let error = error as? PostgresTransactionError, let refusal = error.closureError as? StoreError, error.rollbackError == nil {
            return refusal
        }
        guard let fault = classify(error) else { return error }
        if fault.isLasting { storage.record(fault) }
        return fault
    }

    /// The storage fault `error` stands for, or `nil` when it is not about storage (a bad value).
    func classify(_ error: any Error) -> StorageFault? {
        if let fault = error as? StorageFault { return fault }
        if let error = error as? StoreError { _ = error; return nil }
        let cause = Self.describe(error)
        if let error = error as? PSQLError, error.code == .server, let state = error.serverInfo?[.sqlState] {
            switch state {
            case "53100":
                return StorageFault(
                    kind: .full,
                    message: "The disk of the PostgreSQL database \(location) is full: checks are not stored. Free space on "
                        + "the database server, or delete old history; checks sent with \"store\": false still work.",
                    cause: cause)
            case "25006":
                return StorageFault(
                    kind: .readOnly,
                    message: "The PostgreSQL database \(location) accepts no writes (a standby or a read-only transaction): "
                        + "checks are not stored. Point --database at the primary; checks sent with \"store\": false still work.",
                    cause: cause)
            case "40001", "40P01", "55P03":
                return StorageFault(
                    kind: .busy, message: "The PostgreSQL database \(location) is busy; try again shortly.", cause: cause)
            case "XX001", "XX002":
                return StorageFault(
                    kind: .corrupt,
                    message: "The PostgreSQL database \(location) reports damaged data: restore it from a backup.", cause: cause)
            default:
                // Connection exceptions (08), shutting down or starting (57P01-57P03), too many
                // connections (53300): the server is there but cannot serve us.
                if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" { return unavailable(cause) }
                return StorageFault(
                    kind: .failed,
                    message: "The PostgreSQL database \(location) refused the request: it was not stored. Look at the "
                        + "database server's log; checks sent with \"store\": false still work.",
                    cause: cause)
            }
        }
        // Every other error of the driver, the pool or the timeout: PostgreSQL cannot be reached.
        return unavailable(cause)
    }

    func unavailable(_ cause: String) -> StorageFault {
        StorageFault(
            kind: .unavailable,
            message: "The PostgreSQL database \(location) cannot be reached or does not answer: checks are not stored "
                + "and history cannot be read until it answers again (this server tries every second). Start "
                + "PostgreSQL or mend the network to it; checks sent with \"store\": false still work.",
            cause: cause)
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "PostgreSQL \(error.serverInfo?[.sqlState] ?? ""): \(message)"
            }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        if let error = error as? PostgresTransactionError {
            if let inner = error.beginError ?? error.closureError ?? error.commitError { return describe(inner) }
        }
        return String(describing: error)
    }

    /// Pings PostgreSQL every `monitorInterval`: a failure records `unavailable` (so `/readyz`
    /// says so before a check is refused), a success ends it.
    /// A full disk or a read-only database refuses what stores, so no write would notice its end:
    /// they are ended every tenth ping that succeeds, and the next write finds out again.
    private func monitor() async {
        var pings = 0
        while !Task.isCancelled {
            do {
                try await withTimeout(options.queryTimeout) { [client] in
                    for try await _ in try await client.query("SELECT 1") {}
                }
                pings += 1
                storage.end(pings.isMultiple(of: 10) ? [.unavailable, .full, .readOnly] : [.unavailable])
            } catch {
                if !Task.isCancelled, let fault = classify(error), fault.kind == .unavailable { storage.record(fault) }
            }
            try? await Task.sleep(for: options.monitorInterval)
        }
    }

    // MARK: Personal words

    public func personalWords(language: String?, owner: Owner) async throws -> [PersonalWord] {
        let rows = try await access(.read) { [client] in
            var query: PostgresQuery = #"SELECT word, language, "createdAt" FROM "personalWord" WHERE owner = \#(owner.id)"#
            if let language, !language.isEmpty {
                query = #"""
                    SELECT word, language, "createdAt" FROM "personalWord" WHERE owner = \#(owner.id) AND language IN (\#(language), '')
                    """#
            }
            var words: [PersonalWord] = []
            for try await (word, language, date) in try await client.query(query).decode((String, String, Date).self) {
                words.append(PersonalWord(word: word, language: language.isEmpty ? nil : language, createdAt: date))
            }
            return words
        }
        // The order of the SQLite store: by word as a person reads them, then language.
        return rows.sorted { lhs, rhs in
            switch lhs.word.localizedCaseInsensitiveCompare(rhs.word) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: (lhs.language ?? "") < (rhs.language ?? "")
            }
        }
    }

    public func everyonesPersonalWords() async throws -> [Owner: [PersonalWord]] {
        try await access(.read) { [client] in
            var byOwner: [Owner: [PersonalWord]] = [:]
            let rows = try await client.query(#"SELECT owner, word, language, "createdAt" FROM "personalWord""#)
            for try await (owner, word, language, date) in rows.decode((Int64, String, String, Date).self) {
                byOwner[Owner(id: owner), default: []].append(
                    PersonalWord(word: word, language: language.isEmpty ? nil : language, createdAt: date))
            }
            return byOwner
        }
    }

    @discardableResult
    public func addPersonalWord(_ word: String, language: String?, owner: Owner) async throws -> Bool {
        try await importPersonalWords([word], language: language, owner: owner, validated: [try PersonalWord.validated(word)]) == 1
    }

    public func importPersonalWords(_ words: [String], language: String?, owner: Owner) async throws -> Int {
        try await importPersonalWords(words, language: language, owner: owner, validated: try PersonalWord.validatedList(words))
    }

    private func importPersonalWords(_ words: [String], language: String?, owner: Owner, validated: [String]) async throws -> Int {
        let list = Set(validated).sorted()
        guard !list.isEmpty else { return 0 }
        let language = language ?? ""
        return try await access(.store) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var added = 0
                let rows = try await connection.query(
                    """
                    INSERT INTO "personalWord" (owner, word, language, "createdAt")
                    SELECT \(owner.id), w, \(language), now() FROM unnest(\(list)::text[]) AS w
                    ON CONFLICT (owner, word, language) DO NOTHING RETURNING id
                    """, logger: logger)
                for try await _ in rows { added += 1 }
                if added > 0 { try await Self.notifyWordsChanged(connection, logger: logger) }
                return added
            }
        }
    }

    @discardableResult
    public func removePersonalWord(_ word: String, language: String?, owner: Owner) async throws -> Bool {
        let language = language ?? ""
        return try await access(.free) { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                var removed = 0
                let rows = try await connection.query(
                    #"""
                    DELETE FROM "personalWord" WHERE owner = \#(owner.id) AND word = \#(word) AND language = \#(language) RETURNING id
                    """#, logger: logger)
                for try await _ in rows { removed += 1 }
                if removed > 0 { try await Self.notifyWordsChanged(connection, logger: logger) }
                return removed > 0
            }
        }
    }

    /// Announces a change of the words to every server listening, once the transaction commits.
    static func notifyWordsChanged(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(changesChannel), '')", logger: logger)
    }

    /// Announces a change of the rules turned off to every server listening, once the
    /// transaction commits.
    static func notifyRulesChanged(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(changesChannel), \(rulesPayload))", logger: logger)
    }

    public func watchPersonalWords(_ changed: @escaping @Sendable () -> Void) {
        watch { $0.words.append(changed) }
    }

    public func watchDisabledRules(_ changed: @escaping @Sendable () -> Void) {
        watch { $0.rules.append(changed) }
    }

    /// Adds a watcher; the first starts listening and the periodic reload.
    private func watch(_ add: (inout (words: [@Sendable () -> Void], rules: [@Sendable () -> Void], watching: Bool)) -> Void) {
        let first = watchers.withLock { watchers in
            add(&watchers)
            defer { watchers.watching = true }
            return !watchers.watching
        }
        guard first else { return }
        started(Task { [weak self] in await self?.listen() })
        started(Task { [weak self, interval = options.reloadInterval] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                self?.changed(words: true, rules: true)
            }
        })
    }

    private func changed(words: Bool, rules: Bool) {
        let (wordWatchers, ruleWatchers) = watchers.withLock { ($0.words, $0.rules) }
        if words { for watcher in wordWatchers { watcher() } }
        if rules { for watcher in ruleWatchers { watcher() } }
    }

    /// Listens for changes on a connection of its own, again after a second when it is lost;
    /// each (re)connection reloads the words and the rules, as notices may have been missed
    /// meanwhile.
    private func listen() async {
        var connected = false
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.changesChannel) { notifications in
                        if connected { self.changed(words: true, rules: true) }
                        connected = true
                        for try await notice in notifications {
                            let rules = notice.payload == Self.rulesPayload
                            self.changed(words: !rules, rules: rules)
                        }
                    }
                }
            } catch {
                if !Task.isCancelled { logger.debug("personal words and rules: listening again after \(Self.describe(error))") }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

/// `body`, or `StorageFault`-worthy `TimedOut` after `timeout`.
func withTimeout<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(after: timeout)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// An access of PostgreSQL that did not end in time.
struct TimedOut: Error, CustomStringConvertible {
    let after: Duration
    var description: String { "no answer within \(after)" }
}

extension PostgresStore: HistoryStore, PersonalWordStore, DisabledRuleStore, InsightsStore, StorageStateReporting {}
