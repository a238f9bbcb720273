/// Runs many pattern rules in one pass over a document: each rule is tried only where its first
/// element can match, found by the token's word (most rules start with a word), so the cost
/// grows with the text, not with the text times the number of rules.
struct PatternRuleIndex: Sendable {
    let rules: [PatternRule]
    /// Rule positions by the lowercase word their first element needs.
    private let byFirstWord: [String: [Int]]
    /// Rules whose first element is not a list of words (a tag, a negation): tried everywhere.
    private let everywhere: [Int]

    init(_ rules: [PatternRule]) {
        self.rules = rules
        var byFirstWord: [String: [Int]] = [:]
        var everywhere: [Int] = []
        for (position, rule) in rules.enumerated() {
            if let words = rule.firstWords {
                for word in words { byFirstWord[word, default: []].append(position) }
            } else {
                everywhere.append(position)
            }
        }
        self.byFirstWord = byFirstWord
        self.everywhere = everywhere
    }

    /// The matches of the rules that `runs` accepts.
    func matches(in document: CheckedDocument, context: RuleContext, runs: (PatternRule) -> Bool) -> [Match] {
        let enabled = rules.map { runs($0) && ($0.variants.isEmpty || $0.variants.contains(context.languageCode)) }
        guard enabled.contains(true) else { return [] }
        var matches: [Match] = []
        for sentence in document.sentenceTokens {
            let tokens = document.significantTokens(in: sentence)
            for start in tokens.indices {
                let candidates = byFirstWord[document.lowercasedTexts[tokens[start]]] ?? []
                for position in candidates + everywhere where enabled[position] {
                    if let match = rules[position].match(at: start, in: tokens, document: document, context: context) {
                        matches.append(match)
                    }
                }
            }
        }
        return matches
    }
}
