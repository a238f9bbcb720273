import Foundation

/// Checks texts: tokenize, pick the language, spell-check, suggest, explain, run the rules.
///
/// Checks texts: tokenize, pick the language, spell-check, suggest, explain, run the rules.
///
/// A proofreader keeps per-thread state (suggesters' scratch buffers, caches): use one
/// proofreader per thread (`ProofreadingPool` runs one on each of its worker threads). The
/// proofreaders of a pool share one Hunspell dictionary per language (`SharedDictionaries`).
/// A language loads on first use, in parts: detecting the language of a text needs only its
/// dictionary, checking in it its suggestions and grammar as well. `loadAll()` loads everything now.
public final class Proofreader {
    /// The installed dictionaries.
    public let catalog: DictionaryCatalog
    /// The rules run after spelling.
    public let rules: [any ProofreadingRule]
    /// Most suggestions per match. 0 turns suggestions off: the suggester is then never asked,
    /// which makes checking a text with many unknown words fast (benchmarks, bulk checks).
    public var suggestionLimit = 5
    /// The users' own rules (`UserRules`), run after the language's: the pool sets the current
    /// set before each check.
    public var userRules = UserRules.Snapshot.empty

    private let suggestionEngine: any SuggestionEngine
    private let dictionaries: SharedDictionaries
    private var sessions: [String: LanguageSession] = [:]

    /// One language: its dictionary, and its suggester and grammar once a text is checked in it
    /// (language detection and `MixedLanguages` ask only the dictionary).
    final class LanguageSession {
        let language: InstalledLanguage
        let dictionary: HunspellDictionary
        let script: Script
        private let engine: any SuggestionEngine
        private let searchPath: [String]
        /// The language's suggester (over the engine's shared index).
        private(set) lazy var suggester: any Suggester = engine.makeSuggester(for: language, dictionary: dictionary)
        /// The language's grammar rules and what they know of its words (shared by every worker).
        private(set) lazy var grammar: LanguageGrammar = GrammarCatalog.grammar(
            for: language.primaryLanguage, searchPath: searchPath
        )

        init(language: InstalledLanguage, engine: any SuggestionEngine, dictionary: HunspellDictionary, searchPath: [String]) {
            self.language = language
            self.engine = engine
            self.searchPath = searchPath
            self.dictionary = dictionary
            script = Script.of(language: language.primaryLanguage)
        }

        /// Loads the suggester and the grammar now.
        func loadAll() {
            _ = grammar
            _ = suggester
        }
    }

    /// A proofreader over the installed dictionaries, with SuperText's own suggestions.
    public convenience init(catalog: DictionaryCatalog, rules: [any ProofreadingRule] = ProofreadingRules.all) {
        self.init(catalog: catalog, rules: rules, suggestionEngine: SuggestionEngines.default(catalog: catalog))
    }

    /// A proofreader whose suggestions come from a chosen source.
    package convenience init(catalog: DictionaryCatalog, suggestionSource: SuggestionSource) {
        let engine: any SuggestionEngine = switch suggestionSource {
        case .index(let ranking): IndexedSuggestionEngine(frequencyDirectories: catalog.searchPath, ranking: ranking)
        case .hunspell: HunspellSuggestionEngine()
        }
        self.init(catalog: catalog, rules: ProofreadingRules.all, suggestionEngine: engine)
    }

    /// - Parameter dictionaries: the Hunspell dictionaries, shared with the other proofreaders of
    ///   a pool.
    init(
        catalog: DictionaryCatalog, rules: [any ProofreadingRule], suggestionEngine: any SuggestionEngine,
        dictionaries: SharedDictionaries = SharedDictionaries()
    ) {
        self.catalog = catalog
        self.rules = rules
        self.suggestionEngine = suggestionEngine
        self.dictionaries = dictionaries
    }

