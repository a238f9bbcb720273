import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

@Suite("Check API")
struct CheckAPITests {
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    @Test func checksJSONBodyWithUTF16OffsetsAndCorrectedText() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": "Café 😀 teh cat sat on the the mat.", "language": "en-US"])
            ) { response in
                #expect(response.status == .ok)
                let json = response.json
                let matches = try #require(json["matches"] as? [[String: Any]])
                let typo = try #require(matches.first { $0["text"] as? String == "teh" })
                #expect(typo["offset"] as? Int == 8)
                #expect(typo["length"] as? Int == 3)
                #expect(typo["category"] as? String == "spelling")
                #expect((typo["suggestions"] as? [String])?.isEmpty == false)
                let explanation = try #require(typo["explanation"] as? [String: Any])
                #expect(explanation["kind"] is String && explanation["title"] is String && explanation["detail"] is String)
                #expect(matches.contains { $0["rule"] as? String == "REPEATED_WORD" })
                #expect((json["correctedText"] as? String)?.contains("the mat") == true)
                #expect(!(json["correctedText"] as? String ?? "").contains("the the"))
                let language = try #require(json["language"] as? [String: Any])
                #expect(language["code"] as? String == "en-US")
                #expect(language["detected"] as? Bool == false)
                let stats = try #require(json["stats"] as? [String: Any])
                #expect(stats["matches"] as? Int == matches.count)
                #expect(json.keys.contains("id"))
            }
        }
    }

    @Test func detectsTheLanguageByDefault() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                body: .json(["text": "Le chat dort sur le canapé depuis ce matin."])
            ) { response in
                let language = try #require(response.json["language"] as? [String: Any])
                #expect(language["code"] as? String == "fr")
                #expect(language["detected"] as? Bool == true)
                #expect((language["confidence"] as? Double ?? 0) > 0.5)
            }
        }
    }

    @Test func acceptsPlainTextWithQueryOptions() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check?language=fr&explanationLanguage=en", method: .post,
                headers: [.contentType: "text/plain; charset=utf-8"], body: ByteBuffer(string: "Je suis trés content.")
            ) { response in
                #expect(response.status == .ok)
                #expect((response.json["language"] as? [String: Any])?["code"] as? String == "fr")
                let match = try #require((response.json["matches"] as? [[String: Any]])?.first)
                #expect(match["text"] as? String == "trés")
            }
        }
    }

    @Test func acceptsFormBodies() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "text=I+recieve+it&language=en-US")
            ) { response in
                #expect(response.status == .ok)
                let match = try #require((response.json["matches"] as? [[String: Any]])?.first)
                #expect(match["text"] as? String == "recieve")
            }
        }
    }

    @Test func anEmptyTextIsACleanResult() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": ""])) { response in
                #expect(response.status == .ok)
                #expect((response.json["matches"] as? [Any])?.isEmpty == true)
                #expect(response.json["correctedText"] as? String == "")
            }
        }
    }

    @Test func malformedJSONIs400() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"text\": ")) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "bad_json")
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": 42])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage.contains("text"))
            }
        }
    }

    @Test func missingTextIs400() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["language": "en"])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "missing_text")
            }
        }
    }

    @Test func invalidUTF8Is400WithTheByteOffset() async throws {
        try await TestServer.app().test(.router) { client in
            var body = ByteBuffer(string: "Hello ")
            body.writeBytes([0xFF, 0xFE])
            try await client.execute(uri: "/api/v1/check", method: .post, headers: [.contentType: "text/plain"], body: body) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "invalid_utf8")
                #expect(response.errorMessage.contains("byte offset 6"))
            }
        }
    }

    @Test func unknownLanguageIs422ListingInstalledOnes() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "x", "language": "tlh"])) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.errorCode == "unknown_language")
                #expect(response.errorMessage.contains("en-US"))
            }
        }
    }

    @Test func badOptionsAre400() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "x", "format": "rtf"])) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "x", "explanationLanguage": "ja"])) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "x", "language": "en", "preferredLanguages": ["fr"]])) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/v1/check", method: .post, headers: jsonHeaders, body: .json(["text": "x", "language": "en", "preferredVariants": ["en-GB"]])) { response in
                #expect(response.status == .badRequest)
                #expect(response.errorMessage.contains("preferredVariants"))
            }
        }
    }

    @Test func preferredVariantsChooseTheVariantAutoChecksIn() async throws {
        try await TestServer.app().test(.router) { client in
            for (variants, expected) in [(["en-GB"], "en-GB"), (["en-US"], "en-US")] {
                try await client.execute(
                    uri: "/api/v1/check", method: .post, headers: jsonHeaders,
                    body: .json(["text": "The weather in the city is nice today, and we walk.", "language": "auto", "preferredVariants": variants])
                ) { response in
                    #expect(response.status == .ok)
                    #expect((response.json["language"] as? [String: Any])?["code"] as? String == expected, "\(variants)")
                }
            }
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        try await TestServer.app { $0.bodyLimit = 100 }.test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: String(repeating: "word ", count: 50))
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.errorCode == "body_too_large")
                #expect(response.errorMessage.contains("100 bytes"))
            }
        }
    }

    @Test func unsupportedContentTypeIs415() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/check", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: "<t/>")) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(response.errorCode == "unsupported_media_type")
            }
        }
    }

    @Test func unknownRouteIs404AndWrongMethodIs405() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "not_found")
            }
            try await client.execute(uri: "/api/v1/check", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
                #expect(response.errorCode == "method_not_allowed")
            }
            try await client.execute(uri: "/api/v1/languages", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
    }

    @Test func aFullQueueIs503WithRetryAfter() async throws {
        let pool = TestServer.pool(workers: 1, queueLimit: 1, timeout: nil)
        defer { pool.shutdown() }
        let text = TestServer.longText(paragraphs: 60)
        try await TestServer.app(pool: pool).test(.router) { client in
            let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.execute(
                            uri: "/api/v1/check", method: .post, headers: [.contentType: "text/plain"],
                            body: ByteBuffer(string: text)
                        ) { ($0.status.code, $0.headers[.retryAfter]) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.contains { $0.0 == 200 })
            let refused = statuses.filter { $0.0 == 503 }
            #expect(!refused.isEmpty)
            #expect(refused.allSatisfy { $0.1 == "1" })
        }
    }

    @Test func aCheckOverTheTimeLimitIs503() async throws {
        let pool = TestServer.pool(workers: 1, queueLimit: 8, timeout: .milliseconds(1))
        defer { pool.shutdown() }
        try await TestServer.app(pool: pool).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: TestServer.longText(paragraphs: 100))
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.errorCode == "timeout")
            }
        }
    }

    @Test func acceptEventStreamOnCheckStreams() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post,
                headers: [.contentType: "application/json", .accept: "text/event-stream"],
                body: .json(["text": "Ths is a tst.", "language": "en-US"])
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") == true)
                let body = String(buffer: response.body)
                let loading = try #require(body.range(of: "event: loading"))
                let loaded = try #require(body.range(of: "event: loaded"))
                #expect(loading.lowerBound < loaded.lowerBound)
            }
        }
    }
}

