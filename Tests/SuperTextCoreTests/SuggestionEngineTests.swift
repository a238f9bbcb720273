import Foundation
import Testing
@testable import SuperTextCore

/// SuperText's own suggestion engine: what it suggests, not how fast (that is the benchmark's).
@Suite("Suggestion engine")
struct SuggestionEngineTests {
    /// A typical error of each kind, per language, and the correction that must come first.
    static let firstChoices: [(language: String, written: String, expected: String)] = [
        ("en-US", "teh", "the"),  // swapped letters
        ("en-US", "recieve", "receive"),  // ie/ei
        ("en-US", "seperate", "separate"),  // a vowel for another
        ("en-US", "acommodate", "accommodate"),  // a doubled letter written once
        ("en-US", "becuase", "because"),
        ("en-US", "wich", "which"),  // a silent letter left out
        ("en-US", "thankyou", "thank you"),  // a missing space
        ("en-US", "condem", "condemn"),  // a consonant left out of a cluster (not `condom`)
        ("fr", "bonjoru", "bonjour"),
        ("fr", "apeller", "appeler"),  // doubled and undoubled letters
        ("fr", "noeud", "nœud"),  // œ written as oe
        ("fr", "aujourdhui", "aujourd’hui"),  // apostrophe, written as the dictionary's OCONV says
        ("fr", "l'homem", "l’homme"),  // a typo after an elision
        ("de-DE", "vieleicht", "vielleicht"),
        ("de-DE", "Kühlschrnak", "Kühlschrank"),
        ("de-DE", "Fahrad", "Fahrrad"),
        ("de-DE", "Strase", "Straße"),  // ß written as s
        ("es-ES", "nesesita", "necesita"),  // seseo: s for c
        ("es-ES", "ablar", "hablar"),  // silent h left out
        ("es-ES", "segun", "según"),  // missing accent
        // Words Debian's Spanish dictionary lacks, found with their accents in the frequency list.
        ("es-ES", "cardiologia", "cardiología"),  // not cardióloga
        ("es-ES", "pinguino", "pingüino"),
        // A written accent left out, ranked before a commoner word one other letter away.
        ("es-ES", "unicas", "únicas"),  // not unidas
        ("es-ES", "angulos", "ángulos"),  // not anglos
        // One sound, two letters: b and v, and c, s and z (seseo), before a commoner word.
        ("es-ES", "biuda", "viuda"),  // not vida
        ("es-ES", "bidrio", "vidrio"),  // not bodrio
        ("es-ES", "sinco", "cinco"),  // not sino
        ("es-ES", "qiere", "quiere"),
        // An irregular verb conjugated as a regular one: the stem's diphthong left out or kept
        // where the stress moves, and the preterite of -ducir.
        ("es-ES", "dormo", "duermo"),
        ("es-ES", "acostan", "acuestan"),
        ("es-ES", "piensamos", "pensamos"),
        ("es-ES", "introducio", "introdujo"),
        ("es-ES", "conducieron", "condujeron"),
    ]

    @Test("Typical errors are corrected first, in every language", arguments: firstChoices)
    func typicalErrors(_ example: (language: String, written: String, expected: String)) throws {
        // Given a word with a typical error, when SuperText suggests corrections,
        let suggestions = try TestSupport.proofreader.suggestions(for: example.written, language: example.language)
        // then the intended word comes first.
        #expect(suggestions.first == example.expected, "\(example.written) → \(suggestions)")
    }

