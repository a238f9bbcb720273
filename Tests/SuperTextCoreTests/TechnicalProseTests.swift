import Testing
@testable import SuperTextCore

/// Technical Markdown: code, names of things and acronyms must not be flagged, and real typos in
/// the prose around them must be.
@Suite("Technical prose")
struct TechnicalProseTests {
    /// A README-like document with 26 typical misspellings in its prose: in a heading, a table, a
    /// list, a numbered list, a quote, bold text, next to code spans, after a code block, at the
    /// start of sentences and in a sentence written in capitals.
    static let document = """
        # Instalation guide

        This guide explains how to install `supertext` on a Debian server. Teh package
        needs the `libhunspell-dev` headers; see [the README](https://example.com/README.md).

        ## Requirements

        | Name | Version | Notes |
        | ---- | ------- | ----- |
        | Swift | 6.1 | the compiler you recieve from the Swift project |
        | Hunspell | 1.7.1 | seperate package on Debian |

        Run `make install` and check the `SUPERTEXT_DICTIONARY_PATH` variable. It is definately
        required when the dictionaries are in a non-standard place such as /opt/dicts or
        ~/.local/share/hunspell, and the HTTP API occured to fail otherwise.

        ```swift
        let proofreader = Proofreader(catalog: DictionaryCatalog())
        proofreader.suggestionLimit = 0 // no suggestions
        ```

        - Pass `--markdown` when the file is Markdown; the flag is ignored accross formats.
        - Wait untill the server prints `listening on 127.0.0.1:8080`.
        - The `check()` function, wich returns a `CheckResult`, is thread-safe becuase each worker owns its handles.
        - Set the enviroment variable `SUPERTEXT_LOG_LEVEL=debug`; a missing dependancy is reported.

        1. Every paramter of `CheckRequest` has a default (see CheckRequest.swift or v0.1.0).
        2. A request that failed does not retrun an error code; the lenght limit is 10 MB.
        3. Use **e.g.** `en-US` or `fr` to acheive better results; the adress is example.com.

        > The begining of a succesful setup is the README; it is neccessary to read it.
        > An arguement about the JSON output was refered to issue #12 by @maintainer.

        THE SOFTWARE IS PROVIDED WITHOUT WARRENTY OF ANY KIND.

        Similiar tools like aspell (the `aspell` command) exist; their existance is why
        Compatability with Hunspell matters.
        """

    static let misspellings = [
        "Instalation", "Teh", "recieve", "seperate", "definately", "occured", "accross", "untill",
        "wich", "becuase", "enviroment", "dependancy", "paramter", "retrun", "lenght", "acheive",
        "adress", "begining", "succesful", "neccessary", "arguement", "refered", "WARRENTY",
        "Similiar", "existance", "Compatability",
    ]

    private func flagged(_ text: String, format: TextFormat) throws -> [String] {
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [])
        proofreader.suggestionLimit = 0
        return try proofreader.check(CheckRequest(text: text, language: "en-US", format: format))
            .matches.map(\.text)
    }

    @Test func everyMisspellingInTechnicalMarkdownIsFlagged() throws {
        let flagged = try flagged(Self.document, format: .markdown)
        #expect(Self.misspellings.filter { !flagged.contains($0) } == [])
    }

    @Test func nothingButTheMisspellingsIsFlagged() throws {
        #expect(try flagged(Self.document, format: .markdown) == Self.misspellings)
    }
}
