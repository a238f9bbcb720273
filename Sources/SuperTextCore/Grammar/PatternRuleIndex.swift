import Synchronization

/// Runs many pattern rules in one pass over a document: each rule is tried only where the token of
/// its first or second element, the narrower, can stand (found by that token's word, tags and
/// kind: "le" in `!de [le]`), so the cost grows with the text, not with the text times the
/// number of rules.
///
/// The rules' patterns are compiled at load into flat arrays of plain values: a word is a number
/// of the index's vocabulary, looked up once per token, so trying a rule compares numbers and
/// bits, with no `String` comparison, allocation or reference counting per try (they were a
/// third of a check's time with the interpreter over `PatternRule.PatternElement`).
struct PatternRuleIndex: Sendable {
    let rules: [PatternRule]
    /// Rules by the token their anchor (`PatternRule.anchor`) can be, one index for each of its
    /// distances from the start: at a start, index `k` is asked about the token `k` further.
    private let byOffset: [(offset: Int, index: TokenIndex)]
    /// Rules whose start cannot be told from a token (every element negated or optional): tried everywhere.
    private let everywhere: [Int32]
    /// How far from its start a rule's anchor may be: 0 or 1. Up to 3 (`<DT> <JJ> [more]` found by
    /// "more") tries fewer rules but asks two more indexes at every token: 1 MiB of English took
    /// 0.55-0.59 s against 0.51-0.64 s, no difference beyond the machine's own noise.
    private static let anchorLimit = 2
    private let program: Program
    /// Which rules run, by the request's selection of rules: the same for most requests, and
    /// worth a set lookup per rule to work out.
    private let masks = MaskCache()

    init(_ rules: [PatternRule]) {
        self.rules = rules
        var program = Program()
        for rule in rules { program.add(rule) }
        var builders = [TokenIndex.Builder](repeating: TokenIndex.Builder(), count: Self.anchorLimit)
        var everywhere: [Int32] = []
        for (position, rule) in rules.enumerated() {
            if let anchor = rule.anchor(within: Self.anchorLimit) {
                builders[anchor.offset].add(Int32(position), startingAt: anchor.tokens, vocabulary: &program.vocabulary)
            } else {
                everywhere.append(Int32(position))
            }
        }
        // Only the distances some rule is found by are asked about.
        self.byOffset = builders.enumerated().filter { !$0.element.isEmpty }.map { ($0.offset, TokenIndex($0.element)) }
        self.everywhere = everywhere
        self.program = program
    }

