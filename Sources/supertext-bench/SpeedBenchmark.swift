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
