import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextServer

/// `/v2/check` answers grow with the text, not with matches × text: every match carries a
/// window of its sentence and a bounded context.
@Suite("LanguageTool answer size")
struct LanguageToolAnswerSizeTests {
    @Test func aLongTextWithoutSentenceBreaksGetsAnAnswerBoundedByItsSize() async throws {
        // 25 KB without a sentence break, a typo every four bytes: the whole text was copied into
        // each of its 6,144 matches (309 MB).
        let request = ByteBuffer(string: "language=en-US&text=" + String(repeating: "teh+", count: 6144))
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/v2/check", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: request
            ) { response in
                #expect(response.status == .ok)
                let matches = try #require(response.json["matches"] as? [[String: Any]])
                #expect(matches.count >= 6000)
                // About 700 bytes a match, as LanguageTool's own answers.
                #expect(response.body.readableBytes < 250 * request.readableBytes, "\(response.body.readableBytes) bytes")
                for match in matches {
                    let sentence = try #require(match["sentence"] as? String)
                    #expect(sentence.utf16.count <= 2 * LanguageToolResponse.sentenceWindow + 3)
                    #expect(sentence.contains("teh"))
                    let context = try #require(match["context"] as? [String: Any])
                    #expect((context["text"] as? String ?? "").utf16.count <= 2 * LanguageToolResponse.contextSize + 3 + 6)
                }
            }
        }
    }

    @Test func aLongMatchIsShownInPartInItsContextAndSentence() throws {
        let text = Array(String(repeating: "word ", count: 2000).utf16)
        let context = LanguageToolResponse.context(of: (offset: 5, length: 9000), in: text)
        #expect(context.length == LanguageToolResponse.matchShown)
        #expect(context.text.utf16.count <= LanguageToolResponse.matchShown + 2 * LanguageToolResponse.contextSize + 6)
        let window = LanguageToolResponse.window(of: 0..<text.count, around: 5..<9005, in: text)
        #expect(window == 0..<(5 + LanguageToolResponse.matchShown + LanguageToolResponse.sentenceWindow))
        let short = LanguageToolResponse.window(of: 100..<120, around: 105..<108, in: text)
        #expect(short == 100..<120)
    }
}
