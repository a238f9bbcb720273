import Foundation
import SuperTextCore
import SuperTextStore

/// Times the history store alone: real check results (a clean 1 KB paragraph and the same with
/// five typos) saved to a database file by concurrent callers, as the server saves them.
///
/// Prints saves per second, process CPU per save (user + system, from `getrusage`) and how many
/// checks shared a transaction. Beside it, as the floor, the same checks made without saving.
struct StoreBenchmark {
    let options: BenchOptions

    static let paragraph = """
        Proofreading is the careful reading of a text to find and correct mistakes before it is published. \
        A good proofreader checks spelling, grammar, punctuation and consistency, and makes sure that every \
        sentence says what the writer meant to say. Software can help with much of this work: it can find \
        words that are not in the dictionary, repeated words, and spaces in the wrong places, and it can \
        suggest corrections that are likely to be right. It cannot replace a careful reader, but it can make \
        the reader faster, and it can explain each correction so that the writer learns from it and makes \
        fewer mistakes the next time. A service that does this should answer quickly, use little memory, \
        and keep working when many people use it at once, even on a small machine with only two cores.
        """

    static var withTypos: String {
        var text = paragraph
        for (right, wrong) in [
            ("careful", "carefull"), ("mistakes", "mistaeks"), ("punctuation", "punctuaton"),
            ("dictionary", "dictionery"), ("quickly", "quikly"),
        ] {
            if let range = text.range(of: right) { text.replaceSubrange(range, with: wrong) }
        }
        return text
    }

    func run() async throws {
        let catalog = DictionaryCatalog()
        let proofreader = Proofreader(catalog: catalog)
        let clean = Self.paragraph
        let typos = Self.withTypos
        let cleanResult = try proofreader.check(CheckRequest(text: clean, language: "en-US"))
        let typoResult = try proofreader.check(CheckRequest(text: typos, language: "en-US"))
        let count = options.runs ?? 20_000
        print("Store: \(count) saves a row to a database file; paragraph \(clean.utf8.count) bytes, "
            + "\(cleanResult.matches.count) and \(typoResult.matches.count) matches")
        print("| body | callers | saves/s | CPU µs/save | checks/transaction |")
        print("|---|---|---|---|---|")
        let bodies = [("clean", "clean paragraph", clean, cleanResult), ("typos", "5 typos", typos, typoResult)]
        for (name, label, text, result) in bodies where options.body == nil || options.body == name {
            for callers in options.callers.map({ [$0] }) ?? [1, 2, 32] {
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("supertext-bench-store-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let database = try AppDatabase.open(path: directory.appendingPathComponent("bench.sqlite").path)
                _ = try await database.saveCheck(result, text: text)  // warm: statements prepared
                let transactionsBefore = database.checkTransactionCount
                let cpuBefore = Self.processCPUSeconds()
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for caller in 0..<callers {
                        group.addTask {
                            let share = count / callers + (caller < count % callers ? 1 : 0)
                            for _ in 0..<share { _ = try await database.saveCheck(result, text: text) }
                        }
                    }
                    try await group.waitForAll()
                }
                let seconds = (ContinuousClock.now - start).seconds
                let cpu = Self.processCPUSeconds() - cpuBefore
                let transactions = database.checkTransactionCount - transactionsBefore
                print(
                    "| \(label) | \(callers) | \(fixed(Double(count) / seconds, 0)) | "
                        + "\(fixed(cpu / Double(count) * 1e6, 1)) | \(fixed(Double(count) / Double(max(1, transactions)), 1)) |"
                )
            }
        }
    }

    /// User plus system CPU time of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
