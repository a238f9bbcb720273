import Foundation
import Synchronization

/// What the grammar rules of one language know, loaded once and shared by every worker: the
/// lexicon, the tagger and the trigram model where the language has them, and the rules of the
/// language's data files.
public final class LanguageGrammar: Sendable {
    /// The primary language (`en`).
    public let language: String
    public let lexicon: Lexicon
    /// The part of speech of each word in its sentence, where the language has a model.
    public let tagger: ContextTagger?
    /// How likely a word is after the two before it, where the language has a model (English).
    public let languageModel: TrigramModel?
    /// The first sound of each word, where the language has a pronouncing dictionary (English).
    public let firstSounds: FirstSounds?
    /// The language's rules: its data files' pattern rules and the rules written in code.
    public let rules: [any ProofreadingRule]
    /// The pattern rules among `rules`, indexed to run in one pass.
    let patternIndex: PatternRuleIndex
    /// The other rules, each run on its own.
    let otherRules: [any ProofreadingRule]
    /// Words written with an apostrophe before the next word that the rules read as words of
    /// their own (French `l'`, `qu'`), without the apostrophe: see `CheckedDocument.splittingElisions`.
    let elidedWords: Set<String>

    /// No grammar data.
    public static let empty = LanguageGrammar(language: "", lexicon: .empty, tagger: nil, rules: [])

    init(
        language: String, lexicon: Lexicon, tagger: ContextTagger?, languageModel: TrigramModel? = nil,
        firstSounds: FirstSounds? = nil, rules: [any ProofreadingRule]
    ) {
        self.firstSounds = firstSounds
        self.language = language
        self.lexicon = lexicon
        self.tagger = tagger
        self.languageModel = languageModel
        self.rules = rules
        patternIndex = PatternRuleIndex(rules.compactMap { $0 as? PatternRule })
        otherRules = rules.filter { !($0 is PatternRule) }
        elidedWords = Self.elidedWords(of: language)
    }

    /// The elided words of a language (`l`, `qu` in French; none in English).
    static func elidedWords(of language: String) -> Set<String> {
        language == "fr" ? FrenchElision.elidedWords : []
    }

    /// The document as the language's rules read it (French elisions split off).
    public func prepared(_ document: CheckedDocument) -> CheckedDocument {
        document.splittingElisions(elidedWords)
    }

    /// The matches of the language's rules that `runs` accepts: the code rules one by one,
    /// then the pattern rules in one pass, all on the document as `prepared` makes it.
    /// - Throws: `SuperTextError.cancelled` when `isCancelled` says so between rules.
    /// `selection` names what `runs` decides by, for `PatternRuleIndex`.
    func matches(
        in document: CheckedDocument, context: RuleContext, selection: RuleSelection? = nil, runs: (any ProofreadingRule) -> Bool,
        isCancelled: () -> Bool
    ) throws -> [Match] {
        let document = RuleTimings.measure("PREPARED_DOCUMENT") { prepared(document) }
        var matches: [Match] = []
        for rule in otherRules where rule.runs(for: context.primaryLanguage) && runs(rule) {
            if isCancelled() { throw SuperTextError.cancelled }
            matches += RuleTimings.measure(rule.id) { rule.matches(in: document, context: context) }
        }
        matches += RuleTimings.measure("PATTERN_RULES") {
            patternIndex.matches(in: document, context: context, selection: selection) { runs($0) }
        }
        return Self.outsideForeignSentences(matches, in: document, context: context)
    }

