import Testing

@testable import SuperTextCore

/// What the tests of the formats' maskers share: the words a format checks, what its masker
/// leaves out, the contract every result keeps (in bounds, sorted, merged, on scalar
/// boundaries), and a check through the whole proofreader.
enum MaskerTesting {
    /// The masked ranges of `bytes` in `format`.
    static func maskedRanges(_ bytes: [UInt8], format: TextFormat) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { Tokenizer.maskedRanges(in: $0, format: format) }
    }

    /// The masked substrings of `text`, in order.
    static func masked(_ text: String, format: TextFormat) -> [String] {
        let bytes = Array(text.utf8)
        return maskedRanges(bytes, format: format).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The text with its masked parts removed.
    static func unmasked(_ text: String, format: TextFormat) -> String {
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        var position = 0
        for range in maskedRanges(bytes, format: format) {
            kept += bytes[position..<range.lowerBound]
            position = range.upperBound
        }
        kept += bytes[position...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// The words of `text` the spelling check reads in `format`, in order.
    static func checkedWords(_ text: String, format: TextFormat) -> [String] {
        let units = Array(text.utf16)
        return Tokenizer.words(in: text, format: format).filter(\.isWord).map {
            String(decoding: units[$0.utf16Offset..<$0.utf16Offset + $0.utf16Length], as: UTF16.self)
        }
    }

    /// Checks what every result must be: in bounds, non-empty, sorted, non-overlapping, merged
    /// (not touching), and, for valid UTF-8, on scalar boundaries.
    static func expectWellFormed(
        _ bytes: [UInt8], format: TextFormat, validUTF8: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var previousEnd = -1
        for range in maskedRanges(bytes, format: format) {
            #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count, sourceLocation: sourceLocation)
            #expect(!range.isEmpty, sourceLocation: sourceLocation)
            #expect(range.lowerBound > previousEnd, "ranges overlap or touch", sourceLocation: sourceLocation)
            previousEnd = range.upperBound
            if validUTF8 {
                for bound in [range.lowerBound, range.upperBound] where bound < bytes.count {
                    #expect(bytes[bound] & 0xC0 != 0x80, "range bound inside a scalar", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Random texts made of `pieces` (the format's syntax, prose, line ends, scalars of several
    /// lengths), then the same with random bytes dropped in: every result is well formed.
    static func expectRandomTextsWellFormed(
        format: TextFormat, pieces: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var generator = SplitMix64(seed: 0x5EED ^ UInt64(format.rawValue.utf8.count))
        let common = ["\n", "\r\n", "\r", "\n\n", " ", "    ", "\t", "word", "café", "日本", "😀", "x", "\\", "\""]
        let palette = (pieces + common).map { Array($0.utf8) }
        for _ in 0..<1500 {
            var bytes: [UInt8] = []
            for _ in 0..<generator.below(61) { bytes += palette[generator.below(palette.count)] }
            expectWellFormed(bytes, format: format, validUTF8: true, sourceLocation: sourceLocation)
            var noisy = bytes
            for _ in 0..<3 { noisy.insert(UInt8(truncatingIfNeeded: generator.next()), at: generator.below(noisy.count + 1)) }
            expectWellFormed(noisy, format: format, validUTF8: false, sourceLocation: sourceLocation)
        }
    }

    /// Bytes that are not valid UTF-8, NUL bytes, lone CRs and constructs cut short: no crash,
    /// and well-formed ranges.
    static func expectOddBytesWellFormed(
        format: TextFormat, openings: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var inputs: [[UInt8]] = [
            [0xFF, 0xFE, 0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x00, 0x0A, 0x00], [0x0D], [0x0A, 0x0D, 0x0A],
        ]
        for opening in openings {
            let bytes = Array(opening.utf8)
            inputs.append(bytes)
            inputs.append(bytes + [0xFF, 0x0A, 0xC3])
            inputs.append([0xE2] + bytes + [0x80, 0x00])
            for cut in 1..<max(bytes.count, 2) where cut < bytes.count { inputs.append(Array(bytes[..<cut])) }
        }
        for input in inputs {
            expectWellFormed(input, format: format, validUTF8: false, sourceLocation: sourceLocation)
        }
    }

    /// Texts of one piece repeated (200 KB), each quadratic for a scanner that looks ahead again
    /// from every opening: they must finish, with well-formed ranges. (`HostileTextTests` times
    /// the growth of the whole check on the adversarial families.)
    static func expectRepeatedPiecesFinish(
        format: TextFormat, pieces: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for piece in pieces {
            let bytes = Array(String(repeating: piece, count: max(1, 200_000 / max(piece.utf8.count, 1))).utf8)
            expectWellFormed(bytes, format: format, validUTF8: true, sourceLocation: sourceLocation)
        }
    }

    /// The words the proofreader flags (spelling only) in `text` in `format`.
    static func flagged(_ text: String, format: TextFormat) throws -> [String] {
        let proofreader = Proofreader(catalog: DictionaryCatalog(), rules: [])
        proofreader.suggestionLimit = 0
        return try proofreader.check(CheckRequest(text: text, language: "en-US", format: format)).matches.map(\.text)
    }
}
