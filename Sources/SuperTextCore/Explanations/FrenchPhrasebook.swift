/// Every sentence of French explanations.
///
/// Letters and words are quoted « ainsi », with no-break spaces inside the guillemets and before
/// `:` and `;`, as French typography wants. The reader is addressed as « vous ».
struct FrenchPhrasebook: ExplanationPhrasebook {
    /// A no-break space (U+00A0).
    private let nbsp = "\u{00A0}"

    func spellingMessage(written: String, suggestion: String) -> String {
        "Faute d’orthographe possible\(nbsp): \(quoted(written)) → \(quoted(suggestion))."
    }

    var spellingShortMessage: String { "Faute d’orthographe" }

    func unknownWordMessage(_ word: String) -> String {
        "Mot inconnu\(nbsp): \(quoted(word))."
    }

    var unknownWordShortMessage: String { "Mot inconnu" }

    func unknownWordDetail(_ word: String) -> String {
        "Le dictionnaire ne connaît pas \(quoted(word)) et n’a pas de suggestion proche. "
            + "Si le mot est correct, ajoutez-le à votre dictionnaire personnel."
    }

    func unknownNameMessage(_ word: String) -> String {
        "Nom inconnu\(nbsp): \(quoted(word))."
    }

    var unknownNameShortMessage: String { "Nom inconnu" }

    func unknownNameDetail(_ word: String) -> String {
        "\(quoted(word)) commence par une majuscule et n’est pas dans le dictionnaire, et aucun mot connu n’en est une faute probable\(nbsp): "
            + "c’est sans doute un nom (une personne, un lieu, un produit). S’il est écrit comme vous le voulez, ajoutez-le à "
            + "votre dictionnaire personnel et il ne sera plus signalé."
    }

    func repeatedWordMessage(_ word: String) -> String {
        "Mot répété\(nbsp): \(quoted("\(word) \(word)"))."
    }

    var repeatedWordShortMessage: String { "Mot répété" }

    func repeatedWordDetail(_ word: String) -> String {
        "Vous avez écrit \(quoted(word)) deux fois de suite\(nbsp): \(arrow("\(word) \(word)", word))."
    }

    func title(for kind: ExplanationKind) -> String {
        switch kind {
        case .transposition: "Lettres inversées"
        case .missingLetter: "Lettre manquante"
        case .extraLetter: "Lettre en trop"
        case .doubledLetter: "Lettre doublée à tort"
        case .undoubledLetter: "Lettre à doubler"
        case .wrongLetter: "Mauvaise lettre"
        case .capitalization: "Majuscules et minuscules"
        case .accent: "Accent"
        case .split: "En deux mots"
        case .join: "En un seul mot"
        case .apostrophe: "Apostrophe"
        case .repeatedWord: "Mot répété"
        case .unknownWord: "Mot inconnu"
        case .unknownName: "Nom inconnu"
        case .severalEdits: "Plusieurs modifications"
        case .typography: "Typographie"
        case .style: "Style"
        case .grammar: "Grammaire"
        case .confusedWords: "Mots confondus"
        case .punctuation: "Ponctuation"
        case .redundancy: "Redondance"
        }
    }