    /// The matches outside sentences of another language: a sentence of five words in small
    /// letters or more, seven in ten of which the language's lexicon does not know ("These fields
    /// must not contain any colons." in a German manual page), is no place for its grammar,
    /// typography or style rules, which would read English words as German ones (not → Not).
    /// Spelling is checked apart, as the document's languages say. Six in ten cost an error of
    /// LanguageTool's English validation part (the English lexicon holds only common words).
    static func outsideForeignSentences(_ matches: [Match], in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard !matches.isEmpty else { return matches }
        // Only sentences that hold a match are weighed: a lexicon lookup for each of their words.
        let offsets = matches.map(\.offset).sorted()
        let lexicon = context.grammar.lexicon
        let tokens = document.tokens
        var foreign: [Range<Int>] = []
        var next = 0
        for sentence in document.sentenceTokens where !sentence.isEmpty {
            let start = tokens[sentence.lowerBound].utf16Offset
            let end = tokens[sentence.upperBound - 1].utf16Offset + tokens[sentence.upperBound - 1].utf16Length
            while next < offsets.count, offsets[next] < start { next += 1 }
            guard next < offsets.count, offsets[next] < end else { continue }
            var words = 0, unknown = 0
            for index in sentence where tokens[index].kind == .word {
                let first = document.firstByte(of: index)
                // Words in small letters only: names and a sentence's first word say nothing.
                guard first < 0x80 ? first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") : !WordCase.startsWithCapital(document.text(of: tokens[index]))
                else { continue }
                words += 1
                if !lexicon.knows(document.lowercasedTexts[index]) { unknown += 1 }
            }
            if words >= 5, unknown * 10 >= words * 7 { foreign.append(start..<end) }
        }
        guard !foreign.isEmpty else { return matches }
        return matches.filter { match in !foreign.contains { $0.contains(match.offset) } }
    }


    /// Loads a language's data from the first directory of `searchPath` with a `grammar/` folder
    /// holding its files. A language without files gets its code rules only.
    /// - Throws: `PatternRuleFile.FormatError` for a rule file that cannot be read, or a file
    ///   system error.
    static func load(language: String, searchPath: [String]) throws -> LanguageGrammar {
        func path(_ name: String) -> String? {
            for directory in searchPath {
                let path = directory + "/grammar/" + name
                if FileManager.default.isReadableFile(atPath: path) { return path }
            }
            return nil
        }
        let closed = ClosedWordClasses.of(language)
        let lexicon = try Lexicon.cached(path: path(language + "-lexicon.tsv"), closedClasses: closed)
        let tagger = try path(language + "-tagger.bin").map { try ContextTagger(path: $0) }
        let languageModel = loadLanguageModel(language: language, path: path(language + "-trigrams.lm.bin"))
        let firstSounds = loadFirstSounds(language: language)
        var rules: [any ProofreadingRule] = []
        if let rulePath = path(language + ".rules") {
            let text = try String(contentsOfFile: rulePath, encoding: .utf8)
            rules += try PatternRuleFile.rules(
                in: text, file: rulePath, language: language,
                exampleLanguage: GrammarCatalog.exampleLanguage[language] ?? language
            )
        }
        // Phrase lists: `<language>-phrases.txt` and any `<language>-phrases-<topic>.txt` beside it.
        if let phrasePath = path(language + "-phrases.txt") ?? path(language + ".rules") {
            let directory = (phrasePath as NSString).deletingLastPathComponent
            let names = (try FileManager.default.contentsOfDirectory(atPath: directory))
                .filter { $0.hasPrefix(language + "-phrases") && $0.hasSuffix(".txt") }
                .sorted()
            for name in names {
                let file = directory + "/" + name
                let text = try String(contentsOfFile: file, encoding: .utf8)
                rules += try PatternRuleFile.phraseRules(
                    in: text, file: file, language: language,
                    exampleLanguage: GrammarCatalog.exampleLanguage[language] ?? language
                )
            }
        }
        rules += ProofreadingRules.codeRules(for: language, searchPath: searchPath)
        return LanguageGrammar(
            language: language, lexicon: lexicon, tagger: tagger, languageModel: languageModel, firstSounds: firstSounds, rules: rules)
    }

    /// Where a language's pronouncing dictionary is installed by its Debian package, by language.
    static let installedPronunciations = ["en": "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"]

