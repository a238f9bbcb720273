/// Every error code SuperText answers with, in `/api/v1` JSON (`{"error": {"code": ...}}`), in
/// the logs and, through its status, in `/v2`'s plain-text errors.
///
/// One closed set, so each code maps to one HTTP status in one place (`ErrorCode.status` in the
/// server) and a client can rely on the list (it is in the OpenAPI document too).
public enum ErrorCode: String, Sendable, CaseIterable, Codable {
    // The request: 400 and its neighbours.
    case badRequest = "bad_request"
    case badJSON = "bad_json"
    case badForm = "bad_form"
    case missingText = "missing_text"
    case missingWord = "missing_word"
    case badText = "bad_text"
    case invalidUTF8 = "invalid_utf8"
    case unknownLanguage = "unknown_language"
    case unknownRule = "unknown_rule"
    case unsupportedMediaType = "unsupported_media_type"
    case bodyTooLarge = "body_too_large"
    case textTooLong = "text_too_long"
    case answerTooLarge = "answer_too_large"
    // The protocol (answered below the router).
    case uriTooLong = "uri_too_long"
    case headersTooLarge = "headers_too_large"
    case badFraming = "bad_framing"
    case badRequestLine = "bad_request_line"
    case badHTTP = "bad_http"
    case unsupportedTransferEncoding = "unsupported_transfer_encoding"
    case requestTimeout = "request_timeout"
    // Routes and access.
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case unauthorized = "unauthorized"
    case forbidden = "forbidden"
    case crossOrigin = "cross_origin"
    case hostNotAllowed = "host_not_allowed"
    case userExists = "user_exists"
    case lastAdmin = "last_admin"
    case rateLimited = "rate_limited"
    // The service.
    case queueFull = "queue_full"
    case tooManyConnections = "too_many_connections"
    case timeout = "timeout"
    case cancelled = "cancelled"
    case shuttingDown = "shutting_down"
    case noDictionaries = "no_dictionaries"
    case unavailable = "unavailable"
    case internalError = "internal_error"
    // Storage.
    case cannotOpen = "cannot_open"
    case storageFull = "storage_full"
    case storageReadOnly = "storage_read_only"
    case storageGone = "storage_gone"
    case storageCorrupt = "storage_corrupt"
    case storageFailed = "storage_failed"
    case storageBusy = "storage_busy"
    case storageUnavailable = "storage_unavailable"
    // Start-up (the command line reports these; they never reach HTTP).
    case badSocketPath = "bad_socket_path"
    case socketInUse = "socket_in_use"
}
