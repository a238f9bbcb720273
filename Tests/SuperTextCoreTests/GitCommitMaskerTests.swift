import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .gitCommit) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .gitCommit) }

/// Git commit messages: what a proofreader reads of a message being written, and what it skips.
@Suite("GitCommitMasker")
struct GitCommitMaskerTests {
    @Test func theMessageIsProse() {
        #expect(masked("").isEmpty)
        #expect(masked("Fix the parser\n\nIt failed on empty input: now it does not.\n").isEmpty)
    }

    @Test func commentLinesAreMasked() {
        let text = "Fix the parser\n\nIt failed on empty input.\n# Please enter the commit message\n#\n# On branch main\n"
        #expect(masked(text) == ["# Please enter the commit message", "#", "# On branch main"])
        #expect(checked(text) == ["Fix", "the", "parser", "It", "failed", "on", "empty", "input"])
        #expect(masked("Subject\r\n\r\n# comment\r\nBody\r\n") == ["# comment"])
        // A `#` inside a line is prose (an issue number is skipped by the tokenizer).
        #expect(masked("Fix #12 and # that").isEmpty)
    }

    @Test func everythingFromTheScissorsLineIsMasked() {
        let text = """
            Subject

            Body.
            # ------------------------ >8 ------------------------
            # Do not modify or remove the line above.
            diff --git a/x b/x
            +teh
            """
        #expect(masked(text) == ["# ------------------------ >8 ------------------------\n# Do not modify or remove the line above.\ndiff --git a/x b/x\n+teh"])
        #expect(checked(text) == ["Subject", "Body"])
    }

    @Test func everythingFromADiffIsMasked() {
        let text = "Subject\n\nBody text.\ndiff --git a/f b/f\nindex 1..2\n--- a/f\n+++ b/f\n@@\n-teh\n+the\n"
        #expect(masked(text) == ["diff --git a/f b/f\nindex 1..2\n--- a/f\n+++ b/f\n@@\n-teh\n+the\n"])
        #expect(masked("A diff --git line inside is prose").isEmpty)
    }

    @Test func trailersAreMasked() {
        let text = """
            Fix a bug

            The body explains it.

            Signed-off-by: Ada Lovelace <ada@example.com>
            Co-authored-by: Alan Turing <alan@example.com>
            Fixes: #123
            """
        #expect(
            masked(text) == [
                "Signed-off-by: Ada Lovelace <ada@example.com>", "Co-authored-by: Alan Turing <alan@example.com>",
                "Fixes: #123",
            ])
        #expect(checked(text) == ["Fix", "a", "bug", "The", "body", "explains", "it"])
    }

    @Test func theSubjectIsNeverATrailer() {
        #expect(masked("Docs: fix the typo\n").isEmpty)
        #expect(masked("Docs: fix the typo\n\nReviewed-by: Someone Else") == ["Reviewed-by: Someone Else"])
    }

    @Test func aLastParagraphOfProseIsNoTrailerBlock() {
        #expect(masked("Subject\n\nNote: this is prose.\nAnd more prose.\n").isEmpty)
        #expect(masked("Subject\n\nNote: this is prose.\n\nStill prose here.").isEmpty)
    }

    @Test func aTrailerBlockAsGitReadsIt() {
        // A quarter of trailers and one written by git: the trailers alone are masked.
        #expect(masked("Subject\n\nSome text here\nSigned-off-by: A <a@b.c>\n") == ["Signed-off-by: A <a@b.c>"])
        // Continuation lines and comment lines.
        #expect(
            masked("Subject\n\nBody.\n\nSee-also: a long\n  continued value\n# comment\nAcked-by: X\n")
                == ["See-also: a long", "  continued value", "# comment", "Acked-by: X"])
    }

    // MARK: - A whole message

    @Test func aWholeMessageAsGitGivesIt() {
        let text = """
            Fix crash when the input is empty

            The parser read past the end of the buffer when it was given an
            empty string. Check the length first.

            Fixes #42
            Signed-off-by: Ada Lovelace <ada@example.com>
            # Please enter the commit message for your changes. Lines starting
            # with '#' will be ignored, and an empty message aborts the commit.
            #
            # On branch main
            # Changes to be committed:
            #\tmodified:   Sources/Parser.swift
            #
            # ------------------------ >8 ------------------------
            # Do not modify or remove the line above.
            # Everything below it will be ignored.
            diff --git a/Sources/Parser.swift b/Sources/Parser.swift
            index 1234567..89abcde 100644
            --- a/Sources/Parser.swift
            +++ b/Sources/Parser.swift
            @@ -1,3 +1,4 @@
            +// teh guard
            """
        #expect(
            checked(text) == [
                "Fix", "crash", "when", "the", "input", "is", "empty", "The", "parser", "read", "past", "the", "end", "of",
                "the", "buffer", "when", "it", "was", "given", "an", "empty", "string", "Check", "the", "length", "first",
                "Fixes",
            ])
    }

    @Test func misspellingsInTheMessageAreFlaggedAndInCommentsAndTheDiffNot() throws {
        let text = "Fix the parsr\n\nIt recieved nothing.\n# Plese enter the mesage\ndiff --git a/x b/x\n+definately\n"
        #expect(try MaskerTesting.flagged(text, format: .gitCommit) == ["parsr", "recieved"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .gitCommit,
            openings: ["# ------------------------ >8 -", "diff --git a", "Subject\n\nKey: value", "#", "a\n\nb\n  c"])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .gitCommit,
            pieces: ["#", "# ", " >8 ", "------", "diff --git ", "Signed-off-by: ", "Key: ", "Key:", "  ", "a-b", "(cherry picked from commit "])
    }

    @Test func repeatedLinesFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .gitCommit,
            pieces: ["#\n", "Key: v\n", "a\n\n", "# -- >8\n", "Signed-off-by: a\nb\n", "\n"])
    }
}
