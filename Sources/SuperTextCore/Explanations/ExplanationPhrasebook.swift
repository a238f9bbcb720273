/// Every sentence an explanation can show, in one language.
///
/// Each language is one type in one file (`EnglishPhrasebook`, `FrenchPhrasebook`, ...), so a
/// translator reviews a whole language in one place. Details end with the edit itself,
/// `written → suggestion`, and name the letters in the language's quotation marks.
protocol ExplanationPhrasebook: Sendable {
    /// The full-sentence message of a spelling match: "Possible spelling mistake: 'teh' → 'the'."
    func spellingMessage(written: String, suggestion: String) -> String
    /// The short message of a spelling match: "Spelling mistake".
    var spellingShortMessage: String { get }
    /// The full-sentence message of a word the dictionary does not know: "Unknown word: 'Foo'."
    func unknownWordMessage(_ word: String) -> String
    /// The short message of an unknown word: "Unknown word".
    var unknownWordShortMessage: String { get }
    /// The detail of an unknown word, suggesting the personal dictionary.
    func unknownWordDetail(_ word: String) -> String
    /// The full-sentence message of a capitalised word the dictionary does not know:
    /// "Unknown name: 'Artem'."
    func unknownNameMessage(_ word: String) -> String
    /// The short message of an unknown name: "Unknown name".
    var unknownNameShortMessage: String { get }
    /// The detail of an unknown name: why it is probably a name, and the personal dictionary.
    func unknownNameDetail(_ word: String) -> String
    /// The full-sentence message of a repeated word: "Repeated word: 'the the'."
    func repeatedWordMessage(_ word: String) -> String
    /// The short message of a repeated word: "Repeated word".
    var repeatedWordShortMessage: String { get }
    /// The detail of a repeated word: "You wrote 'the' twice in a row: the the → the."
    func repeatedWordDetail(_ word: String) -> String
    /// The title of an explanation of this kind: "Swapped letters".
    func title(for kind: ExplanationKind) -> String
    /// The detail of a spelling edit, naming the letters and ending with `written → suggestion`.
    func detail(for edit: SpellingEdit) -> String
}

extension ExplanationPhrasebook {
    /// The edit as every detail shows it: `teh → the`.
    func arrow(_ written: String, _ suggestion: String) -> String {
        "\(written) → \(suggestion)"
    }

    /// The text with its first character as a capital, for clauses that open a sentence.
    func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
