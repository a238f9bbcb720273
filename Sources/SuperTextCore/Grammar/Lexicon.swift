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

    /// A reading as stored, in 8 bytes: the lemma as a string number, the tag and the features.
    private struct StoredReading {
        private var packed: UInt64

        init(lemma: UInt32, features: UInt32, tag: UInt8) {
            packed = UInt64(lemma) << 32 | UInt64(tag) << 24 | UInt64(features & 0xFF_FFFF)
        }

        init(packed: UInt64) { self.packed = packed }

        var packedValue: UInt64 { packed }

        var lemma: UInt32 { UInt32(truncatingIfNeeded: packed >> 32) }
        var tag: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }
        var features: UInt32 { UInt32(truncatingIfNeeded: packed) & 0xFF_FFFF }
    }

    /// Every word and lemma, each once, numbered.
    private let strings: InternedStrings
    /// By string number: the tags of the word, and `listedBit` when the lexicon lists it.
    private let tagBits: [UInt32]
    /// By string number: where its readings start in `readingList` (one more entry, the end).
    private let readingStarts: [UInt32]
    private let readingList: [StoredReading]
    /// By string number as a lemma: where its forms start in `formList` (one more entry, the end);
    /// a form is the number of its reading in `readingList`.
    /// A lemma's forms without features come first, in the order of the file (the first listed
    /// for a tag wins: the files list regular forms first); those with features follow in code
    /// point order, so that the form chosen among equals does not depend on a hash.
    private let formStarts: [UInt32]
    private let formList: [UInt32]
    private static let listedBit: UInt32 = 1 << 31

    /// An empty lexicon: every word is unknown.
    public static let empty = Lexicon(readings: [:])

    /// A lexicon of the words of `readings`, in the order of their words' code points.
    convenience init(readings: [String: [Reading]]) {
        var builder = Builder()
        for word in readings.keys.sorted() { builder.add(word: Array(word.utf8), readings: readings[word]!) }
        self.init(builder)
    }

    /// The lexicon's tables in one flat arrangement rather than a `Dictionary` of arrays of
    /// strings per word: the four grammars' lexicons took about 70 MB so and about a third of that now.
    private struct Builder {
        init() { precondition(WordFeature.allCases.count <= 24, "a stored reading keeps 24 bits of features") }

        var strings = InternedStrings()
        /// By string number: the word's readings in `pending` (start, count), the last line wins.
        var lines: [(start: UInt32, count: UInt32)] = []
        var pending: [StoredReading] = []
        /// Readings added after the file's (the closed classes), by string number.
        var extra: [UInt32: [StoredReading]] = [:]

        mutating func number(_ bytes: some Collection<UInt8>) -> UInt32 {
            let id = strings.intern(bytes)
            if Int(id) == lines.count { lines.append((UInt32.max, 0)) }
            return id
        }

        mutating func stored(_ reading: Reading) -> StoredReading {
            StoredReading(lemma: number(Array(reading.lemma.utf8)), features: reading.features.bits, tag: reading.tag.rawValue)
        }

        mutating func add(word: [UInt8], readings: [Reading]) {
            let id = number(word)
            let start = UInt32(pending.count)
            for reading in readings { pending.append(stored(reading)) }
            lines[Int(id)] = (start, UInt32(readings.count))
        }

        mutating func addLine(word: UnsafeBufferPointer<UInt8>, readings: [(tag: WordTag, features: WordFeatures, lemma: UnsafeBufferPointer<UInt8>?)]) {
            let id = number(word)
            let start = UInt32(pending.count)
            for reading in readings {
                let lemma = reading.lemma.map { number($0) } ?? id
                pending.append(StoredReading(lemma: lemma, features: reading.features.bits, tag: reading.tag.rawValue))
            }
            lines[Int(id)] = (start, UInt32(readings.count))
        }

        mutating func addExtra(word: String, readings: [Reading]) {
            let id = number(Array(word.utf8))
            if lines[Int(id)].start == UInt32.max { lines[Int(id)] = (UInt32(pending.count), 0) }
            for reading in readings { extra[id, default: []].append(stored(reading)) }
        }
    }

    private convenience init(_ builder: Builder) {
        let count = builder.lines.count
        var tagBits = [UInt32](repeating: 0, count: count)
        var readingStarts: [UInt32] = []
        readingStarts.reserveCapacity(count + 1)
        var readingList: [StoredReading] = []
        readingList.reserveCapacity(builder.pending.count + builder.extra.count)
        var formCounts = [UInt32](repeating: 0, count: count + 1)
        for id in 0..<count {
            readingStarts.append(UInt32(readingList.count))
            let line = builder.lines[id]
            guard line.start != UInt32.max else { continue }
            tagBits[id] = Self.listedBit
            func add(_ reading: StoredReading) {
                readingList.append(reading)
                tagBits[id] |= 1 << UInt32(reading.tag)
                formCounts[Int(reading.lemma)] += 1
            }
            for index in Int(line.start)..<Int(line.start + line.count) { add(builder.pending[index]) }
            for reading in builder.extra[UInt32(id)] ?? [] { add(reading) }
        }
        readingStarts.append(UInt32(readingList.count))
        // Forms by lemma: counted above, placed by running sums, plain forms before featured ones.
        var formStarts = [UInt32](repeating: 0, count: count + 1)
        for id in 0..<count { formStarts[id + 1] = formStarts[id] + formCounts[id] }
        var plainNext = formStarts
        var featuredCounts = [UInt32](repeating: 0, count: count)
        for reading in readingList where reading.features != 0 { featuredCounts[Int(reading.lemma)] += 1 }
        var featuredNext = (0..<count).map { formStarts[$0 + 1] - featuredCounts[$0] }
        var formList = [UInt32](repeating: 0, count: readingList.count)
        for id in 0..<count {
            for index in Int(readingStarts[id])..<Int(readingStarts[id + 1]) {
                let reading = readingList[index]
                let lemma = Int(reading.lemma)
                let form = UInt32(index)
                if reading.features == 0 {
                    formList[Int(plainNext[lemma])] = form
                    plainNext[lemma] += 1
                } else {
                    formList[Int(featuredNext[lemma])] = form
                    featuredNext[lemma] += 1
                }
            }
        }
        var strings = builder.strings
        strings.trimCapacity()
        for id in 0..<count where featuredCounts[id] > 1 {
            let range = Int(formStarts[id + 1] - featuredCounts[id])..<Int(formStarts[id + 1])
            formList[range].sort { strings.precedes(Self.word(ofReading: $0, starts: readingStarts), Self.word(ofReading: $1, starts: readingStarts)) }
        }
        self.init(
            strings: strings, tagBits: tagBits, readingStarts: readingStarts, readingList: readingList,
            formStarts: formStarts, formList: formList)
    }

    private init(
        strings: InternedStrings, tagBits: [UInt32], readingStarts: [UInt32], readingList: [StoredReading],
        formStarts: [UInt32], formList: [UInt32]
    ) {
        self.strings = strings
        self.tagBits = tagBits
        self.readingStarts = readingStarts
        self.readingList = readingList
        self.formStarts = formStarts
        self.formList = formList
    }

    /// Reads a lexicon file and adds the closed classes.
    /// - Throws: when the file cannot be read.
    public convenience init(path: String?, closedClasses: [String: [Reading]]) throws {
        var builder = Builder()
        if let path {
            // Read as bytes: splitting a String of a hundred thousand lines by Character took
            // most of loading the French lexicon.
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
                func string(_ range: Range<Int>) -> String { String(decoding: slice(range), as: UTF8.self) }
                var list: [(tag: WordTag, features: WordFeatures, lemma: UnsafeBufferPointer<UInt8>?)] = []
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                    defer { start = end + 1 }
                    guard end > start, bytes[start] != UInt8(ascii: "#") else { continue }
                    var tab = start
                    while tab < end, bytes[tab] != 0x09 { tab += 1 }
                    guard tab < end else { continue }
                    list.removeAll(keepingCapacity: true)
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
                        list.append((tag, features, colon < fieldEnd ? slice(colon + 1..<fieldEnd) : nil))
                    }
                    builder.addLine(word: slice(start..<tab), readings: list)
                }
            }
        }
        for word in closedClasses.keys.sorted() {
            builder.addExtra(word: word, readings: closedClasses[word]!)
        }
        self.init(builder)
    }

    /// The string number of the word whose readings hold reading number `reading`.
    private static func word(ofReading reading: UInt32, starts: [UInt32]) -> UInt32 {
        // The last word whose readings start at or before it.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= reading { low = middle } else { high = middle - 1 }
        }
        return UInt32(low)
    }

    /// The string number of a word the lexicon lists.
    private func listed(_ word: String) -> Int? {
        guard let id = strings.number(of: word), tagBits[Int(id)] & Self.listedBit != 0 else { return nil }
        return Int(id)
    }

    private func readingRange(of word: String) -> Range<Int> {
        guard let id = listed(word) else { return 0..<0 }
        return Int(readingStarts[id])..<Int(readingStarts[id + 1])
    }

    private func formRange(of lemma: String) -> Range<Int> {
        guard let id = strings.number(of: lemma) else { return 0..<0 }
        return Int(formStarts[Int(id)])..<Int(formStarts[Int(id) + 1])
    }

    /// The tags of a lowercase word (empty when unknown).
    public func tags(of word: String) -> WordTags {
        guard let id = strings.number(of: word) else { return WordTags() }
        return WordTags(bits: tagBits[Int(id)] & ~Self.listedBit)
    }

    /// The readings of a lowercase word.
    public func readings(of word: String) -> [Reading] {
        readings(in: readingRange(of: word))
    }

    /// `readings(of:)` and `tags(of:)` with one lookup of the word, as a rule sentence asks both
    /// of each of its words (the lookups were a fifth of making the sentences).
    public func readingsAndTags(of word: String) -> (readings: [Reading], tags: WordTags) {
        guard let id = strings.number(of: word).map({ Int($0) }) else { return ([], WordTags()) }
        let tags = WordTags(bits: tagBits[id] & ~Self.listedBit)
        guard tagBits[id] & Self.listedBit != 0 else { return ([], tags) }
        return (readings(in: Int(readingStarts[id])..<Int(readingStarts[id + 1])), tags)
    }

    private func readings(in range: Range<Int>) -> [Reading] {
        guard !range.isEmpty else { return [] }
        // A word's readings mostly share their lemma (a verb's persons): its text is made once.
        var lemmaNumber = UInt32.max, lemma = ""
        return readingList[range].map { stored in
            if stored.lemma != lemmaNumber {
                lemmaNumber = stored.lemma
                lemma = strings.string(stored.lemma)
            }
            return Reading(tag: WordTag(rawValue: stored.tag)!, lemma: lemma, features: WordFeatures(bits: stored.features))
        }
    }

    /// Whether the lexicon knows the word.
    public func knows(_ word: String) -> Bool { listed(word) != nil }

    /// The form of a lemma with a tag: `form(of: "go", as: .VBN) == "gone"`; the base form for
    /// `.VB`.
    /// Where the lemma has several, a form that is no other lemma's of that tag comes first
    /// ("stays", not "staves", which is also the plural of "stave").
    public func form(of lemma: String, as tag: WordTag) -> String? {
        let forms = formList[formRange(of: lemma)].lazy.filter { self.readingList[Int($0)].tag == tag.rawValue }
            .map { self.strings.string(Self.word(ofReading: $0, starts: self.readingStarts)) }
        let form = forms.first { form in !self.readings(of: form).contains { $0.tag == tag && $0.lemma != lemma } } ?? forms.first
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
        readingList[readingRange(of: word)].contains {
            (tag == nil || $0.tag == tag!.rawValue) && $0.features & features.bits == features.bits
        }
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
            for number in formList[formRange(of: reading.lemma)] {
                let stored = readingList[Int(number)]
                guard stored.tag == tag.rawValue, stored.features != 0 else { continue }
                let form = (features: WordFeatures(bits: stored.features), word: Self.word(ofReading: number, starts: readingStarts))
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
                if fits { best.append((score, strings.string(form.word))) }
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
    public var count: Int { tagBits.reduce(0) { $0 + ($1 & Self.listedBit != 0 ? 1 : 0) } }

    // MARK: Cache

    /// Bumped whenever the layout or the meaning of the stored numbers changes.
    static let storageVersion: UInt32 = 1
    private static let magic = Array("STLEXCON".utf8)

    /// The lexicon of `path` with the closed classes, read from the cache when a file there was
    /// built from the same inputs, else parsed and written to the cache for the next start.
    /// Parsing the four grammars' lexicons was about a quarter of the service's start-up (a
    /// measurement with `perf`); reading them back copies their tables at once.
    static func cached(
        path: String?, closedClasses: [String: [Reading]],
        cacheDirectory: String? = SuggestionIndexStore.defaultDirectory()
    ) throws -> Lexicon {
        guard let path, let cacheDirectory else { return try Lexicon(path: path, closedClasses: closedClasses) }
        let fingerprint = Self.fingerprint(path: path, closedClasses: closedClasses)
        let cachePath = DataFileCache.path(for: path, in: cacheDirectory, version: storageVersion)
        if let file = MappedFile(path: cachePath), let lexicon = deserialize(file, expectedFingerprint: fingerprint) {
            return lexicon
        }
        let lexicon = try Lexicon(path: path, closedClasses: closedClasses)
        _ = StorageWriter.writeAtomically(lexicon.serialized(fingerprint: fingerprint), to: cachePath)
        return lexicon
    }

    /// What a cached lexicon is built from: the file (`DataFileCache`), the tags and features the
    /// code knows (their numbers are stored), and the closed classes.
    static func fingerprint(path: String, closedClasses: [String: [Reading]]) -> String {
        var closed = ""
        for word in closedClasses.keys.sorted() {
            closed += word + "\t" + closedClasses[word]!.map { "\($0.tag.rawValue):\($0.lemma):\($0.features.bits)" }.joined(separator: " ") + "\n"
        }
        let extra = [
            "tags:\(WordTag.allCases.map { "\($0)" }.joined(separator: ","))",
            "features:\(WordFeature.allCases.map { "\($0)" }.joined(separator: ","))",
            "closed:\(String(FNV1a.hash(closed.utf8), radix: 16))",
        ].joined(separator: "|")
        return DataFileCache.fingerprint(of: path, version: storageVersion, extra: extra)
    }

    /// The lexicon as a cache file (`StorageWriter`'s layout).
    func serialized(fingerprint: String) -> Data {
        let parts = strings.storedParts
        var writer = StorageWriter(magic: Self.magic, version: Self.storageVersion, fingerprint: fingerprint)
        writer.append(array: parts.bytes)
        writer.append(array: parts.ends)
        writer.append(array: parts.slots)
        writer.append(array: tagBits)
        writer.append(array: readingStarts)
        writer.append(array: readingList.map(\.packedValue))
        writer.append(array: formStarts)
        writer.append(array: formList)
        return writer.sealed()
    }

    /// Reads a lexicon written by `serialized(fingerprint:)`, or nil when the file is of another
    /// version, was built from other inputs, does not match its checksum, or does not hold
    /// together (every number is checked against the tables it points into): a damaged file is
    /// parsed again, never trusted.
    static func deserialize(_ file: MappedFile, expectedFingerprint: String) -> Lexicon? {
        guard var reader = StorageReader(file: file, magic: magic, version: storageVersion, fingerprint: expectedFingerprint, sealed: true),
              let bytes: LexiconArray<UInt8> = reader.array(), let ends: LexiconArray<UInt32> = reader.array(),
              let slots: LexiconArray<UInt32> = reader.array(), let tagBits: LexiconArray<UInt32> = reader.array(),
              let readingStarts: LexiconArray<UInt32> = reader.array(), let packed: LexiconArray<UInt64> = reader.array(),
              let formStarts: LexiconArray<UInt32> = reader.array(), let formList: LexiconArray<UInt32> = reader.array(),
              reader.isAtEnd,
              let strings = InternedStrings(bytes: Array(bytes), ends: Array(ends), slots: Array(slots))
        else { return nil }
        let count = strings.count
        let tagCount = UInt64(WordTag.allCases.count)
        func isRunningSum(_ starts: LexiconArray<UInt32>, of total: Int) -> Bool {
            starts.count == count + 1 && starts.first == 0 && Int(starts[count]) == total
                && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
        }
        guard tagBits.count == count, isRunningSum(readingStarts, of: packed.count), isRunningSum(formStarts, of: formList.count),
              formList.allSatisfy({ Int($0) < packed.count }),
              packed.allSatisfy({ Int($0 >> 32) < count && ($0 >> 24) & 0xFF < tagCount })
        else { return nil }
        return Lexicon(
            strings: strings, tagBits: Array(tagBits), readingStarts: Array(readingStarts),
            readingList: packed.map(StoredReading.init(packed:)), formStarts: Array(formStarts), formList: Array(formList))
    }
}
