import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `GET /healthz` (the process answers) and `GET /readyz` (dictionaries are loaded and the
/// database can be used; languages whose suggestion index is still being built are listed under
/// `loading` with their progress, and are checked meanwhile with libhunspell's suggestions;
/// dictionaries that could not be loaded under `dictionaryProblems`, by file name; the
/// users' own rules, with every file that does not read, under `rules`).
///
/// Neither touches the worker threads nor the database (the storage's state is kept in memory
/// by `StorageHealth`), so both answer fast while checks queue or the disk is full.
struct HealthController: Sendable {
    let pool: ProofreadingPool
    let database: any DataStore

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz", use: health)
        router.get("readyz", use: ready)
    }

    struct Status: Encodable {
        let status: String
        var languages: [String]? = nil
        /// Languages whose suggestion index is being built, with the share done (0-1): checked
        /// already, with libhunspell's suggestions.
        var loading: [Loading]? = nil
        /// Dictionaries found but not loaded, by file name: the other languages serve.
        var dictionaryProblems: [DictionaryProblem]? = nil
        var queuedChecks: Int? = nil
        var storage: Storage? = nil
        /// The users' own rules (`--rules`), when the service has a directory of them.
        var rules: Rules? = nil
    }

    /// The users' rules in use, and the files that do not read (their last good rules are in use).
    struct Rules: Encodable {
        let rules: Int
        let files: Int
        let problems: [Problem]
    }

    struct Problem: Encodable {
        let file: String
        let line: Int
        let column: Int
        let message: String
    }

    struct DictionaryProblem: Encodable {
        let file: String
        let reason: String
    }

    struct Loading: Encodable {
        let language: String
        let progress: Double
    }

    /// The database's state: `ok`, or the fault that keeps the service from storing (its code
    /// and what to do), since when.
    struct Storage: Encodable {
        let status: String
        var code: String? = nil
        var message: String? = nil
        var since: Date? = nil
    }

    @Sendable func health(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(Status(status: "ok"))
    }

    /// Not ready while the storage is in a lasting fault, even with history off: the personal
    /// dictionary is stored there too. Checks that store nothing still answer meanwhile.
    @Sendable func ready(request: Request, context: AppRequestContext) async throws -> Response {
        let languages = pool.catalog.languages.map(\.code)
        let fault = database.storageFault
        let storage = fault.map { Storage(status: $0.kind.rawValue, code: $0.code.rawValue, message: $0.message, since: database.storage.faultSince) }
            ?? Storage(status: "ok")
        let ready = pool.isReady && !languages.isEmpty && fault == nil
        let loading = pool.indexesInProgress.sorted { $0.key < $1.key }.map {
            Loading(language: $0.key, progress: (($0.value * 1000).rounded()) / 1000)
        }
        let rules = pool.configuration.userRules.map(\.current).map { snapshot in
            Rules(
                rules: snapshot.rules.count, files: snapshot.files.count,
                problems: snapshot.problems.map { Problem(file: $0.file, line: $0.line, column: $0.column, message: $0.reason) }
            )
        }
        return try JSONResponse.make(
            Status(
                status: ready ? "ready" : "not ready", languages: languages, loading: loading,
                dictionaryProblems: pool.catalog.failures.map { DictionaryProblem(file: $0.file, reason: $0.reason) },
                queuedChecks: pool.queuedJobs, storage: storage, rules: rules
            ),
            status: ready ? .ok : .serviceUnavailable
        )
    }
}
