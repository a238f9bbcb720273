import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .asciidoc) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .asciidoc) }

/// AsciiDoc: what a proofreader reads of an AsciiDoc document, and what it skips.
@Suite("AsciiDocMasker")
struct AsciiDocMaskerTests {
    @Test func proseIsNotMasked() {
        #expect(masked("").isEmpty)
        #expect(masked("A paragraph with *bold*, _italic_ and #highlighted# text.\n* an item\n. an ordered item").isEmpty)
        #expect(checked("NOTE: Remember this.") == ["Remember", "this"])
    }

    // MARK: - Delimited blocks

    @Test func verbatimBlocksAreMaskedWhole() {
        #expect(masked("Text\n\n----\nteh code\n\nmore\n----\n\nAfter") == ["----\nteh code\n\nmore\n----"])
        #expect(checked("....\nteh literal\n....\nAfter") == ["After"])
        #expect(checked("++++\n<b>teh</b>\n++++\nAfter") == ["After"])
        #expect(checked("////\nA teh comment\n////\nAfter") == ["After"])
        #expect(checked("```ruby\nputs teh\n```\nAfter") == ["After"])
        // The closing delimiter is the same line again.
        #expect(masked("------\na\n----\nb\n------\nc") == ["------\na\n----\nb\n------"])
    }

    @Test func aVerbatimBlockLeftOpenRunsToTheEnd() {
        #expect(masked("Text\n----\ncode\n\nmore") == ["----\ncode\n\nmore"])
    }

    @Test func aVerbatimStyleMasksTheNextBlockOrParagraph() {
        #expect(masked("[source,python]\n----\nprint(teh)\n----\nAfter") == ["[source,python]", "----\nprint(teh)\n----"])
        #expect(masked("[source,ruby]\nputs teh\nputs 2\n\nAfter") == ["[source,ruby]", "puts teh\nputs 2"])
        let titled = "[source]\n.A title\n--\nteh code\n--\nAfter"
        #expect(masked(titled) == ["[source]", ".", "--\nteh code\n--"])
        #expect(checked(titled) == ["A", "title", "After"])
        #expect(checked("[literal]\nteh text\n\nAfter") == ["After"])
    }

    @Test func proseBlocksKeepTheirText() {
        #expect(masked("[NOTE]\n====\nAn admonition block.\n====") == ["[NOTE]", "====", "===="])
        #expect(checked("[quote, Ada Lovelace]\n____\nA quote.\n____") == ["A", "quote"])
        #expect(masked("****\nA sidebar.\n****\n--\nAn open block.\n--") == ["****", "****", "--", "--"])
        #expect(masked("|===\n| Cell one | Cell two\n|===") == ["|===", "|==="])
        #expect(checked("|===\n| Cell one | Cell two\n|===") == ["Cell", "one", "Cell", "two"])
    }

    @Test func literalParagraphsAreIndented() {
        #expect(masked("Text\n\n  indented literal teh\n  more\n\nAfter") == ["indented literal teh\n  more"])
        #expect(masked("Text\n\n  * an indented item").isEmpty)
    }

    // MARK: - Lines

    @Test func commentLines() {
        #expect(masked("Text\n// a comment\nmore") == ["// a comment"])
        #expect(checked("Text\n// a teh comment\nmore") == ["Text", "more"])
    }

    @Test func attributeEntriesAndReferences() {
        let text = ":toc: left\n:author: Ada\n:!sectnums:\n\nText {author} here and {not an attribute}."
        #expect(masked(text) == [":toc: left", ":author: Ada", ":!sectnums:", "{author}"])
        #expect(masked(":description: A long \\\n  value\nText") == [":description: A long \\\n  value"])
        #expect(checked("{product-name} is {version}.") == ["is"])
    }

    @Test func sectionAndBlockTitlesKeepTheirText() {
        let text = "= Document Title\n\n== Section *One* ==\n\n# Markdown style"
        #expect(masked(text) == ["=", "==", "==", "#"])
        #expect(checked(text) == ["Document", "Title", "Section", "One", "Markdown", "style"])
        #expect(masked(".Example title\n----\ncode\n----") == [".", "----\ncode\n----"])
        #expect(checked(".Example title\n----\ncode\n----") == ["Example", "title"])
    }

    @Test func blockAttributeAndAnchorLines() {
        #expect(masked("[[install]]\n== Install") == ["[[install]]", "=="])
        #expect(masked("[#intro.lead]\nSome text.") == ["[#intro.lead]"])
    }

    @Test func blockMacros() {
        #expect(masked("image::diagram.png[The diagram]") == ["image::diagram.png[", "]"])
        #expect(checked("image::diagram.png[The diagram]") == ["The", "diagram"])
        #expect(masked("include::chapter-teh.adoc[]\nText") == ["include::chapter-teh.adoc[]"])
        #expect(masked("ifdef::env-github[]\nText\nendif::[]") == ["ifdef::env-github[]", "endif::[]"])
        #expect(masked("toc::[]") == ["toc::[]"])
    }

