import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers requests that HTTP/1.1's parser refuses with the API's JSON errors and the right
/// status (400, 413 and 414 for the request line, 431, 501), then closes the connection.
///
/// Hummingbird answers a parser error that comes before a request's head with an empty 400, and
/// one that comes while a body is read (a chunk size that is not hexadecimal) reaches the route
/// as an unknown error, a 500. This handler sits between the HTTP codec and Hummingbird:
/// - before a head, nobody else can answer, so it writes the error itself (after the responses
///   still owed to earlier pipelined requests) and does not pass the error on;
/// - during a body, it passes the error on, so the route's body reader fails and the error
///   middleware answers it (`APIError.framing`); it then closes the connection after that
///   answer, with `Connection: close`, and drops Hummingbird's own empty 400 that would follow;
/// - a `Transfer-Encoding` other than `chunked` is answered 501 at its head, before the parser
///   fails on it and before any route runs.
final class HTTPFramingErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Tells a URL that is too long (414) from header fields that are (431).
    private let requestLineWatcher = RequestLineWatcher()
    /// A head was read and its end not yet.
    private var isReadingRequest = false
    /// Requests read whose response has not been written to its end.
    private var responsesOwed = 0
    /// The parser failed in the body of the request being answered: close after its response.
    private var closesAfterResponse = false
    /// A parser error before a head, answered once the responses owed are written.
    private var pendingError: APIError?
    /// This handler answered, or the connection is closing: later writes are dropped.
    private var isFinished = false
    /// Where its answers are logged.
    private let logger: Logger
    /// Where its answers are counted.
    private let metrics: ServerMetrics?

    /// - Parameters:
    ///   - logger: where its answers are logged, with their request ids.
    ///   - metrics: where its answers are counted.
    init(logger: Logger, metrics: ServerMetrics? = nil) {
        self.logger = logger
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(requestLineWatcher, position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isFinished, pendingError == nil else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let coding = head.headerFields[.transferEncoding], coding.lowercased() != "chunked" {
                // The parser fails on it next; answer before any route runs.
                let error = APIError.unsupportedTransferEncoding(coding)
                if responsesOwed == 0 { answer(error, context: context) } else { pendingError = error }
                return
            }
            isReadingRequest = true
            responsesOwed += 1
        case .body:
            break
        case .end:
            isReadingRequest = false
            requestLineWatcher.messageEnded()
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !isFinished, pendingError == nil else { return }
        if isReadingRequest {
            if responsesOwed == 0 {
                // Already answered; nothing more can be read from this connection.
                finish(context: context)
            } else {
                closesAfterResponse = true
                context.fireErrorCaught(error)
            }
            return
        }
        let apiError = APIError.framing(parserError, requestLineTooLong: requestLineWatcher.isRequestLineTooLong)
        if responsesOwed == 0 { answer(apiError, context: context) } else { pendingError = apiError }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isFinished else {
            promise?.succeed(())
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where closesAfterResponse:
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            responsesOwed -= 1
            context.write(data, promise: promise)
            if closesAfterResponse {
                finish(context: context)
            } else if responsesOwed == 0, let pendingError {
                answer(pendingError, context: context)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Writes `error` as the JSON answer and closes the connection.
    private func answer(_ error: APIError, context: ChannelHandlerContext) {
        let (head, body) = error.channelAnswer(logger: logger, metrics: metrics)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        finish(context: context)
    }

    private func finish(context: ChannelHandlerContext) {
        isFinished = true
        context.flush()
        context.close(promise: nil)
    }
}

/// Watches the raw bytes before the HTTP parser to measure a request's first line, which the
/// parser's one error for "too large" (`headerOverflow`) does not tell from its header fields.
///
/// A request starts at the start of the connection and after the end of the previous one. The
/// end is known after the parser has read it, so a request pipelined into the same read as the
/// end of the previous one is taken as started with the next read: a long URL there is
/// answered 431 rather than 414.
final class RequestLineWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The parser's limit on the request line and header fields together (Hummingbird's
    /// default `maxHeaderListSize`).
    static let headLimit = 80 * 1024

    /// The bytes of the current request's first line read so far.
    private var requestLineLength = 0
    private var isRequestLineComplete = false
    /// The previous request ended during the read being passed on.
    private var previousRequestEnded = false

    /// The request line alone reaches the parser's limit: the URL is what is too long.
    var isRequestLineTooLong: Bool { requestLineLength >= Self.headLimit }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !isRequestLineComplete {
            let bytes = unwrapInboundIn(data).readableBytesView
            if let lineFeed = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                requestLineLength += lineFeed - bytes.startIndex
                isRequestLineComplete = true
            } else {
                requestLineLength += bytes.count
            }
        }
        context.fireChannelRead(data)
        if previousRequestEnded {
            previousRequestEnded = false
            isRequestLineComplete = false
            requestLineLength = 0
        }
    }

    /// The parser has read a request's end.
    func messageEnded() {
        previousRequestEnded = true
    }
}
