import Foundation

/// One thread's suggester for one language, over the shared index.
///
/// For a written word, in order:
/// 1. the trie search: lexicon words within the error model's bound (`CandidateSearch`);
/// 2. run-together words: a split into two known words (`inorder` → `in order`), and what the
///    dictionary's `REP` table names for a whole word (`alot` → `a lot`);
/// 3. compounds (German): a misspelled part corrected next to a known one, the joining `s`
///    added or taken away (`Kundenrechung` → `Kundenrechnung`, `Arbeitamt` → `Arbeitsamt`);
///    elision: after an apostrophe, suggestions for the rest (`l'homem` → `l'homme`);
/// 4. when nothing near was found: single edits of the word checked with the dictionary, the
///    likeliest first and at most `SuggestionRanking.checkedEditsBudget`, which finds compounds
///    and forms the index lacks;
/// 5. when still nothing: Hunspell's own `suggest` (20-70 ms, so only then).
/// Candidates take the written word's case and are ranked by `SuggestionRanking`; each one is
/// confirmed with `Hunspell_spell` before it is returned. Answers are cached per language, for
/// all threads.
final class IndexedSuggester: Suggester {
    /// A suggestion with its score (lower is better) and the distance that went into it.
    struct Scored {
        var word: String
        var score: Float
        var distance: Float
    }

    let language: InstalledLanguage
    let lexicon: SuggestionLexicon
    let model: SpellingErrorModel
    let dictionary: HunspellDictionary
    let ranking: SuggestionRanking
    private let search: CandidateSearch
    private let fallback: HunspellSuggester
    private let fallbackAnswers: FallbackAnswers
    private let corpusAccentedWords: CorpusAccentedWords
    /// Recent answers of this language, shared with the other threads' suggesters.
    private let cache: SharedRecentAnswers
    /// Letters tried by checked edits: the alphabet's most used lowercase letters.
    private let editLetters: [Unicode.Scalar]

    /// The dictionary's rewrites of whole words (`alot` → `a lot`).
    private let wholeWordReplacements: [String: [String]]
    /// Whether the language forms compounds (German): the index cannot hold them, so edits are
    /// checked with the dictionary more widely.
    private let formsCompounds: Bool
    /// The bound for the person's own words: the general one, not the language's narrower search
    /// bound, which is about the index's words (a taught word is compared whole).
    private let personalBoundLimit: Float
    /// Whether nouns are capitalised and the frequency list undercounts them (German): a
    /// capitalised word is ranked towards nouns, and an unlisted noun gets a count of its own.
    private let prefersNouns: Bool
    /// The joining `s` of compounds and the `e` a first part may drop (`Schule`, `Schulbuch`).
    private let compoundJoint: UInt8?
    private let compoundElided: UInt8?
    /// Letters with the same base letter (`e`: `é`, `è`, `ê`, `ë`), for checked edits.
    private let accentVariants: [Unicode.Scalar: [Unicode.Scalar]]
    /// The dictionary's output conversions (`'` → `’` in French).
    private let outputConversions: [(from: String, to: String)]
    /// The language's phonetic key, if it has one.
    private let phonetics: PhoneticKey?
    /// Apostrophe and hyphen, when the language's words have them.
    private let joiners: [Unicode.Scalar]

    /// Longest word suggestions are made for, in Unicode scalars.
    static let longestWord = 64

    init(language: InstalledLanguage, index: IndexedSuggestionEngine.LanguageIndex, dictionary: HunspellDictionary, ranking: SuggestionRanking) {
        self.language = language
        lexicon = index.lexicon
        model = index.model
        self.dictionary = dictionary
        self.ranking = ranking.forLanguage(language.primaryLanguage, formsCompounds: index.formsCompounds)
        personalBoundLimit = ranking.boundLimit
        search = CandidateSearch(lexicon: lexicon, model: model)
        fallback = HunspellSuggester(dictionary: dictionary)
        fallbackAnswers = index.fallbackAnswers
        corpusAccentedWords = index.corpusAccentedWords
        cache = index.recentAnswers
        let lexicon = index.lexicon
        formsCompounds = index.formsCompounds
        wholeWordReplacements = index.wholeWordReplacements
        compoundJoint = index.formsCompounds ? lexicon.code(of: "s") : nil
        compoundElided = index.formsCompounds ? lexicon.code(of: "e") : nil
        prefersNouns = language.primaryLanguage == "de"
        phonetics = PhoneticKey(language: language.code)
        outputConversions = index.outputConversions
        joiners = ["'", "-"].filter { lexicon.code(of: $0) != nil }
        editLetters = Array(lexicon.alphabet.filter { $0.properties.isAlphabetic }.prefix(40)) + joiners
        var byBase: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for letter in lexicon.alphabet where letter.properties.isAlphabetic {
            let base = String(letter).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? letter
            byBase[base, default: []].append(letter)
        }
        var variants: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for group in byBase.values where group.count > 1 {
            for letter in group { variants[letter] = group }
        }
        accentVariants = variants
    }

    func suggestions(for word: String, personalWords: Set<String>, limit: Int) -> [String] {
        guard !word.isEmpty, word.unicodeScalars.count <= Self.longestWord else { return [] }
        var scored: [Scored]
        if let cached = cache.answer(for: word) {
            scored = cached
        } else {
            scored = rankedSuggestions(for: word)
            cache.remember(scored, for: word)
        }
        if !personalWords.isEmpty {
            scored = merge(scored, personalSuggestions(for: word, personalWords: personalWords))
        }
        return scored.prefix(limit).map(\.word)
    }

    func isCommon(_ word: String) -> Bool {
        guard let key = lexicon.key(for: lexicon.encode(word.lowercased())) else { return false }
        return lexicon.mostCommonWord(ofKey: key).count >= lexicon.commonCount
    }

    /// The error model's distance between the two words.
    func errorCost(from written: String, to suggestion: String) -> Float {
        search.prepare(lexicon.encode(written.lowercased()))
        return search.distance(to: lexicon.encode(suggestion.lowercased()))
    }

