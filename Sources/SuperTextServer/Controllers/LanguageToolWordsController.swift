import Foundation
import Hummingbird
import SuperTextCore
import SuperTextStore

/// `GET /v2/words`, `POST /v2/words/add` and `POST /v2/words/delete`: LanguageTool's word list
/// endpoints over SuperText's personal dictionary (the one of `/api/v1/dictionary`).
///
/// LanguageTool's `dict` names a word list; here it is a language code (`en`, `en-GB`, `fr`) and
/// without it a word counts for every language. With users, `username` and `apiKey` say whose
/// words; without, the API token (when the server has one) is needed as `apiKey=TOKEN` or
/// `Authorization: Bearer TOKEN`.
struct LanguageToolWordsController: Sendable {
    let dictionary: PersonalDictionary
    let catalog: DictionaryCatalog
    let access: AccessPolicy

    /// The most bytes of a request: one word and a few parameters.
    static let requestLimit = 64 * 1024

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("words", use: list)
        group.post("words/add", use: add)
        group.post("words/delete", use: delete)
    }

    struct Listing: Encodable { let words: [String] }

    /// The words, in alphabetical order, a page at a time (`offset`, `limit`, default 10); `dicts`
    /// (or `dict`), a comma-separated list of languages, keeps the words of those languages and of
    /// every language.
    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = try await LanguageToolParameters.read(request, bodyLimit: Self.requestLimit)
        let caller = try parameters.caller(of: request, context: context, policy: access, needs: .personal)
        let offset = try parameters.integer("offset", in: 0...Int.max, default: 0)
        let limit = try parameters.integer("limit", in: 1...10_000, default: 10)
        let languages = try (parameters.list("dicts") + parameters.list("dict")).map(language)
        var seen = Set<String>()
        var words: [String] = []
        for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
            for word in try await dictionary.list(language: language, owner: caller.owner) where seen.insert(word.word).inserted {
                words.append(word.word)
            }
        }
        if languages.count > 1 { words.sort { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending } }
        let page = offset < words.count ? Array(words[offset..<min(words.count, offset + limit)]) : []
        return try JSONResponse.make(Listing(words: page))
    }

    struct Added: Encodable { let added: Bool }

    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let (word, language, caller) = try await wordAndLanguage(of: request, context: context)
        do {
            return try JSONResponse.make(Added(added: try await dictionary.add(word, language: language, owner: caller.owner)))
        } catch let error as StoreError {
            throw LanguageToolError(error)
        }
    }

    struct Deleted: Encodable { let deleted: Bool }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let (word, language, caller) = try await wordAndLanguage(of: request, context: context)
        return try JSONResponse.make(Deleted(deleted: try await dictionary.remove(word, language: language, owner: caller.owner)))
    }

    private func wordAndLanguage(
        of request: Request, context: AppRequestContext
    ) async throws -> (word: String, language: String?, caller: Caller) {
        let parameters = try await LanguageToolParameters.read(request, bodyLimit: Self.requestLimit)
        let caller = try parameters.caller(of: request, context: context, policy: access, needs: .personal)
        guard let word = parameters["word"]?.trimmingCharacters(in: .whitespacesAndNewlines), !word.isEmpty else {
            throw LanguageToolError.badRequest("Missing 'word' parameter.")
        }
        do { try ControlCharacters.validate(word) } catch { throw LanguageToolError(error) }
        let dict = parameters["dict"].flatMap { $0.isEmpty ? nil : $0 }
        return (word, try dict.map(language), caller)
    }

    /// The personal dictionary's language for a `dict`.
    private func language(_ dict: String) throws -> String {
        do {
            return try catalog.personalDictionaryLanguage(for: dict)
        } catch {
            throw LanguageToolError.badRequest(
                "Unknown dict '\(dict)': name a language (\(catalog.languages.map(\.code).joined(separator: ", "))), or leave dict out for every language."
            )
        }
    }
}
