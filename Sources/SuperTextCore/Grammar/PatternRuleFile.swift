import Foundation

/// Reads the rules of a `grammar/<language>.rules` file: blocks of `key: value` lines, one rule a
/// block, blocks separated by blank lines, `#` comments. A linguist extends a language by adding
/// a block; the examples of every block run as tests.
///
/// ```
/// id: EN_COULD_OF
/// category: grammar
/// pattern: could|should|would|might|must [of] <VBN>|<VBD>
/// suggest: have
/// message: Write "have" after "$1": "could have gone". "Of" only sounds like its short form 've.
/// short: Could have
/// wrong: I could of gone home. => I could have gone home.
/// right: I thought of it.
/// ```
///
/// Keys: `id`, `category` (grammar, confused_words, punctuation, typography, style, redundancy),
/// `picky: yes` (runs only at the picky level), `pattern`, `suggest` (alternatives separated by
/// ` | `; `-` deletes the marked words), `message`, `short`, `detail` (each also as `message.fr`,
/// `message.de`, `message.es`, ...), `wrong` (a sentence `=>` its correction), `right`, and
/// `languages` (`en-GB` for a rule of one variant).
///
/// Pattern elements, separated by spaces: a word (`of`, case-insensitive), alternatives
/// (`could|should`), a tag from the lexicon (`<VBN>`, see `WordTag`), `<word>` any word,
/// `<Cap>` a word with a capital, `<punct>`, `<num>`; `!x` matches a token that is not `x`;
/// `^x` only at the start of the sentence; `x?` may be missing (`he <RB>? walk`); `x&y` both
/// hold (`<VB>&!<NN>`); `=Word` matches that exact case; `[` and `]` around elements mark the part that is
/// wrong (the whole pattern when nothing is marked). Suggestions are words and `$n` (the n-th
/// element's word as written, nothing when an optional element is missing) or `$n:TAG`
/// (inflected: `$2:VBN` of "went" is "gone").
public enum PatternRuleFile {
    /// A rule data file that cannot be read, with the line at fault.
    public struct FormatError: Error, CustomStringConvertible {
        public var file: String
        public var line: Int
        /// The column (1-based, in characters) of what is at fault; 0 when the whole line is.
        public var column: Int
        public var reason: String
        public var description: String { column > 0 ? "\(file):\(line):\(column): \(reason)" : "\(file):\(line): \(reason)" }

        public init(file: String, line: Int, column: Int = 0, reason: String) {
            self.file = file
            self.line = line
            self.column = column
            self.reason = reason
        }
    }

