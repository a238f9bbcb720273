import Testing

@testable import SuperTextCore

// MARK: - Helpers

/// The masked ranges of `bytes`.
private func maskedRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    bytes.withUnsafeBufferPointer { MarkdownMasker.maskedRanges(in: $0) }
}

/// The masked substrings of `text`, in order, and the text with them removed.
private func mask(_ text: String) -> (masked: [String], unmasked: String) {
    let bytes = Array(text.utf8)
    let ranges = maskedRanges(bytes)
    var unmasked: [UInt8] = []
    var position = 0
    for range in ranges {
        unmasked += bytes[position..<range.lowerBound]
        position = range.upperBound
    }
    unmasked += bytes[position...]
    return (
        ranges.map { String(decoding: bytes[$0], as: UTF8.self) },
        String(decoding: unmasked, as: UTF8.self)
    )
}

/// The masked substrings of `text`.
private func masked(_ text: String) -> [String] { mask(text).masked }

/// The text with its masked parts removed.
private func unmasked(_ text: String) -> String { mask(text).unmasked }

/// Checks what every result must be: in bounds, non-empty, sorted, non-overlapping, merged
/// (not touching), and, for valid UTF-8, on scalar boundaries.
private func expectWellFormed(
    _ ranges: [Range<Int>], in bytes: [UInt8], validUTF8: Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
    var previousEnd = -1
    for range in ranges {
        #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count, sourceLocation: sourceLocation)
        #expect(!range.isEmpty, sourceLocation: sourceLocation)
        #expect(range.lowerBound > previousEnd, "ranges overlap or touch", sourceLocation: sourceLocation)
        previousEnd = range.upperBound
        if validUTF8 {
            for bound in [range.lowerBound, range.upperBound] where bound < bytes.count {
                #expect(bytes[bound] & 0xC0 != 0x80, "range bound inside a scalar", sourceLocation: sourceLocation)
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64).
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Plain prose

@Suite("MarkdownMasker")
struct MarkdownMaskerTests {
    @Test func emptyTextHasNoRanges() {
        #expect(maskedRanges([]).isEmpty)
        #expect(masked("").isEmpty)
        #expect(masked("\n\n  \n").isEmpty)
    }

    @Test func proseIsNotMasked() {
        let text = """
            # A heading with *emphasis*

            Plain prose, with _underscores_, **bold**, a # hash, 3 < 4 and 5 > 2.
            - a list item
            1. an ordered item
            > a quote
            ***
            Setext heading
            ==============
            """
        #expect(masked(text).isEmpty)
    }

    @Test func bareURLsAreLeftToTheTokenizer() {
        #expect(masked("See https://example.com/a_b and www.example.org.").isEmpty)
    }

    // MARK: - Fenced code blocks

    @Test func backtickFenceIsMaskedWithItsFences() {
        let result = mask("Text\n\n```swift\nlet x = 1\n```\n\nMore text")
        #expect(result.masked == ["```swift\nlet x = 1\n```"])
        #expect(result.unmasked == "Text\n\n\n\nMore text")
    }

    @Test func tildeFence() {
        #expect(masked("~~~\ncode\n~~~\nafter") == ["~~~\ncode\n~~~"])
        #expect(masked("~~~ python title=\"x\"\nprint(1)\n~~~") == ["~~~ python title=\"x\"\nprint(1)\n~~~"])
    }

    @Test func closingFenceNeedsSameCharacterAndAtLeastSameLength() {
        let result = mask("````\ncode\n```\nstill code\n~~~~\nand `more`\n`````\nafter")
        #expect(result.masked == ["````\ncode\n```\nstill code\n~~~~\nand `more`\n`````"])
        #expect(result.unmasked == "\nafter")
    }

    @Test func closingFenceMayHaveTrailingSpacesButNoText() {
        #expect(masked("```\na\n``` not a close\nb\n```  \nafter") == ["```\na\n``` not a close\nb\n```  "])
    }

    @Test func fenceIndentedUpToThreeSpaces() {
        #expect(masked("   ```\ncode\n   ```\nafter") == ["```\ncode\n   ```"])
        // Four spaces: an indented code block, not a fence.
        #expect(masked("    ```\n    code") == ["```\n    code"])
    }

    @Test func unterminatedFenceMasksToTheEnd() {
        let result = mask("Intro\n```\ncode\n\nmore code `x`\n")
        #expect(result.masked == ["```\ncode\n\nmore code `x`\n"])
        #expect(result.unmasked == "Intro\n")
        #expect(masked("```") == ["```"])
    }

    @Test func fenceInterruptsAParagraph() {
        #expect(unmasked("Para line\n```\ncode\n```\nafter") == "Para line\n\nafter")
    }

    @Test func backtickInInfoStringMeansNoFence() {
        // Not a fence: an unmatched run of three backticks, then an unmatched one.
        #expect(masked("``` a`b\ntext") == ["```", "`"])
    }

    @Test func fenceInListItem() {
        let text = "- item\n\n  ```\n  code\n  ```\n- next"
        #expect(mask(text).masked == ["```\n  code\n  ```"])
        #expect(masked("- ```\n  code\n  ```\n- next") == ["```\n  code\n  ```"])
    }

    @Test func fenceInBlockQuote() {
        #expect(masked("> ```\n> code\n> ```\nafter") == ["```\n> code\n> ```"])
        // The fence ends with the quote.
        let result = mask("> ```\n> code\n\nafter")
        #expect(result.masked == ["```\n> code"])
        #expect(result.unmasked == "> \n\nafter")
    }

    // MARK: - Indented code blocks

    @Test func indentedCodeAfterBlankLine() {
        let result = mask("Para\n\n    code line\n    more\n\nAfter")
        #expect(result.masked == ["code line\n    more"])
        #expect(result.unmasked == "Para\n\n    \n\nAfter")
    }

    @Test func indentedCodeAtStartAndWithTab() {
        #expect(masked("    code\ntext") == ["code"])
        #expect(masked("Para\n\n\tcode\n") == ["code"])
    }

    @Test func indentedCodeKeepsInnerBlankLines() {
        #expect(masked("    a\n\n    b\n\nc") == ["a\n\n    b"])
    }

    @Test func indentedLineContinuingAParagraphIsNotCode() {
        #expect(masked("Para\n    not code").isEmpty)
    }

    @Test func indentedLineAfterListItemIsListContent() {
        #expect(masked("- item\n\n    continuation").isEmpty)
        #expect(masked("* item\n\n    continuation").isEmpty)
        #expect(masked("+ item\n\n    continuation").isEmpty)
        #expect(masked("1. item\n\n    continuation").isEmpty)
        #expect(masked("12) item\n\n     continuation\n\n     more").isEmpty)
        // Deep enough inside the item, it is code.
        #expect(masked("- item\n\n      code") == ["code"])
        // After the list, it is code again.
        #expect(masked("- item\n\nPara\n\n    code") == ["code"])
        // Nested items: code is 4 columns past the innermost item's content.
        #expect(masked("- a\n  - b\n\n      para of b\n\n        code") == ["code"])
        #expect(masked("1. one\n2. two\n\n   para\n\n       code") == ["code"])
    }

    @Test func indentedCodeAfterHeadingOrThematicBreak() {
        #expect(masked("# H\n    code") == ["code"])
        #expect(masked("Setext\n---\n    code") == ["code"])
    }

    // MARK: - Code spans

    @Test func codeSpan() {
        let result = mask("Use `let x` here")
        #expect(result.masked == ["`let x`"])
        #expect(result.unmasked == "Use  here")
    }

    @Test func codeSpanWithLongerRun() {
        #expect(masked("a ``b ` c`` d") == ["``b ` c``"])
        #expect(masked("a ```x `` y``` z") == ["```x `` y```"])
    }

    @Test func codeSpanClosesOnlyOnExactLength() {
        // The run of 2 is not a closer for 1, and nothing closes the run of 2.
        #expect(masked("a `b`` c` d") == ["`b`` c`"])
        #expect(masked("a `` b ` c") == ["``", "`"])
    }

    @Test func unmatchedBacktickMasksOnlyItself() {
        let result = mask("a ` b")
        #expect(result.masked == ["`"])
        #expect(result.unmasked == "a  b")
        #expect(masked("`") == ["`"])
        #expect(masked("it`s") == ["`"])
    }

    @Test func codeSpanMayCrossOneLineBreakButNotABlankLine() {
        #expect(masked("a `b\nc` d") == ["`b\nc`"])
        #expect(masked("a `b\n\nc` d") == ["`", "`"])
        #expect(masked("a `b\r\nc` d") == ["`b\r\nc`"])
    }

    @Test func codeSpanDoesNotCrossBlocks() {
        #expect(masked("- a `b\n- c` d") == ["`", "`"])
        #expect(masked("# Title `a\nb` c") == ["`", "`"])
        #expect(masked("# Title `x`") == ["`x`"])
    }

    @Test func escapedBacktick() {
        let result = mask("a \\`b` c")
        #expect(result.masked == ["`"])
        #expect(result.unmasked == "a \\`b c")
        // An escaped first backtick leaves a shorter opener.
        #expect(masked("\\``code`") == ["`code`"])
        // Inside a code span, a backslash is literal.
        #expect(masked("`a\\` b") == ["`a\\`"])
    }

    @Test func codeSpanOffsetsAfterMultiByteText() {
        let text = "café `code` naïve"
        let ranges = maskedRanges(Array(text.utf8))
        // "café " is 6 bytes (é is 2).
        #expect(ranges == [6..<12])
        #expect(mask(text).unmasked == "café  naïve")
        #expect(masked("日本語 `コード` 😀 `x`") == ["`コード`", "`x`"])
    }

    @Test func codeSpanHidesOtherSyntax() {
        #expect(masked("`<b>` and `[a](b)`") == ["`<b>`", "`[a](b)`"])
    }

    // MARK: - Links and images

    @Test func inlineLinkDestination() {
        let result = mask("See [the docs](https://example.com/docs) now.")
        #expect(result.masked == ["(https://example.com/docs)"])
        #expect(result.unmasked == "See [the docs] now.")
    }

    @Test func inlineLinkWithTitle() {
        #expect(masked("[text](/url \"Title here\")") == ["(/url \"Title here\")"])
        #expect(masked("[text](/url 'Title')") == ["(/url 'Title')"])
        #expect(masked("[text](/url (Title))") == ["(/url (Title))"])
        #expect(masked("[text]( /url\n  \"Title\" )") == ["( /url\n  \"Title\" )"])
    }

    @Test func image() {
        let result = mask("![alt text](img/photo.png \"A photo\") caption")
        #expect(result.masked == ["(img/photo.png \"A photo\")"])
        #expect(result.unmasked == "![alt text] caption")
    }

    @Test func linkDestinationVariants() {
        #expect(masked("[a](<my file.md>)") == ["(<my file.md>)"])
        #expect(masked("[w](https://en.wikipedia.org/wiki/Foo_(bar)) x") == ["(https://en.wikipedia.org/wiki/Foo_(bar))"])
        #expect(masked("[a]()") == ["()"])
        #expect(masked("[a](b\\)c)") == ["(b\\)c)"])
        #expect(masked("[a [b] c](u)") == ["(u)"])
        #expect(masked("[`a]`](u)") == ["`a]`", "(u)"])
    }

    @Test func notALink() {
        #expect(masked("[a] (b)").isEmpty)
        #expect(masked("a](b)").isEmpty)
        #expect(masked("[a](b c)").isEmpty)
        #expect(masked("[a](b \"unclosed)").isEmpty)
        #expect(masked("[a](b(c) x").isEmpty)
        #expect(masked("[a](b\n\nc)").isEmpty)
    }

    @Test func linkOffsetsAfterMultiByteText() {
        let text = "Voir [la page «été»](http://x.fr/été) ici"
        let result = mask(text)
        #expect(result.masked == ["(http://x.fr/été)"])
        #expect(result.unmasked == "Voir [la page «été»] ici")
        let bytes = Array(text.utf8)
        let ranges = maskedRanges(bytes)
        let prefix = Array("Voir [la page «été»]".utf8).count
        #expect(ranges == [prefix..<(prefix + Array("(http://x.fr/été)".utf8).count)])
    }

    @Test func referenceLinkWithDefinition() {
        let result = mask("See [the text][ref] here.\n\n[ref]: https://example.com \"Title\"\n")
        #expect(result.masked == ["[ref]", "[ref]: https://example.com \"Title\""])
        #expect(result.unmasked == "See [the text] here.\n\n\n")
    }

    @Test func referenceLabelsMatchCaseAndSpaceInsensitively() {
        #expect(masked("[t][My  Ref]\n\n[my ref]: /u") == ["[My  Ref]", "[my ref]: /u"])
    }

    @Test func undefinedReferenceLabelIsProse() {
        #expect(masked("[text][nolabel] and [text][]").isEmpty)
    }

    @Test func referenceDefinitionVariants() {
        #expect(masked("[a]: <my url> 'title'\ntext") == ["[a]: <my url> 'title'"])
        #expect(masked("   [a]: /url\ntext") == ["[a]: /url"])
        #expect(masked("[a]:\n  /url\ntext") == ["[a]:\n  /url"])
        #expect(masked("[a]: /url\n  \"title\"\ntext") == ["[a]: /url\n  \"title\""])
        #expect(masked("[a]: /u1\n[b]: /u2\n") == ["[a]: /u1", "[b]: /u2"])
        #expect(masked("[a]: /url\r\nText") == ["[a]: /url"])
    }

    @Test func notAReferenceDefinition() {
        // Text after the destination that is not a title.
        #expect(masked("[Note]: this is important").isEmpty)
        // A definition cannot interrupt a paragraph.
        #expect(masked("Para\n[a]: /url").isEmpty)
        #expect(masked("[]: /url").isEmpty)
        #expect(masked("[a]:").isEmpty)
    }

    @Test func footnotes() {
        let result = mask("Text[^1] more.\n\n[^1]: The note itself.")
        #expect(result.masked == ["[^1]", "[^1]"])
        #expect(result.unmasked == "Text more.\n\n: The note itself.")
        #expect(masked("[^ not a footnote]").isEmpty)
    }

    // MARK: - Autolinks

    @Test func autolinks() {
        let result = mask("See <https://example.com/a?b=c> or <user@example.com>.")
        #expect(result.masked == ["<https://example.com/a?b=c>", "<user@example.com>"])
        #expect(result.unmasked == "See  or .")
        #expect(masked("<mailto:a.b+c@d-e.org>") == ["<mailto:a.b+c@d-e.org>"])
        #expect(masked("<irc://x.y/z>") == ["<irc://x.y/z>"])
    }

    @Test func notAutolinks() {
        #expect(masked("<https://a b>").isEmpty)
        #expect(masked("<user@-bad.com>").isEmpty)
        #expect(masked("<@x.com>").isEmpty)
    }

    // MARK: - HTML

    @Test func htmlTagsButNotTheTextBetween() {
        let result = mask("Some <b>bold</b> text")
        #expect(result.masked == ["<b>", "</b>"])
        #expect(result.unmasked == "Some bold text")
    }

    @Test func htmlTagWithAttributes() {
        #expect(
            masked("<a href=\"x.html\" title='y z' data-n=3 hidden>link</a >")
                == ["<a href=\"x.html\" title='y z' data-n=3 hidden>", "</a >"])
        #expect(masked("<img\n  src=\"a.png\"\n  alt=\"A\">") == ["<img\n  src=\"a.png\"\n  alt=\"A\">"])
    }

    @Test func selfClosingTags() {
        #expect(masked("line<br/>next<br />last") == ["<br/>", "<br />"])
    }

    @Test func htmlBlockTagsOnTheirOwnLines() {
        let result = mask("<div class=\"note\">\nHello there\n</div>")
        #expect(result.masked == ["<div class=\"note\">", "</div>"])
        #expect(result.unmasked == "\nHello there\n")
    }

    @Test func htmlBlockWithMarkdownInside() {
        let result = mask("<details>\n<summary>Sum</summary>\n\nBody `x`\n</details>")
        #expect(result.masked == ["<details>", "<summary>", "</summary>", "`x`", "</details>"])
        #expect(result.unmasked == "\nSum\n\nBody \n")
    }

    @Test func lessThanThatIsNoTag() {
        #expect(masked("a < b and c <d").isEmpty)
        #expect(masked("a < b").isEmpty)
        #expect(masked("1 <2 and x <= y, <3 love, <- arrow, <>").isEmpty)
        #expect(masked("if a<b then").isEmpty)
        #expect(masked("<a b=\"unclosed>").isEmpty)
    }

    @Test func inlineComment() {
        let result = mask("a <!-- hidden --> b")
        #expect(result.masked == ["<!-- hidden -->"])
        #expect(result.unmasked == "a  b")
        #expect(masked("a <!-- one\ntwo --> b") == ["<!-- one\ntwo -->"])
        #expect(masked("a <!--> b <!---> c") == ["<!-->", "<!--->"])
        // Unterminated inside a paragraph: literal text.
        #expect(masked("a <!-- b").isEmpty)
    }

    @Test func multiLineCommentBlock() {
        let result = mask("Text\n\n<!--\nnote `x`\n\nmore [a](b)\n-->\nAfter")
        #expect(result.masked == ["<!--\nnote `x`\n\nmore [a](b)\n-->"])
        #expect(result.unmasked == "Text\n\n\nAfter")
        // Text after the comment's end on its line is prose.
        #expect(mask("<!-- c --> visible <b>x</b>").masked == ["<!-- c -->", "<b>", "</b>"])
    }

    @Test func unterminatedCommentBlockMasksToTheEnd() {
        #expect(masked("a\n\n<!-- open\n\nrest") == ["<!-- open\n\nrest"])
    }

    @Test func rawTextElements() {
        #expect(
            masked("Press <kbd>Ctrl</kbd> and call <code>foo()</code>.") == ["<kbd>Ctrl</kbd>", "<code>foo()</code>"])
        #expect(masked("<pre>\nraw\n\ntext\n</pre>\nafter") == ["<pre>\nraw\n\ntext\n</pre>"])
        #expect(masked("<SCRIPT type=\"x\">\nvar a = 1;\n\nb();\n</script> tail") == ["<SCRIPT type=\"x\">\nvar a = 1;\n\nb();\n</script>"])
        #expect(masked("<style>\np { color: red }\n</style>") == ["<style>\np { color: red }\n</style>"])
        // Unclosed in a paragraph: only the tag.
        #expect(masked("a <code>b") == ["<code>"])
    }

    @Test func declarationsInstructionsCDATA() {
        #expect(masked("<!DOCTYPE html>\ntext") == ["<!DOCTYPE html>"])
        #expect(masked("a <?php echo 1; ?> b") == ["<?php echo 1; ?>"])
        #expect(masked("a <![CDATA[ x < y ]]> b") == ["<![CDATA[ x < y ]]>"])
    }

    // MARK: - Entities

    @Test func entities() {
        #expect(masked("caf&eacute; &amp; &#233; &#x1F600;") == ["&eacute;", "&amp;", "&#233;", "&#x1F600;"])
        #expect(masked("AT&T, a & b, &#; &x y;").isEmpty)
    }

    // MARK: - Front matter

    @Test func frontMatter() {
        let result = mask("---\ntitle: Hello\ntags: [a, b]\n---\n# Heading `x`")
        #expect(result.masked == ["---\ntitle: Hello\ntags: [a, b]\n---", "`x`"])
        #expect(result.unmasked == "\n# Heading ")
        #expect(masked("+++\ntitle = \"x\"\n+++\nText") == ["+++\ntitle = \"x\"\n+++"])
        #expect(masked("---\ntitle: x\n...\nText") == ["---\ntitle: x\n..."])
    }

    @Test func frontMatterWithByteOrderMark() {
        let text = "\u{FEFF}---\na: b\n---\nText"
        let ranges = maskedRanges(Array(text.utf8))
        #expect(ranges == [3..<(3 + Array("---\na: b\n---".utf8).count)])
    }

    @Test func noFrontMatter() {
        #expect(masked("Text\n---\na: b\n---").isEmpty)
        #expect(masked("---\n\nText\n\n---").isEmpty)
        #expect(masked("---\ntitle: x\nText").isEmpty)
        #expect(masked("---").isEmpty)
    }

    // MARK: - Line ends

    @Test func crlf() {
        let result = mask("Text\r\n\r\n```\r\ncode\r\n```\r\nAfter `x` [a](b)\r\n")
        #expect(result.masked == ["```\r\ncode\r\n```", "`x`", "(b)"])
        #expect(result.unmasked == "Text\r\n\r\n\r\nAfter  [a]\r\n")
        #expect(masked("Para\r\n\r\n    code\r\n\r\nText") == ["code"])
        #expect(masked("---\r\na: b\r\n---\r\nText") == ["---\r\na: b\r\n---"])
        #expect(masked("a `b\r\n\r\nc` d") == ["`", "`"])
    }

    @Test func loneCarriageReturns() {
        #expect(masked("```\rcode\r```\rafter `x`") == ["```\rcode\r```", "`x`"])
    }

    // MARK: - A whole document

    @Test func mixedDocument() {
        let text = """
            ---
            title: Spelling
            ---
            # Introduction

            This is *prose* with `inline code`, a [link](https://example.com "Example") and
            an image ![a pretty picture](pic.png). Write to <team@example.org>.

            ```bash
            swift build -c release
            ```

            <!-- TODO: reword -->
            <p align="center">Centered text</p>

                indented code

            - A list item with [a reference][docs].

                More of the item.

            [docs]: https://docs.example.org
            """
        let result = mask(text)
        #expect(
            result.masked == [
                "---\ntitle: Spelling\n---",
                "`inline code`",
                "(https://example.com \"Example\")",
                "(pic.png)",
                "<team@example.org>",
                "```bash\nswift build -c release\n```",
                "<!-- TODO: reword -->",
                "<p align=\"center\">",
                "</p>",
                "indented code",
                "[docs]",
                "[docs]: https://docs.example.org",
            ])
        #expect(
            result.unmasked == """

                # Introduction

                This is *prose* with , a [link] and
                an image ![a pretty picture]. Write to .




                Centered text

                    

                - A list item with [a reference].

                    More of the item.


                """)
    }

    // MARK: - Robustness

    @Test func invalidUTF8DoesNotCrash() {
        let inputs: [[UInt8]] = [
            [0xFF, 0xFE, 0x60, 0xC3, 0x60, 0x80],
            [0x60, 0x60, 0x60, 0x0A, 0xC3, 0x0A],
            [0x3C, 0xE2, 0x82, 0x3E, 0x5B, 0x5D, 0x28, 0xF0, 0x29],
            [0x5B, 0x61, 0x5D, 0x28, 0xFF, 0x29],
            [0x00, 0x60, 0x00, 0x60, 0x00],
            [0x0D],
            [0x0A, 0x0D, 0x0A],
            [0x5C],
            [0x26, 0x23],
            [0x3C, 0x21, 0x2D, 0x2D],
            [0x3C, 0x21],
            [0x5B, 0x5E],
            Array("[a]: ".utf8),
            Array("![".utf8),
            Array("<a b=".utf8),
            Array("    ".utf8) + [0xFF],
        ]
        for input in inputs {
            expectWellFormed(maskedRanges(input), in: input, validUTF8: false)
        }
        #expect(maskedRanges([0xFF, 0x60, 0xFE, 0x60]) == [1..<4])
    }

    @Test func randomInputsGiveWellFormedRanges() {
        var generator = SplitMix64(state: 0x5EED)
        let pieces: [[UInt8]] = [
            "`", "``", "```", "~~~", "\n", "\r\n", "\r", "\n\n", " ", "    ", "\t", "-", "- ", "1. ", "*", "#", "# ",
            ">", "> ", "<", "</", "<!--", "-->", "<b>", "</b>", "<a href=\"", "\"", "'", "=", "[", "]", "(", ")",
            "](", "][", "[^", "]: ", "!", "\\", "&", "&amp;", "&#", ";", "@", ":", "http://", "<pre>", "</pre>",
            "<code>", "</code>", "---", "+++", "word", "café", "日本", "😀", "x",
        ].map { Array($0.utf8) }
        for _ in 0..<1500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            expectWellFormed(maskedRanges(bytes), in: bytes, validUTF8: true)
            // The same with random bytes sprinkled in.
            var noisy = bytes
            for _ in 0..<3 {
                noisy.insert(UInt8.random(in: 0...255, using: &generator), at: Int.random(in: 0...noisy.count, using: &generator))
            }
            expectWellFormed(maskedRanges(noisy), in: noisy, validUTF8: false)
        }
    }

    @Test func pathologicalInputsFinish() {
        // Each of these is quadratic for a naive scanner; here they must finish quickly.
        let unit = 20_000
        var inputs: [[UInt8]] = [
            Array(String(repeating: "[a](b(", count: unit).utf8),
            Array(String(repeating: "[a](x()", count: unit).utf8),
            Array(String(repeating: "<!-- ", count: unit).utf8),
            Array(String(repeating: "<a b=\"x\" ", count: unit).utf8),
            Array(String(repeating: "<?x ", count: unit).utf8),
            Array(String(repeating: "<!X ", count: unit).utf8),
            Array(String(repeating: "<code>", count: unit).utf8),
            Array(String(repeating: "[a](b \"", count: unit).utf8),
            Array(String(repeating: "\\``", count: unit).utf8),
            Array(String(repeating: "[", count: unit).utf8) + Array(String(repeating: "](", count: unit).utf8),
            Array(String(repeating: "<!--\n", count: unit).utf8),
            Array(String(repeating: "<pre>\n", count: unit).utf8),
            Array(String(repeating: "```\n", count: unit).utf8),
        ]
        // Backtick runs of every length from 1 up, with no closers.
        var runs: [UInt8] = []
        var length = 1
        while runs.count < 200_000 {
            runs += Array(repeating: 0x60, count: length) + [0x20]
            length += 1
        }
        inputs.append(runs)
        for input in inputs {
            expectWellFormed(maskedRanges(input), in: input, validUTF8: true)
        }
    }
}
