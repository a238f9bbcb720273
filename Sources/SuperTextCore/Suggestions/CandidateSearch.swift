/// Finds the lexicon's words within a cost bound of a written word, by walking the trie and
/// keeping one row of the weighted Damerau-Levenshtein table per trie depth (a branch is left as
/// soon as every cell of its row is over the bound).
///
/// One per thread and language: it owns scratch buffers, reused from one search to the next.
final class CandidateSearch {
    /// A lexicon key and its distance from the written word.
    struct Candidate {
        var key: Int
        var cost: Float
    }

    let lexicon: SuggestionLexicon
    let model: SpellingErrorModel
    private let depthLimit = SuggestionLexicon.maximumKeyLength + 1
    private let substitution: UnsafeMutableBufferPointer<Float>
    private let omission: UnsafeMutableBufferPointer<Float>
    private var rows: UnsafeMutableBufferPointer<Float>
    private let path: UnsafeMutableBufferPointer<Int>

    init(lexicon: SuggestionLexicon, model: SpellingErrorModel) {
        self.lexicon = lexicon
        self.model = model
        substitution = .allocate(capacity: model.substitution.count)
        _ = substitution.initialize(from: model.substitution)
        omission = .allocate(capacity: model.omission.count)
        _ = omission.initialize(from: model.omission)
        rows = .allocate(capacity: depthLimit * 32)
        path = .allocate(capacity: depthLimit + 1)
        path.initialize(repeating: -1)
    }

    deinit {
        substitution.deallocate()
        omission.deallocate()
        rows.deallocate()
        path.deallocate()
    }

