/// The suggestion engine SuperText uses.
public enum SuggestionEngines {
    /// The default engine for a catalog: SuperText's own index, with Hunspell's `suggest` as its
    /// fallback.
    static func `default`(catalog: DictionaryCatalog) -> any SuggestionEngine {
        indexed(catalog: catalog)
    }

    /// Whether a language's suggestion index is in the cache, so that the language is ready at
    /// once; otherwise its first use builds it (5-30 s a language).
    public static func hasCachedIndex(for language: InstalledLanguage, catalog: DictionaryCatalog) -> Bool {
        IndexedSuggestionEngine(frequencyDirectories: catalog.searchPath, buildsInBackground: true).loadedIndex(for: language) != nil
    }
}

/// Which suggestions a proofreader makes, for callers that compare engines (the benchmark).
package enum SuggestionSource: Sendable {
    /// SuperText's own engine, with these ranking weights.
    case index(SuggestionRanking)
    /// libhunspell's `suggest` alone.
    case hunspell
}
