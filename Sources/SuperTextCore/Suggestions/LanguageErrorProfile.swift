/// The language-specific part of the error model: which misspellings people of a language make
/// by ear. Letters are lowercase; a rule reads "the dictionary has `word`, the text has `input`".
///
/// The lists name sounds, not words: they come from how each language spells its sounds
/// (`ph` and `f` in English, French and German; `ll` and `y` in Spanish), never from test data.
struct LanguageErrorProfile {
    /// A letter written without its accent, or with another accent.
    var accentCost: Float = 0.3
    /// An accented letter of the word written without its accent, where that is cheaper than
    /// `accentCost` (nil: the same).
    var accentOmissionCost: Float?
    /// A neighbouring key.
    var neighbourCost: Float = 0.7
    /// Letters that sound alike in the language (`EditClassifier.SoundAlikeLetters`).
    var soundAlikeCost: Float = 0.6
    /// Whether those letters are one sound, so that writing one for the other at a word's start
    /// is no rarer than elsewhere (Spanish `b`/`v`, `c`/`s`/`z`); elsewhere `Kagen` is `Kragen`,
    /// not `Gagen`.
    var soundAlikesAreOneSound = false
    /// One vowel for another.
    var vowelCost: Float = 0.75
    /// A vowel left out, or written in excess.
    var vowelOmissionCost: Float = 0.85
    var vowelInsertionCost: Float = 0.85
    /// Letters that are often silent, so often left out or added.
    var cheapOmissions: [Unicode.Scalar: Float] = [:]
    var cheapInsertions: [Unicode.Scalar: Float] = [:]
    /// Multi-letter spellings of one sound, as (dictionary, text, cost); listed in both
    /// directions where both errors happen.
    var multiLetterRules: [(String, String, Float)] = []
    /// Multi-letter confusions of the dictionary's own tables that the rules above lack, as
    /// (dictionary, text, cost). Hunspell tries them by rewriting the word and asking the
    /// dictionary, and so do checked edits: in the trie walk, the 90 of English's `REP` table
    /// made every word 15-35% slower and found nothing more on any list.
    var tableRules: [(String, String, Float)] = []
    /// Single letters confused for one another beyond the general costs, as
    /// `[dictionary letter: [written letter: cost]]` (from the dictionary's `REP` and `MAP`).
    var letterConfusions: [Unicode.Scalar: [Unicode.Scalar: Float]] = [:]

    /// Whether the language has costs of its own (English, French, German, Spanish): they were
    /// measured on misspelling lists, and hold what its dictionary's tables say.
    private(set) var isMeasured = true

