import Foundation
import Hummingbird
import NIOCore
import SuperTextCore

/// The one reader of request bodies for both APIs: the limit checked against `Content-Length`
/// before reading and while reading, and the bytes checked to be UTF-8.
enum RequestBody {
    /// The body's bytes.
    /// - Throws: `APIError` `body_too_large` (413) over `limit`, `invalid_utf8` (400) for bytes
    ///   that are not UTF-8.
    static func read(_ request: Request, limit: Int) async throws -> [UInt8] {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError.bodyTooLarge(limit: limit)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: limit)
        }
        let bytes = Array(body.readableBytesView)
        if let offset = UTF8Validation.firstInvalidByteOffset(in: bytes) {
            throw APIError(SuperTextError.invalidUTF8(atByteOffset: offset))
        }
        return bytes
    }
}

/// The one decoder of `application/x-www-form-urlencoded` forms and query strings for both APIs.
///
/// Strict where Foundation is lenient: a broken `%`-escape or one that is not UTF-8 (`%ff`) is
/// refused with 400 `bad_form`, in a body as in a query, rather than kept literally or turned
/// into U+FFFD. Byte by byte rather than through `removingPercentEncoding`, which took a fifth of
/// the CPU of `/v2/check`.
enum FormDecoder {
    /// Decodes `name=value&...`, `+` as a space.
    /// - Parameter allowingRepeats: whether a name may come again, the first winning, as
    ///   LanguageTool reads its parameters (`/v2`); `/api/v1` refuses a repeated name (400
    ///   `bad_form`) rather than use one of two values silently.
    static func decode(_ form: some Collection<UInt8>, allowingRepeats: Bool = true) throws -> [String: String] {
        let bytes = Array(form)
        return try bytes.withUnsafeBufferPointer { try decode(bytes: $0, allowingRepeats: allowingRepeats) }
    }

    /// The request's query string, decoded.
    static func query(of request: Request, allowingRepeats: Bool = true) throws -> [String: String] {
        try decode(Array((request.uri.query ?? "").utf8), allowingRepeats: allowingRepeats)
    }

    /// One path segment: `%XX` as the byte XX, the result UTF-8 (`+` is a plus sign in a path).
    /// Hummingbird leaves path parameters encoded.
    static func pathSegment(_ segment: String) throws -> String {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return segment }
        let bytes = Array(segment.utf8)
        return try bytes.withUnsafeBufferPointer { try unescape($0[...], plusAsSpace: false) }
    }

    private static func decode(bytes: UnsafeBufferPointer<UInt8>, allowingRepeats: Bool) throws -> [String: String] {
        var fields: [String: String] = [:]
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                let pair = bytes[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = try unescape(equals.map { pair[..<$0] } ?? pair)
                let value = try equals.map { try unescape(pair[($0 + 1)...]) } ?? ""
                if fields[name] == nil {
                    fields[name] = value
                } else if !allowingRepeats {
                    throw APIError(.badForm, "The parameter '\(name.prefix(40))' is given more than once.")
                }
            }
            start = end + 1
        }
        return fields
    }

    /// `+` as a space (unless `plusAsSpace` is false) and `%XX` as the byte XX; the result must be UTF-8.
    static func unescape(_ text: Slice<UnsafeBufferPointer<UInt8>>, plusAsSpace: Bool = true) throws -> String {
        let plus = UInt8(ascii: "+"), percent = UInt8(ascii: "%")
        guard text.contains(where: { ($0 == plus && plusAsSpace) || $0 == percent }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == plus, plusAsSpace {
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

    private static func brokenEscape(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> APIError {
        let spaced = String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        return APIError(
            .badForm,
            "A parameter is not properly form-encoded: '\(spaced.prefix(40))' has a broken %-escape or is not UTF-8."
        )
    }
}

/// The one decoder of JSON request bodies, with errors that name the field at fault.
enum JSONBody {
    /// Decodes a JSON object body as `type`.
    /// - Throws: `APIError` `bad_json` (400): not JSON, not an object, or a field of the wrong type.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let data = Data(bytes)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            guard !context.codingPath.isEmpty else {
                throw APIError.badRequest("The body must be a JSON object.", code: .badJSON)
            }
            let field = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
            throw APIError.badRequest("Field '\(field)' has the wrong type.", code: .badJSON)
        } catch {
            throw APIError.badRequest("The body is not valid JSON.", code: .badJSON)
        }
    }
}
