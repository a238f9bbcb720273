import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SuperTextCore
import SuperTextStore

/// Builds the SuperText application: loads the dictionaries on the worker threads, builds the
/// router and configures where it listens.
/// - Parameters:
///   - configuration: what to listen on and how to bound the work.
///   - logger: the logger for the server and every request.
public func buildApplication(
    configuration: ServerConfiguration, logger: Logger
) async throws -> some ApplicationProtocol {
    // The application's metrics, handed to the store and the pool before they start.
    let metrics = ServerMetrics()
    let database = try await StoreLocation(configuration.databasePath).open(logger: logger, onCommit: metrics.recordCommit)
    logger.info("database \(database.location)\(configuration.historyEnabled ? "" : " (history off)")")
    if !configuration.allowedOrigins.isEmpty {
        logger.info("pages of \(configuration.allowedOrigins.joined(separator: ", ")) may call the API and change data (--allowed-origin)")
    }
    let pool = try makeProofreadingPool(configuration: configuration, logger: logger, metrics: metrics)
    return try await buildApplication(configuration: configuration, pool: pool, database: database, logger: logger, metrics: metrics)
}

/// Finds the dictionaries and starts the workers, each loading every dictionary; `metrics`,
/// when given, records how long jobs wait for a worker.
func makeProofreadingPool(configuration: ServerConfiguration, logger: Logger, metrics: ServerMetrics? = nil) throws -> ProofreadingPool {
    let catalog = DictionaryCatalog(
        searchPath: configuration.dictionaryDirectories + DictionaryCatalog.defaultSearchPath(environment: [:])
    )
    for failure in catalog.failures {
        logger.error("dictionary \(failure.file) not loaded: \(failure.reason)")
    }
    guard !catalog.languages.isEmpty else {
        throw SuperTextError.noDictionaries(searched: catalog.searchPath)
    }
    let start = ContinuousClock.now
    var poolConfiguration = ProofreadingPool.Configuration(
        workers: configuration.workers, queueLimit: configuration.queueLimit,
        timeout: configuration.checkTimeout, partSize: configuration.partSize
    )
    poolConfiguration.jobStarted = metrics?.recordQueueWait
    // The service listens at once: a language whose suggestion index is not cached is served
    // with libhunspell's suggestions while the index is built (minutes for a large dictionary).
    poolConfiguration.buildsIndexesInBackground = true
    poolConfiguration.indexBuildEvents = { event in
        switch event.kind {
        case .started:
            logger.notice("\(event.language): building the suggestion index; until it is ready, suggestions come from libhunspell")
        case .unreadableCache(let path):
            logger.warning("\(event.language): the cached suggestion index \(path) is damaged or out of date; it is rebuilt")
        case .progress(let share):
            logger.info("\(event.language): suggestion index \(Int(share * 100))% built")
        case .finished(let duration):
            logger.notice("\(event.language): suggestion index ready in \(duration.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))")
        }
    }
    if let directory = configuration.rulesDirectory {
        let searchPath = catalog.searchPath
        let rules = try UserRules(directory: directory) {
            Set(GrammarCatalog.allRules(searchPath: searchPath).map(\.id))
        }
        UserRulesWatcher.log(rules.current, directory: directory, logger: logger)
        poolConfiguration.userRules = rules
    }
    let pool = ProofreadingPool(catalog: catalog, configuration: poolConfiguration)
    if let warning = catalog.missingFrequencyListsWarning { logger.warning("\(warning)") }
    // A grammar file that does not parse leaves its language without grammar rules: say which.
    for failure in GrammarCatalog.failures { logger.error("grammar rules not loaded: \(failure)") }
    logger.info(
        "loaded \(catalog.languages.count) languages (\(catalog.languages.map(\.code).joined(separator: ", "))) on \(configuration.workers) workers in \(ContinuousClock.now - start)"
    )
    return pool
}

