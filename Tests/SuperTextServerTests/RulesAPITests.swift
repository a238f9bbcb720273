import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
import SuperTextStore
@testable import SuperTextSQLite

@Suite("Rules turned off API")
struct RulesAPITests {
    let json: HTTPFields = [.contentType: "application/json"]
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    /// "a apple" (EN_A_VS_AN) and "and and" (REPEATED_WORD).
    let text = "She ate a apple and and a pear."

    func rules(_ response: TestResponse) -> [String] {
        (response.json["matches"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    }

    func languageToolRules(_ response: TestResponse) -> [String] {
        (response.json["matches"] as? [[String: Any]] ?? []).compactMap { ($0["rule"] as? [String: Any])?["id"] as? String }
    }

    /// A rule turned off is reported by no check (JSON, stream, /v2) unless the request names it
    /// in `enabledRules`; turned back on, it is reported again.
    @Test func aRuleTurnedOffIsNotReportedUntilTurnedBackOn() async throws {
        try await TestServer.app().test(.router) { client in
            let check = ["text": text, "language": "en-US", "store": false] as [String: Any]
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(check)) { response in
                #expect(Set(rules(response)) == ["EN_A_VS_AN", "REPEATED_WORD"])
            }
            try await client.execute(uri: "/api/v1/rules/disabled/EN_A_VS_AN", method: .put) { response in
                #expect(response.status == .created)
                #expect(response.json["id"] as? String == "EN_A_VS_AN")
                #expect(response.json["category"] as? String == "grammar")
                #expect((response.json["description"] as? String)?.isEmpty == false)
                #expect(response.json["disabledAt"] is String)
            }
            // Again, and under LanguageTool's spelling of names: already off.
            try await client.execute(uri: "/api/v1/rules/disabled/en_a_vs_an", method: .put) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(check)) { response in
                #expect(rules(response) == ["REPEATED_WORD"])
                #expect(!(response.json["correctedText"] as? String ?? "").contains("an apple"))
            }
            try await client.execute(uri: "/api/v1/check/stream", method: .post, headers: json, body: .json(check)) { response in
                let body = String(buffer: response.body)
                #expect(body.contains("event: loaded"))
                #expect(body.contains("REPEATED_WORD"))
                #expect(!body.contains("EN_A_VS_AN"))
            }
            // A request that names it runs it.
            var enabled = check
            enabled["enabledRules"] = ["EN_A_VS_AN"]
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(enabled)) { response in
                #expect(Set(rules(response)) == ["EN_A_VS_AN", "REPEATED_WORD"])
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: form, body: .form([("text", text), ("language", "en-US")])) {
                response in
                #expect(languageToolRules(response) == ["REPEATED_WORD"])
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: .form([("text", text), ("language", "en-US"), ("enabledCategories", "GRAMMAR")])
            ) { response in
                #expect(!languageToolRules(response).contains("EN_A_VS_AN"))  // a category does not
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: .form([("text", text), ("language", "en-US"), ("enabledRules", "EN_A_VS_AN")])
            ) { response in
                #expect(Set(languageToolRules(response)) == ["EN_A_VS_AN", "REPEATED_WORD"])
            }
            try await client.execute(uri: "/api/v1/rules/disabled", method: .get) { response in
                let listed = try #require(response.json["rules"] as? [[String: Any]])
                #expect(listed.compactMap { $0["id"] as? String } == ["EN_A_VS_AN"])
            }
            try await client.execute(uri: "/api/v1/rules", method: .get) { response in
                let all = try #require(response.json["rules"] as? [[String: Any]])
                #expect(all.first?["id"] as? String == "SPELLING")
                let rule = try #require(all.first { $0["id"] as? String == "EN_A_VS_AN" })
                #expect(rule["disabled"] as? Bool == true)
                #expect(all.first { $0["id"] as? String == "REPEATED_WORD" }?["disabled"] as? Bool == false)
            }
            try await client.execute(uri: "/api/v1/rules/disabled/EN_A_VS_AN", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/rules/disabled/EN_A_VS_AN", method: .delete) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "not_found")
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(check)) { response in
                #expect(Set(rules(response)) == ["EN_A_VS_AN", "REPEATED_WORD"])
            }
            try await client.execute(uri: "/api/v1/rules/disabled", method: .get) { response in
                #expect((response.json["rules"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func unknownRulesAndSpellingAreRefusedClearly() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/rules/disabled/NO_SUCH_RULE", method: .put) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "unknown_rule")
                #expect((response.json["error"] as? [String: Any])?["message"] as? String ?? "" == "No installed rule is called 'NO_SUCH_RULE': GET /api/v1/rules lists them.")
            }
            try await client.execute(uri: "/api/v1/rules/disabled/SPELLING", method: .put) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_request")
            }
            try await client.execute(uri: "/api/v1/rules/disabled/%ZZ", method: .put) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/v1/rules/disabled/\(String(repeating: "A", count: 300))", method: .put) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "unknown_rule")
            }
            try await client.execute(uri: "/api/v1/rules/disabled/NO_SUCH_RULE", method: .delete) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/api/v1/rules/disabled/EN_A_VS_AN", method: .post) { #expect($0.status == .methodNotAllowed) }
            try await client.execute(uri: "/api/v1/rules/disabled", method: .delete) { #expect($0.status == .methodNotAllowed) }
            try await client.execute(uri: "/api/v1/rules/disabled", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A rule turned off on a server that has since lost it (an upgrade) is listed without a
    /// description and can still be turned back on.
    @Test func aStoredRuleNoLongerInstalledIsListedAndCanBeTurnedBackOn() async throws {
        let database = try AppDatabase.inMemory()
        try await database.disableRule("RETIRED_RULE")
        try await TestServer.app(database: database).test(.router) { client in
            try await client.execute(uri: "/api/v1/rules/disabled", method: .get) { response in
                let listed = try #require((response.json["rules"] as? [[String: Any]])?.first)
                #expect(listed["id"] as? String == "RETIRED_RULE")
                #expect(listed["description"] is NSNull)
                #expect(listed["category"] is NSNull)
            }
            try await client.execute(uri: "/api/v1/rules/disabled/RETIRED_RULE", method: .delete) { #expect($0.status == .noContent) }
        }
    }

    @Test func aTokenGuardsTheRules() async throws {
        try await TestServer.app { $0.apiToken = "s3cret" }.test(.router) { client in
            for (uri, method) in [("/api/v1/rules", HTTPRequest.Method.get), ("/api/v1/rules/disabled", .get), ("/api/v1/rules/disabled/EN_A_VS_AN", .put)] {
                try await client.execute(uri: uri, method: method) { #expect($0.status == .unauthorized) }
            }
            try await client.execute(uri: "/api/v1/rules/disabled/EN_A_VS_AN", method: .put, headers: [.authorization: "Bearer s3cret"]) {
                #expect($0.status == .created)
            }
        }
    }
}
