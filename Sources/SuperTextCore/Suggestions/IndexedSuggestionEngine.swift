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
        /// The dictionary's `REP` entries that rewrite a whole word (`alot` → `a lot`).
        let wholeWordReplacements: [String: [String]]
        /// The dictionary's `OCONV` table, applied to suggestions.
        let outputConversions: [(from: String, to: String)]
        /// Hunspell's fallback answers, the first one kept for every thread.
        let fallbackAnswers: FallbackAnswers
        /// Recent answers, shared by every thread.
        let recentAnswers: SharedRecentAnswers
        /// The frequency list's accented words the dictionary may lack.
        let corpusAccentedWords: CorpusAccentedWords
    }

    /// Directories whose `frequencies/` folder holds the word frequency lists.
    let frequencyDirectories: [String]
    let store: SuggestionIndexStore
    let ranking: SuggestionRanking
    /// Whether an index missing from the cache is built on a thread of its own while its
    /// language is served with libhunspell's suggestions (the service), rather than before the
    /// first answer (the command line, the tests).
    let buildsInBackground: Bool
    /// Told when a background build starts, advances and ends (the service logs it).
    private let events: (@Sendable (IndexBuildEvent) -> Void)?
    private let lock = NSLock()
    private var indexes: [String: LanguageIndex] = [:]
    /// Languages whose index is being built, or waits for its turn, and how far it is (0-1).
    private var building: [String: Double] = [:]
    /// Background builds not yet started, run one at a time in the order they were asked for.
    private var queue: [(language: InstalledLanguage, dictionary: HunspellDictionary)] = []
    private var builderRunning = false

    /// - Parameters:
    ///   - frequencyDirectories: where to look for `frequencies/<language>.tsv` (the catalog's
    ///     dictionary directories).
    ///   - store: the on-disk cache of built indexes.
    ///   - ranking: the weights of the ranking.
    ///   - buildsInBackground: build missing indexes on a thread of their own (see the property).
    ///   - events: told of background builds.
    init(
        frequencyDirectories: [String], store: SuggestionIndexStore = SuggestionIndexStore(),
        ranking: SuggestionRanking = SuggestionRanking(), buildsInBackground: Bool = false,
        events: (@Sendable (IndexBuildEvent) -> Void)? = nil
    ) {
        self.frequencyDirectories = frequencyDirectories
        self.store = store
        self.ranking = ranking
        self.buildsInBackground = buildsInBackground
        self.events = events
    }

    func makeSuggester(for language: InstalledLanguage, dictionary: HunspellDictionary) -> any Suggester {
        if buildsInBackground {
            if let index = loadedIndex(for: language) {
                return IndexedSuggester(language: language, index: index, dictionary: dictionary, ranking: ranking)
            }
            buildLater(language, confirmingWith: dictionary)
            return PendingIndexSuggester(engine: self, language: language, dictionary: dictionary)
        }
        return IndexedSuggester(
            language: language, index: index(for: language, confirmingWith: dictionary),
            dictionary: dictionary, ranking: ranking
        )
    }

    /// The languages whose index is being built or waits for its turn, with how far the build
    /// is (0 to 1). A language absent from it is ready, or was never asked for.
    var buildsInProgress: [String: Double] {
        lock.withLock { building }
    }

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

    /// The index of a language: already in memory, read from the cache, or built now with
    /// `dictionary` (owned by the calling thread) confirming every word.
    func index(for language: InstalledLanguage, confirmingWith dictionary: HunspellDictionary) -> LanguageIndex {
        lock.withLock {
            if let index = loadedIndexLocked(for: language) { return index }
            let index = makeIndex(language: language, lexicon: buildAndStore(language, confirmingWith: dictionary) { _ in })
            indexes[language.code] = index
            return index
        }
    }

    /// The index of a language if it is in memory or in the cache (reading it takes tens of
    /// milliseconds); nil when it must be built.
    func loadedIndex(for language: InstalledLanguage) -> LanguageIndex? {
        lock.withLock { loadedIndexLocked(for: language) }
    }

    /// The index of a language once it is in memory (a background build has finished).
    func builtIndex(for code: String) -> LanguageIndex? {
        lock.withLock { indexes[code] }
    }

    private func loadedIndexLocked(for language: InstalledLanguage) -> LanguageIndex? {
        if let index = indexes[language.code] { return index }
        guard building[language.code] == nil else { return nil }
        let frequencyPath = WordFrequencies.path(for: language, in: frequencyDirectories)
        let fingerprint = SuggestionIndexStore.fingerprint(language: language, frequencyPath: frequencyPath)
        guard let cached = store.load(for: language, frequencyPath: frequencyPath, fingerprint: fingerprint) else {
            // A file of this version that does not read (damaged, or built from other inputs) is
            // rebuilt and replaced, never read: said, so that a rebuild is not a mystery.
            if let path = store.path(for: language, frequencyPath: frequencyPath), FileManager.default.fileExists(atPath: path) {
                events?(IndexBuildEvent(language: language.code, kind: .unreadableCache(path)))
            }
            return nil
        }
        let index = makeIndex(language: language, lexicon: cached)
        indexes[language.code] = index
        return index
    }

    /// Builds a language's lexicon, writes it to the cache and reads it back mapped.
    private func buildAndStore(
        _ language: InstalledLanguage, confirmingWith dictionary: HunspellDictionary, progress: (Double) -> Void
    ) -> SuggestionLexicon {
        let frequencyPath = WordFrequencies.path(for: language, in: frequencyDirectories)
        let fingerprint = SuggestionIndexStore.fingerprint(language: language, frequencyPath: frequencyPath)
        let built = Self.buildLexicon(language: language, frequencyPath: frequencyPath, dictionary: dictionary, progress: progress)
        store.save(built, for: language, frequencyPath: frequencyPath, fingerprint: fingerprint)
        // Read back mapped, as later starts will: no private copy stays in memory.
        let lexicon = store.load(for: language, frequencyPath: frequencyPath, fingerprint: fingerprint) ?? built
        // Building takes a few hundred megabytes of temporary strings; give them back.
        Self.releaseFreedMemory()
        return lexicon
    }

    private func makeIndex(language: InstalledLanguage, lexicon: SuggestionLexicon) -> LanguageIndex {
        let facts = AffixFile.suggestionFacts(path: language.affixPath)
        return LanguageIndex(
            lexicon: lexicon, model: SpellingErrorModel(
                alphabet: lexicon.alphabet, language: language.code, tables: facts.tables, tableCost: ranking.dictionaryTableCost
            ),
            formsCompounds: facts.formsCompounds,
            wholeWordReplacements: facts.tables.wholeWords,
            outputConversions: facts.outputConversions,
            fallbackAnswers: FallbackAnswers(),
            recentAnswers: SharedRecentAnswers(capacity: 16_384),
            corpusAccentedWords: CorpusAccentedWords(frequencyPath: WordFrequencies.path(for: language, in: frequencyDirectories))
        )
    }

    /// Queues a background build of a language's index, unless one is queued or running.
    private func buildLater(_ language: InstalledLanguage, confirmingWith dictionary: HunspellDictionary) {
        let startsBuilder: Bool = lock.withLock {
            guard indexes[language.code] == nil, building[language.code] == nil else { return false }
            building[language.code] = 0
            queue.append((language, dictionary))
            guard !builderRunning else { return false }
            builderRunning = true
            return true
        }
        guard startsBuilder else { return }
        // One build at a time: each takes a few hundred megabytes while it runs.
        let thread = Thread { [self] in
            while let (language, dictionary) = lock.withLock({ queue.isEmpty ? nil : queue.removeFirst() }) {
                let start = ContinuousClock.now
                events?(IndexBuildEvent(language: language.code, kind: .started))
                // Progress is told every tenth of the way, at most every five seconds.
                var reported = (share: 0.0, at: start)
                let lexicon = buildAndStore(language, confirmingWith: dictionary) { fraction in
                    lock.withLock { building[language.code] = fraction }
                    let now = ContinuousClock.now
                    if fraction - reported.share >= 0.1, now - reported.at >= .seconds(5) {
                        reported = (fraction, now)
                        events?(IndexBuildEvent(language: language.code, kind: .progress(fraction)))
                    }
                }
                let index = makeIndex(language: language, lexicon: lexicon)
                lock.withLock {
                    indexes[language.code] = index
                    building[language.code] = nil
                }
                events?(IndexBuildEvent(language: language.code, kind: .finished(ContinuousClock.now - start)))
            }
            lock.withLock { builderRunning = false }
        }
        thread.name = "supertext-index-builder"
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// The words of a language worth suggesting: the dictionary's forms and the frequency list's
    /// words (in the case the dictionary accepts), each confirmed by the dictionary.
    ///
    /// Expanding and confirming the forms is most of a build (Italian: 3.3 million forms, 32 of
    /// its 41 s on one thread), so it is shared by one thread a core, each with a Hunspell
    /// handle of its own (the handle races when shared), on every `threads`-th line of the `.dic`.
    static func buildLexicon(
        language: InstalledLanguage, frequencyPath: String?, dictionary: HunspellDictionary,
        threads: Int = min(4, ProcessInfo.processInfo.activeProcessorCount),
        progress: (Double) -> Void = { _ in }
    ) -> SuggestionLexicon {
        var frequencies = frequencyPath.flatMap { try? WordFrequencies(path: $0) } ?? WordFrequencies()
        // German nouns are capitalised, and the source dropped most capitalised tokens: "zeit"
        // has 998, "mal" 341,769. Twenty times their count puts them back among their peers
        // (measured on de_libreoffice: 20 ranks best among 1, 20, 50 and 150).
        if language.primaryLanguage == "de" { frequencies.capitalisedWordFactor = 20 }
        let threads = max(1, threads)
        let confirmedForms = ConfirmedForms(shards: threads)
        // The other shards on threads of their own, the first on this one, which tells progress.
        let others = DispatchGroup()
        for shard in 1..<threads {
            DispatchQueue.global().async(group: others) {
                let checker = HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
                confirmedForms.set(confirmedFormsOf(language, shard: shard, of: threads, checker: checker) { _ in }, shard: shard)
            }
        }
        confirmedForms.set(confirmedFormsOf(language, shard: 0, of: threads, checker: dictionary, progress: progress), shard: 0)
        others.wait()
        var words = confirmedForms.all
        var compoundHeads: [String] = []
        try? DictionaryWordForms.forEachCompoundHead(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath) {
            compoundHeads.append($0)
        }
        // The frequency list is lowercase: "paris" stands for "Paris", "haus" for "Haus".
        for word in frequencies.counts.keys.sorted() {
            if dictionary.spell(word) {
                words.append(word)
            } else {
                let title = CaseShape.title.apply(to: word)
                if dictionary.spell(title) { words.append(title) }
            }
        }
        progress(1)
        return SuggestionLexicon.build(
            words: words, frequencies: frequencies, phonetics: PhoneticKey(language: language.code),
            compoundHeads: compoundHeads
        )
    }
}

