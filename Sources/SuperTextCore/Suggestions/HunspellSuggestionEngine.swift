/// Suggestions from libhunspell's own `suggest`: good, but slow (20-70 ms a word).
struct HunspellSuggestionEngine: SuggestionEngine {
    func makeSuggester(for language: InstalledLanguage, dictionary: HunspellDictionary) -> any Suggester {
        HunspellSuggester(dictionary: dictionary)
    }
}

/// A suggester that asks libhunspell, with a bounded cache of recent answers.
final class HunspellSuggester: Suggester {
    private let dictionary: HunspellDictionary
    private var cache = RecentAnswers<String, [String]>(capacity: 4096)

    init(dictionary: HunspellDictionary) {
        self.dictionary = dictionary
    }

    func suggestions(for word: String, personalWords: Set<String>, limit: Int) -> [String] {
        let all: [String]
        if let cached = cache[word] {
            all = cached
        } else {
            all = dictionary.suggest(word)
            cache[word] = all
        }
        return Array(all.prefix(limit))
    }
}
