import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `/api/v1/history`: list and search stored checks, read one, delete one or all: the caller's
/// own (another's check is 404, as if it did not exist).
struct HistoryController: Sendable {
    let database: any DataStore

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("history", use: list)
        group.delete("history", use: deleteAll)
        group.get("history/:id", use: show)
        group.delete("history/:id", use: delete)
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let query = try FormDecoder.query(of: request, allowingRepeats: false)
        let limit = try Parameters.integer(query["limit"], name: "limit", range: 1...200) ?? 20
        let before = try Parameters.integer(query["before"], name: "before", range: 1...Int.max)
        let page = try await database.history(
            limit: limit, before: before.map(Int64.init), query: query["q"],
            language: query["language"], owner: context.caller.owner
        )
        return try JSONResponse.make(page)
    }

    struct Detail: Encodable {
        let result: CheckResult
        let createdAt: Date
        let text: String

        enum CodingKeys: String, CodingKey { case createdAt, text }

        func encode(to encoder: any Encoder) throws {
            try result.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(text, forKey: .text)
        }
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Parameters.id(context)
        guard let detail = try await database.check(id: id, owner: context.caller.owner) else { throw Parameters.notFound(id) }
        return try JSONResponse.make(Detail(result: detail.result, createdAt: detail.createdAt, text: detail.text))
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Parameters.id(context)
        guard try await database.deleteCheck(id: id, owner: context.caller.owner) else { throw Parameters.notFound(id) }
        return Response(status: .noContent)
    }

    @Sendable func deleteAll(request: Request, context: AppRequestContext) async throws -> Response {
        try await database.deleteAllChecks(owner: context.caller.owner)
        return Response(status: .noContent)
    }
}

/// Validation of query and path parameters, with 400s that say what is wrong.
enum Parameters {
    /// A whole number in `range`, or `nil` when not given; given empty (`limit=`) or with a sign
    /// (`+5`, which `Int` reads), it is refused like any other value that is not a number.
    static func integer(_ raw: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let raw else { return nil }
        guard raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(raw), range.contains(value) else {
            throw APIError.badRequest("'\(name)' must be a whole number from \(range.lowerBound)\(range.upperBound == Int.max ? " up" : " to \(range.upperBound)"), not '\(raw)'.")
        }
        return value
    }

    static func id(_ context: AppRequestContext) throws -> Int64 {
        let raw = context.parameters.get("id") ?? ""
        guard raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let id = Int64(raw), id > 0 else {
            throw APIError.badRequest("'\(raw)' is not a check id (a positive whole number).")
        }
        return id
    }

    static func notFound(_ id: Int64) -> APIError {
        APIError(.notFound, "No stored check has the id \(id).")
    }
}
