/// What kind of problem a match reports.
public enum MatchCategory: String, Codable, Sendable, CaseIterable {
    case spelling
    case grammar
    /// A real word used in place of another that sounds or looks alike: their/there, its/it's.
    case confusedWords = "confused_words"
    case punctuation
    case typography
    case style
    /// Words that say the same thing twice: "ATM machine", "return back".
    case redundancy
    /// A capitalised word the dictionary does not know and that is no likely misspelling of a
    /// word it knows: most often a name ("Artem", "Dribbble"), to add to the personal dictionary.
    case name
}

/// One problem found in a text, with its exact position, ranked suggestions and an explanation.
///
/// Positions are in UTF-16 code units of the caller's original text, the unit JavaScript and
/// LanguageTool clients use.
public struct Match: Codable, Sendable, Equatable {
    /// UTF-16 offset of the first code unit of the problem in the original text.
    public var offset: Int
    /// Length of the problem in UTF-16 code units.
    public var length: Int
    /// The text the match covers, exactly as written.
    public var text: String
    /// The kind of problem.
    public var category: MatchCategory
    /// A stable identifier of the rule that found the problem (`SPELLING`, `REPEATED_WORD`, ...).
    public var rule: String
    /// A full sentence describing the problem.
    public var message: String
    /// A few words describing the problem, for tight spaces.
    public var shortMessage: String
    /// Replacements, best first. May be empty.
    public var suggestions: [String]
    /// Why this is a problem and what the edit to the first suggestion is.
    public var explanation: Explanation
    /// The language the text of the match was checked in (`fr` for a French sentence of an
    /// English text). `nil` only in matches stored before languages were reported.
    public var language: String?

    public init(
        offset: Int, length: Int, text: String, category: MatchCategory, rule: String,
        message: String, shortMessage: String, suggestions: [String], explanation: Explanation,
        language: String? = nil
    ) {
        self.language = language
        self.offset = offset
        self.length = length
        self.text = text
        self.category = category
        self.rule = rule
        self.message = message
        self.shortMessage = shortMessage
        self.suggestions = suggestions
        self.explanation = explanation
    }
}

/// An explanation a person can learn from: what kind of edit, a title and a concrete detail.
public struct Explanation: Codable, Sendable, Equatable {
    /// The kind of edit from the written word to the suggestion.
    public var kind: ExplanationKind
    /// A short title ("Swapped letters").
    public var title: String
    /// The concrete detail, naming the letters ("You swapped 'h' and 'e': teh → the.").
    public var detail: String

    public init(kind: ExplanationKind, title: String, detail: String) {
        self.kind = kind
        self.title = title
        self.detail = detail
    }
}

/// The kinds of edit an explanation can describe.
public enum ExplanationKind: String, Codable, Sendable, CaseIterable {
    /// Two neighbouring letters swapped: teh → the.
    case transposition
    /// A letter left out: freind → friend is not this; wich → which is.
    case missingLetter
    /// A letter too many: whitch → which.
    case extraLetter
    /// A letter doubled where one is needed: untill → until.
    case doubledLetter
    /// A single letter where a double is needed: ocasion → occasion.
    case undoubledLetter
    /// One letter written in place of another (keyboard neighbour, similar sound, or other).
    case wrongLetter
    /// Capital where a small letter is needed, or the reverse.
    case capitalization
    /// An accent missing, extra or wrong: ecole → école.
    case accent
    /// Two words written as one: alot → a lot.
    case split
    /// One word written as two, or with a needless hyphen: air-port → airport.
    case join
    /// An apostrophe missing or misplaced: dont → don't.
    case apostrophe
    /// The same word twice in a row.
    case repeatedWord
    /// The dictionary does not know the word and has no good suggestion.
    case unknownWord
    /// A capitalised word the dictionary does not know, most likely a name.
    case unknownName
    /// Several edits at once.
    case severalEdits
    /// A typographic problem (spacing, punctuation).
    case typography
    /// A style problem.
    case style
    /// A grammar problem.
    case grammar
    /// A word confused with another that sounds or looks alike.
    case confusedWords
    /// Missing, doubled or wrong punctuation.
    case punctuation
    /// Words that repeat what others already say.
    case redundancy
}
