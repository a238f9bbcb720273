import SuperTextCore
import SuperTextProject

/// Checks a document paragraph by paragraph and keeps each paragraph's matches: after an edit,
/// only the paragraphs whose text changed are checked again (a keystroke in a 50 KB file checks
/// one paragraph). The language is chosen once for the whole document, as the service does for
/// the parts of a long text.
final class ParagraphCache {
    private struct Key: Hashable {
        var text: String
        var language: String
    }

    /// Matches by paragraph text, offsets within the paragraph; kept for the paragraphs of the
    /// last check only, so the cache never outgrows the document.
    private var matches: [Key: (matches: [Match], sentences: [SentenceRange])] = [:]
    /// The language chosen for the document, and the request it was chosen for.
    private var choice: (request: String, language: Proofreader.LanguageChoice)?

    /// Forgets everything (the settings, the dictionary or the rules changed).
    func clear() {
        matches.removeAll()
        choice = nil
    }

    /// The result of checking `request` (the whole document), from the cached paragraphs and
    /// checks of the changed ones.
    func check(_ request: CheckRequest, proofreader: Proofreader, chooseLanguageAgain: Bool) throws -> CheckResult {
        let settings = "\(request.language)|\(request.preferredLanguages)"
        if chooseLanguageAgain || choice?.request != settings {
            choice = (settings, try proofreader.chooseLanguage(for: request))
        }
        let language = choice!.language
        let parts = ParagraphSplitter.parts(of: request.text, targetSize: 1, format: request.format, longest: Int.max)
        var kept: [Key: (matches: [Match], sentences: [SentenceRange])] = [:]
        var all: [Match] = []
        var sentences: [SentenceRange] = []
        for part in parts {
            let key = Key(text: part.text, language: language.report.code)
            let found: (matches: [Match], sentences: [SentenceRange])
            if let cached = kept[key] ?? matches[key] {
                found = cached
            } else {
                var partRequest = request
                partRequest.text = part.text
                let result = try proofreader.check(partRequest, choice: language, isCancelled: { false })
                found = (result.matches, result.sentences)
            }
            kept[key] = found
            all += found.matches.map { match in
                var moved = match
                moved.offset += part.utf16Offset
                return moved
            }
            sentences += found.sentences.map { SentenceRange(offset: $0.offset + part.utf16Offset, length: $0.length) }
        }
        matches = kept
        return CheckResult(
            language: language.report, matches: all, correctedText: "",
            stats: CheckStats(characters: request.text.utf16.count, words: 0, matches: all.count, milliseconds: 0),
            sentences: sentences, warnings: language.warnings
        )
    }
}
