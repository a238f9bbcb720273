import Foundation
import SuperTextCore

/// Times the tokenizer and tokenize + spell-check on one file of prose, and `hunspell -l` on the
/// same file.
struct SpeedBenchmark {
    let options: BenchOptions

    /// The aim for tokenize + spell-check of 1 MiB, in seconds.
    static let aimSeconds = 0.4

    func run() throws {
        guard let data = FileManager.default.contents(atPath: options.path) else {
            throw BenchFailure("\(options.path): cannot be read")
        }
        var text = try UTF8Validation.decode(data)
        let runs = options.runs ?? 10
        let megabytes = Double(data.count) / 1_000_000
        print("Corpus: \(options.path): \(data.count) bytes, \(WordCount.of(text)) words (whitespace-separated runs with a letter)")

        // The tokenizer alone, in both formats.
        for format in [TextFormat.plain, .markdown] where !options.checksOnly {
            var tokenCount = 0
            let best = bestTime(of: runs) {
                tokenCount = text.withUTF8 { Tokenizer.words(in: $0, format: format).count }
            }
            print(
                "Tokenizer (\(format.rawValue)): \(fixed(megabytes / best, 1)) MB/s, "
                    + "best of \(runs) runs: \(fixed(best * 1000, 1)) ms, \(tokenCount) tokens"
            )
        }

        // Tokenize + spell-check, spelling only (the other rules are timed below), suggestions
        // off. Each run has a new proofreader, its dictionary loaded beforehand (not timed) but
        // nothing of the corpus seen yet.
        let catalog = DictionaryCatalog()
        let language = try catalog.resolve(options.language)
        var request = CheckRequest(text: text, language: language.code)
        request.enabledRules = [ProofreadingRules.spellingRuleID]
        request.enabledOnly = true
        var result: CheckResult?
        var times: [Double] = []
        for _ in 0..<max(3, runs / 2) {
            let proofreader = Proofreader(catalog: catalog, rules: [])
            proofreader.suggestionLimit = 0
            _ = try proofreader.check(CheckRequest(text: "Warm", language: language.code))
            let start = ContinuousClock.now
            result = try proofreader.check(request)
            times.append((ContinuousClock.now - start).seconds)
        }
        guard let result else { return }
        times.sort()
        let best = times[0]
        let median = times[times.count / 2]
        print(
            "Tokenize + spell-check (\(language.code), suggestions off): \(fixed(best, 3)) s best of "
                + "\(times.count) (median \(fixed(median, 3)) s), \(result.stats.words) words checked, "
                + "\(fixed(Double(result.stats.words) / best, 0)) words/s, \(result.matches.count) flagged"
        )
        let scaled = best * 1_048_576 / Double(max(1, data.count))
        print(
            "  scaled to 1 MiB: \(fixed(scaled, 3)) s; aim < \(fixed(Self.aimSeconds, 1)) s: "
                + (scaled < Self.aimSeconds ? "met" : "NOT met")
        )

        // The same with every rule that runs by default (grammar, confused words, typography).
        var ruleTimes: [Double] = []
        var ruleMatches = 0
        for _ in 0..<3 {
            let proofreader = Proofreader(catalog: catalog)
            proofreader.suggestionLimit = 0
            _ = try proofreader.check(CheckRequest(text: "Warm", language: language.code))
            let start = ContinuousClock.now
            let withRules = try proofreader.check(CheckRequest(text: text, language: language.code))
            ruleTimes.append((ContinuousClock.now - start).seconds)
            ruleMatches = withRules.matches.count { $0.category != .spelling }
        }
        let bestWithRules = ruleTimes.min() ?? 0
        print(
            "Tokenize + spell-check + every default rule (suggestions off): \(fixed(bestWithRules, 3)) s best of 3, "
                + "\(ruleMatches) rule matches; scaled to 1 MiB: \(fixed(bestWithRules * 1_048_576 / Double(max(1, data.count)), 3)) s"
        )

        if options.byRule {
            // One more check, each rule timed apart (the clock reads add a little to each).
            let proofreader = Proofreader(catalog: catalog)
            proofreader.suggestionLimit = 0
            _ = try proofreader.check(CheckRequest(text: "Warm", language: language.code))
            let timings = RuleTimings()
            RuleTimings.active = timings
            let start = ContinuousClock.now
            _ = try proofreader.check(CheckRequest(text: text, language: language.code))
            let whole = (ContinuousClock.now - start).seconds
            RuleTimings.active = nil
            let ranked = timings.seconds.sorted { $0.value > $1.value }
            print("By rule (one timed check of \(fixed(whole, 3)) s; rules together \(fixed(ranked.reduce(0) { $0 + $1.value }, 3)) s):")
            for (id, seconds) in ranked.prefix(options.top > 0 ? options.top : 20) {
                print("  \(id): \(fixed(seconds * 1000, 1)) ms")
            }
        }

        if let repeats = options.repeats { try repeatedChecks(of: text, language: language.code, catalog: catalog, repeats: repeats) }

        guard !options.checksOnly else { return }
        try jsonOfCheckResults(corpus: text, language: language.code)

        // Hunspell's command line on the same file.
        guard HunspellCommandLine.isInstalled else {
            print("hunspell -l: not installed (apt-get install hunspell)")
            return
        }
        let hunspell = HunspellCommandLine(language: language)
        var hunspellRuns: [HunspellCommandLine.Run] = []
        for _ in 0..<3 { hunspellRuns.append(try hunspell.listMisspelled(in: [options.path])) }
        let fastest = hunspellRuns.min { $0.seconds < $1.seconds }!
        print(
            "hunspell -l (\(hunspell.dictionary), same file): \(fixed(fastest.seconds, 3)) s wall, best of 3 "
                + "(dictionary load included), \(fastest.flaggedWords.count) flagged"
        )
    }

