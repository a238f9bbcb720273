import Foundation

/// Changes a project file the way a person would: one line added or one list extended, with its
/// comments and layout kept (TOMLKit rewrites a whole document and drops comments). Each change is
/// read back with the project file's own reader before the file is replaced.
public enum ProjectFileEditor {
    /// Adds `rule` to the file's `disabled-rules` (creating the file when there is none).
    public static func disable(rule: String, in path: String) throws(ProjectFileError) {
        let text = try currentText(of: path)
        let settings = try ProjectFile(path: path, text: text).settings
        guard !settings.disabledRules.contains(rule) else { return }
        guard !text.isEmpty else {
            try write("disabled-rules = [\(quoted(rule))]\n", to: path)
            return
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstTable = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
        if let keyLine = lines[..<firstTable].firstIndex(where: { isKey("disabled-rules", $0) }),
           let open = lines[keyLine].firstIndex(of: "[") {
            // The rule goes first in the list, right after its bracket: whatever the list holds
            // after (comments, a trailing comma, several lines) stays as written.
            let rest = lines[keyLine][lines[keyLine].index(after: open)...]
            let isEmpty = settings.disabledRules.isEmpty
            lines[keyLine].insert(contentsOf: quoted(rule) + (isEmpty ? "" : rest.first == "\n" || rest.isEmpty ? "," : ", "), at: lines[keyLine].index(after: open))
        } else {
            // Before the first table, and after the last top-level line that is not blank.
            var at = firstTable
            while at > 0, lines[at - 1].trimmingCharacters(in: .whitespaces).isEmpty { at -= 1 }
            lines.insert("disabled-rules = [\(quoted(rule))]", at: at)
        }
        try write(lines.joined(separator: "\n"), to: path)
    }

    /// Appends an `[[ignore]]` entry to the file (creating it when there is none).
    public static func ignore(_ entry: IgnoredMatch, in path: String) throws(ProjectFileError) {
        let text = try currentText(of: path)
        let settings = try ProjectFile(path: path, text: text).settings
        guard !settings.ignores.contains(entry) else { return }
        var table = "[[ignore]]\n"
        if let rule = entry.rule { table += "rule = \(quoted(rule))\n" }
        if let word = entry.word { table += "word = \(quoted(word))\n" }
        if let sentence = entry.sentence { table += "sentence = \(quoted(sentence))\n" }
        var updated = text
        if !updated.isEmpty, !updated.hasSuffix("\n") { updated += "\n" }
        if !updated.isEmpty { updated += "\n" }
        try write(updated + table, to: path)
    }

    private static func currentText(of path: String) throws(ProjectFileError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "" }
        guard let data = FileManager.default.contents(atPath: path), let text = String(validating: data, as: UTF8.self) else {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "cannot be read as UTF-8 text")
        }
        return text
    }

    private static func write(_ text: String, to path: String) throws(ProjectFileError) {
        _ = try ProjectFile(path: path, text: text)  // never write a file the reader refuses
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "cannot be written: \(error.localizedDescription)")
        }
    }

    private static func isKey(_ key: String, _ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(key) else { return false }
        return trimmed.dropFirst(key.count).first { $0 != " " && $0 != "\t" } == "="
    }

    /// A TOML basic string.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
