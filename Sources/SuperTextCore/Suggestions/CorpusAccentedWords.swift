import Foundation

/// Words of a language's frequency list written with accents that its Hunspell dictionary lacks,
/// by their letters without accents: Debian's Spanish dictionary rejects `cardiología`,
/// `pingüino` and `búnker`, so the index (the dictionary's words) cannot offer them for
/// `cardiologia`, `pinguino`, `bunker`, and a writer who leaves out an accent means them. A word
/// found in film subtitles with its accents, where the written word differs only by them, is a
/// stronger answer than any word the dictionary has a few edits away.
///
/// Our own table: the frequency list is read once, on the first word that asks (a tenth of a
/// second at most, not paid at start-up); only words written with a mark are kept.
final class CorpusAccentedWords: @unchecked Sendable {
    /// A word seen fewer times than this may be a slip of the subtitles' own (`naúsea`).
    static let minimumCount: UInt32 = 20

    private let path: String?
    private let lock = NSLock()
    private var table: [String: [(word: String, count: UInt32)]]?

    init(frequencyPath: String?) {
        path = frequencyPath
    }

    /// The list's words written with accents whose letters without them are `lowercased`'s,
    /// other than `lowercased` itself.
    func words(accentedAs lowercased: String) -> [(word: String, count: UInt32)] {
        let key = Self.unaccented(lowercased)
        let table = lock.withLock {
            if let table = self.table { return table }
            let made = Self.read(path)
            self.table = made
            return made
        }
        return table[key, default: []].filter { $0.word != lowercased }
    }

    /// The letters without their marks (`pingüino` → `pinguino`, `año` → `ano`).
    static func unaccented(_ word: String) -> String {
        String(String.UnicodeScalarView(word.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
        }))
    }

    private static func read(_ path: String?) -> [String: [(word: String, count: UInt32)]] {
        guard let path, let frequencies = try? WordFrequencies(path: path) else { return [:] }
        var table: [String: [(word: String, count: UInt32)]] = [:]
        for (word, count) in frequencies.counts where count >= minimumCount && !word.unicodeScalars.allSatisfy(\.isASCII) {
            let key = unaccented(word)
            if key != word { table[key, default: []].append((word, count)) }
        }
        return table
    }
}
