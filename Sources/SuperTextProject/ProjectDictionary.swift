import Foundation

/// The project's word list: a plain text file, one word a line, sorted, so that a change is one
/// line of a diff. Lines starting with `#` are comments.
public enum ProjectDictionary {
    /// The words of the list at `path` (none when there is no file).
    public static func words(at path: String) throws(ProjectFileError) -> Set<String> {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let valid = data.prefix { $0 < 0x80 }
            let line = valid.filter { $0 == 0x0A }.count + 1
            throw ProjectFileError(file: path, line: line, key: nil, reason: "is not UTF-8 text (a word list holds one UTF-8 word a line)")
        }
        var words: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if !word.isEmpty, !word.hasPrefix("#") { words.insert(word) }
        }
        return words
    }

    /// Adds `word` to the list at `path` (creating it and its directory), keeping the lines sorted.
    /// - Returns: false when the word was there already.
    @discardableResult
    public static func add(_ word: String, at path: String) throws(ProjectFileError) -> Bool {
        let word = word.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !word.isEmpty, !word.contains(where: \.isNewline), !word.hasPrefix("#") else {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "'\(word)' cannot be a line of a word list")
        }
        var lines: [String] = []
        if FileManager.default.fileExists(atPath: path) {
            guard try !words(at: path).contains(word) else { return false }
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            lines = text.split(whereSeparator: \.isNewline).map(String.init)
        }
        // Comments stay on top; words sorted by code points, as `LC_ALL=C sort` would.
        let comments = lines.filter { $0.hasPrefix("#") }
        let words = (lines.filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty } + [word])
            .sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        let text = (comments + words).joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "cannot be written: \(error.localizedDescription)")
        }
        return true
    }
}