    /// The best `ranking.kept` suggestions from the dictionary, best first, all confirmed.
    func rankedSuggestions(for word: String) -> [Scored] {
        let shape = CaseShape(of: word)
        let lowercased = word.lowercased()
        let input = lexicon.encode(lowercased)
        var pool = CandidatePool(written: word, shape: shape)
        if prefersNouns {
            pool.nouns = (
                casePenalty: shape == .title ? ranking.nounCasePenalty : 0,
                lowercasePenalty: shape == .lower ? ranking.lowercaseNounPenalty : 0,
                unlistedCount: ranking.unlistedNounCount
            )
        }

        let correctedParts = addHyphenatedParts(of: word, to: &pool)
        // A long hyphenated word with one bad part is corrected part by part; searching the whole
        // of it would cost far more for the same answer.
        if !correctedParts || input.count <= 14 {
            add(searching(input), to: &pool)
        }
        addSoundAlikes(of: lowercased, input: input, to: &pool)
        addSplits(of: input, to: &pool)
        addWholeWordReplacements(of: lowercased, to: &pool)
        addCompoundParts(of: input, to: &pool)
        addElided(word, to: &pool)
        addRepeatedSyllables(of: input, to: &pool)
        addSkippedRuns(of: input, to: &pool)
        // Not for long words, nor corrected hyphenated ones: there each call to Hunspell checks
        // every part, and the edits cost far more than they find. German compounds are longer.
        let editsAreAffordable = input.count <= (formsCompounds ? 30 : 20) && !(correctedParts && input.count > 14)
        var checkedEveryLetter = false
        // How near the nearest word the dictionary accepts is: a nearer candidate it rejects (a
        // compound with a joining `s` it does not form) is no reason to look no further. Confirmed
        // again only when checked edits added candidates.
        var confirmed = confirmedBest(of: &pool)
        let nearest = editsAreAffordable ? confirmed.lazy.map(\.distance).min() ?? .infinity : 0
        if editsAreAffordable, nearest > ranking.checkedEditsThreshold {
            addCheckedEdits(of: word, input: input, everyLetter: formsCompounds, to: &pool)
            checkedEveryLetter = formsCompounds
            confirmed = confirmedBest(of: &pool)
        } else if editsAreAffordable, formsCompounds, nearest > ranking.compoundEditsThreshold {
            // Compounds are missing from the index even when a simple word is near.
            addCheckedEdits(of: word, input: input, everyLetter: false, to: &pool)
            confirmed = confirmedBest(of: &pool)
        }
        if confirmed.isEmpty, editsAreAffordable, formsCompounds, !checkedEveryLetter {
            // What was near were compounds the dictionary rejects (`Kassessemikolon` for
            // `Kassesemikolon`, the joining `s` where the parts take `n`): every edit costs a few
            // milliseconds at most, Hunspell's `suggest` below tens.
            addCheckedEdits(of: word, input: input, everyLetter: true, to: &pool)
            confirmed = confirmedBest(of: &pool)
        }
        if confirmed.isEmpty, !formsCompounds, ranking.rejectedCompoundDistance > 0 {
            // Where the dictionary forms no compounds, it still lacks many words made with a
            // learned prefix (`macro·económico`, `termo·plástica`): a known beginning and the
            // best corrections of the rest, kept as the rejected compounds of German are.
            pool.prefixedWords = true
            addCompoundParts(of: input, to: &pool)
            confirmed = confirmedBest(of: &pool)
        }
        if confirmed.isEmpty, pool.rejectedCompounds.isEmpty, ranking.wideBound > 0 {
            // Farther words of the index before Hunspell's `suggest`, whose answers here are its
            // n-gram search's guesses (20-200 ms a word): as good on the Wikipedia lists. Its
            // walk is bounded: a long word has hundreds of thousands of rows within 4 edits.
            search.prepare(input)
            add(search.search(bound: ranking.wideBound, ranking: ranking, keep: ranking.kept, rows: ranking.wideRows), to: &pool)
            confirmed = confirmedBest(of: &pool)
        }
        if confirmed.isEmpty, !pool.rejectedCompounds.isEmpty {
            // Compounds of two known words one likely edit away that Hunspell's compound rules
            // reject (`Magistratsbeschluß` → `Magistratsbeschluss`): on German misspellings from
            // Wikipedia these are what the writer meant far more often than what Hunspell's
            // `suggest` finds after tens of milliseconds, which cannot offer them.
            confirmed = Array(pool.rejectedCompounds.values.sorted(by: CandidatePool.isBetter).prefix(ranking.kept))
        }
        // Hunspell's suggest (20-70 ms a word) only when nothing was found, in every language: its
        // REP and MAP tables and its n-gram search reach words ours misses (`Symphatie` →
        // `Sympathie`), and no word libhunspell has an answer for should get none. Not when
        // something was: asked whenever the best was farther than 1.5, it took German's mean from
        // 3.3 to 5.1 ms a word for 0.2 points of top-1. Not for very long words: there Hunspell
        // runs into its own time limits and finds nothing near, and each distinct word of a
        // hostile text would cost a worker that long.
        if confirmed.isEmpty, ranking.hunspellFallback > 0, input.count <= ranking.fallbackLongestWord {
            // Hunspell bounds its own work by CPU time, so under load the same word can get
            // another list: the first answer is kept for every thread, for the process's life.
            let answer = fallbackAnswers.answer(for: word, language: language.code) {
                fallback.suggestions(for: word, personalWords: [], limit: ranking.kept)
            }
            confirmed = rankedWithOurs(answer, confirmed: confirmed, input: input, nouns: pool.nouns)
        }
        return withCorpusAccents(of: lowercased, shape: shape, input: input, confirmed: confirmed)
    }

    /// `confirmed` with the frequency list's words that differ from the written one only by
    /// accents and that the dictionary lacks (`cardiologia` → `cardiología`), scored as the
    /// index's words are. Spanish Wikipedia list, top-1: read part (4,000 sampled) 74.5 → 75.9,
    /// validation part 73.3 → 74.7; no other list changed but Spanish LibreOffice's (93.0 → 93.7).
    private func withCorpusAccents(of lowercased: String, shape: CaseShape, input: [UInt8], confirmed: [Scored]) -> [Scored] {
        let found = corpusAccentedWords.words(accentedAs: lowercased)
        guard !found.isEmpty else { return confirmed }
        var pool = CandidatePool(written: "", shape: .lower)
        for scored in confirmed { pool.add(scored: scored) }
        var added = false
        search.prepare(input)
        for (word, count) in found {
            let codes = lexicon.encode(word)
            // A word the dictionary has is in the index already, found and scored there.
            guard !codes.contains(lexicon.unknownCode), lexicon.key(for: codes) == nil else { continue }
            let spelled = shape.apply(to: word)
            guard !dictionary.spell(spelled) else { continue }
            let distance = search.distance(to: codes)
            pool.add(scored: Scored(word: spelled, score: ranking.score(distance: distance, count: count), distance: distance))
            added = true
        }
        return added ? Array(pool.sorted().prefix(ranking.kept)) : confirmed
    }

