import Foundation

/// What a worker does with what it finished before the caller gets it (storing it, say), on the
/// worker's own thread: it calls `answer` with the value to give, at once or later from another
/// thread.
public typealias WorkerFinisher<Value> = @Sendable (
    _ value: Value, _ answer: @escaping @Sendable (Result<Value, any Error>) -> Void
) -> Void

/// What a worker does with a finished check before the check's caller gets it.
public typealias CheckFinisher = WorkerFinisher<CheckResult>

/// Runs checks on dedicated worker threads, each owning its own proofreader; never on Swift's
/// cooperative pool, which blocking C calls would starve. The workers share one Hunspell handle
/// per language, each call under the handle's lock (`HunspellDictionary`).
///
/// Handles are created one after another at start (libhunspell 1.7.1 races when two are created
/// at once). A bounded queue sheds load: past `queueLimit` waiting jobs, `check` throws
/// `SuperTextError.queueFull` at once. Long texts are cut at paragraph boundaries and the parts
/// checked in parallel, reported in order.
public final class ProofreadingPool: @unchecked Sendable {
    /// How the pool is sized and bounded.
    public struct Configuration: Sendable {
        /// Worker threads.
        public var workers: Int
        /// Most checks waiting beyond those the workers are on before new checks are refused.
        public var queueLimit: Int
        /// Longest a check may take, or `nil` for no limit.
        public var timeout: Duration?
        /// Size of the parts a long text is cut into, in UTF-8 bytes.
        public var partSize: Int
        /// Called on a worker as it starts each job (a check, or a part of a long one) with how
        /// long the job waited for it: for metrics. `nil` costs nothing.
        public var jobStarted: (@Sendable (_ waited: Duration) -> Void)?
        /// Whether a language whose suggestion index is not in the cache is served at once, with
        /// libhunspell's suggestions, while its index is built on a thread of its own (a service
        /// must listen at once), rather than built before the pool is made.
        public var buildsIndexesInBackground = false
        /// Told when a background index build starts, advances and ends: for the log.
        public var indexBuildEvents: (@Sendable (IndexBuildEvent) -> Void)?
        /// The users' own rules, whose current set each check runs.
        public var userRules: UserRules?
        /// Whether every installed language is loaded for each worker at start (a server's
        /// first checks are then as fast as the others); off, a language loads on first use,
        /// as a command that checks a few files in one language wants.
        public var loadsEverythingAtStart = true

        public init(workers: Int, queueLimit: Int = 256, timeout: Duration? = .seconds(30), partSize: Int = 16 * 1024) {
            self.workers = max(1, workers)
            self.queueLimit = max(1, queueLimit)
            self.timeout = timeout
            self.partSize = max(256, partSize)
        }
    }

    /// The dictionaries the workers use.
    public let catalog: DictionaryCatalog
    /// The workers' shared suggestion engine.
    private let engine: IndexedSuggestionEngine
    public let configuration: Configuration

    private typealias Job = (Proofreader) -> Void
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var jobsHead = 0
    private var isShuttingDown = false
    /// The worker threads (internal for tests: what runs on a worker).
    private(set) var threads: [Thread] = []
    private var loadedWorkers = 0
    private var finishedJobs = 0
    private var skippedJobs = 0
    /// Workers running a job.
    private var busy = 0
    /// Checks admitted and not yet finished.
    private var activeChecks = 0

    /// Creates the workers and loads every installed language for each, one after another
    /// (unless `loadsEverythingAtStart` is off). The
    /// workers share the suggestion indexes, the grammar and one Hunspell dictionary per language.
    public init(catalog: DictionaryCatalog, configuration: Configuration) {
        self.catalog = catalog
        self.configuration = configuration
        let engine = IndexedSuggestionEngine(
            frequencyDirectories: catalog.searchPath, buildsInBackground: configuration.buildsIndexesInBackground,
            events: configuration.indexBuildEvents
        )
        self.engine = engine
        let dictionaries = SharedDictionaries()
        var proofreaders: [Proofreader] = []
        for _ in 0..<configuration.workers {
            let proofreader = Proofreader(
                catalog: catalog, rules: ProofreadingRules.all, suggestionEngine: engine, dictionaries: dictionaries
            )
            if configuration.loadsEverythingAtStart { proofreader.loadAll() }
            proofreaders.append(proofreader)
        }
        for (index, proofreader) in proofreaders.enumerated() {
            let box = ProofreaderBox(proofreader)
            // Weak: a pool let go of right after `shutdown` (a command line with nothing to
            // check) may be gone before a worker first runs, which then has nothing to do; once
            // running, `work` holds the pool until it returns.
            let thread = Thread { [weak self] in self?.work(with: box.take()) }
            thread.name = "supertext-worker-\(index)"
            thread.stackSize = 4 << 20
            threads.append(thread)
        }
        loadedWorkers = proofreaders.count
        for thread in threads { thread.start() }
    }