    /// Writes real check results as JSON with `JSONEncoder` (as the API did) and with
    /// `CheckResultJSON` (as it does), in turn in the same run: µs a result, and whether the bytes
    /// are the same.
    private func jsonOfCheckResults(corpus: String, language: String) throws {
        let proofreader = Proofreader(catalog: DictionaryCatalog())
        var texts: [(String, String)] = []
        if let typos = try? String(contentsOfFile: "scripts/bench-paragraph-typos.txt", encoding: .utf8) {
            texts.append(("paragraph with 5 typos", typos))
        }
        // The first 16 KB of the corpus, at a line's end: one part, as the service checks it.
        let head = corpus.utf8.prefix(16 * 1024)
        let cut = head.lastIndex(of: UInt8(ascii: "\n")) ?? head.endIndex
        texts.append(("16 KB of the corpus", String(decoding: corpus.utf8[..<cut], as: UTF8.self)))
        let encoder = JSONCoding.encoder()
        let iterations = 200
        for (name, text) in texts {
            var result = try proofreader.check(CheckRequest(text: text, language: language))
            result.id = 12_345
            let foundation = try encoder.encode(result)
            let handWritten = CheckResultJSON.encode(result)
            var foundationBest = Double.infinity, handWrittenBest = Double.infinity
            for _ in 0..<max(3, options.runs ?? 10) {
                foundationBest = min(foundationBest, bestTime(of: 1) { for _ in 0..<iterations { _ = try? encoder.encode(result) } })
                handWrittenBest = min(handWrittenBest, bestTime(of: 1) { for _ in 0..<iterations { _ = CheckResultJSON.encode(result) } })
            }
            let foundationMicros = foundationBest / Double(iterations) * 1e6
            let handWrittenMicros = handWrittenBest / Double(iterations) * 1e6
            print(
                "JSON of a check result (\(name): \(result.matches.count) matches, \(handWritten.count) bytes): "
                    + "JSONEncoder \(fixed(foundationMicros, 1)) µs, CheckResultJSON \(fixed(handWrittenMicros, 1)) µs "
                    + "(\(fixed(foundationMicros / handWrittenMicros, 1))x), same bytes: \(Array(foundation) == handWritten ? "yes" : "NO")"
            )
        }
    }

    /// The shortest wall time of `runs` calls of `body`, in seconds.
    private func bestTime(of runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            body()
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }
}

extension SpeedBenchmark {
    /// A short text checked `repeats` times by one proofreader, as the service answers one request
    /// after another: what a check costs beyond its text (per-request work) shows here, where a
    /// 1 MiB check hides it. Spelling alone and every default rule in turns of a hundred, so that
    /// both share the machine's state; with `--by-rule`, each rule's time a check.
    func repeatedChecks(of text: String, language: String, catalog: DictionaryCatalog, repeats: Int) throws {
        let proofreader = Proofreader(catalog: catalog)
        proofreader.suggestionLimit = 0
        var spellingOnly = CheckRequest(text: text, language: language)
        spellingOnly.enabledRules = [ProofreadingRules.spellingRuleID]
        spellingOnly.enabledOnly = true
        let everyRule = CheckRequest(text: text, language: language)
        for request in [spellingOnly, everyRule] { _ = try proofreader.check(request) }
        var seconds = (spelling: 0.0, rules: 0.0)
        var done = 0
        let timings = RuleTimings()
        while done < repeats {
            let turn = min(100, repeats - done)
            var start = ContinuousClock.now
            for _ in 0..<turn { _ = try proofreader.check(spellingOnly) }
            seconds.spelling += (ContinuousClock.now - start).seconds
            if options.byRule { RuleTimings.active = timings }
            start = ContinuousClock.now
            for _ in 0..<turn { _ = try proofreader.check(everyRule) }
            seconds.rules += (ContinuousClock.now - start).seconds
            RuleTimings.active = nil
            done += turn
        }
        let perCheck = (spelling: seconds.spelling / Double(repeats) * 1e6, rules: seconds.rules / Double(repeats) * 1e6)
        print(
            "Repeated checks (\(repeats) of \(text.utf8.count) bytes, one proofreader): spelling alone \(fixed(perCheck.spelling, 1)) µs a check, "
                + "every default rule \(fixed(perCheck.rules, 1)) µs (\(fixed(perCheck.rules / perCheck.spelling, 2))×)"
                + (options.byRule ? " (rules timed apart)" : "")
        )
        guard options.byRule else { return }
        for (id, total) in timings.seconds.sorted(by: { $0.value > $1.value }).prefix(options.top > 0 ? options.top : 20) {
            print("  \(id): \(fixed(total / Double(repeats) * 1e6, 1)) µs a check")
        }
    }
}
