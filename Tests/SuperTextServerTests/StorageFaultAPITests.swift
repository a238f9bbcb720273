import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
@testable import SuperTextStore
@testable import SuperTextSQLite

/// What the API answers when storage fails for real: a specific error with what to do (507
/// `storage_full`, 503 `storage_read_only`, `storage_gone`, `storage_corrupt`), `/readyz` not
/// ready with the reason, checks that store nothing still answered, the cause logged once.
@Suite("Storage faults through the API")
struct StorageFaultAPITests {
    let json: HTTPFields = [.contentType: "application/json"]
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let options = StorageOptions(reserveBytes: 64 << 10, monitorInterval: .milliseconds(50))

    /// The app over `database`, logging into `log`.
    func app(_ database: AppDatabase, log: LogLines) async throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration()
        configuration.address = .tcp(host: "127.0.0.1", port: 0)
        configuration.publicDirectory = TestServer.publicDirectory
        var logger = Logger(label: "supertext-storage-test") { _ in log }
        logger.logLevel = .info
        return try await buildApplication(
            configuration: configuration, pool: TestServer.sharedPool, database: database, logger: logger, ownsPool: false)
    }

    func check(_ client: some TestClientProtocol, _ text: String, store: Bool = true) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "language": "en-US", "store": store]))
    }

    func readiness(_ client: some TestClientProtocol) async throws -> (status: HTTPResponse.Status, storage: [String: Any]) {
        let response = try await client.execute(uri: "/readyz", method: .get)
        return (response.status, response.json["storage"] as? [String: Any] ?? [:])
    }

    /// Checks that store nothing are answered as usual, on both APIs.
    func checksThatStoreNothingAnswer(_ client: some TestClientProtocol) async throws {
        let unstored = try await check(client, "A tpyo that is not kept.", store: false)
        #expect(unstored.status == .ok)
        #expect(unstored.json["id"] is NSNull)
        try await client.execute(uri: "/v2/check", method: .post, headers: form, body: .form([("text", "A tpyo."), ("language", "en-US")])) {
            #expect($0.status == .ok)
        }
    }

    @Test func aFullDiskAnswers507UntilHistoryIsDeletedAndLogsItOnce() async throws {
        let place = SmallPlace()
        let log = LogLines()
        let database = try AppDatabase.open(path: place.path, indexing: .init(), storage: Self.options)
        try place.limit(database)
        try await app(database, log: log).test(.router) { client in
            var refused: TestResponse?
            var stored = 0
            for number in 0..<3_000 where refused == nil {
                let response = try await check(client, "Check \(number) with a tpyo. " + String(repeating: "Plain words number \(number) fill the disk. ", count: 40))
                if response.status == .ok { stored += 1 } else { refused = response }
            }
            let full = try #require(refused, "filled with \(place.how)")
            #expect(full.status.code == 507)
            #expect(full.errorCode == "storage_full")
            #expect(full.errorMessage.contains("is full"))
            #expect(full.errorMessage.contains("\"store\": false"))
            #expect(stored > 5)

            // Every further check that asks to be stored is refused at once, the stream too
            // (with its status, before the stream starts); the cause is logged once.
            for number in 0..<10 { #expect(try await check(client, "Refused \(number).").status.code == 507) }
            try await client.execute(
                uri: "/api/v1/check/stream", method: .post, headers: json, body: .json(["text": "Streamed.", "language": "en-US"])
            ) { response in
                #expect(response.status.code == 507)
                #expect(response.errorCode == "storage_full")
            }
            #expect(log.count { $0.level >= .error && $0.message.contains("storage_full") } == 1)

            try await checksThatStoreNothingAnswer(client)
            let (status, storage) = try await readiness(client)
            #expect(status == .serviceUnavailable)
            #expect(storage["status"] as? String == "full")
            #expect(storage["code"] as? String == "storage_full")
            #expect((storage["message"] as? String)?.contains("DELETE /api/v1/history") == true)
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }

            // Reads answer; adding a personal word is refused like a check.
            try await client.execute(uri: "/api/v1/history", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/history?q=tpyo", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/insights", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "Quaxlor"])) {
                #expect($0.status.code == 507)
                #expect($0.errorCode == "storage_full")
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: form, body: .form([("word", "Quaxlor")])) {
                #expect($0.status.code == 507)
                #expect(String(buffer: $0.body).hasPrefix("Error: The disk holding the database"))
            }

            // Deleting the history works on the full disk, and storing comes back.
            try await client.execute(uri: "/api/v1/history", method: .delete) { #expect($0.status == .noContent) }
            #expect(try await readiness(client).status == .ok)
            let after = try await check(client, "Stored again with a tpyo.")
            #expect(after.status == .ok)
            #expect(after.json["id"] is Int)
            #expect(log.count { $0.message.contains("works again after storage_full") } == 1)
        }
    }

    @Test func aDeletedDatabaseFileAnswers503AndStoresNothingMore() async throws {
        let scratch = Scratch()
        let path = scratch.path + "/history.sqlite"
        let log = LogLines()
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: Self.options)
        try await app(database, log: log).test(.router) { client in
            let first = try await check(client, "Stored with a tpyo.")
            let id = try #require(first.json["id"] as? Int)
            #expect(unlink(path) == 0)

            for _ in 0..<5 {
                let refused = try await check(client, "Not stored, a tpyo.")
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.errorCode == "storage_gone")
                #expect(refused.errorMessage.contains("was deleted"))
                #expect(refused.errorMessage.contains("Restart the server"))
            }
            try await client.execute(uri: "/api/v1/history/\(id)", method: .get) {
                #expect($0.status == .serviceUnavailable)
                #expect($0.errorCode == "storage_gone")
            }
            try await checksThatStoreNothingAnswer(client)
            let (status, storage) = try await readiness(client)
            #expect(status == .serviceUnavailable)
            #expect(storage["code"] as? String == "storage_gone")
            #expect(log.count { $0.level >= .error && $0.message.contains("storage_gone") } == 1)
        }
    }

    @Test func aReadOnlyDatabaseAnswers503UntilItIsWritableAgain() async throws {
        let scratch = Scratch()
        let path = scratch.path + "/history.sqlite"
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: Self.options)
        try await app(database, log: LogLines()).test(.router) { client in
            #expect(try await check(client, "Stored with a tpyo.").status == .ok)
            // Immutable for real (even root cannot write); where the file system has no such
            // flag, the writer's connection is made read-only instead.
            let files = [path, path + "-wal"]
            let immutable = Scratch.run(["chattr", "+i"] + files) == 0
            if !immutable { try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") } }

            let refused = try await check(client, "Not stored, a tpyo.")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorCode == "storage_read_only")
            try await checksThatStoreNothingAnswer(client)
            #expect(try await readiness(client).storage["code"] as? String == "storage_read_only")
            try await client.execute(uri: "/api/v1/history", method: .get) { #expect($0.status == .ok) }

            if immutable {
                Scratch.run(["chattr", "-i"] + files)
            } else {
                try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 0") }
            }
            var ready = false
            for _ in 0..<3_000 where !ready {
                ready = try await readiness(client).status == .ok
                if !ready { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(ready)
            #expect(try await check(client, "Stored again, a tpyo.").status == .ok)
        }
    }

    @Test func aDatabaseFoundDamagedAfterTheStartAnswers503() async throws {
        let scratch = Scratch()
        let path = scratch.path + "/history.sqlite"
        do {
            let database = try AppDatabase.open(path: path, indexing: .init(), storage: Self.options)
            for number in 0..<200 {
                _ = try await database.saveCheck(
                    CheckResult(
                        language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1), matches: [],
                        correctedText: "", stats: CheckStats(characters: 1, words: 1, matches: 0, milliseconds: 1)),
                    text: String(repeating: "Words of check \(number). ", count: 100))
            }
            try await database.indexPendingChecks()
            try await database.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        // Pages a quarter into the file overwritten with garbage.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(size / 4 / 4096 * 4096))
        try handle.write(contentsOf: Data((0..<(8 * 4096)).map { _ in UInt8.random(in: 0...255) }))
        try handle.close()

        // Checked whole after the start, as a large file is.
        var options = Self.options
        options.fullCheckLimit = 0
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: options)
        try await app(database, log: LogLines()).test(.router) { client in
            var storage: [String: Any] = [:]
            for _ in 0..<3_000 where storage["code"] as? String != "storage_corrupt" {
                storage = try await readiness(client).storage
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(storage["code"] as? String == "storage_corrupt")
            #expect((storage["message"] as? String)?.contains(".recover") == true)
            let refused = try await check(client, "Not stored, a tpyo.")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorCode == "storage_corrupt")
            try await checksThatStoreNothingAnswer(client)
        }
    }
}

