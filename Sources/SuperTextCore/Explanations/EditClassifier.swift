import Foundation

/// Finds the edit that turns a written word into a suggestion.
///
/// Words are compared as `Character`s of their NFC forms. Each test is linear in the length of
/// the words, except the edit distance of `.severalEdits`, which is their product.
enum EditClassifier {
    /// The edit from `written` to `suggestion`.
    ///
    /// The tests run from the most specific to the least: capitalization, accent, split, join and
    /// hyphenation, apostrophe, then one-letter edits, one group of letters for another, then
    /// several edits. Equal words give
    /// `.severalEdits(changeCount: 0)`.
    ///
    /// - Parameters:
    ///   - written: the word as written.
    ///   - suggestion: the suggested word.
    ///   - keyboard: the layout that decides whether a wrong letter is a neighbouring key.
    ///   - soundAlikes: the letters that can sound alike in the text's language.
    static func classify(
        written: String, suggestion: String, keyboard: KeyboardLayout,
        soundAlikes: SoundAlikeLetters = .none
    ) -> SpellingEdit {
        let written = composed(written)
        let suggestion = composed(suggestion)
        let writtenLetters = Array(written)
        let suggestedLetters = Array(suggestion)
        let change =
            capitalization(writtenLetters, suggestedLetters)
            ?? accent(writtenLetters, suggestedLetters)
            ?? splitOrJoin(writtenLetters, suggestedLetters)
            ?? apostrophe(writtenLetters, suggestedLetters)
            ?? oneLetterEdit(writtenLetters, suggestedLetters, keyboard: keyboard, soundAlikes: soundAlikes)
            ?? letterGroup(writtenLetters, suggestedLetters)
            ?? .severalEdits(changeCount: EditDistance.levenshtein(writtenLetters, suggestedLetters))
        return SpellingEdit(written: written, suggestion: suggestion, change: change)
    }

    // MARK: - Capitalization

    static func capitalization(_ written: [Character], _ suggested: [Character]) -> SpellingEdit.Change? {
        guard written.count == suggested.count else { return nil }
        var toCapital: [Character] = []
        var toSmall: [Character] = []
        for (w, s) in zip(written, suggested) where w != s {
            guard w.lowercased() == s.lowercased() else { return nil }
            if s.isUppercase {
                if !toCapital.contains(s) { toCapital.append(s) }
            } else if !toSmall.contains(s) {
                toSmall.append(s)
            }
        }
        if toCapital.isEmpty && toSmall.isEmpty { return nil }
        let letterCount = suggested.filter(\.isLetter).count
        if toSmall.isEmpty, letterCount >= 2, suggested.allSatisfy({ !$0.isLetter || $0.isUppercase }) {
            return .capitalization(.wholeWordCapitals)
        }
        return .capitalization(.letters(toCapital: toCapital, toSmall: toSmall))
    }

    // MARK: - Accent

    static func accent(_ written: [Character], _ suggested: [Character]) -> SpellingEdit.Change? {
        guard written.count == suggested.count else { return nil }
        var changes: [SpellingEdit.AccentChange] = []
        for (w, s) in zip(written, suggested) where w != s {
            guard folded(w, ignoringCase: true) == folded(s, ignoringCase: true) else { return nil }
            let writtenMarks = marks(of: w)
            let suggestedMarks = marks(of: s)
            // Same marks: the letters differ only in case, which the suggestion shows anyway.
            if writtenMarks == suggestedMarks { continue }
            let problem: SpellingEdit.AccentProblem
            if writtenMarks.isEmpty {
                problem = .missing(diacritic(suggestedMarks.first))
            } else if suggestedMarks.isEmpty {
                problem = .extra(diacritic(writtenMarks.first))
            } else {
                let wrong = writtenMarks.first { !suggestedMarks.contains($0) } ?? writtenMarks.first
                let needed = suggestedMarks.first { !writtenMarks.contains($0) } ?? suggestedMarks.first
                problem = .wrong(written: diacritic(wrong), needed: diacritic(needed))
            }
            let letter = folded(s, ignoringCase: false).first ?? s
            changes.append(.init(written: w, suggested: s, letter: letter, problem: problem))
        }
        return changes.isEmpty ? nil : .accent(changes)
    }