    /// The rules of a file's text.
    /// - Parameters:
    ///   - language: the primary language the rules run for (`en`).
    ///   - exampleLanguage: the language code the examples are checked in (`en-US`).
    ///   - variants: the language codes the rules run for when a rule names none (`languages:`).
    public static func rules(
        in text: String, file: String, language: String, exampleLanguage: String, variants: Set<String> = []
    ) throws -> [PatternRule] {
        var rules: [PatternRule] = []
        var block: [Entry] = []
        var lineNumber = 0
        func flush() throws {
            defer { block.removeAll() }
            guard !block.isEmpty else { return }
            rules.append(try rule(from: block, file: file, language: language, exampleLanguage: exampleLanguage, variants: variants))
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { try flush(); continue }
            if line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw FormatError(file: file, line: lineNumber, column: 1, reason: "expected 'key: value', found '\(line)'")
            }
            let rest = line[line.index(after: colon)...]
            let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            let column = indent + line.distance(from: line.startIndex, to: colon) + 2 + rest.prefix { $0 == " " || $0 == "\t" }.count
            block.append(Entry(line: lineNumber, key: String(line[..<colon]), value: rest.trimmingCharacters(in: .whitespaces), column: column))
        }
        try flush()
        return rules
    }

    /// One `key: value` line of a block, and the column its value starts at.
    struct Entry {
        var line: Int
        var key: String
        var value: String
        var column: Int
    }

    /// Keys a block may have; any other is a mistake to name rather than ignore.
    private static let keys: Set<String> = {
        var keys: Set<String> = ["id", "category", "picky", "pattern", "suggest", "description", "wrong", "right", "languages"]
        for language in ExplanationLanguage.allCases where language != .en {
            for key in ["message", "short", "detail"] { keys.insert(key + "." + language.rawValue) }
        }
        return keys.union(["message", "short", "detail"])
    }()

    private static func rule(
        from block: [Entry], file: String, language: String, exampleLanguage: String, variants defaultVariants: Set<String>
    ) throws -> PatternRule {
        let firstLine = block[0].line
        func fail(_ reason: String, line: Int = firstLine, column: Int = 1) -> FormatError {
            FormatError(file: file, line: line, column: column, reason: reason)
        }
        func value(_ key: String) -> String? { block.first { $0.key == key }?.value }
        if let unknown = block.first(where: { !keys.contains($0.key) }) {
            throw fail("unknown key '\(unknown.key)' (keys: id, category, picky, pattern, suggest, message, short, detail, wrong, right, languages)", line: unknown.line)
        }
        for (position, entry) in block.enumerated() where !["wrong", "right"].contains(entry.key) {
            if block[..<position].contains(where: { $0.key == entry.key }) {
                throw fail("'\(entry.key)' is given twice in one rule", line: entry.line)
            }
        }

        guard let id = value("id") else { throw fail("a rule needs an 'id'") }
        let categoryEntry = block.first { $0.key == "category" }
        guard let categoryName = categoryEntry?.value, let category = MatchCategory(rawValue: categoryName) else {
            throw fail(
                "rule \(id): 'category' must be one of grammar, confused_words, punctuation, typography, style, redundancy",
                line: categoryEntry?.line ?? firstLine, column: categoryEntry?.column ?? 1
            )
        }
        guard let patternEntry = block.first(where: { $0.key == "pattern" }) else { throw fail("rule \(id) needs a 'pattern'") }
        let (elements, span) = try pattern(
            splittingElisions(patternEntry.value, LanguageGrammar.elidedWords(of: language)), rule: id
        ) { reason, offset in
            fail(reason, line: patternEntry.line, column: patternEntry.column + max(0, offset - 1))
        }
        let suggestEntry = block.first { $0.key == "suggest" }
        let suggestions = try (value("suggest") ?? "").split(separator: "|").map { alternative -> [PatternRule.SuggestionPart] in
            let trimmed = alternative.trimmingCharacters(in: .whitespaces)
            if trimmed == "-" { return [] }
            return try trimmed.split(separator: " ").flatMap { word in
                try suggestionParts(word, elementCount: elements.count) {
                    fail("rule \(id): \($0)", line: suggestEntry?.line ?? firstLine, column: suggestEntry?.column ?? 1)
                }
            }
        }
        var texts: [ExplanationLanguage: RuleText] = [:]
        guard let message = value("message") else { throw fail("rule \(id) needs a 'message'") }
        // A placeholder that names nothing would reach a reader as written.
        for entry in block where ["message", "short", "detail"].contains(entry.key.prefix { $0 != "." }) {
            if let problem = placeholderProblem(in: entry.value, elementCount: elements.count) {
                throw fail("rule \(id): \(problem.reason)", line: entry.line, column: entry.column + problem.offset)
            }
        }
        let short = value("short") ?? category.explanationKind.rawValue
        for explanationLanguage in ExplanationLanguage.allCases {
            let suffix = explanationLanguage == .en ? "" : "." + explanationLanguage.rawValue
            guard let localized = value("message" + suffix) else { continue }
            let localizedShort = value("short" + suffix) ?? short
            texts[explanationLanguage] = RuleText(
                message: localized, shortMessage: localizedShort, title: localizedShort,
                detail: value("detail" + suffix) ?? localized
            )
        }
        texts[.en] = RuleText(message: message, shortMessage: short, title: short, detail: value("detail") ?? message)

        let variants = value("languages").map { $0.split(separator: " ").map(String.init) }
        var examples: [RuleExample] = []
        for entry in block where entry.key == "wrong" || entry.key == "right" {
            let exampleLanguage = variants?.first ?? defaultVariants.sorted().first ?? exampleLanguage
            if entry.key == "right" {
                examples.append(.right(entry.value, language: exampleLanguage))
                continue
            }
            let parts = entry.value.parts(separatedBy: " => ")
            guard parts.count == 2 else { throw fail("rule \(id): 'wrong' needs 'sentence => correction'", line: entry.line) }
            examples.append(.wrong(parts[0], parts[1], language: exampleLanguage))
        }
        guard examples.contains(where: { $0.correction != nil }) else { throw fail("rule \(id) needs a 'wrong' example") }
        let picky = value("picky").map { $0 == "yes" } ?? false
        return PatternRule(
            // A message with placeholders does not describe the rule in a list: its short title does.
            id: id, category: category,
            description: value("description") ?? (message.contains("$") || message.contains("{") ? short : message), isPicky: picky,
            languages: [language], examples: examples, elements: elements, suggestions: suggestions, texts: texts,
            span: span, variants: variants.map(Set.init) ?? defaultVariants, sourceLine: firstLine
        )
    }

    /// Stand-ins for a regular expression in a pattern being read: its first character, then one
    /// for each other character (private-use characters no pattern holds).
    private static let regexStart: Character = "\u{E000}", regexRest: Character = "\u{E001}"

    /// The pattern with each regular expression (`/…/`, starting an alternative: at the start, or
    /// after a space, `|`, `&`, `!`, `[` or `^`) masked by as many stand-in characters, and the
    /// expressions in order. `fail` gets the reason and the column.
    static func maskingRegularExpressions(
        _ text: String, fail: (String, Int) -> FormatError
    ) throws -> (String, [String]) {
        guard text.contains("/") else { return (text, []) }
        let characters = Array(text)
        var masked = "", expressions: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let startsAlternative = index == 0 || " |&![^".contains(characters[index - 1])
            guard character == "/", startsAlternative else {
                masked.append(character)
                index += 1
                continue
            }
            var end = index + 1
            var source = ""
            while end < characters.count, characters[end] != "/" {
                if characters[end] == " " { throw fail("a regular expression cannot hold a space", index + 1) }
                if characters[end] == "\\", end + 1 < characters.count {
                    source.append(characters[end])
                    end += 1
                }
                source.append(characters[end])
                end += 1
            }
            guard end < characters.count else { throw fail("a regular expression without its closing /", index + 1) }
            expressions.append(source)
            masked.append(regexStart)
            masked += String(repeating: regexRest, count: end - index)
            index = end + 1
        }
        return (masked, expressions)
    }

    /// The first placeholder of a text that names nothing (`$4` of three elements, `{sugestion}`),
    /// with its offset in the text.
    /// A scan of the characters rather than a regular expression: building the expression for
    /// each of the thousands of messages was a tenth of the service's start.
    static func placeholderProblem(in text: String, elementCount: Int) -> (reason: String, offset: Int)? {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "$" {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                if end > index + 1 {
                    let digits = String(characters[(index + 1)..<end])
                    if let number = Int(digits), !(1...max(1, elementCount)).contains(number) || elementCount < 1 {
                        return ("'$\(digits)' names no element of the pattern (it has \(elementCount))", index)
                    }
                    index = end
                    continue
                }
            } else if character == "{" {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isLetter || characters[end] == "_" { end += 1 }
                if end < characters.count, characters[end] == "}" {
                    let name = String(characters[(index + 1)..<end])
                    if name != "written", name != "suggestion" {
                        return ("'{\(name)}' is not a placeholder: use {written}, {suggestion} or $1, $2, ...", index)
                    }
                    index = end + 1
                    continue
                }
            }
            index += 1
        }
        return nil
    }

    /// The elements of a pattern and its marked span; `fail` gets the reason and the column
    /// (1-based, in `text`) of the element at fault.
    private static func pattern(
        _ text: String, rule id: String, fail failAt: (String, Int) -> FormatError
    ) throws -> ([PatternRule.PatternElement], ClosedRange<Int>) {
        var elements: [PatternRule.PatternElement] = []
        var spanStart: Int?
        var spanEnd: Int?
        var itemColumn = 1
        func fail(_ reason: String, _: Int) -> FormatError { failAt(reason, itemColumn) }
        // Regular expressions first, as they may hold the pattern's own operators (`|`, `?`, `]`):
        // each is masked by characters of its length, so columns stay those of the text.
        let (masked, expressions) = try maskingRegularExpressions(text) { reason, column in failAt("rule \(id): \(reason)", column) }
        let text = masked
        var expressionCount = 0
        for itemText in text.split(separator: " ") {
            itemColumn = text.distance(from: text.startIndex, to: itemText.startIndex) + 1
            var item = String(itemText)
            // `^` may come before or after the span's opening bracket: `^[there` and `[^there`.
            var atStart = false
            if item.hasPrefix("^["), item.count > 2 { atStart = true; item.removeFirst() }
            if item.hasPrefix("[") {
                spanStart = elements.count
                item.removeFirst()
            }
            var closes = false
            if item.hasSuffix("]"), item.count > 1 || spanStart != nil {
                closes = true
                item.removeLast()
            }
            var element = PatternRule.PatternElement(tests: [])
            element.atSentenceStart = atStart
            if item.hasSuffix("?"), item.count > 1 {
                element.isOptional = true
                item.removeLast()
            }
            if item.hasPrefix("^"), item.count > 1 { element.atSentenceStart = true; item.removeFirst() }
            for (position, clause) in item.split(separator: "&").enumerated() {
                var clause = Substring(clause)
                let negated = clause.hasPrefix("!") && clause.count > 1
                if negated { clause.removeFirst() }
                var tests: [PatternRule.PatternElement.Test] = []
                for alternative in clause.split(separator: "|").map(String.init) {
                    if alternative.first == regexStart {
                        do {
                            tests.append(.regex(try PatternRegex(expressions[expressionCount])))
                        } catch {
                            throw fail("rule \(id): \(error.reason)", 0)
                        }
                        expressionCount += 1
                        continue
                    }
                    switch alternative {
                    case "<word>": tests.append(.anyWord)
                    case "<Cap>": tests.append(.capitalized)
                    case "<punct>": tests.append(.punctuation)
                    case "<num>": tests.append(.number)
                    default:
                        if alternative.hasPrefix("<@"), alternative.hasSuffix(">") {
                            // `<@VB>`: the tag in the sentence, as the tagger reads it.
                            guard let tag = WordTag(name: String(alternative.dropFirst(2).dropLast())) else {
                                throw fail("rule \(id): unknown tag \(alternative)", 0)
                            }
                            tests.append(.contextTag(tag))
                        } else if alternative.hasPrefix("<"), alternative.hasSuffix(">") {
                            // `<NN>`, or a tag with features `<NN.f.pl>`, or features of any tag `<*.pl>`.
                            let parts = alternative.dropFirst().dropLast().split(separator: ".")
                            guard let first = parts.first else { throw fail("rule \(id): empty tag \(alternative)", 0) }
                            let tag = first == "*" ? nil : WordTag(name: String(first))
                            guard tag != nil || first == "*" else { throw fail("rule \(id): unknown tag \(alternative)", 0) }
                            if parts.count == 1, let tag {
                                tests.append(.tag(tag))
                            } else {
                                guard let features = WordFeatures(names: parts.dropFirst()) else {
                                    throw fail("rule \(id): unknown feature in \(alternative)", 0)
                                }
                                tests.append(.reading(tag, features))
                            }
                        } else if alternative.hasPrefix("="), alternative.count > 1 {
                            tests.append(.exactWord(normalizedWord(String(alternative.dropFirst()))))
                        } else {
                            // A bracket or caret inside a word is a misplaced operator, not a word.
                            guard !alternative.isEmpty, alternative.count == 1 || !alternative.contains(where: { "[]^<>?".contains($0) }) else {
                                throw fail("rule \(id): '\(alternative)' is not a word or a tag in '\(text)'", 0)
                            }
                            tests.append(.word(normalizedWord(alternative).lowercased()))
                        }
                    }
                }
                if position == 0 {
                    element.tests = tests
                    element.negated = negated
                } else {
                    element.conditions.append((tests, negated))
                }
            }
            guard !element.tests.isEmpty else { throw fail("rule \(id): an empty element in '\(text)'", 0) }
            elements.append(element)
            if closes { spanEnd = elements.count - 1 }
        }
        itemColumn = 1
        guard !elements.isEmpty else { throw fail("rule \(id): an empty pattern", 0) }
        // An empty match would stand nowhere, and a pattern that can match nothing matches everywhere.
        guard elements.contains(where: { !$0.isOptional }) else {
            throw fail("rule \(id): every element is optional, so the pattern can match nothing; make one element required", 0)
        }
        let span = (spanStart ?? 0)...(spanEnd ?? elements.count - 1)
        guard (spanStart == nil) == (spanEnd == nil), span.upperBound < elements.count, span.lowerBound <= span.upperBound else {
            throw fail("rule \(id): unbalanced [ ] in '\(text)'", 0)
        }
        return (elements, span)
    }

    /// The pattern with each plain word that starts with an elided word read as two, as the
    /// document's words are (`[l'emphase]` → `[l' emphase]`); alternatives and tags are left as
    /// written.
    static func splittingElisions(_ pattern: String, _ elided: Set<String>) -> String {
        guard !elided.isEmpty else { return pattern }
        return pattern.split(separator: " ", omittingEmptySubsequences: false).map { item -> String in
            let start = item.prefix { "[^".contains($0) }
            let word = item.dropFirst(start.count)
            guard !word.contains(where: { "|<>&!=".contains($0) }),
                  let apostrophe = word.firstIndex(where: { $0 == "'" || $0 == "’" }),
                  elided.contains(word[..<apostrophe].lowercased()),
                  word.index(after: apostrophe) < word.endIndex, word[word.index(after: apostrophe)] != "]"
            else { return String(item) }
            return String(start) + word[...apostrophe] + " " + word[word.index(after: apostrophe)...]
        }.joined(separator: " ")
    }

    /// The parts of one word of a suggestion: a literal, `$n`, `$n:TAG` (with features,
    /// `$n:NN.pl`), or references and letters written together (`$1'm`, `l’$2`, `$1-$2`).
    static func suggestionParts(
        _ word: Substring, elementCount: Int, fail: (String) -> FormatError
    ) throws -> [PatternRule.SuggestionPart] {
        guard word.contains("$") else { return [.literal(String(word))] }
        var parts: [PatternRule.SuggestionPart] = []
        var rest = word
        while !rest.isEmpty {
            if !parts.isEmpty { parts.append(.join) }
            guard rest.hasPrefix("$") else {
                let literal = rest.prefix { $0 != "$" }
                parts.append(.literal(String(literal)))
                rest = rest.dropFirst(literal.count)
                continue
            }
            let digits = rest.dropFirst().prefix(while: \.isNumber)
            guard let number = Int(digits), number >= 1, number <= elementCount else {
                throw fail("'\(word)' names no element of the pattern")
            }
            rest = rest.dropFirst(1 + digits.count)
            var tag: WordTag?
            var features = WordFeatures()
            if rest.hasPrefix(":") {
                let name = rest.dropFirst().prefix(while: \.isLetter)
                guard let named = WordTag(name: String(name)) else { throw fail("unknown tag in '\(word)'") }
                tag = named
                rest = rest.dropFirst(1 + name.count)
                // Features: `$2:NN.pl`, `$3:JJ.f.sg`.
                while rest.hasPrefix("."), let next = rest.dropFirst().first, next.isLetter || next.isNumber {
                    let featureName = rest.dropFirst().prefix { $0.isLetter || $0.isNumber }
                    guard let feature = WordFeature(name: String(featureName)) else { throw fail("unknown feature in '\(word)'") }
                    features = features.union(WordFeatures([feature]))
                    rest = rest.dropFirst(1 + featureName.count)
                }
            }
            parts.append(.element(number, tag, features))
        }
        return parts
    }

    // MARK: Phrase lists

    /// The rules of a phrase list, `grammar/<language>-phrases.txt`: sections headed
    /// `[RULE_ID category]` (or `[RULE_ID category picky]`), then one phrase a line,
    /// `wrong phrase => right phrase ; why, in a sentence` (optionally in every explanation
    /// language: `why | pourquoi | warum | por qué`). The wrong side is a pattern (words,
    /// alternatives `take|took`, tags, `[ ]` marks); the right side a suggestion (`$n` allowed).
    /// Each line is a rule under its section's identifier, and its own example: the wrong phrase
    /// must become the right one. Lines `> wrong sentence => corrected sentence` and
    /// `> clean sentence` under a phrase are further examples of it (needed when the phrase is
    /// a pattern rather than plain words). A line `= why | pourquoi | warum | por qué` right
    /// after a section header is the note of every phrase of the section that has none of its
    /// own. The right side may offer several phrases, `a | b`, best first.
    public static func phraseRules(
        in text: String, file: String, language: String, exampleLanguage: String, variants: Set<String> = []
    ) throws -> [PatternRule] {
        let exampleLanguage = variants.sorted().first ?? exampleLanguage
        var rules: [PatternRule] = []
        var section: (id: String, category: MatchCategory, picky: Bool)?
        var sectionNote: String?
        let elided = LanguageGrammar.elidedWords(of: language)
        // The lines of a section mostly share their note, and so their messages: made once.
        var textsByNote: [String: [ExplanationLanguage: RuleText]] = [:]
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmedOfSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            func fail(_ reason: String, _ column: Int = 0) -> FormatError {
                FormatError(file: file, line: number + 1, column: column > 0 ? indent + column : 1, reason: reason)
            }
            // A section header; a phrase may also start with `[` (its marked part), but has `=>`.
            if line.hasPrefix("["), !line.contains(" => ") {
                let words = line.dropFirst().dropLast().split(separator: " ").map(String.init)
                guard line.hasSuffix("]"), words.count >= 2, let category = MatchCategory(rawValue: words[1]) else {
                    throw fail("a section is '[RULE_ID category]' or '[RULE_ID category picky]'")
                }
                section = (words[0], category, words.count > 2 && words[2] == "picky")
                sectionNote = nil
                continue
            }
            guard let section else { throw fail("a phrase before any [RULE_ID category] section") }
            if line.hasPrefix("= ") {
                guard rules.last?.id != section.id else { throw fail("a section's note comes before its phrases") }
                sectionNote = line.dropFirst(2).trimmedOfSpaces
                continue
            }
            if line.hasPrefix("> ") {
                // An example of the phrase above: `> wrong sentence => corrected` or `> clean sentence`.
                guard !rules.isEmpty else { throw fail("an example before any phrase") }
                let parts = line.dropFirst(2).parts(separatedBy: " => ")
                rules[rules.count - 1].examples.append(
                    parts.count == 2 ? .wrong(parts[0], parts[1], language: exampleLanguage) : .right(parts[0], language: exampleLanguage)
                )
                continue
            }
            let noteSplit = line.parts(separatedBy: " ; ")
            let sides = noteSplit[0].parts(separatedBy: " => ")
            guard sides.count == 2 else { throw fail("a phrase line is 'wrong => right ; why'") }
            let wrong = sides[0].trimmedOfSpaces
            let rightSide = sides[1].trimmedOfSpaces
            let note = noteSplit.count > 1 ? noteSplit[1].trimmedOfSpaces : sectionNote
            let (elements, span) = try pattern(splittingElisions(wrong, elided), rule: section.id, fail: fail)
            let alternatives = rightSide.split(separator: "|", omittingEmptySubsequences: false).map(\.trimmedOfSpaces)
            let suggestions: [[PatternRule.SuggestionPart]] = try alternatives.map { alternative in
                alternative == "-" ? [] : try alternative.split(separator: " ").flatMap { word in
                    try suggestionParts(word, elementCount: elements.count) { fail("'\(wrong)': \($0)") }
                }
            }
            let right = alternatives[0]
            let plainWrong = String(wrong.filter { $0 != "[" && $0 != "]" })
            let isPlain = !plainWrong.contains(where: { "|<!^?=".contains($0) }) && !right.contains("$")
            var examples: [RuleExample] = []
            if isPlain {
                // The phrase, and corrected: its marked words replaced by the right side. English
                // phrases stand in a sentence; others alone, as the elided words are joined again.
                let words = splittingElisions(plainWrong, elided).split(separator: " ").map(String.init)
                var corrected = Array(words[..<span.lowerBound])
                if right != "-" { corrected.append(right) }
                corrected += words[(span.upperBound + 1)...]
                // The elided words join the next word again: "l’ accent" is "l’accent".
                var fixed = ""
                for word in corrected {
                    let joins = (fixed.hasSuffix("'") || fixed.hasSuffix("’"))
                        && elided.contains(String(fixed.split(separator: " ").last?.dropLast() ?? "").lowercased())
                    if !fixed.isEmpty, !joins { fixed += " " }
                    fixed += word
                }
                let frame = language == "en" ? ("We saw ", " there.") : ("", "")
                examples.append(.wrong(frame.0 + plainWrong + frame.1, frame.0 + fixed + frame.1, language: exampleLanguage))
            }
            let textsKey = "\(section.category.rawValue)\u{0}\(note ?? "")"
            let texts = textsByNote[textsKey] ?? PhraseTexts.texts(category: section.category, note: note, language: language)
            textsByNote[textsKey] = texts
            rules.append(
                PatternRule(
                    id: section.id, category: section.category,
                    description: note?.parts(separatedBy: " | ").first ?? "\(plainWrong) → \(right)",
                    isPicky: section.picky, languages: [language], examples: examples, elements: elements,
                    suggestions: suggestions, texts: texts, span: span, variants: variants, sourceLine: number + 1
                )
            )
        }
        return rules
    }
}

