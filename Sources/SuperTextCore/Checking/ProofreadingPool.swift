import Foundation

/// Runs checks on dedicated worker threads, each owning its own proofreader and Hunspell
/// handles; never on Swift's cooperative pool, which blocking C calls would starve.
///
/// Handles are created one after another at start (libhunspell 1.7.1 races when two are created
/// at once). A bounded queue sheds load: past `queueLimit` waiting jobs, `check` throws
/// `SuperTextError.queueFull` at once. Long texts are cut at paragraph boundaries and the parts
/// checked in parallel, reported in order.
public final class ProofreadingPool: @unchecked Sendable {
    /// How the pool is sized and bounded.
    public struct Configuration: Sendable {
        /// Worker threads (each with its own dictionaries).
        public var workers: Int
        /// Most jobs waiting for a worker before new checks are refused.
        public var queueLimit: Int
        /// Longest a check may take, or `nil` for no limit.
        public var timeout: Duration?
        /// Size of the parts a long text is cut into, in UTF-8 bytes.
        public var partSize: Int

        public init(workers: Int, queueLimit: Int = 256, timeout: Duration? = .seconds(30), partSize: Int = 16 * 1024) {
            self.workers = max(1, workers)
            self.queueLimit = max(1, queueLimit)
            self.timeout = timeout
            self.partSize = max(256, partSize)
        }
    }

    /// The dictionaries the workers use.
    public let catalog: DictionaryCatalog
    public let configuration: Configuration

    private typealias Job = (Proofreader) -> Void
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var jobsHead = 0
    private var isShuttingDown = false
    private var threads: [Thread] = []
    private var loadedWorkers = 0

    /// Creates the workers and loads every installed dictionary on each, one after another.
    public init(catalog: DictionaryCatalog, configuration: Configuration) {
        self.catalog = catalog
        self.configuration = configuration
        let engine = SuggestionEngines.default(catalog: catalog)
        var proofreaders: [Proofreader] = []
        for _ in 0..<configuration.workers {
            let proofreader = Proofreader(catalog: catalog, rules: ProofreadingRules.all, suggestionEngine: engine)
            proofreader.loadAll()
            proofreaders.append(proofreader)
        }
        for (index, proofreader) in proofreaders.enumerated() {
            let box = ProofreaderBox(proofreader)
            let thread = Thread { [unowned self] in self.work(with: box.take()) }
            thread.name = "supertext-worker-\(index)"
            thread.stackSize = 4 << 20
            threads.append(thread)
        }
        loadedWorkers = proofreaders.count
        for thread in threads { thread.start() }
    }

    /// Whether every worker has its dictionaries loaded.
    public var isReady: Bool {
        condition.withLock { loadedWorkers == configuration.workers && !isShuttingDown }
    }

    /// Jobs waiting for a worker.
    public var queuedJobs: Int {
        condition.withLock { jobs.count - jobsHead }
    }

    /// Stops the workers once the jobs already queued are done.
    public func shutdown() {
        condition.withLock {
            isShuttingDown = true
            condition.broadcast()
        }
    }

    private func work(with proofreader: Proofreader) {
        while true {
            condition.lock()
            while jobsHead == jobs.count, !isShuttingDown { condition.wait() }
            if jobsHead == jobs.count, isShuttingDown {
                condition.unlock()
                return
            }
            let job = jobs[jobsHead]
            jobsHead += 1
            if jobsHead > 1024, jobsHead * 2 > jobs.count {
                jobs.removeFirst(jobsHead)
                jobsHead = 0
            }
            condition.unlock()
            job(proofreader)
        }
    }

