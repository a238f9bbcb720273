/// Every sentence of German explanations.
///
/// Letters and words are quoted „so“. The reader is addressed as „Sie“.
struct GermanPhrasebook: ExplanationPhrasebook {
    func spellingMessage(written: String, suggestion: String) -> String {
        "Möglicher Rechtschreibfehler: \(quoted(written)) → \(quoted(suggestion))."
    }

    var spellingShortMessage: String { "Rechtschreibfehler" }

    func unknownWordMessage(_ word: String) -> String {
        "Unbekanntes Wort: \(quoted(word))."
    }

    var unknownWordShortMessage: String { "Unbekanntes Wort" }

    func unknownWordDetail(_ word: String) -> String {
        "Das Wörterbuch kennt \(quoted(word)) nicht und hat keinen passenden Vorschlag. "
            + "Wenn das Wort richtig ist, fügen Sie es Ihrem persönlichen Wörterbuch hinzu."
    }

    func unknownNameMessage(_ word: String) -> String {
        "Unbekannter Name: \(quoted(word))."
    }

    var unknownNameShortMessage: String { "Unbekannter Name" }

    func unknownNameDetail(_ word: String) -> String {
        "\(quoted(word)) beginnt mit einem Großbuchstaben, steht nicht im Wörterbuch und ist kein wahrscheinlicher Tippfehler "
            + "eines bekannten Wortes: Es ist vermutlich ein Name (eine Person, ein Ort, ein Produkt). Wenn er so gemeint ist, "
            + "fügen Sie ihn Ihrem persönlichen Wörterbuch hinzu, dann wird er nicht mehr markiert."
    }

    func repeatedWordMessage(_ word: String) -> String {
        "Wortwiederholung: \(quoted("\(word) \(word)"))."
    }

    var repeatedWordShortMessage: String { "Wortwiederholung" }

    func repeatedWordDetail(_ word: String) -> String {
        "Sie haben \(quoted(word)) zweimal hintereinander geschrieben: \(arrow("\(word) \(word)", word))."
    }

    func title(for kind: ExplanationKind) -> String {
        switch kind {
        case .transposition: "Vertauschte Buchstaben"
        case .missingLetter: "Fehlender Buchstabe"
        case .extraLetter: "Überflüssiger Buchstabe"
        case .doubledLetter: "Unnötig verdoppelter Buchstabe"
        case .undoubledLetter: "Fehlende Verdopplung"
        case .wrongLetter: "Falscher Buchstabe"
        case .capitalization: "Groß- und Kleinschreibung"
        case .accent: "Akzent oder Umlaut"
        case .split: "Getrenntschreibung"
        case .join: "Zusammenschreibung"
        case .apostrophe: "Apostroph"
        case .repeatedWord: "Wortwiederholung"
        case .unknownWord: "Unbekanntes Wort"
        case .unknownName: "Unbekannter Name"
        case .severalEdits: "Mehrere Änderungen"
        case .typography: "Typografie"
        case .style: "Stil"
        case .grammar: "Grammatik"
        case .confusedWords: "Verwechselte Wörter"
        case .punctuation: "Zeichensetzung"
        case .redundancy: "Doppelt gemoppelt"
        }
    }