    /// Hunspell's answers scored as our own candidates are (the error model's distance from the
    /// written word, the word's count), merged with those already confirmed. Hunspell spells
    /// them in the written word's case and its `OCONV` form, so they are taken as they are.
    private func rankedWithOurs(
        _ answer: [String], confirmed: [Scored], input: [UInt8], nouns: (casePenalty: Float, lowercasePenalty: Float, unlistedCount: UInt32)?
    ) -> [Scored] {
        guard !answer.isEmpty else { return confirmed }
        var pool = CandidatePool(written: "", shape: .lower)
        for scored in confirmed { pool.add(scored: scored) }
        search.prepare(input)
        for word in answer {
            let spaced = word.unicodeScalars.contains(" ")
            var distance = search.distance(to: lexicon.encode(word.lowercased()))
            // A split the index does not hold is charged as ours are.
            if spaced { distance = max(distance, ranking.splitCost) }
            var count = spaced ? 0 : lexicon.count(of: word)
            if count == 0, let nouns, CaseShape(of: word) == .title { count = nouns.unlistedCount }
            pool.add(scored: Scored(word: word, score: ranking.score(distance: distance, count: count), distance: distance))
        }
        return Array(pool.sorted().prefix(ranking.kept))
    }

    /// The trie search for one written word (or part of one).
    private func searching(_ input: [UInt8], keep: Int? = nil) -> [CandidateSearch.Candidate] {
        search.prepare(input)
        let bound = ranking.bound(letters: input.count)
        return search.search(bound: bound, ranking: ranking, keep: keep ?? ranking.kept * 2)
    }

    /// The best-scoring keys of a search, written out as words. Keys are ranked by their
    /// commonest word first, so that a short word's thousands of near keys cost no strings.
    private func add(_ candidates: [CandidateSearch.Candidate], to pool: inout CandidatePool) {
        let scored = candidates.map { candidate in
            (candidate, ranking.score(distance: candidate.cost, count: lexicon.mostCommonWord(ofKey: candidate.key).count))
        }
        let best = scored.count <= ranking.kept * 4 ? scored : Array(scored.sorted {
            $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.key < $1.0.key
        }.prefix(ranking.kept * 4))
        for (candidate, _) in best {
            for index in lexicon.words(ofKey: candidate.key) {
                pool.add(lexicon.word(index), distance: candidate.cost, count: lexicon.wordCount[index], ranking: ranking)
            }
        }
    }

    /// Candidates in score order, each confirmed by the dictionary, at most `ranking.kept`,
    /// written as the dictionary's `OCONV` table says.
    private func confirmedBest(of pool: inout CandidatePool) -> [Scored] {
        var result: [Scored] = []
        var rejected: [(Scored, [UInt8])] = []
        defer {
            for (candidate, codes) in rejected {
                addRejectedCompound(candidate.word, codes: codes, distance: candidate.distance, to: &pool)
            }
        }
        let unhyphenated = pool.written.lowercased()
        func confirm(_ candidates: some Sequence<Scored>) {
            for var candidate in candidates {
                if result.count == ranking.kept { break }
                // Hunspell accepts any hyphenated pair of words, so a split of the written word
                // (`anymore` → `any-more`) is written with a space unless the dictionary itself
                // has the hyphenated form.
                if candidate.word.contains("-"), candidate.word.replacingOccurrences(of: "-", with: "").lowercased() == unhyphenated,
                   lexicon.index(of: candidate.word) == nil {
                    candidate.word = candidate.word.replacingOccurrences(of: "-", with: " ")
                    if result.contains(where: { $0.word == candidate.word }) { continue }
                } else if candidate.word.contains(" "), result.contains(where: { $0.word == candidate.word }) {
                    continue
                }
                let spaced = candidate.word.unicodeScalars.contains(" ")
                let accepted = spaced
                    ? candidate.word.split(separator: " ").allSatisfy { dictionary.spell(String($0)) }
                    : dictionary.spell(candidate.word)
                guard accepted else {
                    let codes = lexicon.encode(candidate.word.lowercased())
                    if formsCompounds || pool.prefixedWords, !spaced, lexicon.key(for: codes) == nil {
                        rejected.append((candidate, codes))
                    }
                    continue
                }
                var written = candidate
                for (from, to) in outputConversions where written.word.contains(from) {
                    written.word = written.word.replacingOccurrences(of: from, with: to)
                }
                result.append(written)
            }
        }
        // The dictionary rarely rejects one: the best few are sorted, the rest only if needed.
        let head = pool.best(ranking.kept * 2)
        confirm(head)
        if result.count < ranking.kept, head.count < pool.scores.count {
            confirm(pool.sorted().dropFirst(head.count))
        }
        return result
    }

