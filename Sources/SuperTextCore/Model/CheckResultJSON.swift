/// The JSON of a check result, written by hand.
///
/// Every check is answered as JSON, and `JSONEncoder` (through `Codable`'s containers, boxes
/// and key sorting) cost more than a third of the CPU of the service answering documents of
/// 4 KB (a profile of `make bench-http`). This writes the same bytes as `JSONCoding.encoder()`
/// (keys sorted, `/` unescaped, `null` for a check without an id, no `warnings` when there are
/// none), and the same bytes as a plain `.sortedKeys` encoder (`/` written `\/`) for the
/// store's column of matches. Tests compare both with `JSONEncoder` on real checks and on
/// strings made to be awkward.
public enum CheckResultJSON {
    /// What `JSONCoding.encoder().encode(result)` writes.
    public static func encode(_ result: CheckResult) -> [UInt8] {
        var out = JSONBytes(escapingSlashes: false, capacity: result.correctedText.utf8.count + result.matches.count * 512 + 256)
        out.key("correctedText", first: true)
        out.string(result.correctedText)
        out.key("id")
        if let id = result.id { out.integer(id) } else { out.raw("null") }
        out.key("language")
        out.key("code", first: true)
        out.string(result.language.code)
        out.key("confidence")
        out.double(result.language.confidence)
        out.key("detected")
        out.bool(result.language.detected)
        out.key("name")
        out.string(result.language.name)
        out.close("}")
        out.key("matches")
        out.matches(result.matches)
        out.key("stats")
        out.key("characters", first: true)
        out.integer(result.stats.characters)
        out.key("matches")
        out.integer(result.stats.matches)
        out.key("milliseconds")
        out.double(result.stats.milliseconds)
        out.key("words")
        out.integer(result.stats.words)
        out.close("}")
        if !result.warnings.isEmpty {
            out.key("warnings")
            out.array(result.warnings) { $0.string($1) }
        }
        out.close("}")
        return out.bytes
    }

    /// What a `.sortedKeys` `JSONEncoder` writes for `matches` (`/` as `\/`), or, with
    /// `escapingSlashes` false, what `JSONCoding.encoder()` writes.
    public static func encode(_ matches: [Match], escapingSlashes: Bool) -> [UInt8] {
        var out = JSONBytes(escapingSlashes: escapingSlashes, capacity: matches.count * 512 + 2)
        out.matches(matches)
        return out.bytes
    }
}

/// Bytes of JSON as Foundation's `JSONEncoder` writes them, compact, for answers written by
/// hand: the caller writes each object's keys in sorted order.
public struct JSONBytes {
    public private(set) var bytes: [UInt8] = []
    private let escapesSlashes: Bool

    public init(escapingSlashes: Bool, capacity: Int) {
        escapesSlashes = escapingSlashes
        bytes.reserveCapacity(capacity)
    }

    /// `{"name":` for the first key of an object, `,"name":` for the others.
    public mutating func key(_ name: StaticString, first: Bool = false) {
        bytes.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func open(_ bracket: Unicode.Scalar) { bytes.append(UInt8(ascii: bracket)) }
    public mutating func close(_ bracket: Unicode.Scalar) { bytes.append(UInt8(ascii: bracket)) }
    public mutating func comma() { bytes.append(UInt8(ascii: ",")) }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// `[...]`, each element written by `element`, commas between.
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ element: (inout JSONBytes, Elements.Element) -> Void) {
        open("[")
        var first = true
        for value in elements {
            if !first { comma() }
            first = false
            element(&self, value)
        }
        close("]")
    }

    public mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// As `JSONEncoder` writes a finite `Double`: its description, without a trailing `.0`.
    /// JSON has no infinity or NaN, which no figure of a check can be; they would be written 0
    /// (where `JSONEncoder` throws) rather than fail an answer.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return bytes.append(UInt8(ascii: "0")) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string: UTF-8 as it is, with Foundation's escapes.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || (byte == UInt8(ascii: "/") && escapesSlashes)
                else { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                escape(byte)
                start = index + 1
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A byte that JSON, as Foundation writes it, escapes.
    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0..<0x20:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        default: bytes.append(byte)  // ", \ and /
        }
    }

    /// An array of matches, each object's keys in sorted order.
    public mutating func matches(_ matches: [Match]) {
        array(matches) { $0.match($1) }
    }

    private mutating func match(_ match: Match) {
        key("category", first: true)
        string(match.category.rawValue)
        key("explanation")
        key("detail", first: true)
        string(match.explanation.detail)
        key("kind")
        string(match.explanation.kind.rawValue)
        key("title")
        string(match.explanation.title)
        close("}")
        if let language = match.language {
            key("language")
            string(language)
        }
        key("length")
        integer(match.length)
        key("message")
        string(match.message)
        key("offset")
        integer(match.offset)
        key("rule")
        string(match.rule)
        key("shortMessage")
        string(match.shortMessage)
        key("suggestions")
        array(match.suggestions) { $0.string($1) }
        key("text")
        string(match.text)
        close("}")
    }
}
