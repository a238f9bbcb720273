import Foundation
import SuperTextCore

/// What a file is, from its name or an editor's language id: how its text is read
/// (`TextFormat`) and how a comment is written in it (for `InlineDirectives`).
public struct FileKind: Sendable, Equatable {
    public var format: TextFormat
    /// Openers of comments in which `supertext-disable…` directives are read.
    public var commentOpeners: [String]

    public static let plain = FileKind(format: .plain, commentOpeners: [])

    /// By an LSP language identifier (`markdown`, `latex`, `git-commit`, `typescriptreact`...).
    public init?(languageId: String) {
        guard let kind = Self.byLanguageId[languageId.lowercased()] else { return nil }
        self = kind
    }

    /// By a file's name (`README.md`, `main.tex`, `COMMIT_EDITMSG`); `nil` for a type the project
    /// does not check (images, archives, unknown extensions).
    public init?(path: String) {
        let name = (path as NSString).lastPathComponent
        if let kind = Self.byName[name] {
            self = kind
            return
        }
        let fileExtension = (name as NSString).pathExtension.lowercased()
        guard !fileExtension.isEmpty, let kind = Self.byExtension[fileExtension] else { return nil }
        self = kind
    }

    /// The kind that reads text as `format` does, with that format's comments.
    public init(format: TextFormat) {
        self = [Self.text, .markup, .html, .latex, .rst, .asciidoc, .commit, .slash, .python, .shell]
            .first { $0.format == format } ?? FileKind(format: format, commentOpeners: [])
    }

    init(format: TextFormat, commentOpeners: [String]) {
        self.format = format
        self.commentOpeners = commentOpeners
    }

    private static let markup = FileKind(format: .markdown, commentOpeners: ["<!--"])
    private static let html = FileKind(format: .html, commentOpeners: ["<!--"])
    private static let latex = FileKind(format: .latex, commentOpeners: ["%"])
    private static let rst = FileKind(format: .restructuredText, commentOpeners: [".."])
    private static let asciidoc = FileKind(format: .asciidoc, commentOpeners: ["//"])
    private static let commit = FileKind(format: .gitCommit, commentOpeners: ["#"])
    private static let slash = FileKind(format: .slashComments, commentOpeners: ["//", "/*"])
    private static let python = FileKind(format: .python, commentOpeners: ["#"])
    private static let shell = FileKind(format: .shell, commentOpeners: ["#"])
    private static let text = FileKind(format: .plain, commentOpeners: [])

    private static let byLanguageId: [String: FileKind] = [
        "plaintext": text, "text": text, "markdown": markup, "latex": latex, "tex": latex, "bibtex": latex,
        "restructuredtext": rst, "rst": rst, "asciidoc": asciidoc, "git-commit": commit, "gitcommit": commit,
        "html": html, "swift": slash, "javascript": slash, "javascriptreact": slash, "typescript": slash,
        "typescriptreact": slash, "go": slash, "rust": slash, "c": slash, "cpp": slash, "java": slash,
        "python": python, "shellscript": shell, "sh": shell, "bash": shell, "zsh": shell,
    ]

    private static let byExtension: [String: FileKind] = [
        "txt": text, "text": text, "md": markup, "markdown": markup, "mdown": markup, "mkd": markup,
        "tex": latex, "ltx": latex, "sty": latex, "cls": latex, "rst": rst, "rest": rst,
        "adoc": asciidoc, "asciidoc": asciidoc, "asc": asciidoc, "html": html, "htm": html, "xhtml": html,
        "swift": slash, "js": slash, "mjs": slash, "cjs": slash, "jsx": slash, "ts": slash, "tsx": slash,
        "mts": slash, "cts": slash, "go": slash, "rs": slash, "c": slash, "h": slash, "cc": slash, "cpp": slash,
        "cxx": slash, "hpp": slash, "hh": slash, "hxx": slash, "java": slash, "py": python, "pyi": python,
        "sh": shell, "bash": shell, "zsh": shell,
    ]

    private static let byName: [String: FileKind] = [
        "COMMIT_EDITMSG": commit, "MERGE_MSG": commit, "TAG_EDITMSG": commit, "README": text, "LICENSE": text,
    ]
}