    /// Words that sound like the written one (`redickulus` → `ridiculous`), however many edits
    /// apart: their distance is discounted, as Aspell's "soundslike" does.
    private func addSoundAlikes(of lowercased: String, input: [UInt8], to pool: inout CandidatePool) {
        guard let phonetics, !lexicon.phoneticHash.isEmpty, input.count >= 3 else { return }
        // Sorted, each key once (a key can sound alike through several variants).
        var keys = lexicon.keys(soundingLike: phonetics.key(of: lowercased), deletions: phonetics.matchesDeletions)
        keys.sort()
        keys.removeAdjacentDuplicates()
        // A sound-alike's discounted distance is at least `soundAlikeBase` unless it is near
        // anyway (then the trie found it): one too rare to beat the pool's best is not scored.
        let scores = pool.scores.values.map(\.score).sorted()
        let threshold = scores.count >= ranking.kept ? scores[ranking.kept - 1] : .infinity
        var counted = keys.map { ($0, lexicon.mostCommonWord(ofKey: $0).count) }
            .filter { ranking.score(distance: ranking.soundAlikeBase, count: $0.1) < threshold }
        if keys.count > ranking.soundAlikeLimit {
            // The commonest words, when a short key sounds like too many. (The rare ones left
            // out above would not be among them: the threshold only leaves out rarer words.)
            counted = Array(counted.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(ranking.soundAlikeLimit))
        }
        let scored = counted.map(\.0)
        search.prepare(input)
        // Distances measured in the order of spelling (keys are numbered in that order), so that
        // words sharing a beginning share its rows; added to the pool in the order above.
        var distances = [Float](repeating: 0, count: scored.count)
        for index in scored.indices.sorted(by: { scored[$0] < scored[$1] }) {
            let key = scored[index]
            distances[index] = search.distance(to: lexicon.encode(lexicon.word(lexicon.words(ofKey: key).lowerBound).lowercased()))
        }
        for (key, distance) in zip(scored, distances) {
            let range = lexicon.words(ofKey: key)
            let discounted = min(distance, ranking.soundAlikeBase + ranking.soundAlikeWeight * distance)
            for index in range {
                pool.add(lexicon.word(index), distance: discounted, count: lexicon.wordCount[index], ranking: ranking)
            }
        }
    }

    /// Two known words written together: each split point whose halves are both common words.
    private func addSplits(of input: [UInt8], to pool: inout CandidatePool) {
        guard input.count >= 4, input.count <= 40 else { return }
        for split in 1..<input.count {
            let left = input[..<split], right = input[split...]
            guard let leftKey = lexicon.key(for: left), let rightKey = lexicon.key(for: right) else { continue }
            let (leftWord, leftCount) = lexicon.mostCommonWord(ofKey: leftKey)
            let (rightWord, rightCount) = lexicon.mostCommonWord(ofKey: rightKey)
            // Only words the frequency list knows well; one-letter halves only when very common
            // ("a", "y", "à").
            guard leftCount >= 100, rightCount >= 100 else { continue }
            if (left.count == 1 && leftCount < 1_000_000) || (right.count == 1 && rightCount < 1_000_000) { continue }
            let phrase = pool.shape.apply(to: lexicon.word(leftWord) + " " + lexicon.word(rightWord))
            pool.add(phrase, distance: ranking.splitCost, count: min(leftCount, rightCount), ranking: ranking, shaped: true)
        }
    }

    /// What the dictionary's `REP` table says a whole written word stands for (`alot` → `a lot`,
    /// French `ca` → `ça`): its authors name the one meant, so it is charged as the likeliest
    /// slips are, as Hunspell's `suggest` puts its REP answers first.
    private func addWholeWordReplacements(of lowercased: String, to pool: inout CandidatePool) {
        for phrase in wholeWordReplacements[lowercased] ?? [] {
            let count = phrase.split(separator: " ").map { lexicon.count(of: String($0)) }.min() ?? 0
            pool.add(phrase, distance: ranking.wholeWordReplacementCost, count: count, ranking: ranking)
        }
    }

    /// Compounds the index cannot list (German): a word that is a known word followed by a
    /// misspelled one (`Kundenrechung`), or the reverse, gets the misspelled part's best
    /// corrections joined to the known part; one whose parts are both known gets the joining `s`
    /// added or taken away between them (`Geburtag`, `Einsichtshardcover`). Hunspell alone knows
    /// which parts may be joined: every candidate is confirmed by it before it is shown.
    private func addCompoundParts(of input: [UInt8], to pool: inout CandidatePool) {
        guard formsCompounds || pool.prefixedWords, input.count >= 7, input.count <= 40, !input.contains(lexicon.unknownCode) else { return }
        let count = input.count
        let joint = compoundJoint
        // Where a known word ends, from the beginning, and where a known word to the end
        // begins; parts of at least three letters.
        let wordHeads = (3...(count - 3)).filter { lexicon.key(for: input[..<$0]) != nil }
        // Forms that only begin compounds (`gersten`, `infektions`) end a beginning too; they
        // carry their joint, so none is added after them.
        var partHeads: [Int] = []
        if !lexicon.compoundHeads.isEmpty {
            var hash: UInt32 = 2_166_136_261
            for end in 0..<(count - 3) {
                hash = (hash ^ UInt32(input[end])) &* 16_777_619
                if end >= 2, lexicon.isCompoundHead(hash: hash) { partHeads.append(end + 1) }
            }
        }
        let heads = Array(Set(wordHeads + partHeads)).sorted()
        var tails = Set<Int>()
        for start in 3...(count - 3) where lexicon.key(for: input[start...]) != nil { tails.insert(start) }
        guard !heads.isEmpty || !tails.isEmpty else { return }

        // A compound the lexicon lacks counts as unlisted, as it does when a checked edit finds
        // it: ranked by its last part, one ending in a common verb (`Konzert·steige`) outranked
        // the one meant, ending in a noun the frequency list lacks (`Konzert·geige`).
        func add(_ codes: [UInt8], nounHead: [UInt8], distance: Float) {
            let count = lexicon.key(for: codes).map { lexicon.mostCommonWord(ofKey: $0).count } ?? 0
            let lower = spelled(codes)
            var shape = pool.shape
            if shape == .lower, isNoun(nounHead) { shape = .title }
            pool.add(shape.apply(to: lower), distance: distance, count: count, ranking: ranking, shaped: true)
        }
        // The joining `s`: both parts known, the `s` missing or one too many.
        if let joint {
            for head in heads {
                if tails.contains(head), input[head - 1] != joint, wordHeads.contains(head) {
                    add(Array(input[..<head]) + [joint] + Array(input[head...]), nounHead: Array(input[..<head]),
                        distance: ranking.compoundJointCost)
                }
                if head < count - 3, input[head] == joint, tails.contains(head + 1) {
                    add(Array(input[..<head]) + Array(input[(head + 1)...]), nounHead: Array(input[..<head]),
                        distance: ranking.compoundJointCost)
                }
            }
        }
        // A known beginning and a misspelled end: the two longest beginnings (with their
        // joining `s`) whose end is no word.
        var splits = Set(heads)
        if let joint { for head in heads where input[head] == joint { splits.insert(head + 1) } }
        for split in splits.filter({ count - $0 >= 4 && !tails.contains($0) }).sorted(by: >).prefix(2) {
            for (codes, distance) in bestWords(for: Array(input[split...])) {
                add(Array(input[..<split]) + codes, nounHead: Array(input[..<split]),
                    distance: distance + ranking.compoundPartCost)
            }
        }
        guard formsCompounds else { return }
        // A misspelled beginning and a known end: the two longest ends.
        let knownHeads = Set(heads)
        for start in tails.filter({ $0 >= 4 && !knownHeads.contains($0) }).sorted().prefix(2) {
            for (codes, distance) in bestWords(for: Array(input[..<start])) {
                add(codes + Array(input[start...]), nounHead: codes,
                    distance: distance + ranking.compoundPartCost)
            }
        }
    }