    /// The matches of the rules that `runs` accepts. `selection` names what `runs` decides by
    /// (with the language code): which rules run is then worked out once for each selection.
    func matches(
        in document: CheckedDocument, context: RuleContext, selection: RuleSelection? = nil, runs: (PatternRule) -> Bool
    ) -> [Match] {
        func mask() -> [Bool] {
            rules.map { runs($0) && ($0.variants.isEmpty || $0.variants.contains(context.languageCode)) }
        }
        let enabled = selection.map { selection in
            var key = selection
            key.languageCode = context.languageCode
            return masks.mask(for: key, orMake: mask)
        } ?? mask()
        guard enabled.contains(true) else { return [] }
        var matches: [Match] = []
        var candidates = Candidates(enabled: enabled)
        var bound = [Int32](repeating: -1, count: program.longestPattern)
        var facts: [TokenFacts] = []
        var words = SentenceWords(program: program)
        for (part, range) in document.sentenceTokens.enumerated() {
            let sentence = PatternSentence(
                range, in: document, lexicon: context.grammar.lexicon,
                tagger: program.testsContextTags ? context.grammar.tagger : nil, startsSentence: !document.continuesSentence[part]
            )
            program.facts(of: sentence, in: document, into: &facts)
            words.start(facts)
            for start in sentence.tokens.indices {
                candidates.startToken()
                for (offset, index) in byOffset where start + offset < facts.count {
                    index.rules(at: start + offset, facts: facts, into: &candidates)
                }
                candidates.add(everywhere)
                if candidates.positions.count > 1 { candidates.positions.sort() }
                for position in candidates.positions {
                    let rule = Int(position)
                    // A rule that reads tags in context is first tried with the lexicon's tags
                    // in their place (a test that can only pass more often): the sentence is
                    // tagged only when that holds, which on most sentences it does not.
                    let readsContext = program.readsContextTags[rule]
                    guard words.allowsRule(rule, of: program), program.bind(
                        rule: rule, at: start, in: sentence, facts: facts, document: document, exact: !readsContext, into: &bound
                    ), !readsContext || program.bind(
                        rule: rule, at: start, in: sentence, facts: facts, document: document, exact: true, into: &bound
                    )
                    else { continue }
                    let elements = program.ruleElements[rule]
                    let binding = (0..<elements.count).map { bound[$0] < 0 ? nil : Int(bound[$0]) }
                    if let match = rules[rule].match(bound: binding, in: sentence, document: document, context: context) {
                        matches.append(match)
                    }
                }
            }
        }
        // Of two matches of one rule where one holds the other ("quatre vingt" in "quatre vingt
        // dix"), the longer is the one meant.
        guard matches.count > 1 else { return matches }
        var held = [Bool](repeating: false, count: matches.count)
        for positions in Dictionary(grouping: matches.indices, by: { matches[$0].rule }).values where positions.count > 1 {
            // By start, the longest first: a match is held by a longer one when a match that
            // starts before it ends at or after its end, or one starting with it is longer. One
            // pass, so that a text of many matches of one rule is not compared pair by pair.
            let ordered = positions.sorted {
                (matches[$0].offset, -matches[$0].length) < (matches[$1].offset, -matches[$1].length)
            }
            var furthestEndBefore = Int.min
            var index = 0
            while index < ordered.count {
                let offset = matches[ordered[index]].offset
                let longest = matches[ordered[index]].length
                var next = index
                while next < ordered.count, matches[ordered[next]].offset == offset {
                    let match = matches[ordered[next]]
                    held[ordered[next]] = furthestEndBefore >= match.offset + match.length || match.length < longest
                    next += 1
                }
                furthestEndBefore = max(furthestEndBefore, offset + longest)
                index = next
            }
        }
        return matches.indices.filter { !held[$0] }.map { matches[$0] }
    }

    /// The rules to try at one token, each once, in the order of their files. A value passed
    /// `inout`, not variables a closure captures: those are checked for exclusive access at
    /// every rule (`swift_beginAccess` was a tenth of the matcher's time).
    struct Candidates {
        let enabled: [Bool]
        var positions: [Int32] = []
        /// The token each rule was last added at.
        private var addedAt: [Int]
        private var token = 0

        init(enabled: [Bool]) {
            self.enabled = enabled
            addedAt = [Int](repeating: -1, count: enabled.count)
        }

        mutating func startToken() {
            token += 1
            positions.removeAll(keepingCapacity: true)
        }

        @inline(__always)
        mutating func add(_ rules: [Int32]) {
            for position in rules where enabled[Int(position)] && addedAt[Int(position)] != token {
                addedAt[Int(position)] = token
                positions.append(position)
            }
        }
    }

    /// The words a rule needs, asked once per sentence: a rule whose pattern names words that
    /// must be there ("for all [intensive purposes]") is tried only in a sentence that has one
    /// of each element's words. Rules are found by one token near their start; most of those
    /// tries failed on a later word the sentence does not have.
    struct SentenceWords {
        /// The sentence each word of the vocabulary was last seen in.
        private var seenIn: [Int32]
        /// The sentence each rule was last judged in, and the judgement.
        private var judgedIn: [Int32]
        private var allowed: [Bool]
        private var sentence: Int32 = 0

        init(program: Program) {
            seenIn = [Int32](repeating: -1, count: program.vocabulary.count)
            judgedIn = [Int32](repeating: -1, count: program.ruleElements.count)
            allowed = [Bool](repeating: true, count: program.ruleElements.count)
        }