    /// Loads every installed language now (its dictionary, about 40 ms, its suggestion index and
    /// its grammar) rather than on first use.
    public func loadAll() {
        for language in catalog.languages { session(for: language).loadAll() }
    }

    func session(for language: InstalledLanguage) -> LanguageSession {
        if let session = sessions[language.code] { return session }
        let session = LanguageSession(
            language: language, engine: suggestionEngine, dictionary: dictionaries.dictionary(for: language),
            searchPath: catalog.searchPath
        )
        sessions[language.code] = session
        return session
    }

    // MARK: Checking

    /// Checks one text.
    /// - Parameter isCancelled: polled between words; when it returns true the check stops with
    ///   `SuperTextError.cancelled`.
    /// - Throws: `SuperTextError` (unknown language, cancelled).
    public func check(_ request: CheckRequest, isCancelled: () -> Bool = { false }) throws -> CheckResult {
        try check(request, choice: nil, isCancelled: isCancelled)
    }

    /// Checks one text in an already chosen language (`nil`: choose it from this text).
    package func check(_ request: CheckRequest, choice: LanguageChoice?, isCancelled: () -> Bool) throws -> CheckResult {
        let clock = ContinuousClock.now
        var text = request.text
        return try text.withUTF8 { bytes in
            let (words, masked) = Tokenizer.wordsAndMaskedRanges(in: bytes, format: request.format)
            let sentences = SentenceSplitter.sentences(in: bytes)
            let document = CheckedDocument(bytes: bytes, words: words, sentences: sentences, maskedRanges: masked)
            let choice = try choice ?? chooseLanguage(for: request, document: document)
            var result = try check(document, request: request, choice: choice, isCancelled: isCancelled)
            result.stats.characters = request.text.utf16.count
            result.stats.milliseconds = (ContinuousClock.now - clock).milliseconds
            return result
        }
    }

    /// Chooses the language of a whole text (detecting it for `auto`), without checking it.
    package func chooseLanguage(for request: CheckRequest) throws -> LanguageChoice {
        var text = request.text
        return try text.withUTF8 { bytes in
            let document = CheckedDocument(
                bytes: bytes, words: Tokenizer.words(in: bytes, format: request.format), sentences: [],
                withTokenStream: false
            )
            return try chooseLanguage(for: request, document: document)
        }
    }

    /// The language a text is checked in.
    package struct LanguageChoice: Sendable {
        var language: InstalledLanguage?
        package var report: LanguageReport
        package var warnings: [String]
    }

    /// Resolves the requested language, or detects it for `auto`.
    func chooseLanguage(for request: CheckRequest, document: CheckedDocument) throws -> LanguageChoice {
        let requested = request.language.trimmingCharacters(in: .whitespaces)
        if !requested.isEmpty, requested.lowercased() != "auto" {
            if !request.preferredLanguages.isEmpty { throw SuperTextError.preferredLanguagesWithoutAuto() }
            let language = try catalog.resolve(requested)
            return LanguageChoice(
                language: language,
                report: LanguageReport(code: language.code, name: language.name, detected: false, confidence: 1),
                warnings: []
            )
        }
        guard !catalog.languages.isEmpty else {
            throw SuperTextError.noDictionaries(searched: catalog.searchPath)
        }
        var candidates = try request.preferredLanguages.isEmpty
            ? LanguageDetector.ordered(catalog.languages, catalog: catalog)
            : request.preferredLanguages.map { try catalog.resolve($0) }
        // A bare preferred language ("de") stands for all its installed variants.
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert($0.code).inserted }

