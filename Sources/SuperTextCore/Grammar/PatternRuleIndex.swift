/// Runs many pattern rules in one pass over a document: each rule is tried only where its first
/// element can match, found by the token's word (most rules start with a word), so the cost
/// grows with the text, not with the text times the number of rules.
struct PatternRuleIndex: Sendable {
    let rules: [PatternRule]
    /// Rule positions by the lowercase word their first element needs.
    private let byFirstWord: [String: [Int]]
    /// Rules whose first element is words and tags only: tried where the token is one of the
    /// words or has one of the tags.
    private let byFirstTags: [(rule: Int, tags: WordTags, words: Set<String>)]
    /// Rules whose first element is anything else (a negation, optional, punctuation): tried everywhere.
    private let everywhere: [Int]

    init(_ rules: [PatternRule]) {
        self.rules = rules
        var byFirstWord: [String: [Int]] = [:]
        var byFirstTags: [(rule: Int, tags: WordTags, words: Set<String>)] = []
        var everywhere: [Int] = []
        for (position, rule) in rules.enumerated() {
            if let words = rule.firstWords {
                for word in words { byFirstWord[word, default: []].append(position) }
            } else if let first = rule.firstTagsAndWords {
                byFirstTags.append((position, first.tags, first.words))
            } else {
                everywhere.append(position)
            }
        }
        self.byFirstWord = byFirstWord
        self.byFirstTags = byFirstTags
        self.everywhere = everywhere
    }

    /// The matches of the rules that `runs` accepts.
    func matches(in document: CheckedDocument, context: RuleContext, runs: (PatternRule) -> Bool) -> [Match] {
        let enabled = rules.map { runs($0) && ($0.variants.isEmpty || $0.variants.contains(context.languageCode)) }
        guard enabled.contains(true) else { return [] }
        var matches: [Match] = []
        for (part, range) in document.sentenceTokens.enumerated() {
            let sentence = PatternSentence(
                range, in: document, lexicon: context.grammar.lexicon, startsSentence: !document.continuesSentence[part]
            )
            for start in sentence.tokens.indices {
                let text = document.lowercasedTexts[sentence.tokens[start]]
                let tags = sentence.tags[start]
                func tryRule(_ position: Int) {
                    guard enabled[position],
                          let match = rules[position].match(at: start, in: sentence, document: document, context: context)
                    else { return }
                    matches.append(match)
                }
                for position in byFirstWord[text] ?? [] { tryRule(position) }
                for candidate in byFirstTags where tags.containsAny(candidate.tags) || candidate.words.contains(text) {
                    tryRule(candidate.rule)
                }
                for position in everywhere { tryRule(position) }
            }
        }
        // Of two matches of one rule where one holds the other ("quatre vingt" in "quatre vingt
        // dix"), the longer is the one meant.
        guard matches.count > 1 else { return matches }
        return matches.filter { match in
            !matches.contains { other in
                other.rule == match.rule && other.length > match.length && other.offset <= match.offset
                    && other.offset + other.length >= match.offset + match.length
            }
        }
    }
}
