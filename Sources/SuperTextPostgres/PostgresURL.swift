import Foundation
import SuperTextStore

/// A `postgres://user:password@host:port/database?sslmode=...` URL, read into its parts.
struct PostgresURL: Sendable, Equatable {
    enum SSLMode: String, Sendable { case disable, prefer, require }

    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String
    var sslMode: SSLMode

    /// - Throws: `StoreError.cannotOpen` saying what is wrong with the URL.
    init(_ url: String) throws {
        func bad(_ reason: String) -> StoreError {
            StoreError.cannotOpen(path: Self.redact(url), reason: reason)
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              ["postgres", "postgresql"].contains(scheme)
        else { throw bad("it is not a postgres://user@host:port/database URL") }
        guard let host = components.host, !host.isEmpty else { throw bad("the URL names no host") }
        guard let user = components.user, !user.isEmpty else { throw bad("the URL names no user (postgres://user@host/database)") }
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.host = host
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? self.user : (path.removingPercentEncoding ?? path)
        sslMode = .prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                    throw bad("sslmode must be disable, prefer or require, not '\(item.value ?? "")'")
                }
                sslMode = mode
            default:
                throw bad("unknown parameter '\(item.name)' (only sslmode is read)")
            }
        }
    }

    /// The URL without its password, for logs and messages.
    var redacted: String {
        "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }

    static func redact(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "the PostgreSQL URL" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "the PostgreSQL URL"
    }
}
