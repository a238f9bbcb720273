import Foundation

/// Finds the lexicon's words within a cost bound of a written word, by walking the trie and
/// keeping one row of the weighted Damerau-Levenshtein table per trie depth (a branch is left as
/// soon as every cell of its row is over the bound). Also measures the same distance to any
/// given word (sound-alike candidates, which do not come from the walk).
///
/// One per thread and language: it owns scratch buffers, reused from one word to the next.
/// Usage: `prepare(input)` once per written word, then `search(bound:)` and `distance(to:)`.
final class CandidateSearch {
    /// A lexicon key and its distance from the written word.
    struct Candidate {
        var key: Int
        var cost: Float
    }

    let lexicon: SuggestionLexicon
    let model: SpellingErrorModel
    private let depthLimit = SuggestionLexicon.maximumKeyLength + 1
    private let size: Int
    private let substitution: UnsafeMutableBufferPointer<Float>
    private let omission: UnsafeMutableBufferPointer<Float>
    private let consonant: UnsafeMutableBufferPointer<Bool>
    /// The consonants, as a 256-bit set.
    private let consonantBits: (UInt64, UInt64, UInt64, UInt64)
    /// Each depth's smallest cell, kept for a child's move that leaves out its parent's letter.
    private let rowMinimums: UnsafeMutableBufferPointer<Float>
    private let ruleLetters: UnsafeMutableBufferPointer<UInt8>
    private var rows: UnsafeMutableBufferPointer<Float>
    private let path: UnsafeMutableBufferPointer<Int>
    /// The search's walk state, four arrays of `depthLimit + 1` (see `search`).
    private let frames: UnsafeMutableBufferPointer<Int>