        mutating func start(_ facts: [TokenFacts]) {
            sentence += 1
            for token in facts where token.word >= 0 { seenIn[Int(token.word)] = sentence }
        }

        /// Whether every element of the rule that must be one of some words has one of its words
        /// in the sentence.
        @inline(__always)
        mutating func allowsRule(_ rule: Int, of program: Program) -> Bool {
            let groups = program.requiredGroups[rule]
            guard !groups.isEmpty else { return true }
            if judgedIn[rule] == sentence { return allowed[rule] }
            var holds = true
            for group in groups where !program.requiredWords[Int(group.lowerBound)..<Int(group.upperBound)].contains(where: { seenIn[Int($0)] == sentence }) {
                holds = false
                break
            }
            judgedIn[rule] = sentence
            allowed[rule] = holds
            return holds
        }
    }

    /// What the tests of a pattern ask of one token, worked out once per token of a sentence.
    struct TokenFacts {
        static let other: UInt8 = 0, word: UInt8 = 1, punctuation: UInt8 = 2, number: UInt8 = 3
        /// The lowercase text's number in the vocabulary; -1 when no rule names it, or for a
        /// skipped token other than an acronym (which counts as a word).
        var word: Int32
        var kind: UInt8
        var capitalized: Bool
        var tags: UInt32
    }

    /// Every rule's pattern as flat arrays: elements, each a range of clauses (all must hold),
    /// each a range of tests (one must hold, or none when the clause is negated).
    struct Program: Sendable {
        enum Kind: UInt8 { case word, exactWord, tag, contextTag, reading, anyWord, capitalized, punctuation, number, regex }
        struct Test {
            var kind: Kind
            var tag: WordTag?
            /// The word's number in `vocabulary`, or the exact word's in `exactWords`.
            var value: Int32
            var features: WordFeatures
        }
        struct Clause {
            var tests: Range<Int32>
            var negated: Bool
        }
        struct Element {
            var clauses: Range<Int32>
            var atSentenceStart: Bool
            var isOptional: Bool
        }

        var tests: [Test] = []
        var clauses: [Clause] = []
        var elements: [Element] = []
        /// The elements of each rule.
        var ruleElements: [Range<Int32>] = []
        var exactWords: [String] = []
        var regexes: [PatternRegex] = []
        /// Every lowercase word a pattern names, numbered in the order named. Interned strings,
        /// found by their FNV-1a hash, as every token asks: a `Dictionary` of strings hashed each
        /// word with `Hasher`, a tenth of the matcher's time.
        var vocabulary = InternedStrings()
        var longestPattern = 0
        /// Whether any test asks for a capital: the only fact that costs a look at the text.
        var testsCapitals = false
        /// Whether any test asks for a tag in context (`<@VB>`): only then are sentences tagged.
        var testsContextTags = false
        /// Whether each rule has such a test.
        var readsContextTags: [Bool] = []
        /// For each rule, its elements that must be one of some words (present, not negated, a
        /// list of plain words): each a range of `requiredWords`.
        var requiredGroups: [[Range<Int32>]] = []
        var requiredWords: [Int32] = []

        mutating func add(_ rule: PatternRule) {
            let first = Int32(elements.count)
            let firstTest = tests.count
            for element in rule.elements {
                let firstClause = Int32(clauses.count)
                addClause(element.tests, negated: element.negated)
                for condition in element.conditions { addClause(condition.tests, negated: condition.negated) }
                elements.append(Element(
                    clauses: firstClause..<Int32(clauses.count), atSentenceStart: element.atSentenceStart,
                    isOptional: element.isOptional
                ))
            }
            ruleElements.append(first..<Int32(elements.count))
            readsContextTags.append(tests[firstTest...].contains { $0.kind == .contextTag })
            var groups: [Range<Int32>] = []
            for element in elements[Int(first)...] where !element.isOptional {
                let clause = clauses[Int(element.clauses.lowerBound)]
                let words = tests[Int(clause.tests.lowerBound)..<Int(clause.tests.upperBound)]
                guard !clause.negated, !words.isEmpty, words.allSatisfy({ $0.kind == .word }) else { continue }
                let start = Int32(requiredWords.count)
                requiredWords += words.map(\.value)
                groups.append(start..<Int32(requiredWords.count))
            }
            requiredGroups.append(groups)
            longestPattern = max(longestPattern, rule.elements.count)
        }

