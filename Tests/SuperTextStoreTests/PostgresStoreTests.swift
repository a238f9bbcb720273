import Foundation
import PostgresNIO
import Testing
@testable import SuperTextCore
@testable import SuperTextPostgres
@testable import SuperTextStore
@testable import SuperTextSQLite

/// What only a store shared by several servers does: two stores on one database stand for two
/// servers.
@Suite("PostgreSQL store")
struct PostgresStoreTests {
    /// Whether `condition` holds within `seconds`, looked at every 10 ms. Long, as it returns
    /// once it holds: with every test running, a reload can wait seconds for a connection.
    static func eventually(within seconds: Double = 60, _ condition: () async -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    static func result(_ text: String) -> CheckResult {
        CheckResult(
            language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1), matches: [],
            correctedText: text, stats: CheckStats(characters: text.count, words: 1, matches: 0, milliseconds: 1))
    }

    /// A word added or removed through one server is heard of by the other through NOTIFY (its
    /// periodic reload is set far off, so only the notice can bring it).
    @Test func aWordAddedOnOneServerIsHonouredByTheOther() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let options = PostgresStore.Options(connectTimeout: .seconds(30), queryTimeout: .seconds(120), reloadInterval: .seconds(3600))
        let a = try await PostgresStore.open(url: url, options: options, logger: TestPostgres.logger)
        let b = try await PostgresStore.open(url: url, options: options, logger: TestPostgres.logger)
        let onA = try await PersonalDictionary(database: a)
        let onB = try await PersonalDictionary(database: b)
        // B listens before A adds: the listener connects in the background.
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await onA.add("Kubernetes", language: nil))
        #expect(await Self.eventually { onB.acceptedWords(for: "en-US").contains("Kubernetes") })
        #expect(try await onB.add("colour", language: "en"))
        #expect(await Self.eventually { onA.acceptedWords(for: "en-GB").contains("colour") })
        #expect(try await onA.remove("Kubernetes", language: nil))
        #expect(await Self.eventually { !onB.acceptedWords(for: "en-US").contains("Kubernetes") })
        #expect(try await onB.importWords(["alpha", "beta"], language: "fr") == 2)
        #expect(await Self.eventually { onA.acceptedWords(for: "fr").isSuperset(of: ["alpha", "beta"]) })
    }

    /// A notice lost (here: a word written without one) is made up for by the periodic reload.
    @Test func aLostNoticeIsMadeUpForByThePeriodicReload() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let store = try await PostgresStore.open(
            url: url, options: PostgresStore.Options(connectTimeout: .seconds(30), queryTimeout: .seconds(120), reloadInterval: .milliseconds(200)), logger: TestPostgres.logger)
        let dictionary = try await PersonalDictionary(database: store)
        try await store.client.query(
            #"INSERT INTO "personalWord" (word, language, "createdAt") VALUES ('unnoticed', '', now())"#)
        #expect(await Self.eventually { dictionary.acceptedWords(for: nil).contains("unnoticed") })
    }

    /// A rule turned off or back on through one server is heard of by the other through NOTIFY
    /// (the periodic reload set far off), and a notice of words does not stand for one of rules.
    @Test func aRuleTurnedOffOnOneServerIsHonouredByTheOther() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let options = PostgresStore.Options(connectTimeout: .seconds(30), queryTimeout: .seconds(120), reloadInterval: .seconds(3600))
        let a = try await PostgresStore.open(url: url, options: options, logger: TestPostgres.logger)
        let b = try await PostgresStore.open(url: url, options: options, logger: TestPostgres.logger)
        let onA = try await DisabledRules(database: a)
        let onB = try await DisabledRules(database: b)
        let wordsOnB = try await PersonalDictionary(database: b)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await onA.disable("EN_A_VS_AN"))
        #expect(await Self.eventually { onB.snapshot() == ["EN_A_VS_AN"] })
        #expect(try await onB.disable("DOUBLE_SPACE"))
        #expect(await Self.eventually { onA.snapshot() == ["EN_A_VS_AN", "DOUBLE_SPACE"] })
        #expect(try await onA.enable("EN_A_VS_AN"))
        #expect(await Self.eventually { onB.snapshot() == ["DOUBLE_SPACE"] })
        // Words and rules share the channel: each notice reloads what it is about.
        let onAWords = try await PersonalDictionary(database: a)
        #expect(try await onAWords.add("Kubernetes", language: nil))
        #expect(await Self.eventually { wordsOnB.acceptedWords(for: nil).contains("Kubernetes") })
        #expect(onB.snapshot() == ["DOUBLE_SPACE"])
    }

    /// A rule turned off without a notice is made up for by the periodic reload.
    @Test func aRuleTurnedOffWithoutANoticeIsReadByThePeriodicReload() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let store = try await PostgresStore.open(
            url: url, options: PostgresStore.Options(connectTimeout: .seconds(30), queryTimeout: .seconds(120), reloadInterval: .milliseconds(200)), logger: TestPostgres.logger)
        let rules = try await DisabledRules(database: store)
        try await store.client.query(#"INSERT INTO "disabledRule" (id, "disabledAt") VALUES ('UNNOTICED_RULE', now())"#)
        #expect(await Self.eventually { rules.snapshot().contains("UNNOTICED_RULE") })
    }

    /// Two servers saving at once: every id is given once, each server's checks are found by
    /// the other, and paging newest first through all of them finds each exactly once.
    @Test func twoServersSavingAtOnceGiveDistinctIdsInCommitOrder() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let a = try await PostgresStore.open(url: url, options: TestPostgres.patient, logger: TestPostgres.logger)
        let b = try await PostgresStore.open(url: url, options: TestPostgres.patient, logger: TestPostgres.logger)
        // A reader pages while both write: no page may show a check and later miss an older one.
        let reader = Task {
            var misses = 0
            for _ in 0..<40 {
                let seen = try await a.history(limit: 200, before: nil, query: nil, language: nil).items.map(\.id)
                // Ids are committed in order: what a reader sees has no hole below its newest
                // that is filled later.
                let now = try await b.history(limit: 200, before: nil, query: nil, language: nil).items.map(\.id)
                if let newest = seen.first {
                    let later = Set(now.filter { $0 <= newest })
                    misses += later.subtracting(seen).count
                }
            }
            return misses
        }
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<150 {
                let store = index.isMultiple(of: 2) ? a : b
                group.addTask {
                    try await store.saveCheck(Self.result("from \(index)"), text: "from \(index)", at: Date(), retention: .init(), expecting: 8)
                }
            }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(try await reader.value == 0)
        #expect(Set(ids).count == 150)
        let all = try await b.history(limit: 200, before: nil, query: nil, language: nil).items.map(\.id)
        #expect(all == ids.sorted(by: >))
        #expect(try await a.history(limit: 5, before: nil, query: "from", language: nil).items.count == 5)
    }

    /// Both servers migrating one new database at once apply each migration once.
    @Test func serversStartingTogetherMigrateOnce() async throws {
        let url = try TestPostgres.shared.get().makeDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<3 { group.addTask { try await PostgresStore.open(url: url, options: TestPostgres.patient, logger: TestPostgres.logger) } }
            return try await group.reduce(into: [PostgresStore]()) { $0.append($1) }
        }
        var names: [String] = []
        for try await name in try await stores[0].client.query("SELECT identifier FROM grdb_migrations ORDER BY identifier").decode(String.self) {
            names.append(name)
        }
        #expect(names == PostgresStore.migrations.map(\.name).sorted())
        #expect(PostgresStore.migrations.map(\.name) == AppDatabase.migrator.migrations)
    }

    /// PostgreSQL stopped: storing fails with `storage_unavailable` (and the state says so
    /// before any check is refused), then works again once it is back, by itself.
    @Test func aStoppedServerIsReportedAndRecoveredFrom() async throws {
        let server = try TestPostgres()
        defer { try? server.stop() }
        let url = try server.makeDatabase()
        // The migrations first, by a patient store: on a loaded machine those of a new database
        // can outlast the short query timeout by which the store below notices a stopped server.
        try await PostgresStore.open(url: url, options: TestPostgres.patient, logger: TestPostgres.logger).close()
        let store = try await PostgresStore.open(
            url: url, options: PostgresStore.Options(connectTimeout: .seconds(2), queryTimeout: .seconds(5), monitorInterval: .milliseconds(200)),
            logger: TestPostgres.logger)
        let dictionary = try await PersonalDictionary(database: store)
        // Tried until they answer: the short query timeout can run out on a loaded machine.
        #expect(await Self.eventually(within: 30) { (try? await dictionary.add("before", language: nil)) != nil })
        #expect(await Self.eventually(within: 30) {
            (try? await store.saveCheck(Self.result("kept"), text: "kept", at: Date(), retention: .init(), expecting: 1)) != nil
        })
        try server.stop()
        #expect(await Self.eventually(within: 20) { store.storageFault?.kind == .unavailable })
        #expect(store.storageFault?.code == .storageUnavailable)
        #expect(throws: StorageFault.self) { try store.ensureStoringIsPossible() }
        await #expect(throws: StorageFault.self) {
            _ = try await store.saveCheck(Self.result("lost"), text: "lost", at: Date(), retention: .init(), expecting: 1)
        }
        // The words in memory still serve checks.
        #expect(dictionary.acceptedWords(for: nil).contains("before"))
        try server.start()
        #expect(await Self.eventually(within: 30) { store.storageFault == nil })
        // Stored again once the pool has its connections back: on a loaded machine the first
        // try may still run into the query timeout.
        #expect(await Self.eventually(within: 30) {
            (try? await store.saveCheck(Self.result("after"), text: "after", at: Date(), retention: .init(), expecting: 1)) != nil
        })
        // A try that ran out of time may still have been committed: "after" once or more. The
        // read is retried too: on a loaded machine the pool, just back, can still time out.
        var excerpts: [String] = []
        #expect(await Self.eventually(within: 30) {
            guard let items = try? await store.history(limit: 10, before: nil, query: nil, language: nil).items else { return false }
            excerpts = items.map(\.excerpt)
            return true
        })
        #expect(excerpts.first == "after" && excerpts.last == "kept" && !excerpts.contains("lost"), "\(excerpts)")
    }

    @Test func badURLsSayWhatIsWrongWithoutThePassword() async throws {
        for (url, part) in [
            ("postgres://127.0.0.1/db", "no user"),
            ("postgres://u:secret@127.0.0.1/db?sslmode=maybe", "sslmode"),
            ("postgres://u:secret@127.0.0.1/db?pool=3", "unknown parameter"),
        ] {
            do {
                try await PostgresStore.open(url: url, options: TestPostgres.patient, logger: TestPostgres.logger).close()
                Issue.record("\(url) opened")
            } catch let error as StoreError {
                #expect(error.code == .cannotOpen)
                #expect(error.message.contains(part), "\(error.message)")
                #expect(!error.message.contains("secret"))
            }
        }
        // Nothing listens there: refused within the open timeout, saying so.
        let port = try TestPostgres.freePort()
        do {
            _ = try await PostgresStore.open(
                url: "postgres://u:secret@127.0.0.1:\(port)/db?sslmode=disable",
                options: PostgresStore.Options(connectTimeout: .milliseconds(500), openTimeout: .seconds(2)), logger: TestPostgres.logger)
            Issue.record("opened with no server")
        } catch let error as StoreError {
            #expect(error.code == .cannotOpen)
            #expect(error.message.contains("postgres://u@127.0.0.1:\(port)/db"))
            #expect(!error.message.contains("secret"))
        }
    }
}
