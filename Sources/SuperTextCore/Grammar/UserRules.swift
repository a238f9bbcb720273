import Foundation
import Synchronization

/// A team's own rules: the rule files of one directory (`supertext serve --rules DIR`), in the
/// rule language of the project's own files (docs/rules.md), read again when one changes.
///
/// A file's name says the language its rules check: `house-style.en.rules`,
/// `typographie.fr.phrases`, `anrede.de-DE.rules` (`NAME.LANGUAGE.rules` holds rule blocks,
/// `NAME.LANGUAGE.phrases` the short form of a phrase list). A file that no longer reads keeps
/// the rules of its last good version, and the reason (file, line, column) is kept in
/// `problems` for the log and `/readyz`; a check always sees one whole set of rules.
///
/// Files are compared by modification time and size once a `reload()`: a poll rather than
/// inotify, so that it works the same on every file system a container mounts, at the cost of
/// one `stat` per file a second.
public final class UserRules: Sendable {
    /// Most rules of every file together, and most bytes in one file: a directory past them is
    /// refused file by file rather than slowing every check.
    public static let maximumRules = 20_000
    public static let maximumFileBytes = 4 << 20

    /// A file that could not be read, or a rule of it refused.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String {
            line > 0 ? "\(file):\(line):\(column): \(reason)" : "\(file): \(reason)"
        }

        public init(file: String, line: Int, column: Int, reason: String) {
            self.file = file
            self.line = line
            self.column = column
            self.reason = reason
        }
    }

    /// One consistent set of rules: what a check runs.
    public struct Snapshot: Sendable {
        /// Counts up at each change, from 1 for the first read.
        public let generation: Int
        /// Every rule, in the order of the files' names.
        public let rules: [PatternRule]
        /// The files read, by name, with how many rules each holds now.
        public let files: [(name: String, rules: Int)]
        /// Files that no longer read (their last good rules are kept) or never did.
        public let problems: [Problem]
        /// The rules of each primary language (`en`), indexed to run in one pass.
        let indexes: [String: PatternRuleIndex]

        public static let empty = Snapshot(generation: 0, rules: [], files: [], problems: [], indexes: [:])

        init(generation: Int, rules: [PatternRule], files: [(name: String, rules: Int)], problems: [Problem], indexes: [String: PatternRuleIndex]) {
            self.generation = generation
            self.rules = rules
            self.files = files
            self.problems = problems
            self.indexes = indexes
        }

        /// Rules read once, outside a directory (`supertext rules test FILE...`).
        public init(rules: [PatternRule]) {
            self.init(
                generation: 1, rules: rules, files: [], problems: [],
                indexes: Dictionary(grouping: rules) { $0.languages.first ?? "" }.mapValues { PatternRuleIndex($0) }
            )
        }
    }

    public let directory: String
    /// Identifiers the rules may not take (the project's own rules'): one identifier is one rule
    /// to turn off.
    private let reservedIdentifiers: @Sendable () -> Set<String>
    private let state = Mutex<State>(State())
    private let reloading = NSLock()

    private struct FileState {
        var modified: Date
        /// The file's inode: a Kubernetes ConfigMap changes by pointing its links at new files.
        var inode: UInt64
        var size: Int
        var rules: [PatternRule]
        var problem: Problem?
    }

    private struct State {
        var files: [String: FileState] = [:]
        var snapshot = Snapshot.empty
    }

    /// A rules directory that is not there.
    public struct DirectoryError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the directory's files now.
    /// - Throws: `DirectoryError` when `directory` is not a directory.
    public init(directory: String, reservedIdentifiers: @escaping @Sendable () -> Set<String> = { [] }) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DirectoryError(description: "The rules directory \(directory) does not exist or is not a directory.")
        }
        self.directory = directory
        self.reservedIdentifiers = reservedIdentifiers
        reload()
    }

    /// The rules now.
    public var current: Snapshot { state.withLock { $0.snapshot } }

    /// The language a file's name gives (`style.en-GB.rules` → `en-GB`), and whether it is a
    /// phrase list; nil for a file that is not a rule file (a README beside them).
    static func kind(ofFile name: String) -> (language: String, phrases: Bool)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !name.hasPrefix("."), let last = parts.last, last == "rules" || last == "phrases"
        else { return nil }
        return (String(parts[parts.count - 2]), last == "phrases")
    }

    /// Reads the files that changed since the last call, and makes a new snapshot when any did.
    /// - Returns: whether the rules or their problems changed.
    @discardableResult
    public func reload() -> Bool {
        // One reload at a time; files are read and parsed outside `state`'s lock, so a check
        // asking for `current` meanwhile never waits for a large file.
        reloading.lock()
        defer { reloading.unlock() }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { Self.kind(ofFile: $0) != nil }.sorted()
        var files = state.withLock { $0.files }
        var changed = false
        // Asked once a reload, and only when a file is read.
        var reserved: Set<String>?
        for name in files.keys where !names.contains(name) {
            files[name] = nil
            changed = true
        }
        for name in names {
            // A link is followed: the file it points at is the one that changes.
            let path = URL(fileURLWithPath: directory + "/" + name).resolvingSymlinksInPath().path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
            if let known = files[name], known.modified == modified, known.size == size, known.inode == inode { continue }
            changed = true
            let kept = files[name]?.rules ?? []
            do {
                if reserved == nil { reserved = reservedIdentifiers() }
                let rules = try Self.read(name: name, path: path, size: size, reserved: reserved ?? [])
                files[name] = FileState(modified: modified, inode: inode, size: size, rules: rules, problem: nil)
            } catch let error as PatternRuleFile.FormatError {
                files[name] = FileState(
                    modified: modified, inode: inode, size: size, rules: kept,
                    problem: Problem(file: name, line: error.line, column: error.column, reason: error.reason)
                )
            } catch {
                files[name] = FileState(
                    modified: modified, inode: inode, size: size, rules: kept,
                    problem: Problem(file: name, line: 0, column: 0, reason: "\(error)")
                )
            }
        }
        guard changed else { return false }
        let snapshot = Self.snapshot(of: files, names: names, generation: current.generation + 1)
        state.withLock { state in
            state.files = files
            state.snapshot = snapshot
        }
        return true
    }

    /// The rules of files anywhere (`supertext rules test FILE...`), named as in a rules
    /// directory and checked as one: each problem names the file as given.
    public static func snapshot(ofFiles paths: [String], reservedIdentifiers reserved: Set<String> = []) -> Snapshot {
        var files: [String: FileState] = [:]
        for path in paths {
            do {
                let rules = try self.rules(inFile: path, reservedIdentifiers: reserved)
                files[path] = FileState(modified: .distantPast, inode: 0, size: 0, rules: rules, problem: nil)
            } catch let error as PatternRuleFile.FormatError {
                let problem = Problem(file: path, line: error.line, column: error.column, reason: error.reason)
                files[path] = FileState(modified: .distantPast, inode: 0, size: 0, rules: [], problem: problem)
            } catch {
                let problem = Problem(file: path, line: 0, column: 0, reason: error.localizedDescription)
                files[path] = FileState(modified: .distantPast, inode: 0, size: 0, rules: [], problem: problem)
            }
        }
        return snapshot(of: files, names: paths, generation: 1)
    }

    /// The rules of one file anywhere, named as in a rules directory.
    /// - Throws: `PatternRuleFile.FormatError` naming the file, line and column at fault.
    public static func rules(inFile path: String, reservedIdentifiers: Set<String> = []) throws -> [PatternRule] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try read(
            name: (path as NSString).lastPathComponent, path: path,
            size: (attributes[.size] as? NSNumber)?.intValue ?? 0, reserved: reservedIdentifiers
        )
    }

    /// The rules of a file, checked as a whole: a file is taken or refused, never half.
    private static func read(name: String, path: String, size: Int, reserved: Set<String>) throws -> [PatternRule] {
        guard size <= maximumFileBytes else {
            throw PatternRuleFile.FormatError(
                file: name, line: 0, column: 0, reason: "the file has \(size) bytes; a rule file holds at most \(maximumFileBytes)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(data: data, encoding: .utf8) else {
            throw PatternRuleFile.FormatError(file: name, line: 0, column: 0, reason: "the file is not UTF-8 text")
        }
        return try rules(named: name, text: text, reservedIdentifiers: reserved)
    }

    /// The rules of a rule file's text, named as in a rules directory (`NAME.LANGUAGE.rules` or
    /// `.phrases`): a team's files kept in the database are read so.
    /// - Throws: `PatternRuleFile.FormatError` naming the file, line and column at fault.
    public static func rules(named name: String, text: String, reservedIdentifiers reserved: Set<String> = []) throws -> [PatternRule] {
        func fail(_ reason: String, line: Int = 0, column: Int = 0) -> PatternRuleFile.FormatError {
            PatternRuleFile.FormatError(file: name, line: line, column: column, reason: reason)
        }
        guard let (language, phrases) = kind(ofFile: name) else {
            throw fail("not a rule file: name it NAME.LANGUAGE.rules or NAME.LANGUAGE.phrases (house-style.en.rules)")
        }
        let primary = String(language.split(separator: "-").first ?? "")
        guard primary.count >= 2, primary.count <= 3, primary.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            throw fail("name the language before the extension, as in house-style.en.rules or terminologie.fr-FR.phrases ('\(language)' is not a language code)")
        }
        guard text.utf8.count <= maximumFileBytes else {
            throw fail("the file has \(text.utf8.count) bytes; a rule file holds at most \(maximumFileBytes)")
        }
        let variants: Set<String> = language.contains("-") ? [language] : []
        let exampleLanguage = language.contains("-") ? language : GrammarCatalog.exampleLanguage[primary] ?? primary
        let rules = phrases
            ? try PatternRuleFile.phraseRules(in: text, file: name, language: primary, exampleLanguage: exampleLanguage, variants: variants)
            : try PatternRuleFile.rules(in: text, file: name, language: primary, exampleLanguage: exampleLanguage, variants: variants)
        guard rules.count <= maximumRules else {
            throw fail("\(rules.count) rules; the rule files together hold at most \(maximumRules)")
        }
        for rule in rules where reserved.contains(rule.id) {
            throw fail("the identifier \(rule.id) is one of SuperText's own rules; give the rule an identifier of its own", line: rule.sourceLine, column: 1)
        }
        return rules
    }

    /// The snapshot of every file's rules, refusing files past the total limit and identifiers
    /// two files share.
    private static func snapshot(of files: [String: FileState], names: [String], generation: Int) -> Snapshot {
        var rules: [PatternRule] = []
        var problems: [Problem] = []
        var fileCounts: [(name: String, rules: Int)] = []
        var owner: [String: String] = [:]
        for name in names {
            guard var file = files[name] else { continue }
            if let problem = file.problem { problems.append(problem) }
            if let clash = file.rules.first(where: { owner[$0.id].map { $0 != name } ?? false }) {
                problems.append(Problem(
                    file: name, line: clash.sourceLine, column: 1,
                    reason: "the identifier \(clash.id) is taken by \(owner[clash.id]!); this file's rules are not used"
                ))
                file.rules = []
            } else if rules.count + file.rules.count > Self.maximumRules {
                problems.append(Problem(
                    file: name, line: 0, column: 0,
                    reason: "the rule files together would hold more than \(Self.maximumRules) rules; this file's rules are not used"
                ))
                file.rules = []
            }
            for rule in file.rules { owner[rule.id] = name }
            rules += file.rules
            fileCounts.append((name, file.rules.count))
        }
        let indexed = Snapshot(rules: rules)
        return Snapshot(
            generation: generation, rules: rules, files: fileCounts, problems: problems, indexes: indexed.indexes
        )
    }
}

extension UserRules.Snapshot {
    /// The matches of the rules of the document's language that `runs` accepts.
    func matches(
        in document: CheckedDocument, context: RuleContext, selection: RuleSelection? = nil, runs: (PatternRule) -> Bool
    ) -> [Match] {
        guard let index = indexes[context.primaryLanguage] else { return [] }
        return index.matches(in: context.grammar.prepared(document), context: context, selection: selection, runs: runs)
    }
}
