import Foundation

#if os(Linux)
/// glibc's `malloc_trim`, which Swift's Glibc module does not export.
@_silgen_name("malloc_trim")
private func mallocTrim(_ padding: Int) -> Int32
#endif

/// SuperText's own suggestions: candidates from a precomputed index of each language's words,
/// ranked by an error model and word frequency, every one confirmed by `Hunspell_spell`.
/// Hunspell's `suggest` is kept as a fallback for the rare word the index finds nothing near.
///
/// The engine is shared by all worker threads. It holds one `SuggestionLexicon` per language,
/// built on first use (or mapped from the disk cache) and never changed; each thread's suggester
/// searches it with its own scratch buffers and confirms with its own Hunspell handle.
final class IndexedSuggestionEngine: SuggestionEngine, @unchecked Sendable {
    /// One language's shared, immutable index and error model.
    struct LanguageIndex: @unchecked Sendable {
        let lexicon: SuggestionLexicon
        let model: SpellingErrorModel
        /// Whether the dictionary forms compounds, which the lexicon cannot list.
        let formsCompounds: Bool
        /// The dictionary's `OCONV` table, applied to suggestions.
        let outputConversions: [(from: String, to: String)]
        /// Hunspell's fallback answers, the first one kept for every thread.
        let fallbackAnswers: FallbackAnswers
        /// Recent answers, shared by every thread.
        let recentAnswers: SharedRecentAnswers
    }

    /// Directories whose `frequencies/` folder holds the word frequency lists.
    let frequencyDirectories: [String]
    let store: SuggestionIndexStore
    let ranking: SuggestionRanking
    private let lock = NSLock()
    private var indexes: [String: LanguageIndex] = [:]

    /// - Parameters:
    ///   - frequencyDirectories: where to look for `frequencies/<language>.tsv` (the catalog's
    ///     dictionary directories).
    ///   - store: the on-disk cache of built indexes.
    ///   - ranking: the weights of the ranking.
    init(
        frequencyDirectories: [String], store: SuggestionIndexStore = SuggestionIndexStore(),
        ranking: SuggestionRanking = SuggestionRanking()
    ) {
        self.frequencyDirectories = frequencyDirectories
        self.store = store
        self.ranking = ranking
    }

    func makeSuggester(for language: InstalledLanguage, dictionary: HunspellDictionary) -> any Suggester {
        IndexedSuggester(
            language: language, index: index(for: language, confirmingWith: dictionary),
            dictionary: dictionary, ranking: ranking
        )
    }

    /// The index of a language: already in memory, read from the cache, or built now with
    /// Gives memory freed to the allocator back to the system: glibc's `malloc_trim`, and when
    /// the process runs on jemalloc (the service links it), a purge of its arenas, which would
    /// otherwise keep freed pages for seconds.
    static func releaseFreedMemory() {
        #if os(Linux)
        _ = mallocTrim(0)
        typealias Control = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32
        if let symbol = dlsym(nil, "mallctl") {
            // `MALLCTL_ARENAS_ALL` is 4096.
            _ = unsafeBitCast(symbol, to: Control.self)("arena.4096.purge", nil, nil, nil, 0)
        }
        #endif
    }

    /// `dictionary` (owned by the calling thread) confirming every word.
    func index(for language: InstalledLanguage, confirmingWith dictionary: HunspellDictionary) -> LanguageIndex {
        lock.withLock {
            if let index = indexes[language.code] { return index }
            let frequencyPath = WordFrequencies.path(for: language, in: frequencyDirectories)
            let fingerprint = SuggestionIndexStore.fingerprint(language: language, frequencyPath: frequencyPath)
            let lexicon: SuggestionLexicon
            if let cached = store.load(for: language, frequencyPath: frequencyPath, fingerprint: fingerprint) {
                lexicon = cached
            } else {
                let built = Self.buildLexicon(language: language, frequencyPath: frequencyPath, dictionary: dictionary)
                store.save(built, for: language, frequencyPath: frequencyPath, fingerprint: fingerprint)
                // Read back mapped, as later starts will: no private copy stays in memory.
                lexicon = store.load(for: language, frequencyPath: frequencyPath, fingerprint: fingerprint) ?? built
                // Building takes a few hundred megabytes of temporary strings; give them back.
                Self.releaseFreedMemory()
            }
            let index = LanguageIndex(
                lexicon: lexicon, model: SpellingErrorModel(alphabet: lexicon.alphabet, language: language.code),
                formsCompounds: AffixFile.declaresCompounds(path: language.affixPath),
                outputConversions: AffixFile.outputConversions(path: language.affixPath),
                fallbackAnswers: FallbackAnswers(),
                recentAnswers: SharedRecentAnswers(capacity: 16_384)
            )
            indexes[language.code] = index
            return index
        }
    }

    /// The words of a language worth suggesting: the dictionary's forms and the frequency list's
    /// words (in the case the dictionary accepts), each confirmed by the dictionary.
    static func buildLexicon(
        language: InstalledLanguage, frequencyPath: String?, dictionary: HunspellDictionary
    ) -> SuggestionLexicon {
        var frequencies = frequencyPath.flatMap { try? WordFrequencies(path: $0) } ?? WordFrequencies()
        // German nouns are capitalised, and the source dropped most capitalised tokens: "zeit"
        // has 998, "mal" 341,769. Twenty times their count puts them back among their peers
        // (measured on de_libreoffice: 20 ranks best among 1, 20, 50 and 150).
        if language.primaryLanguage == "de" { frequencies.capitalisedWordFactor = 20 }
        var words: [String] = []
        words.reserveCapacity(1 << 20)
        try? DictionaryWordForms.forEachForm(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath) {
            words.append($0)
        }
        var compoundHeads: [String] = []
        try? DictionaryWordForms.forEachCompoundHead(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath) {
            compoundHeads.append($0)
        }
        // The frequency list is lowercase: "paris" stands for "Paris", "haus" for "Haus".
        for word in frequencies.counts.keys.sorted() {
            if dictionary.spell(word) {
                words.append(word)
            } else {
                words.append(CaseShape.title.apply(to: word))
            }
        }
        return SuggestionLexicon.build(
            words: words, frequencies: frequencies, phonetics: PhoneticKey(language: language.code),
            compoundHeads: compoundHeads
        ) { dictionary.spell($0) }
    }
}

extension SuggestionEngines {
    /// SuperText's own engine over a catalog's dictionaries.
    static func indexed(catalog: DictionaryCatalog) -> IndexedSuggestionEngine {
        IndexedSuggestionEngine(frequencyDirectories: catalog.searchPath)
    }
}
