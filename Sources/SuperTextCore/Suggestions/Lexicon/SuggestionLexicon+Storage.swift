import Foundation

extension SuggestionLexicon {
    /// Bumped whenever the file layout or what goes into a lexicon changes, so that older files
    /// are rebuilt rather than misread.
    static let storageVersion: UInt32 = 10
    private static let magic = Array("STSUGIDX".utf8)

    /// The lexicon as a file: magic, version, the fingerprint of the inputs it was built from,
    /// `commonCount`, then each array as a count and its raw little-endian bytes, each array
    /// starting at a multiple of 8 bytes so that the mapped file is read in place, and a checksum
    /// of it all: damaged bytes in the trie's labels passed every check of structure and made a
    /// search read past its tables.
    func serialized(fingerprint: String) -> Data {
        var writer = StorageWriter(magic: Self.magic, version: Self.storageVersion, fingerprint: fingerprint, capacity: memoryFootprint)
        writer.append(commonCount)
        writer.append(array: alphabet.map(\.value))
        writer.append(array: nodeLabel)
        writer.append(array: nodeFirstChild)
        writer.append(array: nodeChildCount)
        writer.append(array: nodeEndsKey)
        writer.append(array: keysBeforeBlock)
        writer.append(array: keyFirstWord)
        writer.append(array: wordBytes)
        writer.append(array: wordStart)
        writer.append(array: wordCount)
        writer.append(array: phoneticHash)
        writer.append(array: phoneticKey)
        writer.append(array: nodeMaxLogCount)
        writer.append(array: compoundHeads)
        return writer.sealed()
    }

    /// Reads a lexicon written by `serialized(fingerprint:)` from a mapped file, in place, or
    /// `nil` when the file is of another version, was built from other inputs, or is damaged
    /// (its checksum or its structure).
    /// The whole file is read once to check it, then its pages are released: only those later
    /// searches touch stay resident.
    static func deserialize(_ file: MappedFile, expectedFingerprint: String) -> SuggestionLexicon? {
        guard var reader = StorageReader(file: file, magic: magic, version: storageVersion, fingerprint: expectedFingerprint, sealed: true),
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
}
