import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .python) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .python) }

/// Python: only comments and docstrings are read.
@Suite("PythonMasker")
struct PythonMaskerTests {
    @Test func codeIsMaskedAndCommentsAreProse() {
        #expect(masked("").isEmpty)
        #expect(masked("x = 1  # the comment\ny = 2") == ["x = 1  #", "\ny = 2"])
        #expect(checked("x = 1  # the comment\ny = 2") == ["the", "comment"])
        #expect(checked("# First line\n# and the second.\nprint(teh)") == ["First", "line", "and", "the", "second"])
    }

    @Test func theFirstLinesAndPragmasAreNotProse() {
        #expect(checked("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Real comment\nx = 1") == ["Real", "comment"])
        // Vim's way of declaring the coding is one too (PEP 263), but not after the second line.
        #expect(checked("# vim: set fileencoding=utf-8 :\nx = 1") == [])
        #expect(checked("x = 1\ny = 2\n# The coding: of this file") == ["The", "coding", "of", "this", "file"])
        #expect(checked("import os  # noqa: F401\nx = 1  # type: ignore\ny = 2  # pylint: disable=teh\n") == [])
    }

    @Test func hashesInStringsStartNoComment() {
        #expect(checked("s = '# not a comment'  # yes\nt = \"it's # no\"") == ["yes"])
        #expect(checked("s = 'a\\' # no'  # yes") == ["yes"])
        #expect(checked("s = f\"{x} # no\"  # yes") == ["yes"])
        // A string left open ends with its line.
        #expect(checked("s = 'open\n# comment") == ["comment"])
    }

    @Test func docstringsAreProseWithTheirQuotesMasked() {
        let text = "def f():\n    \"\"\"Return the answer.\n\n    More text here.\n    \"\"\"\n    return 42"
        #expect(masked(text) == ["def f():\n    \"\"\"", "\"\"\"\n    return 42"])
        #expect(checked(text) == ["Return", "the", "answer", "More", "text", "here"])
        #expect(checked("\"\"\"Module docs.\"\"\"\nimport os") == ["Module", "docs"])
        #expect(checked("class A:\n    '''Single quotes.'''\n") == ["Single", "quotes"])
        #expect(checked("def g():\n    r\"\"\"Raw docs.\"\"\"\n") == ["Raw", "docs"])
    }

    @Test func otherTripleQuotedStringsAreCode() {
        #expect(checked("x = \"\"\"Not a docstring.\"\"\"") == [])
        #expect(checked("f(\n    \"\"\"An argument.\"\"\"\n)") == [])
        #expect(checked("x = 1 + \\\n    \"\"\"Continued line.\"\"\"") == [])
        #expect(checked("s = \"\"\"\n# not a comment\n\"\"\"  # yes") == ["yes"])
    }

    @Test func docstringsAreReadAsReStructuredText() {
        let text = """
            def f(x):
                \"\"\"Compute ``teh_value``.

                :param x: The input.
                :returns: The result.

                Example::

                    f(recieve)

                >>> f(1)
                2
                \"\"\"
            """
        #expect(checked(text) == ["Compute", "The", "input", "The", "result", "Example"])
    }

    @Test func aDocstringLeftOpenRunsToTheEnd() {
        #expect(checked("\"\"\"Open docstring\nmore") == ["Open", "docstring", "more"])
    }

    // MARK: - A whole module

    @Test func aWholeModule() {
        let text = """
            #!/usr/bin/env python3
            # -*- coding: utf-8 -*-
            \"\"\"Tools to count words.

            The counts are case-insensitive.
            \"\"\"

            import re  # the standard library only

            WORD = re.compile(r"[a-z']+")  # letters and apostrophes


            def count(text: str) -> int:
                \"\"\"Return how many words ``text`` holds.\"\"\"
                # An empty text has none.
                if not text:
                    return 0
                return len(WORD.findall(text.lower()))  # type: ignore
            """
        #expect(
            checked(text) == [
                "Tools", "to", "count", "words", "The", "counts", "are", "case-insensitive", "the", "standard", "library",
                "only", "letters", "and", "apostrophes", "Return", "how", "many", "words", "holds", "An", "empty", "text",
                "has", "none",
            ])
    }

    @Test func misspellingsInCommentsAndDocstringsAreFlaggedAndInCodeNot() throws {
        let text = """
            \"\"\"Recieve messages.\"\"\"

            def send(message):
                # Retrun the mesage.
                return "definately" + message
            """
        #expect(try MaskerTesting.flagged(text, format: .python) == ["Recieve", "Retrun", "mesage"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .python, openings: ["\"\"\"a", "'''a", "'a", "\"a\\", "# a", "#!", "r\"\"\"a", "x = \\", "\"\"\"``a"])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .python,
            pieces: [
                "#", "# ", "\"", "'", "\"\"\"", "'''", "r", "f", "b", "(", ")", "[", "]", "\\", "def f():", "    ", "x = ", "::",
                "``", ":param x:", ">>> ", "#!", "coding: ", "# noqa",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .python,
            pieces: ["\"\"\"", "'''", "'", "\"", "#", "(", "\\\n", "\"\"\"a\"\"\"\n", "r'", "\"\"\"``\n", "\"\"\"a::\n\n  b\n"])
    }
}
