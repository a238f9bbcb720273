import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import SuperTextCore
import SuperTextStore

/// An error of the LanguageTool-compatible API (`/v2`), answered the way LanguageTool answers
/// errors: a status and a plain-text body starting with `Error: `.
///
/// Made from `APIError`, so both APIs share one set of codes and one table of statuses
/// (`ErrorCode.status`); `/v2` differs only where LanguageTool answers differently.
struct LanguageToolError: HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    var code: ErrorCode
    /// What went wrong, without the `Error: ` prefix.
    var message: String
    var headers: HTTPFields = [:]

    init(_ code: ErrorCode, _ message: String, headers: HTTPFields = [:]) {
        self.init(APIError(code, message, headers: headers))
    }

    /// The LanguageTool error for any error.
    init(_ error: any Error) {
        if let error = error as? LanguageToolError {
            self = error
            return
        }
        let apiError = APIError(error)
        code = apiError.code
        status = apiError.status
        message = apiError.message
        headers = apiError.headers
        switch apiError.code {
        case .unknownLanguage:
            // LanguageTool answers an unknown language with 400, not 422.
            status = .badRequest
        case .notFound where (error as? HTTPError)?.body == nil && !(error is APIError):
            // The router's 404: say which routes exist.
            message = Self.unsupportedAction
        case .internalError:
            message = "Internal Error"
        default:
            break
        }
    }

    static func badRequest(_ message: String, code: ErrorCode = .badRequest) -> LanguageToolError {
        LanguageToolError(code, message)
    }

    /// The text to check is longer than the server accepts; LanguageTool's wording, in UTF-16
    /// code units as LanguageTool counts characters.
    static func textTooLong(length: Int, limit: Int) -> LanguageToolError {
        LanguageToolError(
            .textTooLong,
            "Your text exceeds the limit of \(limit) characters (it's \(length) characters). Please submit a shorter text."
        )
    }

    /// The answer to a check came out larger than `limit` allows for its text: refused rather
    /// than sent.
    static func answerTooLarge(size: Int, textBytes: Int, limit: LanguageToolResponse.SizeLimit) -> LanguageToolError {
        LanguageToolError(
            .answerTooLarge,
            "The answer to this text would be \(size) bytes even with no context around its matches, over the limit of "
                + "\(limit.bytes(forTextOf: textBytes)) bytes for a text of \(textBytes) bytes (\(limit.factor) times the text plus "
                + "\(limit.allowance) bytes): it has more mistakes than words. Please submit a shorter text or disable some rules."
        )
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> LanguageToolError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return LanguageToolError(
            .methodNotAllowed, "\(path) needs to be called with \(list), not \(method.rawValue).",
            headers: [.allow: list]
        )
    }

    /// A missing or wrong API token.
    static func forbidden(tokenGiven: Bool) -> LanguageToolError {
        LanguageToolError(
            .forbidden,
            tokenGiven
                ? "Authentication failed: the API key is wrong."
                : "Authentication failed: this server needs an API key; send apiKey=KEY or Authorization: Bearer KEY."
        )
    }

    private static let unsupportedAction =
        "Unsupported action. The LanguageTool-compatible API answers /v2/check, /v2/languages, /v2/words, /v2/words/add, /v2/words/delete and /v2/healthcheck."

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
