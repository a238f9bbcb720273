/// How likely each kind of spelling error is, as costs of a weighted Damerau-Levenshtein distance
/// between a dictionary word and what was written: 1 is an ordinary edit, lower is a likelier one.
///
/// Cheaper than 1: a letter written without its accent (or with the wrong one), a neighbouring
/// key, letters that sound alike in the language, one vowel for another, a doubled letter written
/// once or a single one doubled, two letters swapped, multi-letter spellings of one sound
/// (`ph`/`f`, `ß`/`ss`, `œ`/`oe`, `ll`/`y`), and a consonant left out of a cluster. Dearer:
/// errors in the first letter, which people rarely get wrong.
///
/// Costs are over the lexicon's letter codes, so the search looks them up in flat tables.
struct SpellingErrorModel: Sendable {
    /// A spelling of one sound written as another: `word` letters in the dictionary word, `input`
    /// letters in the text.
    struct MultiLetterRule: Sendable {
        var word: [UInt8]
        var input: [UInt8]
        var cost: Float
        /// Where `word` starts in `ruleWordLetters`.
        var wordStart: Int
    }

    /// Letters in the alphabet plus one code for letters it lacks.
    let size: Int
    /// Cost of writing input letter `i` for word letter `w`, at `[w * size + i]`.
    private(set) var substitution: [Float]
    /// Cost of leaving out word letter `w`.
    private(set) var omission: [Float]
    /// Cost of writing input letter `i` that the word does not have.
    private(set) var insertion: [Float]
    /// Whether two letters' keys touch, at `[a * size + b]`.
    private(set) var neighbours: [Bool]
    /// Whether writing input letter `i` for word letter `w` is a slip of spelling rather than of
    /// the fingers: an accent left out or another written (`a`, `á`), or, where they are one
    /// sound, letters that sound alike (Spanish `b`, `v`), at `[w * size + i]`. Such slips are as
    /// common at a word's start as anywhere, so the first letter's penalty spares them.
    private(set) var spellingPairs: [Bool]
    /// Whether each letter is a consonant: a letter, not a vowel nor a joiner.
    private(set) var isConsonant: [Bool]
    /// Multi-letter rules, grouped by the last letter of their word side.
    private(set) var rulesByLastWordLetter: [[MultiLetterRule]]
    /// The dictionary's own multi-letter confusions (`LanguageErrorProfile.tableRules`), for
    /// checked edits only.
    private(set) var tableRules: [MultiLetterRule] = []
    /// The word sides of all rules, one after another.
    private(set) var ruleWordLetters: [UInt8] = []

    /// A doubled letter written once, or a single one written twice.
    var doubling: Float = 0.45
    /// Two adjacent letters swapped.
    var transposition: Float = 0.65
    /// An extra letter whose key touches the letter before or after it.
    var neighbourInsertion: Float = 0.75
    /// Added to an edit of the written word's first letter.
    var firstLetterPenalty: Float = 0.55
    /// A consonant left out next to another consonant of the word (`condemn` → `condem`,
    /// `Kragen` → `Kagen`, `obstáculo` → `ostáculo`): one key of a cluster is easily lost, in
    /// every language the lists measure.
    var clusterOmission: Float = 0.65

