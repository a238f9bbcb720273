import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextServer

/// A control character other than tab, line feed and carriage return is refused at the door,
/// the same way by every endpoint that takes a text or a word: a NUL used to be stored whole and
/// read back cut ("ab\u{0}cd teh" came back as "ab", with a match outside it).
@Suite("Control characters")
struct ControlCharacterTests {
    static let message = "The text has the control character U+0000 at offset 2; only tab, line feed and carriage return may appear in a text."

    @Test func everyEndpointThatTakesTextOrWordsRefusesANul() async throws {
        try await TestServer.app().test(.router) { client in
            let json: HTTPFields = [.contentType: "application/json"]
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let requests: [(uri: String, headers: HTTPFields, body: ByteBuffer)] = [
                ("/api/v1/check", json, .json(["text": "ab\u{0}cd teh", "language": "en-US"])),
                ("/api/v1/check?language=en-US", [.contentType: "text/plain"], ByteBuffer(string: "ab\u{0}cd teh")),
                ("/api/v1/check", form, ByteBuffer(string: "text=ab%00cd+teh&language=en-US")),
                ("/api/v1/check/stream", json, .json(["text": "ab\u{0}cd teh"])),
                ("/api/v1/dictionary", json, .json(["word": "ab\u{0}cd", "language": "en-US"])),
                ("/api/v1/dictionary/import", [.contentType: "text/plain"], ByteBuffer(string: "ab\u{0}cd\nZorblax\n")),
            ]
            for request in requests {
                try await client.execute(uri: request.uri, method: .post, headers: request.headers, body: request.body) { response in
                    #expect(response.status == .badRequest, "\(request.uri)")
                    #expect(response.errorCode == "bad_text", "\(request.uri)")
                    #expect(response.errorMessage == Self.message, "\(request.uri)")
                }
            }
            for (uri, body) in [("/v2/check", "language=en-US&text=ab%00cd+teh"), ("/v2/words/add", "word=ab%00cd")] {
                try await client.execute(uri: uri, method: .post, headers: form, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(String(buffer: response.body) == "Error: \(Self.message)", "\(uri)")
                }
            }
            // Nothing was added on the way.
            try await client.execute(uri: "/api/v1/dictionary", method: .get) { response in
                #expect((response.json["words"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func otherControlCharactersAreRefusedWithTheirOffsetAndTabsAndLineBreaksAreText() async throws {
        try await TestServer.app().test(.router) { client in
            let json: HTTPFields = [.contentType: "application/json"]
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "😀 a\u{1B}[0m"])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage.hasPrefix("The text has the control character U+001B at offset 4;"))
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "One\ttwo\r\nthree teh.\n", "language": "en-US"])
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["matches"] as? [[String: Any]])?.contains { $0["text"] as? String == "teh" } == true)
            }
        }
    }
}
