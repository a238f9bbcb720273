import Foundation
import Hummingbird
import Logging
import NIOCore
import SuperTextCore
import SuperTextProject
import SuperTextStore

/// `POST /api/v1/check` and `POST /api/v1/check/stream`: check a text, at once or as
/// Server-Sent Events (`loading`, `loaded`, `error`).
struct CheckController: Sendable {
    let pool: ProofreadingPool
    let dictionary: PersonalDictionary
    let disabledRules: DisabledRules
    let history: HistoryRecorder
    let bodyLimit: Int
    /// Where checks, words and matches are counted.
    let metrics: ServerMetrics
    /// What each key may check.
    let limits: KeyLimits
    /// The server's rules (`--rules`) and the team's, which every check runs.
    let teamRules: TeamRules
    /// The project of `--project`, applied to every check.
    var project: ServerProject?

    /// The check request with the personal dictionary, the rules turned off and the project
    /// applied, and the project as it is for this check (read once).
    private func parse(_ request: Request, caller: Caller) async throws -> (CheckInput, ProjectContext?) {
        var input = try await CheckInput.parse(request, bodyLimit: bodyLimit)
        try limits.admit(caller, characters: input.request.text.count)
        input.request.personalDictionary = dictionary.snapshot(for: caller.owner)
        input.request.rulesTurnedOff = disabledRules.snapshot(for: caller.owner)
        if !input.preferredVariants.isEmpty {
            guard input.request.language.lowercased() == "auto" else {
                throw APIError.badRequest("'preferredVariants' applies to 'language': 'auto' only.")
            }
            input.request.preferredLanguages = pool.catalog.detectionCandidates(
                languages: input.request.preferredLanguages, variants: input.preferredVariants)
            input.given.preferredLanguages = true
        }
        let context = project?.current
        if let project, let context { project.apply(context, to: &input.request, given: input.given, catalog: pool.catalog) }
        return (input, context)
    }

    /// `finish` with the project's ignores applied first.
    private func finisher(_ finish: CheckFinisher?, for request: CheckRequest, in context: ProjectContext?) -> CheckFinisher? {
        guard let project, let context else { return finish }
        return project.finisher(of: context, finish, text: request.text, format: request.format)
    }

    /// The project's rules with the server's and the team's, for one check.
    private func userRules(in context: ProjectContext?) -> UserRules.Snapshot? {
        let shared = teamRules.current
        return context.flatMap { project?.userRules(of: $0, with: shared) } ?? shared
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("check", use: check)
        group.post("check/stream", use: stream)
    }

    /// Answers JSON, or Server-Sent Events when the client accepts `text/event-stream`.
    @Sendable func check(request: Request, context: AppRequestContext) async throws -> Response {
        if request.headers[.accept]?.contains("text/event-stream") == true {
            return try await stream(request: request, context: context)
        }
        let (input, projectContext) = try await parse(request, caller: context.caller)
        do {
            let finish = finisher(
                try history.finisher(text: input.request.text, requested: input.store, owner: context.caller.owner),
                for: input.request, in: projectContext)
            let result = try await pool.check(input.request, userRules: userRules(in: projectContext), finish: finish)
            metrics.recordCheck(result, api: .v1)
            return JSONResponse.make(result)
        } catch {
            throw APIError(error)
        }
    }

    /// Streams the check as Server-Sent Events. Bad input is still answered with a plain JSON
    /// error and its status, before the stream starts; what fails later is an `error` event.
    @Sendable func stream(request: Request, context: AppRequestContext) async throws -> Response {
        let (input, projectContext) = try await parse(request, caller: context.caller)
        try validateLanguage(of: input.request)
        let run: CheckRun
        do {
            run = try pool.start(
                input.request, userRules: userRules(in: projectContext),
                finish: finisher(
                    history.finisher(text: input.request.text, requested: input.store, owner: context.caller.owner),
                    for: input.request, in: projectContext))
        } catch {
            throw APIError(error)
        }
        let logger = context.logger, metrics = metrics, project = project
        let text = input.request.text, format = input.request.format
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache", .init("X-Accel-Buffering")!: "no"],
            body: ResponseBody { writer in
                // However the stream ends (done, failed, client gone), the remaining work stops.
                defer { run.cancel() }
                do {
                    for try await progress in run.events {
                        switch progress {
                        case .loading(let done, let total, var matches):
                            if let project, let projectContext {
                                matches = project.keep(matches, of: projectContext, text: text, format: format)
                            }
                            let event = LoadingEvent(done: done, total: total, matches: matches)
                            try await ServerSentEvent.send(ServerSentEvent.buffer(name: "loading", data: event.json), to: &writer)
                        case .loaded(let result):
                            metrics.recordCheck(result, api: .v1)
                            try await ServerSentEvent.send(ServerSentEvent.buffer(name: "loaded", data: CheckResultJSON.encode(result)), to: &writer)
                        }
                    }
                } catch let error as ServerSentEvent.ClientGone {
                    // The client went away; `defer` stops the remaining work.
                    logger.info("stream ended early: \(error.underlying)")
                    return
                } catch {
                    let apiError = APIError(error)
                    if apiError.code == .cancelled {
                        logger.info("stream cancelled")
                    } else {
                        let data = try JSONCoding.encoder().encode(apiError.jsonObject)
                        try? await writer.write(ServerSentEvent.buffer(name: "error", data: data))
                    }
                }
                try await writer.finish(nil)
            }
        )
    }

    /// Rejects an unknown language before a stream starts, so it gets its 422.
    private func validateLanguage(of request: CheckRequest) throws {
        let language = request.language.trimmingCharacters(in: .whitespaces)
        do {
            if !language.isEmpty, language.lowercased() != "auto" {
                if !request.preferredLanguages.isEmpty { throw SuperTextError.preferredLanguagesWithoutAuto() }
                _ = try pool.catalog.resolve(language)
            }
            for preferred in request.preferredLanguages { _ = try pool.catalog.resolve(preferred) }
        } catch {
            throw APIError(error)
        }
    }

    struct LoadingEvent: Encodable {
        let done: Int
        let total: Int
        let matches: [Match]

        /// The bytes `JSONCoding.encoder()` writes for this event (keys sorted), the matches
        /// written by `CheckResultJSON`.
        var json: [UInt8] {
            var bytes = Array("{\"done\":\(done),\"matches\":".utf8)
            bytes += CheckResultJSON.encode(matches, escapingSlashes: false)
            bytes += Array(",\"total\":\(total)}".utf8)
            return bytes
        }
    }
}

/// The wire format of Server-Sent Events.
enum ServerSentEvent {
    /// Writing to the client failed: it went away.
    struct ClientGone: Error { let underlying: any Error }

    static func send(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async throws {
        do {
            try await writer.write(buffer)
        } catch {
            throw ClientGone(underlying: error)
        }
    }

    static func buffer(name: String, data: some Sequence<UInt8>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("event: \(name)\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        return buffer
    }
}