    /// Keeps a compound the dictionary rejected for when it accepts nothing near: one of two
    /// parts a likely slip away (`ß` for `ss`, `plaz` for `platz`: spellings before 1996), or two
    /// nouns an ordinary edit away (`Sängerkariere` → `Sängerkarriere`). Farther, or of other
    /// parts, they were mostly chance readings (`Öl·temalde` for `Ölgemälde`), which Hunspell's
    /// own `suggest` beats.
    private func addRejectedCompound(_ word: String, codes: [UInt8], distance: Float, to pool: inout CandidatePool) {
        guard distance <= ranking.rejectedNounCompoundDistance else { return }
        let parts = lexicon.fewestCompoundParts(codes, joint: compoundJoint, elided: compoundElided) ?? 0
        let charged = distance + Float(max(parts - 2, 0)) * ranking.compoundExtraPartCost
        if parts >= 2, charged <= ranking.rejectedCompoundDistance {
            pool.addRejectedCompound(word, distance: charged, ranking: ranking)
        } else if readsAsTwoNouns(codes) {
            pool.addRejectedCompound(word, distance: distance, ranking: ranking)
        }
    }

    /// Whether `codes` are two nouns of the lexicon, with or without a joining `s`
    /// (`Magistrat·s·beschluss`), each of at least three letters: the commonest way German
    /// forms a compound, and one Hunspell's compound rules reject for many nouns.
    private func readsAsTwoNouns(_ codes: [UInt8]) -> Bool {
        guard codes.count >= 6 else { return false }
        for split in 3...(codes.count - 3) where isNoun(Array(codes[split...])) {
            let head = Array(codes[..<split])
            if isNoun(head) { return true }
            if let compoundJoint, head.last == compoundJoint, head.count > 3, isNoun(Array(head.dropLast())) { return true }
        }
        return false
    }

