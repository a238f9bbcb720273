import Foundation
import Hummingbird
import NIOCore
import SuperTextCore

/// A check request as it arrives over HTTP, in any of the accepted body types.
struct CheckInput: Sendable {
    var request: CheckRequest
    /// Whether the caller wants the check kept in history (`"store": false` opts out).
    var store: Bool

    /// The body and options of a check request:
    /// - `application/json`: `{"text": "...", "language": "auto", "format": "plain", ...}`;
    /// - `text/plain`: the text, with options as query parameters;
    /// - `application/x-www-form-urlencoded`: fields `text`, `language`, ...
    static func parse(_ request: Request, bodyLimit: Int) async throws -> CheckInput {
        let mediaType = request.headers[.contentType].map { MediaTypeName($0) }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > bodyLimit {
            throw APIError.bodyTooLarge(limit: bodyLimit)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: bodyLimit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: bodyLimit)
        }
        let bytes = body.readableBytesView
        if let offset = UTF8Validation.firstInvalidByteOffset(in: Array(bytes)) {
            throw APIError(SuperTextError.invalidUTF8(atByteOffset: offset))
        }
        let query = request.uri.queryParameters
        let input: CheckInput
        switch mediaType?.essence {
        case "application/json":
            input = try fromJSON(Data(bytes))
        case "text/plain":
            var options: [String: String] = [:]
            for (key, value) in query { options[String(key)] = String(value) }
            options["text"] = String(decoding: bytes, as: UTF8.self)
            input = try fromFields(options)
        case "application/x-www-form-urlencoded":
            var fields = FormFields.decode(String(decoding: bytes, as: UTF8.self))
            for (key, value) in query where fields[String(key)] == nil { fields[String(key)] = String(value) }
            input = try fromFields(fields)
        case nil:
            throw APIError(
                status: .unsupportedMediaType, code: "unsupported_media_type",
                message: "Missing Content-Type: send application/json, text/plain or application/x-www-form-urlencoded."
            )
        case let other?:
            throw APIError(
                status: .unsupportedMediaType, code: "unsupported_media_type",
                message: "Unsupported Content-Type '\(other)': send application/json, text/plain or application/x-www-form-urlencoded."
            )
        }
        do { try ControlCharacters.validate(input.request.text) } catch { throw APIError(error) }
        return input
    }

    private struct JSONBody: Decodable {
        var text: String?
        var language: String?
        var preferredLanguages: [String]?
        var format: String?
        var explanationLanguage: String?
        var disabledRules: [String]?
        var enabledRules: [String]?
        var picky: Bool?
        var store: Bool?
    }

    private static func fromJSON(_ data: Data) throws -> CheckInput {
        let body: JSONBody
        do {
            body = try JSONDecoder().decode(JSONBody.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw APIError.badRequest("Field '\(field)' has the wrong type.", code: "bad_json")
        } catch {
            throw APIError.badRequest("The body is not valid JSON.", code: "bad_json")
        }
        guard let text = body.text else {
            throw APIError.badRequest("The field 'text' is required.", code: "missing_text")
        }
        var request = CheckRequest(
            text: text, language: body.language ?? "auto",
            preferredLanguages: body.preferredLanguages ?? [],
            format: try format(body.format), explanationLanguage: try explanationLanguage(body.explanationLanguage),
            disabledRules: Set(body.disabledRules ?? []), picky: body.picky ?? false
        )
        request.enabledRules = Set(body.enabledRules ?? [])
        return CheckInput(request: request, store: body.store ?? true)
    }

    private static func fromFields(_ fields: [String: String]) throws -> CheckInput {
        guard let text = fields["text"] else {
            throw APIError.badRequest("The field 'text' is required.", code: "missing_text")
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
        return CheckInput(request: request, store: try boolean(fields["store"], name: "store") ?? true)
    }

    private static func format(_ raw: String?) throws -> TextFormat {
        guard let raw, !raw.isEmpty else { return .plain }
        guard let format = TextFormat(rawValue: raw.lowercased()) else {
            throw APIError.badRequest("Unknown format '\(raw)': use plain or markdown.")
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

/// `application/x-www-form-urlencoded` bodies.
enum FormFields {
    static func decode(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = unescape(String(parts[0]))
            let value = parts.count > 1 ? unescape(String(parts[1])) : ""
            if fields[key] == nil { fields[key] = value }
        }
        return fields
    }

    static func unescape(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
