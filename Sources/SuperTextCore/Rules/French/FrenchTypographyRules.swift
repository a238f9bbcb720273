/// French typography: the space before `; : ! ?` and inside « », French quotes, the ellipsis,
/// the apostrophe, and "etc.".
enum FrenchTypography {
    /// The narrow no-break space, before ; ! ? and inside « » in careful typesetting.
    static let narrowSpace = "\u{202F}"
    /// The no-break space, before the colon.
    static let noBreakSpace = "\u{00A0}"

    /// The apostrophe a suggestion uses: the typographic one, unless the text writes only
    /// straight ones.
    static func apostrophe(in document: CheckedDocument) -> String {
        var straight = false
        var index = 0
        let bytes = document.bytes
        while index < bytes.count {
            if bytes[index] == 0x27 { straight = true }
            // ’ is E2 80 99.
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x99 { return "’" }
            index += 1
        }
        return straight ? "'" : "’"
    }

    /// Whether a space token is a no-break space (U+00A0, U+202F, U+2009 thin space counts as
    /// chosen on purpose too).
    static func isNoBreakSpace(_ document: CheckedDocument, _ index: Int) -> Bool {
        let text = document.text(of: document.tokens[index])
        return text == "\u{00A0}" || text == "\u{202F}" || text == "\u{2009}" || text == "\u{2007}"
    }
}

/// A missing space before `; : ! ?` or inside « » in French: "Vraiment?" → "Vraiment ?".
public struct FrenchSpaceBeforePunctuationRule: ProofreadingRule {
    public let id = "FR_ESPACE_PONCTUATION"
    public let category = MatchCategory.typography
    public let description = "A space before ; : ! ? and inside « » in French."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Vraiment? Oui!", "Vraiment\u{202F}? Oui!", language: "fr"),
        .wrong("Il a dit: non.", "Il a dit\u{00A0}: non.", language: "fr"),
        .wrong("Il a crié «Au secours\u{202F}» dans la rue.", "Il a crié «\u{202F}Au secours\u{202F}» dans la rue.", language: "fr"),
        .right("Vraiment\u{202F}? Oui\u{00A0}! Il est 10:30 ; voir http://exemple.fr/a:b et :-)", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Put a space before '{mark}' in French: '{suggestion}'.", shortMessage: "Space before punctuation",
            title: "French spacing",
            detail: "French typography puts a space before the double punctuation marks ; : ! ? and inside the quotes « ». It is a no-break space, so that the mark never starts a line: a narrow one before ; ! ? and inside « », a normal one before the colon."),
        .fr: RuleText(
            message: "Mettez une espace avant « {mark} » : « {suggestion} ».", shortMessage: "Espace avant la ponctuation",
            title: "Espace avant la ponctuation double",
            detail: "En français, les signes doubles ; : ! ? sont précédés d’une espace, et les guillemets « » entourent le texte d’espaces. Cette espace est insécable pour que le signe ne commence jamais une ligne : une espace fine avant ; ! ? et à l’intérieur des guillemets, une espace mot avant le deux-points."),
        .de: RuleText(
            message: "Im Französischen steht vor „{mark}“ ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen vor Satzzeichen",
            title: "Französische Abstände",
            detail: "Die französische Typografie setzt vor die doppelten Satzzeichen ; : ! ? ein Leerzeichen und innerhalb der Anführungszeichen « » ebenfalls. Es ist ein geschütztes Leerzeichen, damit das Zeichen nie eine Zeile beginnt: ein schmales vor ; ! ? und in « », ein normales vor dem Doppelpunkt."),
        .es: RuleText(
            message: "En francés va un espacio antes de «{mark}»: «{suggestion}».", shortMessage: "Espacio ante la puntuación",
            title: "Espaciado francés",
            detail: "La tipografía francesa pone un espacio antes de los signos dobles ; : ! ? y dentro de las comillas « ». Es un espacio de no separación, para que el signo nunca empiece una línea: uno estrecho antes de ; ! ? y dentro de « », uno normal antes de los dos puntos."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        for index in tokens.indices where tokens[index].kind == .punctuation {
            let mark = document.lowercasedTexts[index]
            guard [";", ":", "!", "?", "»", "«"].contains(mark) else { continue }
            let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
            if mark == "«" {
                // « followed directly by a word.
                guard index + 1 < tokens.count, tokens[index + 1].kind == .word || tokens[index + 1].kind == .number else { continue }
                let suggestion = "«" + FrenchTypography.narrowSpace
                matches.append(document.match(
                    tokens: index..<index + 1, category: category, rule: id,
                    message: RuleText.fill(text.message, ["mark": "«", "suggestion": "« "]),
                    shortMessage: text.shortMessage, suggestions: [suggestion],
                    explanation: Explanation(kind: .typography, title: text.title, detail: text.detail)))
                continue
            }
            // The mark right after a word (or a closing quote or bracket for ! and ?).
            guard index > 0, tokens[index - 1].kind == .word || tokens[index - 1].kind == .number
                    || (tokens[index - 1].kind == .punctuation && [")", "»"].contains(document.lowercasedTexts[index - 1]) && mark != "»")
            else { continue }
            // Not inside a word or number: 10:30, a:b, "?!" handled once, ":-)" and ":)" left alone.
            if index + 1 < tokens.count {
                let next = tokens[index + 1]
                if next.kind == .word || next.kind == .number || next.kind == .skipped { continue }
                if next.kind == .punctuation, [")", "(", "-", "/", "D", "P"].contains(document.lowercasedTexts[index + 1]) { continue }
            }
            if tokens[index - 1].kind == .number, mark == ":" { continue }
            let space = mark == ":" ? FrenchTypography.noBreakSpace : FrenchTypography.narrowSpace
            let suggestion = space + document.text(of: tokens[index])
            matches.append(document.match(
                tokens: index..<index + 1, category: category, rule: id,
                message: RuleText.fill(text.message, ["mark": mark, "suggestion": document.text(of: tokens[index - 1]) + " " + mark]),
                shortMessage: text.shortMessage, suggestions: [suggestion],
                explanation: Explanation(kind: .typography, title: text.title, detail: text.detail)))
        }
        return matches
    }
}

