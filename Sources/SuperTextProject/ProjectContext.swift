import Foundation
import SuperTextCore

/// Settings that a caller sets over the project file's (the command line's flags, an editor's
/// configuration): `nil` or empty leaves the file's.
public struct SettingOverrides: Sendable, Equatable {
    public var language: String?
    public var picky: Bool?
    public var explanationLanguage: ExplanationLanguage?
    public var disabledRules: [String] = []
    public var enabledRules: [String] = []
    public var acceptedWords: [String] = []

    public init(language: String? = nil, picky: Bool? = nil, explanationLanguage: ExplanationLanguage? = nil) {
        self.language = language
        self.picky = picky
        self.explanationLanguage = explanationLanguage
    }
}

/// A project as a check sees it: its file, its word list and its rule files, read once; builds
/// each document's request and drops what the project has ignored.
public struct ProjectContext: Sendable {
    public let file: ProjectFile
    /// The project's word list.
    public let words: Set<String>
    /// The project's rule files, read (their problems are `rules.problems`).
    public let rules: UserRules.Snapshot

    /// Reads the project of `path` (a file or directory): the nearest `.supertext.toml` above
    /// it, or defaults rooted at `fallbackRoot` when there is none.
    public init(for path: String, fallbackRoot: String? = nil) throws(ProjectFileError) {
        if let found = ProjectFile.find(from: path) {
            try self.init(file: try ProjectFile(path: found))
        } else {
            var isDirectory: ObjCBool = false
            let root = fallbackRoot ?? (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? path : (path as NSString).deletingLastPathComponent)
            try self.init(file: ProjectFile(root: root.isEmpty ? "." : root))
        }
    }

    public init(file: ProjectFile) throws(ProjectFileError) {
        self.file = file
        words = try ProjectDictionary.words(at: file.dictionaryPath)
        rules = file.settings.rules.isEmpty
            ? .empty : UserRules.snapshot(ofFiles: file.settings.rules.map(file.resolve))
    }

    /// The request for `text`, a document of `kind`: the project file's settings over an
    /// editor's (`editor`, from its configuration) and under the command line's (`flags`).
    public func request(
        for text: String, kind: FileKind, editor: SettingOverrides = SettingOverrides(),
        flags: SettingOverrides = SettingOverrides(), catalog: DictionaryCatalog
    ) -> CheckRequest {
        let settings = file.settings
        var request = CheckRequest(
            text: text, language: flags.language ?? settings.language ?? editor.language ?? "auto", format: kind.format,
            explanationLanguage: flags.explanationLanguage ?? settings.explanationLanguage ?? editor.explanationLanguage,
            acceptedWords: words.union(editor.acceptedWords).union(flags.acceptedWords),
            disabledRules: Set(editor.disabledRules + settings.disabledRules + flags.disabledRules),
            picky: flags.picky ?? settings.picky ?? editor.picky ?? false
        )
        request.enabledRules = Set(editor.enabledRules + settings.enabledRules + flags.enabledRules)
        if request.language.lowercased() == "auto" {
            request.preferredLanguages = Self.candidates(of: settings, among: catalog)
        }
        return request
    }

    /// The languages `auto` chooses among for the project (empty: every installed one): its
    /// `preferred-languages` with its `preferred-variants` in place of their languages' others.
    public static func candidates(of settings: ProjectSettings, among catalog: DictionaryCatalog) -> [String] {
        catalog.detectionCandidates(languages: settings.preferredLanguages, variants: settings.preferredVariants)
    }

    /// `result` without the matches the project ignores (`[[ignore]]`) or the file's comments turn off.
    public func filter(_ result: CheckResult, text: String, kind: FileKind) -> CheckResult {
        let directives = InlineDirectives(text: text, kind: kind)
        let ignores = file.settings.ignores
        guard !directives.suppressions.isEmpty || !ignores.isEmpty else { return result }
        let units = Array(text.utf16)
        func sentence(of match: Match) -> String? {
            guard let range = result.sentences.first(where: { $0.offset <= match.offset && match.offset < $0.offset + $0.length }),
                  range.offset + range.length <= units.count else { return nil }
            return String(decoding: units[range.offset..<(range.offset + range.length)], as: UTF16.self)
        }
        var filtered = result
        filtered.matches = result.matches.filter { match in
            if directives.suppresses(match) { return false }
            return !ignores.contains { ignore in
                guard ignore.rule == nil || ignore.rule == match.rule else { return false }
                if let word = ignore.word, word != match.text { return false }
                if let wanted = ignore.sentence {
                    guard let written = sentence(of: match), Self.sameSentence(written, wanted) else { return false }
                }
                return true
            }
        }
        filtered.stats.matches = filtered.matches.count
        return filtered
    }

    /// Sentences compared with their spaces and line breaks folded, as an editor may rewrap them.
    static func sameSentence(_ a: String, _ b: String) -> Bool {
        func folded(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        return folded(a) == folded(b)
    }
}