        let wordTokens = document.words.filter(\.isWord)
        let sample = LanguageDetector.evenSample(of: wordTokens, count: LanguageDetector.sampleSize)
            .map { normalizedWord(document.text(of: $0)) }
        var scripts: [Script: Int] = [:]
        for word in sample {
            for scalar in word.unicodeScalars where scalar.properties.isAlphabetic {
                scripts[Script.of(scalar), default: 0] += 1
            }
        }
        let detected = LanguageDetector.detect(
            words: sample.filter { $0.count > 1 || $0.unicodeScalars.first.map { !$0.isASCII } == true },
            scripts: scripts, candidates: candidates,
            accepts: { language, word in self.session(for: language).dictionary.spell(word) }
        )
        guard let language = detected.language else {
            return LanguageChoice(
                language: nil,
                report: LanguageReport(
                    code: "und", name: "Unsupported script: \(detected.script.name)", detected: true,
                    confidence: 1
                ),
                warnings: [
                    "The text is written in the \(detected.script.name) script, for which no dictionary is "
                        + "installed; it was not checked. Installed: "
                        + catalog.languages.map(\.code).joined(separator: ", ") + ".",
                ]
            )
        }
        return LanguageChoice(
            language: language,
            report: LanguageReport(
                code: language.code, name: language.name, detected: true, confidence: detected.confidence
            ),
            warnings: []
        )
    }

    /// Checks an already tokenized document in a chosen language.
    func check(
        _ document: CheckedDocument, request: CheckRequest, choice: LanguageChoice, isCancelled: () -> Bool
    ) throws -> CheckResult {
        guard let language = choice.language else {
            return CheckResult(
                language: choice.report, matches: [], correctedText: request.text,
                stats: CheckStats(characters: 0, words: 0, matches: 0, milliseconds: 0),
                sentences: document.sentences, warnings: choice.warnings
            )
        }
        let explanationLanguage = request.explanationLanguage
            ?? ExplanationLanguage(languageCode: language.code) ?? .en
        let part = try matches(
            in: document, language: language, explanationLanguage: explanationLanguage, request: request,
            findsOtherLanguages: request.checksMixedLanguages, isCancelled: isCancelled
        )
        var matches = Self.withoutOverlaps(part.matches)
        matches.sort { ($0.offset, $0.length) < ($1.offset, $1.length) }
        var result = CheckResult(
            language: choice.report, matches: matches,
            correctedText: CorrectionApplier.apply(matches, to: request.text),
            stats: CheckStats(characters: 0, words: part.words, matches: matches.count, milliseconds: 0),
            sentences: document.sentences, warnings: choice.warnings
        )
        result.languageRanges = part.languageRanges
        return result
    }

    /// The matches of a document in one language (spelling and rules), each carrying its
    /// language; with `findsOtherLanguages`, sentences in other languages (`MixedLanguages`)
    /// are checked in theirs, with explanations still in `explanationLanguage`.
    private func matches(
        in document: CheckedDocument, language: InstalledLanguage, explanationLanguage: ExplanationLanguage,
        request: CheckRequest, findsOtherLanguages: Bool, isCancelled: () -> Bool
    ) throws -> (matches: [Match], words: Int, languageRanges: [LanguageRange]) {
        let session = session(for: language)
        let explainer = Explainer(language: explanationLanguage, textLanguage: language.code)
        var spelling = SpellingCheck(
            session: session, explainer: explainer, personalWords: request.acceptedWords(for: language.code),
            suggestionLimit: suggestionLimit
        )
        var matches: [Match] = []
        var checkedWords = 0
        // Other languages: which words this language rejects first (no suggestions yet), then
        // the runs in other languages, whose words are left to their own check below.
        var runs: [MixedLanguages.Run] = []
        var inOtherLanguage: [Bool] = []
        if findsOtherLanguages, catalog.languages.count > 1 {
            var rejected = [Bool](repeating: false, count: document.words.count)
            for (index, token) in document.words.enumerated() where token.isWord {
                if index & 255 == 0, isCancelled() { throw SuperTextError.cancelled }
                rejected[index] = !spelling.accepts(token, in: document)
            }
            runs = MixedLanguages.foreignRuns(
                in: document, rejected: rejected, language: language,
                candidates: { self.otherLanguages(for: request, besides: language) },
                accepts: { other, word in self.session(for: other).dictionary.spell(word) }
            )
            if !runs.isEmpty {
                inOtherLanguage = [Bool](repeating: false, count: document.words.count)
                for run in runs { for index in run.words { inOtherLanguage[index] = true } }
            }
            for (index, token) in document.words.enumerated()
            where token.isWord && (inOtherLanguage.isEmpty || !inOtherLanguage[index]) {
                checkedWords += 1
                if rejected[index], request.runsSpelling { matches += spelling.matches(for: token, in: document) }
            }
        } else if request.runsSpelling {
            for (index, token) in document.words.enumerated() where token.isWord {
                if index & 255 == 0, isCancelled() { throw SuperTextError.cancelled }
                checkedWords += 1
                matches += spelling.matches(for: token, in: document)
            }
        } else {
            checkedWords = document.words.count { $0.isWord }
        }
        var context = RuleContext(
            languageCode: language.code, explanationLanguage: explanationLanguage, explainer: explainer
        )
        context.grammar = session.grammar
        context.isKnownWord = { [dictionary = session.dictionary] word in dictionary.spell(word) }
        var ruleMatches: [Match] = []
        for rule in rules where rule.runs(for: language.primaryLanguage) && request.runs(rule) {
            if isCancelled() { throw SuperTextError.cancelled }
            ruleMatches += RuleTimings.measure(rule.id) { rule.matches(in: document, context: context) }
        }
        let selection = request.ruleSelection
        ruleMatches += try session.grammar.matches(
            in: document, context: context, selection: selection, runs: request.runs, isCancelled: isCancelled
        )
        if !userRules.rules.isEmpty {
            ruleMatches += userRules.matches(in: document, context: context, selection: selection, runs: request.runs)
        }
        var languageRanges: [LanguageRange] = []
        if !runs.isEmpty {
            // This language's rules say nothing about the runs in other languages.
            let ranges = runs.map { document.utf16Range(ofWords: $0.words) }
            ruleMatches.removeAll { match in ranges.contains { $0.contains(match.offset) } }
        }
        matches += ruleMatches
        for index in matches.indices { matches[index].language = language.code }
        for (run, range) in zip(runs, runs.map { document.utf16Range(ofWords: $0.words) }) {
            if isCancelled() { throw SuperTextError.cancelled }
            let (start, part) = try document.withPart(words: run.words) { part in
                try self.matches(
                    in: part, language: run.language, explanationLanguage: explanationLanguage, request: request,
                    findsOtherLanguages: false, isCancelled: isCancelled
                )
            }
            matches += part.matches.map { match in
                var match = match
                match.offset += start
                return match
            }
            checkedWords += part.words
            languageRanges.append(LanguageRange(offset: range.lowerBound, length: range.count, code: run.language.code))
        }
        return (matches, checkedWords, languageRanges)
    }

    /// The languages a text in `language` may have sentences in: the preferred languages of the
    /// request, or every installed one, one variant each.
    private func otherLanguages(for request: CheckRequest, besides language: InstalledLanguage) -> [InstalledLanguage] {
        let preferred = request.preferredLanguages.compactMap { try? catalog.resolve($0) }
        let languages = preferred.isEmpty ? LanguageDetector.ordered(catalog.languages, catalog: catalog) : preferred
        return MixedLanguages.candidates(among: languages, besides: language)
    }

    /// The matches with those that overlap an earlier one left out, spelling first: one place in
    /// the text gets one problem, and the corrected text is unambiguous. A rule match that
    /// covers misspelled words whole wins over their spelling matches when it replaces them by
    /// other words, joins them into a compound ("Aulnay sous Bois" → "Aulnay-sous-Bois"), or
    /// they are names within a longer phrase: a phrase rule that knows "eggnog" as an anglicism
    /// says more than "unknown word", while a rule that keeps the word as it is ("de arbree" →
    /// "d'arbree") leaves it to spelling.
    static func withoutOverlaps(_ matches: [Match]) -> [Match] {
        guard matches.count > 1 else { return matches }
        // Spelling matches never overlap one another (one a word); rule matches are taken in
        // order of offset, each checked against its spelling neighbours and the last rule match kept.
        // A match without suggestions (a long sentence) changes nothing and hides nothing.
        // An unknown name is a word spelling reports like any other.
        func isSpelling(_ match: Match) -> Bool { match.category == .spelling || match.category == .name }
        let spelling = matches.filter(isSpelling).sorted { $0.offset < $1.offset }
        let others = matches.filter { !isSpelling($0) && !$0.suggestions.isEmpty }
            .sorted { ($0.offset, $0.length) < ($1.offset, $1.length) }
        guard !others.isEmpty else { return matches }
        var kept = matches.filter { !isSpelling($0) && $0.suggestions.isEmpty }
        var replaced = Set<Int>()
        var lastEnd = -1
        for match in others {
            let start = match.offset
            let end = match.offset + max(match.length, 1)
            if start < lastEnd { continue }
            // The first spelling match ending after `start`.
            var low = 0
            var high = spelling.count
            while low < high {
                let middle = (low + high) / 2
                if spelling[middle].offset + max(spelling[middle].length, 1) <= start { low = middle + 1 } else { high = middle }
            }
            var overlapping: [Int] = []
            var index = low
            while index < spelling.count, spelling[index].offset < end {
                overlapping.append(index)
                index += 1
            }
            if !overlapping.isEmpty {
                let replacement = match.suggestions[0]
                // A rule that keeps every letter and changes only the marks between them ("couldn t",
                // "I´ll") mends words whose broken pieces spelling reports.
                let joined = replacement.replacingOccurrences(of: "-", with: " ").lowercased() == match.text.lowercased()
                    || (replacement != match.text && replacement.filter(\.isLetter) == match.text.filter(\.isLetter))
                let replacesThem = overlapping.allSatisfy { index in
                    let word = spelling[index].text
                    let inside = spelling[index].offset >= start && spelling[index].offset + spelling[index].length <= match.offset + match.length
                    let name = WordCase.startsWithCapital(word) && spelling[index].length < match.length
                    return inside && (joined || name || !Self.containsWord(word, in: replacement))
                }
                guard replacesThem else { continue }
                replaced.formUnion(overlapping)
            }
            kept.append(match)
            lastEnd = end
        }
        return spelling.indices.filter { !replaced.contains($0) }.map { spelling[$0] } + kept
    }

    /// Whether `text` holds `word` as it is written, between non-letters: "d'arbree" holds
    /// "arbree", "labo" does not hold "lab".
    static func containsWord(_ word: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    /// Suggestions for one word in a language, as the checker would make them.
    public func suggestions(for word: String, language code: String, personalWords: Set<String> = []) throws -> [String] {
        let language = try catalog.resolve(code)
        guard suggestionLimit > 0 else { return [] }
        let suggestions = session(for: language).suggester.suggestions(
            for: normalizedWord(word), personalWords: Set(personalWords.map(normalizedWord)), limit: suggestionLimit
        )
        return withApostrophes(of: word, suggestions)
    }

    /// Whether a language's dictionary accepts a word.
    public func isCorrect(_ word: String, language code: String) throws -> Bool {
        let language = try catalog.resolve(code)
        return session(for: language).dictionary.spell(normalizedWord(word))
    }
}

