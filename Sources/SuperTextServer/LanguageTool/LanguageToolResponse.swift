import Foundation
import SuperTextCore
import SuperTextProject

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

    /// A sentence and the language it was checked in, as LanguageTool reports sentences whose
    /// language it detected.
    struct ExtendedSentenceRange: Encodable, Sendable {
        struct DetectedLanguage: Encodable, Sendable {
            /// The primary language, `fr`, as LanguageTool writes it.
            let language: String
            let rate: Double
        }
        let from: Int
        let to: Int
        let detectedLanguages: [DetectedLanguage]
    }

    var software = Software()
    var warnings = Warnings()
    let language: Language
    let matches: [Match]
    /// `[from, to]` of each sentence.
    let sentenceRanges: [[Int]]
    /// Each sentence with its language: the text's, or the one a sentence in another language
    /// was checked in (`mixedLanguages`).
    let extendedSentenceRanges: [ExtendedSentenceRange]

    /// The bytes `JSONCoding.encoder()` writes for this response (keys sorted), written by hand:
    /// `JSONEncoder` took about a seventh of the CPU of `/v2/check` on a paragraph with five
    /// typos. A test compares the two.
    var json: [UInt8] {
        var out = JSONBytes(escapingSlashes: false, capacity: 512 + matches.count * 640 + sentenceRanges.count * 80)
        out.key("extendedSentenceRanges", first: true)
        out.array(extendedSentenceRanges) { out, range in
            out.key("detectedLanguages", first: true)
            out.array(range.detectedLanguages) { out, detected in
                out.key("language", first: true)
                out.string(detected.language)
                out.key("rate")
                out.double(detected.rate)
                out.close("}")
            }
            out.key("from")
            out.integer(range.from)
            out.key("to")
            out.integer(range.to)
            out.close("}")
        }
        out.key("language")
        out.key("code", first: true)
        out.string(language.code)
        out.key("detectedLanguage")
        out.key("code", first: true)
        out.string(language.detectedLanguage.code)
        out.key("confidence")
        out.double(language.detectedLanguage.confidence)
        out.key("name")
        out.string(language.detectedLanguage.name)
        out.close("}")
        out.key("name")
        out.string(language.name)
        out.close("}")
        out.key("matches")
        out.array(matches) { Self.write($1, to: &$0) }
        out.key("sentenceRanges")
        out.array(sentenceRanges) { $0.array($1) { $0.integer($1) } }
        out.key("software")
        out.key("apiVersion", first: true)
        out.integer(software.apiVersion)
        out.key("name")
        out.string(software.name)
        out.key("premium")
        out.bool(software.premium)
        out.key("status")
        out.string(software.status)
        out.key("version")
        out.string(software.version)
        out.close("}")
        out.key("warnings")
        out.key("incompleteResults", first: true)
        out.bool(warnings.incompleteResults)
        out.close("}")
        out.close("}")
        return out.bytes
    }

    /// One match of `json`, its keys in sorted order.
    private static func write(_ match: Match, to out: inout JSONBytes) {
        out.key("context", first: true)
        out.key("length", first: true)
        out.integer(match.context.length)
        out.key("offset")
        out.integer(match.context.offset)
        out.key("text")
        out.string(match.context.text)
        out.close("}")
        out.key("contextForSureMatch")
        out.integer(match.contextForSureMatch)
        out.key("ignoreForIncompleteSentence")
        out.bool(match.ignoreForIncompleteSentence)
        out.key("length")
        out.integer(match.length)
        out.key("message")
        out.string(match.message)
        out.key("offset")
        out.integer(match.offset)
        out.key("replacements")
        out.array(match.replacements) { out, replacement in
            out.key("value", first: true)
            out.string(replacement.value)
            out.close("}")
        }
        out.key("rule")
        out.key("category", first: true)
        out.key("id", first: true)
        out.string(match.rule.category.id)
        out.key("name")
        out.string(match.rule.category.name)
        out.close("}")
        out.key("description")
        out.string(match.rule.description)
        out.key("id")
        out.string(match.rule.id)
        out.key("issueType")
        out.string(match.rule.issueType)
        out.close("}")
        out.key("sentence")
        out.string(match.sentence)
        out.key("shortMessage")
        out.string(match.shortMessage)
        out.key("type")
        out.key("typeName", first: true)
        out.string(match.type.typeName)
        out.close("}")
        out.close("}")
    }

    /// How much of the text each match carries, in UTF-16 code units.
    struct Windows: Sendable, Equatable {
        /// Of context on each side of a match (`context`).
        var context: Int
        /// Of its sentence on each side of it (`sentence`): a text without sentence breaks is
        /// one sentence, and copying it whole into each of its matches made answers grow with
        /// matches × text (25 KB of "teh " got 309 MB).
        var sentence: Int
        /// The most of a match itself shown in both (a long-sentence match covers its sentence).
        var match: Int
        /// The most replacements a match offers.
        var replacements = Int.max
        /// Whether `message` carries SuperText's explanation after LanguageTool's message.
        var explains = true

        /// As LanguageTool gives: 40 characters of context each side, every replacement.
        static let standard = Windows(context: 40, sentence: 80, match: 200)
        /// The standard windows, then narrower ones for a text so dense with mistakes that its
        /// answer would be over the limit with them: each match then carries less of the text
        /// around it, then only its first replacements and the message without the explanation
        /// (which `/api/v1` still gives), rather than the answer being refused.
        static let narrowing: [Windows] = [
            .standard, Windows(context: 20, sentence: 30, match: 100, replacements: 3),
            Windows(context: 8, sentence: 8, match: 40, replacements: 1, explains: false),
            Windows(context: 0, sentence: 0, match: 20, replacements: 1, explains: false),
        ]
    }

    /// The largest answer sent for a text: `factor` times the text as sent (UTF-8 bytes) plus
    /// `allowance`. What a match adds to an answer is bounded (`Windows`) and matches with
    /// suggestions do not overlap, so answers grow with the text; a text with a mistake every
    /// few bytes gets narrower windows (`Windows.narrowing`) to stay under the limit, and one
    /// whose matches alone, without any of the text around them, would be over it (every word
    /// of it a mistake: about 130 bytes of answer a byte of "teh teh teh") is refused
    /// (`LanguageToolError.answerTooLarge`), as LanguageTool refuses a text over its
    /// `maxErrorsPerWordRate`.
    struct SizeLimit: Sendable {
        /// How many times the text an answer may be.
        var factor: Int
        /// Bytes beyond that: a short text's answer is mostly its fixed parts and a match or two.
        var allowance: Int

        static let standard = SizeLimit(factor: 40, allowance: 64 * 1024)

        /// The most bytes of the answer to a text of `textBytes` UTF-8 bytes.
        func bytes(forTextOf textBytes: Int) -> Int {
            textBytes * factor + allowance
        }
    }

    /// The answer to a check of `text` within `limit`, with the widest windows that fit; or,
    /// when none does, `LanguageToolError.answerTooLarge` with the size of the narrowest.
    static func json(for result: CheckResult, text: AnnotatedText, limit: SizeLimit) -> Result<[UInt8], LanguageToolError> {
        let textBytes = text.originalText.utf8.count
        var size = 0
        for windows in Windows.narrowing {
            let json = LanguageToolResponse(result: result, text: text, windows: windows).json
            if json.count <= limit.bytes(forTextOf: textBytes) { return .success(json) }
            size = json.count
        }
        return .failure(.answerTooLarge(size: size, textBytes: textBytes, limit: limit))
    }

    /// The response for a check of `text`'s plain text.
    init(result: CheckResult, text: AnnotatedText, windows: Windows = .standard) {
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
                message: windows.explains ? match.messageAndExplanation : match.message,
                shortMessage: match.shortMessage,
                replacements: match.suggestions.prefix(windows.replacements).map { .init(value: $0) },
                offset: range.offset, length: range.length,
                context: Self.context(of: range, in: original, windows: windows),
                sentence: sentence.map {
                    Self.trimmedText(
                        of: Self.window(
                            of: $0.offset..<($0.offset + $0.length), around: match.offset..<(match.offset + match.length), in: plain,
                            windows: windows),
                        in: plain
                    )
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
        let textLanguage = String(report.code.prefix { $0 != "-" })
        let otherLanguages = result.languageRanges
        extendedSentenceRanges = zip(sentences, sentenceRanges).map { sentence, range in
            // A sentence is in the language of the stretch its first character is in.
            let code = otherLanguages.first { $0.offset <= sentence.offset && sentence.offset < $0.offset + $0.length }
                .map { String($0.code.prefix { $0 != "-" }) } ?? textLanguage
            return ExtendedSentenceRange(
                from: range[0], to: range[1], detectedLanguages: code == "und" ? [] : [.init(language: code, rate: 1)]
            )
        }
    }

    /// Up to `windows.context` code units each side of the match, `...` where the text goes on,
    /// line breaks as spaces; never cutting a surrogate pair.
    static func context(
        of range: (offset: Int, length: Int), in text: [UTF16.CodeUnit], windows: Windows = .standard
    ) -> Match.Context {
        let shown = min(range.length, windows.match)
        var start = max(0, range.offset - windows.context)
        var end = min(text.count, range.offset + shown + windows.context)
        if start > 0, UTF16.isTrailSurrogate(text[start]) { start -= 1 }
        if end < text.count, end > 0, UTF16.isLeadSurrogate(text[end - 1]) { end += 1 }
        let prefix = start > 0 ? "..." : ""
        let postfix = end < text.count ? "..." : ""
        // Every line feed a space (in UTF-16 units: Foundation's `replacingOccurrences` took a
        // twentieth of the CPU of `/v2/check`, and left a line feed followed by a combining mark).
        let body = string(fromUTF16: text[start..<end], lineFeedsAsSpaces: true)
        return Match.Context(text: prefix + body + postfix, offset: prefix.utf16.count + range.offset - start, length: shown)
    }

    /// The part of `sentence` a match's `sentence` gives: at most `windows.sentence` code units
    /// each side of the match and `windows.match` of the match, never cutting a surrogate pair.
    static func window(
        of sentence: Range<Int>, around match: Range<Int>, in text: [UTF16.CodeUnit], windows: Windows = .standard
    ) -> Range<Int> {
        let sentence = sentence.clamped(to: 0..<text.count)
        var lower = max(sentence.lowerBound, match.lowerBound - windows.sentence)
        var upper = min(sentence.upperBound, min(match.upperBound, match.lowerBound + windows.match) + windows.sentence)
        guard lower < upper else { return sentence }
        if lower > sentence.lowerBound, UTF16.isTrailSurrogate(text[lower]) { lower += 1 }
        if upper < sentence.upperBound, UTF16.isTrailSurrogate(text[upper]) { upper -= 1 }
        return lower..<max(lower, upper)
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

    /// The text of a range of UTF-16 code units without white space at either end: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives (the same characters: Unicode's
    /// White_Space and, as Foundation has it, the zero width space), without Foundation's
    /// `CharacterSet`, which took a twelfth of the CPU of `/v2/check`.
    static func trimmedText(of range: Range<Int>, in text: [UTF16.CodeUnit]) -> String {
        let clamped = range.clamped(to: 0..<text.count)
        var lower = clamped.lowerBound
        var upper = clamped.upperBound
        // Every white space character is in the Basic Multilingual Plane: one code unit.
        func isWhiteSpace(_ unit: UTF16.CodeUnit) -> Bool {
            unit == 0x200B || (Unicode.Scalar(unit)?.properties.isWhitespace ?? false)
        }
        while lower < upper, isWhiteSpace(text[lower]) { lower += 1 }
        while upper > lower, isWhiteSpace(text[upper - 1]) { upper -= 1 }
        return string(fromUTF16: text[lower..<upper])
    }

    /// The text of UTF-16 code units, a lone surrogate as U+FFFD, as `String(decoding:as:)` gives
    /// it. Transcoded here: the standard library's UTF-16 parser, not specialised, was a
    /// thirteenth of the CPU of `/v2/check` (`perf`).
    static func string(fromUTF16 units: ArraySlice<UTF16.CodeUnit>, lineFeedsAsSpaces: Bool = false) -> String {
        // A code unit gives at most three bytes of UTF-8; a surrogate pair, two units, four.
        String(unsafeUninitializedCapacity: units.count * 3) { buffer in
            var out = 0
            var index = units.startIndex
            while index < units.endIndex {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xFC00 == 0xD800, index < units.endIndex, units[index] & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                } else if scalar & 0xF800 == 0xD800 {
                    scalar = 0xFFFD
                } else if scalar == 0x0A, lineFeedsAsSpaces {
                    scalar = 0x20
                }
                switch scalar {
                case ..<0x80:
                    buffer[out] = UInt8(scalar)
                    out += 1
                case ..<0x800:
                    buffer[out] = UInt8(0xC0 | scalar >> 6)
                    buffer[out + 1] = UInt8(0x80 | scalar & 0x3F)
                    out += 2
                case ..<0x10000:
                    buffer[out] = UInt8(0xE0 | scalar >> 12)
                    buffer[out + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | scalar & 0x3F)
                    out += 3
                default:
                    buffer[out] = UInt8(0xF0 | scalar >> 18)
                    buffer[out + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 3] = UInt8(0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return out
        }
    }
}
