import HTTPTypes
import Hummingbird

/// `X-Request-Id`: the id of a request, taken from the client when it sends a sane one (a proxy
/// or a caller that logs its own), made up otherwise, returned on every answer and written in
/// every log line of the request (`RequestLogMiddleware`).
enum RequestIDHeader {
    static let name = HTTPField.Name("X-Request-Id")!

    /// The longest id taken from a client; longer ones are replaced.
    static let maxLength = 128

    /// The logger metadata key of the request id: Hummingbird's own, which it sets for every
    /// request and `RequestContext.id` reads.
    static let metadataKey = "hb.request.id"

    /// `value` when it is 1 to `maxLength` characters among letters, digits and `-_.:+/=@`
    /// (UUIDs, hexadecimal, base64 and the ids of common proxies and tracers), else `nil`: a
    /// client cannot put spaces, quotes, control characters or a flood of bytes into the logs.
    static func accepted(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maxLength else { return nil }
        let isSafe = value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"),
                 UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "@"):
                true
            default:
                false
            }
        }
        return isSafe ? value : nil
    }

    /// A new id, as Hummingbird makes them for requests: for answers written below the router,
    /// which have no request context.
    static func fresh() -> String {
        RequestID().description
    }
}