    /// The languages whose suggestion index is being built (or waits for its turn), with the
    /// share done; their checks get libhunspell's suggestions meanwhile.
    public var indexesInProgress: [String: Double] {
        engine.buildsInProgress
    }

    /// Whether every worker has its dictionaries loaded.
    public var isReady: Bool {
        condition.withLock { loadedWorkers == configuration.workers && !isShuttingDown }
    }

    /// Jobs waiting for a worker.
    public var queuedJobs: Int {
        condition.withLock { jobs.count - jobsHead }
    }

    /// Checks admitted and not yet answered: running, waiting for a worker, or being finished.
    public var checksInProgress: Int {
        condition.withLock { activeChecks }
    }

    /// Workers running a job now.
    public var busyWorkers: Int {
        condition.withLock { busy }
    }

    /// Jobs run to the end, and jobs dropped because their check was cancelled or timed out.
    public var jobCounts: (finished: Int, skipped: Int) {
        condition.withLock { (finishedJobs, skippedJobs) }
    }

    /// Stops the workers once the jobs already queued are done.
    public func shutdown() {
        condition.withLock {
            isShuttingDown = true
            condition.broadcast()
        }
    }

    private func work(with proofreader: Proofreader) {
        var isBusy = false
        while true {
            condition.lock()
            // Counted under the lock taken for the next job anyway.
            if isBusy { busy -= 1 }
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
            busy += 1
            isBusy = true
            condition.unlock()
            job(proofreader)
        }
    }

    /// Queues jobs in the given order, under one lock, so parts start in text order.
    private func enqueue(_ newJobs: [Job]) throws {
        var newJobs = newJobs
        if let jobStarted = configuration.jobStarted {
            let queued = ContinuousClock.now
            newJobs = newJobs.map { job in
                { proofreader in
                    jobStarted(ContinuousClock.now - queued)
                    job(proofreader)
                }
            }
        }
        try condition.withLock {
            if isShuttingDown { throw SuperTextError.shuttingDown }
            jobs.append(contentsOf: newJobs)
            condition.broadcast()
        }
    }

    /// Wraps `body` as a job that is skipped when its check is cancelled or past its deadline,
    /// and counts what it did.
    private func job<T>(flag: CancellationFlag, _ body: @escaping (Proofreader) throws -> T, done: @escaping (Result<T, any Error>) -> Void) -> Job {
        { [unowned self] proofreader in
            if flag.isCancelled || flag.isPastDeadline {
                condition.withLock { skippedJobs += 1 }
                return done(.failure(SuperTextError.cancelled))
            }
            proofreader.userRules = configuration.userRules?.current ?? .empty
            let result = Result { try body(proofreader) }
            condition.withLock {
                if case .failure(let error as SuperTextError) = result, error == .cancelled {
                    skippedJobs += 1
                } else {
                    finishedJobs += 1
                }
            }
            done(result)
        }
    }

