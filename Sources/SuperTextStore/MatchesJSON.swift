import SuperTextCore

/// The JSON of a check's `matches` column, written by hand.
///
/// Every stored check with mistakes encodes its matches once, and `JSONEncoder` cost more than
/// the insert itself (about three quarters of the CPU of saving a check with five typos). This
/// writes the same bytes as `JSONEncoder` with `.sortedKeys` (keys in order, `/` escaped as `\/`,
/// control characters as Foundation writes them), which `StoredCheck` reads back with
/// `JSONDecoder`. A test compares the two on real checks and on strings made to be awkward.
enum MatchesJSON {
    static func encode(_ matches: [Match]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(matches.count * 512 + 2)
        out.append(UInt8(ascii: "["))
        for (index, match) in matches.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            // Keys in sorted order, as `.sortedKeys` writes them.
            key("category", first: true, &out)
            string(match.category.rawValue, &out)
            key("explanation", &out)
            key("detail", first: true, nested: true, &out)
            string(match.explanation.detail, &out)
            key("kind", &out)
            string(match.explanation.kind.rawValue, &out)
            key("title", &out)
            string(match.explanation.title, &out)
            out.append(UInt8(ascii: "}"))
            key("length", &out)
            integer(match.length, &out)
            key("message", &out)
            string(match.message, &out)
            key("offset", &out)
            integer(match.offset, &out)
            key("rule", &out)
            string(match.rule, &out)
            key("shortMessage", &out)
            string(match.shortMessage, &out)
            key("suggestions", &out)
            out.append(UInt8(ascii: "["))
            for (position, suggestion) in match.suggestions.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                string(suggestion, &out)
            }
            out.append(UInt8(ascii: "]"))
            key("text", &out)
            string(match.text, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `{"name":` for the first key of an object, `,"name":` for the others.
    private static func key(_ name: StaticString, first: Bool = false, nested: Bool = false, _ out: inout [UInt8]) {
        out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    private static func integer(_ value: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: UTF-8 as it is, with Foundation's escapes.
    private static func string(_ value: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                    continue
                }
                if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                escape(byte, &out)
                start = index + 1
            }
            if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A byte that JSON, as Foundation writes it, escapes.
    private static func escape(_ byte: UInt8, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0..<0x20:
            out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        default: out.append(byte)  // ", \ and /
        }
    }
}
