import Foundation
import SuperTextCore
import SuperTextProject

/// How positions count characters within a line: LSP's default is UTF-16 code units; a client
/// may offer UTF-8 bytes, which the server then takes.
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A position the client sent that is not in the document.
struct PositionOutOfRange: Error, CustomStringConvertible {
    var description: String
}

/// An open document: its text as the client edits it, and what its last check found.
final class OpenDocument {
    let uri: String
    let kind: FileKind
    private(set) var version: Int
    private(set) var text: String
    /// UTF-16 offsets where each line starts.
    private var lineStarts: [Int] = [0]
    /// The matches of the text as it was last checked, UTF-16 offsets in the whole text.
    var matches: [Match] = []
    /// The sentences of the text as it was last checked (for "ignore this here").
    var sentences: [SentenceRange] = []
    /// Whether the text changed since it was last checked.
    var needsCheck = true

    init(uri: String, kind: FileKind, version: Int, text: String) {
        self.uri = uri
        self.kind = kind
        self.version = version
        self.text = text
        indexLines()
    }

    /// The whole text replaced.
    func replace(with text: String, version: Int) {
        self.text = text
        self.version = version
        needsCheck = true
        indexLines()
    }

    /// One incremental change: `range` (in `encoding`) replaced by `newText`.
    /// - Throws: `PositionOutOfRange` for a line past the end (a character past the end of its
    ///   line is taken as the line's end, as the protocol says).
    func apply(range: JSON, newText: String, version: Int, encoding: PositionEncoding) throws {
        guard let start = range["start"], let end = range["end"] else {
            throw PositionOutOfRange(description: "a change without a start and an end")
        }
        let lower = try utf16Offset(of: start, encoding: encoding)
        let upper = try utf16Offset(of: end, encoding: encoding)
        guard lower <= upper else {
            throw PositionOutOfRange(description: "a change whose end comes before its start")
        }
        let utf16 = text.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: lower)
        let to = utf16.index(utf16.startIndex, offsetBy: upper)
        // Offsets between the two halves of a surrogate pair are rounded to the character.
        let safeFrom = from.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.index(before: from)
        let safeTo = to.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.index(after: to)
        text.replaceSubrange(safeFrom..<safeTo, with: newText)
        self.version = version
        needsCheck = true
        indexLines()
    }

    // MARK: Positions

    /// The UTF-16 offset of an LSP position.
    func utf16Offset(of position: JSON, encoding: PositionEncoding) throws -> Int {
        guard let line = position["line"]?.int, let character = position["character"]?.int, line >= 0, character >= 0 else {
            throw PositionOutOfRange(description: "a position without a line and a character")
        }
        guard line < lineStarts.count else {
            if line == lineStarts.count, character == 0 { return text.utf16.count }
            throw PositionOutOfRange(description: "line \(line) is past the end of the document (\(lineStarts.count) lines)")
        }
        let lineStart = lineStarts[line]
        let lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : text.utf16.count
        switch encoding {
        case .utf16:
            // Compared before adding: a client's huge character must not overflow.
            return character >= lineEnd - lineStart ? lineEnd : lineStart + character
        case .utf8:
            let units = lineUnits(lineStart..<lineEnd)
            var bytes = 0
            var offset = lineStart
            var index = units.startIndex
            while index < units.endIndex, bytes < character {
                let unit = units[index]
                if UTF16.isLeadSurrogate(unit) {
                    bytes += 4
                    index += 2
                    offset += 2
                } else {
                    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
                    index += 1
                    offset += 1
                }
            }
            return min(offset, lineEnd)
        }
    }

    /// The LSP position of a UTF-16 offset.
    func position(ofUTF16Offset offset: Int, encoding: PositionEncoding) -> JSON {
        let offset = max(0, min(offset, text.utf16.count))
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        switch encoding {
        case .utf16:
            return ["line": .int(low), "character": .int(offset - lineStart)]
        case .utf8:
            var bytes = 0
            var index = 0
            let units = lineUnits(lineStart..<offset)
            while index < units.count {
                let unit = units[units.startIndex + index]
                if UTF16.isLeadSurrogate(unit) {
                    bytes += 4
                    index += 2
                } else {
                    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
                    index += 1
                }
            }
            return ["line": .int(low), "character": .int(bytes)]
        }
    }

    /// The LSP range of a UTF-16 offset and length.
    func range(offset: Int, length: Int, encoding: PositionEncoding) -> JSON {
        ["start": position(ofUTF16Offset: offset, encoding: encoding), "end": position(ofUTF16Offset: offset + length, encoding: encoding)]
    }

    private func lineUnits(_ range: Range<Int>) -> ArraySlice<UInt16> {
        let utf16 = text.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let to = utf16.index(from, offsetBy: range.count)
        return Array(utf16[from..<to])[...]
    }

    private func indexLines() {
        lineStarts = [0]
        var offset = 0
        for unit in text.utf16 {
            offset += 1
            if unit == 0x0A { lineStarts.append(offset) }
        }
    }
}
