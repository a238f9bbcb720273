import Foundation
import SuperTextCore

/// A file checked by `supertext check`, with what was found in it.
public struct CheckedFile: Sendable {
    /// As it is shown (relative when it was named so).
    public var path: String
    public var text: String
    public var result: CheckResult

    public init(path: String, text: String, result: CheckResult) {
        self.path = path
        self.text = text
        self.result = result
    }
}

/// What a report says of a rule: its description and category.
public struct RuleSummary: Sendable, Equatable {
    public var id: String
    public var category: MatchCategory
    public var description: String

    public init(id: String, category: MatchCategory, description: String) {
        self.id = id
        self.category = category
        self.description = description
    }

    /// SuperText's rules and `userRules`, by id (spelling first; a user's rule does not replace one of ours).
    public static func table(searchPath: [String], userRules: [PatternRule] = []) -> [String: RuleSummary] {
        var table = [ProofreadingRules.spellingRuleID: RuleSummary(
            id: ProofreadingRules.spellingRuleID, category: .spelling, description: "Possible spelling mistake")]
        for rule in GrammarCatalog.allRules(searchPath: searchPath) where table[rule.id] == nil {
            table[rule.id] = RuleSummary(id: rule.id, category: rule.category, description: rule.description)
        }
        for rule in userRules where table[rule.id] == nil {
            table[rule.id] = RuleSummary(id: rule.id, category: rule.category, description: rule.description)
        }
        return table
    }
}

extension MatchCategory {
    /// Problems a writer should fix (spelling, grammar, confused words) against advice.
    public var isWarning: Bool {
        switch self {
        case .spelling, .grammar, .confusedWords: true
        case .punctuation, .typography, .name, .style, .redundancy: false
        }
    }
}

extension Match {
    /// A matched text or a correction as a report shows it: line breaks as `⏎`, and spaces as
    /// `␣` (tabs as `⇥`) where they would not be seen, at an edge or doubled, as the page shows
    /// them: a double space's fix is a space, which would read as nothing.
    public static func shown(_ text: String) -> String {
        var shown = text.replacingOccurrences(of: "\n", with: "⏎")
        if shown.first?.isWhitespace == true || shown.last?.isWhitespace == true || shown.contains("  ") {
            shown = shown.replacingOccurrences(of: " ", with: "␣").replacingOccurrences(of: "\t", with: "⇥")
        }
        return shown
    }

    /// The correction a report offers: the first suggestion, none for an unknown name (its
    /// suggestions are only the nearest words).
    public var correction: String? { category == .name ? nil : suggestions.first }

    /// The specific message first ("'Les' and 'enfant' do not agree"), then the explanation
    /// when it adds something (the lesson behind it): what a LanguageTool client shows as the
    /// tooltip, and what the command line's reports start with.
    public var messageAndExplanation: String {
        explanation.detail.isEmpty || explanation.detail == message ? message : message + " " + explanation.detail
    }

    /// The message with the explanation when it adds something, then the correction when the
    /// message does not name it.
    public var reportMessage: String {
        var text = messageAndExplanation
        if let correction, correction.isEmpty || !message.contains(correction) {
            text += " → " + (correction.isEmpty ? "(remove)" : Match.shown(correction))
        }
        return text
    }
}

