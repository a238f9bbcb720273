import Foundation

extension SuggestionLexicon {
    /// Bumped whenever the file layout or what goes into a lexicon changes, so that older files
    /// are rebuilt rather than misread.
    static let storageVersion: UInt32 = 4
    private static let magic = Array("STSUGIDX".utf8)

    /// The lexicon as a file: magic, version, the fingerprint of the inputs it was built from, then
    /// each array as a count and its raw little-endian bytes.
    func serialized(fingerprint: String) -> Data {
        var data = Data()
        data.reserveCapacity(memoryFootprint + 256)
        data.append(contentsOf: Self.magic)
        Self.append(Self.storageVersion, to: &data)
        let fingerprintBytes = Array(fingerprint.utf8)
        Self.append(UInt32(fingerprintBytes.count), to: &data)
        data.append(contentsOf: fingerprintBytes)
        Self.append(array: alphabet.map(\.value), to: &data)
        Self.append(array: nodeLabel, to: &data)
        Self.append(array: nodeFirstChild, to: &data)
        Self.append(array: nodeChildCount, to: &data)
        Self.append(array: nodeKey, to: &data)
        Self.append(array: keyFirstWord, to: &data)
        Self.append(array: wordBytes, to: &data)
        Self.append(array: wordStart, to: &data)
        Self.append(array: wordCount, to: &data)
        Self.append(array: phoneticHash, to: &data)
        Self.append(array: phoneticKey, to: &data)
        return data
    }

    /// Reads a lexicon written by `serialized(fingerprint:)`, or `nil` when the file is of
    /// another version, was built from other inputs, or is damaged.
    static func deserialize(_ data: Data, expectedFingerprint: String) -> SuggestionLexicon? {
        var reader = Reader(data: data)
        guard reader.bytes(magic.count) == magic, reader.scalar(UInt32.self) == storageVersion,
              let length = reader.scalar(UInt32.self), let fingerprint = reader.bytes(Int(length)),
              String(decoding: fingerprint, as: UTF8.self) == expectedFingerprint,
              let alphabetValues: [UInt32] = reader.array(), let nodeLabel: [UInt8] = reader.array(),
              let nodeFirstChild: [UInt32] = reader.array(), let nodeChildCount: [UInt8] = reader.array(),
              let nodeKey: [Int32] = reader.array(), let keyFirstWord: [UInt32] = reader.array(),
              let wordBytes: [UInt8] = reader.array(), let wordStart: [UInt32] = reader.array(),
              let wordCount: [UInt32] = reader.array(), let phoneticHash: [UInt32] = reader.array(),
              let phoneticKey: [UInt32] = reader.array(), reader.isAtEnd
        else { return nil }
        let alphabet = alphabetValues.compactMap(Unicode.Scalar.init)
        let nodes = nodeLabel.count
        // Enough consistency to never index out of bounds later.
        guard alphabet.count == alphabetValues.count, alphabet.count <= 255, nodes > 0,
              nodeFirstChild.count == nodes, nodeChildCount.count == nodes, nodeKey.count == nodes,
              let lastKeyWord = keyFirstWord.last, Int(lastKeyWord) == wordCount.count,
              wordStart.count == wordCount.count + 1, wordStart.last.map({ Int($0) == wordBytes.count }) == true,
              zip(nodeFirstChild, nodeChildCount).allSatisfy({ Int($0) + Int($1) <= nodes }),
              nodeKey.allSatisfy({ $0 < Int32(keyFirstWord.count - 1) }),
              phoneticHash.count == phoneticKey.count, phoneticKey.allSatisfy({ Int($0) < keyFirstWord.count - 1 })
        else { return nil }
        return SuggestionLexicon(
            alphabet: alphabet, nodeLabel: nodeLabel, nodeFirstChild: nodeFirstChild,
            nodeChildCount: nodeChildCount, nodeKey: nodeKey, keyFirstWord: keyFirstWord,
            wordBytes: wordBytes, wordStart: wordStart, wordCount: wordCount,
            phoneticHash: phoneticHash, phoneticKey: phoneticKey
        )
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func append<T: FixedWidthInteger>(array: [T], to data: inout Data) {
        append(UInt64(array.count), to: &data)
        array.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
    }

    /// Reads integers and arrays of them from the front of a file's bytes.
    private struct Reader {
        let data: Data
        var offset = 0

        var isAtEnd: Bool { offset == data.count }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, data.count - offset >= count else { return nil }
            let start = data.startIndex + offset
            defer { offset += count }
            return Array(data[start..<start + count])
        }

        mutating func scalar<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            guard let raw = bytes(MemoryLayout<T>.size) else { return nil }
            return T(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
        }

        mutating func array<T: FixedWidthInteger>() -> [T]? {
            guard let count = scalar(UInt64.self), count <= UInt64(data.count),
                  data.count - offset >= Int(count) * MemoryLayout<T>.size
            else { return nil }
            let start = data.startIndex + offset
            let byteCount = Int(count) * MemoryLayout<T>.size
            defer { offset += byteCount }
            let values = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
                if byteCount > 0, let target = buffer.baseAddress {
                    data[start..<start + byteCount].withUnsafeBytes { raw in
                        _ = memcpy(target, raw.baseAddress!, byteCount)
                    }
                }
                initialized = Int(count)
            }
            // The files are little-endian, as is every machine Swift runs on today.
            return values
        }
    }
}
