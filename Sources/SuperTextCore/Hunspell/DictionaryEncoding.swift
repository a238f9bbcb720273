import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The character set of a Hunspell dictionary's files and of the words given to libhunspell:
/// the `SET` line of its `.aff` file (ISO8859-1 when there is none, as Hunspell reads it).
///
/// UTF-8 passes through. Any other set is one byte a character in Hunspell's dictionaries
/// (Greek's ISO8859-7, KOI8-R, CP1251, TIS-620, ...), so its 256 bytes are read once through
/// iconv into a table both ways: Foundation on Linux knows only Latin-1, Latin-2 and CP1252, and
/// took every Greek word for unknown.
struct DictionaryEncoding: Sendable, Equatable {
    /// The name as the dictionary gives it.
    let name: String
    /// The character of each byte, for a single-byte set; empty for UTF-8.
    private let characters: [Unicode.Scalar?]
    /// The byte of each character, for a single-byte set.
    private let bytes: [Unicode.Scalar: UInt8]

    static let utf8 = DictionaryEncoding(name: "UTF-8", characters: [], bytes: [:])

    var isUTF8: Bool { characters.isEmpty }

    private init(name: String, characters: [Unicode.Scalar?], bytes: [Unicode.Scalar: UInt8]) {
        self.name = name
        self.characters = characters
        self.bytes = bytes
    }

    /// The encoding a dictionary names, or `nil` when it is neither UTF-8 nor a single-byte set
    /// this system's iconv reads (ISCII, for one).
    init?(named declared: String) {
        let name = declared.trimmingCharacters(in: .whitespaces)
        let upper = name.uppercased()
        if upper == "UTF-8" || upper == "UTF8" {
            self = .utf8
            return
        }
        guard let table = Self.byteTable(iconvName: Self.iconvAliases[upper] ?? name) else { return nil }
        var bytes: [Unicode.Scalar: UInt8] = [:]
        for (byte, character) in table.enumerated() {
            if let character, bytes[character] == nil { bytes[character] = UInt8(byte) }
        }
        self.init(name: name, characters: table, bytes: bytes)
    }

    /// Names Hunspell dictionaries use that glibc's iconv spells otherwise.
    private static let iconvAliases = ["MICROSOFT-CP1251": "CP1251", "TIS620-2533": "TIS-620"]

    /// The encoding an affix file declares, for reading its files; UTF-8 when the system cannot
    /// read it (the catalog refuses such a dictionary, `DictionaryCatalog.problem`).
    init(ofAffix data: Data) {
        self = DictionaryEncoding(named: Self.declaredName(inAffix: data)) ?? .utf8
    }

    /// The encoding an affix file declares (its `SET` line, in the ASCII head of the file).
    static func declaredName(inAffix data: Data) -> String {
        for line in String(decoding: data.prefix(8192), as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("SET ") {
            return line.dropFirst(4).trimmingCharacters(in: .whitespaces)
        }
        return "ISO8859-1"
    }

    /// The text of a dictionary file in this encoding; `nil` when it is not (bytes that are no
    /// UTF-8, or no character of the set).
    func decode(_ data: Data) -> String? {
        if isUTF8 { return String(validating: data, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        for byte in data {
            guard let character = characters[Int(byte)] else { return nil }
            text.append(character)
        }
        return String(text)
    }

    /// The offset of the first byte that is not text in this encoding, or `nil` when all are.
    func firstUnreadableByteOffset(in data: Data) -> Int? {
        if isUTF8 {
            return data.withUnsafeBytes { UTF8Validation.firstInvalidByteOffset(in: $0.bindMemory(to: UInt8.self)) }
        }
        let readable = characters.map { $0 != nil }
        return readable.withUnsafeBufferPointer { readable in
            data.withUnsafeBytes { bytes in bytes.firstIndex { !readable[Int($0)] } }
        }
    }

    /// A word's bytes in this encoding, NUL-terminated for libhunspell; `nil` when the set has
    /// no byte for one of its characters (such a word cannot be in the dictionary).
    func encode(_ word: String) -> [CChar]? {
        if isUTF8 { return word.utf8CString.map { $0 } }
        var encoded: [CChar] = []
        encoded.reserveCapacity(word.unicodeScalars.count + 1)
        for scalar in word.unicodeScalars {
            guard let byte = bytes[scalar] else { return nil }
            encoded.append(CChar(bitPattern: byte))
        }
        encoded.append(0)
        return encoded
    }

    /// A NUL-terminated string from libhunspell, in this encoding.
    func decode(cString: UnsafePointer<CChar>) -> String? {
        if isUTF8 { return String(validatingCString: cString) }
        return decode(Data(bytes: cString, count: strlen(cString)))
    }

    /// The character of each of the 256 bytes through iconv, or `nil` when iconv does not know
    /// the set or it is not one byte a character (no byte of 0x20-0x7E reads as itself).
    private static func byteTable(iconvName: String) -> [Unicode.Scalar?]? {
        let converter = iconv_open("UTF-32LE", iconvName)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table = [Unicode.Scalar?](repeating: nil, count: 256)
        for byte in 0..<256 {
            var input: [CChar] = [CChar(bitPattern: UInt8(byte))]
            var output = [UInt8](repeating: 0, count: 16)
            let converted: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    var inPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress
                    var inLeft = 1
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBuffer.count
                    // Reset the state, so that a byte another left unfinished cannot taint it.
                    _ = iconv(converter, nil, nil, nil, nil)
                    guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                    return outputBuffer.count - outLeft
                }
            }
            guard converted == 4 else { continue }
            let value = UInt32(output[0]) | UInt32(output[1]) << 8 | UInt32(output[2]) << 16 | UInt32(output[3]) << 24
            table[byte] = Unicode.Scalar(value)
        }
        let asciiReadsAsItself = (0x20...0x7E).allSatisfy { table[$0] == Unicode.Scalar(UInt8($0)) }
        return asciiReadsAsItself ? table : nil
    }
}
