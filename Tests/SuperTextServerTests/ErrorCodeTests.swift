import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SuperTextCore
import Testing
@testable import SuperTextServer

/// One set of error codes, one body reader and one form decoder for `/api/v1` and `/v2`.
@Suite("Error codes")
struct ErrorCodeTests {
    @Test func bothAPIsGiveACoreErrorTheSameStatusAndRetryAfter() {
        for error in [SuperTextError.queueFull, .timedOut(seconds: 1), .cancelled, .shuttingDown, .invalidUTF8(atByteOffset: 3)] {
            let api = APIError(error)
            let languageTool = LanguageToolError(error)
            #expect(api.code == error.code)
            #expect(languageTool.code == error.code)
            #expect(api.status == languageTool.status, "\(error.code)")
            #expect(api.headers[.retryAfter] == languageTool.headers[.retryAfter], "\(error.code)")
            #expect(api.message == languageTool.message)
        }
        #expect(APIError(SuperTextError.queueFull).headers[.retryAfter] == "1")
        #expect(APIError(SuperTextError.timedOut(seconds: 1)).status == .serviceUnavailable)
    }

    @Test func anUnknownLanguageIs422InTheJSONAPIAnd400AsLanguageToolAnswers() {
        let error = SuperTextError.unknownLanguage("xx", installed: ["en-US"])
        #expect(APIError(error).status == .unprocessableContent)
        #expect(LanguageToolError(error).status == .badRequest)
    }

    @Test func everyCodeHasAnErrorStatusAndABareStatusComesBackToItsCode() {
        for code in ErrorCode.allCases {
            #expect(code.status.code >= 400, "\(code)")
        }
        for code in [ErrorCode.badRequest, .unauthorized, .notFound, .methodNotAllowed, .bodyTooLarge, .uriTooLong,
                     .unsupportedMediaType, .headersTooLarge, .requestTimeout] {
            #expect(ErrorCode(status: code.status) == code, "\(code)")
        }
        #expect(ErrorCode(status: .init(code: 418)) == .badRequest)
        #expect(ErrorCode(status: .internalServerError) == .internalError)
    }

    @Test func aBrokenEscapeIsRefusedTheSameWayInEveryFormAndQuery() async throws {
        try await TestServer.app().test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let message = "A parameter is not properly form-encoded: '%ff' has a broken %-escape or is not UTF-8."
            try await client.execute(uri: "/api/v1/check", method: .post, headers: form, body: ByteBuffer(string: "text=%ff&language=en-US")) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_form")
                #expect(response.errorMessage == message)
            }
            try await client.execute(
                uri: "/api/v1/check?language=%ff", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "teh")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_form")
            }
            try await client.execute(uri: "/api/v1/history?q=%ff", method: .get) { response in
                #expect(response.errorCode == "bad_form")
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: form, body: ByteBuffer(string: "word=%ff")) { response in
                #expect(response.errorCode == "bad_form")
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: form, body: ByteBuffer(string: "text=%ff&language=en-US")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == "Error: \(message)")
            }
            // A well-formed escape is text, in a body as in a query.
            try await client.execute(
                uri: "/api/v1/check?language=en%2DUS", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "caf\u{E9} teh")
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "en-US")
            }
        }
    }

    @Test func jsonErrorsNameTheFieldAtFault() async throws {
        try await TestServer.app().test(.router) { client in
            let json: HTTPFields = [.contentType: "application/json"]
            let cases: [(uri: String, body: String, message: String)] = [
                ("/api/v1/check", #"["teh"]"#, "The body must be a JSON object."),
                ("/api/v1/check", #"{"text": 5}"#, "Field 'text' has the wrong type."),
                ("/api/v1/check", #"{"text": "teh", "disabledRules": ["A", 7]}"#, "Field 'disabledRules[1]' has the wrong type."),
                ("/api/v1/check", #"{"text": "#, "The body is not valid JSON."),
                ("/api/v1/dictionary", #"{"word": 5}"#, "Field 'word' has the wrong type."),
                ("/api/v1/dictionary", #"[1]"#, "The body must be a JSON object."),
            ]
            for item in cases {
                try await client.execute(uri: item.uri, method: .post, headers: json, body: ByteBuffer(string: item.body)) { response in
                    #expect(response.status == .badRequest, "\(item.body)")
                    #expect(response.errorCode == "bad_json", "\(item.body)")
                    #expect(response.errorMessage == item.message, "\(item.body)")
                }
            }
        }
    }

    @Test func theCharacterCountIsInTheUnitOfOffsets() async throws {
        try await TestServer.app().test(.router) { client in
            let text = "😀 teh"
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "application/json"],
                body: .json(["text": text, "language": "en-US", "store": false])
            ) { response in
                let stats = response.json["stats"] as? [String: Any]
                #expect(stats?["characters"] as? Int == text.utf16.count)
                let match = (response.json["matches"] as? [[String: Any]])?.first
                #expect((match?["offset"] as? Int ?? 0) + (match?["length"] as? Int ?? 0) == text.utf16.count)
            }
        }
    }
}
