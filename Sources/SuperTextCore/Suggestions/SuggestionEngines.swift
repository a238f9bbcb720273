/// The suggestion engine SuperText uses.
enum SuggestionEngines {
    /// The default engine for a catalog: SuperText's own index, with Hunspell's `suggest` as its
    /// fallback.
    static func `default`(catalog: DictionaryCatalog) -> any SuggestionEngine {
        indexed(catalog: catalog)
    }
}

/// Which suggestions a proofreader makes, for callers that compare engines (the benchmark).
package enum SuggestionSource: Sendable {
    /// SuperText's own engine, with these ranking weights.
    case index(SuggestionRanking)
    /// libhunspell's `suggest` alone.
    case hunspell
}
