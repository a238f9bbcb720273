import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
import SuperTextStore

@Suite("History, dictionary and insights API")
struct HistoryAPITests {
    let json: HTTPFields = [.contentType: "application/json"]

    @Test func checksAreStoredFoundBySearchShownAndDeleted() async throws {
        try await TestServer.app().test(.router) { client in
            let id = try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "The elefant is big.", "language": "en-US"])) { response in
                try #require(response.json["id"] as? Int)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Private words.", "store": false])) { response in
                #expect(response.json["id"] is NSNull)
            }
            try await client.execute(uri: "/api/v1/history?q=elefant", method: .get) { response in
                #expect(response.status == .ok)
                let items = try #require(response.json["items"] as? [[String: Any]])
                #expect(items.count == 1)
                #expect(items.first?["id"] as? Int == id)
                #expect(items.first?["language"] as? String == "en-US")
                #expect(items.first?["matchCount"] as? Int == 1)
                #expect(items.first?["createdAt"] is String)
                // The part that matched, with where: "The elefant is big." has "elefant" at 4.
                #expect(items.first?["excerpt"] as? String == "The elefant is big.")
                #expect(items.first?["highlights"] as? [[String: Int]] == [["offset": 4, "length": 7]])
                #expect(response.json["next"] is NSNull)
            }
            try await client.execute(uri: "/api/v1/history", method: .get) { response in
                let items = try #require(response.json["items"] as? [[String: Any]])
                #expect((items.first?["highlights"] as? [Any])?.isEmpty == true)  // no search, no highlights
            }
            try await client.execute(uri: "/api/v1/history?q=Private", method: .get) { response in
                #expect((response.json["items"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/history/\(id)", method: .get) { response in
                #expect(response.json["text"] as? String == "The elefant is big.")
                #expect(response.json["id"] as? Int == id)
                #expect((response.json["matches"] as? [[String: Any]])?.first?["text"] as? String == "elefant")
                #expect(response.json["correctedText"] is String)
            }
            try await client.execute(uri: "/api/v1/history/\(id)", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/history/\(id)", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "not_found")
            }
            try await client.execute(uri: "/api/v1/history/abc", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/v1/history?limit=0", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/v1/history?before=x", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/v1/history", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/history", method: .put) { #expect($0.status == .methodNotAllowed) }
        }
    }

    @Test func streamedChecksAreStoredWithTheirId() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check/stream", method: .post, headers: json,
                body: .json(["text": "Streamed elefant.", "language": "en-US"])
            ) { response in
                let body = String(buffer: response.body)
                let loaded = try #require(body.components(separatedBy: "event: loaded\ndata: ").last?.components(separatedBy: "\n").first)
                let result = try #require(try JSONSerialization.jsonObject(with: Data(loaded.utf8)) as? [String: Any])
                #expect(result["id"] as? Int != nil)
            }
        }
    }

    @Test func withHistoryOffNothingIsStored() async throws {
        try await TestServer.app { $0.historyEnabled = false }.test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Not kept."])) { response in
                #expect(response.json["id"] is NSNull)
            }
            try await client.execute(uri: "/api/v1/history", method: .get) { response in
                #expect((response.json["items"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func aDictionaryWordIsNeverFlaggedAgainAtOnce() async throws {
        try await TestServer.app().test(.router) { client in
            let text = "We deploy with Kubernettes and Quixlotan."
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "language": "en-US"])) { response in
                let flagged = (response.json["matches"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(flagged.contains("Quixlotan"))
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "Quixlotan"])) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "Kubernettes", "language": "de-DE"])) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "language": "en-US"])) { response in
                let flagged = (response.json["matches"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(!flagged.contains("Quixlotan"))
                #expect(flagged.contains("Kubernettes"))  // added for German only
            }
            try await client.execute(uri: "/api/v1/dictionary?language=en-US", method: .get) { response in
                let words = (response.json["words"] as? [[String: Any]] ?? []).compactMap { $0["word"] as? String }
                #expect(words == ["Quixlotan"])
            }
            try await client.execute(uri: "/api/v1/dictionary/export", method: .get) { response in
                #expect(String(buffer: response.body) == "Kubernettes\nQuixlotan\n")
            }
            try await client.execute(uri: "/api/v1/dictionary/import", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "alpha\nbeta\n\nQuixlotan\n")) { response in
                #expect(response.json["added"] as? Int == 2)
            }
            try await client.execute(uri: "/api/v1/dictionary/Quixlotan", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/dictionary/Quixlotan", method: .delete) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "two words"])) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "x", "language": "tlh"])) { #expect($0.status == .unprocessableContent) }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["language": "en"])) { #expect($0.status == .badRequest) }
        }
    }

    @Test func insightsShowFrequentMistakesKindsAndDays() async throws {
        try await TestServer.app().test(.router) { client in
            for text in ["I saw teh cat.", "Teh dog barked.", "Where is teh key?"] {
                try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "language": "en-US"])) { _ in }
            }
            try await client.execute(uri: "/api/v1/insights", method: .get) { response in
                let frequent = try #require(response.json["frequentMistakes"] as? [[String: Any]])
                #expect(frequent.first?["word"] as? String == "teh")
                #expect(frequent.first?["count"] as? Int == 3)
                #expect(frequent.first?["correction"] as? String == "the")
                let kinds = try #require(response.json["kinds"] as? [[String: Any]])
                #expect(kinds.first?["kind"] as? String == "transposition")
                let categories = try #require(response.json["categories"] as? [[String: Any]])
                #expect(categories.first?["category"] as? String == "spelling")
                #expect(categories.first?["count"] as? Int == 3)
                let days = try #require(response.json["days"] as? [[String: Any]])
                #expect(days.first?["checks"] as? Int == 3)
            }
        }
    }

    @Test func aTokenGuardsHistoryDictionaryAndInsightsButNotChecks() async throws {
        try await TestServer.app { $0.apiToken = "s3cret" }.test(.router) { client in
            for uri in ["/api/v1/history", "/api/v1/dictionary", "/api/v1/insights"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.errorCode == "unauthorized")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                }
                try await client.execute(uri: uri, method: .get, headers: [.authorization: "Bearer wrong"]) { #expect($0.status == .unauthorized) }
                try await client.execute(uri: uri, method: .get, headers: [.authorization: "Bearer s3cret"]) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Open to all."])) { #expect($0.status == .ok) }
        }
        try await TestServer.app { $0.apiToken = "s3cret"; $0.protectChecks = true }.test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Closed."])) { #expect($0.status == .unauthorized) }
            var headers = json
            headers[.authorization] = "Bearer s3cret"
            try await client.execute(uri: "/api/v1/check", method: .post, headers: headers, body: .json(["text": "Closed."])) { #expect($0.status == .ok) }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
    }
}
