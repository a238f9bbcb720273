import Foundation

/// Words of a language's frequency list written with accents that its Hunspell dictionary lacks,
/// by their letters without accents: Debian's Spanish dictionary rejects `cardiología`,
/// `pingüino` and `búnker`, so the index (the dictionary's words) cannot offer them for
/// `cardiologia`, `pinguino`, `bunker`, and a writer who leaves out an accent means them. A word
/// found in film subtitles with its accents, where the written word differs only by them, is a
/// stronger answer than any word the dictionary has a few edits away.
///
/// Our own table: the frequency list is read once, on the first word that asks (a few
/// milliseconds, not paid at start-up); only words written with a mark are kept.
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

    /// The list's `word<TAB>count` lines (as `WordFrequencies` reads them); only lines with a
    /// byte past ASCII are made into strings (a fifth of the Spanish list, few of the English),
    /// so that the first misspelled word of a language waits a few milliseconds, not tens.
    private static func read(_ path: String?) -> [String: [(word: String, count: UInt32)]] {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return [:] }
        var table: [String: [(word: String, count: UInt32)]] = [:]
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                var end = start, tab = -1, wide = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    if bytes[end] == UInt8(ascii: "\t"), tab < 0 { tab = end }
                    if bytes[end] >= 0x80 { wide = true }
                    end += 1
                }
                defer { start = end + 1 }
                guard wide, tab > start, bytes[start] != UInt8(ascii: "#") else { continue }
                var count: UInt32 = 0
                for index in (tab + 1)..<end {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { break }
                    count = count.multipliedReportingOverflow(by: 10).partialValue &+ UInt32(digit)
                }
                guard count >= minimumCount else { continue }
                let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<tab]), as: UTF8.self)
                    .precomposedStringWithCanonicalMapping
                let key = unaccented(word)
                if key != word { table[key, default: []].append((word, count)) }
            }
        }
        return table
    }
}