/// Log lines kept in memory, to count them.
final class LogLines: LogHandler, @unchecked Sendable {
    struct Line { let level: Logger.Level; let message: String }
    private let lines = Mutex<[Line]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append(Line(level: event.level, message: "\(event.message)")) }
    }

    /// How many lines satisfy `condition`.
    func count(where condition: (Line) -> Bool) -> Int {
        lines.withLock { $0.filter(condition).count }
    }
}

/// A directory of its own, removed with what is in it (immutable flags cleared first).
final class Scratch: Sendable {
    let path = NSTemporaryDirectory() + "supertext-storage-api-" + UUID().uuidString

    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    deinit {
        Self.run(["chattr", "-R", "-i", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs a command; its exit status (-1 when it cannot be run).
    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A place that fills up for real: a tmpfs of 1 MB, or, where mounting is not permitted, a
/// directory whose database may grow by only a few pages (`PRAGMA max_page_count`, the same
/// SQLITE_FULL from SQLite).
final class SmallPlace: Sendable {
    let scratch = Scratch()
    let mounted: Bool

    init() {
        mounted = Scratch.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", scratch.path]) == 0
    }

    deinit {
        if mounted { Scratch.run(["umount", "-l", scratch.path]) }
    }

    var path: String { scratch.path + "/history.sqlite" }
    var how: String { mounted ? "a 1 MB tmpfs" : "PRAGMA max_page_count (mounting a tmpfs is not permitted here)" }

    func limit(_ database: AppDatabase, pages: Int = 60) throws {
        guard !mounted else { return }
        try database.writer.writeWithoutTransaction { db in
            let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(count + pages)")
        }
    }
}