    /// The text in Unicode's composed form (NFC); ASCII is already, and Foundation's
    /// normalization was a third of the CPU of explaining a mistake.
    static func composed(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// The letter without diacritics (and in small letters when `ignoringCase`).
    static func folded(_ letter: Character, ignoringCase: Bool) -> String {
        // ASCII has no diacritics: Foundation's folding (a tenth of the CPU of explaining a
        // mistake) is only needed beyond it. A test compares the two on every ASCII character.
        if letter.isASCII { return ignoringCase ? String(letter).lowercased() : String(letter) }
        let options: String.CompareOptions =
            ignoringCase ? [.diacriticInsensitive, .caseInsensitive] : [.diacriticInsensitive]
        return String(letter).folding(options: options, locale: nil)
    }

    /// The combining marks of a letter, in canonical order: `[U+0301]` for `é`, `[]` for `e`.
    static func marks(of letter: Character) -> [Unicode.Scalar] {
        // ASCII letters decompose to themselves (tested with the above).
        if letter.isASCII { return [] }
        let scalars = String(letter).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        return scalars.dropFirst().filter { $0.properties.canonicalCombiningClass != .notReordered }
    }

    /// The name of a combining mark.
    static func diacritic(_ mark: Unicode.Scalar?) -> SpellingEdit.Diacritic {
        switch mark?.value {
        case 0x0301: .acute
        case 0x0300: .grave
        case 0x0302: .circumflex
        case 0x0308: .diaeresis
        case 0x0303: .tilde
        case 0x0327: .cedilla
        case 0x030C: .caron
        case 0x030A: .ring
        default: .other
        }
    }

    // MARK: - Split and join

    static func isWordSeparator(_ character: Character) -> Bool {
        character == " " || character == "-" || character == "\u{2010}"
    }

    /// Spaces or hyphens inserted (split), removed (join) or swapped for each other (hyphenation).
    static func splitOrJoin(_ written: [Character], _ suggested: [Character]) -> SpellingEdit.Change? {
        if suggested.count > written.count,
           let inserted = insertedPositions(from: written, to: suggested),
           inserted.allSatisfy({ isWordSeparator(suggested[$0]) }) {
            return .split(separator(inserted.map { suggested[$0] }))
        }
        if written.count > suggested.count,
           let removed = insertedPositions(from: suggested, to: written),
           removed.allSatisfy({ isWordSeparator(written[$0]) }) {
            return .join(separator(removed.map { written[$0] }))
        }
        if written.count == suggested.count {
            let replaced = written.indices.filter { written[$0] != suggested[$0] }
            guard !replaced.isEmpty,
                  replaced.allSatisfy({ isWordSeparator(written[$0]) && isWordSeparator(suggested[$0]) })
            else { return nil }
            let hyphens = replaced.filter { suggested[$0] != " " }.count
            if hyphens == replaced.count { return .hyphenation(hyphenForSpace: true) }
            if hyphens == 0 { return .hyphenation(hyphenForSpace: false) }
        }
        return nil
    }

    static func separator(_ characters: [Character]) -> SpellingEdit.WordSeparator {
        let hasSpace = characters.contains(" ")
        let hasHyphen = characters.contains { $0 != " " }
        return hasSpace && hasHyphen ? .spaceAndHyphen : hasSpace ? .space : .hyphen
    }

    // MARK: - Apostrophe

    static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}" || character == "\u{02BC}"
    }

    static func apostrophe(_ written: [Character], _ suggested: [Character]) -> SpellingEdit.Change? {
        guard written.filter({ !isApostrophe($0) }) == suggested.filter({ !isApostrophe($0) }) else { return nil }
        if let inserted = insertedPositions(from: written, to: suggested), !inserted.isEmpty {
            guard inserted.count == 1, let position = inserted.first else { return .apostrophe(.misplaced) }
            let after = position > 0 ? suggested[position - 1] : nil
            let before = position + 1 < suggested.count ? suggested[position + 1] : nil
            return .apostrophe(.missing(after: after, before: before))
        }
        if let removed = insertedPositions(from: suggested, to: written), !removed.isEmpty {
            return .apostrophe(.extra)
        }
        return written == suggested ? nil : .apostrophe(.misplaced)
    }

    // MARK: - One-letter edits

    static func oneLetterEdit(
        _ written: [Character], _ suggested: [Character], keyboard: KeyboardLayout,
        soundAlikes: SoundAlikeLetters
    ) -> SpellingEdit.Change? {
        let prefix = zip(written, suggested).prefix { $0 == $1 }.count
        switch suggested.count - written.count {
        case 0:
            let differences = written.indices.filter { written[$0] != suggested[$0] }
            if differences.count == 1, let i = differences.first {
                let relation = SpellingEdit.LetterRelation(
                    keyboardNeighbours: keyboard.areNeighbours(written[i], suggested[i]),
                    soundAlike: soundAlikes.soundAlike(written[i], suggested[i]))
                return .wrongLetter(written: written[i], intended: suggested[i], relation: relation)
            }
            if differences.count == 2, differences[1] == differences[0] + 1 {
                let i = differences[0]
                if written[i] == suggested[i + 1] && written[i + 1] == suggested[i] {
                    return .transposition(first: suggested[i], second: suggested[i + 1])
                }
            }
            return nil
        case 1:
            // After the common prefix, the rest of the written word must follow the inserted letter.
            guard written[prefix...].elementsEqual(suggested[(prefix + 1)...]) else { return nil }
            let letter = suggested[prefix]
            let doubles = prefix > 0 && suggested[prefix - 1] == letter
            return doubles ? .undoubledLetter(letter) : .missingLetter(letter)
        case -1:
            guard written[(prefix + 1)...].elementsEqual(suggested[prefix...]) else { return nil }
            let letter = written[prefix]
            let doubled = prefix > 0 && written[prefix - 1] == letter
            return doubled ? .doubledLetter(letter) : .extraLetter(letter)
        default:
            return nil
        }
    }

    // MARK: - A group of letters

    /// The longest group `letterGroup` reports on either side: a sound's spellings are short
    /// (ß and ss, f and ph, k and ck, ä and ae); longer differences are several changes.
    static let longestLetterGroup = 3

    /// One group of one to three letters written for another with no letter in common, the rest
    /// the same, where one side has two letters or more (one for one is a wrong letter):
    /// Strassen → Straßen.
    static func letterGroup(_ written: [Character], _ suggested: [Character]) -> SpellingEdit.Change? {
        let prefix = zip(written, suggested).prefix { $0 == $1 }.count
        let suffix = zip(written[prefix...].reversed(), suggested[prefix...].reversed()).prefix { $0 == $1 }.count
        let writtenGroup = written[prefix..<(written.count - suffix)]
        let intendedGroup = suggested[prefix..<(suggested.count - suffix)]
        let sizes = 1...longestLetterGroup
        guard sizes.contains(writtenGroup.count), sizes.contains(intendedGroup.count),
              writtenGroup.count + intendedGroup.count >= 3,
              // Letters, not a space or a hyphen moved with them: those are splits and joins.
              (writtenGroup + intendedGroup).allSatisfy(\.isLetter),
              // No letter on both sides: "o" for "com" (acomodate) is two letters left out.
              Set(writtenGroup.map { $0.lowercased() }).isDisjoint(with: intendedGroup.map { $0.lowercased() })
        else { return nil }
        return .letterGroup(written: String(writtenGroup), intended: String(intendedGroup))
    }

    // MARK: - Helpers

    /// The positions in `longer` left over when `shorter` is read as a subsequence of it, or nil
    /// when it is not one.
    static func insertedPositions(from shorter: [Character], to longer: [Character]) -> [Int]? {
        var matched = 0
        var inserted: [Int] = []
        for (position, character) in longer.enumerated() {
            if matched < shorter.count && shorter[matched] == character {
                matched += 1
            } else {
                inserted.append(position)
            }
        }
        return matched == shorter.count ? inserted : nil
    }
}
