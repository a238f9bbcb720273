import Foundation

/// Whether an English word is said with a vowel or a consonant first, from the CMU Pronouncing
/// Dictionary that Debian's `pocketsphinx-en-us` installs beside the trigram model (134,723
/// pronunciations, BSD-2-Clause): "an hour", "a university", "an Euler brick", "a one-off".
///
/// Only the first sound of each word is kept, as one bit for a vowel and one for a consonant
/// (a word with both among its pronunciations, "SQL" said as letters or as "sequel", has both),
/// by the sorted FNV-1a hashes of the lowercase words: 1.2 MB rather than the file's 3.2.
public final class FirstSounds: Sendable {
    private let sounds: HashedTable<UInt8>
    private static let vowel: UInt8 = 1, consonant: UInt8 = 2

    public enum FormatError: Error, CustomStringConvertible {
        case malformed(String, Int)
        public var description: String {
            switch self { case .malformed(let path, let line): "\(path):\(line): not `word PHONEME ...` of a pronouncing dictionary" }
        }
    }

    /// Reads `word PHONEME PHONEME ...` lines; `word(2)` is a second pronunciation of `word`.
    /// Read as bytes (the file's words are lowercase already): splitting 134,723 lines into
    /// strings took a tenth of a second of the service's start.
    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var entries: [(hash: UInt64, value: UInt8)] = []
        entries.reserveCapacity(140_000)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")
            var start = 0, number = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                number += 1
                defer { start = end + 1 }
                guard end > start else { continue }
                var wordEnd = start
                while wordEnd < end, bytes[wordEnd] != space { wordEnd += 1 }
                var phoneme = wordEnd
                while phoneme < end, bytes[phoneme] == space { phoneme += 1 }
                guard wordEnd > start, phoneme < end else { throw FormatError.malformed(path, number) }
                // `word(2)`: the word before the parenthesis.
                var word = start..<wordEnd
                if bytes[wordEnd - 1] == UInt8(ascii: ")"), let open = (start..<wordEnd).last(where: { bytes[$0] == UInt8(ascii: "(") }) {
                    word = start..<open
                }
                var hasher = FNV1a()
                for index in word { hasher.add(byte: Self.lowercased(bytes[index])) }
                // ARPAbet's vowels all start with A, E, I, O or U; no consonant does.
                let isVowel = [UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"), UInt8(ascii: "O"), UInt8(ascii: "U")].contains(bytes[phoneme])
                entries.append((hasher.value, isVowel ? Self.vowel : Self.consonant))
            }
        }
        sounds = HashedTable(entries, merge: |)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// How a word's first sound can be said.
    public enum Sound: Sendable { case vowel, consonant, either }

    /// The word's first sound; nil when the dictionary does not have the word.
    public func firstSound(of word: String) -> Sound? {
        guard let sound = sounds[word.lowercased()] else { return nil }
        switch sound {
        case Self.vowel: return .vowel
        case Self.consonant: return .consonant
        default: return .either
        }
    }
}
