import Foundation

extension SuggestionLexicon {
    /// Bumped whenever the file layout or what goes into a lexicon changes, so that older files
    /// are rebuilt rather than misread.
    static let storageVersion: UInt32 = 9
    private static let magic = Array("STSUGIDX".utf8)

    /// The lexicon as a file: magic, version, the fingerprint of the inputs it was built from,
    /// `commonCount`, then each array as a count and its raw little-endian bytes, each array
    /// starting at a multiple of 8 bytes so that the mapped file is read in place.
    func serialized(fingerprint: String) -> Data {
        var data = Data()
        data.reserveCapacity(memoryFootprint + 256)
        data.append(contentsOf: Self.magic)
        Self.append(Self.storageVersion, to: &data)
        let fingerprintBytes = Array(fingerprint.utf8)
        Self.append(UInt32(fingerprintBytes.count), to: &data)
        data.append(contentsOf: fingerprintBytes)
        Self.append(commonCount, to: &data)
        Self.append(array: alphabet.map(\.value), to: &data)
        Self.append(array: Array(nodeLabel), to: &data)
        Self.append(array: Array(nodeFirstChild), to: &data)
        Self.append(array: Array(nodeChildCount), to: &data)
        Self.append(array: Array(nodeEndsKey), to: &data)
        Self.append(array: Array(keysBeforeBlock), to: &data)
        Self.append(array: Array(keyFirstWord), to: &data)
        Self.append(array: Array(wordBytes), to: &data)
        Self.append(array: Array(wordStart), to: &data)
        Self.append(array: Array(wordCount), to: &data)
        Self.append(array: Array(phoneticHash), to: &data)
        Self.append(array: Array(phoneticKey), to: &data)
        Self.append(array: Array(nodeMaxLogCount), to: &data)
        Self.append(array: Array(compoundHeads), to: &data)
        return data
    }

    /// Reads a lexicon written by `serialized(fingerprint:)` from a mapped file, in place, or
    /// `nil` when the file is of another version, was built from other inputs, or is damaged.
    /// The whole file is read once to check it, then its pages are released: only those later
    /// searches touch stay resident.
    static func deserialize(_ file: MappedFile, expectedFingerprint: String) -> SuggestionLexicon? {
        var reader = Reader(file: file)
        guard reader.bytes(magic.count) == magic, reader.scalar(UInt32.self) == storageVersion,
              let length = reader.scalar(UInt32.self), let fingerprint = reader.bytes(Int(length)),
              String(decoding: fingerprint, as: UTF8.self) == expectedFingerprint,
              let commonCount = reader.scalar(UInt32.self),
              let alphabetValues: LexiconArray<UInt32> = reader.array(), let nodeLabel: LexiconArray<UInt8> = reader.array(),
              let nodeFirstChild: LexiconArray<UInt32> = reader.array(), let nodeChildCount: LexiconArray<UInt8> = reader.array(),
              let nodeEndsKey: LexiconArray<UInt64> = reader.array(), let keysBeforeBlock: LexiconArray<UInt32> = reader.array(),
              let keyFirstWord: LexiconArray<UInt32> = reader.array(),
              let wordBytes: LexiconArray<UInt8> = reader.array(), let wordStart: LexiconArray<UInt32> = reader.array(),
              let wordCount: LexiconArray<UInt32> = reader.array(), let phoneticHash: LexiconArray<UInt32> = reader.array(),
              let phoneticKey: LexiconArray<UInt32> = reader.array(), let nodeMaxLogCount: LexiconArray<UInt8> = reader.array(),
              let compoundHeads: LexiconArray<UInt32> = reader.array(),
              reader.isAtEnd
        else { return nil }
        defer { file.releaseResidentPages() }
        let alphabet = alphabetValues.compactMap(Unicode.Scalar.init)
        let nodes = nodeLabel.count
        // Enough consistency to never index out of bounds later.
        guard alphabet.count == alphabetValues.count, alphabet.count <= 255, nodes > 0,
              nodeFirstChild.count == nodes, nodeChildCount.count == nodes,
              nodeEndsKey.count == (nodes + 63) / 64, keysBeforeBlock.count == nodeEndsKey.count,
              nodeMaxLogCount.count == nodes,
              let lastKeyWord = keyFirstWord.last, Int(lastKeyWord) == wordCount.count,
              wordStart.count == wordCount.count + 1, wordStart.last.map({ Int($0) == wordBytes.count }) == true,
              zip(nodeFirstChild, nodeChildCount).allSatisfy({ Int($0) + Int($1) <= nodes }),
              keysAreCounted(nodeEndsKey, keysBeforeBlock, keys: keyFirstWord.count - 1, nodes: nodes),
              phoneticHash.count == phoneticKey.count, phoneticKey.allSatisfy({ Int($0) < keyFirstWord.count - 1 })
        else { return nil }
        return SuggestionLexicon(
            alphabet: alphabet, nodeLabel: nodeLabel, nodeFirstChild: nodeFirstChild,
            nodeChildCount: nodeChildCount, nodeEndsKey: nodeEndsKey, keysBeforeBlock: keysBeforeBlock,
            keyFirstWord: keyFirstWord,
            wordBytes: wordBytes, wordStart: wordStart, wordCount: wordCount,
            phoneticHash: phoneticHash, phoneticKey: phoneticKey,
            nodeMaxLogCount: nodeMaxLogCount, compoundHeads: compoundHeads, commonCount: commonCount
        )
    }

    /// Whether each block's count of keys before it matches the bits, no bit is set past the
    /// last node, and the bits number exactly `keys` keys.
    private static func keysAreCounted(
        _ endsKey: LexiconArray<UInt64>, _ keysBefore: LexiconArray<UInt32>, keys: Int, nodes: Int
    ) -> Bool {
        var counted = 0
        for block in endsKey.indices {
            guard Int(keysBefore[block]) == counted else { return false }
            counted += endsKey[block].nonzeroBitCount
        }
        let tail = nodes % 64
        if tail > 0, let last = endsKey.last, last >> UInt64(tail) != 0 { return false }
        return counted == keys
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func append<T: FixedWidthInteger>(array: [T], to data: inout Data) {
        append(UInt64(array.count), to: &data)
        data.append(contentsOf: [UInt8](repeating: 0, count: (8 - data.count % 8) % 8))
        array.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
    }

    /// Reads integers, and arrays of them in place, from the front of a mapped file.
    private struct Reader {
        let file: MappedFile
        var offset = 0

        var isAtEnd: Bool { offset == file.bytes.count }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, file.bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(file.bytes[offset..<offset + count])
        }

        mutating func scalar<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            guard let raw = bytes(MemoryLayout<T>.size) else { return nil }
            return T(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
        }

        /// An array in place: the files are little-endian, as is every machine Swift runs on
        /// today, and each array starts at a multiple of 8 bytes (the mapping starts on a page).
        mutating func array<T: FixedWidthInteger>() -> LexiconArray<T>? {
            guard let count = scalar(UInt64.self), count <= UInt64(file.bytes.count) else { return nil }
            offset += (8 - offset % 8) % 8
            let byteCount = Int(count) * MemoryLayout<T>.size
            guard offset <= file.bytes.count, file.bytes.count - offset >= byteCount,
                  let base = file.bytes.baseAddress
            else { return nil }
            defer { offset += byteCount }
            let pointer = (base + offset).assumingMemoryBound(to: T.self)
            return LexiconArray(pointer: pointer, count: Int(count), owner: file)
        }
    }
}