/// GitHub Actions' workflow commands, one annotation a problem:
/// `::warning file=…,line=…,endLine=…,col=…,endColumn=…,title=RULE::message`. Columns count
/// Unicode scalars, as the text report's do.
public enum GitHubAnnotations {
    public static func render(_ files: [CheckedFile]) -> String {
        var lines: [String] = []
        for file in files {
            let positions = TextPositions(file.text)
            for match in file.result.matches {
                let start = positions.lineAndColumn(ofUTF16Offset: match.offset)
                let end = positions.lineAndColumn(ofUTF16Offset: match.offset + match.length)
                let properties = [
                    "file=" + property(file.path), "line=\(start.line)", "endLine=\(end.line)",
                    "col=\(start.column)", "endColumn=\(end.column)", "title=" + property("\(match.rule): \(match.text)"),
                ]
                let level = match.category.isWarning ? "warning" : "notice"
                lines.append("::\(level) \(properties.joined(separator: ","))::\(data(match.reportMessage))")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A command's message: `%`, carriage returns and line feeds escaped.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property: also `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// SARIF 2.1.0, the format of code scanning: one run of SuperText, with the rules that were
/// reported (their description and help), and a result a problem with its region in UTF-16
/// columns and its correction as a fix.
public enum SARIFLog {
    /// - Parameters:
    ///   - rules: descriptions by rule id; a rule missing from it is described by its id.
    ///   - notifications: files that could not be checked, and why.
    public static func render(
        _ files: [CheckedFile], rules: [String: RuleSummary], notifications: [String] = [], workingDirectory: String
    ) throws -> Data {
        var reported: [String] = []
        var index: [String: Int] = [:]
        var results: [Result] = []
        for file in files {
            let positions = TextPositions(file.text)
            let location = ArtifactLocation(path: file.path)
            let units = Array(file.text.utf16)
            for match in file.result.matches {
                if index[match.rule] == nil {
                    index[match.rule] = reported.count
                    reported.append(match.rule)
                }
                let start = positions.lineAndUTF16Column(ofUTF16Offset: match.offset)
                let end = positions.lineAndUTF16Column(ofUTF16Offset: match.offset + match.length)
                let snippet = match.offset + match.length <= units.count
                    ? String(decoding: units[match.offset..<(match.offset + match.length)], as: UTF16.self) : match.text
                let region = Region(
                    startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column,
                    charOffset: match.offset, charLength: match.length, snippet: Message(text: snippet)
                )
                let fixes = match.correction.map { correction in
                    [Fix(
                        description: Message(text: correction.isEmpty ? "Remove '\(match.text)'" : "Replace with '\(correction)'"),
                        artifactChanges: [ArtifactChange(
                            artifactLocation: location,
                            replacements: [Replacement(deletedRegion: region.withoutSnippet, insertedContent: Content(text: correction))]
                        )]
                    )]
                }
                results.append(Result(
                    ruleId: match.rule, ruleIndex: index[match.rule]!, level: match.category.isWarning ? "warning" : "note",
                    message: Message(text: match.reportMessage),
                    locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: location, region: region))],
                    fixes: fixes
                ))
            }
        }
        let descriptors = reported.map { id in
            let rule = rules[id] ?? RuleSummary(id: id, category: .grammar, description: id)
            return ReportingDescriptor(
                id: id, shortDescription: Message(text: rule.description),
                help: Message(text: "\(rule.description) (\(rule.category.rawValue.replacingOccurrences(of: "_", with: " "))). "
                    + "Turn it off in a project with disabled-rules = [\"\(id)\"] in .supertext.toml, or for one line with a "
                    + "supertext-disable-next-line \(id) comment (docs/project.md)."),
                defaultConfiguration: Configuration(level: rule.category.isWarning ? "warning" : "note"),
                properties: Properties(tags: [rule.category.rawValue])
            )
        }
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        let log = Log(runs: [Run(
            tool: Tool(driver: Driver(name: "SuperText", semanticVersion: SuperTextVersion.current, rules: descriptors)),
            originalUriBaseIds: ["%SRCROOT%": ArtifactLocation(uri: URL(fileURLWithPath: base).absoluteString, uriBaseId: nil)],
            invocations: [Invocation(
                executionSuccessful: notifications.isEmpty,
                toolExecutionNotifications: notifications.map { Notification(level: "error", message: Message(text: $0)) }
            )],
            results: results
        )])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(log)
    }

    struct Log: Encodable {
        let version = "2.1.0"
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]
        let invocations: [Invocation]
        let results: [Result]
        let columnKind = "utf16CodeUnits"
    }

    struct Tool: Encodable { let driver: Driver }

    struct Driver: Encodable {
        let name: String
        let semanticVersion: String
        let rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        let id: String
        let shortDescription: Message
        let help: Message
        let defaultConfiguration: Configuration
        let properties: Properties
    }

    struct Configuration: Encodable { let level: String }
    struct Properties: Encodable { let tags: [String] }
    struct Message: Encodable { let text: String }
    struct Content: Encodable { let text: String }

    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        let level: String
        let message: Message
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let fixes: [Fix]?
    }

    struct Location: Encodable { let physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?

        init(uri: String, uriBaseId: String?) {
            self.uri = uri
            self.uriBaseId = uriBaseId
        }

        /// A relative path is relative to the source root (the working directory); an absolute
        /// one is a `file:` URL.
        init(path: String) {
            if path.hasPrefix("/") {
                self.init(uri: URL(fileURLWithPath: path).absoluteString, uriBaseId: nil)
            } else {
                var relative = path
                while relative.hasPrefix("./") { relative.removeFirst(2) }
                let encoded = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
                self.init(uri: encoded, uriBaseId: "%SRCROOT%")
            }
        }
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
        let endLine: Int
        let endColumn: Int
        let charOffset: Int
        let charLength: Int
        var snippet: Message?

        var withoutSnippet: Region {
            var region = self
            region.snippet = nil
            return region
        }
    }

    struct Fix: Encodable {
        let description: Message
        let artifactChanges: [ArtifactChange]
    }

    struct ArtifactChange: Encodable {
        let artifactLocation: ArtifactLocation
        let replacements: [Replacement]
    }

    struct Replacement: Encodable {
        let deletedRegion: Region
        let insertedContent: Content
    }
}
