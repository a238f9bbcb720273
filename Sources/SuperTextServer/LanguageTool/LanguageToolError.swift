import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import SuperTextCore

/// An error of the LanguageTool-compatible API (`/v2`), answered the way LanguageTool answers
/// errors: a status and a plain-text body starting with `Error: `.
///
/// `init(_ error:)` is the one place where core errors map to statuses for `/v2`; `/api/v1`
/// keeps its JSON errors (`APIError`).
struct LanguageToolError: HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    /// What went wrong, without the `Error: ` prefix.
    var message: String
    var headers: HTTPFields = [:]

    init(status: HTTPResponse.Status, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// The LanguageTool error for any error, mapping the core's errors to statuses.
    init(_ error: any Error) {
        switch error {
        case let error as LanguageToolError:
            self = error
        case let error as SuperTextError:
            switch error.code {
            // LanguageTool answers an unknown language with 400, not 422.
            case "unknown_language", "invalid_utf8", "bad_text", "bad_request":
                self.init(status: .badRequest, message: error.message)
            case "queue_full":
                self.init(status: .serviceUnavailable, message: error.message, headers: [.retryAfter: "1"])
            case "timeout", "shutting_down", "no_dictionaries":
                self.init(status: .serviceUnavailable, message: error.message, headers: [.retryAfter: "5"])
            case "cancelled":
                self.init(status: .init(code: 499, reasonPhrase: "Client Closed Request"), message: error.message)
            default:
                self.init(status: .internalServerError, message: "Internal Error: \(error.message)")
            }
        case let error as APIError:
            // Shared helpers (body reading, UTF-8 validation) speak APIError; keep their status.
            self.init(status: error.status, message: error.message, headers: error.headers)
        case let error as HTTPError:
            self.init(status: error.status, message: error.body ?? Self.message(for: error.status))
        case is NIOTooManyBytesError:
            self.init(status: .contentTooLarge, message: "The request is over the size limit.")
        case let error as HTTPParserError:
            let framing = APIError.framing(error, requestLineTooLong: false)
            self.init(status: framing.status, message: framing.message)
        case let error as any HTTPResponseError:
            self.init(status: error.status, message: Self.message(for: error.status))
        default:
            self.init(status: .internalServerError, message: "Internal Error")
        }
    }

    static func badRequest(_ message: String) -> LanguageToolError {
        LanguageToolError(status: .badRequest, message: message)
    }

    /// The text to check is longer than the server accepts; LanguageTool's wording, in UTF-16
    /// code units as LanguageTool counts characters.
    static func textTooLong(length: Int, limit: Int) -> LanguageToolError {
        LanguageToolError(
            status: .contentTooLarge,
            message: "Your text exceeds the limit of \(limit) characters (it's \(length) characters). Please submit a shorter text."
        )
    }

    /// The answer to a check came out larger than `limit` allows for its text: refused rather
    /// than sent.
    static func answerTooLarge(size: Int, textBytes: Int, limit: LanguageToolResponse.SizeLimit) -> LanguageToolError {
        LanguageToolError(
            status: .contentTooLarge,
            message: "The answer to this text would be \(size) bytes, over the limit of \(limit.bytes(forTextOf: textBytes)) "
                + "bytes for a text of \(textBytes) bytes (\(limit.factor) times the text plus \(limit.allowance) bytes). "
                + "Please submit a shorter text or disable some rules."
        )
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> LanguageToolError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return LanguageToolError(
            status: .methodNotAllowed, message: "\(path) needs to be called with \(list), not \(method.rawValue).",
            headers: [.allow: list]
        )
    }

    /// A missing or wrong API token.
    static func forbidden(tokenGiven: Bool) -> LanguageToolError {
        LanguageToolError(
            status: .forbidden,
            message: tokenGiven
                ? "Authentication failed: the API key is wrong."
                : "Authentication failed: this server needs an API key; send apiKey=KEY or Authorization: Bearer KEY."
        )
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        status.code == 404
            ? "Unsupported action. The LanguageTool-compatible API answers /v2/check, /v2/languages, /v2/words, /v2/words/add, /v2/words/delete and /v2/healthcheck."
            : status.reasonPhrase
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "Error: \(message)"))
        )
        response.headers.append(contentsOf: headers)
        return response
    }
}
