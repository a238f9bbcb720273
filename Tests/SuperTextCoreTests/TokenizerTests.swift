import Testing
@testable import SuperTextCore

@Suite("Tokenizer")
struct TokenizerTests {
    private func words(_ text: String, format: TextFormat = .plain) -> [String] {
        let tokens = Tokenizer.words(in: text, format: format)
        let units = Array(text.utf16)
        return tokens.filter(\.isWord).map {
            String(decoding: units[$0.utf16Offset..<$0.utf16Offset + $0.utf16Length], as: UTF16.self)
        }
    }

    private func skipped(_ text: String) -> [String: SkipReason] {
        var result: [String: SkipReason] = [:]
        let units = Array(text.utf16)
        for token in Tokenizer.words(in: text, format: .plain) {
            if case .skipped(let reason) = token.kind {
                result[String(decoding: units[token.utf16Offset..<token.utf16Offset + token.utf16Length], as: UTF16.self)] = reason
            }
        }
        return result
    }

    @Test func splitsProseIntoWords() {
        #expect(words("Hello, world! How are you?") == ["Hello", "world", "How", "are", "you"])
    }

    @Test func keepsApostrophesContractionsAndPossessives() {
        #expect(words("I don't know John's or the students' car.") == ["I", "don't", "know", "John's", "or", "the", "students", "car"])
        #expect(words("L’homme n’est pas là.") == ["L’homme", "n’est", "pas", "là"])
        #expect(words("'quoted' words") == ["quoted", "words"])
    }

    @Test func keepsHyphenatedWordsWhole() {
        #expect(words("A well-known state-of-the-art idea - really.") == ["A", "well-known", "state-of-the-art", "idea", "really"])
    }

    @Test func handlesAccentsCombiningMarksAndOtherScripts() {
        #expect(words("Café naïve Straße año") == ["Café", "naïve", "Straße", "año"])
        // "e" + COMBINING ACUTE ACCENT stays one word.
        #expect(words("cafe\u{301} ok") == ["cafe\u{301}", "ok"])
        #expect(words("Привет мир") == ["Привет", "мир"])
    }

    @Test func emojiSeparateWordsAndCountTwoUTF16Units() {
        let text = "😀 teh 👍🏽x"
        let tokens = Tokenizer.words(in: text).filter(\.isWord)
        #expect(tokens.count == 2)
        #expect(tokens[0].utf16Offset == 3)  // 😀 is two UTF-16 units, then a space
        #expect(tokens[0].utf16Length == 3)
        #expect(tokens[0].byteRange == 5..<8)  // 😀 is four UTF-8 bytes
        #expect(tokens[1].utf16Offset == 11)  // 👍🏽 is four UTF-16 units
    }

    @Test func skipsWhatIsNotProse() {
        let found = skipped(
            "See https://example.com/a?b=c and www.test.org, mail a.b@example.com, ping @handle #topic, "
                + "open /usr/bin/env ./run.sh src/main.swift C:\\dir\\file, pass --force -v, "
                + "version 3.14 and 2nd and MP3, call userName max_count os.path, the NASA and APIs."
        )
        #expect(found["https://example.com/a?b=c"] == .url)
        #expect(found["www.test.org"] == .url)
        #expect(found["a.b@example.com"] == .email)
        #expect(found["@handle"] == .handle)
        #expect(found["#topic"] == .hashtag)
        #expect(found["/usr/bin/env"] == .path)
        #expect(found["./run.sh"] == .path)
        #expect(found["src/main.swift"] == .path)
        #expect(found["C:\\dir\\file"] == .path)
        #expect(found["--force"] == .option)
        #expect(found["-v"] == .option)
        #expect(found["3.14"] == .number)
        #expect(found["2nd"] == .identifier)
        #expect(found["MP3"] == .identifier)
        #expect(found["userName"] == .identifier)
        #expect(found["max_count"] == .identifier)
        #expect(found["os.path"] == .identifier)
        #expect(found["NASA"] == .acronym)
        #expect(found["APIs"] == .acronym)
    }

    @Test func longWordsInCapitalsAloneAreAcronymsOrConstants() {
        let found = skipped("Read the CHANGELOG and CODEOWNERS files, mark it **SEMVER-MAJOR** or expect ECONNRESET.")
        #expect(found["CHANGELOG"] == .acronym)
        #expect(found["CODEOWNERS"] == .acronym)
        #expect(found["SEMVER-MAJOR"] == .acronym)
        #expect(found["ECONNRESET"] == .acronym)
        #expect(words("Read the CHANGELOG and CODEOWNERS files.") == ["Read", "the", "and", "files"])
    }

