import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
@testable import SuperTextStore
@testable import SuperTextSQLite

@Suite("Metrics")
struct MetricsTests {
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// The `/metrics` text of the application behind `client`.
    private func scrape(_ client: some TestClientProtocol, headers: HTTPFields = [:]) async throws -> String {
        try await client.execute(uri: "/metrics", method: .get, headers: headers) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            return String(buffer: response.body)
        }
    }

    /// The value of the series `series` (name and labels, exactly as written), or `nil`.
    private func value(of series: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func countsRequestsByRouteAndStatusWithTheirDurations() async throws {
        try await TestServer.app().test(.router) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/no/such/page", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/history/987654", method: .get) { #expect($0.status == .notFound) }
            let text = try await scrape(client)
            #expect(value(of: #"supertext_http_requests_total{method="GET",route="/healthz",status="200"}"#, in: text) == 2)
            #expect(value(of: #"supertext_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}"#, in: text) == 2)
            #expect(value(of: #"supertext_http_requests_total{method="GET",route="unmatched",status="404"}"#, in: text) == 1)
            // A route with a parameter is counted under its pattern, never under the path asked for.
            #expect(value(of: #"supertext_http_requests_total{method="GET",route="/api/v1/history/{id}",status="404"}"#, in: text) == 1)
            #expect(!text.contains("987654"))
            #expect(!text.contains("/no/such/page"))
            #expect(value(of: "supertext_workers", in: text) == Double(TestServer.sharedPool.configuration.workers))
            #expect(text.contains("supertext_build_info{version=\"\(SuperTextVersion.current)\"} 1"))
        }
    }

    @Test func countsChecksWordsAndMatchesByLanguageAndCategoryButNeverTheText() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": "The cat sat on teh mat with a zorblaxian hat.", "language": "en-US", "store": false])
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "text=Another%20tpyo%20here.&language=en-US")
            ) { #expect($0.status == .ok) }
            let text = try await scrape(client)
            #expect(value(of: #"supertext_checks_total{api="v1",language="en-US"}"#, in: text) == 1)
            #expect(value(of: #"supertext_checks_total{api="v2",language="en-US"}"#, in: text) == 1)
            #expect(value(of: #"supertext_words_checked_total{language="en-US"}"#, in: text) == 13)
            #expect((value(of: #"supertext_matches_total{category="spelling",language="en-US"}"#, in: text) ?? 0) >= 3)
            #expect(value(of: #"supertext_http_requests_total{method="POST",route="/api/v1/check",status="200"}"#, in: text) == 1)
            #expect(value(of: #"supertext_http_requests_total{method="POST",route="/v2/check",status="200"}"#, in: text) == 1)
            for word in ["zorblaxian", "teh", "tpyo", "Another"] {
                #expect(!text.contains(word), "\(word) in the metrics")
            }
        }
    }

    @Test func countsAStreamedCheckOnceItsAnswerIsWritten() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check/stream", method: .post, headers: jsonHeaders,
                body: .json(["text": "A streamed tset.", "language": "en-US", "store": false])
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("event: loaded"))
            }
            let text = try await scrape(client)
            #expect(value(of: #"supertext_http_requests_total{method="POST",route="/api/v1/check/stream",status="200"}"#, in: text) == 1)
            #expect(value(of: #"supertext_checks_total{api="v1",language="en-US"}"#, in: text) == 1)
        }
    }

    @Test func recordsQueueWaitsAndStoreCommits() async throws {
        let metrics = ServerMetrics()
        var configuration = ProofreadingPool.Configuration(workers: 1, queueLimit: 8, timeout: .seconds(30))
        configuration.jobStarted = metrics.recordQueueWait
        let pool = ProofreadingPool(catalog: TestServer.sharedPool.catalog, configuration: configuration)
        defer { pool.shutdown() }
        let database = try AppDatabase.inMemory(indexing: .init(), onCommit: metrics.recordCommit)
        try await TestServer.app(pool: pool, database: database, metrics: metrics).test(.router) { client in
            for text in ["A first tset.", "A second tset."] {
                try await client.execute(
                    uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": text, "language": "en-US"])
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.json["id"] is Int)
                }
            }
            let text = try await scrape(client)
            #expect((value(of: "supertext_check_queue_wait_seconds_count", in: text) ?? 0) >= 2)
            #expect(value(of: "supertext_store_commit_seconds_count", in: text) == 2)
            #expect(value(of: "supertext_store_commit_checks_sum", in: text) == 2)
            #expect(value(of: "supertext_store_save_seconds_count", in: text) == 2)
            #expect(value(of: "supertext_store_commit_failures_total", in: text) == 0)
            #expect(value(of: "supertext_workers", in: text) == 1)
            // The worker may still be between its job's answer and the queue.
            #expect((0...1).contains(value(of: "supertext_workers_busy", in: text) ?? -1))
            #expect(value(of: "supertext_check_queue_depth", in: text) == 0)
        }
    }

    @Test func countsAFailedCommit() async throws {
        let metrics = ServerMetrics()
        let database = try AppDatabase.inMemory(indexing: .init(), onCommit: metrics.recordCommit)
        // Every insert into the history now fails, as on a full disk.
        try await database.writer.write { db in
            try db.execute(sql: #"CREATE TRIGGER refuse BEFORE INSERT ON "check" BEGIN SELECT RAISE(ABORT, 'refused'); END"#)
        }
        try await TestServer.app(database: database, metrics: metrics).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "A tset.", "language": "en-US"])
            ) { response in
                #expect(response.status.code >= 500)
            }
            let text = try await scrape(client)
            #expect(value(of: "supertext_store_commit_failures_total", in: text) == 1)
            #expect(value(of: "supertext_store_commit_seconds_count", in: text) == 0)
        }
    }

    @Test func needsTheTokenUnlessMadePublic() async throws {
        try await TestServer.app { $0.apiToken = "s3cret-token" }.test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { #expect($0.status == .unauthorized) }
            _ = try await scrape(client, headers: [.authorization: "Bearer s3cret-token"])
        }
        try await TestServer.app {
            $0.apiToken = "s3cret-token"
            $0.metricsPublic = true
        }.test(.router) { client in
            let text = try await scrape(client)
            #expect(!text.contains("s3cret-token"))
        }
    }

    @Test func countsAnAnswerGivenBelowTheRouter() async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTP.send("GE T / HTTP/1.1\r\nHost: localhost\r\n\r\n", port: port)
            #expect(answer.statusCode == 400)
            let text = try await scrape(client)
            #expect(value(of: #"supertext_http_requests_total{method="unknown",route="unmatched",status="400"}"#, in: text) == 1)
        }
    }
}
