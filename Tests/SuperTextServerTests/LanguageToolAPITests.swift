import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextCore
@testable import SuperTextServer
import SuperTextStore
@testable import SuperTextSQLite

/// The LanguageTool-compatible API (`/v2`): LanguageTool's parameters, response shape and errors.
@Suite("LanguageTool API")
struct LanguageToolAPITests {
    let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// POSTs form fields to `/v2/check` and hands the response to `check`.
    func check(
        _ fields: [(String, String)], app configure: (inout ServerConfiguration) -> Void = { _ in },
        _ check: @escaping @Sendable (TestResponse) throws -> Void
    ) async throws {
        try await TestServer.app(configure).test(.router) { client in
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(fields)) { try check($0) }
        }
    }

    // MARK: The response

    @Test func aCheckAnswersInLanguageToolsShapeWithUTF16Offsets() async throws {
        // Given a text with an emoji before a typo and a repeated word
        try await check([("text", "Café 😀 teh cat sat on the the mat."), ("language", "en-US")]) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let json = response.json
            let software = try #require(json["software"] as? [String: Any])
            #expect(software["name"] as? String == "SuperText")
            #expect(software["apiVersion"] as? Int == 1)
            #expect(software["version"] as? String == SuperTextVersion.current)
            #expect((json["warnings"] as? [String: Any])?["incompleteResults"] as? Bool == false)
            let language = try #require(json["language"] as? [String: Any])
            #expect(language["code"] as? String == "en-US")
            #expect(language["name"] as? String == "English (US)")
            let detected = try #require(language["detectedLanguage"] as? [String: Any])
            #expect(detected["code"] as? String == "en-US" && detected["name"] is String && detected["confidence"] is Double)

            // Then the typo is at UTF-16 offset 8 (the emoji counts two), explained, in TYPOS
            let matches = try #require(json["matches"] as? [[String: Any]])
            let typo = try #require(matches.first { $0["offset"] as? Int == 8 })
            #expect(typo["length"] as? Int == 3)
            #expect((typo["replacements"] as? [[String: Any]])?.first?["value"] as? String == "the")
            #expect((typo["message"] as? String)?.contains("swapped") == true)
            #expect(typo["shortMessage"] as? String == "Spelling mistake")
            #expect((typo["type"] as? [String: Any])?["typeName"] as? String == "UnknownWord")
            #expect(typo["sentence"] as? String == "Café 😀 teh cat sat on the the mat.")
            let rule = try #require(typo["rule"] as? [String: Any])
            #expect(rule["issueType"] as? String == "misspelling")
            #expect(rule["description"] as? String == "Possible spelling mistake")
            let category = try #require(rule["category"] as? [String: Any])
            #expect(category["id"] as? String == "TYPOS")
            #expect(category["name"] as? String == "Possible Typo")
            let context = try #require(typo["context"] as? [String: Any])
            #expect(context["text"] as? String == "Café 😀 teh cat sat on the the mat.")
            #expect(context["offset"] as? Int == 8)
            #expect(context["length"] as? Int == 3)

            // And the repeated word is a grammar match
            let repeated = try #require(matches.first { ($0["rule"] as? [String: Any])?["id"] as? String == "REPEATED_WORD" })
            let repeatedRule = try #require(repeated["rule"] as? [String: Any])
            #expect(repeatedRule["issueType"] as? String == "grammar")
            #expect((repeatedRule["category"] as? [String: Any])?["id"] as? String == "GRAMMAR")
            #expect((repeated["type"] as? [String: Any])?["typeName"] as? String == "Other")
            #expect(json["sentenceRanges"] as? [[Int]] == [[0, 35]])
        }
    }

    @Test func getReadsTheParametersFromTheQueryString() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/v2/check?language=en-US&text=I+recieve+it%21", method: .get) { response in
                #expect(response.status == .ok)
                let match = try #require((response.json["matches"] as? [[String: Any]])?.first)
                #expect(match["offset"] as? Int == 2)
                #expect(match["length"] as? Int == 7)
            }
        }
    }

    @Test func contextIsFortyCharactersEachSideWithEllipses() async throws {
        let before = String(repeating: "plain words ", count: 10)
        let after = String(repeating: " more words", count: 10)
        try await check([("text", before + "tpyo" + after), ("language", "en-US")]) { response in
            let match = try #require((response.json["matches"] as? [[String: Any]])?.first)
            let context = try #require(match["context"] as? [String: Any])
            let text = try #require(context["text"] as? String)
            let offset = try #require(context["offset"] as? Int)
            #expect(text.hasPrefix("...") && text.hasSuffix("..."))
            #expect(text.utf16.count == 3 + 40 + 4 + 40 + 3)
            let units = Array(text.utf16)
            #expect(String(decoding: units[offset..<(offset + 4)], as: UTF16.self) == "tpyo")
        }
    }

    @Test func checkedTextsAreNotStoredInHistory() async throws {
        let database = try AppDatabase.inMemory()
        try await TestServer.app(database: database).test(.router) { client in
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form([("text", "A tpyo."), ("language", "en")])) {
                #expect($0.status == .ok)
            }
        }
        #expect(try await database.history().items.isEmpty)
    }

    // MARK: Languages

    @Test func autoDetectsTheLanguage() async throws {
        try await check([("text", "Le chat dort sur le canapé depuis ce matin."), ("language", "auto")]) { response in
            let language = try #require(response.json["language"] as? [String: Any])
            #expect(language["code"] as? String == "fr")
            let detected = try #require(language["detectedLanguage"] as? [String: Any])
            #expect(detected["code"] as? String == "fr")
            #expect((detected["confidence"] as? Double ?? 0) > 0.5)
        }
    }

    @Test(arguments: [
        ("The colour of the sky is grey today.", "en-GB,de-AT", "en-GB"),
        ("The color of the sky is gray today.", "en-US", "en-US"),
        // de-AT is not installed: it stands for the installed German.
        ("Der Hund schläft seit heute Morgen auf dem Sofa.", "en-GB,de-AT", "de-DE"),
        // A variant of a language that is not installed at all is ignored.
        ("Le chat dort sur le canapé depuis ce matin.", "pt-BR", "fr"),
    ])
    func preferredVariantsChooseTheVariantOfTheDetectedLanguage(text: String, variants: String, expected: String) async throws {
        try await check([("text", text), ("language", "auto"), ("preferredVariants", variants)]) { response in
            #expect(response.status == .ok)
            #expect((response.json["language"] as? [String: Any])?["code"] as? String == expected)
        }
    }

    @Test func aGrammarMatchSaysWhatIsWrongHereBeforeTheLesson() async throws {
        try await check([("text", "I know she don't care."), ("language", "en-US")]) { response in
            let matches = try #require(response.json["matches"] as? [[String: Any]])
            let agreement = try #require(matches.first { ($0["rule"] as? [String: Any])?["id"] as? String == "EN_HE_DONT" })
            let message = try #require(agreement["message"] as? String)
            // The specific message, which clients show as the tooltip, then the fact behind it.
            #expect(message.hasPrefix("After 'she', write 'doesn't', not 'don't'. "), "\(message)")
            #expect(message.contains("'Don't' is 'do not'"), "\(message)")
        }
    }

    @Test func languagesListsEveryInstalledLanguageWithCodeAndLongCode() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/v2/languages", method: .get) { response in
                #expect(response.status == .ok)
                let languages = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: String]])
                for expected in [
                    ["name": "English (US)", "code": "en", "longCode": "en-US"],
                    ["name": "English (UK)", "code": "en", "longCode": "en-GB"],
                    ["name": "English", "code": "en", "longCode": "en"],
                    ["name": "French", "code": "fr", "longCode": "fr"],
                    ["name": "German (Germany)", "code": "de", "longCode": "de-DE"],
                    ["name": "Spanish (Spain)", "code": "es", "longCode": "es-ES"],
                ] {
                    #expect(languages.contains(expected), "missing \(expected)")
                }
                #expect(languages.map(\.["name"]!) == languages.map(\.["name"]!).sorted())
            }
        }
    }

    @Test func healthcheckSaysOK() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/v2/healthcheck", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "OK")
            }
        }
    }

    // MARK: Rules and levels

    /// The rule identifiers of a response's matches.
    static func ruleIDs(_ response: TestResponse) -> [String] {
        (response.json["matches"] as? [[String: Any]] ?? []).compactMap { ($0["rule"] as? [String: Any])?["id"] as? String }
    }

    static let messyText = "Ths  sentence has has a tpyo ."
    static let longSentence = (["This", "tpyo"] + Array(repeating: "word", count: 45)).joined(separator: " ") + "."

    @Test(arguments: [
        ([], ["SPELLING", "DOUBLE_SPACE", "REPEATED_WORD", "SPELLING", "SPACE_BEFORE_PUNCTUATION"]),
        ([("disabledRules", "SPELLING")], ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION"]),
        ([("disabledCategories", "TYPOS")], ["DOUBLE_SPACE", "REPEATED_WORD", "SPACE_BEFORE_PUNCTUATION"]),
        ([("disabledCategories", "TYPOGRAPHY,GRAMMAR")], ["SPELLING", "SPELLING"]),
        // LanguageTool's names for the same rules, and unknown identifiers, which are ignored.
        ([("disabledRules", "WHITESPACE_RULE,ENGLISH_WORD_REPEAT_RULE,NO_SUCH_RULE")], ["SPELLING", "SPELLING", "SPACE_BEFORE_PUNCTUATION"]),
        ([("enabledRules", "REPEATED_WORD"), ("enabledOnly", "true")], ["REPEATED_WORD"]),
        ([("enabledCategories", "TYPOS"), ("enabledOnly", "yes")], ["SPELLING", "SPELLING"]),
        ([("enabledCategories", "NO_SUCH_CATEGORY")], ["SPELLING", "DOUBLE_SPACE", "REPEATED_WORD", "SPELLING", "SPACE_BEFORE_PUNCTUATION"]),
    ] as [([(String, String)], [String])])
    func ruleParametersChooseTheRules(parameters: [(String, String)], expected: [String]) async throws {
        try await check([("text", Self.messyText), ("language", "en-US")] + parameters) { response in
            #expect(response.status == .ok)
            #expect(Self.ruleIDs(response) == expected)
        }
    }

    @Test(arguments: [
        ([], false),
        ([("level", "default")], false),
        ([("level", "picky")], true),
        ([("enabledRules", "LONG_SENTENCE")], true),
        ([("enabledRules", "TOO_LONG_SENTENCE")], true),
        ([("level", "picky"), ("disabledCategories", "STYLE")], false),
    ] as [([(String, String)], Bool)])
    func pickyRulesRunAtThePickyLevelOrWhenEnabled(parameters: [(String, String)], flagsTheLongSentence: Bool) async throws {
        try await check([("text", Self.longSentence), ("language", "en-US")] + parameters) { response in
            #expect(response.status == .ok)
            #expect(Self.ruleIDs(response).contains("LONG_SENTENCE") == flagsTheLongSentence)
            #expect(Self.ruleIDs(response).contains("SPELLING"))
        }
    }

    // MARK: Annotated text

    @Test func annotationOffsetsCountTheMarkupAndMarkupIsNeverChecked() async throws {
        let data = """
            {"annotation": [
              {"text": "A "}, {"markup": "<b>"}, {"text": "tpyo"}, {"markup": "</b>"}, {"text": " "},
              {"markup": "<img alt='qxzvwk'>", "interpretAs": "qxzvwk"}, {"text": " and a secnd one."}
            ]}
            """
        try await check([("data", data), ("language", "en-US")]) { response in
            #expect(response.status == .ok)
            let matches = try #require(response.json["matches"] as? [[String: Any]])
            // Then only the typos in text are reported, at offsets in text + markup
            #expect(matches.count == 2)
            let original = "A <b>tpyo</b> <img alt='qxzvwk'> and a secnd one."
            for (match, word) in zip(matches, ["tpyo", "secnd"]) {
                let offset = try #require(match["offset"] as? Int)
                let length = try #require(match["length"] as? Int)
                let units = Array(original.utf16)
                #expect(String(decoding: units[offset..<(offset + length)], as: UTF16.self) == word)
                #expect((match["context"] as? [String: Any])?["text"] as? String == original)
            }
        }
    }

    @Test func dataWithTextIsChecked() async throws {
        try await check([("data", #"{"text": "A tpyo here."}"#), ("language", "en-US")]) { response in
            #expect(response.status == .ok)
            #expect(Self.ruleIDs(response) == ["SPELLING"])
        }
    }

    @Test(arguments: [
        #"not json"#,
        #"{"text": "a", "annotation": []}"#,
        #"{"other": 1}"#,
        #"{"annotation": [{"text": "a", "markup": "<b>"}]}"#,
        #"{"annotation": [{"text": "a", "interpretAs": "b"}]}"#,
        #"{"annotation": [{"interpretAs": "b"}]}"#,
    ])
    func badDataIs400(data: String) async throws {
        try await check([("data", data), ("language", "en-US")]) { response in
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).hasPrefix("Error: "))
        }
    }

    // MARK: Errors

    @Test(arguments: [
        ([("language", "en-US")], "Missing 'text' or 'data'"),
        ([("text", "x")], "Missing 'language'"),
        ([("text", "x"), ("data", #"{"text": "x"}"#), ("language", "en")], "not both"),
        ([("text", "x"), ("language", "tlh")], "en-US"),
        ([("text", "x"), ("language", "en-US"), ("preferredVariants", "en-GB")], "language=auto"),
        ([("text", "x"), ("language", "en-US"), ("level", "pedantic")], "'level'"),
        ([("text", "x"), ("language", "en-US"), ("enabledOnly", "true")], "enabled rules or categories"),
        ([("text", "x"), ("language", "en-US"), ("enabledOnly", "true"), ("enabledRules", "SPELLING"), ("disabledRules", "DOUBLE_SPACE")], "disabled"),
    ] as [([(String, String)], String)])
    func badParametersAre400InPlainText(parameters: [(String, String)], mentions: String) async throws {
        try await check(parameters) { response in
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let body = String(buffer: response.body)
            #expect(body.hasPrefix("Error: "))
            #expect(body.contains(mentions), "\(body)")
        }
    }

    @Test func aBrokenPercentEscapeIs400() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: ByteBuffer(string: "language=en&text=100%zz")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).hasPrefix("Error: "))
            }
        }
    }

    @Test func aTextOverTheLimitIs413NamingTheLimit() async throws {
        try await check([("text", String(repeating: "word ", count: 30)), ("language", "en-US")], app: { $0.bodyLimit = 100 }) { response in
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body) == "Error: Your text exceeds the limit of 100 characters (it's 150 characters). Please submit a shorter text.")
        }
    }

    @Test func aRequestFarOverTheLimitIs413() async throws {
        let text = String(repeating: "word ", count: 40_000)
        try await check([("text", text), ("language", "en-US")], app: { $0.bodyLimit = 100 }) { response in
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).hasPrefix("Error: "))
            #expect(String(buffer: response.body).contains("bytes"))
        }
    }

    @Test func aFullQueueIs503InPlainText() async throws {
        let pool = TestServer.pool(workers: 1, queueLimit: 1, timeout: nil)
        defer { pool.shutdown() }
        let body = ByteBuffer.form([("text", TestServer.longText(paragraphs: 60)), ("language", "en-US")])
        try await TestServer.app(pool: pool).test(.router) { client in
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: body) {
                            ($0.status.code, String(buffer: $0.body))
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.contains { $0.0 == 200 })
            let refused = answers.filter { $0.0 == 503 }
            #expect(!refused.isEmpty)
            #expect(refused.allSatisfy { $0.1.hasPrefix("Error: ") })
        }
    }

    @Test func otherBodyTypesAre400() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/v2/check", method: .post, headers: [.contentType: "application/json"], body: .json(["text": "x", "language": "en"])
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("form-encoded"))
            }
        }
    }

    @Test func unknownV2RoutesAre404AndWrongMethods405InPlainText() async throws {
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/v2/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).hasPrefix("Error: "))
            }
            try await client.execute(uri: "/v2/check", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD, POST")
                #expect(String(buffer: response.body).hasPrefix("Error: "))
            }
            try await client.execute(uri: "/v2/words/add", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
            }
            // /api/v1 keeps its JSON errors.
            try await client.execute(uri: "/api/v1/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.errorCode == "not_found")
            }
        }
    }

    // MARK: Words

    @Test func wordsAddedThroughV2AreAcceptedAndListedAndCanBeDeleted() async throws {
        try await TestServer.app().test(.router) { client in
            let sentence: [(String, String)] = [("text", "Zorblax is here."), ("language", "en-US")]
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(sentence)) {
                #expect(Self.ruleIDs($0) == ["SPELLING"])
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", "Zorblax")])) {
                #expect($0.status == .ok)
                #expect($0.json["added"] as? Bool == true)
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", "Zorblax")])) {
                #expect($0.json["added"] as? Bool == false)
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(sentence)) {
                #expect(Self.ruleIDs($0).isEmpty)
            }
            try await client.execute(uri: "/v2/words", method: .get) {
                #expect($0.json["words"] as? [String] == ["Zorblax"])
            }
            // The same dictionary as /api/v1/dictionary.
            try await client.execute(uri: "/api/v1/dictionary", method: .get) {
                #expect(($0.json["words"] as? [[String: Any]])?.first?["word"] as? String == "Zorblax")
            }
            try await client.execute(uri: "/v2/words/delete", method: .post, headers: formHeaders, body: .form([("word", "Zorblax")])) {
                #expect($0.json["deleted"] as? Bool == true)
            }
            try await client.execute(uri: "/v2/words/delete", method: .post, headers: formHeaders, body: .form([("word", "Zorblax")])) {
                #expect($0.json["deleted"] as? Bool == false)
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(sentence)) {
                #expect(Self.ruleIDs($0) == ["SPELLING"])
            }
        }
    }

    @Test func dictNamesALanguageAndWordsArePaged() async throws {
        try await TestServer.app().test(.router) { client in
            for (word, dict) in [("alpha", "fr"), ("bravo", ""), ("charlie", "en-GB"), ("delta", "en")] {
                try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", word), ("dict", dict)])) {
                    #expect($0.status == .ok)
                }
            }
            try await client.execute(uri: "/v2/words?offset=1&limit=2", method: .get) {
                #expect($0.json["words"] as? [String] == ["bravo", "charlie"])
            }
            try await client.execute(uri: "/v2/words?dicts=fr", method: .get) {
                #expect($0.json["words"] as? [String] == ["alpha", "bravo"])
            }
            try await client.execute(uri: "/v2/words?dicts=fr,en", method: .get) {
                #expect($0.json["words"] as? [String] == ["alpha", "bravo", "delta"])
            }
            try await client.execute(uri: "/api/v1/dictionary?language=en-GB", method: .get) {
                let words = ($0.json["words"] as? [[String: Any]])?.compactMap { $0["word"] as? String }
                #expect(words == ["bravo", "charlie"])
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", "echo"), ("dict", "klingon")])) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body).hasPrefix("Error: Unknown dict"))
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", "two words")])) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("dict", "en")])) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body) == "Error: Missing 'word' parameter.")
            }
            try await client.execute(uri: "/v2/words?limit=0", method: .get) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body) == "Error: 'limit' must be a whole number from 1 to 10000, not '0'.")
            }
            try await client.execute(uri: "/v2/words?offset=-1", method: .get) {
                #expect(String(buffer: $0.body) == "Error: 'offset' must be a whole number 0 or more, not '-1'.")
            }
        }
    }

    // MARK: The API token

    @Test func withATokenWordsNeedItAsApiKeyOrBearerAndChecksDoNot() async throws {
        try await TestServer.app { $0.apiToken = "s3cret" }.test(.router) { client in
            try await client.execute(uri: "/v2/words", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).hasPrefix("Error: Authentication failed"))
            }
            try await client.execute(uri: "/v2/words?apiKey=wrong", method: .get) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/v2/words?username=me&apiKey=s3cret", method: .get) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/v2/words/add", method: .post, headers: formHeaders, body: .form([("word", "Zorblax"), ("apiKey", "s3cret")])) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/v2/words/delete", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .authorization: "Bearer s3cret"], body: .form([("word", "Zorblax")])) {
                #expect($0.json["deleted"] as? Bool == true)
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form([("text", "A tpyo."), ("language", "en")])) {
                #expect($0.status == .ok)
            }
        }
    }

    @Test func withProtectedChecksTheCheckNeedsTheTokenToo() async throws {
        try await TestServer.app { $0.apiToken = "s3cret"; $0.protectChecks = true }.test(.router) { client in
            let fields: [(String, String)] = [("text", "A tpyo."), ("language", "en")]
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(fields)) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/v2/check", method: .post, headers: formHeaders, body: .form(fields + [("apiKey", "s3cret")])) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/v2/languages", method: .get) {
                #expect($0.status == .ok)
            }
        }
    }
}

extension ByteBuffer {
    /// A form-encoded body (`application/x-www-form-urlencoded`), as browsers and `requests` send it.
    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._* ")
        let body = fields.map { name, value in
            let escape = { (text: String) in
                text.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: " ", with: "+")
            }
            return escape(name) + "=" + escape(value)
        }.joined(separator: "&")
        return ByteBuffer(string: body)
    }
}