    @Test func proseWrittenInCapitalsIsChecked() {
        // Three or more words in capitals in a row are prose: their long words are checked,
        // so a typo in a licence's disclaimer is still found.
        #expect(
            words("THE SOFTWARE IS PROVIDED WITHOUT WARRENTY, A NOTICE.")
                == ["SOFTWARE", "PROVIDED", "WITHOUT", "WARRENTY", "A", "NOTICE"]
        )
        #expect(words("I SOLEMNLY PROMISSE") == ["I", "SOLEMNLY", "PROMISSE"])
        // Short acronyms stay acronyms, even there.
        #expect(skipped("THE SOFTWARE IS PROVIDED")["IS"] == .acronym)
    }

    @Test func skipsTheNonProseOfTechnicalWriting() {
        let found = skipped(
            "See example.com or docs.example.org, e.g. and i.e. too, v1.2.3 and 1.x, 0xFF and 0x1f, "
                + "README.md and config.yaml, `-rf` and --dry-run=yes, $HOME and C++."
        )
        #expect(found["example.com"] == .identifier)
        #expect(found["docs.example.org"] == .identifier)
        #expect(found["e.g"] == .identifier)
        #expect(found["i.e"] == .identifier)
        #expect(found["v1.2.3"] == .identifier)
        #expect(found["1.x"] == .identifier)
        #expect(found["0xFF"] == .identifier)
        #expect(found["0x1f"] == .identifier)
        #expect(found["README.md"] == .identifier)
        #expect(found["config.yaml"] == .identifier)
        #expect(found["-rf"] == .option)
        #expect(found["--dry-run=yes"] == .option)
    }

    @Test func markdownTableCellsAreProse() {
        let table = "| Name | Notes |\n|------|-------|\n|fox|quick brown|\n"
        #expect(words(table, format: .markdown) == ["Name", "Notes", "fox", "quick", "brown"])
    }

    @Test func proseWithSlashIsStillChecked() {
        #expect(words("and/or") == ["and", "or"])
    }

    @Test func markdownSkipsCodeLinksAndTagsWithOriginalOffsets() {
        let text = "Use `teh_code` and [a link](https://x.io/teh) <span class=\"teh\">word</span>\n\n```\nteh code\n```\nend"
        #expect(words(text, format: .markdown) == ["Use", "and", "a", "link", "word", "end"])
        let token = Tokenizer.words(in: text, format: .markdown).filter(\.isWord).last!
        #expect(token.utf16Offset == Array(text.utf16).count - 3)
    }

    @Test func sentencesEndAtTerminatorsButNotAbbreviations() {
        var text = "Dr. Smith arrived. He said e.g. this! Then?\n\nA new paragraph without a full stop"
        let sentences = text.withUTF8 { SentenceSplitter.sentences(in: $0) }
        let units = Array(text.utf16)
        let strings = sentences.map { String(decoding: units[$0.offset..<$0.offset + $0.length], as: UTF16.self) }
        #expect(strings == ["Dr. Smith arrived.", "He said e.g. this!", "Then?", "A new paragraph without a full stop"])
    }

    @Test func emptyAndSpaceOnlyTextsHaveNoWords() {
        #expect(words("").isEmpty)
        #expect(words("  \n\t ").isEmpty)
    }
}

@Suite("Token stream")
struct TokenStreamTests {
    private func tokens(_ text: String, format: TextFormat = .plain) -> [(TextToken.Kind, String)] {
        var copy = text
        return copy.withUTF8 { bytes in
            let (words, masked) = Tokenizer.wordsAndMaskedRanges(in: bytes, format: format)
            let document = CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes), maskedRanges: masked)
            return document.tokens.map { ($0.kind, document.text(of: $0)) }
        }
    }

    @Test func everyByteIsInExactlyOneToken() {
        let text = "Héllo,  wörld 😀!\r\nSee https://x.y/z and 42 items…\n"
        var copy = text
        copy.withUTF8 { bytes in
            let (words, masked) = Tokenizer.wordsAndMaskedRanges(in: bytes, format: .plain)
            let document = CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes), maskedRanges: masked)
            var byte = 0
            var unit = 0
            for token in document.tokens {
                #expect(token.byteRange.lowerBound == byte)
                #expect(token.utf16Offset == unit)
                byte = token.byteRange.upperBound
                unit = token.utf16End
            }
            #expect(byte == bytes.count)
            #expect(unit == text.utf16.count)
        }
    }

    @Test func kindsOfTokens() {
        let kinds = tokens("Hi,  you 42\nsee https://a.b/c")
        #expect(kinds.map(\.0) == [.word, .punctuation, .space, .word, .space, .number, .lineBreak, .word, .space, .skipped])
        #expect(kinds[2].1 == "  ")
    }

    @Test func fencedCodeIsOneSkippedToken() {
        let text = "Run it:\n\n```sh\nsupertext check notes.md    # aligned  comment\n```\n"
        let kinds = tokens(text, format: .markdown)
        #expect(kinds.contains { $0.0 == .skipped && $0.1.contains("aligned  comment") })
        #expect(!kinds.contains { $0.0 == .space && $0.1.count > 1 })
    }

    @Test func sentencesGroupTheirTokens() {
        var text = "One two. Three four!"
        text.withUTF8 { bytes in
            let document = CheckedDocument(bytes: bytes, words: Tokenizer.words(in: bytes, format: .plain), sentences: SentenceSplitter.sentences(in: bytes))
            #expect(document.sentenceTokens.map { document.text(tokens: $0) } == ["One two.", "Three four!"])
        }
    }
}
