import Foundation
import SuperTextCore

/// `supertext-bench grammar DIRECTORY`: the grammar rules on the marked sentences of
/// `../shared/eval/grammar` (README there): per language and per category, the share of errors
/// detected (a match overlaps the marked span), corrected at 1 (the match's first suggestion
/// gives the expected sentence), false positives (share of correct sentences with a match that
/// is not spelling), and the time per sentence; then 1 MiB of prose checked with every default
/// rule, against spelling alone, in the same run.
struct GrammarBenchmark {
    let options: BenchOptions

    /// One marked error.
    struct Row {
        var sentence: String
        var start: Int
        var end: Int
        var expected: [String]
        var category: String
        var rule: String
    }

    func run() throws {
        let catalog = DictionaryCatalog()
        let proofreader = Proofreader(catalog: catalog)
        let languages = options.language == "en-US" ? ["en", "fr", "de", "es"] : [options.language]
        var misses: [String] = []
        print("Grammar rules on \(options.path) (detected and corrected at 1 on each LANG_SOURCE_dev.tsv, false positives on its LANG_SOURCE_dev_correct.txt)")
        for language in languages {
            let start = ContinuousClock.now
            // A regional set (en-GB) is checked with its language's grammar, as Proofreader does.
            let primary = language.split(separator: "-").first.map(String.init) ?? language
            let grammar = GrammarCatalog.grammar(for: primary, searchPath: catalog.searchPath)
            let seconds = (ContinuousClock.now - start).seconds
            print("\(language): \(grammar.rules.count) rules, \(grammar.lexicon.count) words in the lexicon, loaded in \(String(format: "%.3f", seconds)) s")
        }
        print("")
        print(pad("language / category", 28) + pad("rows", 7) + pad("detected", 10) + pad("corrected", 11) + pad("mean ms", 9) + "p99 ms")
        for language in languages {
            let code = ["en": "en-US", "fr": "fr", "de": "de-DE", "es": "es"][language] ?? language
            _ = try proofreader.check(CheckRequest(text: "warm up", language: code))
            for failure in GrammarCatalog.failures { print("grammar data not loaded: \(failure)") }
            for source in sources(of: language) {
                try score(language: language, code: code, source: source, proofreader: proofreader, misses: &misses)
            }
        }
        if let path = options.flaggedListPath {
            try misses.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            print("Misses and false positives written to \(path)")
        }
    }

