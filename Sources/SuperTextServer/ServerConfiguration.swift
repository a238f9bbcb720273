import Foundation
import Logging

/// Everything the server needs to start, as one plain value built from flags and environment
/// variables by the command line and passed down.
public struct ServerConfiguration: Sendable {
    /// Where the server listens.
    public enum Address: Sendable, Equatable, CustomStringConvertible {
        case tcp(host: String, port: Int)
        case unixSocket(path: String)

        public var description: String {
            switch self {
            case .tcp(let host, let port): "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
            case .unixSocket(let path): "unix:\(path)"
            }
        }
    }

    /// Where to listen: host and port, or a Unix domain socket.
    public var address: Address = .tcp(host: "127.0.0.1", port: 8080)
    /// The permissions of the Unix domain socket (`--socket-mode`): who may connect. Owner only
    /// by default.
    public var socketMode: mode_t = 0o600
    /// Directories searched for dictionaries before `Dictionaries/` and `/usr/share/hunspell`.
    public var dictionaryDirectories: [String] = []
    /// Worker threads that run checks (each with its own dictionaries).
    public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Largest request body accepted, in bytes; for the LanguageTool-compatible `/v2/check`, the
    /// most characters (UTF-16 code units) of text.
    public var bodyLimit: Int = 1 << 20
    /// Most checks waiting for a worker before new ones are refused with 503.
    public var queueLimit: Int = 64
    /// Longest a check may take before it is stopped with 503.
    public var checkTimeout: Duration = .seconds(30)
    /// The static web front end served at `/` (`nil`: none).
    public var publicDirectory: String? = "public"
    /// Size of the parts long texts are cut into for streaming, in UTF-8 bytes.
    public var partSize: Int = 16 * 1024
    /// A directory of the users' own rule files (`--rules`), read again when one changes.
    public var rulesDirectory: String?
    /// A directory whose `.supertext.toml` (there or above) applies to every check (`--project`).
    public var projectDirectory: String?

    /// Longest from a request's first byte to the end of its head (request line and header
    /// fields); then 408 and the connection is closed.
    public var headerTimeout: Duration = .seconds(20)
    /// Longest from the end of a request's head to the end of its body; then 408 and the
    /// connection is closed.
    public var bodyTimeout: Duration = .seconds(60)
    /// Longest a connection stays open with no request in progress (before its first request
    /// and between requests); then it is closed. Longer than the 60 seconds reverse proxies
    /// such as nginx keep idle connections to a server, so that the proxy closes first.
    public var idleTimeout: Duration = .seconds(75)
    /// Most connections open at once; a connection over it is answered 503 and closed.
    public var maxConnections: Int = 1024

    /// The SQLite file of history and the personal dictionary.
    public var databasePath: String = "supertext.sqlite"
    /// Whether checks are stored in history (a request can still opt out).
    public var historyEnabled = true
    /// Checks older than this are deleted (`nil`: kept).
    public var historyMaxAge: Duration?
    /// Only the newest this many checks are kept (`nil`: all).
    public var historyMaxCount: Int?
    /// When set, history, dictionary and insights need `Authorization: Bearer <token>`.
    public var apiToken: String?
    /// With a token: the check endpoints need it too.
    public var protectChecks = false
    /// With a token: `/metrics` is open all the same (for a scraper that cannot send it).
    public var metricsPublic = false
    /// With users: most checks a key sends a minute (`nil`: no limit).
    public var keyChecksPerMinute: Int?
    /// With users: most characters a key checks a day (`nil`: no limit).
    public var keyCharactersPerDay: Int?
    /// Wrong keys or tokens one address may send a minute before it is refused for the rest of
    /// it (0: no limit).
    public var failedKeysPerMinute = FailedKeys.standardLimit
    /// Origins (`https://docs.example.org`) whose pages may call the API from a browser: they get
    /// CORS answers and may change data. Pages of the server's own origin need no entry; other
    /// origins may only read what CORS lets them, and change nothing (`OriginGuardMiddleware`).
    public var allowedOrigins: [String] = []
    /// Host names (besides `localhost` and loopback addresses) that requests may be addressed to
    /// when the server listens on loopback without a token (`HostGuardMiddleware`).
    public var allowedHosts: [String] = []

    public init() {}

    /// A file mode as `chmod` writes it: `0600`.
    public static func octal(_ mode: mode_t) -> String {
        "0" + String(mode, radix: 8)
    }

    /// `text` as an origin in the form the server compares (`scheme://host[:port]`, lowercase,
    /// no default port), or `nil` when it is not one (a path, `null`, `*`).
    public static func webOrigin(_ text: String) -> String? {
        OriginGuardMiddleware.normalizedOrigin(text)
    }

    /// Whether the address is reachable only from this machine: a Unix socket, `localhost`, or
    /// an address of the loopback networks (127.0.0.0/8, ::1, and 127.0.0.0/8 mapped into IPv6).
    /// A host name other than `localhost` is not resolved, so it counts as reachable from afar.
    public var isLoopbackOnly: Bool {
        switch address {
        case .unixSocket: return true
        case .tcp(let host, _): return Self.isLoopback(host: host)
        }
    }

    /// Whether requests must name a loopback host or an allowed one: on a loopback TCP address
    /// without a token, where a page that renames itself to 127.0.0.1 could otherwise read history.
    public var guardsHost: Bool {
        guard case .tcp(let host, _) = address else { return false }
        return apiToken == nil && Self.isLoopback(host: host)
    }

    /// The host name of `host[:port]`, in lowercase, or `nil` when it is not one.
    public static func hostName(_ authority: String) -> String? {
        HostGuardMiddleware.hostName(authority)
    }

    /// Whether `host` is `localhost` or a loopback address, parsed as an address (never by
    /// its text: `127.0.0.1.example.com` is a host name, not a loopback address).
    public static func isLoopback(host: String) -> Bool {
        var host = Substring(host)
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, String(host), &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, String(host), &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let isMappedIPv4Loopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return isLoopback || isMappedIPv4Loopback
    }
}
