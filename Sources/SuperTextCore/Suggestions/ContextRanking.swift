/// Spelling suggestions put in order by the words around the misspelling, where the language has
/// a trigram model (English): "I recieve the letter" and "a recieve" ask for different words
/// among the same candidates, which the suggester ranks by the written word alone.
///
/// The suggester's first suggestion stays first unless another of its first `candidates` makes
/// the word triples around the misspelling `minimumLog10Ratio` likelier (a hundred times): the
/// error model's order is evidence too, and the words around a misspelling are often misspelled
/// themselves. The margin was chosen on the validation part of the development set
/// (docs/suggestions.md).
struct ContextRanking {
    let model: TrigramModel
    /// How many of the suggester's first suggestions may be brought forward.
    static let candidates = 5
    /// How much likelier (log10) a later suggestion must make its context than the first.
    static let minimumLog10Ratio: Float = 2

    /// The words of the token's sentence around it, as the model numbers them: two before (`<s>`
    /// at the sentence's start) and up to two after (none past punctuation, which the model does
    /// not write); nil when no word is on either side (a word alone says nothing of context).
    func window(around word: WordToken, in document: CheckedDocument) -> (before2: TrigramModel.WordID, before1: TrigramModel.WordID, after: [TrigramModel.WordID])? {
        let tokens = document.tokens
        // The text token of the word, and the sentence part holding it.
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) >> 1
            if tokens[middle].byteRange.lowerBound < word.byteRange.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].byteRange == word.byteRange else { return nil }
        // The sentence part holding it, by binary search too: a scan of every part for every
        // misspelling would grow with the square of a long text.
        let parts = document.sentenceTokens
        var first = 0, last = parts.count
        while first < last {
            let middle = (first + last) >> 1
            if parts[middle].upperBound <= low { first = middle + 1 } else { last = middle }
        }
        guard first < parts.count, parts[first].contains(low) else { return nil }
        let part = parts[first]
        /// The model's number of the word at `index`; unknown for punctuation or a number.
        func id(_ index: Int) -> TrigramModel.WordID {
            tokens[index].kind == .word
                ? model.id(of: document.lowercasedTexts[index]) : TrigramModel.unknown
        }
        func previous(_ index: Int) -> Int? { document.previousSignificant(before: index).flatMap { part.contains($0) ? $0 : nil } }
        let previous1 = previous(low), previous2 = previous1.flatMap(previous)
        let before1 = previous1.map(id) ?? model.sentenceStart
        let before2 = previous2.map(id) ?? model.sentenceStart
        var after: [TrigramModel.WordID] = []
        var next = document.nextSignificant(after: low)
        while after.count < 2, let index = next, part.contains(index), tokens[index].kind == .word {
            after.append(id(index))
            next = document.nextSignificant(after: index)
        }
        let knows = { (word: TrigramModel.WordID) in word != TrigramModel.unknown && word != model.sentenceStart }
        guard knows(before1) || after.first.map(knows) == true else { return nil }
        return (before2, before1, after)
    }

    /// `suggestions` with the one that fits the window best first, when it fits far better than
    /// the first; otherwise as they are.
    func ordered(_ suggestions: [String], in window: (before2: TrigramModel.WordID, before1: TrigramModel.WordID, after: [TrigramModel.WordID])) -> [String] {
        guard suggestions.count >= 2 else { return suggestions }
        func score(_ suggestion: String) -> Float? {
            let word = model.id(of: suggestion.lowercased())
            guard word != TrigramModel.unknown else { return nil }
            return model.logProbability(ofWordsAfterTwo: [window.before2, window.before1, word] + window.after)
        }
        guard let first = score(suggestions[0]) else { return suggestions }
        var best: (index: Int, score: Float)?
        for index in 1..<min(Self.candidates, suggestions.count) {
            guard let candidate = score(suggestions[index]), candidate - first >= Self.minimumLog10Ratio,
                  candidate > best?.score ?? -.infinity
            else { continue }
            best = (index, candidate)
        }
        guard let best else { return suggestions }
        var reordered = suggestions
        reordered.insert(reordered.remove(at: best.index), at: 0)
        return reordered
    }
}
