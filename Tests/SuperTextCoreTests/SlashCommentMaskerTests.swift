import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .slashComments) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .slashComments) }

/// Source code with `//` and `/* */` comments: only the comments' text is read.
@Suite("SlashCommentMasker")
struct SlashCommentMaskerTests {
    @Test func codeIsMaskedAndCommentsAreProse() {
        #expect(masked("").isEmpty)
        #expect(masked("let x = 1 // the comment\nlet y = 2") == ["let x = 1 //", "\nlet y = 2"])
        #expect(checked("let x = 1 // the comment\nlet y = 2") == ["the", "comment"])
        #expect(masked("int main(void) { return teh; }") == ["int main(void) { return teh; }"])
    }

    @Test func consecutiveLineCommentsAreOneParagraph() {
        let text = "// The first line\n// continues here.\nx = 1"
        #expect(masked(text) == ["//", "\n//", "\nx = 1"])
        #expect(checked(text) == ["The", "first", "line", "continues", "here"])
    }

    @Test func docCommentMarkers() {
        #expect(
            checked("/// A doc comment\n//! Inner doc\n//////// separator\nfunc f() {}")
                == ["A", "doc", "comment", "Inner", "doc", "separator"])
    }

    @Test func blockCommentsWithTheirDecoration() {
        let text = "/* A block\n * comment with decoration\n */\nint x;"
        #expect(masked(text) == ["/*", " * ", "*/\nint x;"])
        #expect(checked(text) == ["A", "block", "comment", "with", "decoration"])
        #expect(masked("/** Javadoc. */") == ["/**", "*/"])
        #expect(masked("/*****\n * Boxed\n *****/") == ["/*****", " * ", "*****/"])
        #expect(masked("/**/ x") == ["/**/ x"])
    }

    @Test func blockCommentsNestButNotWhenThatLeavesOneOpen() {
        #expect(checked("/* outer /* inner */ still */ code // after") == ["outer", "inner", "still", "after"])
        // In C, `/*` inside a comment is text: nesting would run to the end, so it stops.
        #expect(masked("/* see src/*.c */ int x; // after") == ["/*", "*/ int x; //"])
        // Left open: to the end.
        #expect(masked("int x; /* open comment\nmore") == ["int x; /*"])
    }

    // MARK: - Strings

    @Test func slashesInStringsStartNoComment() {
        #expect(checked("let s = \"// not a comment\" // but this is") == ["but", "this", "is"])
        #expect(checked("let s = \"a \\\" // not\" // yes") == ["yes"])
        #expect(checked("char c = '/'; // slash") == ["slash"])
        #expect(checked("char c = '\\''; // quote") == ["quote"])
    }

    @Test func multiLineAndRawStrings() {
        #expect(checked("let s = \"\"\"\n// not a comment\n\"\"\"\n// real one") == ["real", "one"])
        #expect(checked("let r = #\"a \"// not\" b\"# // yes") == ["yes"])
        #expect(checked("let r = ##\"\"\"\n// no \"\"\"# \n\"\"\"## // yes") == ["yes"])
        #expect(checked("let r = r#\"a \"// not\"#; // yes") == ["yes"])
        #expect(checked("let r = br\"// not\"; // yes") == ["yes"])
        #expect(checked("auto s = R\"x(// not)\" )x\"; // yes") == ["yes"])
    }

    @Test func templateLiteralsAndGoRawStrings() {
        #expect(checked("const t = `a ${ \"`\" } // not ${ {x} } b`; // yes") == ["yes"])
        #expect(checked("const t = `line\n// not\n`; // yes") == ["yes"])
        #expect(checked("s := `C://x` // yes") == ["yes"])
    }

    @Test func aQuoteThatClosesNoLiteralOnItsLineIsCode() {
        #expect(checked("fn f(x: &'static str) // returns it") == ["returns", "it"])
        #expect(checked("let n = 1'000'000; // a million") == ["a", "million"])
        #expect(checked("let s = \"open // comment\nx") == ["comment"])
    }

    // MARK: - Doc comments

    @Test func docTagsAndTheNamesTheyTake() {
        let text = """
            /**
             * Sends the message.
             * @param recipient The person.
             * @return The count.
             * @throws {IOError} When it fails.
             * @see Foo#bar
             */
            """
        #expect(checked(text) == ["Sends", "the", "message", "The", "person", "The", "count", "When", "it", "fails"])
        #expect(
            masked(text) == [
                "/**", " * ", " * @param", "recipient", " * @return", " * @throws", "{IOError}", " * @see", "Foo#bar", "*/",
            ])
        #expect(checked("// See {@link Teh.thing} for more.") == ["See", "for", "more"])
        #expect(checked("/// \\brief Computes it.\n/// \\param[in] count The count.\n") == ["Computes", "it", "The", "count"])
        // A backslash that is no command stays.
        #expect(masked("// matches \\d and @ signs") == ["//"])
    }

    @Test func swiftCallouts() {
        let text = """
            /// Adds two numbers.
            ///
            /// - Parameter lhs: The first.
            /// - Parameters:
            ///   - rhs: The second.
            ///   - other: Another.
            /// - Returns: The sum.
            /// - Throws: Nothing.
            func add() {}
            """
        #expect(checked(text) == ["Adds", "two", "numbers", "The", "first", "The", "second", "Another", "The", "sum", "Nothing"])
    }

    @Test func codeInDocComments() {
        #expect(checked("/// Calls `recieve()` twice.") == ["Calls", "twice"])
        let fenced = "/// Example:\n///\n/// ```swift\n/// let teh = 1\n/// ```\n/// Done.\nfunc f() {}"
        #expect(checked(fenced) == ["Example", "Done"])
        #expect(checked("/**\n * @code\n * teh(x);\n * @endcode\n * Done.\n */") == ["Done"])
        // Code between two comments ends the fence.
        #expect(checked("/// ```\nlet x = 1\n/// Prose again.") == ["Prose", "again"])
    }

    // MARK: - A whole file

    @Test func aWholeSourceFile() {
        let text = """
            import Foundation

            /// A proofreader for short texts.
            ///
            /// Use it from one thread at a time.
            public struct Checker {
                /// The words it knows.
                let words: Set<String>

                /* Multi-line comment
                 * explaining the cache.
                 */
                private var cache: [String: Bool] = [:]

                /// Checks a word.
                ///
                /// - Parameter word: The word to look up.
                /// - Returns: Whether the word is known.
                func check(_ word: String) -> Bool {
                    let url = "https://example.com/teh" // the service's address
                    return words.contains(word) || url.isEmpty
                }
            }
            """
        #expect(
            checked(text) == [
                "A", "proofreader", "for", "short", "texts", "Use", "it", "from", "one", "thread", "at", "a", "time", "The",
                "words", "it", "knows", "Multi-line", "comment", "explaining", "the", "cache", "Checks", "a", "word", "The",
                "word", "to", "look", "up", "Whether", "the", "word", "is", "known", "the", "service's", "address",
            ])
    }

    @Test func misspellingsInCommentsAreFlaggedAndInCodeNot() throws {
        let text = """
            /// Recieves the mesage.
            func receive(message: String) -> String {
                let definately = "wich" /* the secnd one */
                return definately
            }
            """
        #expect(try MaskerTesting.flagged(text, format: .slashComments) == ["Recieves", "mesage", "secnd"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .slashComments,
            openings: [
                "/* a", "// a", "\"a", "'a", "\"\"\"a", "#\"a", "r#\"a", "R\"x(a", "`a${", "/** @param [a", "{@link a", "/// ```",
                "/*/", "*/",
            ])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .slashComments,
            pieces: [
                "/", "//", "///", "/*", "*/", "/**", " * ", "*", "\"", "'", "\"\"\"", "#", "#\"", "\"#", "r#\"", "R\"x(", ")x\"",
                "`", "${", "}", "{", "@param ", "{@link ", "- Parameter ", "- Returns:", "```", "\\param ", "\\", "\n",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .slashComments,
            pieces: [
                "/*", "'", "\"", "'a", "\"a", "`${", "${", "#\"", "r#\"", "R\"x(", "/* /*", "// {@link ", "// @param [",
                "// `", "/// - Parameter ", "\"\"\"", "}", "// ```\n",
            ])
    }
}
