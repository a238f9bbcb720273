import CoreMetrics
import Metrics
import NIOCore
import Prometheus
import Synchronization
import SuperTextCore
import SuperTextSQLite
import SuperTextStore

/// Every series of `GET /metrics`, recorded through swift-metrics into a Prometheus registry of
/// this application's own, and written in Prometheus's text format.
///
/// Each application owns its registry rather than bootstrapping swift-metrics' process-wide
/// `MetricsSystem`: that can be set once per process, so two applications in one process (the
/// tests) would share, and mix, their numbers. The series:
///
/// | series | labels | what |
/// |---|---|---|
/// | `supertext_http_requests_total` | `method`, `route`, `status` | answers given |
/// | `supertext_http_request_duration_seconds` | `method`, `route`, `status` | histogram: from the request's head to its answer ready, or to the last byte of a streamed answer |
/// | `supertext_checks_total` | `api` (`v1`, `v2`), `language` | checks done |
/// | `supertext_words_checked_total` | `language` | words in those checks |
/// | `supertext_matches_total` | `category`, `language` | matches found, by the language each was checked in |
/// | `supertext_check_queue_depth` | | jobs (checks, or parts of long ones) waiting for a worker |
/// | `supertext_check_queue_wait_seconds` | | histogram: how long each job waited for a worker |
/// | `supertext_checks_in_progress` | | checks admitted and not yet answered (at most workers + queue limit) |
/// | `supertext_workers`, `supertext_workers_busy` | | worker threads, and those running a job |
/// | `supertext_store_commit_seconds` | | histogram: each transaction saving checks, from waiting for the write lock to its commit |
/// | `supertext_store_commit_checks` | | histogram: checks saved per transaction (group commit) |
/// | `supertext_store_commit_failures_total` | | transactions saving checks that failed (their checks are answered with an error) |
/// | `supertext_store_save_seconds` | | histogram: each stored check, from its save to its commit |
/// | `supertext_open_connections`, `supertext_connection_limit` | | connections served now, and `--max-connections` |
/// | `supertext_build_info` | `version` | 1 |
///
/// A route is the route's pattern (`/api/v1/history/{id}`), never the path asked for, so the
/// series stay few whatever clients ask: `static` for the page's files, `unmatched` for answers
/// given without a route (unknown paths, wrong methods, refusals before routing).
/// The gauges are read from the pool and the connection limiter when `/metrics` is asked for
/// (`sample`), so counting them costs the requests nothing.
final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes.
    let registry: PrometheusCollectorRegistry
    /// swift-metrics' factory over `registry`, with the histograms' buckets.
    let factory: PrometheusMetricsFactory

    private struct RequestKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    private struct LanguageKey: Hashable {
        let first: String
        let language: String
    }

    private struct RequestMetrics: Sendable {
        let count: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }

    private let requests: LabelledMetrics<RequestKey, RequestMetrics>
    private let checks: LabelledMetrics<LanguageKey, CoreMetrics.Counter>
    private let words: LabelledMetrics<String, CoreMetrics.Counter>
    private let matches: LabelledMetrics<LanguageKey, CoreMetrics.Counter>
    private let queueWait: CoreMetrics.Timer
    private let commitDuration: CoreMetrics.Timer
    private let commitSize: Recorder
    private let commitFailures: CoreMetrics.Counter
    private let saveDuration: CoreMetrics.Timer
    private let queueDepth: CoreMetrics.Gauge
    private let checksInProgress: CoreMetrics.Gauge
    private let workers: CoreMetrics.Gauge
    private let busyWorkers: CoreMetrics.Gauge
    private let openConnections: CoreMetrics.Gauge
    private let connectionLimit: CoreMetrics.Gauge

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.requestBuckets
        factory.durationHistogramBuckets = [
            "supertext_check_queue_wait_seconds": Self.shortBuckets,
            "supertext_store_commit_seconds": Self.shortBuckets,
            "supertext_store_save_seconds": Self.shortBuckets,
        ]
        factory.valueHistogramBuckets = ["supertext_store_commit_checks": [1, 2, 4, 8, 16, 32, 64, 128, 256]]
        self.factory = factory
        let made = factory
        requests = LabelledMetrics { key in
            let labels = [("method", key.method), ("route", key.route), ("status", String(key.status))]
            return RequestMetrics(
                count: CoreMetrics.Counter(label: "supertext_http_requests_total", dimensions: labels, factory: made),
                duration: CoreMetrics.Timer(label: "supertext_http_request_duration_seconds", dimensions: labels, factory: made)
            )
        }
        checks = LabelledMetrics { key in
            CoreMetrics.Counter(label: "supertext_checks_total", dimensions: [("api", key.first), ("language", key.language)], factory: made)
        }
        words = LabelledMetrics { language in
            CoreMetrics.Counter(label: "supertext_words_checked_total", dimensions: [("language", language)], factory: made)
        }
        matches = LabelledMetrics { key in
            CoreMetrics.Counter(label: "supertext_matches_total", dimensions: [("category", key.first), ("language", key.language)], factory: made)
        }
        queueWait = CoreMetrics.Timer(label: "supertext_check_queue_wait_seconds", factory: factory)
        commitDuration = CoreMetrics.Timer(label: "supertext_store_commit_seconds", factory: factory)
        commitSize = Recorder(label: "supertext_store_commit_checks", factory: factory)
        commitFailures = CoreMetrics.Counter(label: "supertext_store_commit_failures_total", factory: factory)
        saveDuration = CoreMetrics.Timer(label: "supertext_store_save_seconds", factory: factory)
        queueDepth = CoreMetrics.Gauge(label: "supertext_check_queue_depth", factory: factory)
        checksInProgress = CoreMetrics.Gauge(label: "supertext_checks_in_progress", factory: factory)
        workers = CoreMetrics.Gauge(label: "supertext_workers", factory: factory)
        busyWorkers = CoreMetrics.Gauge(label: "supertext_workers_busy", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "supertext_open_connections", factory: factory)
        connectionLimit = CoreMetrics.Gauge(label: "supertext_connection_limit", factory: factory)
        CoreMetrics.Gauge(label: "supertext_build_info", dimensions: [("version", SuperTextVersion.current)], factory: factory).record(1)
    }

    /// Requests: from a millisecond (a health probe) to half a minute (a check at its time limit).
    static let requestBuckets: [Duration] = [
        .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        .seconds(10), .seconds(30),
    ]

    /// Waits and commits: from a tenth of a millisecond (a lone commit in the page cache) to a second.
    static let shortBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1),
    ]

    /// An answer given: its method, its route's pattern, its status, and how long it took.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let metrics = requests[RequestKey(method: method, route: route, status: status)]
        metrics.count.increment()
        metrics.duration.record(duration: duration)
    }

    /// Which API a check came through.
    enum API: String {
        case v1, v2
    }

    /// A check done: its words and its matches, by language and category.
    func recordCheck(_ result: CheckResult, api: API) {
        let language = result.language.code
        checks[LanguageKey(first: api.rawValue, language: language)].increment()
        words[language].increment(by: result.stats.words)
        // A match counts in the language it was checked in (a French sentence of an English text).
        var perCategory: [LanguageKey: Int] = [:]
        for match in result.matches {
            perCategory[LanguageKey(first: match.category.rawValue, language: match.language ?? language), default: 0] += 1
        }
        for (key, count) in perCategory {
            matches[key].increment(by: count)
        }
    }

    /// For `ProofreadingPool.Configuration.jobStarted`: a job waited `duration` for a worker.
    func recordQueueWait(_ duration: Duration) {
        queueWait.record(duration: duration)
    }

    /// For `AppDatabase.open(path:onCommit:)`: a transaction saving `checks` checks
    /// committed, or failed.
    func recordCommit(checks: Int, duration: Duration, committed: Bool) {
        guard committed else { return commitFailures.increment() }
        commitDuration.record(duration: duration)
        commitSize.record(checks)
    }

    /// A stored check was committed `duration` after its save began.
    func recordSave(_ duration: Duration) {
        saveDuration.record(duration: duration)
    }

    /// Reads the gauges from the pool and the connection limiter.
    func sample(pool: ProofreadingPool, connections: ConnectionLimiter?) {
        queueDepth.record(pool.queuedJobs)
        checksInProgress.record(pool.checksInProgress)
        workers.record(pool.configuration.workers)
        busyWorkers.record(pool.busyWorkers)
        if let connections {
            openConnections.record(connections.openConnections)
            connectionLimit.record(connections.limit)
        }
    }

    /// Every series in Prometheus's text format (version 0.0.4).
    func exposition() -> ByteBuffer {
        ByteBuffer(bytes: registry.emitToBuffer())
    }
}

/// Metrics of one name, one per set of label values, made once and kept: asking the registry
/// for a labelled metric validates its name and labels each time.
final class LabelledMetrics<Key: Hashable & Sendable, Metric: Sendable>: Sendable {
    private let make: @Sendable (Key) -> Metric
    private let made = Mutex<[Key: Metric]>([:])

    init(_ make: @escaping @Sendable (Key) -> Metric) {
        self.make = make
    }

    subscript(key: Key) -> Metric {
        made.withLock { made in
            if let metric = made[key] { return metric }
            let metric = make(key)
            made[key] = metric
            return metric
        }
    }
}
