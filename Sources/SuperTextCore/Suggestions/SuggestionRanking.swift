import Foundation

/// How candidates are searched for and ordered: a noisy-channel score,
/// `editWeight × distance − ln(count + countFloor)`, lowest first, where `distance` is the error
/// model's weighted distance and `count` the word's corpus count (0 when unlisted).
package struct SuggestionRanking: Sendable {
    /// What one ordinary edit is worth against a factor e in frequency.
    package var editWeight: Float = 10
    /// Languages whose frequency list is a weaker guide than their error model. Spanish's list
    /// comes from film subtitles and misses most written words (`ácaros` lost to `avaros`), while
    /// its writers' commonest slip, an accent left out, is cheap in the model. Tuned on the read
    /// part of the Spanish Wikipedia list (10, 12, 14, 17, 20: 72.6, 73.2, 73.4, 73.7, 73.6
    /// top-1); its validation part 71.5 → 72.5, LibreOffice's Spanish validation 91.4 → 92.6.
    package var editWeights: [String: Float] = ["es": 17]
    /// Added to every count, so that words missing from the frequency list still rank.
    package var countFloor: Float = 8
    /// The largest distance searched, by length of the written word: short words get a tight
    /// bound (everything is near a three-letter word), long ones a loose one.
    package var boundBase: Float = 0.7
    package var boundPerLetter: Float = 0.3
    package var boundLimit: Float = 2.4
    /// The same in languages that form compounds, whose long words are mostly compounds the
    /// index lacks: their parts and checked edits find those, a wide search rarely does.
    package var compoundBoundLimit: Float = 1.8
    /// Languages whose limit is lower: there a word two edits away is likelier to be one the
    /// steps after the search find (a learned prefix, the wide search) than what the search
    /// offers between 2 and 2.4. On the validation parts, Spanish Wikipedia's top-1 71.3 → 71.5
    /// and its mean 1.17 → 0.82 ms, French the same figures in two thirds of the time; English
    /// lost 0.1-0.2 points on two lists at 2.0, so it keeps `boundLimit`.
    package var boundLimits: [String: Float] = ["es": 2.0, "fr": 2.0]
    /// Whether Hunspell's own `suggest` is asked when nothing else is found (in every language).
    package var hunspellFallback: Float = 1
    /// The cost of a confusion the dictionary's `REP` or `MAP` table names and the language's
    /// profile does not (0: the tables are not read).
    package var dictionaryTableCost: Float = 1
    /// The longest word, in letters, Hunspell's `suggest` is asked about.
    package var fallbackLongestWord = 30
    /// A word that sounds like the written one is charged
    /// `min(distance, soundAlikeBase + soundAlikeWeight × distance)`.
    package var soundAlikeBase: Float = 0.8
    package var soundAlikeWeight: Float = 0.4
    /// Most sound-alike keys scored per word (the commonest, when there are more).
    package var soundAlikeLimit = 120
    /// The distance charged for a missing space (`everyday` → `every day`).
    package var splitCost: Float = 1.7
    /// The distance charged for what the dictionary's `REP` table names for a whole word
    /// (`alot` → `a lot`): a tenth of an edit, as `ss` written `ß` is.
    package var wholeWordReplacementCost: Float = 0.1
    /// Below this distance the index's best candidate is trusted; above it the suggester also
    /// checks every single edit of the word with the dictionary (compounds, rare inflections).
    package var checkedEditsThreshold: Float = 1.0
    /// In languages that form compounds, the likeliest edits are checked unless the index found
    /// a word nearer than this.
    package var compoundEditsThreshold: Float = 0.45
    /// Most edits of one word checked with the dictionary (the likeliest first): in languages
    /// that form compounds a rejected word costs Hunspell tens of microseconds.
    package var checkedEditsBudget = 100
    /// The distance charged for a compound's joining `s` left out or added (`Geburtag`).
    package var compoundJointCost: Float = 0.5
    /// Added to the distance of a compound whose misspelled part was corrected: a word the
    /// index holds whole is likelier than a new compound at the same distance.
    package var compoundPartCost: Float = 0.25
    /// German: added to the distance of a word the dictionary writes in lowercase when the
    /// written word is capitalised, and the count of a noun the frequency list lacks.
    package var nounCasePenalty: Float = 0.3
    package var unlistedNounCount: UInt32 = 40
    /// German: added to the distance of a noun when the written word is in lowercase.
    package var lowercaseNounPenalty: Float = 0.2
    /// Added to the distance of a compound found by a checked edit for each part it needs
    /// beyond two.
    package var compoundExtraPartCost: Float = 0.3
    /// The farthest a compound the dictionary rejects may be from the written word to be
    /// offered when the dictionary accepts nothing near: of any two parts, and of two nouns
    /// (0: never offered).
    package var rejectedCompoundDistance: Float = 0.6
    package var rejectedNounCompoundDistance: Float = 1.0
    /// The distance charged for a syllable typed twice or skipped where the word repeats it: one
    /// slip, as a letter left out is.
    package var repeatedSyllableCost: Float = 1.0
    /// The distance charged for two or three letters left out together (`Beleidung` →
    /// `Beleidigung`): one slip, as a repeated syllable. Of 1.0, 1.3 and 1.6 on the read part of
    /// German's Wikipedia list, 1.0 was best (top-1 88.5 → 88.7); 0 turns the search off.
    package var skippedRunCost: Float = 1.0
    /// When nothing near is accepted, the trie is searched once more to this distance before
    /// Hunspell's `suggest` is asked (0: not searched): it finds what that found for a tenth of
    /// the time.
    package var wideBound: Float = 4
    /// Most rows of the table that the wide search fills. Unbounded, a long word took 10-18 ms there
    /// (Spanish Wikipedia's p99 12.7 ms); with 15,000, 3.6 ms and the same top-1 and top-5 on
    /// every list, since the children that follow the written word are walked first.
    package var wideRows = 15_000
    /// Corrections tried for the misspelled part of a compound.
    package var compoundPartCandidates = 3
    /// Candidates kept per word before the caller's limit.
    package var kept = 10

    package init() {}

    /// The ranking with any `SUPERTEXT_RANKING_<NAME>` variables of the environment applied, for
    /// tuning runs of the benchmark.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SuggestionRanking {
        var ranking = SuggestionRanking()
        func read(_ name: String, _ value: inout Float) {
            if let text = environment["SUPERTEXT_RANKING_" + name], let number = Float(text) { value = number }
        }
        read("EDIT_WEIGHT", &ranking.editWeight)
        read("COUNT_FLOOR", &ranking.countFloor)
        read("BOUND_BASE", &ranking.boundBase)
        read("BOUND_PER_LETTER", &ranking.boundPerLetter)
        read("BOUND_LIMIT", &ranking.boundLimit)
        read("COMPOUND_BOUND_LIMIT", &ranking.compoundBoundLimit)
        read("SPLIT_COST", &ranking.splitCost)
        read("REJECTED_COMPOUND_DISTANCE", &ranking.rejectedCompoundDistance)
        read("REJECTED_NOUN_COMPOUND_DISTANCE", &ranking.rejectedNounCompoundDistance)
        read("REPEATED_SYLLABLE_COST", &ranking.repeatedSyllableCost)
        read("SKIPPED_RUN_COST", &ranking.skippedRunCost)
        read("WIDE_BOUND", &ranking.wideBound)
        read("CHECKED_EDITS_THRESHOLD", &ranking.checkedEditsThreshold)
        read("COMPOUND_EDITS_THRESHOLD", &ranking.compoundEditsThreshold)
        read("HUNSPELL_FALLBACK", &ranking.hunspellFallback)
        read("DICTIONARY_TABLE_COST", &ranking.dictionaryTableCost)
        read("SOUND_ALIKE_BASE", &ranking.soundAlikeBase)
        read("SOUND_ALIKE_WEIGHT", &ranking.soundAlikeWeight)
        read("COMPOUND_JOINT_COST", &ranking.compoundJointCost)
        read("COMPOUND_PART_COST", &ranking.compoundPartCost)
        read("NOUN_CASE_PENALTY", &ranking.nounCasePenalty)
        read("LOWERCASE_NOUN_PENALTY", &ranking.lowercaseNounPenalty)
        read("COMPOUND_EXTRA_PART_COST", &ranking.compoundExtraPartCost)
        var unlistedNounCount = Float(ranking.unlistedNounCount)
        read("UNLISTED_NOUN_COUNT", &unlistedNounCount)
        ranking.unlistedNounCount = UInt32(unlistedNounCount)
        var checkedEditsBudget = Float(ranking.checkedEditsBudget)
        read("CHECKED_EDITS_BUDGET", &checkedEditsBudget)
        ranking.checkedEditsBudget = Int(checkedEditsBudget)
        var wideRows = Float(ranking.wideRows)
        read("WIDE_ROWS", &wideRows)
        ranking.wideRows = Int(wideRows)
        if environment["SUPERTEXT_RANKING_BOUND_LIMIT"] != nil { ranking.boundLimits = [:] }
        if environment["SUPERTEXT_RANKING_EDIT_WEIGHT"] != nil { ranking.editWeights = [:] }
        var soundAlikeLimit = Float(ranking.soundAlikeLimit)
        read("SOUND_ALIKE_LIMIT", &soundAlikeLimit)
        ranking.soundAlikeLimit = Int(soundAlikeLimit)
        return ranking
    }

    /// The search bound for a written word of `letters` letters.
    func bound(letters: Int, limit: Float? = nil) -> Float {
        min(limit ?? boundLimit, boundBase + boundPerLetter * Float(letters))
    }

    /// The ranking a suggester of `language` uses, worked out once per suggester: the language's
    /// own edit weight and search bound, where it has them (every per-language value is read here).
    func forLanguage(_ language: String, formsCompounds: Bool) -> SuggestionRanking {
        var ranking = self
        if let weight = editWeights[language] { ranking.editWeight = weight }
        ranking.boundLimit = formsCompounds ? compoundBoundLimit : boundLimits[language] ?? boundLimit
        return ranking
    }

    /// The score of a candidate; lower is better.
    func score(distance: Float, count: UInt32) -> Float {
        editWeight * distance - log(Float(count) + countFloor)
    }
}
