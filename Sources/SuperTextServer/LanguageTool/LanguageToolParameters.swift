import Foundation
import Hummingbird
import NIOCore
import SuperTextCore

/// The parameters of a `/v2` request, read as LanguageTool reads them: from the query string and,
/// for POST, from a form-encoded body (`application/x-www-form-urlencoded`). A body field wins
/// over a query field of the same name.
struct LanguageToolParameters: Sendable {
    private var fields: [String: String]

    init(_ fields: [String: String] = [:]) {
        self.fields = fields
    }

    subscript(name: String) -> String? {
        fields[name]
    }

    /// Whether the parameter was given (possibly empty).
    func contains(_ name: String) -> Bool {
        fields[name] != nil
    }

    /// A comma-separated list: `disabledRules=A, B` → `["A", "B"]`.
    func list(_ name: String) -> [String] {
        (fields[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A boolean the way LanguageTool reads one: `true` or `yes`; anything else is false.
    func flag(_ name: String) -> Bool {
        ["true", "yes"].contains(fields[name]?.lowercased() ?? "")
    }

    /// A whole number in `range`, or `defaultValue` when not given.
    /// - Throws: `LanguageToolError` (400) when it is not a whole number in range.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let raw = fields[name], !raw.isEmpty else { return defaultValue }
        guard let value = Int(raw), range.contains(value) else {
            throw LanguageToolError.badRequest("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'.")
        }
        return value
    }

    /// Reads the query string and the body.
    /// - Parameter bodyLimit: the most bytes the body may have.
    /// - Throws: `LanguageToolError`: 413 over the limit, 400 for a body that is not form-encoded
    ///   or not UTF-8.
    static func read(_ request: Request, bodyLimit: Int) async throws -> LanguageToolParameters {
        var fields = try decodeForm(request.uri.query ?? "")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > bodyLimit {
            throw bodyTooLarge(limit: bodyLimit)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: bodyLimit)
        } catch is NIOTooManyBytesError {
            throw bodyTooLarge(limit: bodyLimit)
        }
        guard body.readableBytes > 0 else { return LanguageToolParameters(fields) }
        let mediaType = request.headers[.contentType].map { MediaTypeName($0).essence }
        guard mediaType == nil || mediaType == "application/x-www-form-urlencoded" else {
            throw LanguageToolError.badRequest(
                "Send the parameters form-encoded (application/x-www-form-urlencoded) or in the query string, not as \(mediaType ?? "")."
            )
        }
        let bytes = Array(body.readableBytesView)
        if let offset = UTF8Validation.firstInvalidByteOffset(in: bytes) {
            throw LanguageToolError(SuperTextError.invalidUTF8(atByteOffset: offset))
        }
        for (name, value) in try decodeForm(String(decoding: bytes, as: UTF8.self)) {
            fields[name] = value
        }
        return LanguageToolParameters(fields)
    }

    /// Decodes `name=value&...`, `+` as a space; the first of repeated names wins.
    /// - Throws: `LanguageToolError` (400) when a percent escape is broken or not UTF-8.
    static func decodeForm(_ form: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try unescape(parts[0])
            let value = parts.count > 1 ? try unescape(parts[1]) : ""
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func unescape(_ text: Substring) throws -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw LanguageToolError.badRequest(
                "A parameter is not properly form-encoded: '\(spaced.prefix(40))' has a broken %-escape or is not UTF-8."
            )
        }
        return decoded
    }

    private static func bodyTooLarge(limit: Int) -> LanguageToolError {
        LanguageToolError(status: .contentTooLarge, message: "The request is over the limit of \(limit) bytes.")
    }
}

extension LanguageToolParameters {
    /// Lets a request through when no token is configured, or when it carries the token as
    /// `apiKey=TOKEN` (LanguageTool's own parameter, which its clients can send) or as
    /// `Authorization: Bearer TOKEN`.
    /// - Throws: `LanguageToolError` (403, as LanguageTool answers failed authentication).
    func authorize(_ request: Request, token: String?) throws {
        guard let token else { return }
        let header = request.headers[.authorization] ?? ""
        let bearer = header.hasPrefix("Bearer ") ? String(header.dropFirst("Bearer ".count)) : nil
        let given = [fields["apiKey"], bearer].compactMap { $0 }.filter { !$0.isEmpty }
        guard given.contains(where: { BearerTokenMiddleware.constantTimeEqual($0, token) }) else {
            throw LanguageToolError.forbidden(tokenGiven: !given.isEmpty)
        }
    }
}
