/// One fuzz case: a hostile text from a seed, tokenized in every format, and checked with every
/// rule on (picky included) in a language and explanation language drawn from the same seed,
/// twice, against `CheckInvariants`: as plain text and in one other format, the seed's
/// (`formats(seed:)`), so that consecutive seeds cover every format without each case paying
/// for ten checks. Shared by the bounded run of the tests and the long run of `make fuzz`, so
/// that a seed printed by either reproduces in both.
package struct HostileTextFuzzer {
    /// What one case found wrong.
    package struct Failure: Error, CustomStringConvertible {
        package var seed: UInt64
        package var text: String
        package var problems: [String]

        package var description: String {
            "FUZZ_SEED=\(seed): \(problems.prefix(8).joined(separator: "; "))"
                + " in \(text.utf8.count) bytes: \(CheckInvariants.debug(text))"
        }
    }

    /// Checks a request; the closure it is given says when to stop (`SuperTextError.cancelled`).
    package typealias Check = (CheckRequest, _ isCancelled: @escaping () -> Bool) throws -> CheckResult

    /// Sentences mixed into texts (the rules' own examples, so that rules fire).
    let sentences: [String]
    /// Longest one check may take before the case fails: the service's default check timeout.
    let timeLimit: Duration

    package init(sentences: [String], timeLimit: Duration = .seconds(30)) {
        self.sentences = sentences
        self.timeLimit = timeLimit
    }

    static let languages = ["en-US", "en-GB", "fr", "de-DE", "es", "auto"]

    /// The text of the case `seed`: mostly short, now and then long.
    package func text(seed: UInt64) -> String {
        var generator = HostileTextGenerator(seed: seed, sentences: sentences)
        var sizes = SplitMix64(seed: ~seed)
        let size = sizes.below(8) == 0 ? 1024 + sizes.below(16 * 1024) : 16 + sizes.below(1024)
        return generator.text(size: size)
    }

    /// The formats the case `seed` is checked in: plain text, and one other that the seed picks
    /// in turn (its remainder), so that any run of consecutive seeds as long as the formats
    /// covers them all.
    package static func formats(seed: UInt64) -> [TextFormat] {
        let others = TextFormat.allCases.filter { $0 != .plain }
        return [.plain, others[Int(seed % UInt64(others.count))]]
    }

    /// Runs the case `seed`, and throws `Failure` with what went wrong.
    package func run(seed: UInt64, check: Check) throws {
        let text = text(seed: seed)
        var problems: [String] = []
        for format in TextFormat.allCases {
            problems += CheckInvariants.tokenizationViolations(of: text, format: format).map { "\(format): \($0)" }
        }
        var choices = SplitMix64(seed: seed ^ 0x5EED)
        let language = Self.languages[choices.below(Self.languages.count)]
        let explanation = ExplanationLanguage.allCases[choices.below(ExplanationLanguage.allCases.count)]
        for format in Self.formats(seed: seed) {
            let request = CheckRequest(text: text, language: language, format: format, explanationLanguage: explanation, picky: true)
            let name = "\(language) \(format)"
            do {
                let first = try checked(request, check: check)
                problems += CheckInvariants.resultViolations(first, of: text).map { "\(name): \($0)" }
                let second = try checked(request, check: check)
                if CheckInvariants.comparable(first) != CheckInvariants.comparable(second) {
                    problems.append("\(name): a second check of the same text gave another result")
                }
            } catch let error as SuperTextError where error == .cancelled {
                problems.append("\(name): not finished within \(timeLimit)")
            } catch {
                problems.append("\(name): \(error)")
            }
        }
        if !problems.isEmpty { throw Failure(seed: seed, text: text, problems: problems) }
    }

    private func checked(_ request: CheckRequest, check: Check) throws -> CheckResult {
        // The time runs from the check's first look at the clock, not from before a caller's lock.
        var deadline: ContinuousClock.Instant?
        return try check(request) {
            let now = ContinuousClock.now
            if deadline == nil { deadline = now + timeLimit }
            return now > deadline!
        }
    }
}
