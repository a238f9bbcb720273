/// How a word uses capitals, for the spelling decisions that depend on it.
enum WordCase {
    /// Two letters or more, all capitals, with perhaps a plural `s`: `API`, `APIs`, `NASA`.
    static func isAcronym<Word: StringProtocol>(_ word: Word) -> Bool {
        var capitals = 0
        var others = 0
        for character in word where character.isLetter {
            if character.isUppercase { capitals += 1 } else { others += 1 }
        }
        return capitals >= 2 && (others == 0 || (others == 1 && word.last == "s"))
    }

    /// Capitals after the first letter, and small letters too: `XMLSec`, `GLib`, `ESLint`, but
    /// also the slip `THis`.
    static func hasInnerCapitals<Word: StringProtocol>(_ word: Word) -> Bool {
        var sawSmall = false
        var sawInnerCapital = false
        // ASCII by its bytes: walking characters through Unicode's tables was a hundredth of a check.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            for (index, byte) in word.utf8.enumerated() {
                if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") { sawSmall = true }
                if index > 0, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { sawInnerCapital = true }
            }
            return sawSmall && sawInnerCapital
        }
        for (index, character) in word.enumerated() where character.isLetter {
            if character.isLowercase { sawSmall = true }
            if index > 0, character.isUppercase { sawInnerCapital = true }
        }
        return sawSmall && sawInnerCapital
    }

    /// The word with its first letter a capital and the others small: `THis` → `This`.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    /// Whether the text starts with a capital letter.
    static func startsWithCapital(_ text: String) -> Bool {
        // ASCII without Unicode's property tables, which were a hundredth of a check.
        if let first = text.utf8.first, first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
        return text.unicodeScalars.first?.properties.isUppercase ?? false
    }

    /// The text with its first letter a capital, the rest unchanged: `have` → `Have`.
    static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
