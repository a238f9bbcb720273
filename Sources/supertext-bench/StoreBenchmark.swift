import Foundation
import SuperTextCore
import SuperTextSQLite
import SuperTextStore

/// Times the history store alone: real check results (the clean 1 KB paragraph of
/// `scripts/bench-paragraph.txt` and the same with five typos) saved to a database file by
/// concurrent callers, as the server saves them.
///
/// Prints saves per second, process CPU per save (user + system, from `getrusage`), bytes written
/// per save (the log and its checkpoints: `wchar` of `/proc/self/io`) and how many checks shared
/// a transaction; then the CPU per save of adding the texts to the search index and the mistakes
/// to their table, which the service does in quiet moments (see `HistoryIndexer`), and the total.
/// Callers stand for checks in flight on a pool of one worker a core, and expect saves as the
/// service's do (`AppDatabase.savesToExpect`). Last, the floor under a save (`printFloor`).
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
        print("| body | callers | saves/s | CPU µs/save | KB written/save | checks/transaction | index CPU µs/save | total CPU µs/save |")
        print("|---|---|---|---|---|---|---|---|")
        let bodies = [("clean", "clean paragraph", clean, cleanResult), ("typos", "5 typos", typos, typoResult)]
        /// CPU per save with one caller, by body: the store beside SQLite alone (`printFloor`).
        var oneCallerCPU: [String: Double] = [:]
        for (name, label, text, result) in bodies where options.body == nil || options.body == name {
            for callers in options.callers.map({ [$0] }) ?? [1, 2, 32] {
                let directory = try Self.temporaryDirectory()
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
                try await database.indexPendingChecks()
                let indexCPU = Self.processCPUSeconds() - indexCPUBefore
                if callers == 1 { oneCallerCPU[name] = cpu / Double(count) }
                let perSave = { (seconds: Double) in fixed(seconds / Double(count) * 1e6, 1) }
                print(
                    "| \(label) | \(callers) | \(fixed(Double(count) / seconds, 0)) | \(perSave(cpu)) | "
                        + "\(fixed(Double(written) / Double(count) / 1_024, 1)) | "
                        + "\(fixed(Double(count) / Double(max(1, transactions)), 1)) | \(perSave(indexCPU)) | \(perSave(cpu + indexCPU)) |"
                )
            }
        }
        try printFloor(
            bodies.filter { options.body == nil || options.body == $0.0 }.map { (label: $0.1, text: $0.2, result: $0.3, store: oneCallerCPU[$0.0]) },
            proofreader: proofreader)
    }

    /// The floor under a save that is acknowledged once committed: SQLite alone committing a
    /// row of the same values, one transaction a row (`BareSQLite`), beside the store's save by
    /// one caller (which also writes each mistake as a row of its own), and the CPU of the check
    /// itself on one thread. In the service a check also costs its request and its answer, and
    /// its save runs with caches the check has filled (see docs/architecture.md).
    func printFloor(_ bodies: [(label: String, text: String, result: CheckResult, store: Double?)], proofreader: Proofreader) throws {
        let count = options.runs ?? 20_000
        print()
        print("The floor: SQLite alone commits the same values a row at a time, beside the store's save by one caller")
        print("and the check of the same paragraph on one thread.")
        print("| body | row bytes | SQLite alone: CPU µs/committed row | the store: CPU µs/save | the check: CPU µs |")
        print("|---|---|---|---|---|")
        for body in bodies {
            let result = body.result
            // The values of a stored check (`NewCheck`), numbers as text.
            let row = [
                "2026-11-23 08:00:00.000", result.language.code, result.language.name, "1", "\(result.language.confidence)",
                body.text, result.matches.isEmpty ? "" : result.correctedText,
                String(decoding: CheckResultJSON.encode(result.matches, escapingSlashes: true), as: UTF8.self),
                "\(result.matches.count)", "\(result.stats.characters)", "\(result.stats.words)", "\(result.stats.milliseconds)",
            ]
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let sqliteCPU = try BareSQLite(row: row).cpuPerTransaction(count: count, in: directory)
            let request = CheckRequest(text: body.text, language: "en-US")
            for _ in 0..<20 { _ = try proofreader.check(request) }
            let checks = max(200, count / 10)
            let checkBefore = Self.processCPUSeconds()
            for _ in 0..<checks { _ = try proofreader.check(request) }
            let checkCPU = (Self.processCPUSeconds() - checkBefore) / Double(checks)
            print(
                "| \(body.label) | \(row.reduce(0) { $0 + $1.utf8.count }) | \(fixed(sqliteCPU * 1e6, 1)) | "
                    + "\(body.store.map { fixed($0 * 1e6, 1) } ?? "-") | \(fixed(checkCPU * 1e6, 1)) |"
            )
        }
    }

    /// A new directory for a database file, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-bench-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
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