/// The messages of phrase-list rules, in every explanation language: `{written}` and
/// `{suggestion}` are filled in by the rule; the line's own note, in English, is the English detail.
enum PhraseTexts {
    static func texts(category: MatchCategory, note: String?, language: String = "en") -> [ExplanationLanguage: RuleText] {
        let french = language == "fr"
        let redundant = category == .redundancy
        let style = category == .style
        var texts: [ExplanationLanguage: RuleText] = [
            .en: RuleText(
                message: redundant ? "'{written}' says the same thing twice: write '{suggestion}'."
                    : style ? "Consider '{suggestion}' instead of '{written}'." : "Did you mean '{suggestion}'?",
                shortMessage: redundant ? "Redundant phrase" : style ? "Wordy phrase" : "Wrong phrase", title: "",
                detail: note?.parts(separatedBy: " | ").first ?? (redundant ? "One of the words already carries the meaning of the other."
                    : "The usual expression is '{suggestion}', not '{written}'.")),
            .fr: RuleText(
                message: redundant ? "« {written} » dit deux fois la même chose : écrivez « {suggestion} »."
                    : style ? "Préférez « {suggestion} » à « {written} »." : "Vouliez-vous dire « {suggestion} » ?",
                shortMessage: redundant ? "Pléonasme" : style ? "Tournure lourde" : "Expression erronée", title: "",
                detail: redundant ? "L’un des mots porte déjà le sens de l’autre."
                    : french ? "L’expression consacrée est « {suggestion} », et non « {written} »."
                    : "En anglais, l’expression consacrée est « {suggestion} », et non « {written} »."),
            .de: RuleText(
                message: redundant ? "„{written}“ sagt dasselbe doppelt: Schreiben Sie „{suggestion}“."
                    : style ? "Besser „{suggestion}“ statt „{written}“." : "Meinten Sie „{suggestion}“?",
                shortMessage: redundant ? "Doppelt gemoppelt" : style ? "Umständliche Wendung" : "Falsche Wendung", title: "",
                detail: redundant ? "Eines der Wörter trägt die Bedeutung des anderen schon in sich."
                    : french ? "Im Französischen heißt die feste Wendung „{suggestion}“, nicht „{written}“."
                    : "Im Englischen heißt die feste Wendung „{suggestion}“, nicht „{written}“."),
            .es: RuleText(
                message: redundant ? "«{written}» dice lo mismo dos veces: escriba «{suggestion}»."
                    : style ? "Mejor «{suggestion}» que «{written}»." : "¿Quería decir «{suggestion}»?",
                shortMessage: redundant ? "Redundancia" : style ? "Expresión recargada" : "Expresión errónea", title: "",
                detail: redundant ? "Una de las palabras ya contiene el significado de la otra."
                    : french ? "En francés, la expresión fijada es «{suggestion}», no «{written}»."
                    : "En inglés, la expresión fijada es «{suggestion}», no «{written}»."),
        ]
        for key in Array(texts.keys) { texts[key]!.title = texts[key]!.shortMessage }
        // A note may be given in every explanation language: `English | français | Deutsch | español`.
        let notes = note?.parts(separatedBy: " | ") ?? []
        if notes.count > 1 {
            for (language, text) in zip([ExplanationLanguage.en, .fr, .de, .es], notes) {
                texts[language]!.detail = text.trimmingCharacters(in: .whitespaces)
            }
        }
        return texts
    }
}

extension StringProtocol {
    /// Spaces and tabs trimmed from both ends. Foundation's `trimmingCharacters(in:)` goes
    /// through NSString on Linux, and the phrase lists' thousands of lines made it a tenth of
    /// the service's start.
    var trimmedOfSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || ($0.isWhitespace && !$0.isNewline) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The parts between occurrences of `separator`, empty ones kept, as Foundation's
    /// `components(separatedBy:)` gives them (which, with the standard library's `split`, was a
    /// tenth of the start). A separator is ASCII here, so a cut never falls inside a character.
    func parts(separatedBy separator: String) -> [String] {
        let bytes = Array(utf8), mark = Array(separator.utf8)
        guard let first = mark.first else { return [String(self)] }
        var parts: [String] = []
        var start = 0, index = 0
        while index + mark.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + mark.count)].elementsEqual(mark) {
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += mark.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts
    }
}