/// The application over an existing pool; `metrics` are those `/metrics` shows (the pool and
/// the database record into them only when they were made with them).
func buildApplication(
    configuration: ServerConfiguration, pool: ProofreadingPool, database: any DataStore, logger: Logger,
    ownsPool: Bool = true, metrics: ServerMetrics = ServerMetrics()
) async throws -> some ApplicationProtocol {
    // Each change of the storage's state is logged once, however many requests it refuses.
    database.storage.observe { event in
        switch event {
        case .fault(let fault): logger.error("storage: \(fault.code.rawValue): \(fault.message) (\(fault.cause))")
        case .recovered(let fault): logger.notice("storage: works again after \(fault.code.rawValue)")
        case .warning(let text): logger.warning("storage: \(text)")
        case .info(let text): logger.info("storage: \(text)")
        }
    }
    let dictionary = try await PersonalDictionary(database: database)
    let disabledRules = try await DisabledRules(database: database)
    let searchPath = pool.catalog.searchPath
    let teamRules = TeamRules(store: database, serverRules: pool.configuration.userRules, logger: logger) {
        Set(GrammarCatalog.allRules(searchPath: searchPath).map(\.id))
    }
    do { try await teamRules.reload() } catch is StorageFault {}
    // Users, keys or the team's rules changed (here, on another replica or by `supertext
    // users`): the first admin may have taken the data kept without users, and a removed user's
    // goes.
    let keys = try await KeyRing(store: database, logger: logger) {
        Task {
            try? await dictionary.reload()
            try? await disabledRules.reload()
            try? await teamRules.reload()
        }
    }
    if keys.hasUsers {
        logger.info("users: every request needs a user's API key")
    } else if !configuration.isLoopbackOnly, configuration.apiToken == nil {
        logger.warning("""
            !!! SuperText listens on \(configuration.address) WITHOUT an API token or users: anyone who can reach it \
            can read the history and the personal dictionary. Set --api-token or SUPERTEXT_API_TOKEN, or add users \
            (supertext users add NAME --admin). !!!
            """)
    }
    let access = AccessPolicy(
        keys: keys, token: configuration.apiToken, protectChecks: configuration.protectChecks,
        limits: KeyLimits(.init(checksPerMinute: configuration.keyChecksPerMinute, charactersPerDay: configuration.keyCharactersPerDay)),
        failures: FailedKeys(limit: configuration.failedKeysPerMinute))
    let connections = connectionLimiter(configuration: configuration, logger: logger)
    var project: ServerProject?
    if let directory = configuration.projectDirectory {
        project = try ServerProject(directory: directory, logger: logger)
        logger.info("project: \(project!.current.file.path) applies to every check (--project)")
    }
    let router = buildRouter(
        pool: pool, database: database, dictionary: dictionary, disabledRules: disabledRules, access: access,
        teamRules: teamRules, configuration: configuration, logger: logger, metrics: metrics, connections: connections,
        project: project
    )
    let address: BindAddress
    let onServerRunning: @Sendable (any Channel) async -> Void
    let listening = "SuperText \(SuperTextVersion.current) listening on"
    switch configuration.address {
    case .tcp(let host, let port):
        address = .hostname(host, port: port)
        onServerRunning = { channel in
            logger.info("\(listening) \(ServerConfiguration.Address.tcp(host: host, port: channel.localAddress?.port ?? port))")
        }
    case .unixSocket(let path):
        try UnixSocketPath.prepare(path)
        address = .unixDomainSocket(path: path)
        // Created owner-only, then given its mode: no other user can connect in between.
        UnixSocketPath.holdPrivateUmask()
        let mode = configuration.socketMode
        onServerRunning = { _ in
            UnixSocketPath.releasePrivateUmask()
            do {
                try UnixSocketPath.setMode(mode, of: path)
                logger.info("\(listening) unix:\(path) (mode \(ServerConfiguration.octal(mode)))")
            } catch {
                logger.error("\(error); \(listening) unix:\(path) (mode 0600)")
            }
        }
    }
    var app = Application(
        router: router,
        server: httpServer(configuration: configuration, limiter: connections, logger: logger, metrics: metrics),
        configuration: .init(address: address, serverName: "SuperText"),
        onServerRunning: onServerRunning,
        logger: logger
    )
    if ownsPool { app.addServices(ProofreadingPoolService(pool: pool)) }
    app.addServices(KeyRingService(keys: keys))
    if let rules = pool.configuration.userRules { app.addServices(UserRulesWatcher(rules: rules, logger: logger)) }
    return app
}

