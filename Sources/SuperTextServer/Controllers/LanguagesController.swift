import Hummingbird
import SuperTextCore

/// `GET /api/v1/languages`: the installed languages.
struct LanguagesController: Sendable {
    let catalog: DictionaryCatalog

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("languages", use: list)
    }

    struct Listing: Encodable {
        struct Language: Encodable {
            let code: String
            let name: String
            let aliases: [String]
        }
        let languages: [Language]
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        try JSONResponse.make(
            Listing(languages: catalog.languages.map { .init(code: $0.code, name: $0.name, aliases: $0.aliases) })
        )
    }
}
