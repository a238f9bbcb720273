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
        guard let raw = fields[name] else { return defaultValue }
        // Digits only: empty is no number, and `Int` would read `+5`.
        guard raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(raw), range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw LanguageToolError.badRequest("'\(name)' must be a whole number \(bounds), not '\(raw)'.")
        }
        return value
    }

    /// Reads the query string and the body (`RequestBody`, `FormDecoder`).
    /// - Parameter bodyLimit: the most bytes the body may have.
    /// - Throws: `APIError` (413 over the limit, 400 for a body that is not form-encoded or not
    ///   UTF-8), which `/v2` answers as `LanguageToolError`.
    static func read(_ request: Request, bodyLimit: Int) async throws -> LanguageToolParameters {
        var fields = try FormDecoder.query(of: request)
        let bytes = try await RequestBody.read(request, limit: bodyLimit)
        guard !bytes.isEmpty else { return LanguageToolParameters(fields) }
        let mediaType = request.headers[.contentType].map { MediaTypeName($0).essence }
        guard mediaType == nil || mediaType == "application/x-www-form-urlencoded" else {
            // LanguageTool answers other body types with 400.
            throw LanguageToolError.badRequest(
                "Send the parameters form-encoded (application/x-www-form-urlencoded) or in the query string, not as \(mediaType ?? "")."
            )
        }
        for (name, value) in try FormDecoder.decode(bytes) {
            fields[name] = value
        }
        return LanguageToolParameters(fields)
    }
}

extension LanguageToolParameters {
    /// Who sent the request, by `AccessPolicy`: the key (or token) comes as `apiKey` in the
    /// form (LanguageTool's own parameter, which its clients send with `username`) or as
    /// `Authorization: Bearer KEY`. With users, a `username` that is not the key's is refused.
    /// LanguageTool's API puts `apiKey` in the query string of its GET requests, so `/v2` takes
    /// it there too (`/api/v1` refuses a key in a URL).
    /// - Throws: `LanguageToolError` (403, as LanguageTool answers failed authentication; 429
    ///   when this address sent too many wrong keys).
    func caller(of request: Request, context: AppRequestContext, policy: AccessPolicy, needs: AccessPolicy.Need) throws -> Caller {
        do {
            let bearer = request.headers[.authorization].flatMap(AccessPolicy.bearerToken)
            let given = [fields["apiKey"], bearer].compactMap { $0 }.first { !$0.isEmpty }
            let caller = try policy.caller(secret: given, needs: needs, address: context.clientAddress)
            if let user = caller.user, let username = fields["username"], !username.isEmpty, username != user.name {
                throw LanguageToolError(.forbidden, "Authentication failed: this apiKey is not \(username)'s.")
            }
            return caller
        } catch let error as APIError where error.code == .unauthorized {
            throw LanguageToolError(.forbidden, "Authentication failed: \(error.message)")
        } catch {
            throw LanguageToolError(error)
        }
    }
}