@Suite("Service routes")
struct ServiceRouteTests {
    @Test func healthAndReadiness() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.json["status"] as? String == "ok")
            }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect((response.json["languages"] as? [String])?.contains("en-US") == true)
            }
        }
    }

    /// `supertext check` with nothing to check lets its pool go right after `shutdown`, before
    /// the workers may have run: a worker that read the pool then crashed the command (it held
    /// it unowned). Many pools let go at once, as the command does, on threads that start late.
    @Test func aPoolLetGoRightAfterItsShutdownEndsCleanly() async throws {
        for _ in 0..<50 {
            var configuration = ProofreadingPool.Configuration(workers: 2, queueLimit: 4, timeout: nil)
            configuration.loadsEverythingAtStart = false
            let pool = ProofreadingPool(catalog: TestServer.sharedPool.catalog, configuration: configuration)
            pool.shutdown()
        }
        try await Task.sleep(for: .milliseconds(200))  // the workers run, and find no pool
    }

    @Test func aDictionaryThatCannotBeLoadedIsNamedByReadyzWhileTheOthersServe() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-readyz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("SET ISCII-DEVANAGARI\n".utf8).write(to: directory.appendingPathComponent("hi_IN.aff"))
        try Data("1\nword\n".utf8).write(to: directory.appendingPathComponent("hi_IN.dic"))
        let catalog = DictionaryCatalog(searchPath: [directory.path] + TestServer.sharedPool.catalog.searchPath)
        let pool = ProofreadingPool(catalog: catalog, configuration: .init(workers: 1, queueLimit: 8, timeout: nil, partSize: 1024))
        try await TestServer.app(pool: pool).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "application/json"],
                body: .json(["text": "A tpyo here.", "language": "en-US"])
            ) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                let problems = try #require(response.json["dictionaryProblems"] as? [[String: String]])
                #expect(problems == [["file": "hi_IN.aff", "reason": "its encoding ISCII-DEVANAGARI cannot be read on this system"]])
                #expect((response.json["languages"] as? [String])?.contains("hi-IN") == false)
            }
        }
        pool.shutdown()
    }

    @Test func languagesListsInstalledOnesWithNames() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/languages", method: .get) { response in
                let languages = try #require(response.json["languages"] as? [[String: Any]])
                let english = try #require(languages.first { $0["code"] as? String == "en-US" })
                #expect(english["name"] as? String == "English (US)")
                for code in ["en-GB", "fr", "de-DE", "es-ES"] {
                    #expect(languages.contains { $0["code"] as? String == code })
                }
            }
        }
    }

    @Test func servesTheFrontEndWithASecurityPolicy() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("SuperText"))
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[.init("X-Request-Id")!] != nil)
            }
        }
    }
}
