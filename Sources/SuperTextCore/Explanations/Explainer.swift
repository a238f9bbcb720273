/// Explains matches in one explanation language.
///
/// ```swift
/// let explainer = Explainer(language: .en, textLanguage: "en-US")
/// explainer.spelling(written: "teh", suggestion: "the").explanation.detail
/// // "You swapped 'h' and 'e': teh → the."
/// ```
public struct Explainer: Sendable {
    /// The sentences of the explanation language.
    let phrasebook: any ExplanationPhrasebook
    /// The keyboard the text was most likely typed on, for "keyboard neighbour".
    let keyboard: EditClassifier.KeyboardLayout
    /// Letters that can sound alike in the text's language, for "sounds alike".
    let soundAlikes: EditClassifier.SoundAlikeLetters

    /// Makes an explainer.
    ///
    /// - Parameters:
    ///   - language: the language explanations are written in.
    ///   - textLanguage: BCP 47 code of the checked text (`en-US`, `fr`, `de-DE`, `es-ES`), which picks the
    ///     keyboard layout for "keyboard neighbour": QWERTY (en, es, others), AZERTY (fr), QWERTZ (de),
    ///     and the letters that can sound alike in that language.
    public init(language: ExplanationLanguage, textLanguage: String) {
        self.phrasebook = Self.phrasebook(for: language)
        self.keyboard = EditClassifier.KeyboardLayout(textLanguage: textLanguage)
        self.soundAlikes = EditClassifier.SoundAlikeLetters(textLanguage: textLanguage)
    }

    /// A misspelled word and its best suggestion (nil: the dictionary has no good suggestion → kind
    /// .unknownWord, suggest adding it to the personal dictionary).
    ///
    /// - Parameters:
    ///   - written: the word as written in the text.
    ///   - suggestion: the dictionary's best suggestion, or `nil` when it has none. An empty
    ///     suggestion, or one equal to the written word, counts as none.
    /// - Returns: the message, short message and explanation of the edit to the suggestion.
    public func spelling(written: String, suggestion: String?) -> MatchText {
        guard let suggestion, !suggestion.isEmpty, suggestion != written else {
            return MatchText(
                message: phrasebook.unknownWordMessage(written),
                shortMessage: phrasebook.unknownWordShortMessage,
                explanation: Explanation(
                    kind: .unknownWord,
                    title: phrasebook.title(for: .unknownWord),
                    detail: phrasebook.unknownWordDetail(written)))
        }
        let edit = EditClassifier.classify(
            written: written, suggestion: suggestion, keyboard: keyboard, soundAlikes: soundAlikes)
        return MatchText(
            message: phrasebook.spellingMessage(written: edit.written, suggestion: edit.suggestion),
            shortMessage: phrasebook.spellingShortMessage,
            explanation: Explanation(
                kind: edit.kind,
                title: phrasebook.title(for: edit.kind),
                detail: phrasebook.detail(for: edit)))
    }

    /// A capitalised word the dictionary does not know and that is no likely slip for a word it
    /// knows: most likely a name.
    public func unknownName(_ written: String) -> MatchText {
        MatchText(
            message: phrasebook.unknownNameMessage(written),
            shortMessage: phrasebook.unknownNameShortMessage,
            explanation: Explanation(
                kind: .unknownName,
                title: phrasebook.title(for: .unknownName),
                detail: phrasebook.unknownNameDetail(written)))
    }

    /// The same word twice in a row ("the the").
    ///
    /// - Parameter word: the repeated word, as written the second time.
    /// - Returns: the message, short message and explanation of the repetition.
    public func repeatedWord(_ word: String) -> MatchText {
        MatchText(
            message: phrasebook.repeatedWordMessage(word),
            shortMessage: phrasebook.repeatedWordShortMessage,
            explanation: Explanation(
                kind: .repeatedWord,
                title: phrasebook.title(for: .repeatedWord),
                detail: phrasebook.repeatedWordDetail(word)))
    }

    /// The phrasebook of one explanation language.
    static func phrasebook(for language: ExplanationLanguage) -> any ExplanationPhrasebook {
        switch language {
        case .en: EnglishPhrasebook()
        case .fr: FrenchPhrasebook()
        case .de: GermanPhrasebook()
        case .es: SpanishPhrasebook()
        }
    }
}
