/// The edit from a written word to a suggestion, with the letters it involves.
///
/// `EditClassifier` finds it; a phrasebook turns it into a sentence. Both words are in NFC, and
/// letters are their `Character`s, as the suggestion writes them unless said otherwise.
struct SpellingEdit: Equatable, Sendable {
    /// The word as written (NFC).
    var written: String
    /// The suggested word (NFC).
    var suggestion: String
    /// What changed, with the letters involved.
    var change: Change

    /// The kind of edit, as explanations report it.
    var kind: ExplanationKind {
        switch change {
        case .capitalization: .capitalization
        case .accent: .accent
        case .split: .split
        case .join: .join
        case .hyphenation(let hyphenForSpace): hyphenForSpace ? .join : .split
        case .apostrophe: .apostrophe
        case .transposition: .transposition
        case .missingLetter: .missingLetter
        case .undoubledLetter: .undoubledLetter
        case .extraLetter: .extraLetter
        case .doubledLetter: .doubledLetter
        case .wrongLetter, .letterGroup: .wrongLetter
        case .severalEdits: .severalEdits
        }
    }
}

extension SpellingEdit {
    /// What changed from the written word to the suggestion.
    enum Change: Equatable, Sendable {
        /// Only the case of some letters differs: paris → Paris.
        case capitalization(CaseChange)
        /// Only diacritics differ (and maybe case): ecole → école. One entry per changed letter.
        case accent([AccentChange])
        /// Spaces or hyphens inserted: alot → a lot, email → e-mail.
        case split(WordSeparator)
        /// Spaces or hyphens removed: air-port → airport.
        case join(WordSeparator)
        /// Hyphens in place of spaces (well known → well-known, reported as `.join`), or spaces
        /// in place of hyphens (reported as `.split`).
        case hyphenation(hyphenForSpace: Bool)
        /// Only apostrophes differ: dont → don't.
        case apostrophe(ApostropheChange)
        /// Two adjacent letters swapped; `first` and `second` in the suggestion's order: teh → the
        /// is `first: "h", second: "e"`.
        case transposition(first: Character, second: Character)
        /// One letter left out that does not double its neighbour: wich → which.
        case missingLetter(Character)
        /// One letter left out that doubles its neighbour: ocasion → occasion.
        case undoubledLetter(Character)
        /// One letter too many that does not double its neighbour: whitch → which.
        case extraLetter(Character)
        /// One letter written twice where it is single: untill → until.
        case doubledLetter(Character)
        /// One letter written in place of another: thr → the.
        case wrongLetter(written: Character, intended: Character, relation: LetterRelation)
        /// A short group of letters written in place of another, the rest of the word the same:
        /// Strassen → Straßen (`ss` for `ß`), Kongreß → Kongress, Fotograph → Fotograf. Reported
        /// as a wrong letter: one spelling of a sound for another, a single change.
        case letterGroup(written: String, intended: String)
        /// Anything else; `changeCount` is the edit distance (insertions, deletions, substitutions).
        case severalEdits(changeCount: Int)
    }

    /// Which letters change case.
    enum CaseChange: Equatable, Sendable {
        /// The whole word in capitals: nasa → NASA.
        case wholeWordCapitals
        /// These letters (each once, in order) become capitals or small letters.
        case letters(toCapital: [Character], toSmall: [Character])
    }

    /// One letter whose diacritic changes.
    struct AccentChange: Equatable, Sendable {
        /// The letter as written: `e` in ecole.
        var written: Character
        /// The letter as the suggestion writes it: `é` in école.
        var suggested: Character
        /// The suggested letter without its diacritic: `e`.
        var letter: Character
        /// Missing, extra or wrong diacritic.
        var problem: AccentProblem
    }

    /// What is wrong with a letter's diacritic.
    enum AccentProblem: Equatable, Sendable {
        /// The suggestion has a diacritic the written letter lacks.
        case missing(Diacritic)
        /// The written letter has a diacritic the suggestion lacks.
        case extra(Diacritic)
        /// Both have diacritics, different ones.
        case wrong(written: Diacritic, needed: Diacritic)
    }

    /// The diacritics explanations name; others are `.other`.
    enum Diacritic: Equatable, Sendable {
        case acute, grave, circumflex, diaeresis, tilde, cedilla, caron, ring, other
    }

    /// The separators a split inserts or a join removes.
    enum WordSeparator: Equatable, Sendable {
        case space, hyphen, spaceAndHyphen
    }

    /// How the apostrophes differ.
    enum ApostropheChange: Equatable, Sendable {
        /// One apostrophe to add, between the letters `after` and `before` (nil at either end of
        /// the word): dont → don't is `after: "n", before: "t"`.
        case missing(after: Character?, before: Character?)
        /// Apostrophes to leave out: it's → its.
        case extra
        /// Apostrophes in other places, or several to add: do'nt → don't.
        case misplaced
    }

    /// How a wrong letter relates to the intended one.
    struct LetterRelation: Equatable, Sendable {
        /// The two keys touch on the keyboard layout of the text's language.
        var keyboardNeighbours: Bool
        /// The two letters can sound alike in the text's language.
        var soundAlike: Bool
    }
}
