import HTTPTypes
import SuperTextCore

extension ErrorCode {
    /// The HTTP status of each code: the one table shared by `/api/v1` and `/v2`.
    var status: HTTPResponse.Status {
        switch self {
        case .badRequest, .badJSON, .badForm, .missingText, .missingWord, .badText, .invalidUTF8,
            .badFraming, .badRequestLine, .badHTTP, .badSocketPath:
            .badRequest
        case .unknownLanguage: .unprocessableContent
        case .unsupportedMediaType: .unsupportedMediaType
        case .bodyTooLarge, .textTooLong, .answerTooLarge: .contentTooLarge
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .unsupportedTransferEncoding: .notImplemented
        case .requestTimeout: .requestTimeout
        case .notFound, .unknownRule: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .unauthorized: .unauthorized
        case .forbidden, .crossOrigin, .hostNotAllowed: .forbidden
        case .queueFull, .tooManyConnections, .timeout, .shuttingDown, .noDictionaries, .unavailable: .serviceUnavailable
        case .cancelled: .init(code: 499, reasonPhrase: "Client Closed Request")
        case .socketInUse, .userExists, .lastAdmin: .conflict
        case .rateLimited: .tooManyRequests
        case .internalError, .cannotOpen: .internalServerError
        // A full disk is 507 Insufficient Storage; every other storage fault is 503: the service
        // is there, its storage is not.
        case .storageFull: .init(code: 507, reasonPhrase: "Insufficient Storage")
        case .storageReadOnly, .storageGone, .storageCorrupt, .storageFailed, .storageBusy, .storageUnavailable:
            .serviceUnavailable
        }
    }

    /// Seconds a client should wait before trying again, for the codes where trying again helps.
    var retryAfterSeconds: Int? {
        switch self {
        case .queueFull, .tooManyConnections, .storageBusy: 1
        case .timeout, .shuttingDown, .noDictionaries, .unavailable, .storageUnavailable: 5
        default: nil
        }
    }

    /// The code of an error that arrives as a bare status (Hummingbird's `HTTPError`, the router).
    init(status: HTTPResponse.Status) {
        self = switch status.code {
        case 400: .badRequest
        case 401: .unauthorized
        case 403: .forbidden
        case 404: .notFound
        case 405: .methodNotAllowed
        case 408: .requestTimeout
        case 413: .bodyTooLarge
        case 414: .uriTooLong
        case 415: .unsupportedMediaType
        case 429: .rateLimited
        case 431: .headersTooLarge
        case 501: .unsupportedTransferEncoding
        case 503: .unavailable
        case 400..<500: .badRequest
        default: .internalError
        }
    }
}