    /// German: nouns the frequency list lacks, capitalised words read as nouns, compounds the
    /// index cannot list because Hunspell forms them from its compound flags.
    static let germanFirstChoices: [(written: String, expected: String)] = [
        ("Rechung", "Rechnung"),  // one letter left out (not `Reichung`)
        ("Kagen", "Kragen"),  // a consonant left out of a cluster (not `Kamen`)
        ("Gesellaft", "Gesellschaft"),  // a syllable left out: three letters the search alone does not reach
        ("Informion", "Information"),  // two letters left out
        ("Packet", "Paket"),  // capitalised: a noun, not the verb form `Packte`
        ("Kundenrehcnugn", "Kundenrechnung"),  // a part with two errors inside a compound
        ("Arbeitamt", "Arbeitsamt"),  // the joining s left out
        ("Einsichtshardcover", "Einsichthardcover"),  // a joining s where the parts take none
        ("Karakter", "Charakter"),  // ch written as k
        ("Rythmus", "Rhythmus"),  // rh and th written without h
        ("Filosofie", "Philosophie"),  // two ph written as f: far apart, but the same sound
        ("Schulbuhc", "Schulbuch"),  // a compound whose first part drops its e
        ("verstriken", "verstricken"),  // ch inside a word is not k
        ("Vefteilerbäusche", "Verteilerbäusche"),  // a last part the index lacks
        ("Kassesemikolon", "Kassensemikolon"),  // near compounds the dictionary rejects: every edit checked
        ("Gerstensvergeber", "Gerstenvergeber"),  // a first part that is no word alone (`Gersten/hij`)
        ("Bedarfßamba", "Bedarfssamba"),  // `ß` for the joint `s` and the next part's `s`: a rule undone
        ("Zweifelaufklärer", "Zweifelsaufklärer"),  // two parts and a joint, not three (`Zwei·fell·aufklärer`)
        ("Messesbeistand", "Messebeistand"),  // not `Mess·ess·beistand`
        ("abgiss", "abbiss"),  // written in lowercase: most likely no noun (`Abguss`)
        ("Rätel", "Rätsel"),  // an umlaut is a letter of its own (not `Rates`)
        ("Konzertsgeige", "Konzertgeige"),  // a compound counts as unlisted whichever way it is found (not `Konzert·steige`)
        ("Schulsgeige", "Schulgeige"),  // the same: the last part's count no longer decides (`Schul·steige`)
        // Spelling before 1996 and Swiss spelling: `ß` after a short vowel became `ss`, and the
        // Swiss write `ss` for every `ß`. Two letters for one, a single edit of the writer.
        ("Schloß", "Schloss"),
        ("Flußufer", "Flussufer"),
        ("Strassenbahn", "Straßenbahn"),
        ("Grüsse", "Grüße"),
        // Letters moved across a syllable, which only Hunspell's own search reaches.
        ("Symphatie", "Sympathie"),
        // A syllable typed twice.
        ("Entwicklungungen", "Entwicklungen"),
        ("Gesellschaftschaft", "Gesellschaft"),
        // The repeat skipped, across the parts of a compound the index lacks.
        ("Kunstudent", "Kunststudent"),
    ]

    @Test("A syllable typed twice, or skipped where the word repeats it, is one slip")
    func repeatedSyllables() throws {
        let proofreader = TestSupport.proofreader
        for (written, expected) in [("probablably", "probably"), ("definitelytely", "definitely"), ("rember", "remember")] {
            #expect(try proofreader.suggestions(for: written, language: "en-US").first == expected, "\(written)")
        }
    }

    @Test("A compound of two nouns that Hunspell rejects is offered when it accepts nothing near")
    func compoundHunspellRejects() throws {
        let proofreader = TestSupport.proofreader
        // Given a compound in the spelling before 1996 whose new spelling the dictionary's
        // compound rules reject (Kreistag·s·Beschluss),
        #expect(try !proofreader.isCorrect("Kreistagsbeschluss", language: "de-DE"))
        // the new spelling comes first, not one of Hunspell's own guesses.
        let suggestions = try proofreader.suggestions(for: "Kreistagsbeschluß", language: "de-DE")
        #expect(suggestions.first == "Kreistagsbeschluss", "\(suggestions)")
        // A compound the dictionary accepts still comes before one it rejects.
        #expect(try proofreader.suggestions(for: "Schulabschluß", language: "de-DE").first == "Schulabschluss")
    }

    @Test("German: nouns, a misspelled part of a compound and the joining s", arguments: germanFirstChoices)
    func germanCompoundsAndNouns(_ example: (written: String, expected: String)) throws {
        let proofreader = TestSupport.proofreader
        // Given a German word the dictionary rejects, and a correction it accepts,
        #expect(try !proofreader.isCorrect(example.written, language: "de-DE"))
        #expect(try proofreader.isCorrect(example.expected, language: "de-DE"))
        // when SuperText suggests corrections, the intended word comes first.
        let suggestions = try proofreader.suggestions(for: example.written, language: "de-DE")
        #expect(suggestions.first == example.expected, "\(example.written) → \(suggestions)")
    }

    @Test("Suggestions take the case of the written word")
    func casePreserved() throws {
        let proofreader = TestSupport.proofreader
        #expect(try proofreader.suggestions(for: "teh", language: "en-US").first == "the")
        #expect(try proofreader.suggestions(for: "Teh", language: "en-US").first == "The")
        #expect(try proofreader.suggestions(for: "TEH", language: "en-US").first == "THE")
        // A word's own capitals stay: a name, a German noun.
        #expect(try proofreader.suggestions(for: "paris", language: "en-US").first == "Paris")
        #expect(try proofreader.suggestions(for: "huas", language: "de-DE").first == "Haus")
        // A noun written in lowercase is ranked a little lower, not out of the way of an error
        // that is clearly it (`abgiss` gives `abbiss` before `Abguss`; `tsich` still `Tisch`).
        #expect(try proofreader.suggestions(for: "tsich", language: "de-DE").first == "Tisch")
        #expect(try proofreader.suggestions(for: "HUAS", language: "de-DE").first == "HAUS")
    }

