/// A regular expression of a pattern element (`/e-?mails?/`), matched against a token's whole
/// lowercase text. Refused at load when it does not compile, is long, or repeats a group that
/// itself repeats (`(a+)+`), the shape whose backtracking takes exponential time; and a token of
/// more than `longestToken` bytes is never tried, so one test stays short whatever the text.
public struct PatternRegex: @unchecked Sendable {
    // Regex holds no mutable state once compiled; it is not marked Sendable in this toolchain.
    public let source: String
    private let regex: Regex<AnyRegexOutput>

    static let longestSource = 200
    static let longestToken = 100

    /// - Throws: the reason, for a rule file's error.
    init(_ source: String) throws(Refusal) {
        guard !source.isEmpty else { throw Refusal(reason: "an empty regular expression //") }
        guard source.utf8.count <= Self.longestSource else {
            throw Refusal(reason: "a regular expression of more than \(Self.longestSource) bytes")
        }
        if let nested = Self.nestedRepetition(in: source) {
            throw Refusal(reason: "the regular expression /\(source)/ repeats a group that repeats itself (\(nested)), which can take exponential time")
        }
        do {
            regex = try Regex(source)
        } catch {
            throw Refusal(reason: "/\(source)/ is not a regular expression: \(error)")
        }
        self.source = source
    }

    struct Refusal: Error {
        var reason: String
    }

    func matches(_ text: String) -> Bool {
        text.utf8.count <= Self.longestToken && (try? regex.wholeMatch(in: text)) != nil
    }

    /// The first group with a repetition inside that is repeated itself (`(a+)+`, `(a|b*)*`,
    /// `(x{2,})*`), as written; nil when there is none.
    static func nestedRepetition(in source: String) -> String? {
        let characters = Array(source)
        // For each open group: where it starts, and whether it holds a repetition.
        var groups: [(start: Int, repeats: Bool)] = []
        var index = 0
        var inClass = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\" { index += 2; continue }
            if inClass { if character == "]" { inClass = false }; index += 1; continue }
            switch character {
            case "[": inClass = true
            case "(": groups.append((index, false))
            case "*", "+", "{":
                if !groups.isEmpty { groups[groups.count - 1].repeats = true }
            case ")":
                guard let group = groups.popLast() else { break }
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if group.repeats, next == "*" || next == "+" || next == "{" {
                    return String(characters[group.start...index + 1])
                }
                // A group that repeats inside makes its enclosing group repeat too.
                if group.repeats || next == "*" || next == "+" || next == "{", !groups.isEmpty {
                    groups[groups.count - 1].repeats = true
                }
            default: break
            }
            index += 1
        }
        return nil
    }
}
