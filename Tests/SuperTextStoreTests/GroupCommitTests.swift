import Foundation
import Synchronization
import Testing
@testable import SuperTextCore
@testable import SuperTextStore
@testable import SuperTextSQLite

@Suite("Group commit")
struct GroupCommitTests {
    /// A gate the first commit waits at, so that the test controls when it ends. Commits run on
    /// the caller's thread and block it: the first item is submitted from `LeaderThread`, so
    /// that waiting at the gate never holds a thread of the shared concurrency pool.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() { semaphore.wait() }
        func open() { semaphore.signal() }
    }

    /// Runs a task on a thread of its own (a serial dispatch queue).
    final class LeaderThread: TaskExecutor {
        private let queue = DispatchQueue(label: "group-commit-test-leader")
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// Submits `item` from its own thread.
    static func submitFromOwnThread(_ item: Int, to group: GroupCommit<Int, Int>) -> Task<Int, any Error> {
        Task(executorPreference: LeaderThread()) { try await group.submit(item) }
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }

    @Test func itemsArrivingDuringACommitShareTheNextTransaction() async throws {
        let gate = Gate()
        let batches = Mutex<[[Int]]>([])
        let group = GroupCommit<Int, Int> { items in
            let first = batches.withLock { batches in
                batches.append(items)
                return batches.count == 1
            }
            if first { gate.wait() }
            return items.map { $0 * 10 }
        }
        let firstOutput = Self.submitFromOwnThread(0, to: group)
        try await Self.waitUntil { batches.withLock { $0.count } == 1 }
        // The first transaction is running: these ten wait, then go together.
        let outputs = try await withThrowingTaskGroup(of: (Int, Int).self) { tasks in
            for item in 1...10 { tasks.addTask { (item, try await group.submit(item)) } }
            try await Self.waitUntil { group.waitingCount == 10 }
            gate.open()
            var outputs: [Int: Int] = [:]
            for try await (item, output) in tasks { outputs[item] = output }
            return outputs
        }
        #expect(try await firstOutput.value == 0)
        #expect(outputs == Dictionary(uniqueKeysWithValues: (1...10).map { ($0, $0 * 10) }))
        let recorded = batches.withLock { $0 }
        #expect(recorded.count == 2)
        #expect(recorded.first == [0])
        #expect(recorded.last?.sorted() == Array(1...10))
        #expect(group.transactionCount == 2)
    }

    @Test func aLoneItemIsCommittedAtOnceOnTheCallersThread() async throws {
        let committedOn = Mutex<[pthread_t]>([])
        let group = GroupCommit<Int, Int> { items in
            committedOn.withLock { $0.append(pthread_self()) }
            return items.map { $0 + 1 }
        }
        #expect(try await group.submit(41) == 42)
        #expect(try await group.submit(1) == 2)
        #expect(group.transactionCount == 2)
        // Submitted from a thread of its own: the commit ran there, not on another thread.
        let (caller, output) = try await Task(executorPreference: LeaderThread()) {
            (pthread_self(), try await group.submit(7))
        }.value
        #expect(output == 8)
        #expect(committedOn.withLock { $0.last } == caller)
    }

    @Test func batchesAreBoundedByTheirMaximum() async throws {
        let gate = Gate()
        let sizes = Mutex<[Int]>([])
        let group = GroupCommit<Int, Int>(maxBatch: 4) { items in
            let first = sizes.withLock { sizes in
                sizes.append(items.count)
                return sizes.count == 1
            }
            if first { gate.wait() }
            return items
        }
        try await withThrowingTaskGroup(of: Int.self) { tasks in
            let first = Self.submitFromOwnThread(0, to: group)
            tasks.addTask { try await first.value }
            try await Self.waitUntil { sizes.withLock { $0.count } == 1 }
            for item in 1...10 { tasks.addTask { try await group.submit(item) } }
            try await Self.waitUntil { group.waitingCount == 10 }
            gate.open()
            var seen: [Int] = []
            for try await item in tasks { seen.append(item) }
            #expect(seen.sorted() == Array(0...10))
        }
        #expect(sizes.withLock { $0 } == [1, 4, 4, 2])
    }

    @Test func aCallerThatFindsACommitRunningLeavesItsItemAndReturnsAtOnce() async throws {
        let gate = Gate()
        let committedOn = Mutex<[(items: [Int], thread: pthread_t)]>([])
        let group = GroupCommit<Int, Int> { items in
            let first = committedOn.withLock { list in
                list.append((items, pthread_self()))
                return list.count == 1
            }
            if first { gate.wait() }
            return items.map { -$0 }
        }
        let leader = Self.submitFromOwnThread(1, to: group)
        try await Self.waitUntil { committedOn.withLock { $0.count } == 1 }
        // From a thread that is not a task, as a proofreading worker does: it must not wait
        // for the running commit.
        let answered = Mutex<[Int]>([])
        let returned = DispatchSemaphore(value: 0)
        Thread {
            for item in [2, 3] { group.submit(item) { result in answered.withLock { $0.append(try! result.get()) } } }
            returned.signal()
        }.start()
        #expect(returned.wait(timeout: .now() + 10) == .success)
        #expect(answered.withLock { $0 }.isEmpty)
        #expect(group.waitingCount == 2)
        gate.open()
        #expect(try await leader.value == -1)
        try await Self.waitUntil { answered.withLock { $0.count } == 2 }
        #expect(answered.withLock { $0 } == [-2, -3])
        // The leader committed what arrived during its commit, on its own thread.
        let commits = committedOn.withLock { $0 }
        #expect(commits.map(\.items) == [[1], [2, 3]])
        #expect(pthread_equal(commits[0].thread, commits[1].thread) != 0)
    }

    @Test func aCallerHandsOverAfterItsShareOfTransactions() async throws {
        let gate = Gate()
        let committedOn = Mutex<[pthread_t]>([])
        let group = GroupCommit<Int, Int>(maxBatch: 1, maxTransactionsPerCaller: 2) { items in
            let first = committedOn.withLock { threads in
                threads.append(pthread_self())
                return threads.count == 1
            }
            if first { gate.wait() }
            return items
        }
        // The leader is a thread of its own that stays alive to the end of the test, so that no
        // thread of the group's queue can have its id.
        let leader = Mutex<(thread: pthread_t?, output: Int?)>((nil, nil))
        let submitted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        Thread {
            leader.withLock { $0.thread = pthread_self() }
            group.submit(0) { result in leader.withLock { $0.output = try? result.get() } }
            submitted.signal()
            release.wait()
        }.start()
        try await Self.waitUntil { committedOn.withLock { $0.count } == 1 }
        let outputs = try await withThrowingTaskGroup(of: Int.self) { tasks in
            for item in 1...5 { tasks.addTask { try await group.submit(item) } }
            try await Self.waitUntil { group.waitingCount == 5 }
            gate.open()
            var outputs: [Int] = []
            for try await output in tasks { outputs.append(output) }
            return outputs
        }
        #expect(submitted.wait(timeout: .now() + 10) == .success)
        let (leaderThread, leaderOutput) = leader.withLock { ($0.thread!, $0.output) }
        #expect(leaderOutput == 0)
        #expect(outputs.sorted() == Array(1...5))
        // Two transactions in the leader's call (its own item and one more), the other four on
        // the group's queue.
        let threads = committedOn.withLock { $0 }
        #expect(threads.count == 6)
        #expect(threads.prefix(2).allSatisfy { pthread_equal($0, leaderThread) != 0 })
        #expect(threads.dropFirst(2).allSatisfy { pthread_equal($0, leaderThread) == 0 })
        #expect(group.transactionCount == 6)
    }

    @Test func savesExpectingOthersWaitForThemAndShareOneTransaction() async throws {
        let batches = Mutex<[[Int]]>([])
        // A linger far longer than the test: only the expected count can start the commit.
        let group = GroupCommit<Int, Int>(linger: .seconds(60)) { items in
            batches.withLock { $0.append(items) }
            return items.map { $0 * 2 }
        }
        let answered = Mutex<[Int: Int]>([:])
        for item in 1...3 {
            group.submit(item, expecting: 4) { result in answered.withLock { $0[item] = try! result.get() } }
        }
        // Three of the four expected: nothing is committed, and every caller got its thread back.
        #expect(group.waitingCount == 3)
        #expect(batches.withLock { $0 }.isEmpty)
        group.submit(4, expecting: 4) { result in answered.withLock { $0[4] = try! result.get() } }
        try await Self.waitUntil { answered.withLock { $0.count } == 4 }
        #expect(answered.withLock { $0 } == [1: 2, 2: 4, 3: 6, 4: 8])
        #expect(batches.withLock { $0 } == [[1, 2, 3, 4]])
        #expect(group.transactionCount == 1)
    }

    @Test func aSaveWhoseExpectedOthersNeverComeIsCommittedWhenTheLingerEnds() async throws {
        let group = GroupCommit<Int, Int>(linger: .milliseconds(300)) { items in items }
        let start = ContinuousClock.now
        let answered = Mutex<(output: Int, after: Duration)?>(nil)
        group.submit(5, expecting: 32) { result in
            answered.withLock { $0 = (try! result.get(), ContinuousClock.now - start) }
        }
        // Returned without committing: the group's queue commits when the linger ends.
        #expect(group.waitingCount == 1)
        try await Self.waitUntil { answered.withLock { $0 } != nil }
        let (output, after) = try #require(answered.withLock { $0 })
        #expect(output == 5)
        #expect(after >= .milliseconds(300))
        #expect(group.transactionCount == 1)
    }

    @Test func aLoneSaveIsNotDelayedByTheLinger() async throws {
        let group = GroupCommit<Int, Int>(linger: .seconds(60)) { items in items }
        // Expecting itself only: committed before `submit` returns.
        let answered = Mutex<Int?>(nil)
        group.submit(9, expecting: 1) { result in answered.withLock { $0 = try! result.get() } }
        #expect(answered.withLock { $0 } == 9)
        #expect(try await group.submit(10) == 10)
        #expect(group.transactionCount == 2)
    }

    struct Refused: Error {}

    @Test func aFailingItemFailsAloneAndTheOthersAreCommitted() async throws {
        let gate = Gate()
        let calls = Mutex(0)
        let group = GroupCommit<Int, Int> { items in
            let call = calls.withLock { calls in
                calls += 1
                return calls
            }
            if call == 1 { gate.wait() }
            if items.contains(13) { throw Refused() }
            return items
        }
        let first = Self.submitFromOwnThread(0, to: group)
        try await Self.waitUntil { calls.withLock { $0 } == 1 }
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { tasks in
            for item in [12, 13, 14] {
                tasks.addTask {
                    do { return (try await group.submit(item), true) } catch is Refused { return (item, false) }
                }
            }
            try await Self.waitUntil { group.waitingCount == 3 }
            gate.open()
            var results: [Int: Bool] = [:]
            for try await (item, committed) in tasks { results[item] = committed }
            return results
        }
        #expect(try await first.value == 0)
        #expect(results == [12: true, 13: false, 14: true])
        // The batch of three, then each alone.
        #expect(calls.withLock { $0 } == 5)
    }

    @Test func concurrentSavesToAFileAreAllStoredWithTheirOwnIds() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-group-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try AppDatabase.open(path: path)
        let count = 300
        let ids = try await withThrowingTaskGroup(of: (Int, Int64).self) { tasks in
            for index in 0..<count {
                tasks.addTask {
                    let text = "Concurrent check number \(index) with teh typo."
                    let result = CheckResult(
                        language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1),
                        matches: [
                            Match(
                                offset: 30 + String(index).count, length: 3, text: "teh", category: .spelling, rule: "SPELLING",
                                message: "m", shortMessage: "s", suggestions: ["the"],
                                explanation: Explanation(kind: .transposition, title: "t", detail: "d")
                            )
                        ],
                        correctedText: text.replacingOccurrences(of: "teh", with: "the"),
                        stats: CheckStats(characters: text.count, words: 7, matches: 1, milliseconds: 1)
                    )
                    return (index, try await database.saveCheck(result, text: text))
                }
            }
            var ids: [Int: Int64] = [:]
            for try await (index, id) in tasks { ids[index] = id }
            return ids
        }
        #expect(Set(ids.values).count == count)
        #expect(try await database.checkCount() == count)
        #expect(database.checkTransactionCount <= count)
        for index in [0, 137, count - 1] {
            let detail = try #require(try await database.check(id: ids[index]!))
            #expect(detail.text == "Concurrent check number \(index) with teh typo.")
            #expect(detail.result.matches.first?.suggestions == ["the"])
        }
        let insights = try await database.insights()
        #expect(insights.frequentMistakes.first?.word == "teh")
        #expect(insights.frequentMistakes.first?.count == count)
        let found = try await database.history(query: "137")
        #expect(found.items.map(\.id) == [ids[137]!])
    }
}