/// A word as the dictionary wants it: NFC, typographic apostrophes made straight.
///
/// A token longer than `longestNormalizedWord` bytes is no word of a dictionary (Hunspell
/// rejects those of 300 bytes or more) and is left unnormalised: Foundation's NFC takes time
/// growing with the square of the length of a run of letters with combining marks.
func normalizedWord(_ word: String) -> String {
    if isNormalizedWord(word) { return word }
    var result = word.utf8.count > longestNormalizedWord ? word : word.precomposedStringWithCanonicalMapping
    if result.unicodeScalars.contains(where: { $0 == "\u{2019}" || $0 == "\u{02BC}" }) {
        result = result.replacingOccurrences(of: "\u{2019}", with: "'")
            .replacingOccurrences(of: "\u{02BC}", with: "'")
    }
    return result
}

/// Whether a word is already as `normalizedWord` makes it, told from its bytes: no code point
/// from U+0300 up (every one below is NFC on its own, and none combines with the one before) and
/// no ʼ (U+02BC). Most words of the Latin-script languages are so, and Foundation's NFC is slow.
func isNormalizedWord(_ word: String) -> Bool {
    var previous: UInt8 = 0
    for byte in word.utf8 {
        // U+0300 is CC 80 in UTF-8: a lead byte from CC up starts a code point from U+0300 up.
        if byte >= 0xCC || (previous == 0xCA && byte == 0xBC) { return false }
        previous = byte
    }
    return true
}

