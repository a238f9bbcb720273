import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// Users' own rules through the API: listed among the rules, found by `/api/v1/check` and
/// `/v2/check`, turned off like any rule, and a broken file named in `/readyz`.
@Suite("Users' rules API")
struct UserRulesAPITests {
    let json: HTTPFields = [.contentType: "application/json"]
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    static let rule = """
        id: TEAM_PRODUCT
        category: typography
        pattern: [acmebox]
        suggest: AcmeBox
        message: Our product is written 'AcmeBox'.
        wrong: We sell acmebox here. => We sell AcmeBox here.
        right: We sell AcmeBox here.
        """

    @Test func userRulesThroughTheAPI() async throws {
        let path = NSTemporaryDirectory() + "supertext-api-rules-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.rule.write(toFile: path + "/team.en.rules", atomically: true, encoding: .utf8)
        let rules = try UserRules(directory: path)
        var configuration = ProofreadingPool.Configuration(workers: 1)
        configuration.userRules = rules
        let pool = ProofreadingPool(catalog: TestServer.sharedPool.catalog, configuration: configuration)
        defer { pool.shutdown() }
        let check = ByteBuffer.json(["text": "We sell acmebox here.", "language": "en-US", "store": false])
        @Sendable func ruleIDs(_ response: TestResponse) -> [String] {
            (response.json["matches"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        }
        try await TestServer.app(pool: pool).test(.router) { client in
            try await client.execute(uri: "/api/v1/rules", method: .get) { response in
                let listed = (response.json["rules"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "TEAM_PRODUCT" }
                #expect(listed?["user"] as? Bool == true)
                #expect(listed?["description"] as? String == "Our product is written 'AcmeBox'.")
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: check) { response in
                let match = (response.json["matches"] as? [[String: Any]])?.first { $0["rule"] as? String == "TEAM_PRODUCT" }
                #expect(match?["suggestions"] as? [String] == ["AcmeBox"])
                #expect(match?["message"] as? String == "Our product is written 'AcmeBox'.")
                #expect(response.json["correctedText"] as? String == "We sell AcmeBox here.")
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: ByteBuffer(string: "language=en-US&enabledOnly=true&enabledRules=TEAM_PRODUCT&text=We+sell+acmebox+here.")
            ) { response in
                let ids = (response.json["matches"] as? [[String: Any]] ?? []).compactMap { ($0["rule"] as? [String: Any])?["id"] as? String }
                #expect(ids == ["TEAM_PRODUCT"])
            }
            try await client.execute(uri: "/api/v1/rules/disabled/TEAM_PRODUCT", method: .put) { #expect($0.status == .created) }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: check) { response in
                #expect(!ruleIDs(response).contains("TEAM_PRODUCT"))
            }
            try await client.execute(uri: "/api/v1/rules/disabled/TEAM_PRODUCT", method: .delete) { #expect($0.status == .noContent) }
            // Broken: /readyz names the file, line and column; the last good rule still runs.
            try Self.rule.replacingOccurrences(of: "[acmebox]", with: "[acmebox") .write(toFile: path + "/team.en.rules", atomically: true, encoding: .utf8)
            #expect(rules.reload())
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                let status = response.json["rules"] as? [String: Any]
                #expect(status?["rules"] as? Int == 1)
                let problems = status?["problems"] as? [[String: Any]] ?? []
                #expect(problems.count == 1)
                #expect(problems.first?["file"] as? String == "team.en.rules")
                #expect(problems.first?["line"] as? Int == 3)
                #expect(problems.first?["column"] as? Int == 10)
                #expect(problems.first?["message"] as? String == "rule TEAM_PRODUCT: unbalanced [ ] in '[acmebox'")
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: check) { response in
                #expect(ruleIDs(response).contains("TEAM_PRODUCT"))
            }
        }
    }
}