    /// The model for a language over a lexicon's alphabet. A language without measured costs of
    /// its own (any but English, French, German and Spanish) takes the dictionary's own tables of
    /// likely misspellings (`AffixFile.suggestionFacts`) at `tableCost`: one edit however many
    /// letters it changes, as Hunspell's `suggest` counts it. The four measured languages keep
    /// their profiles alone: those hold the tables' confusions at measured costs (German `ß` for
    /// `ss` at 0.1), and German's table added to them lost `Vorat` → `Vorrat` (to `Vor·hat`, by
    /// its `a`/`ah`) and made a word 19% slower, English's 9%, for nothing found on any list.
    init(alphabet: [Unicode.Scalar], language: String, tables: AffixFile.SuggestionTables = .init(), tableCost: Float = 1) {
        let size = alphabet.count + 1
        self.size = size
        var profile = LanguageErrorProfile(language: language)
        if tableCost > 0, !profile.isMeasured { profile.add(tables, cost: tableCost) }
        let keyboard = EditClassifier.KeyboardLayout(textLanguage: language)
        let soundAlike = EditClassifier.SoundAlikeLetters(textLanguage: language)
        let bases = alphabet.map(Self.baseLetter)
        let isVowel = bases.map { "aeiouy".unicodeScalars.contains($0) }
        // Key positions and sound-alike pairs looked up once a letter, not once a pair.
        let positions = alphabet.map { keyboard.position(of: Character($0)) }
        var soundAlikePairs = Set<[Int]>()
        for pair in soundAlike.pairs {
            let letters = pair.unicodeScalars.map { scalar in alphabet.firstIndex(of: scalar) }
            guard letters.count == 2, let a = letters[0], let b = letters[1] else { continue }
            soundAlikePairs.insert([a, b])
            soundAlikePairs.insert([b, a])
        }
        func touching(_ a: Int, _ b: Int) -> Bool {
            guard let keyA = positions[a], let keyB = positions[b], a != b else { return false }
            return EditClassifier.KeyboardLayout.touch(keyA, keyB)
        }

        isConsonant = alphabet.indices.map { index in
            let scalar = alphabet[index]
            return scalar.properties.isAlphabetic && !isVowel[index]
        } + [false]
        substitution = Array(repeating: 1, count: size * size)
        neighbours = Array(repeating: false, count: size * size)
        spellingPairs = Array(repeating: false, count: size * size)
        omission = Array(repeating: 1, count: size)
        insertion = Array(repeating: 1, count: size)
        for (w, wordLetter) in alphabet.enumerated() {
            for i in alphabet.indices {
                let isNeighbour = touching(w, i)
                neighbours[w * size + i] = isNeighbour
                var cost: Float = 1
                if w == i {
                    cost = 0
                } else if bases[w] == bases[i] {
                    spellingPairs[w * size + i] = true
                    // The word's accent left out (`razon` for `razón`), or another one written.
                    cost = bases[i] == alphabet[i] ? profile.accentOmissionCost ?? profile.accentCost : profile.accentCost
                } else {
                    if isNeighbour { cost = min(cost, profile.neighbourCost) }
                    if soundAlikePairs.contains([w, i]) {
                        cost = min(cost, profile.soundAlikeCost)
                        spellingPairs[w * size + i] = profile.soundAlikesAreOneSound
                    }
                    if isVowel[w], isVowel[i] { cost = min(cost, profile.vowelCost) }
                    if let confused = profile.letterConfusions[wordLetter]?[alphabet[i]] { cost = min(cost, confused) }
                }
                substitution[w * size + i] = cost
            }
            let isJoiner = wordLetter == "'" || wordLetter == "-"
            omission[w] = isJoiner ? 0.35 : isVowel[w] ? profile.vowelOmissionCost : 1
            insertion[w] = isJoiner ? 0.35 : isVowel[w] ? profile.vowelInsertionCost : 1
            if let cheap = profile.cheapOmissions[wordLetter] { omission[w] = min(omission[w], cheap) }
            if let cheap = profile.cheapInsertions[wordLetter] { insertion[w] = min(insertion[w], cheap) }
        }

        var codes: [Unicode.Scalar: UInt8] = [:]
        for (code, scalar) in alphabet.enumerated() { codes[scalar] = UInt8(code) }
        rulesByLastWordLetter = Array(repeating: [], count: size)
        for (word, input, cost) in profile.multiLetterRules {
            let wordCodes = word.unicodeScalars.compactMap { codes[$0] }
            let inputCodes = input.unicodeScalars.compactMap { codes[$0] }
            guard wordCodes.count == word.unicodeScalars.count, inputCodes.count == input.unicodeScalars.count,
                  let last = wordCodes.last, !inputCodes.isEmpty
            else { continue }
            rulesByLastWordLetter[Int(last)].append(
                MultiLetterRule(word: wordCodes, input: inputCodes, cost: cost, wordStart: ruleWordLetters.count)
            )
            ruleWordLetters += wordCodes
        }
        for (word, input, cost) in profile.tableRules {
            let wordCodes = word.unicodeScalars.compactMap { codes[$0] }
            let inputCodes = input.unicodeScalars.compactMap { codes[$0] }
            guard wordCodes.count == word.unicodeScalars.count, inputCodes.count == input.unicodeScalars.count,
                  !wordCodes.isEmpty, !inputCodes.isEmpty
            else { continue }
            tableRules.append(MultiLetterRule(word: wordCodes, input: inputCodes, cost: cost, wordStart: 0))
        }
    }

    /// The letter without accents: `é` → `e`, `ß` stays `ß`.
    private static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
    }

    /// The cost of each input letter being an extra one, in its context.
    func insertionCosts(for input: [UInt8]) -> [Float] {
        var costs = [Float](repeating: 1, count: input.count)
        for j in input.indices {
            let letter = Int(input[j])
            var cost = insertion[letter]
            if j > 0, input[j - 1] == input[j] { cost = min(cost, doubling) }
            if j > 0, neighbours[Int(input[j - 1]) * size + letter] { cost = min(cost, neighbourInsertion) }
            if j + 1 < input.count, neighbours[Int(input[j + 1]) * size + letter] {
                cost = min(cost, neighbourInsertion)
            }
            if j == 0 { cost += firstLetterPenalty }
            costs[j] = cost
        }
        return costs
    }
}
