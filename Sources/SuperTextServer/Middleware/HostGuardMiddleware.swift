import HTTPTypes
import Hummingbird
import SuperTextCore

/// On a loopback address without a token, answers only requests addressed to a loopback name
/// (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`) or to a host allowed with `--allowed-host`
/// or `--allowed-origin`.
///
/// A page of another site can rename itself to 127.0.0.1 in its DNS (DNS rebinding): its
/// requests then reach this server as the page's own origin, which `OriginGuardMiddleware`
/// cannot tell from the server's own page, but they still carry the site's name in `Host`.
/// Hummingbird has no host filter, hence this one. A request without `Host` (HTTP/1.0) is not a
/// browser's and passes.
struct HostGuardMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Host names allowed besides the loopback ones, in lowercase, without port.
    let allowedHosts: Set<String>

    init(allowedHosts: [String], allowedOrigins: [String]) {
        var hosts = Set(allowedHosts.map { $0.lowercased() })
        for origin in allowedOrigins {
            if let authority = origin.split(separator: "://", maxSplits: 1).last, let host = Self.hostName(String(authority)) {
                hosts.insert(host)
            }
        }
        self.allowedHosts = hosts
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority else { return try await next(request, context) }
        guard let host = Self.hostName(authority) else {
            throw APIError(.hostNotAllowed, "The Host header '\(authority.prefix(100))' is not a host name.")
        }
        if ServerConfiguration.isLoopback(host: host) || host.hasSuffix(".localhost") || allowedHosts.contains(host) {
            return try await next(request, context)
        }
        throw APIError(
            .hostNotAllowed,
            "This server listens on loopback without an API token, so it answers only requests to localhost or a "
                + "loopback address, not to '\(host.prefix(100))' (a page of another site can give its own name "
                + "this machine's address). Open it as http://127.0.0.1, start it with --allowed-host \(host.prefix(100)), "
                + "or set --api-token."
        )
    }

    /// The host of `host[:port]` or `[v6]:port`, in lowercase; `nil` when it is not one.
    static func hostName(_ authority: String) -> String? {
        var text = Substring(authority.lowercased())
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            return String(text[...close])
        }
        if let colon = text.lastIndex(of: ":") {
            guard text[text.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            text = text[..<colon]
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }) else { return nil }
        return String(text)
    }
}
