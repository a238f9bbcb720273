/// The suggestion engine SuperText uses.
enum SuggestionEngines {
    /// The default engine for a catalog.
    static func `default`(catalog: DictionaryCatalog) -> any SuggestionEngine {
        HunspellSuggestionEngine()
    }
}
