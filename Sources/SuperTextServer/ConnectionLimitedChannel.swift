import HummingbirdCore
import Logging
import NIOCore

/// A server child channel that serves a connection through `base` while `limiter` admits it,
/// and otherwise refuses it with `ConnectionRefusalHandler` alone in its pipeline.
///
/// This is the hook Hummingbird offers on each new connection (a `ServerChildChannel`, given to
/// the server through `HTTPServerBuilder`): a refused connection costs no HTTP parser and no
/// request handling.
struct ConnectionLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    /// A connection set up to be served, or refused.
    enum Value: ServerChildChannelValue {
        case served(Base.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .served(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    let base: Base
    let limiter: ConnectionLimiter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limiter = self.limiter
        switch limiter.admit() {
        case .served:
            channel.closeFuture.whenComplete { _ in limiter.connectionClosed() }
            return base.setup(channel: channel, logger: logger).map { .served($0) }
        case .refused(let answered):
            if answered { channel.closeFuture.whenComplete { _ in limiter.refusalClosed() } }
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ConnectionRefusalHandler(answers: answered))
                return .refused(channel)
            }
        }
    }

    func handle(value: Value, logger: Logger) async {
        switch value {
        case .served(let value):
            await base.handle(value: value, logger: logger)
        case .refused(let channel):
            try? await channel.closeFuture.get()
        }
    }
}