@Suite("Checkpoints of the log")
struct WALCheckpointerTests {
    @Test func theLogIsCopiedAwayFromCommitsAndKeptSmall() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-wal-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try AppDatabase.open(path: path)
        let checkpointer = try #require(database.checkpointer)
        #expect(checkpointer.checkpointCount == 0)
        // About 24 MB of text, in 3,000 transactions of one check each, without a pause: six
        // times the log's checkpoint size and more than the largest log allowed.
        let paragraph = String(repeating: "A paragraph long enough to fill pages of the log. ", count: 160)
        for index in 0..<3_000 {
            let text = "\(index) \(paragraph)"
            let result = CheckResult(
                language: LanguageReport(code: "en-US", name: "English", detected: false, confidence: 1),
                matches: [], correctedText: text,
                stats: CheckStats(characters: text.count, words: 1_441, matches: 0, milliseconds: 1)
            )
            _ = try await database.saveCheck(result, text: text)
        }
        try await GroupCommitTests.waitUntil { checkpointer.checkpointCount >= 1 }
        let walBytes = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        let databaseBytes = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // Copied into the file, and the log reused from its start rather than grown: at most
        // about the writer's limit, of 4 KB pages with their 24-byte headers. A checkpoint or a
        // search indexing batch running at that moment can delay it some commits (seen: 271
        // pages past the limit on a loaded machine); a log never reused would hold the 24 MB of
        // text at least, over 5,800 pages.
        #expect(databaseBytes > 8_000_000)
        #expect(walBytes <= Int(WALCheckpointer.pagesBeforeWriterCheckpoints + 1_000) * (4_096 + 24))
        #expect(try await database.checkCount() == 3_000)
        let integrity = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }
}
