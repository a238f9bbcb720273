import Foundation
import Logging
import SuperTextCore
import SuperTextProject
import Synchronization

/// The project of `serve --project DIR`: its `.supertext.toml` applies to every check the
/// server answers, under the request's own settings, as it does to `supertext check` and the
/// editor's checks. Read at start (a file that does not read stops the start); read again when
/// the file, its word list or its rule files change, keeping the last good version (and saying
/// why in the log) when the new one does not read.
public final class ServerProject: Sendable {
    private struct Loaded: Sendable {
        var context: ProjectContext
        var stamp: [Date?]
        /// The project's rules with the server's own (`--rules`), for the generation of those.
        var rules: (generation: Int, snapshot: UserRules.Snapshot?)?
    }

    private let directory: String
    private let logger: Logger
    private let state: Mutex<Loaded>

    /// - Throws: `ProjectFileError` when the project file or its word list does not read.
    public init(directory: String, logger: Logger) throws(ProjectFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ProjectFileError(file: directory, line: nil, key: nil, reason: "is not a directory (--project)")
        }
        self.directory = directory
        self.logger = logger
        let context = try ProjectContext(for: directory, fallbackRoot: directory)
        state = Mutex(Loaded(context: context, stamp: context.file.modificationStamp))
        for problem in context.rules.problems { logger.error("project rules: \(problem)") }
    }

    /// The project now: read again when one of its files changed since.
    public var current: ProjectContext {
        let known = state.withLock { $0 }
        let stamp = known.context.file.modificationStamp
        guard stamp != known.stamp else { return known.context }
        do {
            let context = try ProjectContext(for: directory, fallbackRoot: directory)
            for problem in context.rules.problems { logger.error("project rules: \(problem)") }
            logger.notice("project: \(context.file.path) read again")
            state.withLock { $0 = Loaded(context: context, stamp: context.file.modificationStamp) }
            return context
        } catch {
            logger.error("project: \(error); its last good version stays in use")
            state.withLock { $0.stamp = stamp }
            return known.context
        }
    }

    /// The rules of a check: the server's (`--rules`) and then the project's; `nil` when there
    /// are none of the project's (the pool then runs the server's as always).
    public func userRules(of context: ProjectContext, with server: UserRules.Snapshot?) -> UserRules.Snapshot? {
        guard !context.rules.rules.isEmpty else { return nil }
        let generation = server?.generation ?? 0
        return state.withLock { loaded in
            if let known = loaded.rules, known.generation == generation { return known.snapshot }
            let snapshot = UserRules.Snapshot(rules: (server?.rules ?? []) + context.rules.rules)
            loaded.rules = (generation, snapshot)
            return snapshot
        }
    }

    /// `request` with the project's words accepted, its rules turned off or on, and its
    /// settings where the request left them out (`given`).
    public func apply(_ context: ProjectContext, to request: inout CheckRequest, given: GivenSettings, catalog: DictionaryCatalog) {
        let settings = context.file.settings
        request.acceptedWords.formUnion(context.words)
        // The project's disabled rules are turned off as the server's are: a request that names
        // one in `enabledRules` still gets it.
        request.rulesTurnedOff.formUnion(settings.disabledRules)
        if !request.enabledOnly { request.enabledRules.formUnion(settings.enabledRules) }
        if !given.language, let language = settings.language { request.language = language }
        if !given.picky, let picky = settings.picky { request.picky = picky }
        if !given.explanationLanguage, let language = settings.explanationLanguage { request.explanationLanguage = language }
        if !given.preferredLanguages, request.language.lowercased() == "auto" {
            let candidates = ProjectContext.candidates(of: settings, among: catalog)
            if !candidates.isEmpty { request.preferredLanguages = candidates }
        }
    }

    /// `next` with the result first stripped of what the project ignores or the text's own
    /// comments turn off, so that history, the answer and the stream's `loaded` agree.
    public func finisher(of context: ProjectContext, _ next: CheckFinisher?, text: String, format: TextFormat) -> CheckFinisher {
        { result, finished in
            let filtered = context.filter(result, text: text, kind: FileKind(format: format))
            if let next { next(filtered, finished) } else { finished(.success(filtered)) }
        }
    }

    /// The matches of a part of a stream that the project keeps; ignores by sentence apply to
    /// the whole result only (`finisher`), as a part's event carries no sentences.
    public func keep(_ matches: [Match], of context: ProjectContext, text: String, format: TextFormat) -> [Match] {
        guard !matches.isEmpty else { return matches }
        let part = CheckResult(
            language: LanguageReport(code: "und", name: "", detected: false, confidence: 0), matches: matches, correctedText: "",
            stats: CheckStats(characters: 0, words: 0, matches: matches.count, milliseconds: 0))
        return context.filter(part, text: text, kind: FileKind(format: format)).matches
    }

    /// Which settings a request gave itself (the project's stand for the others).
    public struct GivenSettings: Sendable {
        public var language = false
        public var picky = false
        public var explanationLanguage = false
        public var preferredLanguages = false

        public init() {}
    }
}
