import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// Streaming over a real socket, read with the real curl as a client would.
@Suite("Streaming over a live socket", .serialized)
struct StreamingTests {
    /// Whether the first event reaches the client before the last part is checked depends on
    /// the machine's load (150 small parts, two fast workers: once every part was done before
    /// curl read the first event), so this asserts what does not: each part's event, in order,
    /// then the result made of exactly those matches.
    @Test func loadingEventsArriveInOrderBeforeTheResult() async throws {
        let pool = TestServer.pool(workers: 2, queueLimit: 1000, timeout: nil, partSize: 1024)
        defer { pool.shutdown() }
        let text = TestServer.longText(paragraphs: 300)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("st-long-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        try await TestServer.app(pool: pool) { $0.bodyLimit = 4 << 20 }.test(.live) { client in
            let port = try #require(client.port)
            let curl = try Curl([
                "-N", "-H", "Content-Type: text/plain", "--data-binary", "@\(file.path)",
                "http://127.0.0.1:\(port)/api/v1/check/stream?language=en-US",
            ])
            var events: [(name: String, data: [String: Any])] = []
            while let event = await curl.nextEvent() { events.append(event) }
            #expect(await curl.wait() == 0)
            let total = try #require(events.first?.data["total"] as? Int)
            #expect(total > 100)
            // loading 0, 1, ..., total, then loaded.
            let loading = events.dropLast()
            #expect(loading.allSatisfy { $0.name == "loading" })
            #expect(loading.map { $0.data["done"] as? Int ?? -1 } == Array(0...total))
            #expect(events.last?.name == "loaded")
            // The result is exactly the parts' matches, in order.
            let streamedMatches = loading.flatMap { $0.data["matches"] as? [[String: Any]] ?? [] }
            let result = try #require(events.last?.data)
            let resultMatches = try #require(result["matches"] as? [[String: Any]])
            #expect(resultMatches.count == streamedMatches.count)
            #expect(resultMatches.map { $0["offset"] as? Int } == streamedMatches.map { $0["offset"] as? Int })
            #expect(resultMatches.filter { $0["text"] as? String == "tpyo" }.count == 300)
            // Offsets are those of the whole text.
            let units = Array(text.utf16)
            for match in resultMatches.prefix(50) {
                let offset = match["offset"] as! Int, length = match["length"] as! Int
                #expect(String(decoding: units[offset..<offset + length], as: UTF16.self) == match["text"] as? String)
            }
        }
    }

    @Test func aClientThatDisconnectsCancelsTheRemainingWork() async throws {
        let pool = TestServer.pool(workers: 1, queueLimit: 5000, timeout: nil, partSize: 256)
        defer { pool.shutdown() }
        let text = TestServer.longText(paragraphs: 2000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("st-long-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        try await TestServer.app(pool: pool) { $0.bodyLimit = 8 << 20 }.test(.live) { client in
            let port = try #require(client.port)
            let curl = try Curl([
                "-N", "-H", "Content-Type: text/plain", "--data-binary", "@\(file.path)",
                "http://127.0.0.1:\(port)/api/v1/check/stream?language=en-US",
            ])
            var total = 0
            while let event = await curl.nextEvent() {
                total = event.data["total"] as? Int ?? total
                if (event.data["done"] as? Int ?? 0) >= 1 { break }
            }
            #expect(total >= 2000)
            await curl.kill()
            // Wait for the queue to drain: dropped jobs drain fast, checked ones slowly.
            for _ in 0..<200 where pool.queuedJobs > 0 {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(pool.queuedJobs == 0)
            let counts = pool.jobCounts
            #expect(counts.skipped > 0)
            #expect(counts.finished < total)
        }
    }
}

/// The server on a Unix domain socket, called with `curl --unix-socket`.
@Suite("Unix socket")
struct UnixSocketTests {
    @Test func servesChecksOnAUnixSocket() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString.prefix(8)).sock").path
        let app = try await TestServer.app { $0.address = .unixSocket(path: path) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: path) {
                try await Task.sleep(for: .milliseconds(20))
            }
            let curl = try Curl([
                "--unix-socket", path, "-H", "Content-Type: application/json",
                "-d", #"{"text": "I recieve it.", "language": "en"}"#, "http://localhost/api/v1/check",
            ])
            let body = await curl.rest()
            #expect(await curl.wait() == 0)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            let match = try #require((json["matches"] as? [[String: Any]])?.first)
            #expect(match["text"] as? String == "recieve")
            group.cancelAll()
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test func loadingEventsAreWrittenAsTheAPIEncoderWritesThem() throws {
        let proofreader = Proofreader(catalog: TestServer.sharedPool.catalog)
        let result = try proofreader.check(CheckRequest(text: "I recieve teh letter / and and \"quoted\" words.", language: "en-US"))
        #expect(result.matches.count >= 3)
        for (done, matches) in [(0, []), (3, result.matches)] {
            let event = CheckController.LoadingEvent(done: done, total: 7, matches: matches)
            #expect(String(decoding: event.json, as: UTF8.self) == String(decoding: try JSONCoding.encoder().encode(event), as: UTF8.self))
        }
    }
}
