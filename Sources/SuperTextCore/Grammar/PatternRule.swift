/// A rule written as data: a pattern of tokens, the part of it that is wrong, and what to write
/// instead, read from a `grammar/<language>.rules` file (see `PatternRuleFile` for the format).
///
/// A pattern is a sequence of elements matched against the words, numbers and punctuation of
/// one sentence (spaces are not tokens to a pattern): `could|should [of] <VBN>` finds "could of
/// gone" and marks "of". Suggestions may inflect a word of the match: `$2:VBN` is the past
/// participle of the second element's word.
///
/// A class, not a struct: the index runs each rule at many positions of a text, and copying a
/// struct of this many arrays cost a fifth of the check in the profile. Immutable once its file
/// is read (`examples` grows only while `PatternRuleFile` reads the examples below a phrase).
public final class PatternRule: ProofreadingRule, @unchecked Sendable {
    public let id: String
    public let category: MatchCategory
    public let description: String
    public let isPicky: Bool
    public let languages: Set<String>
    public internal(set) var examples: [RuleExample]

    let elements: [PatternElement]
    /// Suggestions, each a list of parts to join (`$1`, `$2:VBZ`, literal words).
    let suggestions: [[SuggestionPart]]
    /// Messages by explanation language: full message, short message, detail.
    let texts: [ExplanationLanguage: RuleText]
    /// The element indices of the marked part (the whole pattern when none is marked).
    let span: ClosedRange<Int>
    /// The language codes the rule runs for (`en-GB`); empty: every variant of its language.
    let variants: Set<String>
    /// The line of its file the rule starts at (0 for a rule made in code): for errors.
    public let sourceLine: Int

    /// One element of a pattern.
    struct PatternElement: Sendable {
        enum Test: Sendable {
            case word(String)
            /// A word written exactly so, capitals included (`=i`).
            case exactWord(String)
            case tag(WordTag)
            /// The tag the word has in its sentence (`<@VB>`), where the language's
            /// `ContextTagger` tells it confidently; otherwise any tag of the lexicon, as `tag`.
            case contextTag(WordTag)
            /// A reading with this tag (any tag when nil) and these features: `<NN.f.pl>`.
            case reading(WordTag?, WordFeatures)
            case anyWord
            case capitalized
            case punctuation
            case number
            /// A token whose lowercase text the expression matches whole (`/e-?mails?/`).
            case regex(PatternRegex)
        }
        var tests: [Test]
        var negated = false
        /// Further conditions, all of which must hold too (`<VB>&!<VBD>`): each a list of tests
        /// and whether it is negated.
        var conditions: [(tests: [Test], negated: Bool)] = []
        /// `^`: the element only matches at the start of the sentence (before it, nothing but
        /// opening punctuation).
        var atSentenceStart = false
        /// `?`: the element may be missing ("he <RB>? walk" finds "he walk" and "he always walk").
        var isOptional = false
    }

    /// One part of a suggestion.
    enum SuggestionPart: Sendable {
        case literal(String)
        /// The word of an element (1-based), as written or inflected to a tag (and features:
        /// `$2:NN.pl`, the plural of the second element's noun).
        case element(Int, WordTag?, WordFeatures)
        /// No space before the next part: `$1-$2` is one word.
        case join
    }

    init(
        id: String, category: MatchCategory, description: String, isPicky: Bool, languages: Set<String>,
        examples: [RuleExample], elements: [PatternElement], suggestions: [[SuggestionPart]],
        texts: [ExplanationLanguage: RuleText], span: ClosedRange<Int>, variants: Set<String> = [], sourceLine: Int = 0
    ) {
        self.variants = variants
        self.sourceLine = sourceLine
        self.id = id
        self.category = category
        self.description = description
        self.isPicky = isPicky
        self.languages = languages
        self.examples = examples
        self.elements = elements
        self.suggestions = suggestions
        self.texts = texts
        self.span = span
    }

    /// The tokens a match can start at: those of the first element, and of the next while the
    /// elements before are optional (`^<WH>? [has]` starts at a wh-word or at "has").
    struct PossibleStart {
        /// Lowercase words (`=I` starts at "i", then its case is tested).
        var words: Set<String> = []
        var tags = WordTags()
        var anyWord = false, capitalized = false, punctuation = false, number = false

        /// 0: words only; 1: tags or numbers too; 2: any word, any capital or punctuation.
        var breadth: Int {
            if anyWord || capitalized || punctuation { return 2 }
            return tags.isEmpty && !number ? 0 : 1
        }
    }

    /// Where the rule can start, for `PatternRuleIndex`; nil when one token cannot tell (a
    /// negated element, or every element optional): the rule is then tried at every token.
    var possibleStart: PossibleStart? { Self.possibleStart(of: elements[...]) }

