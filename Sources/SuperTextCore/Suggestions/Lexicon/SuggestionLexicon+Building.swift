import Foundation

extension SuggestionLexicon {
    /// Builds a lexicon from words the dictionary accepts (the caller confirms them: an index
    /// build does so on several threads, `IndexedSuggestionEngine.buildLexicon`).
    ///
    /// - Parameters:
    ///   - words: accepted words in any order, duplicates allowed (dictionary forms and the
    ///     frequency list's words in the case the dictionary accepts).
    ///   - frequencies: corpus counts by lowercase word.
    ///   - phonetics: the language's phonetic key, if it has one.
    ///   - compoundHeads: forms the dictionary allows only as a compound's first or middle part.
    /// - Returns: the lexicon, deterministic for the same words.
    static func build(
        words: some Sequence<String>, frequencies: WordFrequencies, phonetics: PhoneticKey?,
        compoundHeads: [String] = []
    ) -> SuggestionLexicon {
        // Accepted words with their lowercase keys as scalars.
        var seen = Set<String>(minimumCapacity: words.underestimatedCount)
        var accepted: [(key: [Unicode.Scalar], word: String)] = []
        for word in words where seen.insert(word).inserted {
            let key = Array(word.lowercased().unicodeScalars)
            // "Haus-" and "-accessoire" are parts of compounds written apart, not suggestions.
            guard let first = key.first, let last = key.last, !isJoiner(first), !isJoiner(last),
                  key.count <= maximumKeyLength
            else { continue }
            accepted.append((key, word))
        }
        // A capitalised variant of an accepted lowercase word adds nothing: Hunspell accepts
        // "Vida" wherever it accepts "vida", and suggestions take the written word's case.
        let acceptedWords = Set(accepted.map(\.word))
        accepted.removeAll { entry in
            let lowercased = entry.word.lowercased()
            return lowercased != entry.word && acceptedWords.contains(lowercased)
        }
        seen = []

        // The alphabet: the 255 most used letters (ties by scalar value, for determinism).
        // Letters below U+3000 (every alphabet of Hunspell's dictionaries) are counted in an
        // array: hashing each of Italian's 30 million letters took seconds.
        let direct = 0x3000
        var directUses = [Int](repeating: 0, count: direct)
        var uses: [UInt32: Int] = [:]
        for entry in accepted {
            for scalar in entry.key {
                if Int(scalar.value) < direct { directUses[Int(scalar.value)] += 1 } else { uses[scalar.value, default: 0] += 1 }
            }
        }
        for (value, count) in directUses.enumerated() where count > 0 { uses[UInt32(value)] = count }
        let alphabet = uses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(255)
            .compactMap { Unicode.Scalar($0.key) }
        var codeOf: [UInt32: UInt8] = [:]
        var directCode = [Int16](repeating: -1, count: direct)
        for (code, scalar) in alphabet.enumerated() {
            codeOf[scalar.value] = UInt8(code)
            if Int(scalar.value) < direct { directCode[Int(scalar.value)] = Int16(code) }
        }

        var entries: [(key: [UInt8], word: String)] = []
        entries.reserveCapacity(accepted.count)
        for entry in accepted {
            var codes: [UInt8] = []
            codes.reserveCapacity(entry.key.count)
            for scalar in entry.key {
                if Int(scalar.value) < direct {
                    guard directCode[Int(scalar.value)] >= 0 else { break }
                    codes.append(UInt8(directCode[Int(scalar.value)]))
                } else {
                    guard let code = codeOf[scalar.value] else { break }
                    codes.append(code)
                }
            }
            if codes.count == entry.key.count { entries.append((codes, entry.word)) }
        }
        accepted = []
        // One memcmp a comparison: comparing the keys as collections took 3 of Italian's 25 s.
        entries.sort { a, b in
            let order = a.key.withUnsafeBufferPointer { x in
                b.key.withUnsafeBufferPointer { y in
                    let common = memcmp(x.baseAddress!, y.baseAddress!, min(x.count, y.count))
                    return common != 0 ? Int(common) : x.count - y.count
                }
            }
            return order != 0 ? order < 0 : a.word < b.word
        }

        // Keys in sorted order first: the entries of key `k` are `keyFirstEntry[k] ..< keyFirstEntry[k + 1]`.
        var keyFirstEntry: [Int] = []
        var keyOfEntry: [Int32] = []
        keyOfEntry.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if index == 0 || entries[index - 1].key != entry.key {
                keyFirstEntry.append(index)
            }
            keyOfEntry.append(Int32(keyFirstEntry.count - 1))
        }
        keyFirstEntry.append(entries.count)

