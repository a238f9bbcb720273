import Foundation
import Hummingbird
import NIOCore
import SuperTextCore

/// A check request as it arrives over HTTP, in any of the accepted body types.
struct CheckInput: Sendable {
    var request: CheckRequest
    /// Whether the caller wants the check kept in history (`"store": false` opts out).
    var store: Bool
    /// The settings the caller gave (a project's stand for the others: `serve --project`).
    var given = ServerProject.GivenSettings()
    /// With `auto`: the variant each detected language is checked in (`en-GB`), made into the
    /// request's candidates by the controller, which knows the installed languages.
    var preferredVariants: [String] = []

    /// The body and options of a check request:
    /// - `application/json`: `{"text": "...", "language": "auto", "format": "plain", ...}`;
    /// - `text/plain`: the text;
    /// - `application/x-www-form-urlencoded`: fields `text`, `language`, ...
    ///
    /// Options may also be query parameters, for every body type; the body's own win.
    static func parse(_ request: Request, bodyLimit: Int) async throws -> CheckInput {
        let mediaType = request.headers[.contentType].map { MediaTypeName($0) }
        let bytes = try await RequestBody.read(request, limit: bodyLimit)
        let query = try FormDecoder.query(of: request, allowingRepeats: false)
        let input: CheckInput
        switch mediaType?.essence {
        case "application/json":
            input = try fromJSON(bytes, query: query)
        case "text/plain":
            var options = query
            options["text"] = String(decoding: bytes, as: UTF8.self)
            input = try fromFields(options)
        case "application/x-www-form-urlencoded":
            var fields = try FormDecoder.decode(bytes, allowingRepeats: false)
            for (key, value) in query where fields[key] == nil { fields[key] = value }
            input = try fromFields(fields)
        case nil:
            throw APIError(
                .unsupportedMediaType,
                "Missing Content-Type: send application/json, text/plain or application/x-www-form-urlencoded."
            )
        case let other?:
            throw APIError(
                .unsupportedMediaType,
                "Unsupported Content-Type '\(other)': send application/json, text/plain or application/x-www-form-urlencoded."
            )
        }
        do { try ControlCharacters.validate(input.request.text) } catch { throw APIError(error) }
        return input
    }

    private struct CheckBody: Decodable {
        var text: String?
        var language: String?
        var preferredLanguages: [String]?
        var preferredVariants: [String]?
        var format: String?
        var explanationLanguage: String?
        var disabledRules: [String]?
        var enabledRules: [String]?
        var enabledOnly: Bool?
        var picky: Bool?
        var mixedLanguages: Bool?
        var store: Bool?
    }

    /// A JSON body; query parameters stand for the fields it leaves out, as they do for the
    /// other body types (and a bad one is refused alike).
    private static func fromJSON(_ bytes: [UInt8], query: [String: String]) throws -> CheckInput {
        let body = try JSONBody.decode(CheckBody.self, from: bytes)
        guard let text = body.text else {
            throw APIError.badRequest("The field 'text' is required.", code: .missingText)
        }
        var fields = query
        fields["text"] = text
        var input = try fromFields(fields)
        if let language = body.language {
            input.request.language = language
            input.given.language = true
        }
        if let preferred = body.preferredLanguages {
            input.request.preferredLanguages = preferred
            input.given.preferredLanguages = true
        }
        if let variants = body.preferredVariants { input.preferredVariants = variants }
        if let raw = body.format { input.request.format = try format(raw) }
        if let raw = body.explanationLanguage {
            input.request.explanationLanguage = try explanationLanguage(raw)
            input.given.explanationLanguage = true
        }
        if let rules = body.disabledRules { input.request.disabledRules = Set(rules) }
        if let rules = body.enabledRules { input.request.enabledRules = Set(rules) }
        if let only = body.enabledOnly { input.request.enabledOnly = only }
        if let picky = body.picky {
            input.request.picky = picky
            input.given.picky = true
        }
        if let mixed = body.mixedLanguages { input.request.mixedLanguages = mixed }
        if let store = body.store { input.store = store }
        return input
    }

    private static func fromFields(_ fields: [String: String]) throws -> CheckInput {
        guard let text = fields["text"] else {
            throw APIError.badRequest("The field 'text' is required.", code: .missingText)
        }
        func list(_ name: String) -> [String] {
            (fields[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var request = CheckRequest(
            text: text, language: fields["language"] ?? "auto", preferredLanguages: list("preferredLanguages"),
            format: try format(fields["format"]),
            explanationLanguage: try explanationLanguage(fields["explanationLanguage"]),
            disabledRules: Set(list("disabledRules")), picky: try boolean(fields["picky"], name: "picky") ?? false
        )
        request.enabledRules = Set(list("enabledRules"))
        request.enabledOnly = try boolean(fields["enabledOnly"], name: "enabledOnly") ?? false
        request.mixedLanguages = try boolean(fields["mixedLanguages"], name: "mixedLanguages")
        var input = CheckInput(request: request, store: try boolean(fields["store"], name: "store") ?? true)
        input.given.language = fields["language"] != nil
        input.given.picky = fields["picky"] != nil
        input.given.explanationLanguage = fields["explanationLanguage"] != nil
        input.given.preferredLanguages = !request.preferredLanguages.isEmpty
        input.preferredVariants = list("preferredVariants")
        return input
    }

    private static func format(_ raw: String?) throws -> TextFormat {
        guard let raw, !raw.isEmpty else { return .plain }
        guard let format = TextFormat(rawValue: raw.lowercased()) else {
            throw APIError.badRequest("Unknown format '\(raw)': use one of \(TextFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return format
    }

    private static func explanationLanguage(_ raw: String?) throws -> ExplanationLanguage? {
        guard let raw, !raw.isEmpty, raw.lowercased() != "auto" else { return nil }
        guard let language = ExplanationLanguage(languageCode: raw) else {
            throw APIError.badRequest("Explanations are available in en, fr, de and es, not '\(raw)'.")
        }
        return language
    }

    private static func boolean(_ raw: String?, name: String) throws -> Bool? {
        guard let raw else { return nil }
        switch raw.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw APIError.badRequest("'\(name)' must be true or false, not '\(raw)'.")
        }
    }
}

/// The type and subtype of a Content-Type header, without parameters, in lowercase.
struct MediaTypeName {
    let essence: String
    init(_ header: String) {
        essence = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }
}