    /// The sources of a language's marked errors in the directory: `lt` for `LANG_lt_dev.tsv`,
    /// `harper` for `LANG_harper_dev.tsv` and so on, LanguageTool's first.
    private func sources(of language: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: options.path)) ?? []
        let found = names.compactMap { name -> String? in
            guard name.hasPrefix(language + "_"), name.hasSuffix("_dev.tsv") else { return nil }
            return String(name.dropFirst(language.count + 1).dropLast("_dev.tsv".count))
        }
        return found.sorted { ($0 == "lt" ? "" : $0) < ($1 == "lt" ? "" : $1) }
    }

    /// Detected and corrected at 1 on `LANG_SOURCE_dev.tsv` (by category where the source names
    /// one), clean sentences flagged on `LANG_SOURCE_dev_correct.txt`.
    private func score(language: String, code: String, source: String, proofreader: Proofreader, misses: inout [String]) throws {
        let rows = try readRows(options.path + "/\(language)_\(source)_dev.tsv", categorised: source == "lt")
        let label = source == "lt" ? language : "\(language) \(source)"
        do {
            var byCategory: [String: (rows: Int, detected: Int, corrected: Int)] = [:]
            var times: [Double] = []
            for row in rows {
                let started = ContinuousClock.now
                let result = try proofreader.check(CheckRequest(text: row.sentence, language: code))
                times.append((ContinuousClock.now - started).seconds * 1000)
                let span = utf16Range(row.sentence, row.start, row.end)
                let overlapping = result.matches.filter { match in
                    match.offset < span.upperBound && match.offset + match.length > span.lowerBound
                        || (span.isEmpty && match.offset <= span.lowerBound && match.offset + match.length >= span.lowerBound)
                }
                let corrected = overlapping.contains { match in
                    guard let suggestion = match.suggestions.first else { return false }
                    let fixed = apply(suggestion, at: match.offset, length: match.length, in: row.sentence)
                    return row.expected.contains { expectedSentence(row, $0) == fixed }
                }
                var tally = byCategory[row.category] ?? (0, 0, 0)
                tally.rows += 1
                if !overlapping.isEmpty { tally.detected += 1 } else { misses.append("\(label)\t\(row.rule)\t\(row.sentence)") }
                if corrected { tally.corrected += 1 } else if let first = overlapping.first {
                    misses.append("\(label)\tUNCORRECTED \(row.rule) \(first.rule) \(first.suggestions.first ?? "-") want \(row.expected.joined(separator: "|"))\t\(row.sentence)")
                }
                byCategory[row.category] = tally
            }
            var total = (rows: 0, detected: 0, corrected: 0)
            for (category, tally) in byCategory.sorted(by: { $0.value.rows > $1.value.rows }) {
                total.rows += tally.rows; total.detected += tally.detected; total.corrected += tally.corrected
                guard byCategory.count > 1 else { continue }
                print(pad("\(label) \(category)", 28) + pad("\(tally.rows)", 7) + pad(percent(tally.detected, tally.rows), 10)
                    + pad(percent(tally.corrected, tally.rows), 11))
            }
            times.sort()
            let mean = times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count)
            let p99 = times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count) * 0.99))]
            print(pad("\(label) all", 28) + pad("\(total.rows)", 7) + pad(percent(total.detected, total.rows), 10)
                + pad(percent(total.corrected, total.rows), 11) + pad(fixed(mean, 3), 9) + fixed(p99, 3))

            let correctPath = options.path + "/\(language)_\(source)_dev_correct.txt"
            let correct = FileManager.default.fileExists(atPath: correctPath)
                ? try String(contentsOfFile: correctPath, encoding: .utf8).split(separator: "\n").map(String.init) : []
            var flagged = 0
            for sentence in correct {
                let result = try proofreader.check(CheckRequest(text: sentence, language: code))
                let nonSpelling = result.matches.filter { $0.category != .spelling && $0.category != .name }
                if !nonSpelling.isEmpty {
                    flagged += 1
                    misses.append("\(label)\tFALSE_POSITIVE \(nonSpelling.map(\.rule).joined(separator: ","))\t\(sentence)")
                }
            }
            print(pad("\(label) false positives", 28) + pad("\(correct.count)", 7) + percent(flagged, correct.count))
            print("")
        }
    }

    /// `categorised`: the fourth field names the category (LanguageTool's); otherwise every row is
    /// of one category.
    private func readRows(_ path: String, categorised: Bool) throws -> [Row] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5, let start = Int(fields[1]), let end = Int(fields[2]) else { return nil }
            let source = fields[4].split(separator: ":")
            return Row(
                sentence: fields[0], start: start, end: end, expected: fields[3].components(separatedBy: "|"),
                category: !categorised ? "all" : source.count > 2 ? String(source[2]) : "?", rule: source.count > 3 ? String(source[3]) : "?"
            )
        }
    }

    /// The UTF-16 range of code points `start..<end`.
    private func utf16Range(_ text: String, _ start: Int, _ end: Int) -> Range<Int> {
        let scalars = Array(text.unicodeScalars)
        func units(_ count: Int) -> Int { scalars.prefix(count).reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) } }
        return units(start)..<units(end)
    }

    /// The sentence with the marked span replaced by `replacement`.
    private func expectedSentence(_ row: Row, _ replacement: String) -> String {
        let scalars = Array(row.sentence.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<min(row.start, scalars.count)])
        result.append(contentsOf: replacement.unicodeScalars)
        result.append(contentsOf: scalars[min(row.end, scalars.count)...])
        return String(result)
    }

    private func apply(_ suggestion: String, at offset: Int, length: Int, in text: String) -> String {
        let units = Array(text.utf16)
        guard offset + length <= units.count else { return text }
        return String(decoding: units[..<offset], as: UTF16.self) + suggestion
            + String(decoding: units[(offset + length)...], as: UTF16.self)
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : fixed(100 * Double(part) / Double(whole), 1) + "%"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
