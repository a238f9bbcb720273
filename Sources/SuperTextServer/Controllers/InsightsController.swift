import Foundation
import Hummingbird
import SuperTextStore

/// `GET /api/v1/insights`: the most frequent mistakes, the kinds of mistakes, and activity per day.
struct InsightsController: Sendable {
    let database: any DataStore

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("insights", use: show)
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        let query = try FormDecoder.query(of: request, allowingRepeats: false)
        let limit = try Parameters.integer(query["limit"], name: "limit", range: 1...100) ?? 20
        let days = try Parameters.integer(query["days"], name: "days", range: 1...3650) ?? 30
        return try JSONResponse.make(try await database.insights(limit: limit, days: days, now: Date(), owner: context.caller.owner))
    }
}
