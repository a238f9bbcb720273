import Foundation
import Hummingbird
import HummingbirdTesting
import SuperTextProject
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// `serve --project DIR`: the project's words, rule files, rules turned off, ignores, settings
/// and the text's own comments apply to `/api/v1/check`, its stream and `/v2/check`.
@Suite("Project of the server")
struct ProjectAPITests {
    let json: HTTPFields = [.contentType: "application/json"]
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// A project: en-US, the word "Kubernetes", a rule file, its rule turned off, "kubectl" ignored.
    private func project() throws -> String {
        let root = NSTemporaryDirectory() + "supertext-project-api-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/.supertext", withIntermediateDirectories: true)
        try """
            language = "en-US"
            rules = ["team.en.rules"]
            disabled-rules = ["TEAM_PRODUCT"]

            [[ignore]]
            rule = "SPELLING"
            word = "kubectl"
            """.write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        try "Kubernetes\n".write(toFile: root + "/.supertext/dictionary.txt", atomically: true, encoding: .utf8)
        try UserRulesAPITests.rule.write(toFile: root + "/team.en.rules", atomically: true, encoding: .utf8)
        return root
    }

    /// `RULE text` of each match.
    private func matched(_ response: TestResponse) -> [String] {
        (response.json["matches"] as? [[String: Any]] ?? []).map { "\($0["rule"] as? String ?? "?") \($0["text"] as? String ?? "?")" }
    }

    @Test func theProjectAppliesToEveryCheck() async throws {
        let root = try project()
        let text = "We sell acmebox on Kubernetes with teh kubectl tool."
        // "acmebox" is a spelling mistake too; the project's own rule says more of it.
        try await TestServer.app { $0.projectDirectory = root }.test(.router) { client in
            // No language given: the project's; its word accepted, its ignored word dropped.
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "store": false])
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "en-US")
                #expect(matched(response) == ["SPELLING acmebox", "SPELLING teh"])
            }
            // The project's rule is off unless a request turns it on.
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json,
                body: .json(["text": text, "store": false, "enabledRules": ["TEAM_PRODUCT"]])
            ) { response in
                #expect(matched(response) == ["TEAM_PRODUCT acmebox", "SPELLING teh"])
            }
            // A language the request gives goes over the project's.
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json,
                body: .json(["text": "Das ist ein Test.", "language": "de-DE", "store": false])
            ) { response in
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "de-DE")
            }
            // The text's own comments, in its format.
            let markdown = "Fine text.\n\n<!-- supertext-disable-next-line SPELLING -->\nThis recieve is ignored.\n\nBut teh is not.\n"
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json,
                body: .json(["text": markdown, "format": "markdown", "store": false])
            ) { response in
                #expect(matched(response) == ["SPELLING teh"])
            }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: ByteBuffer(string: "language=en-US&text=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            ) { response in
                let words = (response.json["matches"] as? [[String: Any]] ?? []).compactMap { match -> String? in
                    guard let offset = match["offset"] as? Int, let length = match["length"] as? Int else { return nil }
                    return String(Array(text.utf16)[offset..<(offset + length)].map { Character(UnicodeScalar($0)!) })
                }
                #expect(words == ["acmebox", "teh"])
            }
        }
    }

    @Test func aChangedWordListAppliesToTheNextCheck() async throws {
        let root = try project()
        let text = "Prometheus and Grafana with teh dashboards."
        try await TestServer.app { $0.projectDirectory = root }.test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "store": false])
            ) { response in
                #expect(matched(response).contains("SPELLING Grafana"))
            }
            let list = root + "/.supertext/dictionary.txt"
            try "Grafana\nKubernetes\n".write(toFile: list, atomically: true, encoding: .utf8)
            // A later modification time, whatever the file system's resolution.
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: list)
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": text, "store": false])
            ) { response in
                #expect(matched(response) == ["SPELLING teh"])
            }
        }
    }

    @Test func aProjectFileThatDoesNotReadStopsTheStart() async throws {
        let root = try project()
        try "language = \"en-US\"\npicky = \"yes\"\n".write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        do {
            _ = try await TestServer.app { $0.projectDirectory = root }
            Issue.record("the server started with a broken project file")
        } catch let error as ProjectFileError {
            #expect(error.line == 2)
            #expect(error.key == "picky")
        }
        await #expect(throws: ProjectFileError.self) {
            _ = try await TestServer.app { $0.projectDirectory = root + "/missing" }
        }
    }
}