/// An ordinary space where French typography puts a no-break one: before ; : ! ? and inside
/// « », so that the mark is never carried alone to the next line. Picky: most texts use an
/// ordinary space there.
public struct FrenchNoBreakSpaceRule: ProofreadingRule {
    public let id = "FR_ESPACE_INSECABLE"
    public let category = MatchCategory.typography
    public let description = "A no-break space before ; : ! ? and inside « » in French."
    public let isPicky = true
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Vraiment ? Oui.", "Vraiment\u{202F}? Oui.", language: "fr"),
        .wrong("Il a dit « oui\u{202F}».", "Il a dit «\u{202F}oui\u{202F}».", language: "fr"),
        .right("Vraiment\u{202F}? Il a dit\u{00A0}: «\u{202F}oui\u{202F}».", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Use a no-break space here, so that '{mark}' does not start a line.", shortMessage: "No-break space",
            title: "No-break space",
            detail: "The space before ; : ! ? and inside « » must not break: a narrow no-break space (U+202F) before ; ! ? and inside the quotes, a no-break space (U+00A0) before the colon. With an ordinary space, the mark can end up alone at the start of the next line."),
        .fr: RuleText(
            message: "Mettez ici une espace insécable, pour que « {mark} » ne commence pas une ligne.", shortMessage: "Espace insécable",
            title: "Espace insécable",
            detail: "L’espace avant ; : ! ? et à l’intérieur des guillemets ne doit pas permettre de coupure : une espace fine insécable (U+202F) avant ; ! ? et dans les guillemets, une espace insécable (U+00A0) avant le deux-points. Avec une espace ordinaire, le signe peut se retrouver seul en début de ligne."),
        .de: RuleText(
            message: "Hier gehört ein geschütztes Leerzeichen hin, damit „{mark}“ keine Zeile beginnt.", shortMessage: "Geschütztes Leerzeichen",
            title: "Geschütztes Leerzeichen",
            detail: "Das Leerzeichen vor ; : ! ? und in « » darf nicht umbrechen: ein schmales geschütztes (U+202F) vor ; ! ? und in den Anführungszeichen, ein geschütztes (U+00A0) vor dem Doppelpunkt. Mit einem normalen Leerzeichen kann das Zeichen allein am Anfang der nächsten Zeile landen."),
        .es: RuleText(
            message: "Use aquí un espacio de no separación, para que «{mark}» no empiece una línea.", shortMessage: "Espacio de no separación",
            title: "Espacio de no separación",
            detail: "El espacio antes de ; : ! ? y dentro de « » no debe cortarse: uno estrecho de no separación (U+202F) antes de ; ! ? y dentro de las comillas, uno de no separación (U+00A0) antes de los dos puntos. Con un espacio normal, el signo puede quedar solo al comienzo de la línea siguiente."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        for index in tokens.indices where tokens[index].kind == .space && document.firstByte(of: index) == UInt8(ascii: " ") {
            guard tokens[index].utf16Length == 1, index > 0, index + 1 < tokens.count else { continue }
            let before = tokens[index - 1]
            let after = tokens[index + 1]
            var mark: String?
            if after.kind == .punctuation, [";", ":", "!", "?", "»"].contains(document.lowercasedTexts[index + 1]),
               before.kind == .word || before.kind == .number || before.kind == .punctuation {
                mark = document.lowercasedTexts[index + 1]
            } else if before.kind == .punctuation, document.lowercasedTexts[index - 1] == "«", after.kind != .space {
                mark = "«"
            }
            guard let mark else { continue }
            let space = mark == ":" ? FrenchTypography.noBreakSpace : FrenchTypography.narrowSpace
            matches.append(document.match(
                tokens: index..<index + 1, category: category, rule: id,
                message: RuleText.fill(text.message, ["mark": mark]), shortMessage: text.shortMessage,
                suggestions: [space], explanation: Explanation(kind: .typography, title: text.title, detail: text.detail)))
        }
        return matches
    }
}