/// The dictionary's forms on one shard of its lines that `checker` accepts, each once.
private func confirmedFormsOf(
    _ language: InstalledLanguage, shard: Int, of shards: Int, checker: HunspellDictionary, progress: (Double) -> Void
) -> [String] {
    var seen = Set<String>()
    var accepted: [String] = []
    try? DictionaryWordForms.forEachForm(
        affixPath: language.affixPath, dictionaryPath: language.dictionaryPath, shard: shard, of: shards, progress: progress
    ) { form in
        if seen.insert(form).inserted, checker.confirms(form) { accepted.append(form) }
    }
    return accepted
}

/// The forms each build thread confirmed, in shard order (so a build is deterministic).
private final class ConfirmedForms: @unchecked Sendable {
    private let lock = NSLock()
    private var shards: [[String]]

    init(shards count: Int) { shards = Array(repeating: [], count: count) }

    func set(_ forms: [String], shard: Int) { lock.withLock { shards[shard] = forms } }

    var all: [String] { lock.withLock { shards.flatMap { $0 } } }
}

/// What a background build of a language's suggestion index reports.
public struct IndexBuildEvent: Sendable {
    public enum Kind: Sendable {
        case started
        /// The cached index at this path is damaged or was built from other inputs: rebuilt.
        case unreadableCache(String)
        /// The share of the dictionary's words confirmed so far.
        case progress(Double)
        case finished(Duration)
    }

