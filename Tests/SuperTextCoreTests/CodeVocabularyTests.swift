import Testing
@testable import SuperTextCore

/// A word the document itself uses as code is a name, not a misspelling; typos stay flagged.
@Suite("Words the document uses as code")
struct CodeVocabularyTests {
    private func flagged(_ text: String, format: TextFormat = .markdown) throws -> [String] {
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [])
        proofreader.suggestionLimit = 0
        return try proofreader.check(CheckRequest(text: text, language: "en-US", format: format))
            .matches.map(\.text)
    }

    @Test func aWordInACodeSpanIsAcceptedInProse() throws {
        #expect(try flagged("Install `libuv` first: libuv runs the event loop.") == [])
        #expect(try flagged("Libuv runs the event loop; see `libuv`.") == [])
        // Without the code span it is an unknown word.
        #expect(try flagged("Install libuv first.") == ["libuv"])
    }

    @Test func aPartOfAPathOrIdentifierIsAcceptedInProse() throws {
        #expect(try flagged("Edit src/node.cc: everything in src is C++.") == [])
        #expect(try flagged("Call uv_loop_init before the loop; uv does the rest.", format: .plain) == [])
        #expect(try flagged("Use ```napi_create_string``` and napi stays fast.") == [])
    }

    @Test func aCodeLikeChunkOfACodeBlockIsAcceptedInProse() throws {
        let text = "```js\nconst zlib = require('zlib');\n```\n\nThe zlib module compresses."
        #expect(try flagged(text) == [])
    }

    @Test func prosePartsOfCodeBlocksLinksAndCommentsDoNotHideTypos() throws {
        // A comment in a code block, a link's address and title, an HTML comment: their plain
        // words may be misspelled prose too.
        let text = """
            ```sh
            # recieve the archive
            curl -O https://example.com/archive.tar.gz
            ```

            See [the guide](https://example.com/seperate-builds "Definately read") and <!-- wich one -->.
            We recieve it, build it seperate, definately, wich is fine.
            """
        #expect(try flagged(text) == ["recieve", "seperate", "definately", "wich"])
    }

    @Test func otherChangesOfCaseAreStillFlagged() throws {
        #expect(try flagged("Use `ecmascript` or ECMASCript.") == ["ECMASCript"])
    }

    @Test func addressesGiveNoTerms() throws {
        #expect(try flagged("Mail jdoe@recieve.example.org or see www.recieve.org; we recieve.", format: .plain) == ["recieve"])
    }
}
