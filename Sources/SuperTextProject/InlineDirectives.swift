import SuperTextCore

/// The comments that turn rules off in a file, as markdownlint and cspell read theirs:
///
/// - `supertext-disable-next-line [RULE ...]`: on the next line;
/// - `supertext-disable [RULE ...]` … `supertext-enable [RULE ...]`: from that line to the
///   enabling one (or the end of the file).
///
/// No rule named means every rule; `--` ends the list (a reason may follow). A directive counts
/// only at the start of a comment of the file's own syntax (`<!--`, `%`, `//`, `/*`, `#`, `..`).
/// Matches inside the directive itself (its words, in a code comment that is checked) are dropped.
public struct InlineDirectives: Sendable, Equatable {
    /// A stretch of the text (UTF-16 offsets) where some rules are off.
    public struct Suppression: Sendable, Equatable {
        public var range: Range<Int>
        /// The rules turned off; empty: every rule but those in `except`.
        public var rules: Set<String>
        public var except: Set<String> = []

        func covers(_ match: Match) -> Bool {
            let ruleIsOff = rules.isEmpty ? !except.contains(match.rule) : rules.contains(match.rule)
            return ruleIsOff && range.overlaps(match.offset..<(match.offset + max(match.length, 1)))
        }
    }

    public private(set) var suppressions: [Suppression] = []

    /// Reads the directives of `text`, written in a file of `kind`.
    public init(text: String, kind: FileKind) {
        guard !kind.commentOpeners.isEmpty, text.contains("supertext-") else { return }
        let units = Array(text.utf16)
        var lines: [Range<Int>] = []
        var start = 0
        for (index, unit) in units.enumerated() where unit == 0x0A {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<units.count)
        // Stretches still open, each from its start with what it turns off.
        var open: [Suppression] = []
        for (number, line) in lines.enumerated() {
            guard let directive = Self.directive(in: units[line], openers: kind.commentOpeners) else { continue }
            // The directive's own words are not prose to check.
            suppressions.append(Suppression(range: directive.span, rules: []))
            switch directive.name {
            case "supertext-disable-next-line":
                if number + 1 < lines.count {
                    suppressions.append(Suppression(range: lines[number + 1], rules: directive.rules))
                }
            case "supertext-disable":
                open.append(Suppression(range: line.lowerBound..<line.lowerBound, rules: directive.rules))
            default:  // supertext-enable: ends the stretches, or turns the named rules back on
                var still: [Suppression] = []
                for var block in open {
                    block.range = block.range.lowerBound..<line.upperBound
                    suppressions.append(block)
                    guard !directive.rules.isEmpty else { continue }
                    var rest = Suppression(range: line.upperBound..<line.upperBound, rules: block.rules, except: block.except)
                    if block.rules.isEmpty {
                        rest.except.formUnion(directive.rules)
                    } else {
                        rest.rules.subtract(directive.rules)
                        if rest.rules.isEmpty { continue }
                    }
                    still.append(rest)
                }
                open = still
            }
        }
        for var block in open {
            block.range = block.range.lowerBound..<units.count
            suppressions.append(block)
        }
        suppressions.removeAll { $0.range.isEmpty }
    }

    /// Whether a directive turns `match` off.
    public func suppresses(_ match: Match) -> Bool {
        suppressions.contains { $0.covers(match) }
    }

    private struct Directive {
        var name: String
        var rules: Set<String>
        var span: Range<Int>
    }

    private static let names = ["supertext-disable-next-line", "supertext-disable", "supertext-enable"]
    private static let closers = ["-->", "*/"]

    /// The directive of one line, when a comment opener is followed by one.
    private static func directive(in line: ArraySlice<UInt16>, openers: [String]) -> Directive? {
        let text = String(decoding: line, as: UTF16.self)
        guard text.contains("supertext-") else { return nil }
        for opener in openers {
            var searchStart = text.startIndex
            while let found = text.range(of: opener, range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                let rest = text[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "*" || $0 == "!" }
                guard let name = names.first(where: { rest.hasPrefix($0) }) else { continue }
                let after = rest.dropFirst(name.count)
                guard after.first.map({ $0 == " " || $0 == "\t" || $0 == "-" && after.hasPrefix("-->") }) ?? true else { continue }
                var rules: Set<String> = []
                var end = after.startIndex
                for word in after.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                    if word == "--" || closers.contains(where: { word.hasPrefix($0) }) { break }
                    rules.insert(String(word))
                    end = word.endIndex
                }
                if rules.isEmpty { end = after.startIndex }
                let startOffset = line.startIndex + text.utf16.distance(from: text.startIndex, to: found.lowerBound)
                let endOffset = line.startIndex + text.utf16.distance(from: text.startIndex, to: end)
                return Directive(name: name, rules: rules, span: startOffset..<endOffset)
            }
        }
        return nil
    }
}