    static let misspellings: [(language: String, words: [String])] = [
        ("en-US", ["teh", "Teh", "TEH", "recieve", "seperate", "alot", "thankyou", "wich", "definately", "occured", "Amercia"]),
        ("fr", ["bonjoru", "apeller", "noeud", "aujourdhui", "l'homem", "quelqun", "serat-il", "Etat", "LEGISLATION"]),
        ("de-DE", ["vieleicht", "Kühlschrnak", "Fahrad", "Strase", "Huas", "gehn", "Vorang", "STRASE"]),
        ("es-ES", ["nesesita", "ablar", "segun", "qiere", "porqe", "ACA", "Mexico"]),
    ]

    @Test("Every suggestion is a word the dictionary accepts", arguments: misspellings)
    func suggestionsAreAccepted(_ example: (language: String, words: [String])) throws {
        let proofreader = TestSupport.proofreader
        for word in example.words {
            let suggestions = try proofreader.suggestions(for: word, language: example.language)
            #expect(!suggestions.isEmpty, "nothing for \(word)")
            for suggestion in suggestions {
                // A run-together word is split into words that are each accepted; the typographic
                // apostrophe of French suggestions is the one the dictionary writes on output.
                for part in suggestion.split(separator: " ") {
                    let accepted = try proofreader.isCorrect(String(part), language: example.language)
                    #expect(accepted, "\(word) → \(suggestion): '\(part)' is rejected by the dictionary")
                }
                #expect(suggestion != word)
            }
        }
    }

    @Test("The same word always gets the same suggestions, also from many threads at once")
    func deterministic() async throws {
        let catalog = DictionaryCatalog()
        let words = ["teh", "recieve", "seperate", "Amercia", "alot", "becuase", "wich", "ocurred", "tommorow", "beleive"]
        let reference = try words.map { try TestSupport.proofreader.suggestions(for: $0, language: "en-US") }
        // One shared engine, four threads, each with its own proofreader and Hunspell handle, as
        // in the worker pool; every thread asks every word several times, in its own order.
        let engine = IndexedSuggestionEngine(frequencyDirectories: catalog.searchPath)
        let proofreaders = (0..<4).map { _ in
            Proofreader(catalog: catalog, rules: [], suggestionEngine: engine)
        }
        for proofreader in proofreaders { _ = try proofreader.suggestions(for: "teh", language: "en-US") }
        let results = ResultBox()
        let threads = proofreaders.enumerated().map { index, proofreader in
            let box = UncheckedBox(proofreader)
            return Thread {
                var answers: [String: [[String]]] = [:]
                for round in 0..<3 {
                    for offset in words.indices {
                        let word = words[(offset + index + round) % words.count]
                        answers[word, default: []].append((try? box.value.suggestions(for: word, language: "en-US")) ?? [])
                    }
                }
                results.add(answers)
            }
        }
        for thread in threads { thread.start() }
        while results.count < threads.count { try await Task.sleep(for: .milliseconds(20)) }
        for answers in results.all {
            for (index, word) in words.enumerated() {
                for answer in answers[word] ?? [] {
                    #expect(answer == reference[index], "\(word): \(answer) vs \(reference[index])")
                }
            }
        }
    }

    @Test("The person's own words are offered as suggestions")
    func personalWordsAreSuggested() throws {
        let proofreader = TestSupport.proofreader
        let without = try proofreader.suggestions(for: "SuperTxet", language: "en-US")
        #expect(!without.contains("SuperText"))
        let with = try proofreader.suggestions(for: "SuperTxet", language: "en-US", personalWords: ["SuperText"])
        #expect(with.first == "SuperText", "\(with)")
        // In a check, too: the personal word corrects a near miss of it.
        let result = try TestSupport.proofreader.check(
            CheckRequest(text: "We use Hunspelish daily.", language: "en-US", acceptedWords: ["Hunspellish"])
        )
        let match = try #require(result.matches.first { $0.text == "Hunspelish" })
        #expect(match.suggestions.first == "Hunspellish")
    }

    @Test("The typographic apostrophe of the text is kept in suggestions")
    func typographicApostrophe() throws {
        let straight = try TestSupport.proofreader.check(CheckRequest(text: "I do'nt know.", language: "en-US"))
        #expect(straight.matches.first?.suggestions.first == "don't")
        let curly = try TestSupport.proofreader.check(CheckRequest(text: "I do\u{2019}nt know.", language: "en-US"))
        #expect(curly.matches.first?.suggestions.first == "don\u{2019}t")
    }
}

/// The index itself: the dictionary's forms, the cache file.
/// Events of a background build, as a service's log would get them.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [IndexBuildEvent] = []

    func add(_ event: IndexBuildEvent) { lock.withLock { events.append(event) } }

    var kinds: [String] {
        lock.withLock {
            events.map {
                switch $0.kind {
                case .started: "started"
                case .unreadableCache: "unreadableCache"
                case .progress: "progress"
                case .finished: "finished"
                }
            }
        }
    }
}

