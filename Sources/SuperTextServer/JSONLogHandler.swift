#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif
import Logging

/// A swift-log handler that writes one JSON object per line (`--log-format json`), for log
/// collectors (Loki, Elasticsearch, CloudWatch, `jq`):
///
/// ```json
/// {"timestamp":"2026-11-20T09:30:12.345Z","level":"info","message":"GET /api/v1/check 200 8.4ms","label":"supertext","source":"SuperTextServer","duration_ms":8.4,"hb.request.id":"3f9a…","route":"/api/v1/check","status":200}
/// ```
///
/// `timestamp` (UTC, milliseconds), `level`, `message`, `label` and `source` (the module that
/// logged) come first, then the metadata, each key at the top level in key order (a key that
/// is one of those five gets a `metadata.` prefix), then `error` when the event carries one.
/// Metadata given as integers, floating-point numbers and booleans are JSON numbers and
/// booleans; everything else is a string, a list an array, a dictionary an object.
///
/// Our own because no log handler in the package mirror writes JSON: swift-log's
/// `StreamLogHandler` writes text, and swift-otel's handler exports to an OpenTelemetry
/// collector, not to a stream.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let write: @Sendable ([UInt8]) -> Void

    /// A handler writing each line to standard error, as swift-log's default handler does.
    public static func standardError(label: String) -> JSONLogHandler {
        JSONLogHandler(label: label, write: Self.writeToStandardError)
    }

    /// - Parameters:
    ///   - label: the logger's label, written as `label`.
    ///   - write: called with each line, its final line feed included.
    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadataProvider?.get() ?? [:]
        merged.merge(metadata) { _, handler in handler }
        if let given = event.metadata { merged.merge(given) { _, event in event } }
        write(Self.line(
            timestamp: Self.timestamp(), level: event.level, message: "\(event.message)", label: label,
            source: event.source, metadata: merged, error: event.error
        ))
    }

    /// The keys every line starts with.
    static let fixedKeys: Set<String> = ["timestamp", "level", "message", "label", "source"]

    /// One log line, as bytes, ending in a line feed.
    static func line(
        timestamp: String, level: Logger.Level, message: String, label: String, source: String,
        metadata: Logger.Metadata, error: (any Error)? = nil
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + message.utf8.count)
        out.append(UInt8(ascii: "{"))
        func field(_ key: String, _ write: (inout [UInt8]) -> Void) {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            write(&out)
        }
        field("timestamp") { appendString(timestamp, to: &$0) }
        field("level") { appendString(level.rawValue, to: &$0) }
        field("message") { appendString(message, to: &$0) }
        field("label") { appendString(label, to: &$0) }
        field("source") { appendString(source, to: &$0) }
        for key in metadata.keys.sorted() {
            field(fixedKeys.contains(key) || key == "error" ? "metadata.\(key)" : key) { appendValue(metadata[key]!, to: &$0) }
        }
        if let error {
            field("error") { appendString(String(describing: error), to: &$0) }
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    private static func appendValue(_ value: Logger.Metadata.Value, to out: inout [UInt8]) {
        switch value {
        case .string(let string):
            appendString(string, to: &out)
        case .stringConvertible(let convertible):
            switch convertible {
            case let bool as Bool:
                out.append(contentsOf: (bool ? "true" : "false").utf8)
            case is any BinaryInteger:
                out.append(contentsOf: convertible.description.utf8)
            case let number as any BinaryFloatingPoint where Double(number).isFinite:
                out.append(contentsOf: convertible.description.utf8)
            default:
                appendString(convertible.description, to: &out)
            }
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendValue(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            out.append(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                appendValue(dictionary[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped (U+2028 and U+2029
    /// too, which some JavaScript readers take for line ends).
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: #"\""#.utf8)
            case "\\": out.append(contentsOf: #"\\"#.utf8)
            case "\n": out.append(contentsOf: #"\n"#.utf8)
            case "\r": out.append(contentsOf: #"\r"#.utf8)
            case "\t": out.append(contentsOf: #"\t"#.utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Now, in UTC with milliseconds: `2026-11-20T09:30:12.345Z`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-" + digits(Int(parts.tm_mday), 2)
            + "T" + digits(Int(parts.tm_hour), 2) + ":" + digits(Int(parts.tm_min), 2) + ":" + digits(Int(parts.tm_sec), 2)
            + "." + digits(Int(now.tv_nsec) / 1_000_000, 3) + "Z"
    }

    /// Writes a whole line to standard error, retrying what a short write left.
    private static let writeToStandardError: @Sendable ([UInt8]) -> Void = { line in
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
