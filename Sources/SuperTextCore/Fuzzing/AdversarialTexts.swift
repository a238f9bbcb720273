/// Texts made of one piece repeated, each aimed at a place where work could grow faster than
/// the text: a scan that looks back or ahead over a run, a match tried at every position. `make
/// fuzz` times the whole check of each at growing sizes (`supertext-bench fuzz`); the tests
/// check the invariants on each at one size.
package enum AdversarialTexts {
    /// One kind of adversarial text: `prefix` then `unit` repeated.
    package struct Family: Sendable {
        package var name: String
        package var prefix: String = ""
        package var unit: String
        package var format: TextFormat = .plain

        /// The text of at least `size` UTF-8 bytes.
        package func text(size: Int) -> String {
            let count = max(1, (size - prefix.utf8.count + unit.utf8.count - 1) / unit.utf8.count)
            return prefix + String(repeating: unit, count: count)
        }
    }

    package static let families: [Family] = [
        Family(name: "no sentence break", unit: "teh word and then "),
        Family(name: "one long word", unit: "a"),
        Family(name: "one long word outside the BMP", unit: "𝐀"),
        Family(name: "combining marks on one letter", prefix: "e", unit: "\u{0301}"),
        Family(name: "letters with marks", unit: "e\u{0301}"),
        Family(name: "abbreviations after no-break spaces", unit: "a.\u{00A0}"),
        Family(name: "dots", unit: "."),
        Family(name: "dots and spaces", unit: ". "),
        Family(name: "repeated punctuation", unit: "!?"),
        Family(name: "closing quotes after a stop", prefix: "a.", unit: "”)"),
        Family(name: "emoji joined by ZWJ", unit: "👩‍👩‍👧‍👦"),
        Family(name: "mixed scripts in a word", unit: "aа"),
        Family(name: "right-to-left marks", unit: "word\u{200F} "),
        Family(name: "no-break spaces", unit: "x\u{00A0}\u{202F}"),
        Family(name: "carriage returns", unit: "word\r"),
        Family(name: "CRLF", unit: "word\r\n"),
        Family(name: "hyphens in one word", unit: "ab-"),
        Family(name: "apostrophes in one word", unit: "a'"),
        Family(name: "a dotted name", unit: "ab."),
        Family(name: "camel case", unit: "aB"),
        Family(name: "words in capitals", unit: "ABC "),
        Family(name: "digits", unit: "1"),
        Family(name: "at signs", unit: "a@"),
        Family(name: "slashes", unit: "a/"),
        Family(name: "repeated word", unit: "the "),
        Family(name: "articles", unit: "a apple "),
        Family(name: "multiplications", unit: "5 x "),
        Family(name: "confused words", unit: "than then "),
        Family(name: "pattern rules", unit: "could of gone "),
        Family(name: "spaces before punctuation", unit: "a , "),
        Family(name: "backticks", unit: "`", format: .markdown),
        Family(name: "backtick runs", unit: "`a``b", format: .markdown),
        Family(name: "open brackets", unit: "[", format: .markdown),
        Family(name: "unclosed links", unit: "[a](", format: .markdown),
        Family(name: "unclosed images", unit: "![a", format: .markdown),
        Family(name: "open angle brackets", unit: "<", format: .markdown),
        Family(name: "unclosed HTML tags", unit: "<a b=\"", format: .markdown),
        Family(name: "unclosed comments", unit: "<!--", format: .markdown),
        Family(name: "emphasis", unit: "*a_", format: .markdown),
        Family(name: "nested quotes and lists", unit: "> - ", format: .markdown),
        Family(name: "unterminated code fences", unit: "```\na\n", format: .markdown),
        Family(name: "indented code", unit: "    a\n", format: .markdown),
        Family(name: "link reference definitions", unit: "[a]: b\n", format: .markdown),
        Family(name: "entities", unit: "&#", format: .markdown),
        Family(name: "full reference links", unit: "[a][b]", format: .markdown),
        Family(name: "Markdown table rows", prefix: "| a | b |\n|---|---|\n", unit: "| the | teh, |\n", format: .markdown),
        Family(name: "a table row without end", prefix: "| a ", unit: "| b ", format: .markdown),
        Family(name: "LaTeX optional arguments left open", unit: "\\item[teh ", format: .latex),
        Family(name: "LaTeX unbalanced braces and unclosed math", unit: "\\ref{teh {$a\n\n", format: .latex),
        Family(name: "reStructuredText inline literals left open", unit: "``teh :a:`b ", format: .restructuredText),
        Family(name: "reStructuredText comments and directives", unit: ".. teh\n\n.. note:: teh\n   :a: b\n\n",
               format: .restructuredText),
        Family(name: "AsciiDoc macros left open", unit: "link:teh[a <<b, ", format: .asciidoc),
        Family(name: "AsciiDoc passthroughs and code left open", unit: "+teh `a {b ", format: .asciidoc),
        Family(name: "commit comment lines", unit: "# teh\n", format: .gitCommit),
        Family(name: "commit trailers", prefix: "Subject\n\n", unit: "Key: teh\n", format: .gitCommit),
        Family(name: "HTML attributes left open", unit: "<a b=\"teh ", format: .html),
        Family(name: "HTML code elements and comments left open", unit: "<code>teh <!-- ", format: .html),
        Family(name: "block comments left open", unit: "/* teh /* ", format: .slashComments),
        Family(name: "strings and templates left open", unit: "\"teh ' `${ #\" // ", format: .slashComments),
        Family(name: "Python docstring left open", prefix: "\"\"\"", unit: "teh # '\n", format: .python),
        Family(name: "Python strings left open", unit: "'teh # a\n", format: .python),
        Family(name: "shell substitutions left open", unit: "\"$(teh # ", format: .shell),
        Family(name: "shell here-documents", unit: "cat <<A\n# teh\n", format: .shell),
        Family(name: "unclosed quotes", unit: "\"a “b «c „d "),
        Family(name: "one sentence of many words", unit: "the word "),
    ]
}
