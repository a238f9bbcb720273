import Foundation

/// What a language's words are: their parts of speech, their lemmas, and the other forms of a
/// lemma ("go" → went, gone, goes).
///
/// Open classes are read from `grammar/<language>-lexicon.tsv` (English: built from
/// lemminflect by `scripts/build-grammar-data.py`, `word<TAB>TAG:lemma TAG ...`; French: from
/// the Hunspell dictionary by `scripts/build-french-lexicon.py`, whose readings carry features,
/// `maisons<TAB>NN.f.pl:maison`); closed classes are added by hand (`ClosedWordClasses`).
/// Immutable once loaded, shared by every worker.
public final class Lexicon: Sendable {
    /// One reading of a word: a tag, the lemma it is a form of, and its features (gender,
    /// number, person, tense; none in English).
    public struct Reading: Sendable, Equatable {
        public var tag: WordTag
        public var lemma: String
        public var features = WordFeatures()

        public init(tag: WordTag, lemma: String, features: WordFeatures = WordFeatures()) {
            self.tag = tag
            self.lemma = lemma
            self.features = features
        }
    }

    /// A form of a lemma with its tag and features.
    struct Form: Sendable {
        var tag: WordTag
        var features: WordFeatures
        var word: String
    }

    private let readingsByWord: [String: [Reading]]
    private let tagsByWord: [String: WordTags]
    /// Forms by lemma and tag: `formsByLemma["go"]![VBN] == "gone"`.
    private let formsByLemma: [String: [WordTag: String]]
    /// Every form of a lemma that has features, by lemma (French: `maison` → maison, maisons).
    private let featuredForms: [String: [Form]]

    /// An empty lexicon: every word is unknown.
    public static let empty = Lexicon(readings: [:])

    init(readings: [String: [Reading]]) {
        readingsByWord = readings
        var tags: [String: WordTags] = [:]
        var forms: [String: [WordTag: String]] = [:]
        var featured: [String: [Form]] = [:]
        tags.reserveCapacity(readings.count)
        for (word, list) in readings {
            var set = WordTags()
            for reading in list {
                set.insert(reading.tag)
                if reading.features.isEmpty {
                    // The first form listed for a lemma and tag wins (the files list regular forms first).
                    if forms[reading.lemma]?[reading.tag] == nil { forms[reading.lemma, default: [:]][reading.tag] = word }
                } else {
                    // Readings with features are found by `featuredForms` (one table, not two).
                    featured[reading.lemma, default: []].append(Form(tag: reading.tag, features: reading.features, word: word))
                }
            }
            tags[word] = set
        }
        // In code point order, so that the form chosen among equals does not depend on the
        // order of a dictionary.
        for lemma in featured.keys { featured[lemma]!.sort { $0.word < $1.word } }
        tagsByWord = tags
        formsByLemma = forms
        featuredForms = featured
    }

    /// Reads a lexicon file and adds the closed classes.
    /// - Throws: when the file cannot be read.
    public convenience init(path: String?, closedClasses: [String: [Reading]]) throws {
        var readings: [String: [Reading]] = [:]
        if let path {
            // Read as bytes: splitting a String of a hundred thousand lines by Character took
            // most of loading the French lexicon.
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            readings.reserveCapacity(data.count / 32)
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                    defer { start = end + 1 }
                    guard end > start, bytes[start] != UInt8(ascii: "#") else { continue }
                    var tab = start
                    while tab < end, bytes[tab] != 0x09 { tab += 1 }
                    guard tab < end else { continue }
                    let word = string(start..<tab)
                    var list: [Reading] = []
                    var field = tab + 1
                    while field < end {
                        var fieldEnd = field
                        while fieldEnd < end, bytes[fieldEnd] != UInt8(ascii: " ") { fieldEnd += 1 }
                        defer { field = fieldEnd + 1 }
                        // `TAG`, `TAG.feature.feature`, then `:lemma` or nothing.
                        var colon = field
                        while colon < fieldEnd, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                        var dot = field
                        while dot < colon, bytes[dot] != UInt8(ascii: ".") { dot += 1 }
                        guard let tag = WordTag(name: string(field..<dot)) else { continue }
                        var features = WordFeatures()
                        var known = true
                        var name = dot + 1
                        while name < colon {
                            var nameEnd = name
                            while nameEnd < colon, bytes[nameEnd] != UInt8(ascii: ".") { nameEnd += 1 }
                            if let feature = WordFeature(name: string(name..<nameEnd)) { features.bits |= feature.bit } else { known = false }
                            name = nameEnd + 1
                        }
                        guard known else { continue }
                        list.append(Reading(tag: tag, lemma: colon < fieldEnd ? string(colon + 1..<fieldEnd) : word, features: features))
                    }
                    readings[word] = list
                }
            }
        }
        for (word, list) in closedClasses {
            readings[word, default: []] += list
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
        let form = formsByLemma[lemma]?[tag] ?? featuredForms[lemma]?.first { $0.tag == tag }?.word
        if tag == .VB || tag == .NN || tag == .JJ { return form ?? (knows(lemma) ? lemma : nil) }
        return form
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

    /// Whether the word has a reading with `tag` (any tag when nil) and every feature of `features`.
    public func hasReading(_ word: String, tag: WordTag?, features: WordFeatures = WordFeatures()) -> Bool {
        readings(of: word).contains { (tag == nil || $0.tag == tag) && $0.features.isSuperset(of: features) }
    }

    /// The word as another form of its lemma, chosen by tag and features: `maison` as
    /// `.NN` plural is `maisons`, `mange` as `.VBF` third person plural is `mangent`, `grand` as
    /// `.JJ` feminine is `grande`. The dimensions `features` names (gender, number, person,
    /// tense) are replaced; the others are kept from the word's reading (a feminine noun stays
    /// feminine, a verb in the imperfect stays in the imperfect). Nil when the lexicon has no
    /// such form.
    public func inflect(_ word: String, to tag: WordTag, features: WordFeatures) -> String? {
        inflections(of: word, to: tag, features: features).first
    }

    /// Every form `inflect` could choose, best first, without repeats.
    public func inflections(of word: String, to tag: WordTag, features: WordFeatures) -> [String] {
        let inflectionClass = tag.inflectionClass
        var result: [String] = []
        for reading in readings(of: word) where inflectionClass.contains(reading.tag) {
            var best: [(score: Int, word: String)] = []
            for form in featuredForms[reading.lemma] ?? [] where form.tag == tag {
                var score = 0
                var fits = true
                for dimension in WordFeatures.dimensions {
                    let wanted = features.intersection(dimension)
                    let formBits = form.features.intersection(dimension)
                    if !wanted.isEmpty {
                        if !formBits.isSuperset(of: wanted) { fits = false; break }
                        if formBits == wanted { score += 1 }
                        continue
                    }
                    let kept = reading.features.intersection(dimension)
                    guard !kept.isEmpty, !formBits.isEmpty else { continue }
                    if formBits.intersection(kept).isEmpty { fits = false; break }
                    if formBits == kept { score += 1 }
                }
                if fits { best.append((score, form.word)) }
            }
            // Highest score first; among equals, the order of the lexicon (code point order).
            for candidate in best.enumerated().sorted(by: { ($1.element.score, $0.offset) < ($0.element.score, $1.offset) }) {
                let form = candidate.element.word
                if form != word, !result.contains(form) { result.append(form) }
            }
        }
        return result
    }

    /// The number of words.
    public var count: Int { readingsByWord.count }
}
