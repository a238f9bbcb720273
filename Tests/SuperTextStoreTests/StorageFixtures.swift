import Foundation
import GRDB
import Synchronization
@testable import SuperTextCore
@testable import SuperTextStore
@testable import SuperTextSQLite

/// What the storage tests need from the machine: directories, a small disk that really fills
/// up, files made read-only, and a check result to store.
enum StorageFixtures {
    /// Runs a command; its exit status (-1 when it cannot be run).
    @discardableResult
    static func run(_ arguments: String...) -> Int32 {
        run(arguments)
    }

    /// A check result of `text`, with one mistake.
    static func result(_ text: String) -> CheckResult {
        CheckResult(
            language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1),
            matches: [
                Match(
                    offset: 0, length: 3, text: "teh", category: .spelling, rule: "SPELLING", message: "m",
                    shortMessage: "s", suggestions: ["the"], explanation: Explanation(kind: .transposition, title: "t", detail: "d")
                )
            ],
            correctedText: text, stats: CheckStats(characters: text.count, words: 3, matches: 1, milliseconds: 1)
        )
    }

    /// A text of about `bytes` bytes that no other text repeats.
    static func text(_ number: Int, bytes: Int = 2_000) -> String {
        let words = (0..<(bytes / 12)).map { "word\(number)x\($0)" }
        return "teh " + words.joined(separator: " ")
    }

    /// Whether `condition` holds within `seconds`, looked at every 20 ms.
    static func eventually(within seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// Storage options for tests: a small reserve, the files looked at often.
    static let options = StorageOptions(reserveBytes: 64 << 10, monitorInterval: .milliseconds(50))
}

/// A directory of its own, removed with what is in it (immutable flags cleared first).
final class ScratchDirectory: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "supertext-storage-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        StorageFixtures.run("chattr", "-R", "-i", path)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A file system that really fills up: a tmpfs of `size` mounted on a directory of its own.
/// `nil` where mounting is not permitted (not root, or a container without the right): the
/// tests then limit the database's pages instead (`PRAGMA max_page_count`), which gives the same
/// SQLITE_FULL from SQLite.
final class SmallDisk: Sendable {
    let path: String

    private init(path: String) { self.path = path }

    /// Whether a tmpfs can be mounted here.
    static let isPermitted: Bool = mount() != nil

    static func mount(size: String = "1m") -> SmallDisk? {
        let scratch = NSTemporaryDirectory() + "supertext-small-disk-" + UUID().uuidString
        guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil else { return nil }
        guard StorageFixtures.run("mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", scratch) == 0 else {
            try? FileManager.default.removeItem(atPath: scratch)
            return nil
        }
        return SmallDisk(path: scratch)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        // Lazily: a connection still open in this process would keep it busy.
        StorageFixtures.run("umount", "-l", path)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A place for a database that fills up: a small disk, or else a directory whose database is
/// limited to a few more pages than it has.
struct FillingPlace {
    let disk: SmallDisk?
    let scratch: ScratchDirectory
    var path: String { disk?.file("history.sqlite") ?? scratch.file("history.sqlite") }
    /// How the disk was made full, for messages.
    var how: String { disk == nil ? "PRAGMA max_page_count (mounting a tmpfs is not permitted here)" : "a 1 MB tmpfs" }

    init() {
        disk = SmallDisk.mount()
        scratch = ScratchDirectory()
    }

    /// Without a small disk, lets the database grow by only `pages` more pages.
    func limit(_ database: AppDatabase, pages: Int = 60) throws {
        guard disk == nil else { return }
        try database.writer.writeWithoutTransaction { db in
            let count = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(count + pages)")
        }
    }

    /// Without a small disk, lifts the limit again (as freeing space on a disk would).
    func lift(_ database: AppDatabase) throws {
        guard disk == nil else { return }
        try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
    }
}

/// Files made read-only for real: immutable (`chattr +i`, which stops even root, and writes
/// through descriptors already open). Where the file system has no such flag, the writer's
/// connection is made read-only instead (`PRAGMA query_only`), which SQLite answers with the same
/// SQLITE_READONLY.
struct ReadOnlyFiles {
    let paths: [String]
    let database: AppDatabase
    let isReal: Bool

    init(_ database: AppDatabase, path: String) throws {
        self.database = database
        paths = [path, path + "-wal"]
        isReal = StorageFixtures.run(["chattr", "+i"] + paths) == 0
        if !isReal {
            try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
        }
    }

    func undo() throws {
        if isReal {
            StorageFixtures.run(["chattr", "-i"] + paths)
        } else {
            try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 0") }
        }
    }
}

extension StorageFixtures {
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

/// Every storage event told, in order.
final class StorageEventLog: Sendable {
    private let events = Mutex<[StorageEvent]>([])

    func record(_ event: StorageEvent) { events.withLock { $0.append(event) } }

    var all: [StorageEvent] { events.withLock { $0 } }

    /// The faults told of `kind`.
    func faults(_ kind: StorageFault.Kind) -> Int {
        all.filter { if case .fault(let fault) = $0 { fault.kind == kind } else { false } }.count
    }
}