/// The longest token `normalizedWord` puts in NFC, in UTF-8 bytes: Hunspell's own limit.
let longestNormalizedWord = 300

/// Suggestions written with the typographic apostrophe (’) when the written word has one:
/// dictionaries spell `aujourd'hui` with a straight one, the writer chose `aujourd’hui`.
func withApostrophes(of written: String, _ suggestions: [String]) -> [String] {
    guard written.unicodeScalars.contains("\u{2019}") else { return suggestions }
    return suggestions.map { $0.replacingOccurrences(of: "'", with: "\u{2019}") }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

/// What decides which rules a request runs (`CheckRequest.runs`), and in which language variant:
/// the key of `PatternRuleIndex`'s cache of enabled rules.
struct RuleSelection: Hashable, Sendable {
    var enabledOnly: Bool, picky: Bool
    var enabledRules: Set<String>, disabledRules: Set<String>, rulesTurnedOff: Set<String>
    var languageCode = ""
}

extension CheckRequest {
    /// All that `runs` decides by: requests with equal selections run the same rules.
    var ruleSelection: RuleSelection {
        RuleSelection(
            enabledOnly: enabledOnly, picky: picky, enabledRules: enabledRules, disabledRules: disabledRules,
            rulesTurnedOff: rulesTurnedOff
        )
    }

    /// Whether spelling is checked: not disabled, or named with `enabledOnly`.
    public var runsSpelling: Bool {
        enabledOnly ? enabledRules.contains(ProofreadingRules.spellingRuleID)
            : !disabledRules.contains(ProofreadingRules.spellingRuleID)
    }

    /// Whether a rule runs for this request: not disabled, and on by default or asked for
    /// (`picky`, or named in `enabledRules`). A rule turned off (`rulesTurnedOff`) is off by
    /// default: only `enabledRules` turns it on for the request.
    func runs(_ rule: any ProofreadingRule) -> Bool {
        runs(ruleID: rule.id, isPicky: rule.isPicky)
    }

    /// `runs(_:)` of a rule known by its identifier and whether it is picky.
    public func runs(ruleID id: String, isPicky: Bool) -> Bool {
        if enabledOnly { return enabledRules.contains(id) }
        if disabledRules.isEmpty, enabledRules.isEmpty, rulesTurnedOff.isEmpty { return !isPicky || picky }
        if disabledRules.contains(id) { return false }
        if enabledRules.contains(id) { return true }
        return (!isPicky || picky) && !rulesTurnedOff.contains(id)
    }

    /// The words accepted for a text in `code`: the request's own and the personal dictionary's
    /// for every language, for the code and for its primary language.
    func acceptedWords(for code: String) -> Set<String> {
        guard !personalDictionary.isEmpty else { return acceptedWords }
        let primary = String(code.prefix { $0 != "-" })
        var words = acceptedWords
        for key in Set(["", code, primary]) { words.formUnion(personalDictionary[key] ?? []) }
        return words
    }
}
