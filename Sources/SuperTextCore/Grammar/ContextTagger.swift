import Foundation

/// Tags each word of a sentence with the part of speech it has there, not only those it can have:
/// "like" a preposition in "eyes like stars", a verb in "they like stars". An averaged perceptron
/// (greedy, left to right, the two tags before as features), the model of
/// `Dictionaries/grammar/<language>-tagger.bin`, which `scripts/build-tagger.py` learns.
///
/// Our own code, not a library: no Swift tagging library is in the package mirror, and the model
/// must be the one the pinned script trains (its features and hashes are this file's, one for one).
public final class ContextTagger: Sendable {
    /// The tag names of the model (Penn Treebank's for English: `NN`, `VBP`, `PRP$`).
    public let tagNames: [String]
    /// The weights of each feature in an open-addressing table by the feature's hash (a power of
    /// two of slots, 0 for an empty one): `entryStarts[slot]..<entryEnds[slot]` of the entries.
    private let slotHashes: [UInt64]
    private let entryStarts: [Int32]
    private let entryEnds: [Int32]
    private let slotMask: Int
    private let entryTags: [UInt8]
    private let entryWeights: [Float]
    /// The features of each tag as the tag before (template 3) and the one before that (4), and the
    /// tag names' bytes; the two start markers follow the tags.
    private let previousTagHashes: [UInt64]
    private let beforePreviousTagHashes: [UInt64]
    private let markerNames: [String]
    /// The lexicon's tags each model tag agrees with (empty: it narrows nothing).
    let lexiconTags: [WordTags]

