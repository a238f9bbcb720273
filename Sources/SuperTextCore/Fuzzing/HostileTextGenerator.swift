/// Random and adversarial texts for fuzzing the tokenizer, the formats' maskers and the whole
/// check (`HostileTextTests`, `supertext-bench fuzz`): combining marks, emoji joined by ZWJ,
/// scalars next to the surrogate range and beyond the Basic Multilingual Plane, bidirectional
/// marks, the many spaces of Unicode, CR and CRLF, very long words and sentences, repeated
/// punctuation, nested and unterminated markup (Markdown, LaTeX, reStructuredText, AsciiDoc,
/// HTML) and code (strings, comments), mixed scripts, and the sentences rules are written for.
///
/// Deterministic: the same seed gives the same texts on every machine (SplitMix64, not the
/// system's generator). Control characters other than tab, line feed and carriage return are
/// never produced: every door of the service refuses them (`ControlCharacters`).
package struct HostileTextGenerator {
    private var random: SplitMix64
    /// Sentences that rules fire on, mixed in so that matches and suggestions are exercised.
    private let sentences: [String]

    /// A generator from `seed`; `sentences` (the rules' own examples, say) are mixed into texts.
    package init(seed: UInt64, sentences: [String] = []) {
        random = SplitMix64(seed: seed)
        self.sentences = sentences.isEmpty ? Self.ordinarySentences : sentences
    }

    /// A random text of about `size` UTF-8 bytes (more when a long fragment is drawn).
    package mutating func text(size: Int) -> String {
        var text = ""
        while text.utf8.count < size {
            text += fragment()
            text += separator()
        }
        // A few random scalars dropped anywhere, between or inside the fragments.
        let insertions = random.below(4)
        guard insertions > 0 else { return text }
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<insertions {
            scalars.insert(scalar(), at: random.below(scalars.count + 1))
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    // MARK: - Pieces

    private mutating func fragment() -> String {
        switch random.below(20) {
        case 0...3: return pick(sentences)
        case 4, 5: return pick(Self.ordinarySentences)
        case 6: return pick(Self.unicodeTraps)
        case 7: return pick(random.below(2) == 0 ? Self.markdown : Self.otherFormats)
        case 8: return pick(Self.nonProse)
        case 9: return pick(Self.scripts)
        case 10: return repeated(pick(Self.punctuationRuns), times: 1 + random.below(40))
        case 11: return longWord()
        case 12: return longSentence()
        case 13: return repeated(pick(Self.unicodeTraps) + pick([" ", "", "\u{00A0}", "\n"]), times: 2 + random.below(30))
        case 14: return mixedWord()
        case 15: return String(repeating: pick(["> ", "- ", "* ", "1. ", "    ", "\t", "#", "[", "(", "<", "`", "~", "|"]), count: 1 + random.below(12))
            + pick(sentences)
        case 16: return pick(Self.ordinarySentences).replacingOccurrences(of: " ", with: pick(Self.spaces))
        default:
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + random.below(24)) { scalars.append(scalar()) }
            return String(scalars)
        }
    }

    private mutating func separator() -> String {
        switch random.below(12) {
        case 0...4: return " "
        case 5: return "\n"
        case 6: return "\n\n"
        case 7: return "\r\n"
        case 8: return "\r"
        case 9: return ""
        case 10: return pick(Self.spaces)
        default: return String(repeating: pick([" ", "\t", "\n", "\r\n"]), count: 2 + random.below(6))
        }
    }

    /// A word of thousands of letters, marks or scalars outside the BMP, sometimes hyphenated
    /// or with apostrophes.
    private mutating func longWord() -> String {
        let unit = pick(["a", "é", "e\u{0301}", "𝐀", "ß", "abc-", "a'", "x’", "ab.", "a_b", "Aa", "ж", "字", "😀", "👩‍👩‍👧‍👦", "a\u{200D}", "\u{0301}"])
        return repeated(unit, times: 500 + random.below(3000))
    }

    /// Thousands of words with no sentence break, of one kind or mixed.
    private mutating func longSentence() -> String {
        let words = random.below(2) == 0
            ? [pick(["teh", "the", "word", "a", "an apple", "their", "recieve", "5km", "could of", "-", "the the"])]
            : ["the", "teh", "and", "a", "apple", ",", "their", "then", "recieve", "é", "—", "than", "could", "of", "gone", "5", "x", "2", "  "]
        var sentence = ""
        for _ in 0..<(300 + random.below(2500)) {
            sentence += pick(words)
            sentence += random.below(50) == 0 ? pick(Self.spaces) : " "
        }
        return sentence
    }

    /// A word made of letters of several scripts and of marks where marks do not belong.
    private mutating func mixedWord() -> String {
        var word = ""
        for _ in 0..<(2 + random.below(12)) {
            word += pick(["a", "а", "α", "ا", "א", "字", "\u{0301}", "\u{200D}", "\u{200F}", "'", "-", ".", "\u{00AD}", "1", "𝐀", "ǅ", "ﬁ", "İ", "ß"])
        }
        return word
    }

    /// A random Unicode scalar, drawn mostly from where tokenizers go wrong.
    private mutating func scalar() -> Unicode.Scalar {
        let value: UInt32 = switch random.below(10) {
        case 0: UInt32(0x20 + random.below(0x5F))                      // ASCII, printable
        case 1: UInt32(0x300 + random.below(0x70))                      // combining marks
        case 2: UInt32(0xD7F0 + random.below(0x10))                     // just below the surrogates
        case 3: UInt32(0xE000 + random.below(0x10))                     // just above them
        case 4: UInt32(0xFFF0 + random.below(0x10))                     // the end of the BMP
        case 5: UInt32(0x10000 + random.below(0x200))                   // just past it
        case 6: UInt32(0x10FFF0 + random.below(0x10))                   // the last scalars
        case 7: UInt32(0x1F300 + random.below(0x700))                   // emoji
        case 8: UInt32(0x2000 + random.below(0x70))                     // spaces, marks, separators
        default: UInt32(0xA0 + random.below(0x10FF00))                  // anywhere
        }
        // No surrogates (not scalars) and no control characters (refused at the door).
        return Unicode.Scalar(value).flatMap { $0.value < 0x20 ? nil : $0 } ?? "\u{FFFD}"
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }

    private func repeated(_ string: String, times: Int) -> String { String(repeating: string, count: times) }

    // MARK: - Palettes

    static let ordinarySentences = [
        "The quick brown fox jumps over the lazy dog.",
        "I recieve teh letter yesterday, and their was a apple on the the table.",
        "She could of gone home , but it weighs 5kg and costs 100$ .",
        "Is it 5 x 2 or 25°C ?  Two  spaces here!",
        "Dr. Smith went to Washington D.C. on Jan. 5, e.g. to see J. R. R. Tolkien.",
        "Ça va très bien, merci ! Où est l’école ?",
        "Das ist ein Test, oder nicht? Die die Straße überqueren.",
        "¿Dónde está la biblioteca? ¡Qué bien!",
        "It's its own fault; then they're there, than their.",
    ]

    static let spaces = [
        "\u{00A0}", "\u{202F}", "\u{2009}", "\u{2007}", "\u{3000}", "\u{2028}", "\u{2029}", "\u{0085}",
        "\u{200B}", "\u{FEFF}", "\u{1680}", "\u{205F}", "\t", "\r", "\r\n", "\u{2003}", "\u{007F}",
    ]

    static let unicodeTraps = [
        "e\u{0301}", "a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}\u{0306}", "\u{0301}start", " \u{0301} ", ".\u{0301}",
        "5\u{0301}", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷🇩🇪", "👍🏽", "1️⃣", "❤️‍🔥", "\u{200D}", "a\u{200D}b", "\u{200C}",
        "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "𝐀𝐁𝐂", "𝒶𝒷𝒸", "𠀀𠀁",
        "\u{200F}", "\u{200E}", "\u{202E}abc\u{202C}", "\u{2066}x\u{2069}", "\u{061C}",
        "\u{00A0}", "\u{202F}", "\u{00AD}", "ﬁnd", "İstanbul", "ǅemal", "ß", "ẞ", "ŉ", "\u{0345}",
        "\r", "\r\n", "\n\r", "\u{2028}", "don\u{2019}t", "l\u{2019}\u{2019}", "'''", "a''b", "-\u{0301}-",
    ]

    static let markdown = [
        "```", "```swift\nlet x = 1\n", "~~~\ncode", "````\n```\n", "`", "``a`", "`a``b`", "[a](b", "[a](<b>)", "![x](",
        "[a][b]\n\n[b]: http://x \"t\"", "[^1]", "<a href=\"x\">", "<!--", "<!-- x -->", "<?x", "<![CDATA[", "<code>x",
        "<pre>\n```\n", "&amp;", "&#x1F600;", "&#99999999;", "&#;", "> > > - * [a](b) `c` **d** _e_", "***", "___",
        "---\ntitle: x\n", "+++\n", "    indented code", "\tcode", "| a | b |\n|---|---|", "# heading #", "<https://x.y>",
        "<a@b.c>", "[[[[[[[[", "]]]]]]]", "((((((((", "\\`", "\\", "[x]: <", "<", ">", "<a\nb>", "``` ```", "~~~~~~",
    ]

    /// The syntax of the other formats, whole and cut short.
    static let otherFormats = [
        "\\emph{", "\\ref{a", "$x^2", "$$", "\\[", "\\begin{equation}", "\\end{verbatim}", "\\verb|x", "% comment",
        "\\item[", "\\href{u}{", "~", ".. note::\n   :a: b\n", ".. code-block:: c\n\n   x\n", "::\n\n    code",
        "``lit", ":func:`f`", "`text <u>`_", "[#]_", "|sub|", "=====", ">>> x", "----\n", "....", "[source,c]",
        "link:u[text", "<<id,", "{attr}", "+pass", "kbd:[", "// line", "/* block", "*/", "\"str", "'c'", "\"\"\"",
        "#\"raw\"#", "r#\"", "`${", "# comment", "$(cmd", "${#x}", "<<EOF\n", "# ------------------------ >8 --",
        "diff --git a/x b/x", "Signed-off-by: A <a@b.c>", "<textarea>", "&nbsp;", "<!DOCTYPE html>",
    ]

    static let nonProse = [
        "https://example.com/a?b=c#d", "http://", "user@example.com", "@handle", "#tag", "/usr/bin/env", "C:\\Path\\x",
        "--option=value", "camelCaseWord", "snake_case", "dotted.name.here", "NASA", "3.14", "1,000,000", "2nd", "v1.2.3",
        "0x1F", "5km", "25°C", "100$", "$ 100", "5 x 2", "a)", "e.g.", "i.e.", "....", "…", "‐", "–", "—",
    ]

    static let scripts = [
        "Москва", "東京都", "Ελλάδα", "हिन्दी", "ภาษาไทย", "שלום עולם", "مرحبا بالعالم", "한국어", "ქართული", "Ꭰꮳ",
        "pаypal", "Hello Мир 世界", "ᚠᚢᚦ", "𓀀𓀁", "ﷺ", "ⅧⅫ", "١٢٣", "५६", "½", "²³",
    ]

    static let punctuationRuns = ["!", "?", ".", "…", ",", ";", ":", "!?", "?!", "-", "—", "(", ")", "\"", "'", "«", "»", "“", "”", "*", "_", "`", "。", "！"]
}

/// SplitMix64 (Steele, Lea and Flood): small, fast and the same everywhere, so a seed printed on
/// one machine reproduces a failure on another.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
