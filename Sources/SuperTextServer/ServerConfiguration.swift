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
    /// Origins (`https://docs.example.org`) whose pages may call the API from a browser: they get
    /// CORS answers and may change data. Pages of the server's own origin need no entry; other
    /// origins may only read what CORS lets them, and change nothing (`OriginGuardMiddleware`).
    public var allowedOrigins: [String] = []

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

    /// Whether the address is reachable only from this machine.
    public var isLoopbackOnly: Bool {
        switch address {
        case .unixSocket: return true
        case .tcp(let host, _):
            return host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}
