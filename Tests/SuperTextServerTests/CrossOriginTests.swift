import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
import SuperTextStore

/// Pages of other sites may not change data here (the personal dictionary, history, checks that
/// are stored); origins allowed with `--allowed-origin` get CORS answers.
@Suite("Cross-origin requests")
struct CrossOriginTests {
    static let foreign = "https://evil.example"
    static let allowed = "https://docs.example.org"
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    let json: HTTPFields = [.contentType: "application/json"]

    static func headers(_ fields: [(String, String)]) -> HTTPFields {
        var headers = HTTPFields()
        for (name, value) in fields { headers[.init(name)!] = value }
        return headers
    }

    /// The personal dictionary's words, read without any origin.
    static func words(_ client: some TestClientProtocol, token: String? = nil) async throws -> [String] {
        let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        return try await client.execute(uri: "/api/v1/dictionary", method: .get, headers: headers) { response in
            ((response.json["words"] as? [[String: Any]]) ?? []).compactMap { $0["word"] as? String }
        }
    }

    /// The ids of the stored checks.
    static func storedChecks(_ client: some TestClientProtocol, token: String? = nil) async throws -> Int {
        let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        return try await client.execute(uri: "/api/v1/history", method: .get, headers: headers) { response in
            #expect(response.status == .ok)
            return (response.json["items"] as? [Any])?.count ?? -1
        }
    }