/// The connection limit (`--max-connections`), lowered to fit the limit on open files.
func connectionLimiter(configuration: ServerConfiguration, logger: Logger) -> ConnectionLimiter {
    let (connections, fileLimit) = FileDescriptorLimit.fit(connections: configuration.maxConnections)
    if connections < configuration.maxConnections {
        logger.warning(
            "the limit on open files (ulimit -n) is \(fileLimit): at most \(connections) connections rather than \(configuration.maxConnections) (--max-connections); raise it to serve more"
        )
    }
    return ConnectionLimiter(limit: connections, logger: logger)
}

/// HTTP/1.1 with the connection limit, the request timeouts and the answers to framing errors
/// (logged, and counted in `metrics`).
func httpServer(configuration: ServerConfiguration, limiter: ConnectionLimiter, logger: Logger, metrics: ServerMetrics) -> HTTPServerBuilder {
    let headerTimeout = TimeAmount(configuration.headerTimeout)
    let bodyTimeout = TimeAmount(configuration.bodyTimeout)
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            RequestTimeoutHandler(headerTimeout: headerTimeout, bodyTimeout: bodyTimeout, logger: logger, metrics: metrics),
            HTTPFramingErrorHandler(logger: logger, metrics: metrics),
        ],
        // Hummingbird's own: closes a connection with no request in progress.
        idleTimeout: TimeAmount(configuration.idleTimeout)
    )
    return HTTPServerBuilder { responder in
        ConnectionLimitedChannel(base: HTTP1Channel(responder: responder, configuration: http1), limiter: limiter)
    }
}

/// The routes, under their middleware.
func buildRouter(
    pool: ProofreadingPool, database: any DataStore, dictionary: PersonalDictionary, disabledRules: DisabledRules,
    access: AccessPolicy, teamRules: TeamRules, configuration: ServerConfiguration, logger: Logger, metrics: ServerMetrics,
    connections: ConnectionLimiter?, project: ServerProject? = nil
) -> Router<AppRequestContext> {
    // HEAD is answered wherever GET is, without the body.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    if let directory = configuration.publicDirectory, !FileManager.default.fileExists(atPath: directory) {
        logger.warning("the web front end directory \(directory) does not exist: the page is not served (--public-dir)")
    }
    router.addMiddleware {
        RequestLogMiddleware()
        HTTPMetricsMiddleware(metrics: metrics)
        HeadResponseMiddleware()
        SecurityHeadersMiddleware()
        // Outside the error middleware: it answers its refusals itself, and sees routes' errors
        // as responses.
        OriginGuardMiddleware(allowedOrigins: configuration.allowedOrigins)
        APIErrorMiddleware(routes: apiRoutes)
        LanguageToolErrorMiddleware(routes: languageToolRoutes)
        if configuration.guardsHost {
            HostGuardMiddleware(allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins)
        }
        if let directory = configuration.publicDirectory, FileManager.default.fileExists(atPath: directory) {
            PublicFilesMiddleware(directory: directory, logger: logger)
        }
    }
    HealthController(pool: pool, database: database).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    let monitoring = router.group()
    if !configuration.metricsPublic {
        monitoring.add(middleware: AccessMiddleware(policy: access, needs: .monitoring))
    }
    MetricsController(metrics: metrics, pool: pool, connections: connections).addRoutes(to: monitoring)
    let api = router.group("api/v1")
    // Who may do what is decided by one policy (`AccessPolicy`), per group of routes.
    func routes(_ needs: AccessPolicy.Need) -> RouterGroup<AppRequestContext> {
        api.group().add(middleware: AccessMiddleware(policy: access, needs: needs))
    }
    LanguagesController(catalog: pool.catalog).addRoutes(to: routes(.anyone))
    let checks = routes(.check)
    let personal = routes(.personal)
    let admin = routes(.admin)
    let users = UsersController(store: database, keys: access.keys)
    users.addAdminRoutes(to: admin)
    users.addOwnRoutes(to: personal)
    let team = DictionaryController(dictionary: dictionary, catalog: pool.catalog, bodyLimit: configuration.bodyLimit, team: true)
    team.addReadRoutes(to: personal.group("team"))
    team.addChangeRoutes(to: admin.group("team"))
    let teamRuleFiles = TeamRulesController(rules: teamRules, bodyLimit: configuration.bodyLimit)
    teamRuleFiles.addReadRoutes(to: personal)
    teamRuleFiles.addChangeRoutes(to: admin)
    let recorder = HistoryRecorder(
        database: database, enabled: configuration.historyEnabled,
        retention: RetentionPolicy(maxAge: configuration.historyMaxAge, maxCount: configuration.historyMaxCount),
        pool: pool, metrics: metrics
    )
    CheckController(
        pool: pool, dictionary: dictionary, disabledRules: disabledRules, history: recorder, bodyLimit: configuration.bodyLimit,
        metrics: metrics, limits: access.limits, teamRules: teamRules, project: project
    ).addRoutes(to: checks)
    HistoryController(database: database).addRoutes(to: personal)
    DictionaryController(dictionary: dictionary, catalog: pool.catalog, bodyLimit: configuration.bodyLimit)
        .addRoutes(to: personal)
    RulesController(disabledRules: disabledRules, catalog: pool.catalog, userRules: { teamRules.current })
        .addRoutes(to: personal)
    InsightsController(database: database).addRoutes(to: personal)

    // LanguageTool's clients cannot easily send a Bearer header, so /v2 also takes the key or
    // token as LanguageTool's own `apiKey` parameter (with `username`), by the same policy.
    let languageTool = router.group("v2")
    LanguageToolInfoController(pool: pool).addRoutes(to: languageTool)
    LanguageToolCheckController(
        pool: pool, dictionary: dictionary, disabledRules: disabledRules, maxTextLength: configuration.bodyLimit,
        access: access, teamRules: teamRules, metrics: metrics, project: project
    ).addRoutes(to: languageTool)
    LanguageToolWordsController(dictionary: dictionary, catalog: pool.catalog, access: access)
        .addRoutes(to: languageTool)
    return router
}

