import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import SuperTextCore
import SuperTextStore

/// An error answered as JSON, `{"error": {"code": "...", "message": "..."}}`, with its status.
///
/// Every error of the API goes through this type; `init(_ error:)` is the one place where core
/// errors map to HTTP statuses.
struct APIError: HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var headers: HTTPFields = [:]

    init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The API error for any error, mapping the core's errors to statuses.
    init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as SuperTextError:
            switch error.code {
            case "unknown_language": self.init(status: .unprocessableContent, code: error.code, message: error.message)
            case "invalid_utf8", "bad_text", "bad_request": self.init(status: .badRequest, code: error.code, message: error.message)
            case "queue_full":
                self.init(status: .serviceUnavailable, code: error.code, message: error.message, headers: [.retryAfter: "1"])
            case "timeout", "shutting_down", "no_dictionaries":
                self.init(status: .serviceUnavailable, code: error.code, message: error.message, headers: [.retryAfter: "5"])
            case "cancelled": self.init(status: .init(code: 499, reasonPhrase: "Client Closed Request"), code: error.code, message: error.message)
            default: self.init(status: .internalServerError, code: error.code, message: error.message)
            }
        case let error as StorageFault:
            self.init(
                status: Self.status(for: error), code: error.code, message: error.message,
                headers: error.kind == .busy ? [.retryAfter: "1"] : [:]
            )
        case let error as HTTPError:
            self.init(status: error.status, code: Self.code(for: error.status), message: error.body ?? Self.message(for: error.status))
        case is NIOTooManyBytesError:
            self = .bodyTooLarge(limit: nil)
        case let error as HTTPParserError:
            // The parser failed in the body: its head was read.
            self = .framing(error, requestLineTooLong: false)
        case let error as any HTTPResponseError:
            self.init(status: error.status, code: Self.code(for: error.status), message: Self.message(for: error.status))
        default:
            self.init(status: .internalServerError, code: "internal_error", message: "Internal error.")
        }
    }

    /// A full disk is 507 Insufficient Storage; every other storage fault is 503: the service is
    /// there, its storage is not.
    static func status(for fault: StorageFault) -> HTTPResponse.Status {
        fault.kind == .full ? .init(code: 507, reasonPhrase: "Insufficient Storage") : .serviceUnavailable
    }

    /// Whether the error is a lasting storage fault, which the store reports to the log once
    /// when it begins (`StorageEvent`), rather than once per request.
    var isLoggedByStorage: Bool {
        code.hasPrefix("storage_") && code != "storage_busy"
    }

    static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
        APIError(status: .badRequest, code: code, message: message)
    }

    static func bodyTooLarge(limit: Int?) -> APIError {
        let limitText = limit.map { " of \($0) bytes" } ?? ""
        return APIError(status: .contentTooLarge, code: "body_too_large", message: "The request body is over the limit\(limitText).")
    }

    /// A request that HTTP/1.1's parser refused (`HTTPFramingErrorHandler`, or a body that
    /// breaks off in the middle). The limits are Hummingbird's: 80 KB for the request line and
    /// header fields together, 1,000 fields.
    /// - Parameters:
    ///   - error: the parser's error.
    ///   - requestLineTooLong: whether the request line alone reached the limit, which tells a
    ///     URL too long (414) from header fields too large (431).
    static func framing(_ error: HTTPParserError, requestLineTooLong: Bool) -> APIError {
        switch error {
        case .headerOverflow where requestLineTooLong:
            APIError(status: .uriTooLong, code: "uri_too_long", message: "The URL is too long: the request line may have at most 80 KB.")
        case .headerOverflow:
            APIError(
                status: .requestHeaderFieldsTooLarge, code: "headers_too_large",
                message: "The header fields are too large: at most 80 KB in all and 1000 fields."
            )
        case .invalidChunkSize:
            APIError(status: .badRequest, code: "bad_framing", message: "The chunked body is broken: a chunk size is not a hexadecimal number.")
        case .invalidContentLength, .unexpectedContentLength:
            APIError(status: .badRequest, code: "bad_framing", message: "The Content-Length header is not valid for this request.")
        case .invalidEOFState, .closedConnection:
            APIError(status: .badRequest, code: "bad_framing", message: "The request ended before its body was complete.")
        case .invalidMethod, .invalidURL, .invalidVersion:
            APIError(
                status: .badRequest, code: "bad_request_line",
                message: "The request line is not valid HTTP/1.1: it is METHOD /path HTTP/1.1."
            )
        default:
            APIError(status: .badRequest, code: "bad_http", message: "The request is not valid HTTP/1.1 (\(error)).")
        }
    }

    /// A `Transfer-Encoding` the server does not decode: only `chunked` is (RFC 9112, 6.1).
    static func unsupportedTransferEncoding(_ coding: String) -> APIError {
        APIError(
            status: .notImplemented, code: "unsupported_transfer_encoding",
            message: "Transfer-Encoding '\(coding.prefix(40))' is not supported: send the body as it is, or chunked."
        )
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            status: .methodNotAllowed, code: "method_not_allowed",
            message: "\(method.rawValue) is not allowed on \(path); use \(list).",
            headers: [.allow: list]
        )
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "body_too_large"
        case 415: "unsupported_media_type"
        case 503: "unavailable"
        default: "http_\(status.code)"
        }
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        status.code == 404 ? "No such route." : status.reasonPhrase
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONResponse.make(jsonObject, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    /// The error as JSON bytes, for answers written below the router.
    var jsonBytes: [UInt8] {
        Array((try? JSONCoding.encoder().encode(jsonObject)) ?? Data(#"{"error":{"code":"internal_error","message":"Internal error."}}"#.utf8))
    }

    /// The JSON object of the error, for Server-Sent Events.
    var jsonObject: [String: [String: String]] {
        ["error": ["code": code, "message": message]]
    }
}

/// JSON responses with SuperText's encoder settings.
enum JSONResponse {
    /// JSON written by hand (`JSONBytes`).
    static func make(json: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: json))
        )
    }

    /// A check result, written by `CheckResultJSON` (the bytes `JSONCoding.encoder()` writes, in
    /// a fraction of its time).
    static func make(_ result: CheckResult, status: HTTPResponse.Status = .ok) -> Response {
        make(json: CheckResultJSON.encode(result), status: status)
    }

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONCoding.encoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
