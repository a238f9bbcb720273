import Foundation

/// How often words occur in one language, from `Dictionaries/frequencies/<language>.tsv`
/// (lowercase words; see that directory's README for the source and its licence).
struct WordFrequencies {
    /// Counts by lowercase word.
    private(set) var counts: [String: UInt32] = [:]

    /// No counts: every word is equally rare.
    init() {}

    /// Reads a `word<TAB>count` file; lines starting with `#` are comments.
    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        counts.reserveCapacity(60_000)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t"), let count = UInt32(line[line.index(after: tab)...]) else {
                continue
            }
            let word = String(line[..<tab]).precomposedStringWithCanonicalMapping
            counts[word, default: 0] &+= count
        }
    }

    /// What the count of a capitalised word is multiplied by: more than 1 for German, whose
    /// nouns the source undercounts (see `Dictionaries/frequencies/README.md`).
    var capitalisedWordFactor: UInt32 = 1

    /// The count of a word, looked up in lowercase; 0 when the list does not have it.
    func count(of word: String) -> UInt32 {
        let count = counts[word.lowercased()] ?? 0
        guard capitalisedWordFactor > 1, let first = word.unicodeScalars.first, first.properties.isUppercase else {
            return count
        }
        return count.multipliedReportingOverflow(by: capitalisedWordFactor).overflow ? .max : count * capitalisedWordFactor
    }

    /// The frequency file of a language in the first of `directories` that has one:
    /// `<directory>/frequencies/<primary language>.tsv`.
    static func path(for language: InstalledLanguage, in directories: [String]) -> String? {
        for directory in directories {
            let path = directory + "/frequencies/" + language.primaryLanguage + ".tsv"
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return nil
    }
}
