/// What a word's shape and place say before any dictionary is asked: whether it looks like a
/// name, whether it starts a sentence, whether it is a unit symbol.
enum NameLikeWord {
    /// A capital followed by at least one lowercase letter and no digit: `Artem`, `Dribbble`,
    /// `McKinsey`; not `NASA`, `iPhone` or `X11`.
    static func isNameLike(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.properties.isUppercase else { return false }
        var hasLowercase = false
        for scalar in word.unicodeScalars.dropFirst() {
            if scalar.properties.isLowercase { hasLowercase = true }
            if scalar.properties.numericType != nil { return false }
        }
        return hasLowercase
    }

    /// Whether the word is the first of its sentence: nothing but opening quotes, brackets,
    /// list markers and spaces between it and the start of the text, a line break or a sentence's
    /// end (`.`, `!`, `?`, `:`, `…`).
    static func startsSentence(_ token: WordToken, in document: CheckedDocument) -> Bool {
        var index = token.byteRange.lowerBound
        let bytes = document.bytes
        while index > 0 {
            index -= 1
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: "["), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"):
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                return true
            case 0x80...0xFF:
                // Opening quotes, guillemets, no-break spaces, ¿ ¡ and the ellipsis: skip the
                // scalar's bytes and decide on what is before it.
                var start = index
                while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
                let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...index]), as: UTF8.self).unicodeScalars.first
                switch scalar {
                case "\u{2026}", "\u{BF}", "\u{A1}": return true
                case "\u{201C}", "\u{2018}", "\u{AB}", "\u{201E}", "\u{201A}", "\u{A0}", "\u{202F}", "\u{2014}", "\u{2013}", "\u{2022}":
                    index = start
                    continue
                default: return false
                }
            default:
                return false
            }
        }
        return true
    }

    /// Symbols of units people write after numbers: `µs`, `μm`, `mΩ`, `km²`, `°C`, `Å`.
    static func isUnitSymbol(_ word: String) -> Bool {
        guard word.unicodeScalars.count <= 6 else { return false }
        var hasSymbol = false
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\u{B5}", "\u{3BC}", "\u{3A9}", "\u{2126}", "\u{C5}", "\u{212B}", "\u{B0}", "\u{B2}", "\u{B3}", "\u{2030}":
                hasSymbol = true
            case "a"..."z", "A"..."Z", "/":
                continue
            default:
                return false
            }
        }
        return hasSymbol
    }
}
