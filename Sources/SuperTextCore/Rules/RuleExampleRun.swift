/// An example of a rule that does not hold: a wrong sentence the rule does not correct as its
/// example says, or a right sentence it flags.
public struct RuleExampleFailure: Sendable, CustomStringConvertible {
    public var rule: String
    public var example: RuleExample
    /// What the rule found in the sentence: `text → first suggestion`.
    public var found: [String]

    public var description: String {
        let seen = found.isEmpty ? "nothing found" : "found " + found.joined(separator: "; ")
        if let correction = example.correction {
            return "\(rule): '\(example.text)' should become '\(correction)'; \(seen)"
        }
        return "\(rule): '\(example.text)' should stay clean; \(seen)"
    }
}

extension Proofreader {
    /// Runs every example of `rules` through the whole checker with the rule alone turned on (so
    /// that another rule finding the mistake first hides nothing): a wrong sentence must get a
    /// match of the rule whose first suggestion gives the correction, a right one none. What
    /// `supertext rules test` runs, and the tests of the project's own rules.
    /// - Throws: `SuperTextError` when an example's language is not installed.
    public func failingExamples(of rules: [any ProofreadingRule]) throws -> [RuleExampleFailure] {
        var failures: [RuleExampleFailure] = []
        for rule in rules {
            for example in rule.examples {
                var request = CheckRequest(text: example.text, language: example.language)
                request.enabledRules = [rule.id]
                request.enabledOnly = true
                let matches = try check(request).matches.filter { $0.rule == rule.id }
                let found = matches.map { "'\($0.text)' → '\($0.suggestions.first ?? "")'" }
                if let correction = example.correction {
                    // A rule without suggestions (a long sentence) shows its example unchanged.
                    let corrected = correction == example.text ? !matches.isEmpty : matches.contains { match in
                        guard let suggestion = match.suggestions.first else { return false }
                        return CorrectionApplier.apply([match], to: example.text) == correction
                            || (suggestion.isEmpty && match.suggestions.isEmpty)
                    }
                    if !corrected { failures.append(RuleExampleFailure(rule: rule.id, example: example, found: found)) }
                } else if !matches.isEmpty {
                    failures.append(RuleExampleFailure(rule: rule.id, example: example, found: found))
                }
            }
        }
        return failures
    }
}