    /// Lowercase codes of the lexicon's alphabet written out as text.
    private func spelled(_ codes: [UInt8]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: codes.map { lexicon.alphabet[Int($0)] })
        return text
    }

    /// Whether the commonest word spelled so is capitalised in the dictionary (a German noun).
    private func isNoun(_ codes: [UInt8]) -> Bool {
        guard let key = lexicon.key(for: codes) else { return false }
        return lexicon.word(lexicon.mostCommonWord(ofKey: key).index).unicodeScalars.first?.properties.isUppercase ?? false
    }

    /// The three best corrections of a compound's part, as lowercase codes.
    private func bestWords(for part: [UInt8]) -> [(codes: [UInt8], distance: Float)] {
        // Only the best few are kept, so the search's threshold tightens sooner.
        let scored = searching(part, keep: ranking.compoundPartCandidates).map { candidate in
            (candidate, ranking.score(distance: candidate.cost, count: lexicon.mostCommonWord(ofKey: candidate.key).count))
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.key < $1.0.key }.prefix(ranking.compoundPartCandidates).map { candidate, _ in
            let word = lexicon.word(lexicon.words(ofKey: candidate.key).lowerBound).lowercased()
            return (lexicon.encode(word), candidate.cost)
        }
    }

    /// `content-negogtiation` → `content-negotiation`: when some parts of a hyphenated word are
    /// wrong and the others right, the wrong parts are corrected one by one: with one wrong part,
    /// its three best suggestions; with several, each one's best. Returns whether the word was
    /// corrected so.
    private func addHyphenatedParts(of word: String, to pool: inout CandidatePool) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.count <= 6, parts.allSatisfy({ !$0.isEmpty }) else { return false }
        let wrong = parts.indices.filter { !dictionary.spell(parts[$0]) }
        guard !wrong.isEmpty else { return false }
        // Each candidate: the parts, and the summed score and distance of the corrected ones.
        var candidates: [(parts: [String], score: Float, distance: Float)] = [(parts, 0, 0)]
        for index in wrong {
            let part = parts[index]
            var partPool = CandidatePool(written: part, shape: CaseShape(of: part))
            add(searching(lexicon.encode(part.lowercased())), to: &partPool)
            let best = Array(partPool.sorted().prefix(wrong.count == 1 ? 3 : 1))
            guard !best.isEmpty else { return true }
            candidates = candidates.flatMap { candidate in
                best.map { suggestion in
                    var joined = candidate.parts
                    joined[index] = suggestion.word
                    return (joined, candidate.score + suggestion.score, candidate.distance + suggestion.distance)
                }
            }
        }
        for candidate in candidates {
            pool.add(scored: IndexedSuggester.Scored(
                word: candidate.parts.joined(separator: "-"), score: candidate.score, distance: candidate.distance
            ))
        }
        return true
    }

    /// A run of two to six letters typed twice (`folgendenden` → `folgenden`,
    /// `österreichischischer` → `österreichischer`) or once where the word repeats it
    /// (`angebenen` → `angegebenen`): the hand restarts or skips a syllable it has just written,
    /// which the one-letter edits of the search reach only as two to four errors.
    private func addRepeatedSyllables(of input: [UInt8], to pool: inout CandidatePool) {
        let count = input.count
        guard count >= 5, count <= 40, !input.contains(lexicon.unknownCode) else { return }
        func add(_ codes: [UInt8]) {
            if let key = lexicon.key(for: codes) {
                for index in lexicon.words(ofKey: key) {
                    pool.add(lexicon.word(index), distance: ranking.repeatedSyllableCost, count: lexicon.wordCount[index], ranking: ranking)
                }
            } else if formsCompounds, lexicon.readsAsCompound(codes, joint: compoundJoint, elided: compoundElided) {
                let shaped = pool.shape.apply(to: spelled(codes))
                if dictionary.spell(shaped) {
                    pool.add(shaped, distance: ranking.repeatedSyllableCost, count: 0, ranking: ranking, shaped: true)
                }
            }
        }
        for length in 2...6 where count - 2 * length >= 2 {
            for start in 0...(count - 2 * length)
            where input[start..<(start + length)].elementsEqual(input[(start + length)..<(start + 2 * length)]) {
                add(Array(input[..<(start + length)]) + Array(input[(start + 2 * length)...]))
            }
        }
        // The skipped repeat (`Kunstoff` → `Kunststoff`): about 2n lookups, and Hunspell asked
        // only about compounds that read as the lexicon's words.
        for length in 2...3 where count >= length + 2 {
            for start in 0...(count - length) {
                let run = input[start..<(start + length)]
                add(Array(input[..<(start + length)]) + Array(run) + Array(input[(start + length)...]))
            }
        }
    }

    /// Two or three letters left out together inside a word (`Gesellaft` → `Gesellschaft`,
    /// `Informion` → `Information`, `Beleidung` → `Beleidigung`): the hand skips a syllable, which
    /// the search reaches only as two or three insertions, beyond its bound. Found in the trie:
    /// below each beginning of at least three letters, every path of two or three letters, then
    /// the rest of the word exactly; only keys, so only words the index lists (not compounds).
    private func addSkippedRuns(of input: [UInt8], to pool: inout CandidatePool) {
        let count = input.count
        guard count >= 6, count <= 40, ranking.skippedRunCost > 0, !input.contains(lexicon.unknownCode) else { return }
        var prefixNode = 0
        var found = Set<Int>()
        func skip(_ node: Int, depth: Int, at position: Int) {
            let first = Int(lexicon.nodeFirstChild[node]), children = Int(lexicon.nodeChildCount[node])
            for child in first..<(first + children) {
                if depth >= 1, let key = lexicon.key(for: input[position...], from: child) { found.insert(key) }
                if depth < 2 { skip(child, depth: depth + 1, at: position) }
            }
        }
        for position in 0..<(count - 2) {
            guard let next = lexicon.child(of: prefixNode, labelled: input[position]) else { break }
            prefixNode = next
            // At least three letters before the skipped run and two after it.
            if position >= 2 { skip(prefixNode, depth: 0, at: position + 1) }
        }
        for key in found {
            for index in lexicon.words(ofKey: key) {
                pool.add(lexicon.word(index), distance: ranking.skippedRunCost, count: lexicon.wordCount[index], ranking: ranking)
            }
        }
    }

    /// `l'homem` → `l'homme`: suggestions for the part after an apostrophe, prefixed again.
    private func addElided(_ word: String, to pool: inout CandidatePool) {
        let scalars = Array(word.unicodeScalars)
        guard let apostrophe = scalars.firstIndex(where: { $0 == "'" }), apostrophe > 0, apostrophe <= 8,
              scalars.count - apostrophe > 2
        else { return }
        let head = String(String.UnicodeScalarView(scalars[...apostrophe]))
        let rest = String(String.UnicodeScalarView(scalars[(apostrophe + 1)...]))
        let restInput = lexicon.encode(rest.lowercased())
        let restShape = CaseShape(of: rest)
        for candidate in searching(restInput) {
            for index in lexicon.words(ofKey: candidate.key) {
                let full = head + restShape.apply(to: lexicon.word(index))
                pool.add(full, distance: candidate.cost, count: lexicon.wordCount[index], ranking: ranking, shaped: true)
            }
        }
    }

    /// Every deletion, swap, replacement and insertion of one letter, kept when the dictionary
    /// accepts it: finds compounds and forms the index does not hold. With every letter, about
    /// a thousand edits, so only for languages that form compounds and when the index found
    /// nothing near; otherwise only the likeliest edits (deletions, swaps, accents, a doubled
    /// letter, an apostrophe or hyphen), a few dozen. At most `ranking.checkedEditsBudget` edits
    /// reach the dictionary, the likeliest by the error model first: in German, where a rejected
    /// word costs Hunspell's compound analysis some 25 µs, every edit would take 15-20 ms.
    private func addCheckedEdits(of word: String, input: [UInt8], everyLetter: Bool, to pool: inout CandidatePool) {
        let scalars = Array(word.lowercased().unicodeScalars)
        guard scalars.count >= 3, scalars.count <= 40 else { return }
        search.prepare(input)
        var tried = Set<String>()
        // Words given to the dictionary, at most `ranking.checkedEditsBudget`.
        var calls = 0
        // Edits whose last part the lexicon lacks, checked only when no other edit is a word.
        var unlistedLastPart: [[Unicode.Scalar]] = []
        var acceptedEdits = 0
        /// `cost`: the edit's own cost when the walk's distance does not know it (a rule of the
        /// dictionary's tables).
        func check(_ edit: [Unicode.Scalar], lastPartMayBeUnlisted: Bool = false, cost: Float = .infinity) {
            guard let first = edit.first, let last = edit.last,
                  !SuggestionLexicon.isJoiner(first), !SuggestionLexicon.isJoiner(last)
            else { return }
            let codes = edit.map { lexicon.code(of: $0) ?? lexicon.unknownCode }
            let key = lexicon.key(for: codes)
            if formsCompounds {
                // A word the lexicon lacks must at least read as a compound of its words:
                // Hunspell's compound analysis makes each rejected edit cost tens of µs. The
                // lexicon lacks some forms Hunspell joins as a last part (`Verteilerbäusche`):
                // edits that need one are kept for when nothing else was found.
                if key == nil, !edit.contains(where: SuggestionLexicon.isJoiner),
                   !lexicon.readsAsCompound(codes, joint: compoundJoint, elided: compoundElided, unlistedLastPart: lastPartMayBeUnlisted) {
                    if !lastPartMayBeUnlisted,
                       lexicon.readsAsCompound(codes, joint: compoundJoint, elided: compoundElided, unlistedLastPart: true) {
                        unlistedLastPart.append(edit)
                    }
                    return
                }
            } else if key == nil, !edit.contains(where: SuggestionLexicon.isJoiner) {
                // Without compounds, the lexicon holds every form of the dictionary: Hunspell
                // accepts little else but words joined by a hyphen or an apostrophe
                // (`jusqu'à`), so only those are asked about.
                return
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: edit)
            let lower = String(view)
            guard tried.insert(lower).inserted else { return }
            calls += 1
            let shaped = pool.shape.apply(to: lower)
            var accepted: String?
            if dictionary.spell(shaped) {
                accepted = shaped
            } else if pool.shape == .lower {
                let title = CaseShape.title.apply(to: lower)
                if dictionary.spell(title) { accepted = title }
            }
            guard let accepted else {
                if formsCompounds, key == nil, !lastPartMayBeUnlisted {
                    addRejectedCompound(shaped, codes: codes, distance: min(search.distance(to: codes), cost), to: &pool)
                }
                return
            }
            acceptedEdits += 1
            // A compound the lexicon lacks counts as unlisted: ranked by its last part, a
            // misreading with a short common word at its end (`Weidekauflug`, ·flug) would
            // outrank the compound meant (`Weidenausflug`).
            let count = key.map { lexicon.mostCommonWord(ofKey: $0).count } ?? 0
            var distance = min(search.distance(to: codes), cost)
            // A hyphen put between two words written together is the missing space of a split
            // (it is shown with a space): charged as one, not as a letter left out.
            if scalars.count + 1 == edit.count, edit.contains("-"), !scalars.contains("-"),
               edit.filter({ $0 != "-" }) == scalars {
                distance = max(distance, ranking.splitCost)
            }
            if formsCompounds, key == nil,
               let parts = lexicon.fewestCompoundParts(codes, joint: compoundJoint, elided: compoundElided), parts > 2 {
                distance += Float(parts - 2) * ranking.compoundExtraPartCost
            }
            pool.add(accepted, distance: distance, count: count, ranking: ranking, shaped: true)
        }
        // Every edit with the error model's cost of the error it undoes, so that when there are
        // more than the budget, the likeliest are checked.
        enum Edit {
            case delete(Int), swap(Int), replace(Int, Unicode.Scalar), insert(Int, Unicode.Scalar)
            /// `count` letters from `index` written for `letters`: a multi-letter rule undone;
            /// `cost` when the rule is one of the dictionary's tables, which the walk lacks.
            case rewrite(Int, count: Int, letters: [Unicode.Scalar], cost: Float)
        }
        let extraCosts = model.insertionCosts(for: input)
        func code(_ letter: Unicode.Scalar) -> Int { Int(lexicon.code(of: letter) ?? lexicon.unknownCode) }
        var edits: [(edit: Edit, cost: Float)] = []
        for index in scalars.indices {
            edits.append((.delete(index), extraCosts[index]))
            if index + 1 < scalars.count, scalars[index] != scalars[index + 1] {
                edits.append((.swap(index), model.transposition))
            }
            for letter in everyLetter ? editLetters : accentVariants[scalars[index], default: []] where letter != scalars[index] {
                edits.append((.replace(index, letter), model.substitution[code(letter) * model.size + Int(input[index])]))
            }
        }
        for index in 0...scalars.count {
            let letters = everyLetter ? editLetters : joiners + (index > 0 ? [scalars[index - 1]] : [])
            for letter in letters {
                let doubled = (index > 0 && scalars[index - 1] == letter) || (index < scalars.count && scalars[index] == letter)
                var cost = doubled ? model.doubling : model.omission[code(letter)]
                if !doubled, model.isConsonant[code(letter)],
                   (index > 0 && model.isConsonant[Int(input[index - 1])]) || (index < input.count && model.isConsonant[Int(input[index])]) {
                    cost = min(cost, model.clusterOmission)
                }
                edits.append((.insert(index, letter), cost))
            }
        }
        // The error model's multi-letter rules (`ß` written for `ss` in `Adamßolvenz`), as
        // Hunspell tries its REP table: the one-letter edits above cannot undo them.
        // The dictionary's own REP and MAP confusions too, as Hunspell's `suggest` tries them.
        func undo(_ rule: SpellingErrorModel.MultiLetterRule, known: Float) {
            guard rule.input.count <= input.count else { return }
            for start in 0...(input.count - rule.input.count)
            where input[start..<(start + rule.input.count)].elementsEqual(rule.input) {
                let letters = rule.word.map { lexicon.alphabet[Int($0)] }
                edits.append((.rewrite(start, count: rule.input.count, letters: letters, cost: known), rule.cost))
            }
        }
        for rule in model.rulesByLastWordLetter.joined() { undo(rule, known: .infinity) }
        for rule in model.tableRules { undo(rule, known: rule.cost) }
        if edits.count > ranking.checkedEditsBudget {
            // Stable: equal costs keep the order above.
            let order = edits.indices.sorted { edits[$0].cost != edits[$1].cost ? edits[$0].cost < edits[$1].cost : $0 < $1 }
            edits = order.map { edits[$0] }
        }
        for (edit, _) in edits {
            if calls >= ranking.checkedEditsBudget { break }
            var edited = scalars
            var cost = Float.infinity
            switch edit {
            case .delete(let index): edited.remove(at: index)
            case .swap(let index): edited.swapAt(index, index + 1)
            case .replace(let index, let letter): edited[index] = letter
            case .insert(let index, let letter): edited.insert(letter, at: index)
            case .rewrite(let index, let count, let letters, let known):
                edited.replaceSubrange(index..<(index + count), with: letters)
                cost = known
            }
            check(edited, cost: cost)
        }
        if acceptedEdits == 0 {
            for edit in unlistedLastPart {
                if calls >= ranking.checkedEditsBudget { break }
                check(edit, lastPartMayBeUnlisted: true)
            }
        }
    }

    /// The person's own words near the written one (they are not in the dictionary).
    private func personalSuggestions(for word: String, personalWords: Set<String>) -> [Scored] {
        let lowercased = word.lowercased()
        let input = lexicon.encode(lowercased)
        let bound = ranking.bound(letters: input.count, limit: personalBoundLimit)
        var pool = CandidatePool(written: word, shape: CaseShape(of: word))
        search.prepare(input)
        for personal in personalWords.sorted() where personal != word {
            let letters = personal.unicodeScalars.count
            guard abs(letters - input.count) <= 3 else { continue }
            let distance = search.distance(to: lexicon.encode(personal.lowercased()))
            // A taught word counts as a fairly common one.
            if distance <= bound { pool.add(personal, distance: distance, count: 1_000, ranking: ranking) }
        }
        return pool.sorted()
    }

    private func merge(_ first: [Scored], _ second: [Scored]) -> [Scored] {
        guard !second.isEmpty else { return first }
        var seen = Set<String>()
        return (first + second).sorted(by: CandidatePool.isBetter).filter { seen.insert($0.word).inserted }
    }
}

