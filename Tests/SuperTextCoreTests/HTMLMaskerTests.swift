import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .html) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .html) }

/// HTML: what a proofreader reads of a page, and what it skips.
@Suite("HTMLMasker")
struct HTMLMaskerTests {
    @Test func textBetweenTagsIsProse() {
        #expect(masked("").isEmpty)
        #expect(masked("Plain text, 3 < 4 and a < b.").isEmpty)
        #expect(masked("<p>Some <b>bold</b> text.</p>") == ["<p>", "<b>", "</b>", "</p>"])
        #expect(checked("<p>Some <b>bold</b> text.</p>") == ["Some", "bold", "text"])
        #expect(checked("<li>one</li><li>two</li>") == ["one", "two"])
    }

    @Test func tagsWithTheirAttributes() {
        #expect(masked("<a href=\"x.html\" title='teh title'>link</a >") == ["<a href=\"x.html\" title='teh title'>", "</a >"])
        #expect(masked("<img\n  src=\"a.png\"\n  alt=\"A\">") == ["<img\n  src=\"a.png\"\n  alt=\"A\">"])
        #expect(masked("line<br/>next<br />last") == ["<br/>", "<br />"])
    }

    @Test func commentsDeclarationsInstructionsAndCDATA() {
        #expect(masked("Text <!-- teh comment\nmore --> after") == ["<!-- teh comment\nmore -->"])
        #expect(masked("<!DOCTYPE html>\n<html lang=\"en\">") == ["<!DOCTYPE html>", "<html lang=\"en\">"])
        #expect(masked("<?xml version=\"1.0\"?>\n<a>x</a>") == ["<?xml version=\"1.0\"?>", "<a>", "</a>"])
        #expect(masked("a <![CDATA[ x < teh ]]> b") == ["<![CDATA[ x < teh ]]>"])
    }

    @Test func entityAndCharacterReferences() {
        #expect(masked("caf&eacute; &amp; &#233; &#x1F600;") == ["&eacute;", "&amp;", "&#233;", "&#x1F600;"])
        #expect(masked("AT&T, a & b, &#; &x y;").isEmpty)
    }

    @Test func elementsWhoseContentIsNotProseAreMaskedWhole() {
        let text = "<p>Call <code>teh()</code>, press <kbd>Ctrl</kbd>, see <samp>recieved</samp> and <var>n</var>.</p>"
        #expect(checked(text) == ["Call", "press", "see", "and"])
        #expect(masked("<pre>\nteh\n\ncode\n</pre>\nafter") == ["<pre>\nteh\n\ncode\n</pre>"])
        #expect(masked("<script>if (a < b) { teh(); }</script> x") == ["<script>if (a < b) { teh(); }</script>"])
        #expect(masked("<style>p { color: red }</style>") == ["<style>p { color: red }</style>"])
        #expect(masked("<textarea name=\"t\">teh draft</textarea>") == ["<textarea name=\"t\">teh draft</textarea>"])
        #expect(masked("<CODE>x</Code> y") == ["<CODE>x</Code>"])
    }

    @Test func markupLeftOpenIsText() {
        #expect(masked("a <code>open") == ["<code>"])
        #expect(masked("a <!-- open").isEmpty)
        #expect(masked("<a b=\"open>text").isEmpty)
    }

    @Test func aWholePage() {
        let text = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <title>Spelling Guide</title>
              <style>body { font-family: sans-serif; }</style>
            </head>
            <body>
              <!-- navigation goes here -->
              <h1>Welcome&nbsp;home</h1>
              <p>Install it with <code>npm install teh-package</code>, then read
              <a href="https://example.com/docs">the documentation</a>.</p>
              <pre>
            $ teh --check
              </pre>
              <script>document.title = "recieve";</script>
            </body>
            </html>
            """
        #expect(
            checked(text) == [
                "Spelling", "Guide", "Welcome", "home", "Install", "it", "with", "then", "read", "the", "documentation",
            ])
    }

    @Test func misspellingsInTextAreFlaggedAndInMarkupNot() throws {
        let text = """
            <h1 class="teh">Introdution</h1>
            <p>The <code>recieve()</code> call is descibed <a href="definately.html">here</a>.</p>
            <!-- a comentary -->
            """
        #expect(try MaskerTesting.flagged(text, format: .html) == ["Introdution", "descibed"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .html,
            openings: ["<a href=\"x\">", "<!-- x -->", "<![CDATA[x]]>", "<?x?>", "<!DOCTYPE x>", "&amp;", "<code>x</code>", "</a >"])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .html,
            pieces: [
                "<", "</", "<!--", "-->", "<b>", "</b>", "<a href=\"", "\"", "'", "=", ">", "&", "&amp;", "&#", ";", "<pre>",
                "</pre>", "<code>", "</code>", "<script>", "</script>", "<![CDATA[", "]]>", "<?", "?>", "<!x", "/>",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .html,
            pieces: ["<", "<!--", "<a b=\"", "<a b ", "<?x", "<!X ", "<code>", "<![CDATA[", "&#", "<a b='x' ", "</a"])
    }
}
