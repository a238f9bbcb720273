import ArgumentParser
import Foundation
import SuperTextCore

/// Measures suggestion quality and speed of SuperText's engine against libhunspell's `suggest`
/// and GNU Aspell, on the misspelling sets of `../shared/eval/sets`, in one process and one run.
@main
struct SuggestBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "supertext-bench-suggest",
        abstract: "Suggestion quality and speed: SuperText, libhunspell's suggest and aspell -a."
    )

    @Option(help: "Directory of the misspelling sets (default: $SUPERTEXT_EVAL_DIR or ../shared/eval/sets).")
    var sets: String?

    @Option(name: .customLong("set"), help: "Only these sets (names without .tsv); repeatable.")
    var onlySets: [String] = []

    @Option(help: "Engines to run, comma-separated: supertext, hunspell, aspell.")
    var engines = "supertext,hunspell,aspell"

    @Option(help: "Sets with more distinct misspellings are sampled to this many.")
    var sample = 2000

    @Option(help: "Seed of the sample.")
    var seed: UInt32 = 1

    @Flag(help: "Also check a generated 1 MiB English document with suggestions, and time it.")
    var document = false

    @Option(help: "Also check this English document with suggestions, and time it.")
    var documentFile: String?

    @Flag(help: "Only measure start-up: time and resident memory until every language is ready.")
    var startup = false

    @Option(help: "Write each wrong SuperText top-1 answer to this file, for tuning.")
    var misses: String?

    @Option(help: "Print the slowest words of each engine and set.")
    var slowest = 0

    @Option(help: "Only print SuperText's suggestions for these words (comma-separated), in --language.")
    var words: String?

    @Option(help: "The language of --words.")
    var language = "en-US"

    mutating func run() async throws {
        if startup { return try await measureStartup() }
        let catalog = DictionaryCatalog()
        if let words {
            let engine = ProofreaderEngine(name: "supertext", catalog: catalog, source: .index(.fromEnvironment()))
            for word in words.split(separator: ",").map(String.init) {
                let answer = try engine.check(word, language: language)
                print("\(word)\t\(answer.flagged ? "flagged" : "accepted")\t\(answer.suggestions.joined(separator: ", "))")
            }
            return
        }
        let directory = sets ?? ProcessInfo.processInfo.environment["SUPERTEXT_EVAL_DIR"] ?? "../shared/eval/sets"
        var setPaths = try EvaluationSet.paths(in: directory)
        if !onlySets.isEmpty {
            setPaths = setPaths.filter { onlySets.contains((($0 as NSString).lastPathComponent as NSString).deletingPathExtension) }
        }
        var chosen: [any SpellingEngineUnderTest] = []
        for name in engines.split(separator: ",").map(String.init) {
            switch name {
            case "supertext":
                chosen.append(ProofreaderEngine(name: "supertext", catalog: catalog, source: .index(.fromEnvironment())))
            case "hunspell":
                chosen.append(ProofreaderEngine(name: "hunspell", catalog: catalog, source: .hunspell))
            case "aspell" where AspellEngine.isInstalled:
                chosen.append(AspellEngine())
            case "aspell":
                print("aspell is not installed: skipped (scripts/install-deps.sh bench installs it)")
            default:
                throw ValidationError("unknown engine \(name)")
            }
        }
        var missLog = ""
        print("| set | words | engine | detection % | top-1 % | top-5 % | flagged, no suggestion % | mean ms | p99 ms | CPU mean ms |")
        print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for path in setPaths {
            let set = try EvaluationSet(path: path, sampleSize: sample, seed: seed)
            for engine in chosen {
                let result = try measure(engine, on: set)
                print(result.row(set: set, engine: engine.name))
                if engine.name == "supertext" { missLog += result.misses }
                fflush(nil)
            }
        }
        if let misses { try missLog.write(toFile: misses, atomically: true, encoding: .utf8) }
        if let documentFile {
            let text = try String(contentsOfFile: documentFile, encoding: .utf8)
            try await measureDocument(text, name: (documentFile as NSString).lastPathComponent, catalog: catalog)
        } else if document {
            guard let frequencyFile = catalog.searchPath.map({ $0 + "/frequencies/en.tsv" })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
            else { throw ValidationError("Dictionaries/frequencies/en.tsv not found") }
            let text = try SampleDocument.english(bytes: 1 << 20, frequencyFile: frequencyFile)
            try await measureDocument(text, name: "generated", catalog: catalog)
        }
    }

    /// One engine on one set.
    private func measure(_ engine: any SpellingEngineUnderTest, on set: EvaluationSet) throws -> SetResult {
        let language = set.languageCode
        try engine.prepare(language: language)
        var milliseconds: [Double] = []
        var timed: [(String, Double)] = []
        var result = SetResult()
        var cpuMilliseconds = 0.0
        for item in set.items {
            let start = ContinuousClock.now
            let cpuStart = engine.cpuMilliseconds()
            let answer = try engine.check(item.misspelling, language: language)
            let elapsed = ContinuousClock.now - start
            guard answer.flagged else { continue }
            cpuMilliseconds += engine.cpuMilliseconds() - cpuStart
            milliseconds.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            timed.append((item.misspelling, milliseconds.last!))
            result.flagged += 1
            if answer.suggestions.isEmpty { result.unanswered += 1 }
            let wanted = Set(item.corrections.map { $0.lowercased() })
            let rank = answer.suggestions.prefix(5).firstIndex { wanted.contains($0.lowercased()) }
            if rank == 0 { result.top1 += 1 }
            if rank != nil { result.top5 += 1 }
            if rank != 0 {
                result.misses += "\(set.name)\t\(item.misspelling)\t\(item.corrections.joined(separator: "|"))\t"
                    + "\(rank.map { String($0 + 1) } ?? "-")\t" + answer.suggestions.prefix(5).joined(separator: ", ") + "\n"
            }
        }
        if slowest > 0 {
            let worst = timed.sorted { $0.1 > $1.1 }.prefix(slowest)
            print("slowest for \(engine.name) on \(set.name): " + worst.map { "\($0.0) \(String(format: "%.1f", $0.1))" }.joined(separator: ", "))
        }
        result.rows = set.items.count
        milliseconds.sort()
        result.meanMilliseconds = milliseconds.isEmpty ? 0 : milliseconds.reduce(0, +) / Double(milliseconds.count)
        result.cpuMeanMilliseconds = milliseconds.isEmpty ? 0 : cpuMilliseconds / Double(milliseconds.count)
        result.p99Milliseconds = milliseconds.isEmpty ? 0 : milliseconds[min(milliseconds.count - 1, Int((Double(milliseconds.count) * 0.99).rounded(.up)) - 1)]
        return result
    }

    /// Checks an English document on a pool of two workers, as the server would, and on one
    /// proofreader in this thread.
    private func measureDocument(_ text: String, name: String, catalog: DictionaryCatalog) async throws {
        let single = Proofreader(catalog: catalog)
        _ = try single.check(CheckRequest(text: "Teh end.", language: "en-US"))
        // The same check without suggestions, to see what they cost.
        single.suggestionLimit = 0
        let plainStart = ContinuousClock.now
        _ = try single.check(CheckRequest(text: text, language: "en-US"))
        let plainElapsed = ContinuousClock.now - plainStart
        let plainSeconds = Double(plainElapsed.components.seconds) + Double(plainElapsed.components.attoseconds) / 1e18
        single.suggestionLimit = 5
        let singleStart = ContinuousClock.now
        let singleResult = try single.check(CheckRequest(text: text, language: "en-US"))
        let singleElapsed = ContinuousClock.now - singleStart
        let singleSeconds = Double(singleElapsed.components.seconds) + Double(singleElapsed.components.attoseconds) / 1e18
        let pool = ProofreadingPool(catalog: catalog, configuration: .init(workers: 2, timeout: nil))
        let start = ContinuousClock.now
        let result = try await pool.check(CheckRequest(text: text, language: "en-US"))
        let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - start).components.seconds)
        let spelling = result.matches.filter { $0.rule == "SPELLING" }
        let withSuggestions = spelling.filter { !$0.suggestions.isEmpty }.count
        print("")
        print("English document \(name) (\(text.utf8.count) bytes, \(result.stats.words) words): \(spelling.count) spelling matches, "
            + "\(withSuggestions) with suggestions; checked with suggestions in \(String(format: "%.2f", seconds)) s on 2 workers, "
            + "\(String(format: "%.2f", singleSeconds)) s on one thread (\(singleResult.matches.count) matches; "
            + "\(String(format: "%.2f", plainSeconds)) s without suggestions)")
        pool.shutdown()
        PoolKeeper.keep(pool)
    }

    /// Start-up: a pool of two workers with every installed language loaded.
    private func measureStartup() async throws {
        let start = ContinuousClock.now
        let catalog = DictionaryCatalog()
        let pool = ProofreadingPool(catalog: catalog, configuration: .init(workers: 2))
        _ = try await pool.check(CheckRequest(text: "Teh qiuck brwon fox.", language: "en-US"))
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let memory = status.split(separator: "\n").filter { $0.hasPrefix("VmRSS") || $0.hasPrefix("VmHWM") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") }
        print("languages: \(catalog.languages.map(\.code).joined(separator: ", ")); workers: 2")
        print("ready and first check answered after \(String(format: "%.2f", seconds)) s; resident \(memory.first ?? "?") (peak \(memory.last ?? "?"))")
        pool.shutdown()
        PoolKeeper.keep(pool)
    }
}