/// Candidates collected for one written word, best score per spelling.
struct CandidatePool {
    let written: String
    let shape: CaseShape
    private(set) var scores: [String: IndexedSuggester.Scored] = [:]
    private(set) var bestDistance: Float = .infinity
    /// In German: the distance added to a word the dictionary writes in lowercase when the
    /// written word is capitalised (most likely a noun), the distance added to a noun when the
    /// written word is in lowercase (most likely not one: `abgiss` is `abbiss` before `Abguss`),
    /// and the count given to a capitalised word the frequency list lacks (its source dropped
    /// most capitalised tokens, so an unlisted noun is less rare than an unlisted verb).
    var nouns: (casePenalty: Float, lowercasePenalty: Float, unlistedCount: UInt32)?

    init(written: String, shape: CaseShape) {
        self.written = written
        self.shape = shape
    }

    /// Adds a dictionary word, written in the shape of the written word unless `shaped` says it
    /// already is.
    mutating func add(_ word: String, distance: Float, count: UInt32, ranking: SuggestionRanking, shaped: Bool = false) {
        let spelled = shaped ? word : shape.apply(to: word)
        guard spelled != written else { return }
        var distance = distance, count = count
        if let nouns, !shaped, let first = word.unicodeScalars.first {
            if first.properties.isLowercase {
                distance += nouns.casePenalty
            } else if count == 0 {
                count = nouns.unlistedCount
            }
        }
        // A noun (`Abguss`), not an abbreviation (`ODF`) nor a one-letter word.
        if let nouns, nouns.lowercasePenalty > 0, spelled.unicodeScalars.count > 1, CaseShape(of: spelled) == .title {
            distance += nouns.lowercasePenalty
        }
        let score = ranking.score(distance: distance, count: count)
        bestDistance = min(bestDistance, distance)
        if let existing = scores[spelled], existing.score <= score { return }
        scores[spelled] = IndexedSuggester.Scored(word: spelled, score: score, distance: distance)
    }

