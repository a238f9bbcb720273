/// Every sentence of Spanish explanations.
///
/// Letters and words are quoted «así». The reader is addressed as «tú». Letters take the
/// feminine article, as in «la h».
struct SpanishPhrasebook: ExplanationPhrasebook {
    func spellingMessage(written: String, suggestion: String) -> String {
        "Posible error ortográfico: \(quoted(written)) → \(quoted(suggestion))."
    }

    var spellingShortMessage: String { "Error ortográfico" }

    func unknownWordMessage(_ word: String) -> String {
        "Palabra desconocida: \(quoted(word))."
    }

    var unknownWordShortMessage: String { "Palabra desconocida" }

    func unknownWordDetail(_ word: String) -> String {
        "El diccionario no conoce \(quoted(word)) y no tiene ninguna sugerencia parecida. "
            + "Si la palabra es correcta, añádela a tu diccionario personal."
    }

    func unknownNameMessage(_ word: String) -> String {
        "Nombre desconocido: \(quoted(word))."
    }

    var unknownNameShortMessage: String { "Nombre desconocido" }

    func unknownNameDetail(_ word: String) -> String {
        "\(quoted(word)) empieza por mayúscula, no está en el diccionario y no es un error probable de ninguna palabra conocida: "
            + "seguramente es un nombre (una persona, un lugar, un producto). Si está escrito como quieres, añádelo a tu "
            + "diccionario personal y no se volverá a marcar."
    }

    func repeatedWordMessage(_ word: String) -> String {
        "Palabra repetida: \(quoted("\(word) \(word)"))."
    }

    var repeatedWordShortMessage: String { "Palabra repetida" }

    func repeatedWordDetail(_ word: String) -> String {
        "Has escrito \(quoted(word)) dos veces seguidas: \(arrow("\(word) \(word)", word))."
    }

    func title(for kind: ExplanationKind) -> String {
        switch kind {
        case .transposition: "Letras intercambiadas"
        case .missingLetter: "Falta una letra"
        case .extraLetter: "Letra sobrante"
        case .doubledLetter: "Letra duplicada"
        case .undoubledLetter: "Letra sin duplicar"
        case .wrongLetter: "Letra equivocada"
        case .capitalization: "Mayúsculas y minúsculas"
        case .accent: "Tilde"
        case .split: "Dos palabras"
        case .join: "Una sola palabra"
        case .apostrophe: "Apóstrofo"
        case .repeatedWord: "Palabra repetida"
        case .unknownWord: "Palabra desconocida"
        case .unknownName: "Nombre desconocido"
        case .severalEdits: "Varios cambios"
        case .typography: "Tipografía"
        case .style: "Estilo"
        case .grammar: "Gramática"
        case .confusedWords: "Palabras confundidas"
        case .punctuation: "Puntuación"
        case .redundancy: "Redundancia"
        }
    }

