import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import SuperTextServer

/// Clients too slow to send their requests, and too many connections: the server closes the
/// slow ones, keeps serving the others, and refuses connections over its limit until some close.
@Suite("Slow clients and the connection limit", .serialized)
struct SlowClientTests {
    private static let healthRequest = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"

    /// Given a server with short timeouts, when slow clients trickle their heads and bodies a
    /// byte at a time and another stays idle after its answer, then the others are served
    /// meanwhile, and the server answers each slow one 408 and closes every one of them.
    @Test func slowClientsAreClosedWhileOthersAreServed() async throws {
        let app = try await TestServer.app { configuration in
            configuration.headerTimeout = .seconds(2)
            configuration.bodyTimeout = .seconds(2)
            // Long enough for a route to answer on a loaded machine once a body timed out (its
            // parts are no longer read, so the idle timeout runs).
            configuration.idleTimeout = .seconds(8)
        }
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // Each script is far longer than a timeout allows at one byte every 200 ms.
            let padding = String(repeating: "a", count: 400)
            let slowHeads = Array(
                repeating: SlowClients.Script(preamble: "GET /healthz HTTP/1.1\r\nHo", trickle: "st: x\r\nX-Padding: \(padding)\r\n\r\n"),
                count: 40
            )
            let slowBodies = Array(
                repeating: SlowClients.Script(
                    preamble: "POST /api/v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 400\r\n\r\n",
                    trickle: padding
                ),
                count: 40
            )
            // A route that answers without reading the body: the body still has its timeout.
            let unreadBodies = Array(
                repeating: SlowClients.Script(preamble: "GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: 400\r\n\r\n", trickle: padding),
                count: 5
            )
            let idle = SlowClients.Script(preamble: Self.healthRequest, trickle: "")
            let clients = try SlowClients(port: port, scripts: slowHeads + slowBodies + unreadBodies + [idle])
            async let trickled = RawConnection.onThread {
                clients.trickle(interval: .milliseconds(200), deadline: .seconds(30))
            }

            // Each on a connection of its own: a kept-alive one is closed by the server when the
            // next request is later than the header timeout, as it can be on a loaded machine.
            let check = #"{"text": "I saw teh cat.", "language": "en-US"}"#
            for _ in 0..<3 {
                let health = try await RawConnection.onThread {
                    let connection = try RawConnection(port: port)
                    connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    return try connection.readAnswer()
                }
                #expect(health.statusCode == 200)
                let checked = try await RawConnection.onThread {
                    let connection = try RawConnection(port: port)
                    connection.send(
                        "POST /api/v1/check HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                            + "Content-Type: application/json\r\nContent-Length: \(check.utf8.count)\r\n\r\n\(check)"
                    )
                    return try connection.readAnswer()
                }
                #expect(checked.statusCode == 200)
                #expect(checked.body.contains(#""text":"teh""#), "\(checked.body.prefix(300))")
            }

            let outcomes = try await trickled
            for (index, outcome) in outcomes.enumerated() {
                #expect(outcome.closedByServer, "client \(index) is still open")
            }
            for (index, outcome) in outcomes[0..<80].enumerated() {
                let answer = try #require(outcome.parsed, "client \(index) got no answer: \(outcome.answer.prefix(200))")
                #expect(answer.statusCode == 408, "client \(index)")
                #expect(answer.errorCode == "request_timeout", "client \(index): \(answer.body.prefix(200))")
                #expect(answer.headers["connection"] == "close", "client \(index)")
            }
            #expect(outcomes[0].parsed?.body.contains("header fields") == true)
            #expect(outcomes[40].parsed?.body.contains("body") == true)
            for (index, outcome) in outcomes.enumerated().dropFirst(80) {
                #expect(outcome.parsed?.statusCode == 200, "client \(index): \(outcome.answer.prefix(200))")
            }
        }
    }

    /// Given a head that arrives too slowly behind a request still being answered, then its
    /// 408 comes after that answer, on the same connection.
    @Test func aSlowHeadBehindAnAnswerGetsItsTimeoutAfterTheAnswer() async throws {
        let app = try await TestServer.app { configuration in
            configuration.headerTimeout = .seconds(1)
            configuration.idleTimeout = .seconds(30)
        }
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let clients = try SlowClients(
                port: port,
                scripts: [.init(preamble: Self.healthRequest + "GET /healthz HTTP/1.1\r\n", trickle: String(repeating: "X-Padding: a\r\n", count: 100))]
            )
            let outcome = try await RawConnection.onThread {
                clients.trickle(interval: .milliseconds(200), deadline: .seconds(20))
            }[0]
            #expect(outcome.closedByServer)
            #expect(outcome.parsed?.statusCode == 200)
            #expect(outcome.answer.contains("HTTP/1.1 408 Request Timeout"))
            #expect(outcome.answer.contains("request_timeout"))
        }
    }

    /// Given a server limited to 8 connections, when clients connect one after another and
    /// keep their connections, then the first up to the limit are served and the next is
    /// answered 503 at once and closed, as is any other, and the limit is logged once; when the
    /// served ones close, new connections are served again, and that is logged once too.
    @Test func theConnectionLimitRefusesTheExcessAndClears() async throws {
        let records = RecordingLogHandler.Records()
        var logger = Logger(label: "supertext-test") { _ in RecordingLogHandler(records: records) }
        logger.logLevel = .info
        let app = try await TestServer.app(logger: logger) { configuration in
            configuration.maxConnections = 8
        }
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The test's own client may hold a connection too: count the ones served.
            let (held, refusal) = try await RawConnection.onThread {
                var held: [RawConnection] = []
                for _ in 0..<20 {
                    let connection = try RawConnection(port: port)
                    connection.send(Self.healthRequest)
                    let answer = try connection.readAnswer()
                    guard answer.statusCode == 200 else { return (held, Optional(answer)) }
                    held.append(connection)
                }
                return (held, nil)
            }
            #expect((1...8).contains(held.count), "\(held.count) connections served")
            let closing = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            for answer in [try #require(refusal), try await RawHTTP.send(closing, port: port)] {
                #expect(answer.statusCode == 503)
                #expect(answer.errorCode == "too_many_connections", "\(answer.body)")
                #expect(answer.headers["connection"] == "close")
                #expect(answer.headers["retry-after"] == "1")
            }
            #expect(records.messages(containing: "connection limit reached").count == 1)
            #expect(records.messages(containing: "connection limit reached").first?.contains("8 connections open") == true)

            for connection in held { connection.close() }
            // The server sees them close a little later: ask until it serves again.
            var answer = try await RawHTTP.send(closing, port: port)
            for _ in 0..<100 where answer.statusCode != 200 {
                try await Task.sleep(for: .milliseconds(100))
                answer = try await RawHTTP.send(closing, port: port)
            }
            #expect(answer.statusCode == 200)
            #expect(records.messages(containing: "under the limit again").count == 1)
            #expect(records.messages(containing: "connection limit reached").count == 1)
        }
    }
}
