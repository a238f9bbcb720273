import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import SuperTextServer

/// Log lines written by a `JSONLogHandler`, kept to be read back.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger writing JSON lines here, from `level` up.
    func logger(level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "supertext-test") { label in
            JSONLogHandler(label: label) { [self] bytes in
                lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        logger.logLevel = level
        return logger
    }

    var text: [String] { lines.withLock { $0 } }

    /// Every line, parsed; a line that is not a JSON object fails the test.
    var objects: [[String: Any]] {
        text.map { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            return object ?? [:]
        }
    }
}

@Suite("Request ids")
struct RequestIDTests {
    @Test func keepsASaneIncomingIdInTheAnswerAndEveryLogLine() async throws {
        let capture = LogCapture()
        try await TestServer.app(logger: capture.logger(level: .debug)).test(.router) { client in
            let id = "3f9a2c1e-7b4d-4e8a-9c21-0d5e6f7a8b9c"
            try await client.execute(
                uri: "/api/v1/check", method: .post,
                headers: [.contentType: "application/json", RequestIDHeader.name: id],
                body: .json(["text": "A tset.", "language": "en-US", "store": false])
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[RequestIDHeader.name] == id)
            }
            let lines = capture.objects.filter { $0["route"] as? String == "/api/v1/check" }
            let line = try #require(lines.first)
            #expect(line["hb.request.id"] as? String == id)
            #expect(line["status"] as? Int == 200)
            #expect(line["duration_ms"] is Double || line["duration_ms"] is Int)
            // Every line logged while the request was served carries its id.
            let served = capture.objects.filter { ($0["hb.request.id"] as? String) != nil }
            #expect(served.allSatisfy { $0["hb.request.id"] as? String == id })
        }
    }

    @Test func replacesAnInsaneIncomingId() async throws {
        try await TestServer.app().test(.router) { client in
            let insane = [
                "has spaces in it", "quote\"d", "semi;colon", String(repeating: "a", count: RequestIDHeader.maxLength + 1),
                "naïve", "",
            ]
            var seen: Set<String> = []
            for given in insane {
                try await client.execute(uri: "/healthz", method: .get, headers: [RequestIDHeader.name: given]) { response in
                    let id = try #require(response.headers[RequestIDHeader.name])
                    #expect(id != given)
                    #expect(RequestIDHeader.accepted(id) == id)
                    seen.insert(id)
                }
            }
            #expect(seen.count == insane.count)
        }
    }

    @Test func everyAnswerHasOneErrorsIncluded() async throws {
        try await TestServer.app { $0.apiToken = "s3cret-token" }.test(.router) { client in
            for (uri, status) in [("/healthz", 200), ("/no/such/page", 404), ("/api/v1/history", 401), ("/metrics", 401)] {
                try await client.execute(uri: uri, method: .get, headers: [RequestIDHeader.name: "edge-7"]) { response in
                    #expect(response.status.code == status, "\(uri)")
                    #expect(response.headers[RequestIDHeader.name] == "edge-7", "\(uri)")
                }
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.headers[RequestIDHeader.name]?.isEmpty == false, "\(uri)")
                }
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: [.contentType: "application/json"], body: .json([:])) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[RequestIDHeader.name]?.isEmpty == false)
            }
        }
    }

    @Test func anAnswerGivenBelowTheRouterHasOneAndIsLoggedWithIt() async throws {
        let capture = LogCapture()
        try await TestServer.app(logger: capture.logger()).test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTP.send("GE T / HTTP/1.1\r\nHost: x\r\n\r\n", port: port)
            #expect(answer.statusCode == 400)
            let id = try #require(answer.headers["x-request-id"])
            #expect(RequestIDHeader.accepted(id) == id)
            #expect(capture.objects.contains { $0["hb.request.id"] as? String == id && $0["status"] as? Int == 400 })
        }
    }

    @Test func acceptsCommonIdsOnly() {
        for sane in ["abc", "3f9a2c1e-7b4d-4e8a-9c21-0d5e6f7a8b9c", "Root=1-67891233-abcdef012345678912345678", "aGVsbG8=", "a_b.c:d+e/f@g"] {
            #expect(RequestIDHeader.accepted(sane) == sane)
        }
        for insane in [nil, "", " ", "a b", "a\tb", "a\nb", "<script>", "{}", "é", String(repeating: "x", count: 129)] {
            #expect(RequestIDHeader.accepted(insane) == nil)
        }
        #expect(RequestIDHeader.accepted(String(repeating: "x", count: 128)) != nil)
    }
}