    func detail(for edit: SpellingEdit) -> String {
        let edited = "\(nbsp): " + arrow(edit.written, edit.suggestion) + "."
        switch edit.change {
        case .capitalization(.wholeWordCapitals):
            return "Écrivez tout le mot en majuscules" + edited
        case .capitalization(.letters(let toCapital, let toSmall)):
            var parts: [String] = []
            if !toCapital.isEmpty {
                parts.append("\(list(toCapital)) en \(toCapital.count == 1 ? "majuscule" : "majuscules")")
            }
            if !toSmall.isEmpty {
                parts.append("\(list(toSmall)) en \(toSmall.count == 1 ? "minuscule" : "minuscules")")
            }
            return "Écrivez \(parts.joined(separator: " et "))" + edited
        case .accent(let changes):
            return sentence(changes.map(accentClause).joined(separator: "\(nbsp); ")) + edited
        case .split(let separator):
            switch separator {
            case .space:
                let wordCount = edit.suggestion.split(separator: " ").count
                return "Cela s’écrit en \(wordCount == 2 ? "deux" : "plusieurs") mots" + edited
            case .hyphen: return "Cela s’écrit avec un trait d’union" + edited
            case .spaceAndHyphen: return "Cela s’écrit en plusieurs mots, avec un trait d’union" + edited
            }
        case .join(let separator):
            let without = switch separator {
            case .space: "sans espace"
            case .hyphen: "sans trait d’union"
            case .spaceAndHyphen: "sans espace ni trait d’union"
            }
            return "Cela s’écrit en un seul mot, \(without)" + edited
        case .hyphenation(let hyphenForSpace):
            return hyphenForSpace
                ? "Cela s’écrit avec un trait d’union, pas une espace" + edited
                : "Cela s’écrit avec une espace, pas un trait d’union" + edited
        case .apostrophe(.missing(let after?, let before?)):
            return "Ajoutez une apostrophe entre \(quoted(after)) et \(quoted(before))" + edited
        case .apostrophe(.missing(let after?, nil)):
            return "Ajoutez une apostrophe après \(quoted(after))" + edited
        case .apostrophe(.missing(nil, let before?)):
            return "Ajoutez une apostrophe avant \(quoted(before))" + edited
        case .apostrophe(.missing(nil, nil)):
            return "Ajoutez une apostrophe" + edited
        case .apostrophe(.extra):
            return "Supprimez l’apostrophe" + edited
        case .apostrophe(.misplaced):
            return "Placez l’apostrophe au bon endroit" + edited
        case .transposition(let first, let second):
            return "Vous avez inversé \(quoted(first)) et \(quoted(second))" + edited
        case .missingLetter(let letter):
            return "Il manque un \(quoted(letter))" + edited
        case .undoubledLetter(let letter):
            return "Doublez le \(quoted(letter)) (\(quoted("\(letter)\(letter)")))" + edited
        case .extraLetter(let letter):
            return "Le \(quoted(letter)) est en trop" + edited
        case .doubledLetter(let letter):
            return "Un seul \(quoted(letter)), pas deux" + edited
        case .wrongLetter(let written, let intended, let relation):
            let pair = "\(quoted(written)) au lieu de \(quoted(intended))"
            switch (relation.keyboardNeighbours, relation.soundAlike) {
            case (true, true):
                return "Vous avez tapé \(pair), la touche voisine, "
                    + "et les deux lettres peuvent se prononcer de la même façon" + edited
            case (true, false):
                return "Vous avez tapé \(pair), la touche voisine sur le clavier" + edited
            case (false, true):
                return "Vous avez écrit \(pair)\(nbsp); "
                    + "les deux lettres peuvent se prononcer de la même façon" + edited
            case (false, false):
                return "Vous avez écrit \(pair)" + edited
            }
        case .letterGroup(let written, let intended):
            return "Vous avez écrit \(quoted(written)) au lieu de \(quoted(intended)), une graphie du son pour une autre" + edited
        case .severalEdits(let changeCount):
            if changeCount <= 1 { return "Un caractère change" + edited }
            return "Plusieurs lettres changent (\(changeCount) modifications)" + edited
        }
    }

    /// « le « e » prend un accent aigu (« é ») »
    private func accentClause(_ change: SpellingEdit.AccentChange) -> String {
        let letter = "le \(quoted(change.letter))"
        switch change.problem {
        case .missing(let diacritic):
            return "\(letter) prend \(name(diacritic).withArticle) (\(quoted(change.suggested)))"
        case .extra(let diacritic):
            return "\(letter) ne prend pas \(name(diacritic).negated) "
                + "(\(quoted(change.suggested)), pas \(quoted(change.written)))"
        case .wrong(let written, let needed):
            return "\(letter) prend \(name(needed).withArticle), pas \(name(written).withArticle) "
                + "(\(quoted(change.suggested)), pas \(quoted(change.written)))"
        }
    }

    /// The diacritic with its indefinite article, and after « ne prend pas ».
    private func name(_ diacritic: SpellingEdit.Diacritic) -> (withArticle: String, negated: String) {
        switch diacritic {
        case .acute: ("un accent aigu", "d’accent aigu")
        case .grave: ("un accent grave", "d’accent grave")
        case .circumflex: ("un accent circonflexe", "d’accent circonflexe")
        case .diaeresis: ("un tréma", "de tréma")
        case .tilde: ("un tilde", "de tilde")
        case .cedilla: ("une cédille", "de cédille")
        case .caron: ("un caron", "de caron")
        case .ring: ("un rond en chef", "de rond en chef")
        case .other: ("un signe diacritique", "de signe diacritique")
        }
    }

    private func quoted(_ text: String) -> String { "«\(nbsp)\(text)\(nbsp)»" }
    private func quoted(_ letter: Character) -> String { quoted(String(letter)) }

    /// « a », « a » et « b », « a », « b » et « c ».
    private func list(_ letters: [Character]) -> String {
        let items = letters.map(quoted)
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " et " + last
    }
}