/// Counts for one engine on one set.
struct SetResult {
    var rows = 0
    var flagged = 0
    var top1 = 0
    var top5 = 0
    /// Flagged words given no suggestion at all.
    var unanswered = 0
    var meanMilliseconds = 0.0
    var p99Milliseconds = 0.0
    var cpuMeanMilliseconds = 0.0
    var misses = ""

    func row(set: EvaluationSet, engine: String) -> String {
        func percent(_ count: Int) -> String { String(format: "%.1f", 100 * Double(count) / Double(max(rows, 1))) }
        let rowsText = set.totalItems == rows ? "\(rows)" : "\(rows) of \(set.totalItems)"
        let unansweredShare = String(format: "%.1f", 100 * Double(unanswered) / Double(max(flagged, 1)))
        return "| \(set.name) | \(rowsText) | \(engine) | \(percent(flagged)) | \(percent(top1)) | \(percent(top5)) | \(unansweredShare) | "
            + String(format: "%.3f | %.2f | %.3f |", meanMilliseconds, p99Milliseconds, cpuMeanMilliseconds)
    }
}

/// Keeps shut-down pools alive until the process exits: their worker threads may still be
/// waking up to leave, and they refer to the pool.
enum PoolKeeper {
    nonisolated(unsafe) private static var pools: [ProofreadingPool] = []

    static func keep(_ pool: ProofreadingPool) {
        pools.append(pool)
    }
}
