/// Writing systems, as far as language detection and word filtering need them.
enum Script: String, Sendable, CaseIterable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, thai, georgian, hangul
    case japanese, han, other

    /// The English name, for messages.
    var name: String {
        switch self {
        case .han: "Han (Chinese)"
        case .japanese: "Japanese kana"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// The script of a letter.
    static func of(_ scalar: Unicode.Scalar) -> Script {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x400...0x52F: .cyrillic
        case 0x530...0x58F: .armenian
        case 0x590...0x5FF: .hebrew
        case 0x600...0x6FF, 0x750...0x77F: .arabic
        case 0x900...0x97F: .devanagari
        case 0xE00...0xE7F: .thai
        case 0x10A0...0x10FF: .georgian
        case 0x1100...0x11FF, 0xAC00...0xD7AF: .hangul
        case 0x3040...0x30FF: .japanese
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: .han
        default: .other
        }
    }

    /// The script a language is written in, by its primary subtag.
    static func of(language primary: String) -> Script {
        switch primary {
        case "ru", "uk", "bg", "be", "mk", "sr", "kk", "ky", "mn", "tg": .cyrillic
        case "el": .greek
        case "hy": .armenian
        case "he", "yi": .hebrew
        case "ar", "fa", "ur", "ps": .arabic
        case "hi", "mr", "ne", "sa": .devanagari
        case "th": .thai
        case "ka": .georgian
        case "ko": .hangul
        case "ja": .japanese
        case "zh": .han
        default: .latin
        }
    }

    /// The script of most letters of a word, or `nil` when it has no letters.
    static func dominant(in word: Substring.UnicodeScalarView) -> Script? {
        var counts: [Script: Int] = [:]
        for scalar in word where scalar.properties.isAlphabetic {
            counts[Script.of(scalar), default: 0] += 1
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key
    }
}