    @Test func aFormPostedFromAnotherSiteAddsNoWordAndTheMistakeIsStillFound() async throws {
        // Given a server on loopback without a token, driven by the real curl as a browser would
        // send a foreign page's form: a simple request, no preflight.
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            for path in ["/api/v1/dictionary", "/v2/words/add"] {
                let curl = try Curl([
                    "-w", "\n%{http_code}", "-H", "Origin: \(Self.foreign)", "-H", "Sec-Fetch-Site: cross-site",
                    "--data-urlencode", "word=recieve", "http://127.0.0.1:\(port)\(path)",
                ])
                let output = await curl.rest()
                // Then it is refused with 403, saying what to do.
                #expect(output.hasSuffix("\n403"), "\(path): \(output)")
                if path.hasPrefix("/v2") {
                    #expect(output.hasPrefix("Error: A request that changes data from another origin (https://evil.example) is refused"))
                } else {
                    let body = try #require(output.components(separatedBy: "\n").first)
                    let error = try #require((try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["error"] as? [String: Any])
                    #expect(error["code"] as? String == "cross_origin")
                    #expect((error["message"] as? String)?.contains("--allowed-origin https://evil.example") == true)
                }
            }
            // And nothing is stored: "recieve" is still a mistake.
            try await client.execute(uri: "/api/v1/dictionary", method: .get) { response in
                #expect((response.json["words"] as? [Any])?.isEmpty == true)
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: json,
                body: .json(["text": "I recieve teh letter.", "language": "en-US", "store": false])
            ) { response in
                let flagged = (response.json["matches"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                #expect(flagged.contains("recieve"))
            }
            // While the same form from the server's own page (its Host, as curl sends it) is accepted.
            let sameOrigin = try Curl([
                "-o", "/dev/null", "-w", "%{http_code}", "-H", "Origin: http://127.0.0.1:\(port)",
                "--data-urlencode", "word=Quixlotan", "http://127.0.0.1:\(port)/api/v1/dictionary",
            ])
            #expect(await sameOrigin.rest() == "201")
        }
    }

    @Test func secFetchSiteCrossSiteOrSameSiteIsRefusedWhateverTheBody() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "Kept."])) { response in
                #expect(response.status == .ok)
            }
            for site in ["cross-site", "same-site"] {
                // No Origin at all: the browser's Sec-Fetch-Site is enough.
                let fromSite = Self.headers([("Sec-Fetch-Site", site)])
                var jsonFromSite = fromSite
                jsonFromSite[.contentType] = "application/json"
                try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: jsonFromSite, body: .json(["word": "Zyxqv"])) { response in
                    #expect(response.status == .forbidden)
                    #expect(response.errorCode == "cross_origin")
                    #expect(response.errorMessage.contains("another origin (another site)"))
                }
                try await client.execute(uri: "/api/v1/dictionary/Kept", method: .delete, headers: fromSite) { response in
                    #expect(response.status == .forbidden)
                }
                try await client.execute(uri: "/api/v1/history", method: .delete, headers: fromSite) { response in
                    #expect(response.status == .forbidden)
                    #expect(response.errorCode == "cross_origin")
                }
                try await client.execute(uri: "/api/v1/history/1", method: .delete, headers: fromSite) { response in
                    #expect(response.status == .forbidden)
                }
                var formFromSite = fromSite
                formFromSite[.contentType] = "application/x-www-form-urlencoded"
                try await client.execute(uri: "/v2/words/delete", method: .post, headers: formFromSite, body: ByteBuffer(string: "word=Kept")) { response in
                    #expect(response.status == .forbidden)
                    #expect(String(buffer: response.body).hasPrefix("Error: "))
                    #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
                }
                // Reading is not refused: without CORS headers the page cannot see the answer.
                try await client.execute(uri: "/api/v1/history", method: .get, headers: fromSite) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.accessControlAllowOrigin] == nil)
                }
            }
            #expect(try await Self.words(client).isEmpty)
            #expect(try await Self.storedChecks(client) == 1)
        }
    }

    @Test func theServersOwnPageMayChangeData() async throws {
        try await TestServer.app().test(.router) { client in
            // The page's fetch: Sec-Fetch-Site same-origin, and its Origin is the request's host.
            var fromPage = Self.headers([("Sec-Fetch-Site", "same-origin"), ("Origin", "http://localhost")])
            fromPage[.contentType] = "application/json"
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: fromPage, body: .json(["word": "Kubernettes"])) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: fromPage, body: .json(["text": "Stored from the page."])) { response in
                #expect(response.json["id"] as? Int != nil)
            }
            // A browser without Sec-Fetch-Site: Origin alone, compared with scheme and Host (a
            // default port is the same origin).
            for origin in ["http://localhost", "HTTP://LOCALHOST:80"] {
                try await client.execute(
                    uri: "/api/v1/dictionary/import", method: .post,
                    headers: Self.headers([("Origin", origin), ("Content-Type", "text/plain")]), body: ByteBuffer(string: "Quixlotan\n")
                ) { response in
                    #expect(response.status == .ok, "\(origin)")
                }
            }
            // Behind a proxy that terminates TLS and says so.
            try await client.execute(
                uri: "/api/v1/dictionary", method: .post,
                headers: Self.headers([("Origin", "https://write.example"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "write.example"), ("Content-Type", "application/x-www-form-urlencoded")]),
                body: ByteBuffer(string: "word=Proxied")
            ) { response in
                #expect(response.status == .created)
            }
            // Another port of the same host is another origin.
            try await client.execute(
                uri: "/api/v1/dictionary", method: .post,
                headers: Self.headers([("Origin", "http://localhost:3000"), ("Content-Type", "application/x-www-form-urlencoded")]),
                body: ByteBuffer(string: "word=Elsewhere")
            ) { response in
                #expect(response.status == .forbidden)
            }
            #expect(try await Self.words(client).sorted() == ["Kubernettes", "Proxied", "Quixlotan"])
            #expect(try await Self.storedChecks(client) == 1)
        }
    }

    @Test func requestsWithNeitherHeaderWorkAsBefore() async throws {
        try await TestServer.app().test(.router) { client in
            // curl -d: a form, no Origin, no Sec-Fetch-Site.
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: form, body: ByteBuffer(string: "word=Kubernettes")) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: form, body: ByteBuffer(string: "word=Quixlotan")) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(
                uri: "/api/v1/check?language=en-US", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: "Stored from a script.")
            ) { response in
                #expect(response.json["id"] as? Int != nil)
            }
            // A request the user started (Sec-Fetch-Site: none) is not a page's either.
            try await client.execute(
                uri: "/v2/words/add", method: .post, headers: Self.headers([("Sec-Fetch-Site", "none"), ("Content-Type", "application/x-www-form-urlencoded")]),
                body: ByteBuffer(string: "word=Typed")
            ) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/v1/history/1", method: .delete) { #expect($0.status == .noContent) }
            #expect(try await Self.words(client).sorted() == ["Kubernettes", "Quixlotan", "Typed"])
            // No origin is configured: no CORS headers, no Vary.
            try await client.execute(uri: "/api/v1/languages", method: .get) { response in
                #expect(response.headers[.vary] == nil)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
        }
    }

    @Test func anAllowedOriginGetsCORSAndItsPreflightAnswered() async throws {
        // The allowed origin is written loosely; it is compared in its normal form.
        try await TestServer.app { $0.allowedOrigins = ["HTTPS://Docs.Example.org:443/", "chrome-extension://abcdefgh"] }.test(.router) { client in
            let preflight = Self.headers([
                ("Origin", Self.allowed), ("Sec-Fetch-Site", "cross-site"), ("Access-Control-Request-Method", "DELETE"),
                ("Access-Control-Request-Headers", "authorization,content-type"),
            ])
            try await client.execute(uri: "/api/v1/dictionary/Kubernettes", method: .options, headers: preflight) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
                let methods = (response.headers[.accessControlAllowMethods] ?? "").components(separatedBy: ", ")
                #expect(Set(methods).isSuperset(of: ["GET", "POST", "PUT", "DELETE"]))
                let headers = (response.headers[.accessControlAllowHeaders] ?? "").lowercased().components(separatedBy: ", ")
                #expect(Set(headers).isSuperset(of: ["authorization", "content-type"]))
                #expect(response.headers[.accessControlMaxAge] == "600")
                #expect(response.headers[values: .vary].contains("Origin"))
                #expect(response.headers[.accessControlAllowCredentials] == nil)
            }
            var fromAllowed = Self.headers([("Origin", Self.allowed), ("Sec-Fetch-Site", "cross-site")])
            fromAllowed[.contentType] = "application/json"
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: fromAllowed, body: .json(["word": "Kubernettes"])) { response in
                #expect(response.status == .created)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
                #expect(response.headers[values: .vary].contains("Origin"))
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: fromAllowed, body: .json(["text": "Stored from the allowed page."])) { response in
                #expect(response.json["id"] as? Int != nil)
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
            }
            // Errors carry the CORS headers too, so the page can read them, and keep their code.
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: fromAllowed, body: ByteBuffer(string: "{")) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_json")
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
            }
            // A form to the JSON API is accepted only from the same origin, even from an allowed one.
            var formFromAllowed = fromAllowed
            formFromAllowed[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: formFromAllowed, body: ByteBuffer(string: "word=Formed")) { response in
                #expect(response.status == .forbidden)
                #expect(response.errorCode == "cross_origin")
                #expect(response.errorMessage.contains("must send JSON"))
                #expect(response.headers[.accessControlAllowOrigin] == Self.allowed)
            }
            // LanguageTool's API is form-encoded: an allowed add-on may add words with it.
            var addOn = Self.headers([("Origin", "chrome-extension://abcdefgh"), ("Sec-Fetch-Site", "cross-site")])
            addOn[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/v2/words/add", method: .post, headers: addOn, body: ByteBuffer(string: "word=Quixlotan")) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == "chrome-extension://abcdefgh")
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: addOn, body: ByteBuffer(string: "language=en-US&text=Quixlotan+is+fine.")) { response in
                #expect(response.status == .ok)
                #expect((response.json["matches"] as? [Any])?.isEmpty == true)
            }
            #expect(try await Self.words(client).sorted() == ["Kubernettes", "Quixlotan"])
            // Answers to others vary by Origin too, since what CORS answers depends on it.
            try await client.execute(uri: "/api/v1/languages", method: .get) { response in
                #expect(response.headers[values: .vary].contains("Origin"))
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
        }
    }

    @Test func aPreflightFromAnOriginNotAllowedGetsNoCORSHeaders() async throws {
        try await TestServer.app { $0.allowedOrigins = [Self.allowed] }.test(.router) { client in
            for origin in [Self.foreign, "null", "https://docs.example.org.evil.example", "http://docs.example.org"] {
                let preflight = Self.headers([
                    ("Origin", origin), ("Sec-Fetch-Site", "cross-site"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "content-type"),
                ])
                try await client.execute(uri: "/api/v1/dictionary", method: .options, headers: preflight) { response in
                    #expect(response.status == .forbidden, "\(origin)")
                    #expect(response.errorCode == "cross_origin")
                    #expect(response.headers[.accessControlAllowOrigin] == nil)
                    #expect(response.headers[.accessControlAllowMethods] == nil)
                    #expect(response.headers[.accessControlAllowHeaders] == nil)
                }
                // And a simple GET is answered without CORS headers: the page cannot read it.
                try await client.execute(uri: "/api/v1/history", method: .get, headers: Self.headers([("Origin", origin)])) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.accessControlAllowOrigin] == nil)
                }
            }
            try await client.execute(
                uri: "/v2/words/add", method: .options,
                headers: Self.headers([("Origin", Self.foreign), ("Access-Control-Request-Method", "POST")])
            ) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("start the server with --allowed-origin https://evil.example"))
            }
        }
    }

    @Test func withATokenACheckFromAnotherOriginIsNotStored() async throws {
        let token = "s3cret"
        try await TestServer.app { $0.apiToken = token }.test(.router) { client in
            // Checks need no token here, but one from another origin would be stored: refused,
            // as JSON and as the form a page can send without a preflight.
            var jsonFromForeign = Self.headers([("Origin", Self.foreign)])
            jsonFromForeign[.contentType] = "application/json"
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonFromForeign, body: .json(["text": "Planted by another site."])) { response in
                #expect(response.status == .forbidden)
                #expect(response.errorCode == "cross_origin")
                #expect(response.errorMessage.hasPrefix("A check (stored in history) from another origin (https://evil.example) is refused"))
            }
            var formFromForeign = Self.headers([("Origin", Self.foreign), ("Sec-Fetch-Site", "cross-site")])
            formFromForeign[.contentType] = "application/x-www-form-urlencoded"
            for path in ["/api/v1/check", "/api/v1/check/stream"] {
                try await client.execute(uri: path, method: .post, headers: formFromForeign, body: ByteBuffer(string: "text=Planted+by+a+form.")) { response in
                    #expect(response.status == .forbidden)
                }
            }
            // LanguageTool's check stores nothing and still runs from anywhere (browser add-ons).
            try await client.execute(uri: "/v2/check", method: .post, headers: formFromForeign, body: ByteBuffer(string: "language=en-US&text=I+recieve+it.")) { response in
                #expect(response.status == .ok)
                #expect((response.json["matches"] as? [Any])?.count == 1)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            #expect(try await Self.storedChecks(client, token: token) == 0)
            // While the same check from a script is stored.
            try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(["text": "From a script."])) { response in
                #expect(response.json["id"] as? Int != nil)
            }
            #expect(try await Self.storedChecks(client, token: token) == 1)
        }
    }

    @Test(arguments: [
        ("https://docs.example.org", "https://docs.example.org"),
        ("HTTPS://Docs.Example.ORG:443/", "https://docs.example.org"),
        ("http://localhost:80", "http://localhost"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("https://example.org:08443", "https://example.org:8443"),
        ("chrome-extension://abcdefghijklmnop", "chrome-extension://abcdefghijklmnop"),
        ("moz-extension://0b6f1c1e-5f1e-4d7b-9d3a-2d1b2c3d4e5f", "moz-extension://0b6f1c1e-5f1e-4d7b-9d3a-2d1b2c3d4e5f"),
    ])
    func originsAreComparedInTheirNormalForm(text: String, normalized: String) {
        #expect(ServerConfiguration.webOrigin(text) == normalized)
    }

    @Test(arguments: [
        "null", "*", "", "docs.example.org", "https://", "https://docs.example.org/path", "https://user@docs.example.org",
        "https://docs.example.org:99999", "https://docs.example.org:", "https://*.example.org", "http://[::1", "https://exämple.org",
        "1http://example.org", "https://docs.example.org?x",
    ])
    func whatIsNotAnOriginIsRefused(text: String) {
        #expect(ServerConfiguration.webOrigin(text) == nil)
    }

    /// A page renamed to 127.0.0.1 by its own DNS reaches a loopback server as itself: without a
    /// token, only loopback names (and the names allowed) are answered.
    @Test func aRequestToAnotherHostNameIsRefusedOnLoopbackWithoutAToken() async throws {
        try await TestServer.app().test(.live) { client in
            let port = try #require(client.port)
            func get(_ host: String, _ path: String) async throws -> String {
                let curl = try Curl(["-s", "-w", "\n%{http_code}", "-H", "Host: \(host)", "http://127.0.0.1:\(port)\(path)"])
                return await curl.rest()
            }
            // Then the rebinding page's name is refused, saying what to do, under both APIs.
            let refused = try await get("attacker.example:\(port)", "/api/v1/history")
            #expect(refused.hasSuffix("\n403"), "\(refused)")
            #expect(refused.contains("host_not_allowed") && refused.contains("--allowed-host attacker.example"), "\(refused)")
            let languageTool = try await get("attacker.example", "/v2/languages")
            #expect(languageTool.hasSuffix("\n403") && languageTool.hasPrefix("Error: "), "\(languageTool)")
            // And loopback names are answered.
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "app.localhost", "[::1]:\(port)"] {
                let answer = try await get(host, "/api/v1/history")
                #expect(answer.hasSuffix("\n200"), "\(host): \(answer)")
            }
        }
        // A name allowed, or a token, lets any Host through.
        try await TestServer.app { $0.allowedHosts = ["mybox.lan"] }.test(.live) { client in
            let port = try #require(client.port)
            let curl = try Curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: mybox.lan:\(port)", "http://127.0.0.1:\(port)/healthz"])
            #expect(await curl.rest() == "200")
        }
        try await TestServer.app { $0.apiToken = "t0ken" }.test(.live) { client in
            let port = try #require(client.port)
            let curl = try Curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: anything.example", "http://127.0.0.1:\(port)/healthz"])
            #expect(await curl.rest() == "200")
        }
    }
}
