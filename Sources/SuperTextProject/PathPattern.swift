#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A glob over relative paths, as `.gitignore` and the project file's `include`/`exclude` write
/// them: `*`, `?` and `[...]` within one name, `**` for any number of directories, a pattern
/// without a slash matching a name at any depth, a leading or inner slash anchoring it.
///
/// Our own code: no package of the mirror reads globs or `.gitignore`; each name is matched by
/// the C library's `fnmatch(3)`, only `**` and anchoring are ours.
public struct PathPattern: Sendable, Equatable {
    /// The pattern's names; `**` stands for any number of them.
    let segments: [String]
    /// Matched against the whole path, not only its last name.
    let isAnchored: Bool
    /// Matches directories only (written with a trailing slash).
    let directoryOnly: Bool

    /// `nil` for a pattern that matches nothing (empty, or only slashes).
    public init?(_ pattern: String) {
        var text = Substring(pattern)
        directoryOnly = text.hasSuffix("/")
        while text.hasSuffix("/") { text = text.dropLast() }
        let hasInnerSlash = text.dropFirst().contains("/")
        isAnchored = text.hasPrefix("/") || hasInnerSlash
        while text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasPrefix("./") { text = text.dropFirst(2) }
        segments = text.split(separator: "/").map(String.init)
        guard !segments.isEmpty else { return nil }
    }

    /// Whether `path` (names relative to where the pattern applies) matches; `isDirectory`
    /// tells whether its last name is a directory.
    public func matches(_ path: [Substring], isDirectory: Bool) -> Bool {
        if directoryOnly && !isDirectory { return false }
        if isAnchored { return Self.match(segments[...], path[...]) }
        guard let last = path.last else { return false }
        // A single name matches at any depth; `a/**`-like patterns are anchored already.
        return Self.match(segments[...], [last][...])
    }

    /// Whether `path` or one of the directories above it matches: `vendor` or `vendor/**`
    /// leaves out everything under `vendor/`.
    public func matchesItselfOrAncestor(_ path: [Substring], isDirectory: Bool) -> Bool {
        if matches(path, isDirectory: isDirectory) { return true }
        var prefix = path
        while prefix.count > 1 {
            prefix.removeLast()
            if matches(prefix, isDirectory: true) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // `**` takes none, one, or more of the names.
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let name = path.first, matchName(first, name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchName(_ pattern: String, _ name: Substring) -> Bool {
        if !pattern.contains(where: { "*?[\\".contains($0) }) { return pattern == name }
        return fnmatch(pattern, String(name), 0) == 0
    }
}

/// The rules of the `.gitignore` files that apply to a directory and what is under it: each
/// file's rules relative to its own directory, a later (deeper) file's over an earlier one's,
/// the last matching line of a file winning, `!` taking a path back.
public struct GitIgnore: Sendable {
    struct Rule: Sendable {
        /// Names from the walk's start to the directory of the `.gitignore` that holds the rule.
        let base: [Substring]
        let pattern: PathPattern
        let negated: Bool
    }

    private(set) var rules: [Rule] = []

    public init() {}

    /// Adds the lines of the `.gitignore` in the directory `base` (names relative to the start).
    public mutating func add(contentsOf text: String, base: [Substring]) {
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            // Trailing spaces are dropped unless escaped; `#` starts a comment, `\#` a name.
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line = line.dropLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line = line.dropFirst()
            }
            if line.hasPrefix("\\#") || line.hasPrefix("\\!") { line = line.dropFirst() }
            guard let pattern = PathPattern(String(line)) else { continue }
            rules.append(Rule(base: base, pattern: pattern, negated: negated))
        }
    }

    /// Whether `path` (names from the walk's start) is ignored. Its directories are asked
    /// first by the walk, which does not go into an ignored one, as git does not.
    public func ignores(_ path: [Substring], isDirectory: Bool) -> Bool {
        var ignored = false
        for rule in rules where path.count > rule.base.count && path.starts(with: rule.base) {
            if rule.pattern.matches(Array(path.dropFirst(rule.base.count)), isDirectory: isDirectory) {
                ignored = !rule.negated
            }
        }
        return ignored
    }
}