    /// The element the index finds the rule by: among the first `limit` elements, while they are
    /// required (so each stands at a fixed distance from the start), the narrowest, the first of
    /// equals (`!de [le]` by "le", `<word> [the]` by "the"), with its distance from the
    /// start; the rule is then tried only where such a token stands. Nil when no token can tell
    /// (every element negated, or optional): the rule is then tried at every token.
    func anchor(within limit: Int) -> (offset: Int, tokens: PossibleStart)? {
        guard let first = elements.first, !first.isOptional else { return possibleStart.map { (0, $0) } }
        var best: (offset: Int, tokens: PossibleStart)?
        for offset in 0..<min(limit, elements.count) {
            guard !elements[offset].isOptional else { break }
            guard let tokens = Self.possibleStart(of: elements[offset...offset]) else { continue }
            if best.map({ tokens.breadth < $0.tokens.breadth }) ?? true { best = (offset, tokens) }
        }
        return best
    }

    private static func possibleStart(of elements: ArraySlice<PatternElement>) -> PossibleStart? {
        var start = PossibleStart()
        for element in elements {
            guard !element.negated else { return nil }
            for test in element.tests {
                switch test {
                case .word(let word): start.words.insert(word)
                case .exactWord(let word): start.words.insert(normalizedWord(word).lowercased())
                case .tag(let tag):
                    start.tags.insert(tag)
                    // Digits are numbers, not words, yet they are `<CD>`.
                    if tag == .CD { start.number = true }
                case .reading(let tag?, _), .contextTag(let tag): start.tags.insert(tag)
                case .reading(nil, _), .anyWord: start.anyWord = true
                case .capitalized: start.capitalized = true
                case .punctuation: start.punctuation = true
                case .number: start.number = true
                case .regex:
                    start.anyWord = true
                    start.punctuation = true
                    start.number = true
                }
            }
            if !element.isOptional { return start }
        }
        return nil
    }

    /// The rule run alone (rules of a language run together through `PatternRuleIndex`).
    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        PatternRuleIndex([self]).matches(in: document, context: context) { _ in true }
    }

    /// The match of the rule for the positions `PatternRuleIndex` bound each element to in
    /// `sentence` (nil for an optional element that is missing); nil when no suggestion can be made.
    func match(bound: [Int?], in sentence: PatternSentence, document: CheckedDocument, context: RuleContext) -> Match? {
        let tokens = sentence.tokens
        let marked = bound[span].compactMap { $0 }
        guard let firstPosition = marked.first, let lastPosition = marked.last else { return nil }
        var first = tokens[firstPosition]
        let last = tokens[lastPosition]
        // A deletion takes the space before the deleted words with it.
        if suggestions.contains(where: \.isEmpty), first > 0, document.tokens[first - 1].kind == .space {
            first -= 1
        }
        let written = document.text(tokens: first..<last + 1)
        var replacements: [String] = []
        for parts in suggestions {
            guard let replacement = suggestion(parts, bound: bound, tokens: tokens, document: document, lexicon: context.grammar.lexicon, elided: context.grammar.elidedWords)
            else { continue }
            // A capital is kept, except the pronoun "I" inside a sentence ("Tim and I" → "Tim and me").
            // In German a capital inside a sentence belongs to the word (nouns), so only the
            // sentence's first word keeps it ("stand Kopf" → "stand kopf").
            let capital = WordCase.startsWithCapital(written.trimmingPrefix(" ").description)
                && (!isPronounI(written) || firstPosition <= sentence.firstWord)
                && (context.primaryLanguage != "de" || firstPosition <= sentence.firstWord)
            // A suggestion with a capital after its first letter is written as it must be: kWh, iPhone;
            // at the start of a sentence only its first word counts ("Mon dieu" → "Mon Dieu").
            let firstWord = replacement.split(separator: " ").first.map { $0.split(whereSeparator: { $0 == "’" || $0 == "'" }).last ?? $0 } ?? ""
            let deliberateCase = firstPosition <= sentence.firstWord
                ? firstWord.dropFirst().contains { $0.isUppercase }
                : replacement.dropFirst().contains { $0.isUppercase }
            let cased = capital && !deliberateCase ? WordCase.capitalizingFirst(replacement) : replacement
            if cased != written, !replacements.contains(cased) { replacements.append(cased) }
        }
        guard !suggestions.isEmpty ? !replacements.isEmpty : true else { return nil }
        let text = texts[context.explanationLanguage] ?? texts[.en]!
        func fill(_ template: String) -> String {
            var result = RuleText.fill(template, ["written": written, "suggestion": replacements.first ?? ""])
            for index in elements.indices.reversed() where result.contains("$") {
                let word = bound[index].map { document.text(of: document.tokens[tokens[$0]]) } ?? ""
                result = result.replacingOccurrences(of: "$\(index + 1)", with: word)
            }
            return result
        }
        return document.match(
            tokens: first..<last + 1, category: category, rule: id, message: fill(text.message),
            shortMessage: fill(text.shortMessage), suggestions: replacements,
            explanation: Explanation(kind: category.explanationKind, title: fill(text.title), detail: fill(text.detail))
        )
    }

    private func isPronounI(_ written: String) -> Bool {
        let trimmed = written.trimmingPrefix(" ")
        return trimmed == "I" || trimmed.hasPrefix("I ") || trimmed.hasPrefix("I'") || trimmed.hasPrefix("I’")
    }

    private func suggestion(
        _ parts: [SuggestionPart], bound: [Int?], tokens: [Int], document: CheckedDocument, lexicon: Lexicon,
        elided: Set<String>
    ) -> String? {
        var words: [String] = []
        var glue = false
        // A part after `.join` is written onto the word before it.
        func append(_ word: String) {
            if glue, let last = words.popLast() { words.append(last + word) } else { words.append(word) }
            glue = false
        }
        for part in parts {
            switch part {
            case .join: glue = true
            case .literal(let text): append(text)
            case .element(let number, let tag, let features):
                // A missing optional element leaves nothing.
                guard let position = bound[number - 1] else { glue = false; continue }
                let index = tokens[position]
                let written = document.text(of: document.tokens[index])
                guard let tag else {
                    append(written)
                    continue
                }
                let word = document.lowercasedTexts[index]
                guard let form = features.isEmpty ? lexicon.inflect(word, to: tag) : lexicon.inflect(word, to: tag, features: features)
                else { return nil }
                append(WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(form) : form)
            }
        }
        // An elided word joins the next one: "l’" and "arbre" make "l’arbre".
        var joined = ""
        var previous = ""
        for word in words {
            let elision = (previous.hasSuffix("'") || previous.hasSuffix("’")) && elided.contains(previous.dropLast().lowercased())
            if !joined.isEmpty, !elision { joined += " " }
            joined += word
            previous = word
        }
        return joined
            .replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: " '", with: "'")
            .replacingOccurrences(of: "  ", with: " ")
    }
}

