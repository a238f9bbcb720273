import Foundation
import SuperTextCore

/// The answer to `/v2/check`, in LanguageTool's shape and field names, so LanguageTool's clients
/// read it unchanged.
///
/// Offsets and lengths are UTF-16 code units of the text as the client sent it (with its markup,
/// for `data`), as in LanguageTool.
struct LanguageToolResponse: Encodable, Sendable {
    struct Software: Encodable, Sendable {
        var name = "SuperText"
        var version = SuperTextVersion.current
        var apiVersion = 1
        var premium = false
        var status = ""
    }

    struct Warnings: Encodable, Sendable {
        var incompleteResults = false
    }

    struct Language: Encodable, Sendable {
        struct Detected: Encodable, Sendable {
            let name: String
            let code: String
            let confidence: Double
        }
        let name: String
        let code: String
        let detectedLanguage: Detected
    }

    struct Match: Encodable, Sendable {
        struct Replacement: Encodable, Sendable { let value: String }
        struct Context: Encodable, Sendable {
            let text: String
            let offset: Int
            let length: Int
        }
        struct MatchType: Encodable, Sendable { let typeName: String }
        struct Rule: Encodable, Sendable {
            struct Category: Encodable, Sendable {
                let id: String
                let name: String
            }
            let id: String
            let description: String
            let issueType: String
            let category: Category
        }

        let message: String
        let shortMessage: String
        let replacements: [Replacement]
        let offset: Int
        let length: Int
        let context: Context
        let sentence: String
        let type: MatchType
        let rule: Rule
        let ignoreForIncompleteSentence = false
        let contextForSureMatch = 0
    }

    var software = Software()
    var warnings = Warnings()
    let language: Language
    let matches: [Match]
    /// `[from, to]` of each sentence.
    let sentenceRanges: [[Int]]

    /// Characters of context on each side of a match, as LanguageTool gives.
    static let contextSize = 40

    /// The response for a check of `text`'s plain text.
    init(result: CheckResult, text: AnnotatedText) {
        let report = result.language
        language = Language(
            name: report.name, code: report.code,
            detectedLanguage: .init(name: report.name, code: report.code, confidence: report.confidence)
        )
        let original = Array(text.originalText.utf16)
        let plain = Array(text.plainText.utf16)
        let sentences = result.sentences
        matches = result.matches.compactMap { match in
            guard let range = text.originalRange(ofPlain: match.offset, length: match.length) else { return nil }
            let category = LanguageToolRules.category(match.category)
            let sentence = Self.sentence(containing: match.offset, in: sentences)
            return Match(
                message: match.explanation.detail.isEmpty ? match.message : match.explanation.detail,
                shortMessage: match.shortMessage,
                replacements: match.suggestions.map { .init(value: $0) },
                offset: range.offset, length: range.length,
                context: Self.context(of: range, in: original),
                sentence: sentence.map {
                    Self.text(of: $0.offset..<($0.offset + $0.length), in: plain).trimmingCharacters(in: .whitespacesAndNewlines)
                } ?? "",
                type: .init(typeName: LanguageToolRules.typeName(match.category)),
                rule: .init(
                    id: match.rule, description: LanguageToolRules.description(ofRule: match.rule),
                    issueType: LanguageToolRules.issueType(match.category),
                    category: .init(id: category.id, name: category.name)
                )
            )
        }
        sentenceRanges = sentences.map { sentence in
            [text.originalPosition(ofPlainStart: sentence.offset), text.originalPosition(ofPlainEnd: sentence.offset + sentence.length)]
        }
    }

    /// Up to `contextSize` code units each side of the match, `...` where the text goes on, line
    /// breaks as spaces; never cutting a surrogate pair.
    static func context(of range: (offset: Int, length: Int), in text: [UTF16.CodeUnit]) -> Match.Context {
        var start = max(0, range.offset - contextSize)
        var end = min(text.count, range.offset + range.length + contextSize)
        if start > 0, UTF16.isTrailSurrogate(text[start]) { start -= 1 }
        if end < text.count, end > 0, UTF16.isLeadSurrogate(text[end - 1]) { end += 1 }
        let prefix = start > 0 ? "..." : ""
        let postfix = end < text.count ? "..." : ""
        let body = Self.text(of: start..<end, in: text).replacingOccurrences(of: "\n", with: " ")
        return Match.Context(text: prefix + body + postfix, offset: prefix.utf16.count + range.offset - start, length: range.length)
    }

    /// The sentence that holds an offset, found by binary search (sentences are in text order).
    private static func sentence(containing offset: Int, in sentences: [SentenceRange]) -> SentenceRange? {
        var low = 0
        var high = sentences.count
        while low < high {
            let middle = (low + high) / 2
            if sentences[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = sentences[low - 1]
        return offset < candidate.offset + candidate.length ? candidate : nil
    }

    /// The text of a range of UTF-16 code units.
    private static func text(of range: Range<Int>, in text: [UTF16.CodeUnit]) -> String {
        let clamped = range.clamped(to: 0..<text.count)
        return String(decoding: text[clamped], as: UTF16.self)
    }
}
