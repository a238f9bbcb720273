import Foundation

/// What a language's words are: their parts of speech, their lemmas, and the other forms of a
/// lemma ("go" → went, gone, goes).
///
/// Open classes are read from `grammar/<language>-lexicon.tsv` (built from lemminflect by
/// `scripts/build-grammar-data.py`: `word<TAB>TAG:lemma TAG ...`); closed classes are added by
/// hand (`EnglishClosedClasses`). Immutable once loaded, shared by every worker.
public final class Lexicon: Sendable {
    /// One reading of a word: a tag and the lemma it is a form of.
    public struct Reading: Sendable, Equatable {
        public var tag: WordTag
        public var lemma: String
    }

    private let readingsByWord: [String: [Reading]]
    private let tagsByWord: [String: WordTags]
    /// Forms by lemma and tag: `formsByLemma["go"]![VBN] == "gone"`.
    private let formsByLemma: [String: [WordTag: String]]

    /// An empty lexicon: every word is unknown.
    public static let empty = Lexicon(readings: [:])

    init(readings: [String: [Reading]]) {
        readingsByWord = readings
        var tags: [String: WordTags] = [:]
        var forms: [String: [WordTag: String]] = [:]
        tags.reserveCapacity(readings.count)
        for (word, list) in readings {
            var set = WordTags()
            for reading in list {
                set.insert(reading.tag)
                // The first form listed for a lemma and tag wins (the files list regular forms first).
                if forms[reading.lemma]?[reading.tag] == nil { forms[reading.lemma, default: [:]][reading.tag] = word }
            }
            tags[word] = set
        }
        tagsByWord = tags
        formsByLemma = forms
    }

    /// Reads a lexicon file and adds the closed classes.
    /// - Throws: when the file cannot be read.
    public convenience init(path: String?, closedClasses: [String: [WordTag]]) throws {
        var readings: [String: [Reading]] = [:]
        if let path {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            readings.reserveCapacity(text.utf8.count / 24)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.first != "#" {
                guard let tab = line.firstIndex(of: "\t") else { continue }
                let word = String(line[..<tab])
                var list: [Reading] = []
                for field in line[line.index(after: tab)...].split(separator: " ") {
                    let parts = field.split(separator: ":", maxSplits: 1)
                    guard let tag = WordTag(name: String(parts[0])) else { continue }
                    list.append(Reading(tag: tag, lemma: parts.count > 1 ? String(parts[1]) : word))
                }
                readings[word] = list
            }
        }
        for (word, tags) in closedClasses {
            readings[word, default: []] += tags.map { Reading(tag: $0, lemma: word) }
        }
        self.init(readings: readings)
    }

    /// The tags of a lowercase word (empty when unknown).
    public func tags(of word: String) -> WordTags {
        tagsByWord[word] ?? WordTags()
    }

    /// The readings of a lowercase word.
    public func readings(of word: String) -> [Reading] {
        readingsByWord[word] ?? []
    }

    /// Whether the lexicon knows the word.
    public func knows(_ word: String) -> Bool { tagsByWord[word] != nil }

    /// The form of a lemma with a tag: `form(of: "go", as: .VBN) == "gone"`; the base form for
    /// `.VB`.
    public func form(of lemma: String, as tag: WordTag) -> String? {
        if tag == .VB || tag == .NN || tag == .JJ { return formsByLemma[lemma]?[tag] ?? (knows(lemma) ? lemma : nil) }
        return formsByLemma[lemma]?[tag]
    }

    /// The lemmas of a word read as one of `tags` (the word itself for a base form).
    public func lemmas(of word: String, as tags: WordTags) -> [String] {
        var result: [String] = []
        for reading in readings(of: word) where tags.contains(reading.tag) && !result.contains(reading.lemma) {
            result.append(reading.lemma)
        }
        return result
    }

    /// The word as another form of its own verb (or noun, adjective) lemma: `went` as `.VBN` is
    /// `gone`. Tries each lemma the word has in the tag's class ("does" as `.VB` is "do", not
    /// the plural of "doe").
    public func inflect(_ word: String, to tag: WordTag) -> String? {
        let inflectionClass = tag.inflectionClass
        for reading in readings(of: word) where inflectionClass.contains(reading.tag) {
            if let form = form(of: reading.lemma, as: tag), form != word || reading.tag == tag { return form }
        }
        return nil
    }

    /// The number of words.
    public var count: Int { readingsByWord.count }
}
