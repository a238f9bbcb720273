import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextServer

/// What a client gets for requests HTTP/1.1 refuses, for HEAD, for the token's scheme and for
/// byte ranges of the static files: an answer with the right status and, for errors, the
/// API's JSON body.
@Suite("Protocol errors", .serialized)
struct ProtocolErrorTests {
    /// Given a live server, when `request` is sent as raw bytes, then the answer is `status`
    /// with a JSON error `code`, and the connection is closed.
    private func expectAnswer(to request: String, status: Int, code: String) async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTP.send(request, port: port)
            #expect(answer.statusCode == status, "\(request.prefix(80))")
            #expect(answer.errorCode == code, "\(answer.body.prefix(200))")
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(answer.headers["connection"] == "close")
        }
    }

    @Test func aChunkSizeThatIsNotHexadecimalIs400() async throws {
        try await expectAnswer(
            to: "POST /api/v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nteh\r\n0\r\n\r\n",
            status: 400, code: "bad_framing"
        )
    }

    @Test func aTransferEncodingOtherThanChunkedIs501() async throws {
        try await expectAnswer(
            to: "POST /api/v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nTransfer-Encoding: gzip\r\n\r\nteh",
            status: 501, code: "unsupported_transfer_encoding"
        )
    }

    @Test func aBadRequestLineIs400() async throws {
        try await expectAnswer(to: "GE T / HTTP/1.1\r\nHost: localhost\r\n\r\n", status: 400, code: "bad_request_line")
    }

    @Test func aHugeURLIs414() async throws {
        let path = "/api/v1/languages?q=" + String(repeating: "a", count: 100_000)
        try await expectAnswer(to: "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n", status: 414, code: "uri_too_long")
    }

    @Test func tooManyOrTooLargeHeaderFieldsAre431() async throws {
        let many = (0..<1001).map { "X-Field-\($0): v\r\n" }.joined()
        try await expectAnswer(to: "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\(many)\r\n", status: 431, code: "headers_too_large")
        let large = "X-Large: " + String(repeating: "b", count: 82_000) + "\r\n"
        try await expectAnswer(to: "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\(large)\r\n", status: 431, code: "headers_too_large")
    }

    @Test func anErrorAfterAPipelinedRequestComesAfterItsAnswer() async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTP.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\nGE T / HTTP/1.1\r\n\r\n", port: port)
            // The first answer is the health check's; the error follows it on the same connection.
            #expect(answer.statusCode == 200)
            #expect(answer.body.contains("bad_request_line"))
        }
    }

    @Test func headIsAnsweredWhereverGetIs() async throws {
        try await TestServer.app().test(.router) { client in
            for uri in ["/api/v1/languages", "/healthz", "/v2/languages", "/api/v1/history", "/"] {
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                    #expect(Int(response.headers[.contentLength] ?? "") ?? 0 > 0, "\(uri)")
                }
            }
            try await client.execute(uri: "/api/v1/languages", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test func theBearerSchemeIsCaseInsensitive() async throws {
        try await TestServer.app { $0.apiToken = "s3cret" }.test(.router) { client in
            for scheme in ["bearer", "BEARER", "Bearer"] {
                try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: [.authorization: "\(scheme) s3cret"]) {
                    #expect($0.status == .ok, "\(scheme)")
                }
                try await client.execute(uri: "/v2/words", method: .get, headers: [.authorization: "\(scheme) s3cret"]) {
                    #expect($0.status == .ok, "\(scheme)")
                }
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: [.authorization: "Basic s3cret"]) {
                #expect($0.status == .unauthorized)
            }
        }
    }

    @Test func aRangePastTheEndOfAFileIs416() async throws {
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: TestServer.publicDirectory + "/favicon.svg")[.size] as? Int
        )
        try await TestServer.app().test(.router) { client in
            for range in ["bytes=99999999-", "bytes=\(size)-", "bytes=\(size)-\(size + 10)"] {
                try await client.execute(uri: "/favicon.svg", method: .get, headers: [.range: range]) { response in
                    #expect(response.status == .rangeNotSatisfiable, "\(range)")
                    #expect(response.headers[.contentRange] == "bytes */\(size)", "\(range)")
                }
            }
            try await client.execute(uri: "/favicon.svg", method: .get, headers: [.range: "bytes=\(size - 4)-"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes \(size - 4)-\(size - 1)/\(size)")
                #expect(response.body.readableBytes == 4)
            }
        }
    }

    @Test func aFileNameWithANulIsNotFound() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/index.html%00.txt", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "not_found")
            }
            try await client.execute(uri: "/index.html", method: .get) { #expect($0.status == .ok) }
        }
    }
}