    /// Compounds the dictionary rejected that `IndexedSuggester.addRejectedCompound` keeps, by
    /// spelling: offered only when the dictionary accepts no candidate.
    private(set) var rejectedCompounds: [String: IndexedSuggester.Scored] = [:]
    /// Whether a language that forms no compounds is searched for words made with a prefix.
    var prefixedWords = false

    mutating func addRejectedCompound(_ word: String, distance: Float, ranking: SuggestionRanking) {
        guard word != written else { return }
        let scored = IndexedSuggester.Scored(word: word, score: ranking.score(distance: distance, count: 0), distance: distance)
        if let existing = rejectedCompounds[word], existing.score <= scored.score { return }
        rejectedCompounds[word] = scored
    }

    /// Adds a suggestion already spelled and scored.
    mutating func add(scored: IndexedSuggester.Scored) {
        guard scored.word != written else { return }
        bestDistance = min(bestDistance, scored.distance)
        if let existing = scores[scored.word], existing.score <= scored.score { return }
        scores[scored.word] = scored
    }

    /// Best first; ties broken by spelling, so the order never depends on hashing.
    func sorted() -> [IndexedSuggester.Scored] {
        scores.values.sorted(by: Self.isBetter)
    }

    /// The first `count` of `sorted()`, sorting only the candidates that score as well as the
    /// `count`-th best (scores alone are cheap to sort; candidates carry their spelling).
    func best(_ count: Int) -> [IndexedSuggester.Scored] {
        guard count > 0, scores.count > count * 2 else { return Array(sorted().prefix(count)) }
        let cutoff = scores.values.map(\.score).sorted()[count - 1]
        return Array(scores.values.filter { $0.score <= cutoff }.sorted(by: Self.isBetter).prefix(count))
    }

    static func isBetter(_ a: IndexedSuggester.Scored, _ b: IndexedSuggester.Scored) -> Bool {
        a.score != b.score ? a.score < b.score : a.word < b.word
    }
}

/// Hunspell's fallback answers, shared by all threads of an engine, so that a word gets the same
/// answer every time although Hunspell's own `suggest` may vary under load.
final class FallbackAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: [String]] = [:]
    /// Past this many words, new answers are no longer kept (a bound on memory, not a cache:
    /// kept answers are never replaced).
    static let capacity = 50_000

    func answer(for word: String, language: String, compute: () -> [String]) -> [String] {
        let key = language + "\u{0}" + word
        if let known = lock.withLock({ answers[key] }) { return known }
        let computed = compute()
        return lock.withLock {
            if let known = answers[key] { return known }
            if answers.count < Self.capacity { answers[key] = computed }
            return computed
        }
    }
}

/// The last answers of one language, shared by every thread's suggester: a word one worker has
/// corrected is not corrected again by another (a long text is checked in parts, in parallel).
/// Answers depend only on the word, so sharing them changes nothing but the time.
final class SharedRecentAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: RecentAnswers<String, [IndexedSuggester.Scored]>

    init(capacity: Int) {
        answers = RecentAnswers(capacity: capacity)
    }

    func answer(for word: String) -> [IndexedSuggester.Scored]? {
        lock.withLock { answers[word] }
    }

    func remember(_ answer: [IndexedSuggester.Scored], for word: String) {
        lock.withLock { answers[word] = answer }
    }
}

extension Array where Element: Equatable {
    /// Keeps the first of each run of equal neighbours (on a sorted array: each value once).
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