    init(language: String) {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased() ?? ""
        func both(_ a: String, _ b: String, _ cost: Float) -> [(String, String, Float)] {
            [(a, b, cost), (b, a, cost)]
        }
        switch primary {
        case "en":
            multiLetterRules = both("ph", "f", 0.45) + both("ck", "k", 0.45) + both("ck", "c", 0.45)
                + both("x", "ks", 0.5) + both("qu", "kw", 0.5) + both("sc", "s", 0.55) + both("wh", "w", 0.5)
                + both("ce", "se", 0.6) + both("tion", "sion", 0.5) + both("tion", "shun", 0.6)
                + both("ea", "ee", 0.6) + both("ie", "ei", 0.5) + both("ou", "ow", 0.6) + both("ai", "ay", 0.6)
                + both("gh", "f", 0.6) + both("ght", "t", 0.6) + both("ture", "cher", 0.6)
                + both("able", "ible", 0.45) + both("ance", "ence", 0.45) + both("ant", "ent", 0.5)
                + both("er", "or", 0.6) + both("er", "ar", 0.6) + both("or", "ar", 0.6)
            cheapOmissions = ["h": 0.75, "e": 0.7]
        case "fr":
            multiLetterRules = both("œ", "oe", 0.1) + both("æ", "ae", 0.1) + both("eau", "o", 0.5)
                + both("au", "o", 0.5) + both("ph", "f", 0.45) + both("qu", "k", 0.5) + both("qu", "c", 0.6)
                + both("ai", "é", 0.55) + both("ai", "è", 0.5) + both("ai", "ê", 0.5) + both("er", "é", 0.5)
                + both("ez", "é", 0.5) + both("et", "é", 0.6) + both("an", "en", 0.5) + both("am", "em", 0.5)
                + both("in", "ain", 0.5) + both("in", "ein", 0.5) + both("ç", "ss", 0.5) + both("c", "ss", 0.6)
                + both("gu", "g", 0.55) + both("ge", "j", 0.6) + both("th", "t", 0.5) + both("y", "ill", 0.6)
                + both("ent", "e", 0.6)
            cheapOmissions = ["h": 0.55, "s": 0.75, "t": 0.8, "e": 0.7, "x": 0.75]
            cheapInsertions = ["h": 0.6, "s": 0.75, "e": 0.75]
        case "de":
            multiLetterRules = both("ß", "ss", 0.1) + both("ä", "ae", 0.1) + both("ö", "oe", 0.1)
                + both("ü", "ue", 0.1) + both("ie", "i", 0.45) + both("ph", "f", 0.45) + both("th", "t", 0.45)
                + both("tz", "z", 0.45) + both("ck", "k", 0.45) + both("dt", "t", 0.5) + both("chs", "x", 0.5)
                + both("ks", "x", 0.5) + both("ei", "ai", 0.55) + both("äu", "eu", 0.4) + both("v", "w", 0.6)
                + both("qu", "kw", 0.5) + both("ts", "z", 0.5) + [("ß", "s", 0.35)]
                // English loanwords take -ys in the plural (`Partys`, `Hobbys`), which writers
                // spell the English way; and adjectives that have no degrees (`einzig`, `optimal`,
                // `total`) are given a superlative (`einzigste` → `einzige`).
                + [("ys", "ies", 0.3), ("e", "ste", 0.5)]
            // `ß` written for `s` is rare: those who learnt `ß` before 1996 wrote it for `ss`
            // (`laß` is `lass`, not `las`), which `ß`/`ss` covers.
            // No `ch`/`k` nor `rh`/`r` here, although the dictionary's REP table lists them: `ch`
            // sounds as `k` only at the start of loanwords (`Charakter`), and `rh` is `r` only
            // there too (`Rhythmus`); the sound-alike key folds both in that place. A rule here
            // applies anywhere: to `ch` inside words (`verstriken` → `verstrichen`) and to `r·h`
            // across compound parts (`Vorang` → `Vorhang`).
            // `n` before another consonant is barely heard, so often left out (`Rechung`).
            cheapOmissions = ["h": 0.55, "e": 0.75, "n": 0.8]
            cheapInsertions = ["h": 0.6, "e": 0.8]
            // Umlauts are letters of their own, told apart in speech and meaning (`schon`,
            // `schön`): left out less often than an accent, though more often than a vowel.
            accentCost = 0.45
        case "es":
            multiLetterRules = both("ll", "y", 0.4) + both("qu", "k", 0.5) + both("qu", "c", 0.55)
                + both("gu", "g", 0.5) + both("x", "cs", 0.5) + both("cc", "c", 0.45) + both("cc", "x", 0.5)
                + both("ch", "sh", 0.6) + both("rr", "r", 0.45) + both("gü", "gu", 0.3)
                // Irregular verbs conjugated as regular ones: a stem vowel that becomes a
                // diphthong under stress, or the diphthong kept where the stress moves
                // (`descolla` → `descuella`, `encuentraban` → `encontraban`), and the preterite
                // of -ducir (`producio` → `produjo`). As rules of the walk, not checked edits:
                // Wikipedia's validation part 72.5 → 72.8 top-1 (checked edits: 72.5), the same
                // mean time.
                + both("ue", "o", 0.5) + both("ie", "e", 0.5) + [("j", "ci", 0.5)]
            cheapOmissions = ["h": 0.45]
            cheapInsertions = ["h": 0.5]
            // Spanish writers leave a written accent out far more often than they make any other
            // slip (`razon`, `tambien`); adding one where none belongs is rarer. Measured on the
            // read part of the Spanish Wikipedia list (0.1, 0.15, 0.2, 0.3): top-1 71.5 → 72.1,
            // its validation part 69.9 → 70.5.
            accentOmissionCost = 0.15
            // b and v are one sound, and so are c, s and z for most speakers (seseo): written by
            // ear more often than in other languages. Of 0.25, 0.35, 0.45 and 0.6, 0.45 was best
            // on the validation parts of both Spanish lists (LibreOffice's 90.1 → 91.4 top-1).
            soundAlikeCost = 0.45
            soundAlikesAreOneSound = true
        default:
            multiLetterRules = both("ph", "f", 0.5)
            isMeasured = false
        }
    }

    /// Adds the confusions of the dictionary's `REP` and `MAP` tables that the profile lacks, at
    /// `cost`; where the profile names one already, its own cost stands. Lowercase, as the rules
    /// compare lowercase letters.
    mutating func add(_ tables: AffixFile.SuggestionTables, cost: Float) {
        // A `MAP` group is letters that stand for one another, as accents do: a single letter of
        // it costs what an accent costs.
        var pairs: [(meant: String, written: String, cost: Float)] = tables.replacements.map {
            ($0.meant.lowercased(), $0.written.lowercased(), cost)
        }
        for group in tables.maps {
            let members = Set(group.map { $0.lowercased() }).sorted()
            for meant in members {
                for written in members where written != meant {
                    let single = meant.unicodeScalars.count == 1 && written.unicodeScalars.count == 1
                    pairs.append((meant, written, single ? min(accentCost, cost) : cost))
                }
            }
        }
        var known = Set(multiLetterRules.map { [$0.0, $0.1] })
        for (meant, written, cost) in pairs where meant != written && !meant.isEmpty && !written.isEmpty {
            if meant.unicodeScalars.count == 1, written.unicodeScalars.count == 1 {
                let a = meant.unicodeScalars.first!, b = written.unicodeScalars.first!
                letterConfusions[a, default: [:]][b] = min(letterConfusions[a]?[b] ?? cost, cost)
            } else if known.insert([meant, written]).inserted {
                tableRules.append((meant, written, cost))
            }
        }
    }
}