@Suite("Suggestion index")
struct SuggestionIndexTests {
    @Test("The dictionary's REP, MAP, OCONV and compounding lines are read in its encoding; entries with spaces or word edges only when they rewrite a whole word")
    func dictionaryTables() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-tables-\(UUID().uuidString).aff").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        SET UTF-8
        REP 4
        REP ß ss
        REP ph f
        REP alot a_lot
        REP ^Ca$ Ça
        REP ^l l'
        MAP 2
        MAP aàâ
        MAP ß(ss)
        OCONV 1
        OCONV ' ’
        COMPOUNDRULE 1
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let facts = AffixFile.suggestionFacts(path: path)
        #expect(facts.outputConversions.map { [$0.from, $0.to] } == [["'", "’"]])
        #expect(!facts.formsCompounds, "COMPOUNDRULE alone does not form compounds freely")
        let tables = facts.tables
        #expect(tables.replacements.map { [$0.written, $0.meant] } == [["ß", "ss"], ["ph", "f"]])
        #expect(tables.maps == [["a", "à", "â"], ["ß", "ss"]])
        // `^l l'` rewrites the start of any word: not a whole word.
        #expect(tables.wholeWords == ["alot": ["a lot"], "ca": ["Ça"]])
        #expect(AffixFile.suggestionFacts(path: path + ".missing").tables == AffixFile.SuggestionTables())
        try "SET ISO8859-1\r\nCOMPOUNDFLAG Z\r\nREP \u{E9} e\r\n".data(using: .isoLatin1)!.write(to: URL(fileURLWithPath: path))
        let latin = AffixFile.suggestionFacts(path: path)
        #expect(latin.formsCompounds)
        #expect(latin.tables.replacements.map { [$0.written, $0.meant] } == [["é", "e"]])
    }

    @Test("A confusion of the dictionary's tables costs one edit unless the language's profile names it cheaper")
    func dictionaryTablesInTheErrorModel() {
        var tables = AffixFile.SuggestionTables()
        tables.replacements = [(written: "kw", meant: "qu"), (written: "ph", meant: "f"), (written: "k", meant: "p")]
        tables.maps = [["o", "ø"]]
        let alphabet: [Unicode.Scalar] = ["d", "f", "h", "k", "o", "p", "q", "t", "u", "w", "ø"]
        func code(_ letter: Unicode.Scalar) -> Int { alphabet.firstIndex(of: letter)! }
        let model = SpellingErrorModel(alphabet: alphabet, language: "xx", tables: tables)
        let rules = (model.rulesByLastWordLetter.flatMap { $0 } + model.tableRules).map { rule in
            (String(String.UnicodeScalarView(rule.word.map { alphabet[Int($0)] })),
             String(String.UnicodeScalarView(rule.input.map { alphabet[Int($0)] })), rule.cost)
        }
        // `qu` written `kw`: a rule of the table, at one edit (two letters changed), for checked
        // edits only (not in the walk's rules).
        #expect(rules.contains { $0.0 == "qu" && $0.1 == "kw" && $0.2 == 1 })
        #expect(model.tableRules.count == 1)
        #expect(!model.rulesByLastWordLetter.flatMap { $0 }.contains { $0.cost == 1 })
        // `ph` and `f`: the default profile's own cost stands.
        #expect(rules.contains { $0.0 == "f" && $0.1 == "ph" && $0.2 == 0.5 })
        #expect(!rules.contains { $0.0 == "f" && $0.1 == "ph" && $0.2 == 1 })
        // Single letters are substitutions: `k` written for `p` at the table's cost, and the
        // map's `ø` for `o`, both ways, as an accent is.
        let plain = SpellingErrorModel(alphabet: alphabet, language: "xx")
        #expect(plain.substitution[code("p") * plain.size + code("k")] == 1)
        #expect(plain.substitution[code("o") * plain.size + code("ø")] == 1)
        let cheaper = SpellingErrorModel(alphabet: alphabet, language: "xx", tables: tables, tableCost: 0.5)
        #expect(cheaper.substitution[code("p") * cheaper.size + code("k")] == 0.5)
        #expect(cheaper.substitution[code("k") * cheaper.size + code("p")] == 1)
        #expect(model.substitution[code("o") * model.size + code("ø")] == 0.3)
        #expect(model.substitution[code("ø") * model.size + code("o")] == 0.3)
        let without = SpellingErrorModel(alphabet: alphabet, language: "xx", tables: tables, tableCost: 0)
        #expect(without.tableRules.isEmpty)
    }

    @Test("An index built on several threads is the one built on one, byte for byte")
    func buildingOnThreadsChangesNothing() throws {
        let (directory, language) = try Self.tinyDictionary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dictionary = HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
        let files = [1, 2, 3].map { threads in
            IndexedSuggestionEngine.buildLexicon(language: language, frequencyPath: nil, dictionary: dictionary, threads: threads)
                .serialized(fingerprint: "same")
        }
        #expect(files[0].count > 100)
        #expect(files[1] == files[0])
        #expect(files[2] == files[0])
        let words = IndexedSuggestionEngine.buildLexicon(language: language, frequencyPath: nil, dictionary: dictionary, threads: 3)
        let all = (0..<words.wordTotal).map(words.word)
        #expect(all.contains("walked") && all.contains("berries") && !all.contains("stop"))
    }

    /// A tiny dictionary: two suffix classes (one twofold), a cross-product prefix, a
    /// forbidden word and a word that needs an affix.
    static func tinyDictionary() throws -> (directory: String, language: InstalledLanguage) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let affix = """
        SET UTF-8
        FORBIDDENWORD !
        NEEDAFFIX *
        PFX U Y 1
        PFX U 0 un .
        SFX S Y 2
        SFX S y ies [^aeiou]y
        SFX S 0 s [^y]
        SFX D Y 1
        SFX D 0 ed/S [^e]
        """
        let dictionary = """
        5
        walk/DU
        berry/S
        stop!
        root/*S
        ab/S
        """
        try affix.write(toFile: directory + "/xx_XX.aff", atomically: true, encoding: .utf8)
        try dictionary.write(toFile: directory + "/xx_XX.dic", atomically: true, encoding: .utf8)
        let language = InstalledLanguage(
            code: "xx-XX", name: "Test", aliases: [], affixPath: directory + "/xx_XX.aff",
            dictionaryPath: directory + "/xx_XX.dic"
        )
        return (directory, language)
    }

    @Test("The dictionary's forms are listed: affixes, cross products, twofold suffixes")
    func dictionaryForms() throws {
        let (directory, language) = try Self.tinyDictionary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var forms = Set<String>()
        try DictionaryWordForms.forEachForm(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath) {
            forms.insert($0)
        }
        #expect(forms.isSuperset(of: ["walk", "walked", "walkeds", "unwalk", "unwalked", "berry", "berries", "roots", "ab", "abs"]))
        #expect(!forms.contains("stop"))  // forbidden
        #expect(!forms.contains("root"))  // needs an affix
        #expect(!forms.contains("berrys"))  // the condition excludes it
    }

    @Test("Forms that only begin compounds are listed apart, and compounds are read with them")
    func compoundHeads() throws {
        // Given a dictionary in German's style: `Gersten` needs an affix, and its only one adds
        // nothing but the flag of a compound's beginning,
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-heads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
        SET UTF-8
        NEEDAFFIX h
        ONLYINCOMPOUND o
        COMPOUNDBEGIN x
        COMPOUNDMIDDLE y
        COMPOUNDEND z
        SFX j Y 1
        SFX j 0 0/xo .
        SFX S Y 1
        SFX S 0 s .
        """.write(toFile: directory + "/xx.aff", atomically: true, encoding: .utf8)
        try """
        4
        Gersten/hj
        Vergeber/zS
        Haus/S
        Tonne/S
        """.write(toFile: directory + "/xx.dic", atomically: true, encoding: .utf8)
        // when its forms are listed, `Gersten` is a compound's beginning and no word,
        var heads: [String] = [], forms: [String] = []
        try DictionaryWordForms.forEachCompoundHead(affixPath: directory + "/xx.aff", dictionaryPath: directory + "/xx.dic") { heads.append($0) }
        try DictionaryWordForms.forEachForm(affixPath: directory + "/xx.aff", dictionaryPath: directory + "/xx.dic") { forms.append($0) }
        #expect(heads == ["Gersten"])
        #expect(!forms.contains("Gersten") && forms.contains("Vergeber") && forms.contains("Haus"))
        // and a lexicon that knows it reads `gerstenvergeber` as a compound; one without, not.
        let with = SuggestionLexicon.build(words: forms, frequencies: WordFrequencies(), phonetics: nil, compoundHeads: heads)
        let without = SuggestionLexicon.build(words: forms, frequencies: WordFrequencies(), phonetics: nil)
        let joint = with.code(of: "s")
        #expect(with.readsAsCompound(with.encode("gerstenvergeber"), joint: joint, elided: nil))
        #expect(with.readsAsCompound(with.encode("hausgerstenvergeber"), joint: joint, elided: nil))
        #expect(!with.readsAsCompound(with.encode("gerstenvergebex"), joint: joint, elided: nil))
        #expect(!without.readsAsCompound(without.encode("gerstenvergeber"), joint: without.code(of: "s"), elided: nil))
        // A reading counts its parts, the fewest it can: a word is one, a joint no part of its own.
        #expect(with.fewestCompoundParts(with.encode("haus"), joint: joint, elided: nil) == 1)
        #expect(with.fewestCompoundParts(with.encode("haustonne"), joint: joint, elided: nil) == 2)
        #expect(with.fewestCompoundParts(with.encode("haustonnenvergeber"), joint: joint, elided: nil) == nil)
        #expect(with.fewestCompoundParts(with.encode("haustonnesvergeber"), joint: joint, elided: nil) == 3)
        #expect(with.fewestCompoundParts(with.encode("hausgerstenvergeber"), joint: joint, elided: nil) == 3)
        #expect(with.fewestCompoundParts(with.encode("hausvergeber"), joint: joint, elided: nil) == 2)
        // Where two readings are possible, the one with fewer parts counts.
        let words = SuggestionLexicon.build(words: ["zwei", "fell", "fels", "zweifel", "aufklärer"], frequencies: WordFrequencies(), phonetics: nil)
        let s = words.code(of: "s")
        #expect(words.fewestCompoundParts(words.encode("zweifelsaufklärer"), joint: s, elided: nil) == 2)
        #expect(words.fewestCompoundParts(words.encode("zweifellaufklärer"), joint: s, elided: nil) == 3)
        #expect(words.readsAsCompound(words.encode("zweifellaufklärer"), joint: s, elided: nil))
    }

    @Test("An index missing from the cache is built in the background: libhunspell answers meanwhile, then the index, and the cache serves the next start")
    func backgroundBuild() async throws {
        let (directory, language) = try Self.tinyDictionary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/cache"
        let events = EventLog()
        let engine = IndexedSuggestionEngine(
            frequencyDirectories: [], store: SuggestionIndexStore(directory: cache), buildsInBackground: true,
            events: { events.add($0) }
        )
        let dictionary = HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
        // Given no cached index, the suggester is made at once and the build is under way.
        let suggester = engine.makeSuggester(for: language, dictionary: dictionary)
        #expect(suggester is PendingIndexSuggester)
        // Whatever the build's state, a misspelled word gets an answer (libhunspell's or the index's).
        #expect(!suggester.suggestions(for: "walkd", personalWords: [], limit: 5).isEmpty)
        // When the build is done, it is no longer in progress and the index answers.
        let deadline = ContinuousClock.now + .seconds(60)
        while engine.buildsInProgress[language.code] != nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(engine.buildsInProgress.isEmpty)
        #expect(engine.builtIndex(for: language.code) != nil)
        #expect(suggester.suggestions(for: "walkd", personalWords: [], limit: 5).first == "walked")
        let kinds = events.kinds
        #expect(kinds.first == "started" && kinds.last == "finished", "\(kinds)")
        // A second engine over the same cache has the language ready at once.
        let next = IndexedSuggestionEngine(frequencyDirectories: [], store: SuggestionIndexStore(directory: cache), buildsInBackground: true)
        #expect(next.makeSuggester(for: language, dictionary: dictionary) is IndexedSuggester)
        #expect(next.buildsInProgress.isEmpty)
    }

    @Test("Every word's sound-alike key finds it, through the buckets of the sound index")
    func soundAlikeLookup() throws {
        // Enough words for the sound index to be read through many buckets.
        let letters = Array("bdfgklmn")
        var words: [String] = []
        for first in letters {
            for second in letters {
                for vowel in ["a", "e", "i", "o", "u"] { words.append("\(first)\(vowel)\(second)\(vowel)n") }
            }
        }
        let phonetics = try #require(PhoneticKey(language: "es"))
        let lexicon = SuggestionLexicon.build(words: words, frequencies: WordFrequencies(), phonetics: phonetics)
        #expect(lexicon.phoneticHash.count > 1_000)  // several buckets
        for word in words {
            let key = try #require(lexicon.key(for: lexicon.encode(word)))
            #expect(lexicon.keys(soundingLike: phonetics.key(of: word)).contains(key), "\(word)")
        }
        // One letter off in sound finds it too; a word of no other sound finds nothing.
        let bakan = try #require(lexicon.key(for: lexicon.encode("bakan")))
        #expect(lexicon.keys(soundingLike: phonetics.key(of: "vakan")).contains(bakan))
        #expect(lexicon.keys(soundingLike: phonetics.key(of: "xyxyxyxy")).isEmpty)
    }

    @Test("The trie search, which leaves branches early, finds every word within its bound at the distance measured alone", arguments: ["en-US", "de-DE"])
    func searchIsExact(language: String) throws {
        // Given words rich in consonant clusters, doubled letters and shared beginnings,
        var generator = SplitMix64(seed: 7)
        let letters = Array("aeiknrstlp")
        func randomWord(_ lengths: ClosedRange<Int>) -> String {
            let length = Int(generator.next() % UInt64(lengths.count)) + lengths.lowerBound
            return String((0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
        }
        let words = Set((0..<3_000).map { _ in randomWord(2...9) }).sorted()
        let lexicon = SuggestionLexicon.build(words: words, frequencies: WordFrequencies(), phonetics: nil)
        let model = SpellingErrorModel(alphabet: lexicon.alphabet, language: language)
        #expect(model.clusterOmission < 1)
        let search = CandidateSearch(lexicon: lexicon, model: model)
        let ranking = SuggestionRanking()
        for _ in 0..<150 {
            let text = randomWord(3...9)
            let written = lexicon.encode(text)
            let bound = ranking.bound(letters: written.count)
            // when the search runs without a limit on how many it keeps,
            search.prepare(written)
            let found = search.search(bound: bound, ranking: ranking, keep: 50_000)
            let searched = Dictionary(found.map { ($0.key, $0.cost) }, uniquingKeysWith: min)
            // then it finds exactly the words whose distance, measured one by one, is within it.
            var measured: [Int: Float] = [:]
            for word in words {
                let codes = lexicon.encode(word)
                let distance = search.distance(to: codes)
                if distance <= bound, let key = lexicon.key(for: codes) { measured[key] = distance }
            }
            #expect(Set(searched.keys) == Set(measured.keys), "\(text) missed \(Set(measured.keys).subtracting(searched.keys).map { (lexicon.word(lexicon.words(ofKey: $0).lowerBound), measured[$0]!) }) bound \(bound)")
            for (key, cost) in searched {
                #expect(abs(cost - (measured[key] ?? .infinity)) < 1e-4, "\(written): key \(key)")
            }
        }
    }

    @Test("A search given a number of rows stops there, with a part of what the whole walk finds, nearest branches first")
    func searchStopsAfterItsRows() throws {
        let words = ["blanket", "blanker", "blinked", "planked", "blank", "bleak", "banked", "thanked", "ranked"]
        let lexicon = SuggestionLexicon.build(words: words, frequencies: WordFrequencies(), phonetics: nil)
        let search = CandidateSearch(lexicon: lexicon, model: SpellingErrorModel(alphabet: lexicon.alphabet, language: "en-US"))
        let ranking = SuggestionRanking()
        search.prepare(lexicon.encode("blanked"))
        let whole = search.search(bound: 4, ranking: ranking, keep: 100)
        #expect(whole.count == words.count)
        // Seven rows walk the branch that follows the written word, b-l-a-n-k (the key `blank`),
        // then `e` and one child of `blanke`: the far branches (`r`, `t`) are never reached.
        let seven = search.search(bound: 4, ranking: ranking, keep: 100, rows: 7)
        let found = Set(seven.map { lexicon.word(lexicon.words(ofKey: $0.key).lowerBound) })
        #expect(found.isSubset(of: Set(words)))
        #expect(found.contains("blank"))
        #expect(!found.contains("ranked") && !found.contains("thanked"))
        #expect(seven.count < whole.count)
        #expect(search.search(bound: 4, ranking: ranking, keep: 100, rows: 0).isEmpty)
    }

    @Test("A cached index reads back as it was written, and only for the same inputs")
    func storageRoundTrip() throws {
        let (directory, language) = try Self.tinyDictionary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var frequencies = WordFrequencies()
        frequencies = try {
            let path = directory + "/counts.tsv"
            try "# test\nwalk\t10\nberry\t3\n".write(toFile: path, atomically: true, encoding: .utf8)
            return try WordFrequencies(path: path)
        }()
        var forms: [String] = []
        try DictionaryWordForms.forEachForm(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath) {
            forms.append($0)
        }
        let lexicon = SuggestionLexicon.build(words: forms, frequencies: frequencies, phonetics: nil)
        let store = SuggestionIndexStore(directory: directory + "/cache")
        let fingerprint = SuggestionIndexStore.fingerprint(language: language, frequencyPath: nil)
        // Files of older formats for the same sources are removed when a new one is written;
        // a newer format's file and other languages' files are left.
        let current = try #require(store.path(for: language, frequencyPath: nil))
        let version = "-v\(SuggestionLexicon.storageVersion).index"
        let older = current.replacingOccurrences(of: version, with: "-v\(SuggestionLexicon.storageVersion - 1).index")
        let newer = current.replacingOccurrences(of: version, with: "-v\(SuggestionLexicon.storageVersion + 1).index")
        let otherLanguage = directory + "/cache/suggestions-xx-1234-v1.index"
        try FileManager.default.createDirectory(atPath: directory + "/cache", withIntermediateDirectories: true)
        for file in [older, newer, otherLanguage] { try "old".write(toFile: file, atomically: true, encoding: .utf8) }
        store.save(lexicon, for: language, frequencyPath: nil, fingerprint: fingerprint)
        #expect(!FileManager.default.fileExists(atPath: older))
        #expect(FileManager.default.fileExists(atPath: newer))
        #expect(FileManager.default.fileExists(atPath: otherLanguage))
        #expect(FileManager.default.fileExists(atPath: current))

        let loaded = try #require(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint))
        #expect(loaded.wordTotal == lexicon.wordTotal)
        #expect((0..<loaded.wordTotal).map(loaded.word) == (0..<lexicon.wordTotal).map(lexicon.word))
        #expect(loaded.wordCount == lexicon.wordCount)
        let walk = try #require(loaded.key(for: loaded.encode("walk")))
        #expect(loaded.mostCommonWord(ofKey: walk).count == 10)
        // Keys are numbered by the bits of the nodes they end at: every key's own spelling leads
        // back to it, in the lexicon built and in the one read back.
        #expect(loaded.keyCount == lexicon.keyCount && loaded.keyCount > 3)
        for index in [lexicon, loaded] {
            for key in 0..<index.keyCount {
                let spelling = index.word(index.words(ofKey: key).lowerBound).lowercased()
                #expect(index.key(for: index.encode(spelling)) == key, "\(spelling)")
            }
        }
        // Another dictionary file (size or date) means another fingerprint: the file is rebuilt.
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint + "x") == nil)
        // A file whose bits of key-ending nodes disagree with its keys is damaged: it is not read
        // (a search would read past the end of the words), so the index is rebuilt.
        let path = try #require(store.path(for: language, frequencyPath: nil))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let bits = Array(lexicon.nodeEndsKey).flatMap { word in withUnsafeBytes(of: word.littleEndian, Array.init) }
        let start = try #require(original.firstRange(of: Data(bits))?.lowerBound)
        let clear = try #require((0..<(bits.count * 8)).first { bits[$0 / 8] & (1 << ($0 % 8)) == 0 && $0 < loaded.nodeLabel.count })
        var damaged = original
        damaged[start + clear / 8] |= UInt8(1 << (clear % 8))
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint) == nil)
        // Nor one whose trie labels were overwritten (random bytes in a cached file made a
        // search read past its tables): the checksum of the whole file tells.
        let labels = Data(Array(lexicon.nodeLabel))
        let labelStart = try #require(original.firstRange(of: labels)?.lowerBound)
        damaged = original
        for offset in 0..<min(16, labels.count) { damaged[labelStart + offset] = 0xFE }
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint) == nil)
        // A service told of it says so, and builds the index again in the background.
        let events = EventLog()
        let engine = IndexedSuggestionEngine(
            frequencyDirectories: [], store: store, buildsInBackground: true, events: { events.add($0) }
        )
        let dictionary = HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
        #expect(engine.makeSuggester(for: language, dictionary: dictionary) is PendingIndexSuggester)
        #expect(events.kinds.first == "unreadableCache", "\(events.kinds)")
        let deadline = ContinuousClock.now + .seconds(60)
        while engine.builtIndex(for: language.code) == nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint) != nil)
        // A file cut short (a full disk, a copy stopped) is not read either.
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint) == nil)
        try original.write(to: URL(fileURLWithPath: path))
        #expect(store.load(for: language, frequencyPath: nil, fingerprint: fingerprint) != nil)
        // Another installation of the same language has its own file in the same cache.
        var elsewhere = language
        elsewhere.dictionaryPath = "/elsewhere/" + (language.dictionaryPath as NSString).lastPathComponent
        #expect(store.path(for: elsewhere, frequencyPath: nil) != store.path(for: language, frequencyPath: nil))
        #expect(store.path(for: language, frequencyPath: "/f/en.tsv") != store.path(for: language, frequencyPath: nil))
        #expect(store.path(for: language, frequencyPath: nil) == store.path(for: language, frequencyPath: nil))
    }

    @Test("The cache directory follows the environment")
    func cacheDirectory() {
        #expect(SuggestionIndexStore.defaultDirectory(environment: ["SUPERTEXT_CACHE_DIR": "/c", "HOME": "/h"]) == "/c")
        #expect(SuggestionIndexStore.defaultDirectory(environment: ["SUPERTEXT_CACHE_DIR": ""]) == nil)
        #expect(SuggestionIndexStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/supertext")
        #expect(SuggestionIndexStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.cache/supertext")
    }
}

/// Collects the answers of the test's threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [[String: [[String]]]] = []

    func add(_ answers: [String: [[String]]]) { lock.withLock { results.append(answers) } }
    var count: Int { lock.withLock { results.count } }
    var all: [[String: [[String]]]] { lock.withLock { results } }
}

/// Hands a proofreader to the one thread that uses it.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