        private mutating func addClause(_ clauseTests: [PatternRule.PatternElement.Test], negated: Bool) {
            let firstTest = Int32(tests.count)
            for test in clauseTests {
                switch test {
                case .word(let word): tests.append(Test(kind: .word, tag: nil, value: number(of: word), features: WordFeatures()))
                case .exactWord(let word):
                    exactWords.append(word)
                    tests.append(Test(kind: .exactWord, tag: nil, value: Int32(exactWords.count - 1), features: WordFeatures()))
                case .tag(let tag): tests.append(Test(kind: .tag, tag: tag, value: 0, features: WordFeatures()))
                case .contextTag(let tag):
                    testsContextTags = true
                    tests.append(Test(kind: .contextTag, tag: tag, value: 0, features: WordFeatures()))
                case .reading(let tag, let features): tests.append(Test(kind: .reading, tag: tag, value: 0, features: features))
                case .anyWord: tests.append(Test(kind: .anyWord, tag: nil, value: 0, features: WordFeatures()))
                case .capitalized:
                    testsCapitals = true
                    tests.append(Test(kind: .capitalized, tag: nil, value: 0, features: WordFeatures()))
                case .punctuation: tests.append(Test(kind: .punctuation, tag: nil, value: 0, features: WordFeatures()))
                case .number: tests.append(Test(kind: .number, tag: nil, value: 0, features: WordFeatures()))
                case .regex(let regex):
                    regexes.append(regex)
                    tests.append(Test(kind: .regex, tag: nil, value: Int32(regexes.count - 1), features: WordFeatures()))
                }
            }
            clauses.append(Clause(tests: firstTest..<Int32(tests.count), negated: negated))
        }

        private mutating func number(of word: String) -> Int32 {
            Int32(vocabulary.intern(word.utf8))
        }

        /// The facts of each token of `sentence`.
        func facts(of sentence: PatternSentence, in document: CheckedDocument, into facts: inout [TokenFacts]) {
            facts.removeAll(keepingCapacity: true)
            for (position, index) in sentence.tokens.enumerated() {
                let token = document.tokens[index]
                let kind: UInt8 = switch token.kind {
                case .word: TokenFacts.word
                case .punctuation: TokenFacts.punctuation
                case .number: TokenFacts.number
                default: TokenFacts.other
                }
                let namesWord = token.kind != .skipped || token.skipReason == .acronym
                var capitalized = false
                // An acronym ("ISO", "IDs") is a word in capitals to <Cap>, though spelling skips it.
                if testsCapitals, kind == TokenFacts.word || token.skipReason == .acronym {
                    // An ASCII first byte says it; only other words are made into a string.
                    let first = document.firstByte(of: index)
                    capitalized = first < 0x80
                        ? first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") : WordCase.startsWithCapital(document.text(of: token))
                }
                let word = namesWord ? vocabulary.number(of: document.lowercasedTexts[index]).map { Int32($0) } : nil
                facts.append(TokenFacts(
                    word: word ?? -1, kind: kind,
                    capitalized: capitalized, tags: sentence.tags[position].bits
                ))
            }
        }