    /// Runs `body` on a worker and returns its result, passed through `finish` on the worker
    /// when there is one.
    private func run<T: Sendable>(
        flag: CancellationFlag, _ body: @escaping @Sendable (Proofreader) throws -> T,
        finish: WorkerFinisher<T>? = nil
    ) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                do {
                    try enqueue([job(flag: flag, body) { result in
                        if let finish, case .success(let value) = result {
                            finish(value) { continuation.resume(with: $0) }
                        } else {
                            continuation.resume(with: result)
                        }
                    }])
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            flag.cancel()
        }
    }

    /// Checks a text on the workers; `finish`, when given, has the result first (see
    /// `CheckFinisher`) and decides what is returned.
    /// - Throws: `queueFull` at once when too many checks are waiting; `SuperTextError`s of the
    ///   check; what `finish` answers with.
    /// - Parameter userRules: the users' rules of this check, in place of the pool's (a
    ///   project's rule files, in `supertext check`).
    public func check(_ request: CheckRequest, userRules: UserRules.Snapshot? = nil, finish: CheckFinisher? = nil) async throws -> CheckResult {
        let run = try start(request, userRules: userRules, finish: finish)
        defer { run.cancel() }
        var result: CheckResult?
        for try await progress in run.events {
            if case .loaded(let final) = progress { result = final }
        }
        guard let result else { throw SuperTextError.cancelled }
        return result
    }

    /// Starts checking a text on the workers; its events report each part as it is done, in
    /// order, then the result (the one `finish` answers with, when given). Cancelling the run (or
    /// the task consuming its events) drops the remaining work.
    /// - Throws: `queueFull` at once when `workers + queueLimit` checks are already admitted.
    public func start(_ request: CheckRequest, userRules: UserRules.Snapshot? = nil, finish: CheckFinisher? = nil) throws -> CheckRun {
        try condition.withLock {
            if isShuttingDown { throw SuperTextError.shuttingDown }
            guard activeChecks < configuration.workers + configuration.queueLimit else {
                throw SuperTextError.queueFull
            }
            activeChecks += 1
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: CheckProgress.self)
        let deadline = configuration.timeout.map { ContinuousClock.now + $0 }
        let flag = CancellationFlag(deadline: deadline)
        let timeoutSeconds = configuration.timeout.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0
        let task = Task {
            defer { self.condition.withLock { self.activeChecks -= 1 } }
            do {
                let result = try await self.runCheck(request, userRules: userRules, flag: flag, finish: finish) { continuation.yield($0) }
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
        return CheckRun(events: stream) {
            flag.cancel()
            task.cancel()
        }
    }

    private func runCheck(
        _ request: CheckRequest, userRules: UserRules.Snapshot?, flag: CancellationFlag, finish: CheckFinisher?,
        report: @escaping @Sendable (CheckProgress) -> Void
    ) async throws -> CheckResult {
        let clock = ContinuousClock.now
        let isCancelled: @Sendable () -> Bool = { flag.isCancelled || flag.isPastDeadline }
        let parts = ParagraphSplitter.parts(of: request.text, targetSize: configuration.partSize, format: request.format)
        report(.loading(done: 0, total: parts.count, matches: []))
        if parts.count == 1 {
            // Finished on the worker: a stored check goes back to its caller once, not twice.
            let result = try await run(flag: flag, {
                if let userRules { $0.userRules = userRules }
                return try $0.check(request, choice: nil, isCancelled: isCancelled)
            }, finish: finish)
            report(.loading(done: 1, total: 1, matches: result.matches))
            return result
        }
        // The language is chosen once, from the whole text, so every part agrees.
        let choice = try await run(flag: flag) { try $0.chooseLanguage(for: request) }
        // Parts are queued in text order and reported in order as soon as every part before
        // them is done.
        let (finishedParts, finishedContinuation) = AsyncStream.makeStream(of: (Int, Result<CheckResult, any Error>).self)
        let partJobs = parts.enumerated().map { index, part -> Job in
            var partRequest = request
            partRequest.text = part.text
            return job(flag: flag, {
                if let userRules { $0.userRules = userRules }
                return try $0.check(partRequest, choice: choice, isCancelled: isCancelled)
            }) { result in
                finishedContinuation.yield((index, result.map { $0.shifted(by: part.utf16Offset) }))
            }
        }
        let results: [CheckResult] = try await withTaskCancellationHandler {
            try enqueue(partJobs)
            var finished: [Int: CheckResult] = [:]
            var ordered: [CheckResult] = []
            for await (index, result) in finishedParts {
                switch result {
                case .failure(let error):
                    flag.cancel()
                    throw error
                case .success(let partResult):
                    finished[index] = partResult
                }
                while let ready = finished.removeValue(forKey: ordered.count) {
                    ordered.append(ready)
                    report(.loading(done: ordered.count, total: parts.count, matches: ready.matches))
                }
                if ordered.count == parts.count { break }
            }
            guard ordered.count == parts.count else { throw SuperTextError.cancelled }
            return ordered
        } onCancel: {
            flag.cancel()
            finishedContinuation.finish()
        }
        let matches = results.flatMap(\.matches)
        var result = CheckResult(
            language: choice.report, matches: matches,
            correctedText: CorrectionApplier.apply(matches, to: request.text),
            stats: CheckStats(
                characters: results.reduce(0) { $0 + $1.stats.characters },
                words: results.reduce(0) { $0 + $1.stats.words }, matches: matches.count,
                milliseconds: (ContinuousClock.now - clock).milliseconds
            ),
            sentences: results.flatMap(\.sentences), warnings: choice.warnings
        )
        result.languageRanges = results.flatMap(\.languageRanges)
        guard let finish else { return result }
        return try await withCheckedThrowingContinuation { continuation in
            finish(result) { continuation.resume(with: $0) }
        }
    }
}

/// A check under way: its progress events, and a way to stop it.
public struct CheckRun: Sendable {
    /// Progress of each part, in order, then the result.
    public let events: AsyncThrowingStream<CheckProgress, any Error>
    private let cancelWork: @Sendable () -> Void

    init(events: AsyncThrowingStream<CheckProgress, any Error>, cancel: @escaping @Sendable () -> Void) {
        self.events = events
        self.cancelWork = cancel
    }

    /// Drops the work not yet done; harmless once the check is finished.
    public func cancel() {
        cancelWork()
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
        copy.languageRanges = languageRanges.map { LanguageRange(offset: $0.offset + offset, length: $0.length, code: $0.code) }
        return copy
    }
}
