import HTTPTypes
import Logging
import NIOCore

extension APIError {
    /// The head and body of this error as a channel handler below the router writes it (a
    /// framing error, a request too slow): JSON, `Connection: close`, and a new `X-Request-Id`,
    /// logged with it as the request log line would be, since no route's logger sees it, and
    /// counted in `metrics` under the route `unmatched` and the method `unknown` (the head may
    /// not have been read).
    func channelAnswer(logger: Logger, metrics: ServerMetrics?) -> (head: HTTPResponse, body: ByteBuffer) {
        metrics?.recordRequest(method: "unknown", route: "unmatched", status: status.code, duration: .zero)
        let id = RequestIDHeader.fresh()
        let body = ByteBuffer(bytes: jsonBytes)
        var head = HTTPResponse(status: status)
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.contentLength] = String(body.readableBytes)
        head.headerFields[.connection] = "close"
        head.headerFields[.server] = "SuperText"
        head.headerFields[.init("X-Content-Type-Options")!] = "nosniff"
        head.headerFields[RequestIDHeader.name] = id
        head.headerFields.append(contentsOf: headers)
        var logger = logger
        logger[metadataKey: RequestIDHeader.metadataKey] = .string(id)
        logger.info(
            "\(status.code) \(code.rawValue) before any route: \(message)",
            metadata: ["route": "unmatched", "status": .stringConvertible(status.code)]
        )
        return (head, body)
    }
}
