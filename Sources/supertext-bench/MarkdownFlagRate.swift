import Foundation
import SuperTextCore

/// The share of words flagged in real Markdown by SuperText's Markdown check and by `hunspell -l`.
///
/// SuperText checks each file as `supertext check FILE.md --language CODE` does, spelling
/// only (the other rules flag spacing and repetitions, not words), with suggestions off. Hunspell
/// reads the same raw files (it has no Markdown mode). Both counts are divided by the same number
/// of words, counted by `WordCount` over the raw files.
struct MarkdownFlagRate {
    let options: BenchOptions

    /// The aim: flag under a third of the words Hunspell flags.
    static let aimRatio = 1.0 / 3.0
    /// Files with fewer words are left out of the median file's figures.
    static let smallestFileCounted = 100

    func run() throws {
        let directory = options.path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".md") }
            .sorted()
        let catalog = DictionaryCatalog()
        let language = try catalog.resolve(options.language)
        let proofreader = Proofreader(catalog: catalog, rules: [])
        proofreader.suggestionLimit = 0

        var files: [String] = []
        var bytes = 0
        var words = 0
        var flagged: [String: Int] = [:]
        var flaggedCount = 0
        var skipped = 0
        var flaggedList = ""
        var wordsPerFile: [String: Int] = [:]
        var flaggedPerFile: [String: Int] = [:]
        let start = ContinuousClock.now
        for name in names {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path),
                  let text = try? UTF8Validation.decode(data)
            else {
                skipped += 1
                continue
            }
            files.append(path)
            bytes += data.count
            let fileWords = WordCount.of(text)
            words += fileWords
            wordsPerFile[path] = fileWords
            let result = try proofreader.check(
                CheckRequest(text: text, language: language.code, format: .markdown)
            )
            flaggedPerFile[path] = result.matches.count
            for match in result.matches {
                flagged[match.text, default: 0] += 1
            }
            if options.flaggedListPath != nil {
                flaggedList += Self.listing(of: result.matches, in: text, file: path)
            }
            flaggedCount += result.matches.count
        }
        let seconds = (ContinuousClock.now - start).seconds
        if let listPath = options.flaggedListPath {
            try flaggedList.write(toFile: listPath, atomically: true, encoding: .utf8)
        }
        guard words > 0 else { throw BenchFailure("\(directory): no words in any .md file") }

        print(
            "Markdown: \(files.count) files, \(bytes) bytes, \(words) words (whitespace-separated runs "
                + "with a letter, over the raw files)" + (skipped > 0 ? "; \(skipped) not UTF-8, left out" : "")
        )
        let ourShare = Double(flaggedCount) / Double(words)
        print(
            "  supertext check FILE.md (\(language.code)): \(flaggedCount) flagged = "
                + "\(fixed(ourShare * 100, 2))% of words (\(fixed(seconds, 2)) s)"
        )
        var hunspellCounts: [String: Int] = [:]
        var hunspellShare: Double?
        var hunspellFlaggedPerFile: [String: Int] = [:]
        if HunspellCommandLine.isInstalled {
            let run = try HunspellCommandLine(language: language).listMisspelled(in: files)
            for word in run.flaggedWords { hunspellCounts[String(word), default: 0] += 1 }
            hunspellFlaggedPerFile = run.flaggedPerFile
            if files.count == 1 { hunspellFlaggedPerFile[files[0]] = run.flaggedWords.count }
            let share = Double(run.flaggedWords.count) / Double(words)
            hunspellShare = share
            print(
                "  hunspell -l (same dictionary, raw files): \(run.flaggedWords.count) flagged = "
                    + "\(fixed(share * 100, 2))% of words (\(fixed(run.seconds, 2)) s)"
            )
        } else {
            print("  hunspell -l: not installed (apt-get install hunspell)")
        }
        if let hunspellShare, hunspellShare > 0 {
            let ratio = ourShare / hunspellShare
            print(
                "  SuperText / Hunspell: \(fixed(ratio, 3)); aim < \(fixed(Self.aimRatio, 3)): "
                    + (ratio < Self.aimRatio ? "met" : "NOT met")
            )
            // A few large files can weigh on the whole; the median file shows the typical one.
            let counted = files.filter { (wordsPerFile[$0] ?? 0) >= Self.smallestFileCounted }
            func median(_ flaggedIn: (String) -> Int) -> Double {
                let shares = counted.map { Double(flaggedIn($0)) / Double(wordsPerFile[$0]!) }.sorted()
                return shares.isEmpty ? 0 : shares[shares.count / 2]
            }
            let ourMedian = median { flaggedPerFile[$0] ?? 0 }
            let hunspellMedian = median { hunspellFlaggedPerFile[$0] ?? 0 }
            print(
                "  Median file (of the \(counted.count) with \(Self.smallestFileCounted) words or more): "
                    + "SuperText \(fixed(ourMedian * 100, 2))%, Hunspell \(fixed(hunspellMedian * 100, 2))%"
                    + (hunspellMedian > 0 ? ", ratio \(fixed(ourMedian / hunspellMedian, 3))" : "")
            )
        }
        if options.top > 0 {
            print("  Most flagged by SuperText:")
            printTop(flagged)
            if !hunspellCounts.isEmpty {
                print("  Most flagged by Hunspell:")
                printTop(hunspellCounts)
            }
        }
    }

    /// One line per match: `FILE:LINE: word<TAB>the line`.
    private static func listing(of matches: [Match], in text: String, file: String) -> String {
        let utf16 = Array(text.utf16)
        var lineStarts = [0]
        for (offset, unit) in utf16.enumerated() where unit == 0x0A { lineStarts.append(offset + 1) }
        var listing = ""
        var line = 0
        for match in matches {
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= match.offset { line += 1 }
            let lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : utf16.count
            let lineText = String(decoding: utf16[lineStarts[line]..<lineEnd], as: UTF16.self)
            listing += "\(file):\(line + 1): \(match.text)\t\(lineText)\n"
        }
        return listing
    }

    private func printTop(_ counts: [String: Int]) {
        let top = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(options.top)
        print("    " + top.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
}
