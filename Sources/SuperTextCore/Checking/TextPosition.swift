/// Line and column numbers for UTF-16 offsets, as a compiler reports them.
public struct TextPositions {
    private var lineStarts: [Int] = [0]  // UTF-16 offsets where lines start
    private let units: [UInt16]

    /// Indexes the lines of `text`.
    public init(_ text: String) {
        units = Array(text.utf16)
        for (index, unit) in units.enumerated() where unit == 0x0A {
            lineStarts.append(index + 1)
        }
    }

    /// 1-based line and column (in UTF-16 code units, as SARIF's `utf16CodeUnits` counts) of a
    /// UTF-16 offset.
    public func lineAndUTF16Column(ofUTF16Offset offset: Int) -> (line: Int, column: Int) {
        let line = lineIndex(of: offset)
        return (line + 1, min(offset, units.count) - lineStarts[line] + 1)
    }

    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// 1-based line and column (in Unicode scalars) of a UTF-16 offset.
    public func lineAndColumn(ofUTF16Offset offset: Int) -> (line: Int, column: Int) {
        let low = lineIndex(of: offset)
        var column = 1
        var index = lineStarts[low]
        while index < min(offset, units.count) {
            // A low surrogate completes the scalar its high surrogate started.
            if !UTF16.isTrailSurrogate(units[index]) { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }
}