    /// Runs `body` on a worker and returns its result; throws `queueFull` when the queue is full.
    private func run<T: Sendable>(
        flag: CancellationFlag, _ body: @escaping @Sendable (Proofreader) throws -> T
    ) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let job: Job = { proofreader in
                    if flag.isCancelled { return continuation.resume(throwing: SuperTextError.cancelled) }
                    continuation.resume(with: Result { try body(proofreader) })
                }
                condition.lock()
                defer { condition.unlock() }
                if isShuttingDown { return continuation.resume(throwing: SuperTextError.shuttingDown) }
                if jobs.count - jobsHead >= configuration.queueLimit {
                    return continuation.resume(throwing: SuperTextError.queueFull)
                }
                jobs.append(job)
                condition.signal()
            }
        } onCancel: {
            flag.cancel()
        }
    }

    /// Checks a text on the workers.
    public func check(_ request: CheckRequest) async throws -> CheckResult {
        var result: CheckResult?
        for try await progress in checkWithProgress(request) {
            if case .loaded(let final) = progress { result = final }
        }
        guard let result else { throw SuperTextError.cancelled }
        return result
    }

    /// Checks a text on the workers, reporting each part as it is done, in order. Cancelling the
    /// consuming task (or dropping the stream) cancels the remaining work.
    public func checkWithProgress(_ request: CheckRequest) -> AsyncThrowingStream<CheckProgress, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: CheckProgress.self)
        let deadline = configuration.timeout.map { ContinuousClock.now + $0 }
        let flag = CancellationFlag(deadline: deadline)
        let timeoutSeconds = configuration.timeout.map { Double($0.components.seconds) } ?? 0
        let task = Task {
            do {
                let result = try await self.runCheck(request, flag: flag) { continuation.yield($0) }
                continuation.yield(.loaded(result))
                continuation.finish()
            } catch let error as SuperTextError where error == .cancelled && flag.isPastDeadline {
                continuation.finish(throwing: SuperTextError.timedOut(seconds: timeoutSeconds))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            flag.cancel()
            task.cancel()
        }
        return stream
    }

    private func runCheck(
        _ request: CheckRequest, flag: CancellationFlag, report: @escaping @Sendable (CheckProgress) -> Void
    ) async throws -> CheckResult {
        let clock = ContinuousClock.now
        let isCancelled: @Sendable () -> Bool = { flag.isCancelled || flag.isPastDeadline }
        let parts = ParagraphSplitter.parts(of: request.text, targetSize: configuration.partSize)
        report(.loading(done: 0, total: parts.count, matches: []))
        if parts.count == 1 {
            let result = try await run(flag: flag) { try $0.check(request, choice: nil, isCancelled: isCancelled) }
            report(.loading(done: 1, total: 1, matches: result.matches))
            return result
        }
        // The language is chosen once, from the whole text, so every part agrees.
        let choice = try await run(flag: flag) { try $0.chooseLanguage(for: request) }
        let results = try await withThrowingTaskGroup(of: (Int, CheckResult).self) { group in
            for (index, part) in parts.enumerated() {
                var partRequest = request
                partRequest.text = part.text
                group.addTask { [partRequest] in
                    let result = try await self.run(flag: flag) {
                        try $0.check(partRequest, choice: choice, isCancelled: isCancelled)
                    }
                    return (index, result.shifted(by: part.utf16Offset))
                }
            }
            // Report parts in order as soon as every part before them is done.
            var finished: [Int: CheckResult] = [:]
            var next = 0
            var ordered: [CheckResult] = []
            for try await (index, result) in group {
                finished[index] = result
                while let ready = finished.removeValue(forKey: next) {
                    ordered.append(ready)
                    next += 1
                    report(.loading(done: next, total: parts.count, matches: ready.matches))
                }
            }
            return ordered
        }
        let matches = results.flatMap(\.matches)
        return CheckResult(
            language: choice.report, matches: matches,
            correctedText: CorrectionApplier.apply(matches, to: request.text),
            stats: CheckStats(
                characters: results.reduce(0) { $0 + $1.stats.characters },
                words: results.reduce(0) { $0 + $1.stats.words }, matches: matches.count,
                milliseconds: (ContinuousClock.now - clock).milliseconds
            ),
            sentences: results.flatMap(\.sentences), warnings: choice.warnings
        )
    }
}

/// Hands a non-Sendable proofreader to the one thread that will own it.
private final class ProofreaderBox: @unchecked Sendable {
    private var proofreader: Proofreader?
    init(_ proofreader: Proofreader) { self.proofreader = proofreader }
    func take() -> Proofreader {
        defer { proofreader = nil }
        return proofreader!
    }
}

extension CheckResult {
    /// The result with every offset moved by `offset` UTF-16 units.
    func shifted(by offset: Int) -> CheckResult {
        guard offset != 0 else { return self }
        var copy = self
        copy.matches = matches.map { var match = $0; match.offset += offset; return match }
        copy.sentences = sentences.map { SentenceRange(offset: $0.offset + offset, length: $0.length) }
        return copy
    }
}
