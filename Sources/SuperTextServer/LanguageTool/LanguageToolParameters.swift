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
            let bounds = range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw LanguageToolError.badRequest("'\(name)' must be a whole number \(bounds), not '\(raw)'.")
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
        var form = form
        return try form.withUTF8 { try decodeForm(bytes: $0) }
    }

    /// `decodeForm` over the bytes of the form, which are UTF-8: byte by byte rather than through
    /// Foundation's `removingPercentEncoding`, which took a fifth of the CPU of `/v2/check`.
    private static func decodeForm(bytes: UnsafeBufferPointer<UInt8>) throws -> [String: String] {
        var fields: [String: String] = [:]
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                let pair = bytes[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = try unescape(equals.map { pair[..<$0] } ?? pair)
                let value = try equals.map { try unescape(pair[($0 + 1)...]) } ?? ""
                if fields[name] == nil { fields[name] = value }
            }
            start = end + 1
        }
        return fields
    }

    /// `+` as a space and `%XX` as the byte XX; the result must be UTF-8.
    private static func unescape(_ text: Slice<UnsafeBufferPointer<UInt8>>) throws -> String {
        let plus = UInt8(ascii: "+"), percent = UInt8(ascii: "%")
        guard text.contains(where: { $0 == plus || $0 == percent }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == plus {
                decoded.append(UInt8(ascii: " "))
                index += 1
            } else if byte == percent {
                guard index + 2 < text.endIndex, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) else {
                    throw brokenEscape(text)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard let string = String(validating: decoded, as: UTF8.self) else { throw brokenEscape(text) }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func brokenEscape(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> LanguageToolError {
        let spaced = String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        return LanguageToolError.badRequest(
            "A parameter is not properly form-encoded: '\(spaced.prefix(40))' has a broken %-escape or is not UTF-8."
        )
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
        let bearer = BearerTokenMiddleware.bearerToken(in: header)
        let given = [fields["apiKey"], bearer].compactMap { $0 }.filter { !$0.isEmpty }
        guard given.contains(where: { BearerTokenMiddleware.constantTimeEqual($0, token) }) else {
            throw LanguageToolError.forbidden(tokenGiven: !given.isEmpty)
        }
    }
}
