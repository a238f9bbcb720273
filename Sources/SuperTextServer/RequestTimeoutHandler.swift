import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Bounds the time a client takes to send a request: its head must be whole within
/// `headerTimeout` of its first byte, its body within `bodyTimeout` of the end of its head. Past
/// either, the request is answered 408 (`request_timeout`) and the connection closed.
///
/// Neither Hummingbird nor NIO bounds the time of a whole head or body: Hummingbird's
/// `idleTimeout` (which closes idle keep-alive connections here) restarts at every part read,
/// and NIO's `IdleStateHandler` at every byte, so a client that trickles a byte at a time
/// keeps its connection for ever. This handler sits between the HTTP codec and Hummingbird:
/// - a head too slow: nobody else can answer, so it writes the 408 itself, after the answers
///   still owed to earlier pipelined requests, and closes;
/// - a body too slow: it passes the 408 on as an error, so the route's body reader fails and
///   the error middleware answers it; it then closes the connection after that answer (with
///   `Connection: close`). The rest of that body is no longer read, so a route that has not
///   answered within the idle timeout then has its connection closed without an answer.
/// Before a request's first byte the connection is idle, and `idleTimeout` applies.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        /// No request is being read: the connection is idle or answering.
        case betweenRequests
        case readingHead
        case readingBody
        /// A request was too slow: nothing more is read.
        case timedOut
    }

    private let headerTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    /// Tells this handler of bytes before the parser turns them into parts.
    private let requestStartWatcher = RequestStartWatcher()
    private var phase = Phase.betweenRequests
    /// When the head or body being read must be whole.
    private var deadline: NIODeadline?
    /// Scheduled once a read ends with the head or body incomplete: most requests arrive
    /// whole in one read and never need one.
    private var timer: Scheduled<Void>?
    /// Requests read whose answer has not been written to its end.
    private var responsesOwed = 0
    /// A body was too slow: close once its answer is written.
    private var closesAfterResponse = false
    /// A head was too slow behind answers still owed: answer 408 after them.
    private var owesTimeoutAnswer = false
    /// Where its 408s are logged.
    private let logger: Logger
    /// Where its 408s are counted.
    private let metrics: ServerMetrics?

    /// - Parameters:
    ///   - headerTimeout: longest from a request's first byte to the end of its head.
    ///   - bodyTimeout: longest from the end of a request's head to the end of its body.
    ///   - logger: where its 408s are logged, with their request ids.
    ///   - metrics: where its 408s are counted.
    init(headerTimeout: TimeAmount, bodyTimeout: TimeAmount, logger: Logger, metrics: ServerMetrics? = nil) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.logger = logger
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        requestStartWatcher.timeouts = self
        try? context.pipeline.syncOperations.addHandler(requestStartWatcher, position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    /// Bytes arrived, before the parser reads them: a request starts if none was being read.
    ///
    /// Bytes of a request pipelined in the same read as the end of the previous one are taken
    /// as its start only with the next read (the parser reads the end after this call); until
    /// then the idle timeout bounds them.
    fileprivate func bytesArrived() {
        guard phase == .betweenRequests else { return }
        phase = .readingHead
        deadline = .now() + headerTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard phase != .timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head:
            responsesOwed += 1
            phase = .readingBody
            cancelTimer()
            deadline = .now() + bodyTimeout
        case .body:
            break
        case .end:
            cancelTimer()
            phase = .betweenRequests
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if timer == nil, let deadline, phase == .readingHead || phase == .readingBody {
            timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
                timerFired(context: context)
            }
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where closesAfterResponse && responsesOwed == 1:
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            // Other handlers' own answers (a framing error before any head) owe nothing here.
            responsesOwed = max(0, responsesOwed - 1)
            context.write(data, promise: promise)
            guard responsesOwed == 0 else { return }
            if closesAfterResponse {
                context.flush()
                context.close(promise: nil)
            } else if owesTimeoutAnswer {
                answerTimeout(context: context)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        switch phase {
        case .readingHead:
            phase = .timedOut
            if responsesOwed == 0 { answerTimeout(context: context) } else { owesTimeoutAnswer = true }
        case .readingBody:
            phase = .timedOut
            closesAfterResponse = true
            if responsesOwed == 0 {
                // Already answered (the route did not wait for the body).
                context.close(promise: nil)
            } else {
                context.fireErrorCaught(APIError.requestTimeout(body: true, seconds: bodyTimeout.seconds))
            }
        case .betweenRequests, .timedOut:
            break
        }
    }

    /// Writes the 408 for a head too slow, and closes.
    private func answerTimeout(context: ChannelHandlerContext) {
        owesTimeoutAnswer = false
        let error = APIError.requestTimeout(body: false, seconds: headerTimeout.seconds)
        let (head, body) = error.channelAnswer(logger: logger, metrics: metrics)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(promise: nil)
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

/// Sees the raw bytes before the HTTP parser, to tell `RequestTimeoutHandler` when a request's
/// first bytes arrive (the parser passes nothing on until a head is whole).
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The handler told; the pipeline owns both, so this one does not keep it.
    weak var timeouts: RequestTimeoutHandler?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        timeouts?.bytesArrived()
        context.fireChannelRead(data)
    }
}

extension TimeAmount {
    /// Seconds as a message writes them: `20`, `0.5`.
    fileprivate var seconds: String {
        nanoseconds % 1_000_000_000 == 0 ? String(nanoseconds / 1_000_000_000) : String(Double(nanoseconds) / 1e9)
    }
}