    /// The keys within `bound` of `input` (letter codes of the lowercased written word).
    func search(_ input: [UInt8], bound: Float) -> [Candidate] {
        guard !input.isEmpty else { return [] }
        let columns = input.count + 1
        if rows.count < depthLimit * columns {
            rows.deallocate()
            rows = .allocate(capacity: depthLimit * columns)
        }
        let insertionCosts = model.insertionCosts(for: input)
        // Row 0: the empty word prefix against each input prefix (all extra letters).
        rows[0] = 0
        for j in 1..<columns { rows[j] = rows[j - 1] + insertionCosts[j - 1] }
        let hits = RuleHits(model: model, input: input)

        var found: [Candidate] = []
        let size = model.size
        let substitution = self.substitution.baseAddress!, omission = self.omission.baseAddress!
        let rows = self.rows.baseAddress!, path = self.path.baseAddress!
        let firstLetterPenalty = model.firstLetterPenalty, doubling = model.doubling
        let transposition = model.transposition
        let inputCount = input.count
        var ruleCells = [Float](repeating: .infinity, count: columns)

        input.withUnsafeBufferPointer { inputBuffer in
        insertionCosts.withUnsafeBufferPointer { insertionBuffer in
        ruleCells.withUnsafeMutableBufferPointer { ruleBuffer in
        hits.letterStart.withUnsafeBufferPointer { letterStart in
        hits.column.withUnsafeBufferPointer { hitColumn in
        hits.wordStart.withUnsafeBufferPointer { hitWordStart in
        hits.wordLength.withUnsafeBufferPointer { hitWordLength in
        hits.inputLength.withUnsafeBufferPointer { hitInputLength in
        hits.cost.withUnsafeBufferPointer { hitCost in
        model.ruleWordLetters.withUnsafeBufferPointer { ruleLetters in
        lexicon.nodeLabel.withUnsafeBufferPointer { labels in
        lexicon.nodeFirstChild.withUnsafeBufferPointer { firstChildren in
        lexicon.nodeChildCount.withUnsafeBufferPointer { childCounts in
        lexicon.nodeKey.withUnsafeBufferPointer { keys in
            let written = inputBuffer.baseAddress!, extra = insertionBuffer.baseAddress!
            let ruleCell = ruleBuffer.baseAddress!

            func visit(_ node: Int, _ depth: Int) {
                let letter = Int(labels[node])
                path[depth - 1] = letter
                let parent = depth >= 2 ? path[depth - 2] : -1
                let above = rows + (depth - 1) * columns, here = above + columns
                var omissionCost = letter == parent ? doubling : omission[letter]
                if depth == 1, letter != parent { omissionCost += firstLetterPenalty }

                // Multi-letter rules whose word side ends with this letter and whose input side
                // ends at some column: their cells, before the row is filled.
                var hasRules = false
                for hit in Int(letterStart[letter])..<Int(letterStart[letter + 1]) {
                    let length = Int(hitWordLength[hit])
                    guard length <= depth else { continue }
                    let wordStart = Int(hitWordStart[hit])
                    var matches = true
                    for offset in 0..<length - 1 where path[depth - length + offset] != Int(ruleLetters[wordStart + offset]) {
                        matches = false
                        break
                    }
                    guard matches else { continue }
                    let j = Int(hitColumn[hit])
                    let origin = rows[(depth - length) * columns + j - Int(hitInputLength[hit])]
                    ruleCell[j] = min(ruleCell[j], origin + hitCost[hit])
                    hasRules = true
                }

                here[0] = above[0] + omissionCost
                var rowMinimum = here[0]
                let substitutionRow = substitution + letter * size
                for j in 1...inputCount {
                    let code = Int(written[j - 1])
                    var substitutionCost = substitutionRow[code]
                    if j == 1, depth == 1, substitutionCost > 0 { substitutionCost += firstLetterPenalty }
                    var best = above[j - 1] + substitutionCost
                    best = min(best, above[j] + omissionCost)
                    best = min(best, here[j - 1] + extra[j - 1])
                    if depth >= 2, j >= 2, code == parent, Int(written[j - 2]) == letter, letter != parent {
                        best = min(best, above[j - 2 - columns] + transposition)
                    }
                    if hasRules {
                        best = min(best, ruleCell[j])
                        ruleCell[j] = .infinity
                    }
                    here[j] = best
                    rowMinimum = min(rowMinimum, best)
                }
                guard rowMinimum <= bound else { return }
                let key = keys[node]
                if key >= 0, here[inputCount] <= bound {
                    found.append(Candidate(key: Int(key), cost: here[inputCount]))
                }
                guard depth < SuggestionLexicon.maximumKeyLength else { return }
                let first = Int(firstChildren[node])
                for child in first..<first + Int(childCounts[node]) {
                    visit(child, depth + 1)
                }
            }

            let first = Int(firstChildren[0])
            for child in first..<first + Int(childCounts[0]) {
                visit(child, 1)
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        return found
    }
}

/// The multi-letter rules that can apply to one written word: each rule whose input side ends
/// at some column of the word, grouped by the last letter of its word side, in flat arrays so
/// the trie walk reads them without reference counting.
private struct RuleHits {
    /// Hits of letter `c` are `letterStart[c] ..< letterStart[c + 1]`.
    var letterStart: [Int32]
    var column: [Int32] = []
    var wordStart: [Int32] = []
    var wordLength: [Int32] = []
    var inputLength: [Int32] = []
    var cost: [Float] = []

    init(model: SpellingErrorModel, input: [UInt8]) {
        letterStart = [Int32](repeating: 0, count: model.size + 1)
        for letter in 0..<model.size {
            letterStart[letter] = Int32(column.count)
            for rule in model.rulesByLastWordLetter[letter] {
                let length = rule.input.count
                guard length <= input.count else { continue }
                for end in length...input.count where input[(end - length)..<end].elementsEqual(rule.input) {
                    column.append(Int32(end))
                    wordStart.append(Int32(rule.wordStart))
                    wordLength.append(Int32(rule.word.count))
                    inputLength.append(Int32(length))
                    cost.append(rule.cost)
                }
            }
        }
        letterStart[model.size] = Int32(column.count)
    }
}
