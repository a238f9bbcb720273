import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// Texts in more than one language over HTTP: `mixedLanguages` in `/api/v1` (JSON, query, form)
/// and `/v2`, the language of each match, and `/v2`'s `extendedSentenceRanges`.
@Suite("Mixed languages over HTTP")
struct MixedLanguageAPITests {
    static let text = """
        The release notes describe the new interface in detail, with one screenshot of each window.
        Première des captures d'écran
        Each screenshot shows one window of the application.
        """
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]
    let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    private func spellingTexts(_ json: [String: Any]) -> [String] {
        ((json["matches"] as? [[String: Any]]) ?? [])
            .filter { ["spelling", "name"].contains($0["category"] as? String) }
            .compactMap { $0["text"] as? String }
    }

    @Test func autoChecksTheCaptionInFrenchAndAGivenLanguageOnlyWhenAsked() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": Self.text + " Teh end.", "store": false])
            ) { response in
                #expect(response.status == .ok)
                #expect(self.spellingTexts(response.json) == ["Teh"])
                let matches = try #require(response.json["matches"] as? [[String: Any]])
                let code = (response.json["language"] as? [String: Any])?["code"] as? String
                #expect(code?.hasPrefix("en") == true)
                #expect(matches.allSatisfy { $0["language"] as? String == code })
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": Self.text, "language": "en-US", "store": false])
            ) { response in
                #expect(self.spellingTexts(response.json).contains("Première"))
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": Self.text, "language": "en-US", "mixedLanguages": true, "store": false])
            ) { response in
                #expect(self.spellingTexts(response.json).isEmpty)
            }
            // As a query parameter, and a form field, and refused when it is no boolean.
            try await client.execute(
                uri: "/api/v1/check?mixedLanguages=false", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: Self.text)
            ) { response in
                #expect(self.spellingTexts(response.json).contains("d'écran"))
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: formHeaders,
                body: .form([("text", Self.text), ("language", "en-GB"), ("mixedLanguages", "yes"), ("store", "false")])
            ) { response in
                #expect(self.spellingTexts(response.json).isEmpty)
            }
            try await client.execute(
                uri: "/api/v1/check?mixedLanguages=maybe", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: Self.text)
            ) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aMatchInTheOtherLanguageNamesIt() async throws {
        let text = """
            Our team wrote the first draft of the guide last week, and the reviewers liked it.
            Nous avons écrit la premiere version du guide pour les utilisateurs.
            """
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": text, "store": false])
            ) { response in
                let matches = try #require(response.json["matches"] as? [[String: Any]])
                #expect(matches.count == 1)
                let premiere = try #require(matches.first { $0["text"] as? String == "premiere" })
                #expect(premiere["language"] as? String == "fr")
                #expect((premiere["suggestions"] as? [String])?.first == "première")
            }
        }
    }

    @Test func languageToolAnswersWithExtendedSentenceRanges() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/v2/check", method: .post, headers: formHeaders,
                body: .form([("text", Self.text), ("language", "auto")])
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["matches"] as? [[String: Any]])?.isEmpty == true)
                let ranges = try #require(response.json["extendedSentenceRanges"] as? [[String: Any]])
                let languages = ranges.compactMap { (($0["detectedLanguages"] as? [[String: Any]])?.first)?["language"] as? String }
                #expect(languages.contains("fr"))
                #expect(languages.first == "en")
                #expect(ranges.count == (response.json["sentenceRanges"] as? [[Int]])?.count)
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: formHeaders,
                body: .form([("text", Self.text), ("language", "en-US")])
            ) { response in
                #expect((response.json["matches"] as? [[String: Any]])?.isEmpty == false)
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: formHeaders,
                body: .form([("text", Self.text), ("language", "en-US"), ("mixedLanguages", "true")])
            ) { response in
                #expect((response.json["matches"] as? [[String: Any]])?.isEmpty == true)
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: formHeaders,
                body: .form([("text", Self.text), ("language", "en-US"), ("mixedLanguages", "perhaps")])
            ) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}