/// Every API route and its methods, so a wrong method gets 405 rather than 404 (`HEAD` goes
/// with `GET`).
let apiRoutes: [(String, [HTTPRequest.Method])] = [
    ("/healthz", [.get]),
    ("/readyz", [.get]),
    ("/openapi.json", [.get]),
    ("/metrics", [.get]),
    ("/api/v1/check", [.post]),
    ("/api/v1/check/stream", [.post]),
    ("/api/v1/languages", [.get]),
    ("/api/v1/history", [.get, .delete]),
    ("/api/v1/history/*", [.get, .delete]),
    ("/api/v1/dictionary", [.get, .post]),
    ("/api/v1/dictionary/export", [.get]),
    ("/api/v1/dictionary/import", [.post]),
    ("/api/v1/dictionary/*", [.delete]),
    ("/api/v1/rules", [.get]),
    ("/api/v1/rules/disabled", [.get]),
    ("/api/v1/rules/disabled/*", [.put, .delete]),
    ("/api/v1/insights", [.get]),
    ("/api/v1/me", [.get]),
    ("/api/v1/users", [.get, .post]),
    ("/api/v1/users/*", [.delete]),
    ("/api/v1/users/*/keys", [.post]),
    ("/api/v1/users/*/keys/*", [.delete]),
    ("/api/v1/team/dictionary", [.get, .post]),
    ("/api/v1/team/dictionary/export", [.get]),
    ("/api/v1/team/dictionary/import", [.post]),
    ("/api/v1/team/dictionary/*", [.delete]),
    ("/api/v1/team/rules", [.get]),
    ("/api/v1/team/rules/*", [.get, .put, .delete]),
]

/// Every route of the LanguageTool-compatible API and its methods, for its own 405s.
let languageToolRoutes: [(String, [HTTPRequest.Method])] = [
    ("/v2/check", [.get, .post]),
    ("/v2/languages", [.get]),
    ("/v2/words", [.get]),
    ("/v2/words/add", [.post]),
    ("/v2/words/delete", [.post]),
    ("/v2/healthcheck", [.get]),
]
