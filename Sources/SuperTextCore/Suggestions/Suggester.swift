/// Suggests corrections for misspelled words of one language.
///
/// A suggester belongs to one worker thread: it may use that thread's dictionary handle, which is
/// not thread-safe. Engines (which make suggesters) are shared and `Sendable`.
protocol Suggester {
    /// Corrections for `word` (NFC), best first, at most `limit`. `personalWords` are words the
    /// person taught; they are valid candidates too.
    func suggestions(for word: String, personalWords: Set<String>, limit: Int) -> [String]

    /// Whether `word` is among the language's most common words (in any case), which makes it
    /// far likelier than a name one edit away from it.
    func isCommon(_ word: String) -> Bool

    /// How likely a slip turns `suggestion` into `written`, as edits: 1 is one ordinary edit,
    /// less a likelier one (`ß` written `ss` costs a tenth).
    func errorCost(from written: String, to suggestion: String) -> Float
}

extension Suggester {
    /// Without frequencies, no word is known to be common.
    func isCommon(_ word: String) -> Bool { false }

    /// Without an error model, every edit counts one.
    func errorCost(from written: String, to suggestion: String) -> Float {
        Float(EditDistance.damerau(written.lowercased(), suggestion.lowercased(), limit: 3))
    }
}

/// Makes the suggesters of each worker thread. Replacing the engine does not touch the checker.
protocol SuggestionEngine: Sendable {
    /// A suggester for `language` that uses `dictionary`, owned by the calling thread.
    func makeSuggester(for language: InstalledLanguage, dictionary: HunspellDictionary) -> any Suggester
}
