import Hummingbird
import NIOCore
import SuperTextCore

/// `GET /v2/languages` and `GET /v2/healthcheck`, as LanguageTool answers them.
struct LanguageToolInfoController: Sendable {
    let pool: ProofreadingPool

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("languages", use: languages)
        group.get("healthcheck", use: healthcheck)
    }

    struct Language: Encodable, Equatable {
        let name: String
        /// The language alone: `en`.
        let code: String
        /// The language and its variant: `en-US`.
        let longCode: String
    }

    /// Every installed language by name, and each language that has variants on its own too
    /// (`English`, `en`, `en`), which checks its default variant; as LanguageTool lists them.
    @Sendable func languages(request: Request, context: AppRequestContext) async throws -> Response {
        var listing: [Language] = []
        var languagesAlone = Set<String>()
        for language in pool.catalog.languages {
            let primary = language.primaryLanguage
            listing.append(Language(name: language.name, code: primary, longCode: language.code))
            if language.code != primary, !pool.catalog.languages.contains(where: { $0.code == primary }),
               languagesAlone.insert(primary).inserted {
                let name = language.name.split(separator: " (").first.map(String.init) ?? language.name
                listing.append(Language(name: name, code: primary, longCode: primary))
            }
        }
        listing.sort { ($0.name, $0.longCode) < ($1.name, $1.longCode) }
        return try JSONResponse.make(listing)
    }

    /// `OK` once the dictionaries are loaded; 503 before, and while shutting down.
    @Sendable func healthcheck(request: Request, context: AppRequestContext) async throws -> Response {
        guard pool.isReady else {
            throw LanguageToolError(.unavailable, "Not ready: the dictionaries are loading or the server is stopping.")
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "OK"))
        )
    }
}
