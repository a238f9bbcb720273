/// A word and the word after it, written apart with a space ("Dis lui", not "Dis-lui" or "l’"),
/// in each sentence: where a verb and the pronoun after it may want a hyphen
/// (`FrenchImperativeHyphenRule`, `FrenchInversionHyphenRule`).
enum FrenchVerbPronounPairs {
    /// Calls `visit` with the sentence, the position of the first word, the two words in
    /// lowercase, the first as written, and whether the sentence is a question.
    static func forEach(
        in document: CheckedDocument, context: RuleContext, _ visit: (RuleSentence, Int, String, String, String, Bool) -> Void
    ) {
        for sentence in RuleSentence.all(in: document, context: context) {
            let isQuestion = sentence.texts.last == "?"
            for position in 0..<max(0, sentence.count - 1) where sentence.isWord(position) && sentence.isWord(position + 1) {
                guard document.tokens[sentence.tokens[position + 1]].byteRange.lowerBound
                        > document.tokens[sentence.tokens[position]].byteRange.upperBound
                else { continue }
                visit(sentence, position, sentence.text(position), sentence.text(position + 1), sentence.written(position), isQuestion)
            }
        }
    }
}
