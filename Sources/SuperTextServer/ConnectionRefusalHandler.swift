import NIOCore

/// The whole pipeline of a connection refused by `ConnectionLimiter`: answers 503 with the API's
/// JSON error as soon as the connection is open, then closes it.
///
/// No HTTP parser is set up for it: the answer does not depend on the request. Closing a socket
/// with unread bytes makes the kernel reset the connection, and the client may lose the answer;
/// so the handler shuts its side down after the answer, drops what the client sends, and closes
/// when the client does, or after `grace`.
final class ConnectionRefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The longest a refused connection stays open once answered.
    static let grace: TimeAmount = .seconds(2)

    /// The 503, as bytes on the wire; `nil` to close without an answer.
    private let answer: [UInt8]?
    private var hasRefused = false
    private var graceTimer: Scheduled<Void>?

    /// - Parameter answers: whether to answer 503 before closing.
    init(answers: Bool) {
        answer = answers ? Self.answerHead + Array("X-Request-Id: \(RequestIDHeader.fresh())\r\n\r\n".utf8) + Self.answerBody : nil
    }

    /// The body of the answer to a refused connection.
    static let answerBody = APIError.tooManyConnections.jsonBytes

    /// The raw HTTP/1.1 head of the answer to a refused connection, but for its request id
    /// (each answer has its own; refusals are not logged one by one, `ConnectionLimiter` logs
    /// the limit).
    static let answerHead: [UInt8] = {
        let head = "HTTP/1.1 503 Service Unavailable\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(answerBody.count)\r\n"
            + "Connection: close\r\n"
            + "Retry-After: 1\r\n"
            + "Server: SuperText\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
        return Array(head.utf8)
    }()

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuse(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuse(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The request is not read: the answer is the same whatever it is.
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        graceTimer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        graceTimer = nil
    }

    private func refuse(context: ChannelHandlerContext) {
        guard !hasRefused else { return }
        hasRefused = true
        guard let answer else {
            context.close(promise: nil)
            return
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: answer)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { result in
            switch result {
            case .success: context.close(mode: .output, promise: nil)
            case .failure: context.close(promise: nil)
            }
        }
        graceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.grace) {
            context.close(promise: nil)
        }
    }
}
