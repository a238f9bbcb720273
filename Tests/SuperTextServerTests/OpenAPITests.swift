import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// `GET /openapi.json`, the document against the routes, and the answers that the document's
/// run with schemathesis (Tests/EndToEnd/openapi.sh) showed to be wrong.
@Suite("OpenAPI document")
struct OpenAPITests {
    let json: HTTPFields = [.contentType: "application/json"]

    /// The document as it is in the repository.
    static let repositoryDocument: Data = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try! Data(contentsOf: url.appendingPathComponent("Sources/SuperTextServer/Resources/openapi.json"))
    }()

    static var document: [String: Any] {
        (try? JSONSerialization.jsonObject(with: repositoryDocument)) as? [String: Any] ?? [:]
    }

    @Test func servesTheDocumentOfTheRepository() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(Data(buffer: response.body) == Self.repositoryDocument)
            }
            try await client.execute(uri: "/openapi.json", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
        let document = Self.document
        #expect(document["openapi"] as? String == "3.1.0")
        #expect((document["info"] as? [String: Any])?["version"] as? String == SuperTextVersion.current)
    }

    @Test func theOpenAPIDocumentIsOpenWhenTheServerHasAToken() async throws {
        try await TestServer.app({ $0.apiToken = "secret"; $0.protectChecks = true }).test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// Every route the server answers is in the document with its methods, and nothing else is.
    @Test func describesEveryRouteAndOnlyThem() throws {
        let paths = try #require(Self.document["paths"] as? [String: [String: Any]])
        var described: [String: Set<String>] = [:]
        for (path, item) in paths {
            // `{id}` and `{word}` stand for any one segment, as `*` does in the route tables.
            let template = path.split(separator: "/").map { $0.hasPrefix("{") ? "*" : String($0) }.joined(separator: "/")
            described["/" + template] = Set(item.keys.filter { $0 != "parameters" }.map { $0.uppercased() })
        }
        var served: [String: Set<String>] = [:]
        for (path, methods) in apiRoutes + languageToolRoutes {
            served[path] = Set(methods.map(\.rawValue))
        }
        #expect(described == served)
    }

    /// Every operation names its answers, each error with the error body of its API.
    @Test func everyErrorAnswerHasTheErrorBodyOfItsAPI() throws {
        let document = Self.document
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let responses = try #require((document["components"] as? [String: Any])?["responses"] as? [String: [String: Any]])
        for (path, item) in paths {
            for (method, operation) in item where method != "parameters" {
                let answers = try #require((operation as? [String: Any])?["responses"] as? [String: Any], "\(method) \(path)")
                for (status, answer) in answers where !status.hasPrefix("2") {
                    // Only the readiness probe answers a failure with its own body.
                    guard let reference = (answer as? [String: Any])?["$ref"] as? String else {
                        #expect(path == "/readyz", "\(method) \(path) \(status)")
                        continue
                    }
                    let name = String(reference.split(separator: "/").last ?? "")
                    let content = try #require(responses[name]?["content"] as? [String: Any], "\(method) \(path) \(status)")
                    if path.hasPrefix("/v2/") {
                        #expect(Array(content.keys) == ["text/plain"], "\(method) \(path) \(status)")
                    } else {
                        #expect(Array(content.keys) == ["application/json"], "\(method) \(path) \(status)")
                    }
                }
            }
        }
    }

    @Test func aJSONBodyThatIsNotAnObjectIsNamedSo() async throws {
        try await TestServer.app().test(.router) { client in
            for body in [#"["text"]"#, #""text""#, "5", "null"] {
                try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.errorCode == "bad_json")
                    #expect(response.errorMessage == "The body must be a JSON object.", "\(body)")
                }
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: ByteBuffer(string: "[]")) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage == "The body must be a JSON object.")
            }
        }
    }

    @Test func aFieldOfTheWrongTypeIsNamed() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": 5])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_json")
                #expect(response.errorMessage == "Field 'word' has the wrong type.")
            }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: ByteBuffer(string: "{\"word\":")) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage == "The body is not valid JSON.")
            }
            let cases: [([String: Any], String)] = [
                (["text": 5], "Field 'text' has the wrong type."),
                (["text": "a", "picky": "yes"], "Field 'picky' has the wrong type."),
                (["text": "a", "preferredLanguages": "en"], "Field 'preferredLanguages' has the wrong type."),
                (["text": "a", "disabledRules": ["A", 2]], "Field 'disabledRules[1]' has the wrong type."),
            ]
            for (body, message) in cases {
                try await client.execute(uri: "/api/v1/check", method: .post, headers: json, body: .json(body)) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.errorMessage == message)
                }
            }
        }
    }

    /// A broken %-escape, or escapes that are not UTF-8, are refused in forms, query strings and
    /// path segments alike (a form's `%ff` was kept as it was, a query's became U+FFFD).
    @Test func brokenEscapesAreRefusedEverywhere() async throws {
        try await TestServer.app().test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let requests: [(String, HTTPRequest.Method, HTTPFields, String)] = [
                ("/api/v1/check", .post, form, "text=caf%ff"),
                ("/api/v1/check", .post, form, "text=50%"),
                ("/api/v1/check?language=%ff", .post, [.contentType: "text/plain"], "Some text."),
                ("/api/v1/check?language=en%ZZ", .post, form, "text=Some+text."),
                ("/api/v1/history?q=%ff", .get, [:], ""),
                ("/api/v1/insights?limit=%C3", .get, [:], ""),
                ("/api/v1/dictionary?language=%ff", .get, [:], ""),
                ("/api/v1/dictionary", .post, form, "word=caf%ff"),
                ("/api/v1/dictionary/caf%ff", .delete, [:], ""),
            ]
            for (uri, method, headers, body) in requests {
                try await client.execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "\(method) \(uri) \(body)")
                    #expect(response.errorCode == "bad_form", "\(method) \(uri) \(body)")
                    #expect(response.errorMessage.hasPrefix("A parameter is not properly form-encoded"), "\(method) \(uri) \(body)")
                }
            }
        }
    }

    @Test func formsQueryStringsAndPathsDecode() throws {
        #expect(try FormDecoder.decode(Array("q=two+words&language=en%2DUS&x".utf8)) == ["q": "two words", "language": "en-US", "x": ""])
        #expect(try FormDecoder.decode(Array("a%20b=1&a+b=2".utf8)) == ["a b": "1"])
        #expect(throws: APIError.self) { try FormDecoder.decode(Array("a%20b=1&a+b=2".utf8), allowingRepeats: false) }
        #expect(try FormDecoder.pathSegment("C++%20x") == "C++ x")
        #expect(throws: APIError.self) { try FormDecoder.pathSegment("caf%ff") }
    }

    @Test func aWordWithAPlusSignIsRemovedByItsPath() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "C++"])) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/api/v1/dictionary/C++", method: .delete) { #expect($0.status == .noContent) }
            try await client.execute(uri: "/api/v1/dictionary", method: .post, headers: json, body: .json(["word": "naïve"])) { _ in }
            try await client.execute(uri: "/api/v1/dictionary/na%C3%AFve", method: .delete) { #expect($0.status == .noContent) }
        }
    }

    /// A number given empty, or with a sign, is refused as the document says (it was read as not given).
    @Test func emptyOrSignedNumbersAreRefused() async throws {
        try await TestServer.app().test(.router) { client in
            for uri in ["/api/v1/history?before=", "/api/v1/history?limit=", "/api/v1/history?limit=+5", "/api/v1/insights?days=",
                        "/api/v1/history/+5"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(response.errorCode == "bad_request", "\(uri)")
                }
            }
            for uri in ["/v2/words?limit=", "/v2/words?offset=", "/v2/words?offset=+1"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(String(buffer: response.body).hasPrefix("Error: '"), "\(uri)")
                }
            }
            try await client.execute(uri: "/api/v1/history?limit=5", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// Query options apply to a JSON body too, as the document has them for every body type;
    /// the body's own fields win.
    @Test func queryOptionsApplyToJSONBodies() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check?language=fr&store=false", method: .post, headers: json, body: .json(["text": "Je suis trés content."])
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "fr")
                #expect(response.json["id"] is NSNull)
            }
            try await client.execute(
                uri: "/api/v1/check?language=fr", method: .post, headers: json, body: .json(["text": "I recieve it.", "language": "en-US"])
            ) { response in
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "en-US")
            }
            try await client.execute(uri: "/api/v1/check?picky=maybe", method: .post, headers: json, body: .json(["text": "Hello."])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage == "'picky' must be true or false, not 'maybe'.")
            }
        }
    }

    /// A parameter given twice under `/api/v1` is refused (the first was used, whatever the
    /// second said); `/v2` keeps LanguageTool's first-wins.
    @Test func repeatedParametersAreRefusedUnderAPIV1() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/insights?limit=5&limit=abc", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_form")
                #expect(response.errorMessage == "The parameter 'limit' is given more than once.")
            }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "text=One.&text=Two.")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage == "The parameter 'text' is given more than once.")
            }
            try await client.execute(uri: "/v2/words?limit=5&limit=abc", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// The document lists every error code, and only them: clients may rely on the list.
    @Test func listsEveryErrorCode() throws {
        let schemas = try #require((Self.document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let error = try #require((schemas["Error"] as? [String: Any])?["properties"] as? [String: Any])
        let inner = try #require((error["error"] as? [String: Any])?["properties"] as? [String: Any])
        let codes = try #require((inner["code"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(codes) == Set(ErrorCode.allCases.map(\.rawValue)))
    }

    /// The categories and explanation kinds of a match are the core's, every one of them.
    @Test func listsEveryCategoryAndKindOfAMatch() throws {
        let schemas = try #require((Self.document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func enumeration(_ schema: String, _ property: String) throws -> [String] {
            let properties = try #require((schemas[schema] as? [String: Any])?["properties"] as? [String: Any])
            return try #require((properties[property] as? [String: Any])?["enum"] as? [String])
        }
        #expect(Set(try enumeration("Match", "category")) == Set(MatchCategory.allCases.map(\.rawValue)))
        #expect(Set(try enumeration("Explanation", "kind")) == Set(ExplanationKind.allCases.map(\.rawValue)))
    }

    /// A match's schema lists exactly the fields a match is written with (its language too), and
    /// `mixedLanguages` is described wherever a check takes its options.
    @Test func describesEveryFieldOfAMatchAndMixedLanguages() throws {
        let schemas = try #require((Self.document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func properties(_ schema: String) throws -> [String: Any] {
            try #require((schemas[schema] as? [String: Any])?["properties"] as? [String: Any])
        }
        let match = Match(
            offset: 0, length: 3, text: "teh", category: .spelling, rule: "SPELLING", message: "m", shortMessage: "s",
            suggestions: ["the"], explanation: Explanation(kind: .transposition, title: "t", detail: "d"), language: "en-US"
        )
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(CheckResultJSON.encode([match], escapingSlashes: false))) as? [[String: Any]]
        )
        #expect(Set(try properties("Match").keys) == Set(written[0].keys))
        #expect(try properties("CheckRequest")["mixedLanguages"] != nil)
        #expect(try properties("CheckForm")["mixedLanguages"] != nil)
        #expect(try properties("LTCheckResponse")["extendedSentenceRanges"] != nil)
        let parameters = try #require((Self.document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        #expect(parameters["mixedLanguages"] != nil)
        let paths = try #require(Self.document["paths"] as? [String: Any])
        let check = try #require((paths["/api/v1/check"] as? [String: Any])?["post"] as? [String: Any])
        let references = (check["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(references.contains("#/components/parameters/mixedLanguages"))
        let v2 = try #require((paths["/v2/check"] as? [String: Any])?["get"] as? [String: Any])
        #expect((v2["parameters"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "mixedLanguages" })
    }
}