        /// Whether the rule's pattern holds from `start`; `bound` then holds the position of
        /// each element (-1 for an optional element that is missing). An optional element is
        /// tried present first. With `exact` false, a test of a tag in context is judged by the
        /// lexicon's tags alone, so that it holds wherever the exact one can (`<@VB>` as `<VB>`,
        /// `!<@VB>` as always): the pattern then holds wherever it exactly holds, and more.
        func bind(
            rule: Int, at start: Int, in sentence: PatternSentence, facts: [TokenFacts], document: CheckedDocument,
            exact: Bool = true, into bound: inout [Int32]
        ) -> Bool {
            let range = ruleElements[rule]
            let first = elements[Int(range.lowerBound)]
            // Most tries fail on the first element, or on a second that must follow it.
            if !first.isOptional {
                guard start < facts.count, !first.atSentenceStart || start <= sentence.firstWord,
                      holds(first, at: start, sentence: sentence, facts: facts, document: document, exact: exact)
                else { return false }
                if range.count > 1 {
                    let second = elements[Int(range.lowerBound) + 1]
                    if !second.isOptional, !second.atSentenceStart {
                        guard start + 1 < facts.count, holds(second, at: start + 1, sentence: sentence, facts: facts, document: document, exact: exact)
                        else { return false }
                    }
                }
            }
            return bind(
                Int(range.lowerBound), end: Int(range.upperBound), first: Int(range.lowerBound), position: start, atStart: false,
                sentence: sentence, facts: facts, document: document, exact: exact, bound: &bound
            )
        }

        /// `atStart`: a missing optional `^` element passes its anchor on (`^<WH>? [has]`).
        private func bind(
            _ element: Int, end: Int, first: Int, position: Int, atStart: Bool, sentence: PatternSentence, facts: [TokenFacts],
            document: CheckedDocument, exact: Bool, bound: inout [Int32]
        ) -> Bool {
            if element == end { return true }
            let pattern = elements[element]
            let anchored = atStart || pattern.atSentenceStart
            if position < facts.count, !anchored || position <= sentence.firstWord,
               holds(pattern, at: position, sentence: sentence, facts: facts, document: document, exact: exact) {
                bound[element - first] = Int32(position)
                if bind(
                    element + 1, end: end, first: first, position: position + 1, atStart: false, sentence: sentence, facts: facts,
                    document: document, exact: exact, bound: &bound
                ) { return true }
            }
            bound[element - first] = -1
            return pattern.isOptional && bind(
                element + 1, end: end, first: first, position: position, atStart: anchored, sentence: sentence, facts: facts,
                document: document, exact: exact, bound: &bound
            )
        }

        private func holds(
            _ element: Element, at position: Int, sentence: PatternSentence, facts: [TokenFacts], document: CheckedDocument, exact: Bool
        ) -> Bool {
            let token = facts[position]
            for clause in element.clauses {
                let clause = clauses[Int(clause)]
                // Judged without the tagger, a context test passes in a clause that asks for it
                // and fails in one that forbids it: either way the clause holds at least as often.
                let contextResult: Bool? = exact ? nil : !clause.negated
                var found = false
                for test in clause.tests
                where holds(tests[Int(test)], token, at: position, sentence: sentence, document: document, contextResult: contextResult) {
                    found = true
                    break
                }
                if found == clause.negated { return false }
            }
            return true
        }

        /// `contextResult`: what a test of a tag in context gives where the lexicon allows the tag,
        /// or nil to ask the tagger.
        @inline(__always)
        private func holds(
            _ test: Test, _ token: TokenFacts, at position: Int, sentence: PatternSentence, document: CheckedDocument, contextResult: Bool?
        ) -> Bool {
            switch test.kind {
            case .word: return token.word == test.value
            case .exactWord:
                let index = sentence.tokens[position]
                return token.kind == TokenFacts.word && document.text(of: document.tokens[index]) == exactWords[Int(test.value)]
            case .tag:
                return token.kind == TokenFacts.word
                    ? token.tags & test.tag!.bit != 0 : (test.tag == .CD && token.kind == TokenFacts.number)
            case .contextTag:
                // The tags in context are some of the lexicon's: a tag the lexicon does not give
                // the word never holds, and needs no tagging to say so.
                guard token.kind == TokenFacts.word, token.tags & test.tag!.bit != 0 else { return false }
                return contextResult ?? sentence.contextTags(at: position).contains(test.tag!)
            case .reading:
                guard token.kind == TokenFacts.word, test.tag.map({ token.tags & $0.bit != 0 }) ?? true else { return false }
                return sentence.lexicon.hasReading(
                    document.lowercasedTexts[sentence.tokens[position]], tag: test.tag, features: test.features
                )
            case .anyWord: return token.kind == TokenFacts.word
            case .capitalized: return token.capitalized
            case .punctuation: return token.kind == TokenFacts.punctuation
            case .number: return token.kind == TokenFacts.number
            case .regex:
                return token.kind != TokenFacts.other
                    && regexes[Int(test.value)].matches(document.lowercasedTexts[sentence.tokens[position]])
            }
        }
    }