    // MARK: - Inline markup

    @Test func inlineCodeAndPassthroughs() {
        let text = "Use `teh_code` and ``unconstrained``x and +pass teh+ here."
        #expect(masked(text) == ["`teh_code`", "``unconstrained``", "+pass teh+"])
        #expect(masked("++x++ and +++<b>raw</b>+++") == ["++x++", "+++<b>raw</b>+++"])
        #expect(masked("C++ and C++ code, a + b + c").isEmpty)
    }

    @Test func curvedQuotesKeepTheirText() {
        #expect(masked("A \"`quoted`\" word and '`single`'") == ["\"`", "`\"", "'`", "`'"])
        #expect(checked("A \"`quoted`\" word") == ["A", "quoted", "word"])
    }

    @Test func macrosKeepTheirTextAndMaskTheirTarget() {
        let text = "See link:https://example.com/docs[the docs] and https://example.org[our site] or xref:install[Installing]."
        #expect(
            masked(text) == ["link:https://example.com/docs[", "]", "https://example.org[", "]", "xref:install[", "]"])
        #expect(checked(text) == ["See", "the", "docs", "and", "our", "site", "or", "Installing"])
        #expect(masked("image:icon.png[An icon] inline") == ["image:icon.png[", "]"])
        #expect(checked("Text.footnote:[A note with teh typo.]") == ["Text", "A", "note", "with", "teh", "typo"])
        #expect(masked("Visit https://example.com today. Note: this.").isEmpty)
    }

    @Test func macrosThatAreNotProseAreMaskedWhole() {
        let text = "Press kbd:[Ctrl+T] or btn:[Save] and stem:[sqrt(4)] and pass:[<u>x</u>]."
        #expect(masked(text) == ["kbd:[Ctrl+T]", "btn:[Save]", "stem:[sqrt(4)]", "pass:[<u>x</u>]"])
        #expect(checked(text) == ["Press", "or", "and", "and"])
    }

    @Test func crossReferencesAnchorsAndRoles() {
        let text = "See <<install>> and <<usage,the usage section>>."
        #expect(masked(text) == ["<<install>>", "<<usage,", ">>"])
        #expect(checked(text) == ["See", "and", "the", "usage", "section"])
        #expect(masked("Text [[anchor]]here and [.lead]#big text#") == ["[[anchor]]", "[.lead]"])
        #expect(masked("a << b and c >> d").isEmpty)
    }

    // MARK: - A whole document

    @Test func aWholeDocument() {
        let text = """
            = Installation Guide
            Ada Lovelace <ada@example.com>
            :toc: left
            :source-highlighter: rouge

            This guide shows how to install {product} on a server.

            == Requirements

            * A Linux server, see link:https://example.com/linux[the Linux notes].
            * Python 3.10 or later (`python3 --version`).

            [source,bash]
            ----
            sudo apt install teh-package
            ----

            NOTE: Restart the service with kbd:[Ctrl+C] first.

            .Configuration file
            ....
            port = 8080
            ....

            // TODO: document the options
            See <<requirements,the requirements>> again.
            """
        #expect(
            checked(text) == [
                "Installation", "Guide", "Ada", "Lovelace", "This", "guide", "shows", "how", "to", "install", "on", "a",
                "server", "Requirements", "A", "Linux", "server", "see", "the", "Linux", "notes", "Python", "or", "later",
                "Restart", "the", "service", "with", "first", "Configuration", "file", "See", "the", "requirements",
                "again",
            ])
    }

    @Test func misspellingsInProseAreFlaggedAndInMarkupNot() throws {
        let text = """
            = Instalation

            The `recieve` call is descibed in link:https://example.com/teh[the guide].

            ----
            definately code
            ----
            // a comentary
            """
        #expect(try MaskerTesting.flagged(text, format: .asciidoc) == ["Instalation", "descibed"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .asciidoc,
            openings: [
                "----\nx", "[source]\nx", "link:a[b", "<<a,b", "`x", "+x", "{a", "[[a", "image::a[b]", ":a: b \\", "\"`a",
                "footnote:[a", "= a", ".a",
            ])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .asciidoc,
            pieces: [
                "----", "....", "++++", "////", "```", "[source]", "[[a]]", ":a: b", "//", "= ", "== ", ".", "`", "+", "++",
                "+++", "{a}", "<<", ">>", "link:", "https://a", "[", "]", "kbd:[", "footnote:[", "image::a[", "\"`", "`\"",
                ",", "|===", "--", "  ", "* ",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .asciidoc,
            pieces: [
                "`", "+a", "++a", "<<a", "[[a", "link:a[", "footnote:[", "{a", "https://a[", "----\n", "[source]\n", ":a:",
                "\"`a", "a:b:", "[.a", "  a\n\n", "<<a,", "link:a[b link:c[",
            ])
    }
}
