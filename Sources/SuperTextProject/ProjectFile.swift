import Foundation
import SuperTextCore
import TOMLKit

/// A project's settings, from its `.supertext.toml`: shared by `supertext check`, the language
/// server and `supertext serve --project`.
public struct ProjectSettings: Sendable, Equatable {
    /// A language code, or `auto`.
    public var language: String?
    /// With `auto`: the languages to choose among (`en`, `fr`; empty: every installed one), as
    /// `--prefer` and the API's `preferredLanguages` say it.
    public var preferredLanguages: [String] = []
    /// With `auto`: the variant to check a detected language in (`en-GB` for English).
    public var preferredVariants: [String] = []
    public var picky: Bool?
    public var explanationLanguage: ExplanationLanguage?
    public var disabledRules: [String] = []
    public var enabledRules: [String] = []
    /// The project's own rule files (the rule language, docs/rules.md), relative to the root.
    public var rules: [String] = []
    /// The project's word list, relative to the root.
    public var dictionary = ProjectSettings.defaultDictionary
    /// Matches the project has judged wrong.
    public var ignores: [IgnoredMatch] = []
    /// Globs of the files `supertext check DIR` checks (empty: every file of a known type).
    public var include: [String] = []
    /// Globs of the files it leaves out.
    public var exclude: [String] = []

    public static let defaultDictionary = ".supertext/dictionary.txt"

    public init() {}
}

/// One `[[ignore]]` entry: a rule's match in a sentence, or on a word, that is not a mistake here.
public struct IgnoredMatch: Sendable, Equatable {
    /// The rule's id; `nil`: any rule.
    public var rule: String?
    /// The matched text, as written.
    public var word: String?
    /// The sentence the match is in, as written.
    public var sentence: String?

    public init(rule: String?, word: String? = nil, sentence: String? = nil) {
        self.rule = rule
        self.word = word
        self.sentence = sentence
    }
}

/// A project file that cannot be used: which file, which line, which key, and why.
public struct ProjectFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var key: String?
    public var reason: String

    public init(file: String, line: Int?, key: String?, reason: String) {
        self.file = file
        self.line = line
        self.key = key
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return key.map { "\(place): \($0): \(reason)" } ?? "\(place): \(reason)"
    }
}

/// `.supertext.toml`, found by walking up from a file or directory, and read with TOMLKit.
public struct ProjectFile: Sendable {
    public static let name = ".supertext.toml"

    /// The file's path.
    public let path: String
    /// The directory that holds it: relative paths in it start there.
    public var root: String { (path as NSString).deletingLastPathComponent }
    public let settings: ProjectSettings

    /// The nearest `.supertext.toml` in `start` (a file's directory or a directory) or above it.
    public static func find(from start: String) -> String? {
        var isDirectory: ObjCBool = false
        var directory = URL(fileURLWithPath: start).standardizedFileURL
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) || !isDirectory.boolValue {
            directory.deleteLastPathComponent()
        }
        return nearestDirectory(containing: name, from: directory.path).map { ($0 as NSString).appendingPathComponent(name) }
    }

    /// The nearest directory at or above `directory` (absolute) that holds an entry `name`.
    static func nearestDirectory(containing name: String, from directory: String) -> String? {
        var directory = directory
        while true {
            if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name)) { return directory }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }

    /// Reads and validates the file at `path`.
    public init(path: String) throws(ProjectFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ProjectFileError(file: path, line: nil, key: nil, reason: "is not UTF-8 text")
        }
        try self.init(path: path, text: text)
    }

    /// Validates `text` as the content of the file at `path`.
    public init(path: String, text: String) throws(ProjectFileError) {
        self.path = path
        settings = try ProjectFileReader(file: path, text: text).read()
    }

    /// A project without a file: every setting at its default, rooted at `root`.
    public init(root: String) {
        path = (root as NSString).appendingPathComponent(Self.name)
        settings = ProjectSettings()
    }

    /// The absolute path of a path written in the file.
    public func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : URL(fileURLWithPath: root).appendingPathComponent(relative).standardizedFileURL.path
    }

    /// The project's word list.
    public var dictionaryPath: String { resolve(settings.dictionary) }

    /// When the file, its word list and its rule files were last changed: a project is read
    /// again when this differs.
    public var modificationStamp: [Date?] {
        ([path, dictionaryPath] + settings.rules.map(resolve)).map {
            (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date
        }
    }
}

/// Reads the keys of a project file, each checked for its type and value.
private struct ProjectFileReader {
    let file: String
    let text: String

