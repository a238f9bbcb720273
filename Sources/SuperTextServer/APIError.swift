import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import SuperTextCore
import SuperTextStore

/// An error answered as JSON, `{"error": {"code": "...", "message": "..."}}`, with its status.
///
/// Every error of the API goes through this type, and `/v2`'s `LanguageToolError` is made from it:
/// `init(_ error:)` is the one place where errors of the core, the store and Hummingbird become an
/// `ErrorCode`, and `ErrorCode.status` the one place where a code becomes an HTTP status.
struct APIError: HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    var code: ErrorCode
    var message: String
    var headers: HTTPFields = [:]

    /// An error with its code's status (`ErrorCode.status`) and `Retry-After` when it has one.
    init(_ code: ErrorCode, _ message: String, headers: HTTPFields = [:]) {
        self.status = code.status
        self.code = code
        self.message = message
        self.headers = headers
        if let seconds = code.retryAfterSeconds, self.headers[.retryAfter] == nil {
            self.headers[.retryAfter] = String(seconds)
        }
    }

    /// The API error for any error, mapping the core's errors to statuses.
    init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as SuperTextError:
            self.init(error.code, error.message)
        case let error as StoreError:
            self.init(error.code, error.message)
        case let error as StorageFault:
            self.init(error.code, error.message)
        case let error as HTTPError:
            self.init(ErrorCode(status: error.status), error.body ?? Self.message(for: error.status))
            self.status = error.status
        case is NIOTooManyBytesError:
            self = .bodyTooLarge(limit: nil)
        case let error as HTTPParserError:
            // The parser failed in the body: its head was read.
            self = .framing(error, requestLineTooLong: false)
        case let error as any HTTPResponseError:
            self.init(ErrorCode(status: error.status), Self.message(for: error.status))
            self.status = error.status
        default:
            self.init(.internalError, "Internal error.")
        }
    }

    /// Whether the error is a lasting storage fault, which the store reports to the log once
    /// when it begins (`StorageEvent`), rather than once per request.
    var isLoggedByStorage: Bool {
        code.rawValue.hasPrefix("storage_") && code != .storageBusy
    }

    static func badRequest(_ message: String, code: ErrorCode = .badRequest) -> APIError {
        APIError(code, message)
    }

    static func bodyTooLarge(limit: Int?) -> APIError {
        let limitText = limit.map { " of \($0) bytes" } ?? ""
        return APIError(.bodyTooLarge, "The request body is over the limit\(limitText).")
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
            APIError(.uriTooLong, "The URL is too long: the request line may have at most 80 KB.")
        case .headerOverflow:
            APIError(
                .headersTooLarge,
                "The header fields are too large: at most 80 KB in all and 1000 fields."
            )
        case .invalidChunkSize:
            APIError(.badFraming, "The chunked body is broken: a chunk size is not a hexadecimal number.")
        case .invalidContentLength, .unexpectedContentLength:
            APIError(.badFraming, "The Content-Length header is not valid for this request.")
        case .invalidEOFState, .closedConnection:
            APIError(.badFraming, "The request ended before its body was complete.")
        case .invalidMethod, .invalidURL, .invalidVersion:
            APIError(
                .badRequestLine,
                "The request line is not valid HTTP/1.1: it is METHOD /path HTTP/1.1."
            )
        default:
            APIError(.badHTTP, "The request is not valid HTTP/1.1 (\(error)).")
        }
    }

    /// A `Transfer-Encoding` the server does not decode: only `chunked` is (RFC 9112, 6.1).
    static func unsupportedTransferEncoding(_ coding: String) -> APIError {
        APIError(
            .unsupportedTransferEncoding,
            "Transfer-Encoding '\(coding.prefix(40))' is not supported: send the body as it is, or chunked."
        )
    }

    /// A request whose head or body did not arrive whole in time (`RequestTimeoutHandler`).
    /// - Parameters:
    ///   - body: whether the body was too slow, rather than the head.
    ///   - seconds: the timeout, as written in the message.
    static func requestTimeout(body: Bool, seconds: String) -> APIError {
        let part = body ? "The request body" : "The request line and header fields"
        return APIError(.requestTimeout, "\(part) did not arrive whole within \(seconds) seconds.")
    }

    /// The answer to a connection over the server's limit (`ConnectionRefusalHandler`).
    static let tooManyConnections = APIError(
        .tooManyConnections, "The server has as many connections open as it allows; try again shortly."
    )

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed,
            "\(method.rawValue) is not allowed on \(path); use \(list).",
            headers: [.allow: list]
        )
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
        ["error": ["code": code.rawValue, "message": message]]
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
