/// Every sentence of English explanations.
///
/// Letters and words are quoted with straight single quotes: 'h'.
struct EnglishPhrasebook: ExplanationPhrasebook {
    func spellingMessage(written: String, suggestion: String) -> String {
        "Possible spelling mistake: \(quoted(written)) → \(quoted(suggestion))."
    }

    var spellingShortMessage: String { "Spelling mistake" }

    func unknownWordMessage(_ word: String) -> String {
        "Unknown word: \(quoted(word))."
    }

    var unknownWordShortMessage: String { "Unknown word" }

    func unknownWordDetail(_ word: String) -> String {
        "The dictionary does not know \(quoted(word)) and has no close suggestion. "
            + "If it is right, add it to your personal dictionary."
    }

    func unknownNameMessage(_ word: String) -> String {
        "Unknown name: \(quoted(word))."
    }

    var unknownNameShortMessage: String { "Unknown name" }

    func unknownNameDetail(_ word: String) -> String {
        "\(quoted(word)) starts with a capital and is not in the dictionary, and no word it knows is a likely slip for it: "
            + "it is most likely a name (a person, a place, a product). If it is spelt as you mean it, add it to your "
            + "personal dictionary and it will not be marked again."
    }

    func repeatedWordMessage(_ word: String) -> String {
        "Repeated word: \(quoted("\(word) \(word)"))."
    }

    var repeatedWordShortMessage: String { "Repeated word" }

    func repeatedWordDetail(_ word: String) -> String {
        "You wrote \(quoted(word)) twice in a row: \(arrow("\(word) \(word)", word))."
    }

    func title(for kind: ExplanationKind) -> String {
        switch kind {
        case .transposition: "Swapped letters"
        case .missingLetter: "Missing letter"
        case .extraLetter: "Extra letter"
        case .doubledLetter: "Doubled letter"
        case .undoubledLetter: "Missing double letter"
        case .wrongLetter: "Wrong letter"
        case .capitalization: "Capitalization"
        case .accent: "Accent"
        case .split: "Two words"
        case .join: "One word"
        case .apostrophe: "Apostrophe"
        case .repeatedWord: "Repeated word"
        case .unknownWord: "Unknown word"
        case .unknownName: "Unknown name"
        case .severalEdits: "Several changes"
        case .typography: "Typography"
        case .style: "Style"
        case .grammar: "Grammar"
        case .confusedWords: "Confused words"
        case .punctuation: "Punctuation"
        case .redundancy: "Redundancy"
        }
    }