/// One sentence as pattern rules read it: its words, numbers and punctuation (no spaces), the
/// tags of each looked up once, and where its first word is (after opening quotes or dashes),
/// so that `^` costs nothing however long the sentence.
struct PatternSentence {
    /// Indices into the document's tokens.
    let tokens: [Int]
    /// The lexicon's tags of each of `tokens`.
    let tags: [WordTags]
    /// The same narrowed to the word's part of speech in the sentence (what `<@TAG>` reads),
    /// worked out when a rule first asks: most sentences reach no such test.
    private let inContext: ContextTags?
    /// The position in `tokens` of the first token that is not opening punctuation; -1 for a
    /// part of a long sentence cut before it (nothing there starts a sentence).
    let firstWord: Int
    /// The lexicon the tags come from, for tests of features.
    let lexicon: Lexicon

    init(_ range: Range<Int>, in document: CheckedDocument, lexicon: Lexicon, tagger: ContextTagger? = nil, startsSentence: Bool = true) {
        self.lexicon = lexicon
        let tokens = document.significantTokens(in: range)
        let tags = tokens.map { document.tokens[$0].kind == .word ? lexicon.tags(of: document.lowercasedTexts[$0]) : WordTags() }
        self.tokens = tokens
        self.tags = tags
        inContext = tagger.map { ContextTags(tagger: $0, document: document, tokens: tokens, tags: tags) }
        firstWord = !startsSentence ? -1 : tokens.firstIndex { index in
            !(document.tokens[index].kind == .punctuation && RuleSentence.openingPunctuation.contains(document.lowercasedTexts[index]))
        } ?? tokens.count
    }

    /// The tags of the word at `position` in its sentence; the lexicon's without a tagger.
    func contextTags(at position: Int) -> WordTags {
        inContext?.tags[position] ?? tags[position]
    }

    /// The tags of a sentence's words in context, tagged once, on first use.
    private final class ContextTags {
        let tagger: ContextTagger
        let document: CheckedDocument
        let tokens: [Int]
        let lexiconTags: [WordTags]

        init(tagger: ContextTagger, document: CheckedDocument, tokens: [Int], tags: [WordTags]) {
            self.tagger = tagger
            self.document = document
            self.tokens = tokens
            lexiconTags = tags
        }

        lazy var tags: [WordTags] = {
            let shapes = tokens.indices.map { position -> UInt8 in
                // Most words start with an ASCII letter and are lowercase: told by their first byte.
                switch document.firstByte(of: tokens[position]) {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt8(ascii: "a")
                default: ContextTagger.shape(of: document.text(of: document.tokens[tokens[position]]), first: position == 0)
                }
            }
            return tagger.narrowed(lexiconTags, lowercase: tokens.map { document.lowercasedTexts[$0] }, shapes: shapes)
        }()
    }
}

extension MatchCategory {
    /// The kind of explanation a rule of this category gives.
    var explanationKind: ExplanationKind {
        switch self {
        case .spelling: .severalEdits
        case .grammar: .grammar
        case .confusedWords: .confusedWords
        case .punctuation: .punctuation
        case .typography: .typography
        case .style: .style
        case .redundancy: .redundancy
        case .name: .unknownName
        }
    }
}