        // The trie, built from the sorted keys with a stack; a node's children are contiguous.
        var nodeLabel: [UInt8] = [0]
        var nodeFirstChild: [UInt32] = [0]
        var nodeChildCount: [UInt8] = [0]
        var nodeKey: [Int32] = [-1]
        var pending: [(node: Int, low: Int, high: Int, depth: Int)] = [(0, 0, entries.count, 0)]
        while let (node, low, high, depth) = pending.popLast() {
            var start = low
            // Keys that end here sort first in the range; they are all the same key.
            if start < high, entries[start].key.count == depth {
                nodeKey[node] = keyOfEntry[start]
                while start < high, entries[start].key.count == depth { start += 1 }
            }
            nodeFirstChild[node] = UInt32(nodeLabel.count)
            var groups: [(node: Int, low: Int, high: Int)] = []
            var groupStart = start
            while groupStart < high {
                let label = entries[groupStart].key[depth]
                var groupEnd = groupStart + 1
                while groupEnd < high, entries[groupEnd].key[depth] == label { groupEnd += 1 }
                groups.append((nodeLabel.count, groupStart, groupEnd))
                nodeLabel.append(label)
                nodeFirstChild.append(0)
                nodeChildCount.append(0)
                nodeKey.append(-1)
                groupStart = groupEnd
            }
            nodeChildCount[node] = UInt8(groups.count)
            for group in groups.reversed() { pending.append((group.node, group.low, group.high, depth + 1)) }
        }

        // Keys renumbered in the order of their nodes, so that a key is the number of keys
        // ending at the nodes before its own; then the words, grouped by key in that order.
        var wordBytes: [UInt8] = []
        var wordStart: [UInt32] = [0]
        var wordCount: [UInt32] = []
        var keyFirstWord: [UInt32] = []
        wordStart.reserveCapacity(entries.count + 1)
        wordCount.reserveCapacity(entries.count)
        for node in nodeKey.indices where nodeKey[node] >= 0 {
            let sortedKey = Int(nodeKey[node])
            nodeKey[node] = Int32(keyFirstWord.count)
            keyFirstWord.append(UInt32(wordCount.count))
            for entry in entries[keyFirstEntry[sortedKey]..<keyFirstEntry[sortedKey + 1]] {
                wordBytes.append(contentsOf: entry.word.utf8)
                wordStart.append(UInt32(wordBytes.count))
                wordCount.append(frequencies.count(of: entry.word))
            }
        }
        keyFirstWord.append(UInt32(wordCount.count))

        // The sound index. Large lexicons (Spanish verb forms) index only words the frequency
        // list knows, to stay small; sound-alike misspellings are of common words anyway.
        var phoneticEntries: [(hash: UInt32, key: UInt32)] = []
        if let phonetics {
            let everyKey = keyFirstWord.count - 1 <= 300_000
            for key in 0..<(keyFirstWord.count - 1) {
                let first = Int(keyFirstWord[key]), end = Int(keyFirstWord[key + 1])
                guard everyKey || wordCount[first..<end].contains(where: { $0 > 0 }) else { continue }
                let spelling = String(decoding: wordBytes[Int(wordStart[first])..<Int(wordStart[first + 1])], as: UTF8.self)
                let sound = phonetics.key(of: spelling.lowercased())
                guard sound.count >= 2 else { continue }
                for variant in phoneticVariants(of: sound, deletions: phonetics.matchesDeletions) {
                    phoneticEntries.append((hash(variant), UInt32(key)))
                }
            }
            phoneticEntries.sort { ($0.hash, $0.key) < ($1.hash, $1.key) }
        }

        return SuggestionLexicon(
            alphabet: Array(alphabet), nodeLabel: nodeLabel, nodeFirstChild: nodeFirstChild,
            nodeChildCount: nodeChildCount, nodeKey: nodeKey, keyFirstWord: keyFirstWord,
            wordBytes: wordBytes, wordStart: wordStart, wordCount: wordCount,
            phoneticHash: phoneticEntries.map(\.hash), phoneticKey: phoneticEntries.map(\.key),
            compoundHeads: Array(Set(compoundHeads.compactMap { head -> UInt32? in
                var codes: [UInt8] = []
                for scalar in head.lowercased().unicodeScalars {
                    guard let code = codeOf[scalar.value] else { return nil }
                    codes.append(code)
                }
                return codes.count >= 3 ? hash(codes) : nil
            })).sorted()
        )
    }

    /// A hyphen or apostrophe, which may join letters but not start or end a suggestion.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "'" || scalar == "\u{2019}"
    }
}
