/// How the text of a check is written: what of it is prose. Each format but `plain` has a
/// masker that finds the rest (markup, code, comments' markers), which is not checked.
public enum TextFormat: String, Codable, Sendable, CaseIterable {
    /// Plain prose.
    case plain
    /// Markdown: code spans and blocks, link targets and HTML tags are not checked.
    case markdown
    /// LaTeX: commands, math, comments and the arguments of referencing commands are not checked;
    /// the text of `\emph{}`, `\section{}` and the like is.
    case latex
    /// reStructuredText: directives, literal blocks, inline literals, roles' targets and section
    /// adornments are not checked.
    case restructuredText = "restructuredtext"
    /// AsciiDoc: listing, literal and passthrough blocks, comments, attributes and macros' targets
    /// are not checked.
    case asciidoc
    /// A git commit message: comment lines and everything below the scissors line are not checked.
    case gitCommit = "gitcommit"
    /// HTML: tags, comments, entities and the content of `code`, `pre`, `script` and `style` are
    /// not checked.
    case html
    /// Source code with `//` and `/* */` comments (Swift, JavaScript, TypeScript, Go, Rust, C,
    /// C++, Java): only the comments are checked.
    case slashComments = "slash-comments"
    /// Python: only comments and docstrings are checked.
    case python
    /// Shell scripts: only `#` comments are checked (not the `#!` line).
    case shell
}

/// The language the explanations are written in.
public enum ExplanationLanguage: String, Codable, Sendable, CaseIterable {
    case en, fr, de, es

    /// The explanation language for a BCP 47 language code (`fr-CA` → `fr`), or `nil` when
    /// explanations are not available in that language.
    public init?(languageCode: String) {
        let primary = languageCode.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
            .map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }
}

/// Everything one check needs.
public struct CheckRequest: Sendable {
    /// The text, exactly as the caller sent it.
    public var text: String
    /// A language code (`en-US`, `en_US`, `en`) or `auto`.
    public var language: String
    /// With `auto`: the only languages to choose among (codes as for `language`). Empty: all.
    public var preferredLanguages: [String]
    /// How the text is written.
    public var format: TextFormat
    /// The language of explanations; `nil` follows the language of the text (English when the
    /// text's language has no explanations).
    public var explanationLanguage: ExplanationLanguage?
    /// Words to accept whatever the dictionary says.
    public var acceptedWords: Set<String>
    /// The personal dictionary by language code (`""`: every language; `en` applies to every
    /// English variant). The words for the text's language are accepted and offered as
    /// suggestions.
    public var personalDictionary: [String: Set<String>] = [:]
    /// Rule identifiers not to run.
    public var disabledRules: Set<String>
    /// Rules a person turned off (kept by the server): off unless `enabledRules` names them, as
    /// rules that are off by default are.
    public var rulesTurnedOff: Set<String> = []
    /// Whether to run the picky rules too (style and typography rules that are off by default).
    public var picky: Bool
    /// Picky rules to run although `picky` is off.
    public var enabledRules: Set<String> = []
    /// Run only the rules named in `enabledRules` (spelling is a rule too: `SPELLING`).
    public var enabledOnly = false
    /// Whether sentences in another language than the text's are found and checked in their own
    /// language. `nil`: yes with `auto`, no with a given language.
    public var mixedLanguages: Bool?

    /// Whether this request checks sentences in other languages in their own.
    public var checksMixedLanguages: Bool {
        mixedLanguages ?? (language.trimmingCharacters(in: .whitespaces).lowercased() == "auto"
            || language.trimmingCharacters(in: .whitespaces).isEmpty)
    }

    public init(
        text: String, language: String = "auto", preferredLanguages: [String] = [],
        format: TextFormat = .plain, explanationLanguage: ExplanationLanguage? = nil,
        acceptedWords: Set<String> = [], disabledRules: Set<String> = [], picky: Bool = false
    ) {
        self.text = text
        self.language = language
        self.preferredLanguages = preferredLanguages
        self.format = format
        self.explanationLanguage = explanationLanguage
        self.acceptedWords = acceptedWords
        self.disabledRules = disabledRules
        self.picky = picky
    }
}
