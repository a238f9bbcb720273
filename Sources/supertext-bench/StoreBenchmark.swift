import Foundation
import SuperTextCore
import SuperTextStore

/// Times the history store alone: real check results (the clean 1 KB paragraph of
/// `scripts/bench-paragraph.txt` and the same with five typos) saved to a database file by
/// concurrent callers, as the server saves them.
///
/// Prints saves per second, process CPU per save (user + system, from `getrusage`), bytes written
/// per save (the log and its checkpoints: `wchar` of `/proc/self/io`) and how many checks shared
/// a transaction; then the CPU per save of adding the texts to the search index, which the
/// service does in quiet moments (see `SearchIndexer`), and the total. Callers stand for checks
/// in flight on a pool of one worker a core, and expect saves as the service's do
/// (`AppDatabase.savesToExpect`).
struct StoreBenchmark {
    let options: BenchOptions

    /// A paragraph file of `scripts/` (shared with `scripts/bench-http.sh`), without its newline.
    func paragraph(_ name: String) throws -> String {
        let path = options.path + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchFailure("\(path): cannot be read (run from the repository's root)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    func run() async throws {
        let catalog = DictionaryCatalog()
        let proofreader = Proofreader(catalog: catalog)
        let clean = try paragraph("bench-paragraph.txt")
        let typos = try paragraph("bench-paragraph-typos.txt")
        let cleanResult = try proofreader.check(CheckRequest(text: clean, language: "en-US"))
        let typoResult = try proofreader.check(CheckRequest(text: typos, language: "en-US"))
        let count = options.runs ?? 20_000
        print("Store: \(count) saves a row to a database file; paragraph \(clean.utf8.count) bytes, "
            + "\(cleanResult.matches.count) and \(typoResult.matches.count) matches")
        print("| body | callers | saves/s | CPU µs/save | KB written/save | checks/transaction | search index CPU µs/save | total CPU µs/save |")
        print("|---|---|---|---|---|---|---|---|")
        let bodies = [("clean", "clean paragraph", clean, cleanResult), ("typos", "5 typos", typos, typoResult)]
        for (name, label, text, result) in bodies where options.body == nil || options.body == name {
            for callers in options.callers.map({ [$0] }) ?? [1, 2, 32] {
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("supertext-bench-store-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let database = try AppDatabase.open(path: directory.appendingPathComponent("bench.sqlite").path)
                _ = try await database.saveCheck(result, text: text)  // warm: statements prepared
                let expecting = AppDatabase.savesToExpect(
                    checksInProgress: callers, workers: ProcessInfo.processInfo.activeProcessorCount)
                let transactionsBefore = database.checkTransactionCount
                let cpuBefore = Self.processCPUSeconds()
                let writtenBefore = Self.bytesWritten()
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for caller in 0..<callers {
                        group.addTask {
                            let share = count / callers + (caller < count % callers ? 1 : 0)
                            for _ in 0..<share { _ = try await database.saveCheck(result, text: text, expecting: expecting) }
                        }
                    }
                    try await group.waitForAll()
                }
                let seconds = (ContinuousClock.now - start).seconds
                let cpu = Self.processCPUSeconds() - cpuBefore
                let written = Self.bytesWritten() - writtenBefore
                let transactions = database.checkTransactionCount - transactionsBefore
                let indexCPUBefore = Self.processCPUSeconds()
                try await database.indexPendingTexts()
                let indexCPU = Self.processCPUSeconds() - indexCPUBefore
                let perSave = { (seconds: Double) in fixed(seconds / Double(count) * 1e6, 1) }
                print(
                    "| \(label) | \(callers) | \(fixed(Double(count) / seconds, 0)) | \(perSave(cpu)) | "
                        + "\(fixed(Double(written) / Double(count) / 1_024, 1)) | "
                        + "\(fixed(Double(count) / Double(max(1, transactions)), 1)) | \(perSave(indexCPU)) | \(perSave(cpu + indexCPU)) |"
                )
            }
        }
    }

    /// Bytes this process has passed to `write` and its kin so far (`wchar` of `/proc/self/io`).
    static func bytesWritten() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
        let line = text.split(separator: "\n").first { $0.hasPrefix("wchar:") }
        return line.flatMap { Int($0.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// User plus system CPU time of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
