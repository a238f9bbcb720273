import Hummingbird
import Logging

/// The request context of every route.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Who sent the request, once `AccessMiddleware` (or a `/v2` route) has said: whose data it
    /// reads and changes.
    var caller: Caller = .solo
    /// The client's IP address (none over a Unix socket), for the slowing down of failed keys.
    let clientAddress: String?

    public init(source: Source) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