    func detail(for edit: SpellingEdit) -> String {
        let edited = arrow(edit.written, edit.suggestion)
        switch edit.change {
        case .capitalization(.wholeWordCapitals):
            return "Write the whole word in capital letters: \(edited)."
        case .capitalization(.letters(let toCapital, let toSmall)):
            var parts: [String] = []
            if !toCapital.isEmpty {
                parts.append("\(list(toCapital)) as \(toCapital.count == 1 ? "a capital letter" : "capital letters")")
            }
            if !toSmall.isEmpty {
                parts.append("\(list(toSmall)) as \(toSmall.count == 1 ? "a small letter" : "small letters")")
            }
            return "Write \(parts.joined(separator: " and ")): \(edited)."
        case .accent(let changes):
            return sentence(changes.map(accentClause).joined(separator: "; ")) + ": \(edited)."
        case .split(let separator):
            switch separator {
            case .space:
                let wordCount = edit.suggestion.split(separator: " ").count
                return "Write it as \(wordCount == 2 ? "two" : "separate") words: \(edited)."
            case .hyphen: return "Write it with a hyphen: \(edited)."
            case .spaceAndHyphen: return "Write it as separate words and with a hyphen: \(edited)."
            }
        case .join(let separator):
            let without = switch separator {
            case .space: "no space"
            case .hyphen: "no hyphen"
            case .spaceAndHyphen: "no space or hyphen"
            }
            return "Write it as one word, with \(without): \(edited)."
        case .hyphenation(let hyphenForSpace):
            return hyphenForSpace
                ? "Write it with a hyphen, not a space: \(edited)."
                : "Write it with a space, not a hyphen: \(edited)."
        case .apostrophe(.missing(let after?, let before?)):
            return "Add an apostrophe between \(quoted(after)) and \(quoted(before)): \(edited)."
        case .apostrophe(.missing(let after?, nil)):
            return "Add an apostrophe after \(quoted(after)): \(edited)."
        case .apostrophe(.missing(nil, let before?)):
            return "Add an apostrophe before \(quoted(before)): \(edited)."
        case .apostrophe(.missing(nil, nil)):
            return "Add an apostrophe: \(edited)."
        case .apostrophe(.extra):
            return "Leave out the apostrophe: \(edited)."
        case .apostrophe(.misplaced):
            return "Put the apostrophe where it belongs: \(edited)."
        case .transposition(let first, let second):
            return "You swapped \(quoted(first)) and \(quoted(second)): \(edited)."
        case .missingLetter(let letter):
            return "You left out \(quoted(letter)): \(edited)."
        case .undoubledLetter(let letter):
            return "Write \(quoted(letter)) twice (\(quoted("\(letter)\(letter)"))): \(edited)."
        case .extraLetter(let letter):
            return "Leave out the extra \(quoted(letter)): \(edited)."
        case .doubledLetter(let letter):
            return "One \(quoted(letter)), not two: \(edited)."
        case .wrongLetter(let written, let intended, let relation):
            let pair = "\(quoted(written)) for \(quoted(intended))"
            switch (relation.keyboardNeighbours, relation.soundAlike) {
            case (true, true):
                return "You typed \(pair), its neighbour on the keyboard, and the two can sound the same: \(edited)."
            case (true, false):
                return "You typed \(pair), its neighbour on the keyboard: \(edited)."
            case (false, true):
                return "You wrote \(pair), which can sound the same: \(edited)."
            case (false, false):
                return "You wrote \(pair): \(edited)."
            }
        case .letterGroup(let written, let intended):
            return "You wrote \(quoted(written)) for \(quoted(intended)), one spelling of the sound for another: \(edited)."
        case .severalEdits(let changeCount):
            if changeCount <= 1 { return "One character changes: \(edited)." }
            return "Several letters change (\(changeCount) edits): \(edited)."
        }
    }

    /// "the 'e' takes an acute accent ('é')"
    private func accentClause(_ change: SpellingEdit.AccentChange) -> String {
        let letter = "the \(quoted(change.letter))"
        switch change.problem {
        case .missing(let diacritic):
            return "\(letter) takes \(name(diacritic)) (\(quoted(change.suggested)))"
        case .extra(let diacritic):
            return "\(letter) takes no \(bareName(diacritic)) "
                + "(\(quoted(change.suggested)), not \(quoted(change.written)))"
        case .wrong(let written, let needed):
            return "\(letter) takes \(name(needed)), not \(name(written)) "
                + "(\(quoted(change.suggested)), not \(quoted(change.written)))"
        }
    }

    /// The diacritic with its article: "an acute accent".
    private func name(_ diacritic: SpellingEdit.Diacritic) -> String {
        let bare = bareName(diacritic)
        let article = bare.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(bare)"
    }

    /// The diacritic without article: "acute accent".
    private func bareName(_ diacritic: SpellingEdit.Diacritic) -> String {
        switch diacritic {
        case .acute: "acute accent"
        case .grave: "grave accent"
        case .circumflex: "circumflex"
        case .diaeresis: "diaeresis"
        case .tilde: "tilde"
        case .cedilla: "cedilla"
        case .caron: "caron"
        case .ring: "ring"
        case .other: "diacritic"
        }
    }

    private func quoted(_ text: String) -> String { "'\(text)'" }
    private func quoted(_ letter: Character) -> String { "'\(letter)'" }

    /// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
    private func list(_ letters: [Character]) -> String {
        let items = letters.map(quoted)
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