    public enum FormatError: Error, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self { case .malformed(let path): "\(path): not a tagger model (STTAGGER version 1)" }
        }
    }

    /// - Throws: `FormatError` for a file that is not a model, or a file system error.
    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var reader = Reader(data: data)
        guard reader.bytes(8).elementsEqual(Array("STTAGGER".utf8)), reader.uint32() == 1 else {
            throw FormatError.malformed(path)
        }
        let tagCount = Int(reader.uint32())
        var names: [String] = []
        for _ in 0..<tagCount {
            let length = Int(reader.bytes(1).first ?? 0)
            names.append(String(decoding: reader.bytes(length), as: UTF8.self))
        }
        let featureCount = Int(reader.uint32())
        // Counts are checked against the bytes left before anything is read by them: a damaged
        // count must not make the loader allocate or loop for gigabytes.
        guard !reader.failed, featureCount * 12 + 4 <= reader.remaining else { throw FormatError.malformed(path) }
        let hashes = (0..<featureCount).map { _ in reader.uint64() }
        let offsets = (0...featureCount).map { _ in Int32(bitPattern: reader.uint32()) }
        let entries = Int(offsets.last ?? 0)
        guard offsets.first == 0, zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }), entries * 5 == reader.remaining else {
            throw FormatError.malformed(path)
        }
        entryTags = Array(reader.bytes(entries))
        entryWeights = (0..<entries).map { _ in Float(bitPattern: reader.uint32()) }
        guard !reader.failed, reader.atEnd, tagCount <= 255, entryTags.allSatisfy({ Int($0) < tagCount }) else {
            throw FormatError.malformed(path)
        }
        var capacity = 1
        while capacity < featureCount * 2 { capacity <<= 1 }
        var slotHashes = [UInt64](repeating: 0, count: capacity)
        var entryStarts = [Int32](repeating: 0, count: capacity)
        var entryEnds = [Int32](repeating: 0, count: capacity)
        for (index, hash) in hashes.enumerated() where hash != 0 {
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slotHashes[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slotHashes[slot] = hash
            entryStarts[slot] = offsets[index]
            entryEnds[slot] = offsets[index + 1]
        }
        self.slotHashes = slotHashes
        self.entryStarts = entryStarts
        self.entryEnds = entryEnds
        slotMask = capacity - 1
        tagNames = names
        markerNames = names + ["-start-", "-start2-"]
        previousTagHashes = markerNames.map { Self.hash(3, $0) }
        beforePreviousTagHashes = markerNames.map { Self.hash(4, $0) }
        lexiconTags = names.map(Self.lexiconTags(ofPennTag:))
    }

    /// The entries of a feature, empty when the model has none.
    @inline(__always)
    private func entries(of feature: UInt64) -> Range<Int> {
        var slot = Int(truncatingIfNeeded: feature) & slotMask
        while true {
            let hash = slotHashes[slot]
            if hash == feature { return Int(entryStarts[slot])..<Int(entryEnds[slot]) }
            if hash == 0 { return 0..<0 }
            slot = (slot + 1) & slotMask
        }
    }

    /// The model tags of `words` (as written), by index into `tagNames`.
    public func tags(of words: [String]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(words.count)
        decode(lowercase: words.map { $0.lowercased() }, shapes: words.indices.map { Self.shape(of: words[$0], first: $0 == 0) }) {
            _, best, _ in result.append(UInt8(best))
        }
        return result
    }

    /// `narrowed(_:lowercase:shapes:)` of words as written.
    func narrowed(_ lexiconTags: [WordTags], words: [String]) -> [WordTags] {
        narrowed(lexiconTags, lowercase: words.map { $0.lowercased() }, shapes: words.indices.map { Self.shape(of: words[$0], first: $0 == 0) })
    }

    /// How much more the tag a narrowing keeps must score than any tag that would keep other
    /// readings of the word: below it, the word keeps all its readings. Margins of 0 to 8 gave
    /// the same figures on the part of the grammar development set that is read.
    static let narrowingMargin: Float = 2

    /// The lexicon's tags of each word (`lexiconTags`, one per word of `words`) narrowed to those
    /// that agree with the word's tag in the sentence: among the model tags that agree with some
    /// of the word's readings, the best must beat every one that agrees with other readings by
    /// `narrowingMargin`. Otherwise, and where no model tag agrees with its readings, a word keeps
    /// them all.
    func narrowed(_ lexiconTags: [WordTags], lowercase: [String], shapes: [UInt8]) -> [WordTags] {
        var result = lexiconTags
        decode(lowercase: lowercase, shapes: shapes) { index, _, scores in
            let readings = lexiconTags[index]
            guard !readings.isEmpty else { return }
            var best = -1
            for tag in scores.indices where self.lexiconTags[tag].bits & readings.bits != 0 {
                if best < 0 || scores[tag] > scores[best] { best = tag }
            }
            guard best >= 0 else { return }
            let kept = self.lexiconTags[best].bits & readings.bits
            for tag in scores.indices where tag != best {
                let other = self.lexiconTags[tag].bits & readings.bits
                if other != 0, other != kept, scores[tag] > scores[best] - Self.narrowingMargin { return }
            }
            result[index] = WordTags(bits: kept)
        }
        return result
    }

    /// Tags a sentence greedily, left to right, calling `visit` with each position, its best tag
    /// and the scores of every tag. `lowercase`: the words in lowercase; `shapes`: `shape(of:first:)`
    /// of each.
    private func decode(lowercase: [String], shapes: [UInt8], visit: (Int, Int, [Float]) -> Void) {
        let normalised = lowercase.map(Self.normalised)
        let start = tagNames.count, start2 = tagNames.count + 1
        func word(_ index: Int) -> String {
            index < 0 ? (index == -1 ? "-start-" : "-start2-") : index < normalised.count ? normalised[index] : (index == normalised.count ? "-end-" : "-end2-")
        }
        var previous = start, beforePrevious = start2
        var scores = [Float](repeating: 0, count: tagNames.count)
        var features = [UInt64](repeating: 0, count: 16)
        for index in lowercase.indices {
            let lower = lowercase[index], current = normalised[index]
            let before = word(index - 1), twoBefore = word(index - 2), after = word(index + 1), twoAfter = word(index + 2)
            var hash = FNV(0)
            features[0] = hash.value
            hash = FNV(1); hash.addSuffix(of: lower, scalars: 3); features[1] = hash.value
            hash = FNV(2); hash.addPrefix(of: lower, scalars: 1); features[2] = hash.value
            features[3] = previousTagHashes[previous]
            features[4] = beforePreviousTagHashes[beforePrevious]
            hash = FNV(5); hash.add(markerNames[previous]); hash.add(markerNames[beforePrevious]); features[5] = hash.value
            hash = FNV(6); hash.add(current); features[6] = hash.value
            hash = FNV(7); hash.add(markerNames[previous]); hash.add(current); features[7] = hash.value
            hash = FNV(8); hash.add(before); features[8] = hash.value
            hash = FNV(9); hash.addSuffix(of: before, scalars: 3); features[9] = hash.value
            hash = FNV(10); hash.add(twoBefore); features[10] = hash.value
            hash = FNV(11); hash.add(after); features[11] = hash.value
            hash = FNV(12); hash.addSuffix(of: after, scalars: 3); features[12] = hash.value
            hash = FNV(13); hash.add(twoAfter); features[13] = hash.value
            hash = FNV(14); hash.addByte(shapes[index]); features[14] = hash.value
            hash = FNV(15); hash.addSuffix(of: lower, scalars: 2); features[15] = hash.value
            for tag in scores.indices { scores[tag] = 0 }
            for feature in features {
                for entry in entries(of: feature) { scores[Int(entryTags[entry])] += entryWeights[entry] }
            }
            var best = 0
            for tag in scores.indices where scores[tag] > scores[best] { best = tag }
            visit(index, best, scores)
            beforePrevious = previous
            previous = best
        }
    }

    /// What the features see of a word: lowercase; numbers, years and hyphenated words as classes.
    static func normalised(_ word: String) -> String {
        // ASCII, as most words are, told from its bytes: Unicode's properties are slow to ask.
        var hyphen = false, digits = true, capitals = false, ascii = true
        for byte in word.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte == UInt8(ascii: "-") { hyphen = true }
            if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { digits = false }
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { capitals = true }
        }
        if ascii {
            if hyphen, word.utf8.first != UInt8(ascii: "-") { return "!hyphen" }
            if digits, !word.isEmpty { return word.utf8.count == 4 ? "!year" : "!digits" }
            return capitals ? word.lowercased() : word
        }
        if word.contains("-"), !word.hasPrefix("-") { return "!hyphen" }
        if !word.isEmpty, word.unicodeScalars.allSatisfy({ $0.properties.numericType == .decimal || $0.properties.numericType == .digit }) {
            return word.unicodeScalars.count == 4 ? "!year" : "!digits"
        }
        return word.lowercased()
    }

    /// `o` not a letter first, `A` capitals only, `F` a capital first in the sentence's first
    /// token, `C` a capital first elsewhere, `a` lowercase first.
    static func shape(of word: String, first: Bool) -> UInt8 {
        guard let initial = word.unicodeScalars.first, initial.properties.isAlphabetic else { return UInt8(ascii: "o") }
        let scalars = word.unicodeScalars
        if scalars.count > 1, scalars.contains(where: \.properties.isUppercase), !scalars.contains(where: \.properties.isLowercase) {
            return UInt8(ascii: "A")
        }
        if initial.properties.isUppercase { return UInt8(ascii: first ? "F" : "C") }
        return UInt8(ascii: "a")
    }

    /// FNV-1a of the template number and the values, 0x1F between parts.
    private static func hash(_ template: UInt8, _ values: String...) -> UInt64 {
        var hash = FNV(template)
        for value in values { hash.add(value) }
        return hash.value
    }

    /// FNV-1a over a template number and values, each value after 0x1F, as the training script
    /// hashes features; values are hashed from their bytes, never copied.
    private struct FNV {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325

        init(_ template: UInt8) { addRaw(template) }

        @inline(__always) mutating func addRaw(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }

        mutating func addByte(_ byte: UInt8) {
            addRaw(0x1F)
            addRaw(byte)
        }

        mutating func add(_ text: String) {
            addRaw(0x1F)
            for byte in text.utf8 { addRaw(byte) }
        }

        /// The last `scalars` Unicode scalars of `text`.
        mutating func addSuffix(of text: String, scalars: Int) {
            addRaw(0x1F)
            let utf8 = text.utf8
            var start = utf8.endIndex, count = 0
            while start > utf8.startIndex, count < scalars {
                start = utf8.index(before: start)
                if utf8[start] & 0xC0 != 0x80 { count += 1 }
            }
            for byte in utf8[start...] { addRaw(byte) }
        }

        /// The first `scalars` Unicode scalars of `text`.
        mutating func addPrefix(of text: String, scalars: Int) {
            addRaw(0x1F)
            var count = 0
            for byte in text.utf8 {
                if byte & 0xC0 != 0x80 {
                    if count == scalars { break }
                    count += 1
                }
                addRaw(byte)
            }
        }
    }

    /// The lexicon's tags a Penn Treebank tag agrees with.
    static func lexiconTags(ofPennTag tag: String) -> WordTags {
        switch tag {
        case "NN": WordTags([.NN, .NNU])
        case "NNS": WordTags([.NNS])
        case "NNP", "NNPS": WordTags([.NNP])
        case "VB", "VBP": WordTags([.VB])
        case "VBD": WordTags([.VBD])
        case "VBN": WordTags([.VBN])
        case "VBG": WordTags([.VBG])
        case "VBZ": WordTags([.VBZ])
        case "JJ": WordTags([.JJ])
        case "JJR": WordTags([.JJR])
        case "JJS": WordTags([.JJS])
        case "RB": WordTags([.RB])
        case "RBR": WordTags([.RBR])
        case "RBS": WordTags([.RBS])
        case "MD": WordTags([.MD])
        case "CD": WordTags([.CD])
        case "DT", "PDT": WordTags([.DT])
        case "PRP$": WordTags([.PRPS])
        case "PRP": WordTags([.PRP, .PRPO])
        case "IN": WordTags([.IN])
        case "CC": WordTags([.CC])
        case "WDT", "WP", "WP$", "WRB": WordTags([.WH])
        default: WordTags()
        }
    }

    /// Little-endian reads that stop at the end of the data (`failed` then says so).
    private struct Reader {
        let data: Data
        var offset = 0
        var failed = false
        var atEnd: Bool { offset == data.count }
        var remaining: Int { data.count - offset }

        mutating func bytes(_ count: Int) -> Data {
            guard count >= 0, offset + count <= data.count else {
                failed = true
                return Data()
            }
            defer { offset += count }
            return data.subdata(in: data.startIndex + offset..<data.startIndex + offset + count)
        }

        mutating func uint32() -> UInt32 {
            guard offset + 4 <= data.count else {
                failed = true
                return 0
            }
            defer { offset += 4 }
            return UInt32(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) })
        }

        mutating func uint64() -> UInt64 {
            guard offset + 8 <= data.count else {
                failed = true
                return 0
            }
            defer { offset += 8 }
            return UInt64(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
        }
    }
}
