import SuperTextCore
import SuperTextProject

/// Renders a check result like a compiler's diagnostics: `file:line:column: teh → the (why)`.
struct CompilerStyleReport {
    let result: CheckResult
    let text: String
    let file: String

    /// The warnings and matches, then a summary line.
    func render() -> String {
        let summary = result.matches.isEmpty
            ? "\(file): no problems found (\(result.language.code), \(result.stats.words) words)"
            : "\(file): \(result.matches.count) problem\(result.matches.count == 1 ? "" : "s") (\(result.language.code), \(result.stats.words) words)"
        return matchLines() + summary + "\n"
    }

    /// The warnings and matches, a line each.
    func matchLines() -> String {
        let positions = TextPositions(text)
        var lines: [String] = []
        for warning in result.warnings { lines.append("\(file): warning: \(warning)") }
        for match in result.matches {
            let (line, column) = positions.lineAndColumn(ofUTF16Offset: match.offset)
            let shown = Match.shown(match.text)
            // An unknown name is not corrected: its suggestions are only the nearest words.
            let correction = match.category == .name ? nil : match.suggestions.first
            let what = correction.map { "\(shown) → \($0.isEmpty ? "∅" : Match.shown($0))" } ?? "\(shown): \(match.message)"
            // A match in a sentence checked in another language names it.
            let language = match.language.map { $0 == result.language.code ? "" : "[\($0)] " } ?? ""
            lines.append("\(file):\(line):\(column): \(language)\(what) (\(match.explanation.detail))")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