    /// The language's first sounds, from the pronouncing dictionary its Debian package installs
    /// (the same package as the trigram model); one that cannot be read is reported in
    /// `GrammarCatalog.failures`, and "a"/"an" is then told by the letters alone.
    static func loadFirstSounds(language: String) -> FirstSounds? {
        guard let path = installedPronunciations[language], FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try FirstSounds(path: path)
        } catch {
            GrammarCatalog.report("\(language): \(error)")
            return nil
        }
    }

    /// Where a language's trigram model is installed by its Debian package, by language.
    static let installedLanguageModels = ["en": "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"]

    /// The language's trigram model: `grammar/<language>-trigrams.lm.bin` of the search path (a
    /// model of one's own), else the one its Debian package installs. A model that cannot be read
    /// is reported in `GrammarCatalog.failures`, and the rules that need it stay silent; the
    /// other rules of the language run.
    static func loadLanguageModel(language: String, path: String?) -> TrigramModel? {
        guard let path = path ?? installedLanguageModels[language] else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            GrammarCatalog.report("\(language): no trigram model at \(path) (Debian's pocketsphinx-\(language)-us package): confused words are not checked")
            return nil
        }
        do {
            return try TrigramModel(path: path)
        } catch {
            GrammarCatalog.report("\(language): \(error)")
            return nil
        }
    }
}

/// The grammar of every language, loaded on first use and kept for the life of the process:
/// workers share one copy per search path.
public enum GrammarCatalog {
    /// Languages with grammar rules of their own.
    public static let languages = ["en", "fr", "de", "es"]
    /// The language code each language's rule examples are checked in.
    static let exampleLanguage = ["en": "en-US", "fr": "fr", "de": "de-DE", "es": "es"]

    private static let loaded = Mutex<[String: LanguageGrammar]>([:])
    /// One lock per language being loaded: workers that want the same grammar wait for the first
    /// instead of each reading the same files, while two languages load at once.
    private static let loadingLocks = Mutex<[String: NSLock]>([:])

    /// The grammar of a primary language (`en`); loads it on first use. A language whose data
    /// cannot be read gets no grammar rules, and the reason is returned once in `failures`.
    public static func grammar(for language: String, searchPath: [String]) -> LanguageGrammar {
        let key = language + "\u{0}" + searchPath.joined(separator: ":")
        if let grammar = loaded.withLock({ $0[key] }) { return grammar }
        let loading = loadingLocks.withLock { locks in
            if let lock = locks[key] { return lock }
            let lock = NSLock()
            locks[key] = lock
            return lock
        }
        loading.lock()
        defer { loading.unlock() }
        if let grammar = loaded.withLock({ $0[key] }) { return grammar }
        let grammar: LanguageGrammar
        do {
            grammar = try LanguageGrammar.load(language: language, searchPath: searchPath)
        } catch {
            report("\(language): \(error)")
            grammar = .empty
        }
        return loaded.withLock { table in
            if let existing = table[key] { return existing }
            table[key] = grammar
            return grammar
        }
    }

    /// Starts loading the grammars of `languages` (any codes: `en-GB` is `en`) on a thread of its
    /// own, for a caller that knows which it will need: they load while it does other work (the
    /// command line's workers create Hunspell dictionaries one at a time meanwhile).
    public static func preload(_ languages: [String], searchPath: [String]) {
        var seen = Set<String>()
        let primaries = languages.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
            .filter { Self.languages.contains($0) && seen.insert($0).inserted }
        guard !primaries.isEmpty else { return }
        Thread.detachNewThread {
            for language in primaries { _ = grammar(for: language, searchPath: searchPath) }
        }
    }

    private static let failuresStore = Mutex<[String]>([])

    /// Records grammar data that could not be read, for `failures`.
    static func report(_ failure: String) {
        failuresStore.withLock { $0.append(failure) }
    }

    /// Grammar data that could not be read, one line each (for the start-up log).
    public static var failures: [String] { failuresStore.withLock { $0 } }

    /// Every rule of every language with grammar, and the rules of every language, each one:
    /// the lines of a phrase list share their section's identifier and are all here.
    public static func everyRule(searchPath: [String]) -> [any ProofreadingRule] {
        ProofreadingRules.all + languages.flatMap { grammar(for: $0, searchPath: searchPath).rules }
    }

    /// Every rule of every language with grammar, and the rules of every language, one per
    /// identifier: what rule lists (`/v2/check`'s selection) offer.
    public static func allRules(searchPath: [String]) -> [any ProofreadingRule] {
        var seen = Set<String>()
        return everyRule(searchPath: searchPath).filter { seen.insert($0.id).inserted }
    }
}
