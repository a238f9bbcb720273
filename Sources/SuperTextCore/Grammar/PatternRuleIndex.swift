/// Runs many pattern rules in one pass over a document: each rule is tried only at the tokens
/// where its pattern can start (found by the token's word, tags and kind, or by the next token's
/// when the first element takes any word), so the cost grows with the text, not with the text
/// times the number of rules.
struct PatternRuleIndex: Sendable {
    let rules: [PatternRule]
    /// Rules by the token they start at.
    private let byFirst: TokenIndex
    /// Rules whose first element takes any word or punctuation, by the token after their start.
    private let bySecond: TokenIndex
    /// Rules whose start cannot be told from a token (a negated first element): tried everywhere.
    private let everywhere: [Int]

    init(_ rules: [PatternRule]) {
        self.rules = rules
        var byFirst = TokenIndex(), bySecond = TokenIndex()
        var everywhere: [Int] = []
        for (position, rule) in rules.enumerated() {
            let start = rule.possibleStart
            if let second = rule.possibleSecond(narrowerThan: start) {
                bySecond.add(position, startingAt: second)
            } else if let start {
                byFirst.add(position, startingAt: start)
            } else {
                everywhere.append(position)
            }
        }
        self.byFirst = byFirst
        self.bySecond = bySecond
        self.everywhere = everywhere
    }

    /// The matches of the rules that `runs` accepts.
    func matches(in document: CheckedDocument, context: RuleContext, runs: (PatternRule) -> Bool) -> [Match] {
        let enabled = rules.map { runs($0) && ($0.variants.isEmpty || $0.variants.contains(context.languageCode)) }
        guard enabled.contains(true) else { return [] }
        var matches: [Match] = []
        // The rules to try at one token, each once, in the order of their files.
        var candidates: [Int] = []
        var triedAt = [Int](repeating: -1, count: rules.count)
        var tokenNumber = 0
        func add(_ positions: [Int]) {
            for position in positions where enabled[position] && triedAt[position] != tokenNumber {
                triedAt[position] = tokenNumber
                candidates.append(position)
            }
        }
        for (part, range) in document.sentenceTokens.enumerated() {
            let sentence = PatternSentence(
                range, in: document, lexicon: context.grammar.lexicon, startsSentence: !document.continuesSentence[part]
            )
            for start in sentence.tokens.indices {
                tokenNumber += 1
                candidates.removeAll(keepingCapacity: true)
                byFirst.rules(at: start, in: sentence, document: document, add)
                if start + 1 < sentence.tokens.count { bySecond.rules(at: start + 1, in: sentence, document: document, add) }
                add(everywhere)
                if candidates.count > 1 { candidates.sort() }
                for position in candidates {
                    if let match = rules[position].match(at: start, in: sentence, document: document, context: context) {
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

    /// Rule positions by the tokens an element of theirs can be.
    private struct TokenIndex: Sendable {
        /// By the lowercase word.
        private var byWord: [String: [Int]] = [:]
        /// By the tag (`WordTag.rawValue`).
        private var byTag = [[Int]](repeating: [], count: WordTag.allCases.count)
        /// At any word, at a capitalised word, at punctuation, at a number.
        private var atAnyWord: [Int] = [], atCapitalized: [Int] = [], atPunctuation: [Int] = [], atNumber: [Int] = []

        mutating func add(_ position: Int, startingAt start: PatternRule.PossibleStart) {
            for word in start.words { byWord[word, default: []].append(position) }
            for tag in WordTag.allCases where start.tags.contains(tag) { byTag[Int(tag.rawValue)].append(position) }
            if start.anyWord { atAnyWord.append(position) }
            if start.capitalized { atCapitalized.append(position) }
            if start.punctuation { atPunctuation.append(position) }
            if start.number { atNumber.append(position) }
        }

        /// Gives `add` the rules the token at `position` of the sentence can be an element of.
        func rules(at position: Int, in sentence: PatternSentence, document: CheckedDocument, _ add: ([Int]) -> Void) {
            let index = sentence.tokens[position]
            let token = document.tokens[index]
            if let positions = byWord[document.lowercasedTexts[index]] { add(positions) }
            switch token.kind {
            case .word:
                var bits = sentence.tags[position].bits
                while bits != 0 {
                    add(byTag[bits.trailingZeroBitCount])
                    bits &= bits - 1
                }
                add(atAnyWord)
                if !atCapitalized.isEmpty, WordCase.startsWithCapital(document.text(of: token)) { add(atCapitalized) }
            case .punctuation: add(atPunctuation)
            case .number: add(atNumber)
            default: break
            }
        }
    }
}