    func read() throws(ProjectFileError) -> ProjectSettings {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ProjectFileError(file: file, line: error.source.begin.line, key: nil, reason: error.description)
        } catch {
            throw ProjectFileError(file: file, line: nil, key: nil, reason: "\(error)")
        }
        var settings = ProjectSettings()
        for key in table.keys {
            let value = table[key]!
            switch key {
            case "language":
                let code = try string(value, key)
                guard code.lowercased() == "auto" || Self.isLanguageCode(code) else {
                    throw failure(key, "'\(code)' is not a language code (en-US, fr) or auto")
                }
                settings.language = code
            case "preferred-languages":
                settings.preferredLanguages = try strings(value, key)
                if let bad = settings.preferredLanguages.first(where: { !Self.isLanguageCode($0) }) {
                    throw failure(key, "'\(bad)' is not a language code (en, fr-CH)")
                }
            case "preferred-variants": settings.preferredVariants = try strings(value, key)
            case "picky": settings.picky = try boolean(value, key)
            case "explanation-language":
                let code = try string(value, key)
                guard let language = ExplanationLanguage(rawValue: code) else {
                    throw failure(key, "explanations are written in en, fr, de or es, not '\(code)'")
                }
                settings.explanationLanguage = language
            case "disabled-rules": settings.disabledRules = try strings(value, key)
            case "enabled-rules": settings.enabledRules = try strings(value, key)
            case "rules": settings.rules = try strings(value, key)
            case "dictionary":
                settings.dictionary = try string(value, key)
                guard !settings.dictionary.isEmpty else { throw failure(key, "is empty") }
            case "include": settings.include = try strings(value, key)
            case "exclude": settings.exclude = try strings(value, key)
            case "ignore": settings.ignores = try ignores(value)
            default:
                throw failure(key, "unknown key (known: \(Self.keys.joined(separator: ", ")))")
            }
        }
        return settings
    }

    /// `en`, `en-US`, `de_CH`, `sr-Latn-RS`: whether it is installed is the checker's answer.
    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    static let keys = [
        "language", "preferred-languages", "preferred-variants", "picky", "explanation-language", "disabled-rules", "enabled-rules",
        "rules", "dictionary", "ignore", "include", "exclude",
    ]

    private func ignores(_ value: any TOMLValueConvertible) throws(ProjectFileError) -> [IgnoredMatch] {
        guard let array = value.array else { throw failure("ignore", "must be an array of tables ([[ignore]])") }
        var result: [IgnoredMatch] = []
        for element in array {
            guard let table = element.table else { throw failure("ignore", "must be an array of tables ([[ignore]])") }
            var entry = IgnoredMatch(rule: nil)
            for key in table.keys {
                let value = table[key]!
                switch key {
                case "rule": entry.rule = try string(value, "ignore.rule")
                case "word": entry.word = try string(value, "ignore.word")
                case "sentence": entry.sentence = try string(value, "ignore.sentence")
                default: throw failure("ignore.\(key)", "unknown key (known: rule, word, sentence)")
                }
            }
            guard entry.word != nil || entry.sentence != nil else {
                throw failure("ignore", "an entry needs a word or a sentence")
            }
            result.append(entry)
        }
        return result
    }

    private func string(_ value: any TOMLValueConvertible, _ key: String) throws(ProjectFileError) -> String {
        guard let string = value.string else { throw failure(key, "must be a string") }
        return string
    }

    private func boolean(_ value: any TOMLValueConvertible, _ key: String) throws(ProjectFileError) -> Bool {
        guard let bool = value.bool else { throw failure(key, "must be true or false") }
        return bool
    }

    private func strings(_ value: any TOMLValueConvertible, _ key: String) throws(ProjectFileError) -> [String] {
        guard let array = value.array else { throw failure(key, "must be a list of strings") }
        var result: [String] = []
        for element in array {
            guard let string = element.string else { throw failure(key, "must be a list of strings") }
            result.append(string)
        }
        return result
    }

    /// An error on `key`, at the line where the key is written (TOMLKit keeps no positions of
    /// values, so the line is found by reading the text for the key).
    private func failure(_ key: String, _ reason: String) -> ProjectFileError {
        let name = key.split(separator: ".").last.map(String.init) ?? key
        var line: Int?
        for (number, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = content.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(name), trimmed.dropFirst(name.count).first(where: { $0 != " " && $0 != "\t" }) == "=" {
                line = number + 1
                break
            }
            if trimmed.hasPrefix("[[\(name)]]") || trimmed.hasPrefix("[\(name)]") {
                line = number + 1
                break
            }
        }
        return ProjectFileError(file: file, line: line, key: key, reason: reason)
    }
}