    public let language: String
    public let kind: Kind
}

/// A language's suggester while its index is built in the background: libhunspell's own
/// suggestions until the index is there, then the index's.
final class PendingIndexSuggester: Suggester {
    private let engine: IndexedSuggestionEngine
    private let language: InstalledLanguage
    private let dictionary: HunspellDictionary
    private let fallback: HunspellSuggester
    private var indexed: IndexedSuggester?

    init(engine: IndexedSuggestionEngine, language: InstalledLanguage, dictionary: HunspellDictionary) {
        self.engine = engine
        self.language = language
        self.dictionary = dictionary
        fallback = HunspellSuggester(dictionary: dictionary)
    }

    private var ready: IndexedSuggester? {
        if indexed == nil, let index = engine.builtIndex(for: language.code) {
            indexed = IndexedSuggester(language: language, index: index, dictionary: dictionary, ranking: engine.ranking)
        }
        return indexed
    }

    func suggestions(for word: String, personalWords: Set<String>, limit: Int) -> [String] {
        ready?.suggestions(for: word, personalWords: personalWords, limit: limit)
            ?? fallback.suggestions(for: word, personalWords: personalWords, limit: limit)
    }

    func isCommon(_ word: String) -> Bool {
        ready?.isCommon(word) ?? false
    }

    func errorCost(from written: String, to suggestion: String) -> Float {
        ready?.errorCost(from: written, to: suggestion) ?? fallback.errorCost(from: written, to: suggestion)
    }
}

extension SuggestionEngines {
    /// SuperText's own engine over a catalog's dictionaries.
    static func indexed(catalog: DictionaryCatalog) -> IndexedSuggestionEngine {
        IndexedSuggestionEngine(frequencyDirectories: catalog.searchPath)
    }
}
