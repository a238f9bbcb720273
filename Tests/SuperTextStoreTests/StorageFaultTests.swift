import Foundation
import GRDB
import Synchronization
import Testing
@testable import SuperTextCore
@testable import SuperTextStore
@testable import SuperTextSQLite

/// Storage that fails for real (a full disk, files made read-only, deleted, replaced or
/// damaged, two processes creating one file) is reported as a `StorageFault`, and nothing
/// acknowledged is lost.
@Suite("Storage faults")
struct StorageFaultTests {
    typealias F = StorageFixtures

    /// Saves checks until one is refused; the ids acknowledged and the error that ended it.
    func fill(_ database: AppDatabase, from first: Int = 0) async -> (ids: [Int64], error: (any Error)?) {
        var ids: [Int64] = []
        for number in first..<(first + 5_000) {
            do {
                ids.append(try await database.saveCheck(F.result(F.text(number)), text: F.text(number)))
            } catch {
                return (ids, error)
            }
        }
        return (ids, nil)
    }

    @Test func aFullDiskRefusesStoringKeepsWhatWasAcknowledgedAndLetsHistoryBeDeleted() async throws {
        let place = FillingPlace()
        let events = StorageEventLog()
        let database = try AppDatabase.open(path: place.path, indexing: .init(), storage: F.options)
        database.storage.observe(events.record)
        try place.limit(database)

        let (ids, error) = await fill(database)
        let fault = try #require(error as? StorageFault, "filled with \(place.how): \(String(describing: error))")
        #expect(fault.kind == .full)
        #expect(fault.code == .storageFull)
        #expect(fault.message.contains("DELETE /api/v1/history"))
        #expect(database.storageFault?.kind == .full)
        #expect(ids.count > 5)
        // Refused at once from now on, and told once however many are refused.
        for number in 0..<20 {
            await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("x"), text: "x \(number)") }
        }
        #expect(events.faults(.full) == 1)

        // Reads go on: every acknowledged check is there, the list, a search and the insights answer.
        for id in ids { #expect(try await database.check(id: id) != nil) }
        #expect(try await database.history(limit: 5).items.first?.id == ids.last)
        _ = try await database.history(query: "teh")
        #expect(try await database.insights().totalChecks == ids.count)

        // Deleting checks works on the full disk, and makes room: checks are stored again.
        let half = ids.count / 2
        for id in ids.prefix(half) { #expect(try await database.deleteCheck(id: id)) }
        #expect(database.storageFault == nil)
        let again = try await database.saveCheck(F.result("again"), text: "again teh")
        #expect(again > ids.last!)

        // Filled again, deleting everything works too.
        let (more, secondError) = await fill(database, from: 10_000)
        #expect((secondError as? StorageFault)?.kind == .full)
        let deleted = try await database.deleteAllChecks()
        #expect(deleted == ids.count - half + 1 + more.count)
        #expect(try await database.checkCount() == 0)
        #expect(database.storageFault == nil)
        let afterAll = try await database.saveCheck(F.result("after"), text: "after all teh")
        #expect(afterAll > (more.last ?? again))
        #expect(try await database.history(query: "after").items.map(\.id) == [afterAll])
    }

    @Test(.enabled(if: SmallDisk.isPermitted, "mounting a tmpfs is not permitted here"))
    func theReserveIsGivenBackForADeleteAndMadeAgainOnceThereIsRoom() async throws {
        let disk = try #require(SmallDisk.mount(size: "2m"))
        let path = disk.file("history.sqlite")
        let events = StorageEventLog()
        // No indexing meanwhile: nothing but the saves and deletes below writes.
        let database = try AppDatabase.open(path: path, indexing: .init(quietPeriod: .seconds(3600), maxPending: 1 << 30), storage: F.options)
        database.storage.observe(events.record)
        let reserve = path + "-reserve"
        #expect((try FileManager.default.attributesOfItem(atPath: reserve)[.size] as? Int) == 64 << 10)
        for number in 0..<20 { _ = try await database.saveCheck(F.result("a"), text: "first \(number) teh") }
        // The log is emptied and gives its room back: any write now needs the disk to give more.
        #expect(await F.eventually {
            (try? database.writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }) != nil
        })

        // The disk is filled by something else, to the last byte.
        let filler = disk.file("filler")
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        let block = Data(repeating: 7, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try handle.close()

        let (_, error) = await fill(database)
        #expect((error as? StorageFault)?.kind == .full)
        // A delete needs room for its log: the reserve gives it.
        #expect(try await database.deleteCheck(id: 1))
        #expect(!FileManager.default.fileExists(atPath: reserve))
        #expect(events.all.contains { if case .warning(let text) = $0 { text.contains("reserve") } else { false } })

        // Room again on the disk: the reserve comes back, and storing works.
        try FileManager.default.removeItem(atPath: filler)
        #expect(await F.eventually { database.storageFault == nil })
        #expect(FileManager.default.fileExists(atPath: reserve))
        _ = try await database.saveCheck(F.result("room"), text: "room again teh")
    }

    @Test func onAFullDiskTheRetentionOfTheChecksSavedIsStillApplied() async throws {
        let place = FillingPlace()
        let database = try AppDatabase.open(path: place.path, indexing: .init(), storage: F.options)
        try place.limit(database)
        // Checks kept for two hours, saved as if three hours ago: each save applies the
        // retention from its own date, so none is deleted while they are saved.
        let retention = RetentionPolicy(maxAge: .seconds(2 * 3600))
        let then = Date().addingTimeInterval(-3 * 3600)
        var failure: (any Error)?
        var saved = 0
        while failure == nil, saved < 5_000 {
            do {
                _ = try await database.saveCheck(F.result("old"), text: F.text(saved), at: then, retention: retention)
                saved += 1
            } catch {
                failure = error
            }
        }
        #expect((failure as? StorageFault)?.kind == .full)
        #expect(saved > 5)
        // Saves are refused while the disk is full, so they apply no retention: the monitor
        // does, from the clock, and the room it makes lets checks be stored again.
        #expect(await F.eventually { database.storageFault == nil })
        #expect(try await database.checkCount() == 0)
        let id = try await database.saveCheck(F.result("new"), text: "new teh", retention: retention)
        #expect(try await database.check(id: id) != nil)
    }

    @Test func filesMadeReadOnlyRefuseWritesUntilTheyAreWritableAgain() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        let first = try await database.saveCheck(F.result("one"), text: "one teh")

        let readOnly = try ReadOnlyFiles(database, path: path)
        await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("two"), text: "two teh") }
        let fault = try #require(database.storageFault)
        #expect(fault.kind == .readOnly)
        #expect(fault.code == .storageReadOnly)
        if readOnly.isReal { #expect(fault.message.contains("immutable")) }
        // Reads go on; deletes are refused like the rest.
        #expect(try await database.check(id: first) != nil)
        await #expect(throws: StorageFault.self) { try await database.deleteCheck(id: first) }

        try readOnly.undo()
        #expect(await F.eventually { database.storageFault == nil })
        let second = try await database.saveCheck(F.result("three"), text: "three teh")
        #expect(second > first)
    }

    @Test func aDatabaseOnAReadOnlyFileOrFileSystemDoesNotOpen() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        if StorageFixtures.run("chattr", "+i", path) == 0 {
            let error = #expect(throws: StoreError.self) { try AppDatabase.open(path: path) }
            #expect(error?.message.contains("immutable (chattr +i)") == true)
            StorageFixtures.run("chattr", "-i", path)
        }
        if let disk = SmallDisk.mount() {
            let onDisk = disk.file("history.sqlite")
            #expect(FileManager.default.createFile(atPath: onDisk, contents: nil))
            if StorageFixtures.run("mount", "-o", "remount,ro", disk.path) == 0 {
                let error = #expect(throws: StoreError.self) { try AppDatabase.open(path: onDisk) }
                #expect(error?.message.contains("read-only file system") == true)
            }
        }
    }

    @Test func aCommitIntoADeletedFileIsNotAcknowledged() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let events = StorageEventLog()
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        database.storage.observe(events.record)
        let id = try await database.saveCheck(F.result("one"), text: "one teh")

        #expect(unlink(path) == 0)
        await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("two"), text: "two teh") }
        let fault = try #require(database.storageFault)
        #expect(fault.kind == .gone)
        #expect(fault.message.contains("was deleted"))
        // Nothing is read from or written to the deleted file any more.
        await #expect(throws: StorageFault.self) { try await database.check(id: id) }
        await #expect(throws: StorageFault.self) { try await database.deleteAllChecks() }
        #expect(events.faults(.gone) == 1)

        // The connections are closed: the next start makes a new, empty database, which shares
        // nothing with the deleted one.
        #expect(await F.eventually { database.storage.isClosed })
        let reopened = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        #expect(try await reopened.checkCount() == 0)
        #expect(reopened.storageFault == nil)
    }

    /// The files can be found gone while the database is being let go of (a request that found
    /// them gone as the server stops): the connections still close, and nothing touches them
    /// once closed.
    @Test func aFileFoundGoneAfterTheDatabaseWasLetGoOfClosesItsConnections() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        var database: AppDatabase? = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        _ = try await database?.saveCheck(F.result("one"), text: "one teh")
        // What outlives the database: its connections and its state, as a request still running
        // holds them.
        let writer = try #require(database?.writer)
        let storage = try #require(database?.storage)
        database = nil

        #expect(unlink(path) == 0)
        #expect(throws: StorageFault.self) { try storage.verifyFiles() }
        #expect(await F.eventually { storage.isClosed })
        #expect(throws: DatabaseError.self) { try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
        // The log at the path, which belonged to the deleted file, is left empty or removed.
        #expect(((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) == 0)
    }

    @Test func underConcurrentSavesNoSaveBegunAfterTheFileIsDeletedIsAcknowledged() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        final class Tally: Sendable {
            let deleted = Atomic<Bool>(false)
            let acknowledgedAfter = Atomic<Int>(0)
            let refusedAfter = Atomic<Int>(0)
            let acknowledged = Atomic<Int>(0)
        }
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    var refusals = 0
                    var number = 0
                    while refusals < 20 {
                        number += 1
                        let after = tally.deleted.load(ordering: .acquiring)
                        do {
                            _ = try await database.saveCheck(
                                F.result("c"), text: "client \(client) check \(number) teh",
                                expecting: 8)
                            tally.acknowledged.add(1, ordering: .relaxed)
                            if after { tally.acknowledgedAfter.add(1, ordering: .relaxed) }
                        } catch let fault as StorageFault {
                            #expect(fault.kind == .gone)
                            if after { tally.refusedAfter.add(1, ordering: .relaxed) }
                            refusals += 1
                        }
                    }
                }
            }
            group.addTask {
                while tally.acknowledged.load(ordering: .relaxed) < 400 { try await Task.sleep(for: .milliseconds(5)) }
                #expect(unlink(path) == 0)
                tally.deleted.store(true, ordering: .releasing)
            }
            try await group.waitForAll()
        }
        #expect(tally.acknowledgedAfter.load(ordering: .relaxed) == 0)
        #expect(tally.refusedAfter.load(ordering: .relaxed) > 0)
        #expect(database.storageFault?.kind == .gone)
    }

    @Test func theMonitorNoticesAMovedFileWithoutAnyWriteAndLeavesItWhole() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let moved = scratch.file("moved.sqlite")
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        let id = try await database.saveCheck(F.result("one"), text: "one teh")

        #expect(rename(path, moved) == 0)
        #expect(await F.eventually { database.storageFault?.kind == .gone })
        #expect(database.storageFault?.message.contains("was deleted") == true)
        // The connections close: the log goes into the moved file. Put back, the file opens
        // whole; the database that lost it stays stopped.
        #expect(await F.eventually { database.storage.isClosed })
        #expect(rename(moved, path) == 0)
        try await Task.sleep(for: .milliseconds(200))
        #expect(database.storageFault?.kind == .gone)
        let reopened = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        #expect(try await reopened.check(id: id)?.text == "one teh")
    }

    @Test func aDeletedWriteAheadLogIsNoticedBeforeTheCommitIsAcknowledged() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        _ = try await database.saveCheck(F.result("one"), text: "one teh")
        #expect(unlink(path + "-wal") == 0)
        await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("two"), text: "two teh") }
        #expect(database.storageFault?.kind == .gone)
        #expect(database.storageFault?.message.contains("write-ahead log") == true)
    }

    @Test func aReplacedFileIsNeverWrittenTo() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
        _ = try await database.saveCheck(F.result("one"), text: "one teh")
        // A copy of the database as it is now (a backup), put in its place.
        let backup = scratch.file("backup.sqlite")
        try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [backup]) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        #expect(rename(backup, path) == 0)

        await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("two"), text: "two teh") }
        #expect(database.storageFault?.kind == .gone)
        #expect(database.storageFault?.message.contains("replaced") == true)
        await #expect(throws: StorageFault.self) { try await database.deleteAllChecks() }
        // The log of the file that was replaced is emptied (it must not be replayed into the
        // new one), and the new file is as it was put there.
        #expect(await F.eventually { (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) == 0 })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aDamagedFileDoesNotOpenAndSaysHowToRecover() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        try Self.makeDamagedDatabase(at: path)
        let error = #expect(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(error?.code == .storageCorrupt)
        #expect(error?.message.contains("is damaged") == true)
        #expect(error?.message.contains("sqlite3 \(path) .recover") == true)
    }

    @Test func aLargeDamagedFileOpensAndIsFoundDamagedInTheBackground() async throws {
        let scratch = ScratchDirectory()
        let path = scratch.file("history.sqlite")
        try Self.makeDamagedDatabase(at: path)
        // Above the size checked whole before opening: only the small tables are, first.
        var options = F.options
        options.fullCheckLimit = 0
        let events = StorageEventLog()
        let database = try AppDatabase.open(path: path, indexing: .init(), storage: options)
        database.storage.observe(events.record)
        #expect(await F.eventually { database.storageFault?.kind == .corrupt })
        #expect(database.storageFault?.code == .storageCorrupt)
        await #expect(throws: StorageFault.self) { try await database.saveCheck(F.result("x"), text: "x teh") }
        await #expect(throws: StorageFault.self) { try await database.history() }
        #expect(events.faults(.corrupt) == 1)
    }

    /// A database of 300 checks, all indexed, some of whose pages (a quarter in) are overwritten
    /// with garbage, as a failing disk or a copy made while it was written would leave them.
    static func makeDamagedDatabase(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue)
        try queue.write { db in
            for number in 0..<300 {
                try db.execute(
                    sql: """
                        INSERT INTO "check" (id, createdAt, languageCode, languageName, languageDetected, languageConfidence,
                            text, correctedText, matches, matchCount, characters, words, milliseconds)
                        VALUES (?, '2026-01-01 00:00:00.000', 'en-US', 'English', 0, 1, ?, '', '[]', 0, 10, 2, 1)
                        """,
                    arguments: [number + 1, StorageFixtures.text(number)])
            }
            try db.execute(sql: "UPDATE searchProgress SET lastIndexedId = 300; UPDATE mistakeProgress SET lastCheckId = 300")
        }
        let pages = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try queue.close()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        var generator = SystemRandomNumberGenerator()
        for page in (pages / 4)..<(pages / 4 + 8) {
            try handle.seek(toOffset: UInt64(page * 4096))
            try handle.write(contentsOf: Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        try handle.close()
    }

    @Test func twoOpeningsOfANewFileAtOnceBothSucceed() async throws {
        for _ in 0..<5 {
            let scratch = ScratchDirectory()
            let path = scratch.file("history.sqlite")
            let opened = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await withCheckedThrowingContinuation { continuation in
                            Thread.detachNewThread {
                                continuation.resume(with: Result {
                                    let database = try AppDatabase.open(path: path, indexing: .init(), storage: F.options)
                                    return try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0 }
                                })
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(opened == Array(repeating: AppDatabase.migrator.migrations.count, count: 4))
        }
    }
}