    func detail(for edit: SpellingEdit) -> String {
        let edited = ": " + arrow(edit.written, edit.suggestion) + "."
        switch edit.change {
        case .capitalization(.wholeWordCapitals):
            return "Escribe toda la palabra en mayúsculas" + edited
        case .capitalization(.letters(let toCapital, let toSmall)):
            var parts: [String] = []
            if !toCapital.isEmpty { parts.append("\(list(toCapital)) con mayúscula") }
            if !toSmall.isEmpty { parts.append("\(list(toSmall)) con minúscula") }
            return "Escribe \(parts.joined(separator: " y "))" + edited
        case .accent(let changes):
            return sentence(changes.map(accentClause).joined(separator: "; ")) + edited
        case .split(let separator):
            switch separator {
            case .space:
                let wordCount = edit.suggestion.split(separator: " ").count
                return "Se escribe en \(wordCount == 2 ? "dos" : "varias") palabras" + edited
            case .hyphen: return "Se escribe con guion" + edited
            case .spaceAndHyphen: return "Se escribe en varias palabras y con guion" + edited
            }
        case .join(let separator):
            let without = switch separator {
            case .space: "sin espacio"
            case .hyphen: "sin guion"
            case .spaceAndHyphen: "sin espacio ni guion"
            }
            return "Se escribe en una sola palabra, \(without)" + edited
        case .hyphenation(let hyphenForSpace):
            return hyphenForSpace
                ? "Se escribe con guion, no con espacio" + edited
                : "Se escribe con espacio, no con guion" + edited
        case .apostrophe(.missing(let after?, let before?)):
            return "Añade un apóstrofo entre \(letter(after)) y \(letter(before))" + edited
        case .apostrophe(.missing(let after?, nil)):
            return "Añade un apóstrofo después de \(letter(after))" + edited
        case .apostrophe(.missing(nil, let before?)):
            return "Añade un apóstrofo antes de \(letter(before))" + edited
        case .apostrophe(.missing(nil, nil)):
            return "Añade un apóstrofo" + edited
        case .apostrophe(.extra):
            return "Quita el apóstrofo" + edited
        case .apostrophe(.misplaced):
            return "Pon el apóstrofo en su sitio" + edited
        case .transposition(let first, let second):
            return "Has intercambiado \(letter(first)) y \(letter(second))" + edited
        case .missingLetter(let missing):
            return "Falta una \(quoted(missing))" + edited
        case .undoubledLetter(let doubled):
            return "Duplica \(letter(doubled)) (\(quoted("\(doubled)\(doubled)")))" + edited
        case .extraLetter(let extra):
            return "Sobra \(letter(extra))" + edited
        case .doubledLetter(let doubled):
            return "Una sola \(quoted(doubled)), no dos" + edited
        case .wrongLetter(let written, let intended, let relation):
            let pair = "\(quoted(written)) en lugar de \(quoted(intended))"
            switch (relation.keyboardNeighbours, relation.soundAlike) {
            case (true, true):
                return "Has tecleado \(pair) (teclas vecinas; además, las dos letras pueden sonar igual)" + edited
            case (true, false):
                return "Has tecleado \(pair) (teclas vecinas en el teclado)" + edited
            case (false, true):
                return "Has escrito \(pair) (las dos letras pueden sonar igual)" + edited
            case (false, false):
                return "Has escrito \(pair)" + edited
            }
        case .letterGroup(let written, let intended):
            return "Has escrito \(quoted(written)) en lugar de \(quoted(intended)), una grafía del sonido por otra" + edited
        case .severalEdits(let changeCount):
            if changeCount <= 1 { return "Cambia un carácter" + edited }
            return "Cambian varias letras (\(changeCount) cambios)" + edited
        }
    }

    /// «la «e» lleva tilde («é»)»
    private func accentClause(_ change: SpellingEdit.AccentChange) -> String {
        let base = letter(change.letter)
        switch change.problem {
        case .missing(let diacritic):
            return "\(base) lleva \(name(diacritic)) (\(quoted(change.suggested)))"
        case .extra(let diacritic):
            return "\(base) no lleva \(name(diacritic)) (\(quoted(change.suggested)), no \(quoted(change.written)))"
        case .wrong(let written, let needed):
            return "\(base) lleva \(name(needed)), no \(name(written)) "
                + "(\(quoted(change.suggested)), no \(quoted(change.written)))"
        }
    }

    /// The diacritic as it follows «lleva»: «lleva tilde», «lleva diéresis».
    private func name(_ diacritic: SpellingEdit.Diacritic) -> String {
        switch diacritic {
        case .acute: "tilde"
        case .grave: "acento grave"
        case .circumflex: "acento circunflejo"
        case .diaeresis: "diéresis"
        case .tilde: "virgulilla"
        case .cedilla: "cedilla"
        case .caron: "carón"
        case .ring: "anillo"
        case .other: "signo diacrítico"
        }
    }

    private func quoted(_ text: String) -> String { "«\(text)»" }
    private func quoted(_ letter: Character) -> String { quoted(String(letter)) }

    /// A letter with its article: «la «h»».
    private func letter(_ letter: Character) -> String { "la \(quoted(letter))" }

    /// la «a», la «a» y la «b», la «a», la «b» y la «c».
    private func list(_ letters: [Character]) -> String {
        let items = letters.map(letter)
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " y " + last
    }
}
