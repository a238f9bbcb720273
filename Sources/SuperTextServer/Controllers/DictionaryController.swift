import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `/api/v1/dictionary`: the caller's personal dictionary — list, add, remove, import, export;
/// and, over the same routes under `/api/v1/team`, the team's dictionary (`Owner.team`), which
/// every user's checks accept, that every user reads and admins change.
struct DictionaryController: Sendable {
    let dictionary: PersonalDictionary
    let catalog: DictionaryCatalog
    let bodyLimit: Int
    /// Whose dictionary: the caller's own, or the team's.
    var team = false

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        addReadRoutes(to: group)
        addChangeRoutes(to: group)
    }

    func addReadRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("dictionary", use: list)
        group.get("dictionary/export", use: export)
    }

    func addChangeRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("dictionary", use: add)
        group.post("dictionary/import", use: importWords)
        group.delete("dictionary/:word", use: remove)
    }

    private func owner(_ context: AppRequestContext) -> Owner { team ? .team : context.caller.owner }

    struct Listing: Encodable { let words: [PersonalWord] }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let language = try languageParameter(request)
        return try JSONResponse.make(Listing(words: try await dictionary.list(language: language, owner: owner(context))))
    }

    struct AddBody: Decodable { let word: String?; let language: String? }
    struct Added: Encodable { let word: String; let language: String?; let added: Bool }

    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await RequestBody.read(request, limit: 64 * 1024)
        let media = request.headers[.contentType].map { MediaTypeName($0).essence }
        var word: String?
        var language: String?
        if media == "application/x-www-form-urlencoded" {
            let fields = try FormDecoder.decode(body, allowingRepeats: false)
            word = fields["word"]; language = fields["language"]
        } else if media == "application/json" {
            let decoded = try JSONBody.decode(AddBody.self, from: body)
            word = decoded.word; language = decoded.language
        } else {
            throw APIError(.unsupportedMediaType, "Send JSON {\"word\": \"...\", \"language\": \"en-US\"}.")
        }
        guard let word, !word.isEmpty else { throw APIError.badRequest("The field 'word' is required.", code: .missingWord) }
        do { try ControlCharacters.validate(word) } catch { throw APIError(error) }
        let code = try resolve(language)
        do {
            let added = try await dictionary.add(word, language: code, owner: owner(context))
            return try JSONResponse.make(Added(word: word, language: code, added: added), status: added ? .created : .ok)
        } catch let error as StoreError {
            throw APIError(error)
        }
    }

    @Sendable func remove(request: Request, context: AppRequestContext) async throws -> Response {
        // Strictly, as forms and queries are: a broken escape is a 400, not the empty word.
        let word = try FormDecoder.pathSegment(context.parameters.get("word") ?? "")
        let language = try languageParameter(request)
        guard try await dictionary.remove(word, language: language, owner: owner(context)) else {
            throw APIError(.notFound, "'\(word)' is not in the personal dictionary\(language.map { " for \($0)" } ?? "").")
        }
        return Response(status: .noContent)
    }

    @Sendable func export(request: Request, context: AppRequestContext) async throws -> Response {
        let language = try languageParameter(request)
        let words = try await dictionary.list(language: language, owner: owner(context)).map(\.word)
        let text = words.isEmpty ? "" : Array(Set(words)).sorted().joined(separator: "\n") + "\n"
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; charset=utf-8", .contentDisposition: "attachment; filename=\"supertext-dictionary.txt\""],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    struct Imported: Encodable { let added: Int }

    @Sendable func importWords(request: Request, context: AppRequestContext) async throws -> Response {
        guard request.headers[.contentType].map({ MediaTypeName($0).essence }) == "text/plain" else {
            throw APIError(.unsupportedMediaType, "Send the word list as text/plain, one word a line.")
        }
        let bytes = try await RequestBody.read(request, limit: bodyLimit)
        let language = try languageParameter(request)
        let list = String(decoding: bytes, as: UTF8.self)
        do { try ControlCharacters.validate(list) } catch { throw APIError(error) }
        let lines = list.components(separatedBy: .newlines)
        do {
            return try JSONResponse.make(Imported(added: try await dictionary.importWords(lines, language: language, owner: owner(context))))
        } catch let error as StoreError {
            throw APIError(error)
        }
    }

    private func languageParameter(_ request: Request) throws -> String? {
        try resolve(FormDecoder.query(of: request, allowingRepeats: false)["language"])
    }

    /// A language given for a word is stored as its BCP 47 form; a bare language (`en`) stays
    /// bare and covers every variant.
    private func resolve(_ raw: String?) throws -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        do {
            return try catalog.personalDictionaryLanguage(for: raw)
        } catch {
            throw APIError(error)
        }
    }
}
