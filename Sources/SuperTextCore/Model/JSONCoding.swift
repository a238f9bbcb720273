import Foundation

/// The JSON settings shared by every output of SuperText, so the command line and the HTTP API
/// write the same bytes for the same result.
public enum JSONCoding {
    /// An encoder for API output: compact, slashes unescaped.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = pretty ? [.withoutEscapingSlashes, .prettyPrinted, .sortedKeys] : [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}
