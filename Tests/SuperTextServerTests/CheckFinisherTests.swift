import Foundation
import Synchronization
import Testing
@testable import SuperTextCore
import SuperTextStore

/// A check's finisher (what stores it) runs on the worker that checked it, and what it answers
/// is what the caller gets.
@Suite("Finishing a check on its worker")
struct CheckFinisherTests {
    struct Refused: Error {}

    @Test func aShortCheckIsFinishedOnItsWorkerThread() async throws {
        let pool = TestServer.sharedPool
        let onWorker = Mutex<[Bool]>([])
        let result = try await pool.check(CheckRequest(text: "I recieve teh letter.", language: "en-US")) { result, answer in
            let current = Thread.current
            onWorker.withLock { $0.append(pool.threads.contains { $0 === current }) }
            var finished = result
            finished.id = 42
            answer(.success(finished))
        }
        #expect(result.id == 42)
        #expect(result.matches.map(\.text) == ["recieve", "teh"])
        #expect(onWorker.withLock { $0 } == [true])
    }

    @Test func aLongCheckIsFinishedWholeAndItsStreamEndsWithTheFinishedResult() async throws {
        let text = TestServer.longText(paragraphs: 6)  // several parts of 1 KB
        let seen = Mutex<[CheckResult]>([])
        let run = try TestServer.sharedPool.start(CheckRequest(text: text, language: "en-US")) { result, answer in
            seen.withLock { $0.append(result) }
            var finished = result
            finished.id = 7
            answer(.success(finished))
        }
        var loading = 0
        var loaded: CheckResult?
        for try await event in run.events {
            switch event {
            case .loading: loading += 1
            case .loaded(let result): loaded = result
            }
        }
        #expect(loading > 2)
        #expect(loaded?.id == 7)
        // The finisher saw the whole text's result once: a typo in every paragraph.
        #expect(seen.withLock { $0 }.count == 1)
        #expect(seen.withLock { $0 }.first?.matches.filter { $0.text == "tpyo" }.count == 6)
    }

    @Test func whatTheFinisherFailsWithIsThrown() async throws {
        await #expect(throws: Refused.self) {
            _ = try await TestServer.sharedPool.check(CheckRequest(text: "Fine words.", language: "en-US")) { _, answer in
                answer(.failure(Refused()))
            }
        }
    }

    @Test func aFinisherMayAnswerLaterFromAnotherThread() async throws {
        let result = try await TestServer.sharedPool.check(CheckRequest(text: "Fine words.", language: "en-US")) { result, answer in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                var finished = result
                finished.id = 9
                answer(.success(finished))
            }
        }
        #expect(result.id == 9)
    }
}
