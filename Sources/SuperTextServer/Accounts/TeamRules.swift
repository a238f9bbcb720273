import Foundation
import Hummingbird
import Logging
import SuperTextCore
import SuperTextStore
import Synchronization

/// The team's rule files (`TeamRuleStore`), read into rules when they change, run beside the
/// server's own (`--rules`) in every user's checks. Admins write them over
/// `/api/v1/team/rules`; every server sharing the store reads them again within a second
/// (a change moves the accounts revision, `KeyRing`).
final class TeamRules: Sendable {
    private struct State {
        var files: [(name: String, rules: [PatternRule])] = []
        /// The server's and the team's rules, made once per change of either.
        var merged: UserRules.Snapshot?
        var serverGeneration = -1
    }

    let store: any TeamRuleStore
    /// The server's own rules (`--rules DIR`).
    let serverRules: UserRules?
    /// SuperText's rules' identifiers, which a team rule may not take.
    let reservedIdentifiers: @Sendable () -> Set<String>
    private let state = Mutex(State())
    private let logger: Logger

    init(
        store: any TeamRuleStore, serverRules: UserRules?, logger: Logger,
        reservedIdentifiers: @escaping @Sendable () -> Set<String>
    ) {
        self.store = store
        self.serverRules = serverRules
        self.logger = logger
        self.reservedIdentifiers = reservedIdentifiers
    }

    /// The rules a check runs besides its language's: the server's and the team's; `nil` when
    /// there are neither.
    var current: UserRules.Snapshot? {
        let server = serverRules?.current
        return state.withLock { state in
            guard !state.files.isEmpty else { return server }
            let generation = server?.generation ?? 0
            if let merged = state.merged, state.serverGeneration == generation { return merged }
            let merged = UserRules.Snapshot(rules: (server?.rules ?? []) + state.files.flatMap(\.rules))
            state.merged = merged
            state.serverGeneration = generation
            return merged
        }
    }

    /// The team's files, by name, with how many rules each holds.
    var files: [(name: String, rules: Int)] { state.withLock { $0.files.map { ($0.name, $0.rules.count) } } }

    /// Reads the files from the store again. A stored file that no longer reads (a rule of
    /// SuperText's took its identifier since) is left out and logged.
    func reload() async throws {
        var files: [(name: String, rules: [PatternRule])] = []
        let reserved = reservedIdentifiers()
        for file in try await store.teamRuleFiles() {
            do {
                files.append((file.name, try UserRules.rules(named: file.name, text: file.text, reservedIdentifiers: reserved)))
            } catch {
                logger.error("team rule file \(file.name) not loaded: \(error)")
            }
        }
        state.withLock { state in
            state.files = files
            state.merged = nil
        }
    }

    /// The rules of a file an admin sends, or the error that says where it is wrong: its
    /// identifiers may be neither SuperText's, the server's (`--rules`) nor another team file's.
    func validate(name: String, text: String) throws -> [PatternRule] {
        let others = Set(state.withLock { $0.files.filter { $0.name != name }.flatMap(\.rules).map(\.id) })
        let server = Set(serverRules?.current.rules.map(\.id) ?? [])
        return try UserRules.rules(named: name, text: text, reservedIdentifiers: reservedIdentifiers().union(others).union(server))
    }
}

/// `/api/v1/team/rules`: the team's rule files. Every user lists and reads them; admins write
/// and remove them.
struct TeamRulesController: Sendable {
    let rules: TeamRules
    let bodyLimit: Int

    func addReadRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("team/rules", use: list)
        group.get("team/rules/:name", use: show)
    }

    func addChangeRoutes(to group: RouterGroup<AppRequestContext>) {
        group.put("team/rules/:name", use: put)
        group.delete("team/rules/:name", use: delete)
    }

    struct File: Encodable { let name: String; let rules: Int }
    struct Listing: Encodable { let files: [File] }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(Listing(files: rules.files.map { File(name: $0.name, rules: $0.rules) }))
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        guard let file = try await rules.store.teamRuleFiles().first(where: { $0.name == name }) else {
            throw APIError(.notFound, "The team has no rule file \(name).")
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: file.text)))
    }

    struct Stored: Encodable { let name: String; let rules: Int }

    /// Stores a file whose every rule reads; a file with a mistake is refused whole (400 naming
    /// its line and column), and the team's rules stay as they were.
    @Sendable func put(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        guard request.headers[.contentType].map({ MediaTypeName($0).essence }) == "text/plain" else {
            throw APIError(.unsupportedMediaType, "Send the rule file as text/plain (docs/rules.md).")
        }
        let bytes = try await RequestBody.read(request, limit: min(bodyLimit, UserRules.maximumFileBytes))
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw APIError.badRequest("The rule file is not UTF-8 text.", code: .invalidUTF8)
        }
        let parsed: [PatternRule]
        do {
            parsed = try rules.validate(name: name, text: text)
        } catch let error as PatternRuleFile.FormatError {
            throw APIError.badRequest("\(error)")
        }
        let created = try await rules.store.putTeamRuleFile(name: name, text: text)
        try await rules.reload()
        context.logger.notice("team rule file \(name) \(created ? "added" : "replaced"): \(parsed.count) rules")
        return try JSONResponse.make(Stored(name: name, rules: parsed.count), status: created ? .created : .ok)
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let name = try FormDecoder.pathSegment(context.parameters.get("name") ?? "")
        guard try await rules.store.deleteTeamRuleFile(name: name) else {
            throw APIError(.notFound, "The team has no rule file \(name).")
        }
        try await rules.reload()
        context.logger.notice("team rule file \(name) removed")
        return Response(status: .noContent)
    }
}