    func detail(for edit: SpellingEdit) -> String {
        let edited = ": " + arrow(edit.written, edit.suggestion) + "."
        switch edit.change {
        case .capitalization(.wholeWordCapitals):
            return "Schreiben Sie das ganze Wort in Großbuchstaben" + edited
        case .capitalization(.letters(let toCapital, let toSmall)):
            var parts: [String] = []
            if !toCapital.isEmpty { parts.append("\(list(toCapital)) als Großbuchstaben") }
            if !toSmall.isEmpty { parts.append("\(list(toSmall)) als Kleinbuchstaben") }
            return "Schreiben Sie \(parts.joined(separator: " und "))" + edited
        case .accent(let changes):
            return sentence(changes.map(accentClause).joined(separator: "; ")) + edited
        case .split(let separator):
            switch separator {
            case .space: return "Schreiben Sie es getrennt" + edited
            case .hyphen: return "Schreiben Sie es mit Bindestrich" + edited
            case .spaceAndHyphen: return "Schreiben Sie es getrennt und mit Bindestrich" + edited
            }
        case .join(let separator):
            let without = switch separator {
            case .space: "ohne Leerzeichen"
            case .hyphen: "ohne Bindestrich"
            case .spaceAndHyphen: "ohne Leerzeichen und Bindestrich"
            }
            return "Schreiben Sie es zusammen, \(without)" + edited
        case .hyphenation(let hyphenForSpace):
            return hyphenForSpace
                ? "Schreiben Sie es mit Bindestrich statt Leerzeichen" + edited
                : "Schreiben Sie es mit Leerzeichen statt Bindestrich" + edited
        case .apostrophe(.missing(let after?, let before?)):
            return "Setzen Sie einen Apostroph zwischen \(quoted(after)) und \(quoted(before))" + edited
        case .apostrophe(.missing(let after?, nil)):
            return "Setzen Sie einen Apostroph nach \(quoted(after))" + edited
        case .apostrophe(.missing(nil, let before?)):
            return "Setzen Sie einen Apostroph vor \(quoted(before))" + edited
        case .apostrophe(.missing(nil, nil)):
            return "Setzen Sie einen Apostroph" + edited
        case .apostrophe(.extra):
            return "Lassen Sie den Apostroph weg" + edited
        case .apostrophe(.misplaced):
            return "Setzen Sie den Apostroph an die richtige Stelle" + edited
        case .transposition(let first, let second):
            return "Sie haben \(quoted(first)) und \(quoted(second)) vertauscht" + edited
        case .missingLetter(let letter):
            return "Hier fehlt ein \(quoted(letter))" + edited
        case .undoubledLetter(let letter):
            return "Verdoppeln Sie das \(quoted(letter)) (\(quoted("\(letter)\(letter)")))" + edited
        case .extraLetter(let letter):
            return "Das \(quoted(letter)) ist überflüssig" + edited
        case .doubledLetter(let letter):
            return "Nur ein \(quoted(letter)), nicht zwei" + edited
        case .wrongLetter(let written, let intended, let relation):
            let pair = "\(quoted(written)) statt \(quoted(intended))"
            switch (relation.keyboardNeighbours, relation.soundAlike) {
            case (true, true):
                return "Sie haben \(pair) getippt "
                    + "(Nachbartasten; beide Buchstaben können auch gleich klingen)" + edited
            case (true, false):
                return "Sie haben \(pair) getippt (Nachbartasten auf der Tastatur)" + edited
            case (false, true):
                return "Sie haben \(pair) geschrieben (beide können gleich klingen)" + edited
            case (false, false):
                return "Sie haben \(pair) geschrieben" + edited
            }
        case .letterGroup(let written, let intended):
            return "Sie haben \(quoted(written)) statt \(quoted(intended)) geschrieben, eine Schreibung des Lauts für eine andere" + edited
        case .severalEdits(let changeCount):
            if changeCount <= 1 { return "Ein Zeichen ändert sich" + edited }
            return "Mehrere Buchstaben ändern sich (\(changeCount) Änderungen)" + edited
        }
    }

    /// „das „e“ bekommt einen Akut („é“)“; „das „u“ wird zum Umlaut („ü“)“.
    private func accentClause(_ change: SpellingEdit.AccentChange) -> String {
        let letter = "das \(quoted(change.letter))"
        let isUmlautVowel = "aou".contains(change.letter.lowercased())
        switch change.problem {
        case .missing(.diaeresis) where isUmlautVowel:
            return "\(letter) wird zum Umlaut (\(quoted(change.suggested)))"
        case .extra(.diaeresis) where isUmlautVowel:
            return "\(letter) ist hier kein Umlaut (\(quoted(change.suggested)), nicht \(quoted(change.written)))"
        case .missing(let diacritic):
            return "\(letter) bekommt \(name(diacritic).withArticle) (\(quoted(change.suggested)))"
        case .extra(let diacritic):
            return "\(letter) hat \(name(diacritic).negated) "
                + "(\(quoted(change.suggested)), nicht \(quoted(change.written)))"
        case .wrong(let written, let needed):
            return "\(letter) bekommt \(name(needed).withArticle), \(name(written).negated) "
                + "(\(quoted(change.suggested)), nicht \(quoted(change.written)))"
        }
    }

    /// The diacritic in the accusative, with „ein“ and with „kein“.
    private func name(_ diacritic: SpellingEdit.Diacritic) -> (withArticle: String, negated: String) {
        switch diacritic {
        case .acute: ("einen Akut", "keinen Akut")
        case .grave: ("einen Gravis", "keinen Gravis")
        case .circumflex: ("einen Zirkumflex", "keinen Zirkumflex")
        case .diaeresis: ("ein Trema", "kein Trema")
        case .tilde: ("eine Tilde", "keine Tilde")
        case .cedilla: ("eine Cedille", "keine Cedille")
        case .caron: ("einen Hatschek", "keinen Hatschek")
        case .ring: ("einen Ring", "keinen Ring")
        case .other: ("ein diakritisches Zeichen", "kein diakritisches Zeichen")
        }
    }

    private func quoted(_ text: String) -> String { "„\(text)“" }
    private func quoted(_ letter: Character) -> String { quoted(String(letter)) }

    /// „a“, „a“ und „b“, „a“, „b“ und „c“.
    private func list(_ letters: [Character]) -> String {
        let items = letters.map(quoted)
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " und " + last
    }
}
