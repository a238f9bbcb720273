import Foundation

/// The layout of SuperText's cache files (suggestion indexes, grammar lexicons): a magic, a
/// version, the fingerprint of the inputs, scalars, and arrays of integers each as a count and
/// its raw little-endian bytes, starting at a multiple of 8 bytes so that a mapped file is read
/// in place.
struct StorageWriter {
    private(set) var data = Data()

    init(magic: [UInt8], version: UInt32, fingerprint: String, capacity: Int = 0) {
        data.reserveCapacity(capacity + 256)
        data.append(contentsOf: magic)
        append(version)
        let fingerprintBytes = Array(fingerprint.utf8)
        append(UInt32(fingerprintBytes.count))
        data.append(contentsOf: fingerprintBytes)
    }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    /// The file with a checksum of everything before it, for a reader that checks it
    /// (`StorageReader(sealed:…)`): a flipped byte in a table of strings passes every check of
    /// structure.
    mutating func sealed() -> Data {
        data.append(contentsOf: [UInt8](repeating: 0, count: (8 - data.count % 8) % 8))
        append(Self.checksum(data))
        return data
    }

    /// A 64-bit hash of `bytes` (a multiple of 8 long), eight bytes at a time.
    static func checksum(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            return hash
        }
    }

    mutating func append<T: FixedWidthInteger>(array: some Collection<T>) {
        append(UInt64(array.count))
        data.append(contentsOf: [UInt8](repeating: 0, count: (8 - data.count % 8) % 8))
        array.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
    }
}

/// Reads what `StorageWriter` wrote, from the front of a mapped file.
struct StorageReader {
    let file: MappedFile
    private var offset = 0

    /// Where the content ends: the file's end, or its checksum's start.
    private let end: Int
    private let sealed: Bool

    /// A reader past the header, or nil when the file is not of this magic and version, was
    /// built from other inputs, or (`sealed`, written by `StorageWriter.sealed()`) does not match
    /// its checksum.
    init?(file: MappedFile, magic: [UInt8], version: UInt32, fingerprint: String, sealed: Bool = false) {
        self.file = file
        self.sealed = sealed
        if sealed {
            let count = file.bytes.count
            guard count >= 8, count % 8 == 0,
                  StorageWriter.checksum(UnsafeRawBufferPointer(rebasing: file.bytes[0..<count - 8]))
                    == UInt64(littleEndian: file.bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            else { return nil }
            end = count - 8
        } else {
            end = file.bytes.count
        }
        guard bytes(magic.count) == magic, scalar(UInt32.self) == version,
              let length = scalar(UInt32.self), let stored = bytes(Int(length)),
              String(decoding: stored, as: UTF8.self) == fingerprint
        else { return nil }
    }

    /// Whether everything was read (a sealed file's padding before its checksum aside).
    var isAtEnd: Bool { offset == end || (sealed && offset + (8 - offset % 8) % 8 == end) }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, end - offset >= count else { return nil }
        defer { offset += count }
        return Array(file.bytes[offset..<offset + count])
    }

    mutating func scalar<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        guard let raw = bytes(MemoryLayout<T>.size) else { return nil }
        return T(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
    }

    /// An array in place: the files are little-endian, as is every machine Swift runs on today,
    /// and each array starts at a multiple of 8 bytes (the mapping starts on a page).
    mutating func array<T: FixedWidthInteger>() -> LexiconArray<T>? {
        guard let count = scalar(UInt64.self), count <= UInt64(end) else { return nil }
        offset += (8 - offset % 8) % 8
        let byteCount = Int(count) * MemoryLayout<T>.size
        guard offset <= end, end - offset >= byteCount,
              let base = file.bytes.baseAddress
        else { return nil }
        defer { offset += byteCount }
        let pointer = (base + offset).assumingMemoryBound(to: T.self)
        return LexiconArray(pointer: pointer, count: Int(count), owner: file)
    }
}

extension StorageWriter {
    /// Writes `data` to `path` through a temporary file and a rename, so that a reader never
    /// sees half a file (`beforeRename` gets the temporary file's path); false when it could not
    /// be written: a read-only or full disk only costs the next start a rebuild.
    static func writeAtomically(_ data: Data, to path: String, beforeRename: (String) -> Void = { _ in }) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = path + ".\(getpid()).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: temporary))
            beforeRename(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
        return true
    }
}

/// Cache files of data read from text files at start (grammar lexicons, word counts): named by
/// the source file's name and a hash of its path, and read only while the fingerprint of the
/// source (its path, size and modification time, and what else the reading depends on) is the
/// one they were written with.
enum DataFileCache {
    /// The source file as one line: `version`, path, size, modification time, then `extra`.
    static func fingerprint(of path: String, version: UInt32, extra: String = "") -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "v\(version)|\(path):\(size):\(Int64(modified * 1000))|\(extra)"
    }

    /// `DIRECTORY/NAME-HASH-vVERSION.cache` for the source `…/NAME.tsv`.
    static func path(for source: String, in directory: String, version: UInt32) -> String {
        let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        return directory + "/\(name)-\(String(FNV1a.hash(source.utf8), radix: 16))-v\(version).cache"
    }
}
