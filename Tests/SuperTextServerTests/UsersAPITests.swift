import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
@testable import SuperTextStore
@testable import SuperTextSQLite

/// A server with users: every route tried with Bob's key on Ada's data finds nothing of hers;
/// keys, the token, limits and bad input.
@Suite("Users and keys API")
struct UsersAPITests {
    let json: HTTPFields = [.contentType: "application/json"]
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    struct Team {
        let database: AppDatabase
        let ada: APIKey
        let bob: APIKey
    }

    func team() async throws -> Team {
        let database = try AppDatabase.inMemory()
        let ada = APIKey.generate(), bob = APIKey.generate()
        _ = try await database.addUser(name: "ada", isAdmin: true, key: ada)
        _ = try await database.addUser(name: "bob", isAdmin: false, key: bob)
        return Team(database: database, ada: ada, bob: bob)
    }

    func auth(_ key: APIKey, _ headers: HTTPFields = [:]) -> HTTPFields {
        var headers = headers
        headers[.authorization] = "Bearer \(key.secret)"
        return headers
    }

    @Test func bobFindsNothingOfAdasThroughAnyRoute() async throws {
        let team = try await team()
        try await TestServer.app(database: team.database).test(.router) { client in
            let id = try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.ada, json),
                body: .json(["text": "Ada's confidential contract has a tpyo.", "language": "en-US"])
            ) { try #require($0.json["id"] as? Int) }
            for (uri, body) in [("/api/v1/dictionary", ["word": "Adaword"]), ] {
                try await client.execute(uri: uri, method: .post, headers: auth(team.ada, json), body: .json(body)) {
                    #expect($0.status == .created)
                }
            }
            try await client.execute(uri: "/api/v1/rules/disabled/DOUBLE_SPACE", method: .put, headers: auth(team.ada)) {
                #expect($0.status == .created)
            }
            // Read, search, delete, export, insights, dictionary, rules: nothing of Ada's.
            try await client.execute(uri: "/api/v1/history/\(id)", method: .get, headers: auth(team.bob)) {
                #expect($0.status == .notFound)  // not 403: it does not exist for Bob
            }
            try await client.execute(uri: "/api/v1/history/\(id)", method: .delete, headers: auth(team.bob)) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/history?q=contract", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["items"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/history", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["items"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/history", method: .delete, headers: auth(team.bob)) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/insights", method: .get, headers: auth(team.bob)) {
                #expect($0.json["totalChecks"] as? Int == 0)
                #expect(($0.json["frequentMistakes"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["words"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/dictionary/export", method: .get, headers: auth(team.bob)) {
                #expect(String(buffer: $0.body).isEmpty)
            }
            try await client.execute(uri: "/api/v1/dictionary/Adaword", method: .delete, headers: auth(team.bob)) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/rules/disabled", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["rules"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "/api/v1/rules/disabled/DOUBLE_SPACE", method: .delete, headers: auth(team.bob)) {
                #expect($0.status == .notFound)
            }
            // Bob's checks do not accept Ada's word.
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.bob, json), body: .json(["text": "Adaword.", "store": false])
            ) { #expect(($0.json["matches"] as? [[String: Any]])?.first?["text"] as? String == "Adaword") }
            // /v2 with LanguageTool's username and apiKey: Bob's words are his.
            try await client.execute(uri: "/v2/words?username=bob&apiKey=\(team.bob.secret)", method: .get) {
                #expect($0.json["words"] as? [String] == [])
            }
            try await client.execute(
                uri: "/v2/words/add", method: .post, headers: form,
                body: .form([("word", "Bobword"), ("username", "bob"), ("apiKey", team.bob.secret)])
            ) { #expect($0.json["added"] as? Bool == true) }
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: .form([("text", "Adaword Bobword."), ("language", "en-US"), ("username", "bob"), ("apiKey", team.bob.secret)])
            ) { response in
                let flagged = (response.json["matches"] as? [[String: Any]])?.compactMap { match -> String? in
                    guard let context = match["context"] as? [String: Any], let text = context["text"] as? String,
                          let offset = context["offset"] as? Int, let length = context["length"] as? Int else { return nil }
                    return String(Array(text.utf16)[offset..<offset + length].map { Character(UnicodeScalar($0)!) })
                }
                #expect(flagged == ["Adaword"])
            }
            // Ada's data is all there.
            try await client.execute(uri: "/api/v1/history/\(id)", method: .get, headers: auth(team.ada)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: auth(team.ada)) {
                #expect(($0.json["words"] as? [[String: Any]])?.map { $0["word"] as? String } == ["Adaword"])
            }
        }
    }

    @Test func everyRequestNeedsAKeyAndWrongOnesAreRefused() async throws {
        let team = try await team()
        try await TestServer.app(database: team.database) { $0.apiToken = "operator-token" }.test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            for uri in ["/api/v1/languages", "/api/v1/history", "/api/v1/dictionary", "/api/v1/me"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"SuperText\"")
                }
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Hi."])) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: form, body: .form([("text", "Hi."), ("language", "en")])) {
                #expect($0.status == .forbidden)  // as LanguageTool answers failed authentication
            }
            try await client.execute(uri: "/api/v1/history", method: .get, headers: [.authorization: "Bearer st_\(String(repeating: "x", count: 43))"]) {
                #expect($0.status == .unauthorized)
                #expect(($0.json["error"] as? [String: Any])?["message"] as? String == "This API key is unknown or revoked.")
            }
            try await client.execute(uri: "/api/v1/history", method: .get, headers: [.authorization: "Basic YWRhOmFkYQ=="]) {
                #expect($0.status == .unauthorized)
            }
            // A key in the URL is refused, whatever it is.
            try await client.execute(uri: "/api/v1/history?apiKey=\(team.bob.secret)", method: .get, headers: auth(team.bob)) {
                #expect($0.status == .badRequest)
            }
            // /v2 keeps LanguageTool's own GET parameters, apiKey among them.
            try await client.execute(uri: "/v2/words?username=bob&apiKey=\(team.bob.secret)", method: .get) {
                #expect($0.status == .ok)
            }
            // The token manages users, and reads no one's texts.
            try await client.execute(uri: "/api/v1/history", method: .get, headers: [.authorization: "Bearer operator-token"]) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/users", method: .get, headers: [.authorization: "Bearer operator-token"]) {
                #expect(($0.json["users"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["ada", "bob"])
            }
            // A user is not an admin.
            try await client.execute(uri: "/api/v1/users", method: .get, headers: auth(team.bob)) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: auth(team.bob)) { response in
                #expect(response.json["name"] as? String == "bob")
                #expect(response.json["admin"] as? Bool == false)
                #expect(response.json["users"] as? Bool == true)
            }
            // /v2: a username that is not the key's.
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: .form([("text", "Hi."), ("language", "en"), ("username", "ada"), ("apiKey", team.bob.secret)])
            ) { #expect($0.status == .forbidden) }
        }
    }

    @Test func adminsManageUsersAndKeysWhichHoldAtOnce() async throws {
        let team = try await team()
        try await TestServer.app(database: team.database).test(.router) { client in
            let (created, createdID) = try await client.execute(
                uri: "/api/v1/users", method: .post, headers: auth(team.ada, json), body: .json(["name": "cy"])
            ) { response in
                #expect(response.status == .created)
                return (try #require(response.json["key"] as? String), try #require(response.json["keyId"] as? String))
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(created)"]) {
                #expect($0.json["name"] as? String == "cy")
            }
            try await client.execute(uri: "/api/v1/users", method: .post, headers: auth(team.ada, json), body: .json(["name": "cy"])) {
                #expect($0.status == .conflict)
                #expect($0.errorCode == "user_exists")
            }
            for bad in ["", "a b", "x\u{1}", String(repeating: "n", count: 10_000)] {
                try await client.execute(uri: "/api/v1/users", method: .post, headers: auth(team.ada, json), body: .json(["name": bad])) {
                    #expect($0.status == .badRequest)
                }
            }
            try await client.execute(uri: "/api/v1/users", method: .post, headers: auth(team.ada, json), body: .json(["admin": true])) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/api/v1/users/ada", method: .delete, headers: auth(team.ada)) {
                #expect($0.status == .conflict)
                #expect($0.errorCode == "last_admin")
            }
            // A second key, then the first revoked: refused at once, the second still works.
            let second = try await client.execute(uri: "/api/v1/users/cy/keys", method: .post, headers: auth(team.ada)) {
                try #require($0.json["key"] as? String)
            }
            try await client.execute(uri: "/api/v1/users/cy/keys/\(createdID)", method: .delete, headers: auth(team.ada)) {
                #expect($0.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/users/cy/keys/\(createdID)", method: .delete, headers: auth(team.ada)) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(created)"]) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer \(second)"]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/v1/users", method: .get, headers: auth(team.ada)) { response in
                let users = try #require(response.json["users"] as? [[String: Any]])
                let cy = try #require(users.first { $0["name"] as? String == "cy" })
                #expect((cy["keys"] as? [Any])?.count == 1)
                #expect(String(buffer: response.body).contains(second) == false)  // keys are never listed
            }
            try await client.execute(uri: "/api/v1/users/cy", method: .delete, headers: auth(team.ada)) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/users/cy", method: .delete, headers: auth(team.ada)) { #expect($0.status == .notFound) }
        }
    }

    @Test func theTeamDictionaryIsReadByEveryoneAndChangedByAdmins() async throws {
        let team = try await team()
        try await TestServer.app(database: team.database).test(.router) { client in
            try await client.execute(uri: "/api/v1/team/dictionary", method: .post, headers: auth(team.bob, json), body: .json(["word": "Acmeware"])) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/team/dictionary", method: .post, headers: auth(team.ada, json), body: .json(["word": "Acmeware"])) {
                #expect($0.status == .created)
            }
            try await client.execute(uri: "/api/v1/team/dictionary", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["words"] as? [[String: Any]])?.map { $0["word"] as? String } == ["Acmeware"])
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: auth(team.bob)) {
                #expect(($0.json["words"] as? [Any])?.isEmpty == true)  // Bob's own stay his
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.bob, json), body: .json(["text": "Acmeware ships.", "store": false])
            ) { #expect(($0.json["matches"] as? [Any])?.isEmpty == true) }
        }
    }

    static let houseRule = """
        id: HOUSE_EMAIL
        category: style
        pattern: [email]
        suggest: e-mail
        message: The house style writes 'e-mail'.
        wrong: Send me an email today. => Send me an e-mail today.
        right: Send me an e-mail today.

        """

    @Test func theTeamsRuleFilesAreWrittenByAdminsAndRunInEveryonesChecks() async throws {
        let team = try await team()
        let text: HTTPFields = [.contentType: "text/plain"]
        @Sendable func bobsRules(_ client: some TestClientProtocol) async throws -> [String] {
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.bob, json), body: .json(["text": "Send me an email.", "store": false])
            ) { (($0.json["matches"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String } }
        }
        try await TestServer.app(database: team.database).test(.router) { client in
            #expect(try await bobsRules(client) == [])
            try await client.execute(
                uri: "/api/v1/team/rules/house.en.rules", method: .put, headers: auth(team.bob, text), body: ByteBuffer(string: Self.houseRule)
            ) { #expect($0.status == .forbidden) }
            // A file with a mistake is refused whole, naming its line.
            try await client.execute(
                uri: "/api/v1/team/rules/house.en.rules", method: .put, headers: auth(team.ada, text),
                body: ByteBuffer(string: Self.houseRule.replacingOccurrences(of: "category: style", with: "category: nonsense"))
            ) { response in
                #expect(response.status == .badRequest)
                #expect(((response.json["error"] as? [String: Any])?["message"] as? String ?? "").hasPrefix("house.en.rules:2"))
            }
            try await client.execute(
                uri: "/api/v1/team/rules/house.txt", method: .put, headers: auth(team.ada, text), body: ByteBuffer(string: Self.houseRule)
            ) { #expect($0.status == .badRequest) }
            // A rule of SuperText's own keeps its identifier.
            try await client.execute(
                uri: "/api/v1/team/rules/house.en.rules", method: .put, headers: auth(team.ada, text),
                body: ByteBuffer(string: Self.houseRule.replacingOccurrences(of: "HOUSE_EMAIL", with: "EN_A_VS_AN"))
            ) { #expect($0.status == .badRequest) }
            #expect(try await bobsRules(client) == [])
            try await client.execute(
                uri: "/api/v1/team/rules/house.en.rules", method: .put, headers: auth(team.ada, text), body: ByteBuffer(string: Self.houseRule)
            ) { response in
                #expect(response.status == .created)
                #expect(response.json["rules"] as? Int == 1)
            }
            #expect(try await bobsRules(client) == ["HOUSE_EMAIL"])
            try await client.execute(uri: "/api/v1/team/rules", method: .get, headers: auth(team.bob)) { response in
                #expect((response.json["files"] as? [[String: Any]])?.first?["name"] as? String == "house.en.rules")
            }
            try await client.execute(uri: "/api/v1/team/rules/house.en.rules", method: .get, headers: auth(team.bob)) {
                #expect(String(buffer: $0.body) == Self.houseRule)
            }
            // Bob may turn the team's rule off for himself, as any rule.
            try await client.execute(uri: "/api/v1/rules/disabled/HOUSE_EMAIL", method: .put, headers: auth(team.bob)) {
                #expect($0.status == .created)
            }
            #expect(try await bobsRules(client) == [])
            try await client.execute(uri: "/api/v1/rules/disabled/HOUSE_EMAIL", method: .delete, headers: auth(team.bob)) {
                #expect($0.status == .noContent)
            }
            // /v2 runs it too.
            try await client.execute(
                uri: "/v2/check", method: .post, headers: form,
                body: .form([("text", "Send me an email."), ("language", "en-US"), ("username", "bob"), ("apiKey", team.bob.secret)])
            ) { response in
                #expect((response.json["matches"] as? [[String: Any]])?.compactMap { ($0["rule"] as? [String: Any])?["id"] as? String } == ["HOUSE_EMAIL"])
            }
            try await client.execute(uri: "/api/v1/team/rules/house.en.rules", method: .delete, headers: auth(team.ada)) {
                #expect($0.status == .noContent)
            }
            #expect(try await bobsRules(client) == [])
            try await client.execute(uri: "/api/v1/team/rules/house.en.rules", method: .delete, headers: auth(team.ada)) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func keysAreLimitedAndWrongKeysSlowedDown() async throws {
        let team = try await team()
        try await TestServer.app(database: team.database) { $0.keyChecksPerMinute = 2; $0.keyCharactersPerDay = 100 }.test(.router) { client in
            for expected in [HTTPResponse.Status.ok, .ok, .tooManyRequests] {
                try await client.execute(
                    uri: "/api/v1/check", method: .post, headers: auth(team.bob, json), body: .json(["text": "Hi.", "store": false])
                ) { response in
                    #expect(response.status == expected)
                    if expected == .tooManyRequests {
                        #expect(response.errorCode == "rate_limited")
                        #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 > 0)
                    }
                }
            }
            // Ada's key has its own share; a text over the day's characters is refused.
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.ada, json),
                body: .json(["text": String(repeating: "word ", count: 30), "store": false])
            ) { #expect($0.status == .tooManyRequests) }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: auth(team.ada, json), body: .json(["text": "Short.", "store": false])
            ) { #expect($0.status == .ok) }
        }
        try await TestServer.app(database: team.database) { $0.apiToken = "operator-token" }.test(.router) { client in
            for attempt in 0..<11 {
                try await client.execute(uri: "/api/v1/history", method: .get, headers: [.authorization: "Bearer wrong-\(attempt)"]) {
                    #expect($0.status == (attempt < 10 ? .unauthorized : .tooManyRequests))
                }
            }
            // The token, which a person chose and may be guessed, waits too; so does any unknown key.
            try await client.execute(uri: "/api/v1/users", method: .get, headers: [.authorization: "Bearer operator-token"]) {
                #expect($0.status == .tooManyRequests)
                #expect($0.headers[.retryAfter] != nil)
            }
            // A user's key (256 random bits, never guessed) still works from the same address:
            // the others behind a proxy are not locked out. A request without a key is told so.
            try await client.execute(uri: "/api/v1/history", method: .get, headers: auth(team.ada)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/history", method: .get) { #expect($0.status == .unauthorized) }
        }
        try await TestServer.app(database: team.database) { $0.failedKeysPerMinute = 0 }.test(.router) { client in
            for attempt in 0..<12 {
                try await client.execute(uri: "/api/v1/history", method: .get, headers: [.authorization: "Bearer wrong-\(attempt)"]) {
                    #expect($0.status == .unauthorized)
                }
            }
        }
    }

    @Test func withoutUsersNothingChanges() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/history", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/me", method: .get) { response in
                #expect(response.json["name"] is NSNull)
                #expect(response.json["users"] as? Bool == false)
            }
            try await client.execute(uri: "/api/v1/users", method: .get) { #expect($0.status == .forbidden) }
        }
    }
}
