import Foundation

/// The files `supertext check PATH...` checks: the files named, and under each directory named
/// every file of a type SuperText reads (`FileKind`), less what `.gitignore` files ignore and
/// what each file's project leaves out (`include`, `exclude`). Hidden files and directories are
/// not entered, nor a link to a directory (which could loop).
public struct FileSelection {
    /// A file to check.
    public struct File: Sendable, Equatable {
        /// As it is shown: the directory as it was named, then the path under it.
        public var path: String
        public var kind: FileKind
    }

    /// A path that cannot be checked, and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public private(set) var files: [File] = []
    public private(set) var problems: [Problem] = []
    /// Projects read on the way, by the directory they were looked up from.
    public let projects: ProjectContexts

    /// - Parameter fallbackKind: the kind of a named file whose name says nothing (`notes`,
    ///   `draft.log`); files found in directories need a known type.
    public init(paths: [String], projects: ProjectContexts, fallbackKind: FileKind = .plain) {
        self.projects = projects
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Problem(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                walk(start: path)
            } else {
                files.append(File(path: path, kind: FileKind(path: path) ?? fallbackKind))
            }
        }
    }

    private mutating func walk(start: String) {
        let absolute = URL(fileURLWithPath: start).standardizedFileURL.path
        // The rules of `.gitignore` files above the start, from the repository's top down, apply.
        let top = ProjectFile.nearestDirectory(containing: ".git", from: absolute) ?? absolute
        let prefix = Self.components(of: absolute, under: top) ?? []
        var ignore = GitIgnore()
        var directory = top
        for (depth, name) in prefix.enumerated() {
            if let text = Self.read(directory + "/.gitignore") { ignore.add(contentsOf: text, base: Array(prefix[..<depth])) }
            directory += "/" + name
        }
        walk(directory: start.hasSuffix("/") && start.count > 1 ? String(start.dropLast()) : start,
             absolute: absolute, names: prefix, ignore: ignore)
    }

    private mutating func walk(directory: String, absolute: String, names: [Substring], ignore inherited: GitIgnore) {
        var ignore = inherited
        if let text = Self.read(absolute + "/.gitignore") { ignore.add(contentsOf: text, base: names) }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: absolute).sorted()
        } catch {
            problems.append(Problem(path: directory, reason: "cannot be read (permission denied?)"))
            return
        }
        // Hidden files and directories (`.git`, `.supertext`, `.venv`) are left, as ripgrep
        // leaves them; a hidden file named on the command line is checked.
        for name in entries where !name.hasPrefix(".") {
            let shown = directory == "." ? name : directory + "/" + name
            let full = absolute + "/" + name
            guard let type = Self.type(of: full) else { continue }
            let path = names + [Substring(name)]
            if ignore.ignores(path, isDirectory: type == .directory) { continue }
            switch type {
            case .directory:
                walk(directory: shown, absolute: full, names: path, ignore: ignore)
            case .file:
                guard let kind = FileKind(path: name) else { continue }
                switch projects.context(forDirectory: absolute) {
                case .failure(let error):
                    problems.append(Problem(path: shown, reason: error.description))
                case .success(let project):
                    if project.file.selects(full) { files.append(File(path: shown, kind: kind)) }
                }
            }
        }
    }

    private enum EntryType { case file, directory }

    /// A regular file or a directory; a link counts as the file it points to, a link to a
    /// directory as nothing.
    private static func type(of path: String) -> EntryType? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK:
            guard stat(path, &status) == 0 else { return nil }
            return status.st_mode & S_IFMT == S_IFREG ? .file : nil
        default: return nil
        }
    }

    /// The names of `path` below `root` (both absolute and standardized); `nil` when it is not below.
    static func components(of path: String, under root: String) -> [Substring]? {
        if path == root { return [] }
        let base = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(base) else { return nil }
        return path.dropFirst(base.count).split(separator: "/")
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(validating: $0, as: UTF8.self) }
    }
}

extension ProjectFile {
    /// Whether a file found in a directory is checked: under `include` when it is set, and not
    /// under `exclude`, both relative to the project's root.
    public func selects(_ absolutePath: String) -> Bool {
        guard !settings.include.isEmpty || !settings.exclude.isEmpty else { return true }
        let root = URL(fileURLWithPath: self.root).standardizedFileURL.path
        guard let path = FileSelection.components(of: absolutePath, under: root) else { return true }
        if !settings.include.isEmpty,
           !settings.include.contains(where: { PathPattern($0)?.matchesItselfOrAncestor(path, isDirectory: false) == true }) {
            return false
        }
        return !settings.exclude.contains { PathPattern($0)?.matchesItselfOrAncestor(path, isDirectory: false) == true }
    }
}

/// The projects of the files of one run, each read once: by directory, the nearest project file
/// above it (or defaults rooted at the directory when there is none), or why it cannot be read.
public final class ProjectContexts: @unchecked Sendable {
    private let lock = NSLock()
    private var byDirectory: [String: Result<ProjectContext, ProjectFileError>] = [:]
    private var byFile: [String: Result<ProjectContext, ProjectFileError>] = [:]

    public init() {}

    /// The project of the file at `path`.
    public func context(forFile path: String) -> Result<ProjectContext, ProjectFileError> {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        return context(forDirectory: absolute.deletingLastPathComponent().path)
    }

    /// The project of the files in `directory` (an absolute, standardized path).
    public func context(forDirectory directory: String) -> Result<ProjectContext, ProjectFileError> {
        if let known = lock.withLock({ byDirectory[directory] }) { return known }
        let found = ProjectFile.find(from: directory)
        let result: Result<ProjectContext, ProjectFileError>
        if let found, let known = lock.withLock({ byFile[found] }) {
            result = known
        } else if let found {
            result = Result { () throws(ProjectFileError) in try ProjectContext(file: try ProjectFile(path: found)) }
            lock.withLock { byFile[found] = result }
        } else {
            // Without a project file, a word list at the default place is still read.
            result = Result { () throws(ProjectFileError) in try ProjectContext(file: ProjectFile(root: directory)) }
        }
        lock.withLock { byDirectory[directory] = result }
        return result
    }
}