    /// Rule positions by the tokens an element of theirs can be. A class of constants, so that
    /// asking one of several at every token copies none of its arrays and pays no exclusivity
    /// check (with `var` properties, `swift_beginAccess` was a tenth of the matcher's time).
    private final class TokenIndex: Sendable {
        /// By the word's number in the vocabulary.
        private let byWord: [[Int32]]
        /// By the tag (`WordTag.rawValue`).
        private let byTag: [[Int32]]
        /// At any word, at a capitalised word, at punctuation, at a number.
        private let atAnyWord: [Int32], atCapitalized: [Int32], atPunctuation: [Int32], atNumber: [Int32]

        struct Builder {
            var byWord: [[Int32]] = []
            var byTag = [[Int32]](repeating: [], count: WordTag.allCases.count)
            var atAnyWord: [Int32] = [], atCapitalized: [Int32] = [], atPunctuation: [Int32] = [], atNumber: [Int32] = []
            var isEmpty = true

            mutating func add(_ position: Int32, startingAt start: PatternRule.PossibleStart, vocabulary: inout InternedStrings) {
                isEmpty = false
                for word in start.words {
                    let number = Int32(vocabulary.intern(word.utf8))
                    if byWord.count <= Int(number) { byWord += [[Int32]](repeating: [], count: Int(number) + 1 - byWord.count) }
                    byWord[Int(number)].append(position)
                }
                for tag in WordTag.allCases where start.tags.contains(tag) { byTag[Int(tag.rawValue)].append(position) }
                if start.anyWord { atAnyWord.append(position) }
                if start.capitalized { atCapitalized.append(position) }
                if start.punctuation { atPunctuation.append(position) }
                if start.number { atNumber.append(position) }
            }
        }

        init(_ builder: Builder) {
            byWord = builder.byWord
            byTag = builder.byTag
            atAnyWord = builder.atAnyWord
            atCapitalized = builder.atCapitalized
            atPunctuation = builder.atPunctuation
            atNumber = builder.atNumber
        }

        /// Adds the rules the token at `position` of the sentence can be an element of.
        func rules(at position: Int, facts: [TokenFacts], into candidates: inout Candidates) {
            let token = facts[position]
            if token.word >= 0, Int(token.word) < byWord.count { candidates.add(byWord[Int(token.word)]) }
            switch token.kind {
            case TokenFacts.word:
                var bits = token.tags
                while bits != 0 {
                    candidates.add(byTag[bits.trailingZeroBitCount])
                    bits &= bits - 1
                }
                candidates.add(atAnyWord)
                if !atCapitalized.isEmpty, token.capitalized { candidates.add(atCapitalized) }
            case TokenFacts.punctuation: candidates.add(atPunctuation)
            case TokenFacts.number: candidates.add(atNumber)
            default: break
            }
        }
    }

    /// The masks of enabled rules by selection, a few dozen at most: requests mostly share a
    /// handful of selections, and a cache that grows with every odd one would be a leak.
    private final class MaskCache: Sendable {
        private let masks = Mutex<[RuleSelection: [Bool]]>([:])

        func mask(for key: RuleSelection, orMake make: () -> [Bool]) -> [Bool] {
            if let mask = masks.withLock({ $0[key] }) { return mask }
            let mask = make()
            masks.withLock { masks in
                if masks.count >= 64 { masks.removeAll() }
                masks[key] = mask
            }
            return mask
        }
    }
}