    // The written word being worked on, set by `prepare`.
    private var input: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)
    private var insertion: UnsafeMutableBufferPointer<Float> = .allocate(capacity: 64)
    /// `substitution` read along the written word: the cost of writing input letter `j` (1-based)
    /// for word letter `w` is at `[w * widestRow + j]`, so a row's cells read it contiguously.
    private let columnSubstitution: UnsafeMutableBufferPointer<Float>
    /// For each word letter `w`, the columns `j` whose input letter `j - 2` (0-based) is `w`:
    /// the only places a swap ending with `w` can apply. Columns of `w` are
    /// `swapColumns[swapStart[w] ..< swapStart[w + 1]]`.
    private let swapStart: UnsafeMutableBufferPointer<Int32>
    private var swapColumns: UnsafeMutableBufferPointer<Int32> = .allocate(capacity: 64)
    private var inputCount = 0
    /// The distance between two rows in `rows`: the `inputCount + 1` cells and padding, so that
    /// a row is filled eight cells at a time without spilling into the next.
    private var columns = 1
    /// Rows are at most this far apart (`inputCount` at most 64).
    private static let widestRow = 80
    /// The prepared word's rule hits (see `RuleHits`), copied where the walk reads them freely.
    private var hitStart: UnsafeMutableBufferPointer<Int32>
    private var hitEntries: UnsafeMutableBufferPointer<RuleHits.Entry> = .allocate(capacity: 0)
    /// For each input letter `i`, the word letters `w` cheaper than 1 to write as `i`, cheapest
    /// first: `cheapLetters[cheapStart[i] ..< cheapStart[i + 1]]`, with their costs.
    private let cheapStart: [Int]
    private let cheapLetters: [UInt8]
    private let cheapCosts: [Float]
    /// Letters by omission cost, cheapest first, with their costs.
    private let omissionOrder: [(letter: UInt8, cost: Float)]
    /// Per depth, a 256-bit set of the letters whose row at that depth can have a cell within
    /// the bound (see `markViableLetters`).
    private let viable: UnsafeMutableBufferPointer<UInt64>
    /// The letters some multi-letter rule of the prepared word ends with.
    private var ruleLetterBits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// `ln(upper count + countFloor)` for each count byte of `nodeMaxLogCount`, for the
    /// `countFloor` in `bonusFloor` (256 logarithms, computed once rather than per search).
    private var bonus: [Float] = []
    private var bonusFloor: Float = .nan
    /// The written word prepared.
    private var prepared: [UInt8] = []
    /// The word letters whose rows `distance(to:)` left filled, so that the next word with the
    /// same beginning starts below them; emptied by anything else that writes rows.
    private var rowsPath: [UInt8] = []
    /// Which cells of a row's last block of eight are within the word.
    private var lastBlockMask = SIMDMask<SIMD8<Int32>>(repeating: true)

    init(lexicon: SuggestionLexicon, model: SpellingErrorModel) {
        self.lexicon = lexicon
        self.model = model
        size = model.size
        substitution = .allocate(capacity: model.substitution.count)
        _ = substitution.initialize(from: model.substitution)
        omission = .allocate(capacity: model.omission.count)
        _ = omission.initialize(from: model.omission)
        consonant = .allocate(capacity: model.isConsonant.count)
        _ = consonant.initialize(from: model.isConsonant)
        var bits: [UInt64] = [0, 0, 0, 0]
        for letter in model.isConsonant.indices where model.isConsonant[letter] {
            bits[letter >> 6] |= 1 << UInt64(letter & 63)
        }
        consonantBits = (bits[0], bits[1], bits[2], bits[3])
        rowMinimums = .allocate(capacity: depthLimit + 1)
        rowMinimums.initialize(repeating: 0)
        ruleLetters = .allocate(capacity: max(1, model.ruleWordLetters.count))
        _ = ruleLetters.initialize(from: model.ruleWordLetters)
        rows = .allocate(capacity: (depthLimit + 1) * Self.widestRow)
        rows.initialize(repeating: .infinity)
        columnSubstitution = .allocate(capacity: model.size * Self.widestRow)
        columnSubstitution.initialize(repeating: 1)
        swapStart = .allocate(capacity: model.size + 1)
        swapStart.initialize(repeating: 0)
        hitStart = .allocate(capacity: model.size + 1)
        hitStart.initialize(repeating: 0)
        path = .allocate(capacity: depthLimit + 1)
        path.initialize(repeating: -1)
        frames = .allocate(capacity: 4 * (depthLimit + 1))
        frames.initialize(repeating: 0)
        viable = .allocate(capacity: (depthLimit + 2) * 4)
        viable.initialize(repeating: 0)
        var start = [0], letters: [UInt8] = [], costs: [Float] = []
        for written in 0..<size {
            var cheap: [(letter: UInt8, cost: Float)] = []
            for letter in 0..<size where model.substitution[letter * size + written] < 1 {
                cheap.append((UInt8(letter), model.substitution[letter * size + written]))
            }
            cheap.sort { $0.cost != $1.cost ? $0.cost < $1.cost : $0.letter < $1.letter }
            for (letter, cost) in cheap {
                letters.append(letter)
                costs.append(cost)
            }
            start.append(letters.count)
        }
        cheapStart = start
        cheapLetters = letters
        cheapCosts = costs
        var order: [(letter: UInt8, cost: Float)] = []
        for letter in 0..<size { order.append((UInt8(letter), model.omission[letter])) }
        order.sort { $0.cost != $1.cost ? $0.cost < $1.cost : $0.letter < $1.letter }
        omissionOrder = order
    }

    deinit {
        substitution.deallocate()
        omission.deallocate()
        consonant.deallocate()
        rowMinimums.deallocate()
        ruleLetters.deallocate()
        rows.deallocate()
        path.deallocate()
        frames.deallocate()
        input.deallocate()
        insertion.deallocate()
        columnSubstitution.deallocate()
        swapStart.deallocate()
        swapColumns.deallocate()
        hitStart.deallocate()
        hitEntries.deallocate()
        viable.deallocate()
    }

    /// Sets the written word (letter codes of its lowercase form, at most 64).
    func prepare(_ written: [UInt8]) {
        let written = written.prefix(64)
        // The same word again (the suggester prepares before each step): nothing to redo.
        if written.elementsEqual(prepared) { return }
        prepared = Array(written)
        rowsPath.removeAll(keepingCapacity: true)
        inputCount = written.count
        // Cells 1...inputCount are filled in blocks of eight, so each row has room up to the end
        // of its last block.
        columns = (inputCount + 7) / 8 * 8 + 1
        lastBlockMask = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) .< SIMD8(repeating: Int32((inputCount - 1) % 8 + 1))
        _ = input.initialize(from: written)
        let costs = model.insertionCosts(for: Array(written))
        _ = insertion.initialize(from: costs)
        // Row 0: the empty word prefix against each input prefix (all extra letters).
        rows[0] = 0
        for j in 0..<inputCount { rows[j + 1] = rows[j] + costs[j] }
        for letter in 0..<size {
            let from = substitution.baseAddress! + letter * size
            let to = columnSubstitution.baseAddress! + letter * Self.widestRow
            for j in 0..<inputCount { to[j + 1] = from[Int(input[j])] }
        }
        // Swap columns grouped by letter: a counting sort of columns 2...n by input letter j - 2.
        for letter in 0...size { swapStart[letter] = 0 }
        if inputCount >= 2 {
            for j in 2...inputCount { swapStart[Int(input[j - 2]) + 1] += 1 }
        }
        for letter in 0..<size { swapStart[letter + 1] += swapStart[letter] }
        if inputCount >= 2 {
            var next = Array(swapStart[0..<size])
            for j in 2...inputCount {
                let letter = Int(input[j - 2])
                swapColumns[Int(next[letter])] = Int32(j)
                next[letter] += 1
            }
        }
        let hits = RuleHits(model: model, input: Array(written))
        _ = hitStart.initialize(from: hits.letterStart)
        if hitEntries.count < hits.entries.count {
            hitEntries.deallocate()
            hitEntries = .allocate(capacity: hits.entries.count * 2)
        }
        _ = hitEntries.initialize(from: hits.entries)
        var ruleBits: [UInt64] = [0, 0, 0, 0]
        for letter in 0..<size where hits.letterStart[letter] < hits.letterStart[letter + 1] {
            ruleBits[letter >> 6] |= 1 << UInt64(letter & 63)
        }
        ruleLetterBits = (ruleBits[0], ruleBits[1], ruleBits[2], ruleBits[3])
    }

    /// Before the children of a node at depth `depth` (row filled, smallest cell `rowMinimum`)
    /// are visited: marks in `viable` the letters whose row at `depth + 1` can have a cell within
    /// `bound`, so the others are left without filling their row. Exact, never short: a letter
    /// is marked when an omission, a substitution from the row, a swap or a multi-letter rule
    /// could bring it within the bound (a small margin absorbs rounding). Returns false when any
    /// letter could (a cell has a slack of a whole edit), and then marks nothing.
    @inline(__always)
    private func markViableLetters(below depth: Int, rowMinimum: Float, bound: Float) -> Bool {
        let margin: Float = 1e-4
        let verticalSlack = bound - rowMinimum + margin
        if verticalSlack >= 1 { return false }
        let row = rows.baseAddress! + depth * columns, written = input.baseAddress!
        for j in 0..<inputCount where bound - row[j] + margin >= 1 { return false }
        let bits = viable.baseAddress! + (depth + 1) * 4
        bits[0] = ruleLetterBits.0
        bits[1] = ruleLetterBits.1
        bits[2] = ruleLetterBits.2
        bits[3] = ruleLetterBits.3
        @inline(__always) func mark(_ letter: Int) { bits[letter >> 6] |= 1 << UInt64(letter & 63) }
        // Omissions: the cheapest letters; the node's own letter costs `doubling`.
        for (letter, cost) in omissionOrder {
            if cost > verticalSlack { break }
            mark(Int(letter))
        }
        let letter = path[depth - 1]
        if model.doubling <= verticalSlack { mark(letter) }
        // A consonant child left out after a consonant, or before one: reached from this row.
        if model.clusterOmission <= verticalSlack {
            bits[0] |= consonantBits.0
            bits[1] |= consonantBits.1
            bits[2] |= consonantBits.2
            bits[3] |= consonantBits.3
        }
        // A child swapped with its own child: the grandchild's cells from this row.
        if inputCount >= 2 {
            for j in 2...inputCount where bound - row[j - 2] - model.transposition + margin >= 0 {
                mark(Int(written[j - 1]))
            }
        }
        if consonant[letter], model.clusterOmission < 1 {
            // This consonant left out before the child's: the child's cells from the row above.
            let skip = model.clusterOmission + (depth == 1 ? model.firstLetterPenalty : 0)
            let above = row - columns
            for j in 1...inputCount {
                let slack = bound - above[j - 1] - skip + margin
                if slack >= 1 { return false }
                guard slack >= 0 else { continue }
                let code = Int(written[j - 1])
                for index in cheapStart[code]..<cheapStart[code + 1] {
                    if cheapCosts[index] > slack { break }
                    mark(Int(cheapLetters[index]))
                }
            }
        }
        // Substitutions from each cell within the bound.
        for j in 0..<inputCount {
            let slack = bound - row[j] + margin
            guard slack >= 0 else { continue }
            let code = Int(written[j])
            for index in cheapStart[code]..<cheapStart[code + 1] {
                if cheapCosts[index] > slack { break }
                mark(Int(cheapLetters[index]))
            }
        }
        // Swaps: the child's letter is the input letter before one that is this node's.
        if inputCount >= 2 {
            for j in 1..<inputCount where Int(written[j]) == letter && Int(written[j - 1]) != letter {
                mark(Int(written[j - 1]))
            }
        }
        return true
    }

    /// Starts the table row of word depth `depth` (1-based) for word letter `letter`, from the
    /// rows above it and `path` (the word's letters so far): every edit but an extra input letter
    /// (the one that reads the row's own cells to its left). Returns the row's smallest cell,
    /// which that edit cannot lower, so a branch can be left before `finishRow`.
    @inline(__always)
    private func startRow(depth: Int, letter: Int) -> Float {
        let rows = self.rows.baseAddress!, path = self.path.baseAddress!
        path[depth - 1] = letter
        let parent = depth >= 2 ? path[depth - 2] : -1
        let above = rows + (depth - 1) * columns, here = above + columns
        var omissionCost = letter == parent ? model.doubling : omission[letter]
        if depth == 1, letter != parent { omissionCost += model.firstLetterPenalty }
        let clusterOmission = model.clusterOmission
        let inCluster = clusterOmission < 1 && depth >= 2 && letter != parent && consonant[letter] && consonant[parent]
        if inCluster { omissionCost = min(omissionCost, clusterOmission) }
        let inputCount = self.inputCount

        // Substitutions and omissions: independent cells, eight at a time. The last block's
        // cells past the word are computed from padding and left out of the minimum.
        let substitutionColumn = columnSubstitution.baseAddress! + letter * Self.widestRow
        here[0] = above[0] + omissionCost
        let omissions = SIMD8<Float>(repeating: omissionCost)
        var minimums = SIMD8<Float>(repeating: .infinity)
        var j = 1
        while true {
            let diagonal = UnsafeRawPointer(above + j - 1).loadUnaligned(as: SIMD8<Float>.self)
                + UnsafeRawPointer(substitutionColumn + j).loadUnaligned(as: SIMD8<Float>.self)
            let vertical = UnsafeRawPointer(above + j).loadUnaligned(as: SIMD8<Float>.self) + omissions
            let cells = diagonal.replacing(with: vertical, where: vertical .< diagonal)
            UnsafeMutableRawPointer(here + j).storeBytes(of: cells, as: SIMD8<Float>.self)
            if j + 8 > inputCount {
                let inWord = cells.replacing(with: .infinity, where: .!lastBlockMask)
                minimums = minimums.replacing(with: inWord, where: inWord .< minimums)
                break
            }
            minimums = minimums.replacing(with: cells, where: cells .< minimums)
            j += 8
        }
        let halves = minimums.lowHalf.replacing(with: minimums.highHalf, where: minimums.highHalf .< minimums.lowHalf)
        var rowMinimum = min(here[0], min(min(halves[0], halves[1]), min(halves[2], halves[3])))
        // An error in the first letter costs more (never less: the minimum stays a bound); not a
        // slip of spelling, an accent or a letter that sounds alike, as common there as anywhere
        // (`acaros` → `ácaros`, `ecole` → `école`, `sinco` → `cinco`).
        if depth == 1, substitutionColumn[1] > 0, !model.spellingPairs[letter * model.size + Int(input[0])] {
            here[1] = min(above[0] + (substitutionColumn[1] + model.firstLetterPenalty), above[1] + omissionCost)
            rowMinimum = here[0]
            for j in 1...inputCount { rowMinimum = min(rowMinimum, here[j]) }
        }

        // The parent's consonant left out before this one.
        if inCluster {
            let twoAbove = above - columns
            let skip = clusterOmission + (depth == 2 ? model.firstLetterPenalty : 0)
            for j in 1...inputCount {
                let cost = twoAbove[j - 1] + skip + substitutionColumn[j]
                if cost < here[j] {
                    here[j] = cost
                    rowMinimum = min(rowMinimum, cost)
                }
            }
        }

        // Two letters swapped: input letters j - 2, j - 1 are this letter and its parent.
        if depth >= 2, letter != parent {
            let written = input.baseAddress!, twoAbove = above - columns, transposition = model.transposition
            for index in Int(swapStart[letter])..<Int(swapStart[letter + 1]) {
                let j = Int(swapColumns[index])
                guard Int(written[j - 1]) == parent else { continue }
                let cost = twoAbove[j - 2] + transposition
                if cost < here[j] {
                    here[j] = cost
                    rowMinimum = min(rowMinimum, cost)
                }
            }
        }

        // Multi-letter rules whose word side ends with this letter and whose input side ends at
        // some column.
        let firstHit = Int(hitStart[letter]), endHit = Int(hitStart[letter + 1])
        if firstHit < endHit {
            let ruleLetters = self.ruleLetters.baseAddress!, entries = hitEntries.baseAddress!
            for index in firstHit..<endHit {
                let hit = entries[index]
                let length = Int(hit.wordLength)
                guard length <= depth else { continue }
                var matches = true
                for offset in 0..<length - 1
                where path[depth - length + offset] != Int(ruleLetters[Int(hit.wordStart) + offset]) {
                    matches = false
                    break
                }
                guard matches else { continue }
                let j = Int(hit.column)
                let cost = rows[(depth - length) * columns + j - Int(hit.inputLength)] + hit.cost
                if cost < here[j] {
                    here[j] = cost
                    rowMinimum = min(rowMinimum, cost)
                }
            }
        }
        rowMinimums[depth] = rowMinimum
        // Moves of a child that read the row above this one: what is below may be nearer than
        // this row. A consonant's child can leave it out; a child can be swapped with it.
        var reachable = rowMinimum
        if clusterOmission < 1, consonant[letter] {
            let skip = clusterOmission + (depth == 1 ? model.firstLetterPenalty : 0)
            reachable = min(reachable, rowMinimums[depth - 1] + skip)
        }
        if inputCount >= 2 {
            let written = input.baseAddress!
            for j in 2...inputCount where Int(written[j - 1]) == letter {
                reachable = min(reachable, above[j - 2] + model.transposition)
            }
        }
        return reachable
    }

    /// Completes the row `startRow` began: extra input letters, left to right.
    @inline(__always)
    private func finishRow(depth: Int) {
        let here = rows.baseAddress! + depth * columns, extra = insertion.baseAddress!
        for j in 1...inputCount {
            here[j] = min(here[j], here[j - 1] + extra[j - 1])
        }
    }

    /// The distance from the prepared written word to a word (letter codes of its lowercase form).
    /// Words with a common beginning cost only their different ends: the rows of the previous
    /// word's letters are kept.
    func distance(to word: [UInt8]) -> Float {
        guard inputCount > 0 else { return Float(word.count) }
        let depths = min(word.count, depthLimit - 1)
        var shared = 0
        while shared < depths, shared < rowsPath.count, rowsPath[shared] == word[shared] { shared += 1 }
        rowsPath.removeSubrange(shared...)
        for depth in stride(from: shared + 1, through: depths, by: 1) {
            _ = startRow(depth: depth, letter: Int(word[depth - 1]))
            finishRow(depth: depth)
            rowsPath.append(word[depth - 1])
        }
        return rows[depths * columns + inputCount]
    }

    /// The keys within `bound` of the prepared written word that can still rank among the best
    /// `keep` by `ranking`'s score.
    ///
    /// As good keys are found, the score of the `keep`-th best becomes a threshold: a branch
    /// whose smallest distance, with the commonest count below it (`nodeMaxLogCount`), cannot
    /// beat it is left. Children that continue with the written word's next letter are visited
    /// first, so good keys are found early and the threshold tightens soon. The walk stops after
    /// `rows` rows of the table, with what it found by then.
    func search(bound: Float, ranking: SuggestionRanking, keep: Int, rows: Int = .max) -> [Candidate] {
        guard inputCount > 0 else { return [] }
        var rowsLeft = rows
        rowsPath.removeAll(keepingCapacity: true)
        var found: [Candidate] = []
        // The best scores so far, ascending, at most `keep`.
        var best: [Float] = []
        best.reserveCapacity(keep + 1)
        var threshold = Float.infinity
        if bonusFloor != ranking.countFloor {
            bonus = (0...255).map { log(exp(Float($0) / 8) + ranking.countFloor) }
            bonusFloor = ranking.countFloor
        }
        let weight = ranking.editWeight
        lexicon.nodeLabel.withUnsafeBufferPointer { labels in
        lexicon.nodeFirstChild.withUnsafeBufferPointer { firstChildren in
        lexicon.nodeChildCount.withUnsafeBufferPointer { childCounts in
        lexicon.nodeEndsKey.withUnsafeBufferPointer { endsKey in
        lexicon.keysBeforeBlock.withUnsafeBufferPointer { keysBefore in
        lexicon.nodeMaxLogCount.withUnsafeBufferPointer { maxLogCounts in
        bonus.withUnsafeBufferPointer { bonus in
            let rows = self.rows.baseAddress!, written = self.input.baseAddress!, viable = self.viable.baseAddress!
            let inputCount = self.inputCount, columns = self.columns
            // A depth-first walk without recursion: for each depth, the children being visited
            // (`next ..< end`), the one continuing the written word (visited first), and whether
            // `viable` filters the others.
            let next = frames.baseAddress!, end = next + depthLimit + 1, preferred = end + depthLimit + 1
            let filteredFlags = preferred + depthLimit + 1

            @inline(__always) func enter(_ node: Int, depth: Int, filtered: Bool) {
                let first = Int(firstChildren[node]), last = first + Int(childCounts[node])
                next[depth] = first
                end[depth] = last
                filteredFlags[depth] = filtered ? 1 : 0
                preferred[depth] = -1
                if depth <= inputCount {
                    let letter = written[depth - 1]
                    for child in first..<last where labels[child] == letter {
                        preferred[depth] = child
                        break
                    }
                }
            }

            enter(0, depth: 1, filtered: false)
            var depth = 1
            while depth >= 1 {
                // The next child at this depth: the preferred one, then the others in order.
                var node = preferred[depth]
                if node >= 0 {
                    preferred[depth] = -2 - node
                } else {
                    let skipped = -2 - node
                    node = next[depth]
                    let bits = viable + depth * 4, filtered = filteredFlags[depth] != 0
                    while node < end[depth] {
                        let label = Int(labels[node])
                        if node != skipped, !filtered || bits[label >> 6] & (1 << UInt64(label & 63)) != 0 { break }
                        node += 1
                    }
                    guard node < end[depth] else {
                        depth -= 1
                        continue
                    }
                    next[depth] = node + 1
                }

                rowsLeft -= 1
                if rowsLeft < 0 { break }
                let rowMinimum = startRow(depth: depth, letter: Int(labels[node]))
                guard rowMinimum <= bound,
                      weight * rowMinimum - bonus[Int(maxLogCounts[node])] < threshold
                else { continue }
                finishRow(depth: depth)
                let cost = rows[depth * columns + inputCount]
                let keyBits = endsKey[node >> 6], keyBit = UInt64(1) << UInt64(node & 63)
                if keyBits & keyBit != 0, cost <= bound {
                    let key = Int(keysBefore[node >> 6]) + (keyBits & (keyBit - 1)).nonzeroBitCount
                    let score = ranking.score(distance: cost, count: lexicon.mostCommonWord(ofKey: key).count)
                    if score < threshold {
                        found.append(Candidate(key: key, cost: cost))
                        let position = best.firstIndex { $0 > score } ?? best.count
                        best.insert(score, at: position)
                        if best.count > keep { best.removeLast() }
                        if best.count == keep { threshold = best[keep - 1] }
                    }
                }
                guard depth < SuggestionLexicon.maximumKeyLength, childCounts[node] > 0 else { continue }
                let filtered = markViableLetters(below: depth, rowMinimum: rowMinimum, bound: bound)
                depth += 1
                enter(node, depth: depth, filtered: filtered)
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
struct RuleHits {
    struct Entry {
        var column: Int32
        var wordStart: Int32
        var wordLength: Int32
        var inputLength: Int32
        var cost: Float
    }

    /// Hits of letter `c` are `entries[letterStart[c] ..< letterStart[c + 1]]`.
    var letterStart: [Int32] = [0, 0]
    var entries: [Entry] = []

    init() {}

    init(model: SpellingErrorModel, input: [UInt8]) {
        letterStart = [Int32](repeating: 0, count: model.size + 1)
        for letter in 0..<model.size {
            letterStart[letter] = Int32(entries.count)
            for rule in model.rulesByLastWordLetter[letter] {
                let length = rule.input.count
                guard length <= input.count else { continue }
                for end in length...input.count where input[(end - length)..<end].elementsEqual(rule.input) {
                    entries.append(Entry(
                        column: Int32(end), wordStart: Int32(rule.wordStart), wordLength: Int32(rule.word.count),
                        inputLength: Int32(length), cost: rule.cost
                    ))
                }
            }
        }
        letterStart[model.size] = Int32(entries.count)
    }
}