/// A missing or spaced apostrophe after an elided word: "qu il" → "qu’il", "d’ enfants" →
/// "d’enfants".
public struct FrenchMissingApostropheRule: ProofreadingRule {
    public let id = "FR_APOSTROPHE_MANQUANTE"
    public let category = MatchCategory.typography
    public let description = "The apostrophe of an elided word, written against the next word."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Je pense qu il ment.", "Je pense qu’il ment.", language: "fr"),
        .wrong("Je m étais perdu.", "Je m’étais perdu.", language: "fr"),
        .wrong("Elle boit peu d’ eau.", "Elle boit peu d’eau.", language: "fr"),
        .right("Le point A est à 3 m du mur ; la lettre d est ronde.", language: "fr"),
        .wrong("Il n est pas venu.", "Il n’est pas venu.", language: "fr"),
        .right("Si n est omis, la valeur vaut 1 ; le descripteur n ou la sortie standard ; les directives %b et %T utilisent la largeur.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Write '{suggestion}', with the apostrophe and no space.", shortMessage: "Apostrophe", title: "Elided word",
                      detail: "An elided word (l’, d’, j’, m’, n’, qu’…) is joined to the next word by its apostrophe, with no space on either side: qu’il, d’enfants."),
        .fr: RuleText(message: "Écrivez « {suggestion} », avec l’apostrophe et sans espace.", shortMessage: "Apostrophe", title: "Mot élidé",
                      detail: "Un mot élidé (l’, d’, j’, m’, n’, qu’…) s’attache au mot suivant par son apostrophe, sans espace de part et d’autre : qu’il, d’enfants."),
        .de: RuleText(message: "Schreiben Sie „{suggestion}“, mit Apostroph und ohne Leerzeichen.", shortMessage: "Apostroph", title: "Elidiertes Wort",
                      detail: "Ein elidiertes Wort (l’, d’, j’, m’, n’, qu’…) wird mit seinem Apostroph ohne Leerzeichen an das nächste Wort gehängt: qu’il, d’enfants."),
        .es: RuleText(message: "Escriba «{suggestion}», con apóstrofo y sin espacio.", shortMessage: "Apóstrofo", title: "Palabra elidida",
                      detail: "Una palabra elidida (l’, d’, j’, m’, n’, qu’…) se une a la siguiente con su apóstrofo, sin espacio a ningún lado: qu’il, d’enfants."),
    ]

    static let letters: Set<String> = ["l", "d", "j", "m", "n", "s", "t", "qu", "c", "jusqu", "lorsqu", "puisqu"]

    /// The second parts of a negation, one of which follows ne and its finite verb: those that may
    /// stand before an infinitive, and the others.
    static let negations = FrenchInfinitiveRule.negations.union(["personne", "que", "qu", "aucun", "aucune", "ni", "nul", "nulle", "nullement"])

    /// Whether the word at `next` can follow the elided word: a pronoun (j, m, t, s) a verb or
    /// en, y; c a form of être or en; n a verb with the negation's second part a few words on
    /// ("si n est omis" names a variable n). Articles, de and que take anything.
    private func fitsAfter(_ letter: String, next: Int, in document: CheckedDocument, lexicon: Lexicon) -> Bool {
        let word = document.lowercasedTexts[next]
        let isVerb = ["en", "y"].contains(word) || lexicon.tags(of: word).containsAny(WordTags([.VBF, .VB, .VBG]))
        switch letter {
        case "j", "m", "t", "s": return isVerb
        case "c": return ["est", "était", "étaient", "en", "eût", "eut", "aurait", "a"].contains(word)
        case "n":
            guard isVerb else { return false }
            var index = next + 1, words = 0
            while index < document.tokens.count, words < 6 {
                if document.tokens[index].kind == .word {
                    if Self.negations.contains(document.lowercasedTexts[index]) { return true }
                    words += 1
                } else if document.tokens[index].kind == .punctuation, [".", ";", "!", "?"].contains(document.lowercasedTexts[index]) {
                    break
                }
                index += 1
            }
            return false
        default: return true
        }
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let apostrophe = FrenchTypography.apostrophe(in: document)
        let tokens = document.tokens
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        var matches: [Match] = []
        func add(_ range: Range<Int>, _ suggestion: String) {
            matches.append(document.match(
                tokens: range, category: category, rule: id,
                message: RuleText.fill(text.message, ["suggestion": suggestion]), shortMessage: text.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: .typography, title: text.title, detail: text.detail)))
        }
        for index in tokens.indices where tokens[index].kind == .word && Self.letters.contains(document.lowercasedTexts[index]) {
            guard index + 2 < tokens.count else { continue }
            let written = document.text(of: tokens[index])
            // A capital letter inside a sentence is a name (le point A, la lettre L, %T): only
            // lowercase, or a capital that starts a sentence.
            if WordCase.startsWithCapital(written), let previous = document.previousSignificant(before: index),
               !(tokens[previous].kind == .punctuation && [".", "!", "?", "«", "—", "\""].contains(document.lowercasedTexts[previous])) {
                continue
            }
            if index > 0, tokens[index - 1].kind == .punctuation, ["'", "’", "-"].contains(document.lowercasedTexts[index - 1]) { continue }
            // "100 m", "la lettre l": a unit or a letter.
            if let previous = document.previousSignificant(before: index),
               tokens[previous].kind == .number || ["lettre", "lettres", "variable", "point"].contains(document.lowercasedTexts[previous]) {
                continue
            }
            // "qu il": the letter, one space, a word that takes elision and that the lexicon knows.
            if tokens[index + 1].kind == .space, document.firstByte(of: index + 1) == UInt8(ascii: " "), tokens[index + 2].kind == .word {
                let next = document.lowercasedTexts[index + 2]
                // "a t il" is an inversion (a-t-il), not an elision.
                guard FrenchElision.takesElision(next), context.grammar.lexicon.knows(next) || FrenchClosedWordClasses.table[next] != nil,
                      !(written.lowercased() == "t" && ["il", "elle", "on", "ils", "elles"].contains(next)),
                      fitsAfter(written.lowercased(), next: index + 2, in: document, lexicon: context.grammar.lexicon),
                      !(written == "l" && index > 0 && document.previousSignificant(before: index).map { tokens[$0].kind == .number } == true)
                else { continue }
                add(index..<index + 3, written + apostrophe + document.text(of: tokens[index + 2]))
                continue
            }
            // "d’ enfants": the apostrophe, then a space.
            if tokens[index + 1].kind == .punctuation, ["'", "’"].contains(document.lowercasedTexts[index + 1]),
               index + 3 < tokens.count, tokens[index + 2].kind == .space, tokens[index + 3].kind == .word,
               FrenchElision.takesElision(document.lowercasedTexts[index + 3]) {
                add(index..<index + 4, written + document.text(of: tokens[index + 1]) + document.text(of: tokens[index + 3]))
            }
        }
        return matches
    }
}
