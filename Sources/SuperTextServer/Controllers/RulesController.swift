import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `/api/v1/rules`: the rules a check can run, and the rules turned off — list, turn off, turn
/// back on. A rule turned off is not reported by `/api/v1/check`, its stream or `/v2/check`
/// unless a request names it in `enabledRules`.
struct RulesController: Sendable {
    let disabledRules: DisabledRules
    let catalog: DictionaryCatalog
    /// The users' own rules (`--rules`, and the team's), listed after SuperText's.
    var userRules: @Sendable () -> UserRules.Snapshot? = { nil }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("rules", use: rules)
        group.get("rules/disabled", use: list)
        group.put("rules/disabled/:rule", use: disable)
        group.delete("rules/disabled/:rule", use: enable)
    }

    /// The installed rules: spelling first, then every language's.
    private var table: LanguageToolRules.Table {
        LanguageToolRules.table(searchPath: catalog.searchPath, userRules: userRules())
    }

    struct Rule: Encodable {
        let id: String
        let category: MatchCategory
        let description: String
        let picky: Bool
        let disabled: Bool
        /// One of the users' own rules (`--rules`).
        let user: Bool
        /// A sentence the rule corrects, its correction and its language (none for spelling).
        let example: Example?
    }

    struct Example: Encodable {
        let text: String
        let correction: String
        let language: String
    }

    struct Rules: Encodable { let rules: [Rule] }

    /// Every installed rule, and whether it is turned off.
    @Sendable func rules(request: Request, context: AppRequestContext) async throws -> Response {
        let off = disabledRules.snapshot(for: context.caller.owner)
        return try JSONResponse.make(Rules(rules: table.all.map {
            Rule(
                id: $0.id, category: $0.category, description: $0.description, picky: $0.isPicky,
                disabled: off.contains($0.id), user: $0.isUser,
                example: $0.example.flatMap { example in
                    example.correction.map { Example(text: example.text, correction: $0, language: example.language) }
                }
            )
        }))
    }

    /// A rule turned off, with what the installed rules say of it (nothing for a rule no longer
    /// installed, which can still be turned back on).
    struct Entry: Encodable {
        let id: String
        let category: MatchCategory?
        let description: String?
        let disabledAt: Date

        enum CodingKeys: String, CodingKey { case id, category, description, disabledAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(category, forKey: .category)  // null: not installed
            try container.encode(description, forKey: .description)
            try container.encode(disabledAt, forKey: .disabledAt)
        }
    }

    struct Listing: Encodable { let rules: [Entry] }

    private func entry(_ rule: DisabledRule) -> Entry {
        let installed = table.byID[rule.id]
        return Entry(id: rule.id, category: installed?.category, description: installed?.description, disabledAt: rule.disabledAt)
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(Listing(rules: try await disabledRules.list(owner: context.caller.owner).map(entry)))
    }

    /// Turns a rule off: 201 when it was on, 200 when it was off already.
    @Sendable func disable(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try installedRule(context)
        do {
            let added = try await disabledRules.disable(id, owner: context.caller.owner)
            let stored = try await disabledRules.list(owner: context.caller.owner).first { $0.id == id } ?? DisabledRule(id: id, disabledAt: Date())
            return try JSONResponse.make(entry(stored), status: added ? .created : .ok)
        } catch let error as StoreError {
            throw APIError(error)
        }
    }

    /// Turns a rule back on: 204, or 404 when it was not off. A rule no longer installed can
    /// be turned back on too.
    @Sendable func enable(request: Request, context: AppRequestContext) async throws -> Response {
        let raw = try FormDecoder.pathSegment(context.parameters.get("rule") ?? "")
        let id = canonical(raw)
        guard try await disabledRules.enable(id, owner: context.caller.owner) else {
            throw APIError(.notFound, "The rule \(id) is not turned off.")
        }
        return Response(status: .noContent)
    }

    /// The rule a path names, in capitals, LanguageTool's names (`WHITESPACE_RULE`) standing for
    /// SuperText's (`DOUBLE_SPACE`).
    private func canonical(_ raw: String) -> String {
        let upper = raw.trimmingCharacters(in: .whitespaces).uppercased()
        return LanguageToolRules.languageToolAliases[upper] ?? upper
    }

    /// The installed rule a path names.
    /// - Throws: 404 `unknown_rule` when no installed rule has the identifier; 400 for spelling,
    ///   which the personal dictionary tunes instead.
    private func installedRule(_ context: AppRequestContext) throws -> String {
        let raw = try FormDecoder.pathSegment(context.parameters.get("rule") ?? "")
        do { try ControlCharacters.validate(raw) } catch { throw APIError(error) }
        let id = canonical(raw)
        if id == ProofreadingRules.spellingRuleID {
            throw APIError.badRequest(
                "Spelling cannot be turned off for good: add words to the personal dictionary (/api/v1/dictionary), or send disabledRules: [\"SPELLING\"] with a check.")
        }
        guard table.byID[id] != nil else {
            let shown = id.count > 100 ? String(id.prefix(100)) + "…" : id
            throw APIError(.unknownRule, "No installed rule is called '\(shown)': GET /api/v1/rules lists them.")
        }
        return id
    }
}
