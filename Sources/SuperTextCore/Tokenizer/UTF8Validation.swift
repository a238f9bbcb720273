/// Strict UTF-8 validation that says where the first bad byte is.
public enum UTF8Validation {
    /// The byte offset of the first invalid sequence, or `nil` when `bytes` is valid UTF-8
    /// (no overlong forms, no surrogates, nothing above U+10FFFF).
    @_specialize(where Bytes == UnsafeBufferPointer<UInt8>)
    public static func firstInvalidByteOffset<Bytes: Collection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowerBound: UInt8 = 0x80
            var upperBound: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F
            case 0xF0: length = 4; lowerBound = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F
            default: return index - bytes.startIndex
            }
            guard end - index >= length else { return index - bytes.startIndex }
            let second = bytes[index + 1]
            guard second >= lowerBound, second <= upperBound else { return index - bytes.startIndex }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index - bytes.startIndex
            }
            index += length
        }
        return nil
    }

    /// Decodes `bytes` as UTF-8, or throws `SuperTextError.invalidUTF8` naming the byte offset.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) throws -> String
    where Bytes.Element == UInt8, Bytes.Index == Int {
        if let offset = firstInvalidByteOffset(in: bytes) {
            throw SuperTextError.invalidUTF8(atByteOffset: offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
