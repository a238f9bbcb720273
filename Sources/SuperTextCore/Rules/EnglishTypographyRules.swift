/// English typography and marks that a keyboard stands in for: quotation marks, dashes,
/// apostrophes, ™ ® ©, decades, subscripts of hypotheses, numbered headings. Each kind is its own
/// rule (id, default, examples); all read the token stream once, token by token.
public struct EnglishTypographyRule: ProofreadingRule {
    public enum Kind: Sendable, CaseIterable {
        case quotes, quoteMarks, dash, apostrophe, apostrophePlural, decade, symbol, hypothesis, numberingDash
        case spaceAfterComma, parenthesisSpace, sentenceCapital, ordinal
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public static let all: [EnglishTypographyRule] = Kind.allCases.map(EnglishTypographyRule.init)

    public var id: String {
        switch kind {
        case .quotes: "EN_QUOTES"
        case .quoteMarks: "EN_QUOTE_MARKS"
        case .dash: "EN_DASH"
        case .apostrophe: "EN_APOSTROPHE_MARK"
        case .apostrophePlural: "EN_APOSTROPHE_PLURAL"
        case .decade: "EN_DECADE_APOSTROPHE"
        case .symbol: "EN_TRADEMARK_SIGN"
        case .hypothesis: "EN_HYPOTHESIS_SUBSCRIPT"
        case .numberingDash: "EN_NUMBERING_DASH"
        case .spaceAfterComma: "EN_SPACE_AFTER_COMMA"
        case .parenthesisSpace: "EN_PARENTHESIS_SPACE"
        case .sentenceCapital: "EN_SENTENCE_CAPITAL"
        case .ordinal: "EN_ORDINAL_SUFFIX"
        }
    }

    public var category: MatchCategory {
        switch kind {
        case .numberingDash, .spaceAfterComma, .parenthesisSpace: .punctuation
        default: .typography
        }
    }

    public var description: String {
        switch kind {
        case .quotes: "Curly quotes “ ” instead of \"straight\" ones."
        case .quoteMarks: "English quotes “ ” instead of „German“ or ``TeX'' ones."
        case .dash: "A dash instead of a hyphen between spaces."
        case .apostrophe: "The apostrophe ' instead of an accent or a semicolon in a contraction."
        case .apostrophePlural: "No apostrophe in a plural or a verb: cars, CDs, becomes."
        case .decade: "Decades without an apostrophe: the 1990s."
        case .symbol: "The signs ™ ® © instead of (TM) (R) (C)."
        case .hypothesis: "Hypotheses with a subscript: H₀, H₁."
        case .numberingDash: "No dash after the number of a heading."
        case .spaceAfterComma: "A space after a comma or semicolon between words."
        case .parenthesisSpace: "No space inside parentheses."
        case .sentenceCapital: "A capital at the start of a sentence."
        case .ordinal: "The suffix of an ordinal number: 1st, 2nd, 3rd, 4th."
        }
    }

    /// Straight quotes are a choice (code, plain text), so curly ones are asked for only when picky.
    public var isPicky: Bool { kind == .quotes }
    public let languages: Set<String> = ["en"]

    public var examples: [RuleExample] {
        switch kind {
        case .quotes: [
            .wrong("She said \"hello\" and left.", "She said “hello” and left."),
            .right("She said “hello” and left. He is 6' 2\" tall."),
        ]
        case .quoteMarks: [
            .wrong("She said „hello” and left.", "She said “hello” and left."),
            .wrong("She said ``hello” and left.", "She said “hello” and left."),
            .right("She said “hello” and left."),
        ]
        case .dash: [
            .wrong("The plan was simple - too simple.", "The plan was simple — too simple."),
            .wrong("He lived from 1901 - 1978.", "He lived from 1901 – 1978."),
            .right("A well-known plan — simple. Pages 10–12. We know that 5 - 3 = 2. Convention - Tuesday, 7 Oct 2014"),
        ]
        case .apostrophe: [
            .wrong("You shouldn´t do it.", "You shouldn't do it."),
            .wrong("I couldn t do it.", "I couldn't do it."),
            .wrong("I´ll be here.", "I'll be here."),
            .right("You shouldn't do it; I'll be here. The letter t is silent."),
        ]
        case .apostrophePlural: [
            .wrong("The car's are cheap.", "The cars are cheap."),
            .wrong("I have five CD's.", "I have five CDs."),
            .wrong("If this become's a problem, stop.", "If this becomes a problem, stop."),
            .wrong("This vehicle get’s used too much.", "This vehicle gets used too much."),
            .wrong("Here are 7 reason's why.", "Here are 7 reasons why."),
            .right("The car's engine is new. The car's red. I have five CDs. Five years' work. He is the boss's son. Other languages than the text's are checked."),
        ]
        case .decade: [
            .wrong("Where were you in the 1990's?", "Where were you in the 1990s?"),
            .wrong("Music of the 80’s was loud.", "Music of the 80s was loud."),
            .right("Music of the 1980s was loud. The 1990's best song won."),
        ]
        case .symbol: [
            .wrong("Try Executive Choice(TM) today.", "Try Executive Choice™ today."),
            .wrong("Copyright (c) 2024 by the authors.", "Copyright © 2024 by the authors."),
            .right("Try Executive Choice™ today. See items (a), (b) and (c) below."),
        ]
        case .hypothesis: [
            .wrong("H0: There is no effect.", "H₀: There is no effect."),
            .right("H₀: There is no effect. The H1 heading is the largest."),
        ]
        case .spaceAfterComma: [
            .wrong("I met him,then we left.", "I met him, then we left."),
            .wrong("We came;they left.", "We came; they left."),
            .right("I met him, then we left. It costs 1,000 dollars. Points a,b and c."),
        ]
        case .parenthesisSpace: [
            .wrong("She said ( hello ) to me.", "She said (hello ) to me."),
            .wrong("She said (hello ) to me.", "She said (hello) to me."),
            .right("She said (hello) to me. Smileys :-) stay."),
        ]
        case .sentenceCapital: [
            .wrong("It was late. the others had left.", "It was late. The others had left."),
            .wrong("Is it late? the others had left.", "Is it late? The others had left."),
            .right("It was late. The others had left. We saw the U.S. army. He left... and came back. iPhones were sold. It costs approx. three dollars. See fig. two."),
        ]
        case .ordinal: [
            .wrong("This was my 1nd try.", "This was my 1st try."),
            .wrong("It is the 12st floor and the 92rd street.", "It is the 12th floor and the 92rd street."),
            .right("The 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st and 111th rows."),
        ]
        case .numberingDash: [
            .wrong("1.- Introduction", "1. Introduction"),
            .wrong("2.3.— Results", "2.3. Results"),
            .right("1. Introduction"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .quotes: [
            .en: RuleText(message: "Use curly quotes: '%s'.", shortMessage: "Curly quotes", title: "Quotation marks",
                          detail: "Printed English opens a quotation with “ and closes it with ”; the straight mark \" is a typewriter's stand-in for both."),
            .fr: RuleText(message: "En anglais imprimé, on cite avec “ ” : « %s ».", shortMessage: "Guillemets anglais", title: "Guillemets anglais",
                          detail: "L’anglais imprimé ouvre la citation par “ et la ferme par ” ; le guillemet droit \" est celui de la machine à écrire."),
            .de: RuleText(message: "Im gedruckten Englisch zitiert man mit “ ”: „%s“.", shortMessage: "Englische Anführungszeichen", title: "Englische Anführungszeichen",
                          detail: "Gedrucktes Englisch öffnet ein Zitat mit “ und schließt es mit ”; das gerade Zeichen \" stammt von der Schreibmaschine."),
            .es: RuleText(message: "En inglés impreso se cita con “ ”: «%s».", shortMessage: "Comillas inglesas", title: "Comillas inglesas",
                          detail: "El inglés impreso abre la cita con “ y la cierra con ”; la comilla recta \" es la de la máquina de escribir."),
        ],
        .quoteMarks: [
            .en: RuleText(message: "English opens a quotation with '%s'.", shortMessage: "English quotes", title: "English quotation marks",
                          detail: "English quotes “like this”: the low „ is German, and `` '' are how TeX and old keyboards typed quotes."),
            .fr: RuleText(message: "L’anglais ouvre une citation par « %s ».", shortMessage: "Guillemets anglais", title: "Guillemets anglais",
                          detail: "L’anglais cite “ainsi” : le guillemet bas „ est allemand, et `` '' sont la saisie de TeX et des vieux claviers."),
            .de: RuleText(message: "Im Englischen beginnt ein Zitat mit „%s“.", shortMessage: "Englische Anführungszeichen", title: "Englische Anführungszeichen",
                          detail: "Englisch zitiert “so”: das tiefe „ ist deutsch, und `` '' sind die Schreibweise von TeX und alten Tastaturen."),
            .es: RuleText(message: "En inglés, la cita se abre con «%s».", shortMessage: "Comillas inglesas", title: "Comillas inglesas",
                          detail: "El inglés cita “así”: la comilla baja „ es alemana, y `` '' son la forma de escribirlas en TeX y en teclados antiguos."),
        ],
        .dash: [
            .en: RuleText(message: "Use a dash, not a hyphen, between spaces: '%s'.", shortMessage: "Dash", title: "Dash, not hyphen",
                          detail: "A hyphen joins words (well-known). A break in a sentence takes the em dash — like this — and a range of numbers the en dash: 1901–1978."),
            .fr: RuleText(message: "Entre deux espaces, mettez un tiret, pas un trait d’union : « %s ».", shortMessage: "Tiret", title: "Tiret, pas trait d’union",
                          detail: "Le trait d’union lie des mots (well-known). Une incise prend en anglais le tiret long — comme ceci — et un intervalle de nombres le tiret demi-cadratin : 1901–1978."),
            .de: RuleText(message: "Zwischen Leerzeichen steht ein Strich, kein Bindestrich: „%s“.", shortMessage: "Gedankenstrich", title: "Strich statt Bindestrich",
                          detail: "Der Bindestrich verbindet Wörter (well-known). Ein Einschub bekommt im Englischen den langen Strich — so — und ein Zahlenbereich den Halbgeviertstrich: 1901–1978."),
            .es: RuleText(message: "Entre espacios va una raya, no un guion: «%s».", shortMessage: "Raya", title: "Raya, no guion",
                          detail: "El guion une palabras (well-known). Un inciso lleva en inglés la raya larga — así — y un intervalo de números la raya corta: 1901–1978."),
        ],
        .apostrophe: [
            .en: RuleText(message: "A contraction takes an apostrophe: '%s'.", shortMessage: "Apostrophe", title: "Apostrophe in contractions",
                          detail: "The apostrophe stands for the letters left out: shouldn't, I'll, you're. An accent ´ or `, a semicolon or a space in its place is a typing slip."),
            .fr: RuleText(message: "Une contraction prend une apostrophe : « %s ».", shortMessage: "Apostrophe", title: "Apostrophe des contractions",
                          detail: "L’apostrophe remplace les lettres omises : shouldn't, I'll, you're. Un accent ´ ou `, un point-virgule ou une espace à sa place est une faute de frappe."),
            .de: RuleText(message: "Eine Zusammenziehung braucht einen Apostroph: „%s“.", shortMessage: "Apostroph", title: "Apostroph bei Zusammenziehungen",
                          detail: "Der Apostroph steht für die ausgelassenen Buchstaben: shouldn't, I'll, you're. Ein Akzent ´ oder `, ein Semikolon oder ein Leerzeichen an seiner Stelle ist ein Tippfehler."),
            .es: RuleText(message: "Una contracción lleva apóstrofo: «%s».", shortMessage: "Apóstrofo", title: "Apóstrofo en contracciones",
                          detail: "El apóstrofo ocupa el lugar de las letras omitidas: shouldn't, I'll, you're. Un acento ´ o `, un punto y coma o un espacio en su lugar es una errata."),
        ],
        .apostrophePlural: [
            .en: RuleText(message: "A plural or a verb takes no apostrophe: '%s'.", shortMessage: "Apostrophe", title: "Plurals without apostrophes",
                          detail: "'s marks a possessive (the car's engine) or a contraction (the car's red = is red). A plural (two cars, CDs) and a verb after he, she or it (it becomes) take a plain s."),
            .fr: RuleText(message: "Un pluriel ou un verbe ne prend pas d’apostrophe : « %s ».", shortMessage: "Apostrophe", title: "Pluriels sans apostrophe",
                          detail: "En anglais, 's marque le possessif (the car's engine) ou une contraction (the car's red = is red). Le pluriel (two cars, CDs) et le verbe après he, she ou it (it becomes) prennent un simple s."),
            .de: RuleText(message: "Ein Plural oder ein Verb hat keinen Apostroph: „%s“.", shortMessage: "Apostroph", title: "Plural ohne Apostroph",
                          detail: "Im Englischen zeigt 's einen Besitz (the car's engine) oder eine Zusammenziehung (the car's red = is red). Der Plural (two cars, CDs) und das Verb nach he, she, it (it becomes) haben ein einfaches s."),
            .es: RuleText(message: "Un plural o un verbo no llevan apóstrofo: «%s».", shortMessage: "Apóstrofo", title: "Plurales sin apóstrofo",
                          detail: "En inglés, 's marca el posesivo (the car's engine) o una contracción (the car's red = is red). El plural (two cars, CDs) y el verbo tras he, she o it (it becomes) llevan una s simple."),
        ],
        .decade: [
            .en: RuleText(message: "A decade is a plural, without an apostrophe: '%s'.", shortMessage: "Decade", title: "Decades",
                          detail: "Decades are plurals of numbers: the 1990s, the 80s. An apostrophe marks a possessive or letters left out ('90s for 1990s), not a plural."),
            .fr: RuleText(message: "Une décennie est un pluriel, sans apostrophe : « %s ».", shortMessage: "Décennie", title: "Décennies",
                          detail: "En anglais, les décennies sont des pluriels : the 1990s, the 80s. L’apostrophe marque un possessif ou des chiffres omis ('90s), pas un pluriel."),
            .de: RuleText(message: "Ein Jahrzehnt ist ein Plural, ohne Apostroph: „%s“.", shortMessage: "Jahrzehnt", title: "Jahrzehnte",
                          detail: "Im Englischen sind Jahrzehnte Plurale: the 1990s, the 80s. Der Apostroph zeigt einen Besitz oder ausgelassene Ziffern ('90s), keinen Plural."),
            .es: RuleText(message: "Una década es un plural, sin apóstrofo: «%s».", shortMessage: "Década", title: "Décadas",
                          detail: "En inglés, las décadas son plurales: the 1990s, the 80s. El apóstrofo marca un posesivo o cifras omitidas ('90s), no un plural."),
        ],
        .symbol: [
            .en: RuleText(message: "Use the sign '%s'.", shortMessage: "Sign", title: "Trademark and copyright signs",
                          detail: "(TM), (R) and (C) are how a keyboard types the signs ™ (trademark), ® (registered trademark) and © (copyright)."),
            .fr: RuleText(message: "Employez le signe « %s ».", shortMessage: "Signe", title: "Signes de marque et de copyright",
                          detail: "(TM), (R) et (C) sont la saisie au clavier des signes ™ (marque), ® (marque déposée) et © (copyright)."),
            .de: RuleText(message: "Verwenden Sie das Zeichen „%s“.", shortMessage: "Zeichen", title: "Marken- und Copyrightzeichen",
                          detail: "(TM), (R) und (C) sind die Tastaturschreibweise der Zeichen ™ (Marke), ® (eingetragene Marke) und © (Copyright)."),
            .es: RuleText(message: "Use el signo «%s».", shortMessage: "Signo", title: "Signos de marca y copyright",
                          detail: "(TM), (R) y (C) son la forma de teclear los signos ™ (marca), ® (marca registrada) y © (copyright)."),
        ],
        .hypothesis: [
            .en: RuleText(message: "Write the hypothesis with a subscript: '%s'.", shortMessage: "Subscript", title: "Hypotheses",
                          detail: "In statistics the null hypothesis is H₀ and the alternatives H₁, H₂: the number is a subscript, not a digit on the line."),
            .fr: RuleText(message: "Écrivez l’hypothèse avec un indice : « %s ».", shortMessage: "Indice", title: "Hypothèses",
                          detail: "En statistique, l’hypothèse nulle s’écrit H₀ et les autres H₁, H₂ : le chiffre est en indice."),
            .de: RuleText(message: "Schreiben Sie die Hypothese mit tiefgestellter Zahl: „%s“.", shortMessage: "Tiefgestellt", title: "Hypothesen",
                          detail: "In der Statistik heißt die Nullhypothese H₀ und die Alternativen H₁, H₂: die Zahl ist tiefgestellt."),
            .es: RuleText(message: "Escriba la hipótesis con subíndice: «%s».", shortMessage: "Subíndice", title: "Hipótesis",
                          detail: "En estadística, la hipótesis nula es H₀ y las alternativas H₁, H₂: el número va en subíndice."),
        ],
        .spaceAfterComma: commaTexts,
        .parenthesisSpace: [
            .en: RuleText(message: "No space inside the parentheses: '%s'.", shortMessage: "Space in parentheses", title: "Parentheses",
                          detail: "Parentheses hug what they hold: (like this), not ( like this )."),
            .fr: RuleText(message: "Pas d’espace à l’intérieur des parenthèses : « %s ».", shortMessage: "Espace entre parenthèses", title: "Parenthèses",
                          detail: "Les parenthèses entourent leur contenu sans espace : (comme ceci), non ( comme ceci )."),
            .de: RuleText(message: "Kein Leerzeichen innerhalb der Klammern: „%s“.", shortMessage: "Leerzeichen in Klammern", title: "Klammern",
                          detail: "Klammern umschließen ihren Inhalt ohne Leerzeichen: (so), nicht ( so )."),
            .es: RuleText(message: "Sin espacio dentro del paréntesis: «%s».", shortMessage: "Espacio en paréntesis", title: "Paréntesis",
                          detail: "Los paréntesis abrazan su contenido sin espacios: (así), no ( así )."),
        ],
        .sentenceCapital: [
            .en: RuleText(message: "A sentence starts with a capital: '%s'.", shortMessage: "Capital", title: "Capital at the start",
                          detail: "The first word of a sentence takes a capital letter, after a period, a question mark or an exclamation mark."),
            .fr: RuleText(message: "Une phrase commence par une majuscule : « %s ».", shortMessage: "Majuscule", title: "Majuscule initiale",
                          detail: "Le premier mot d’une phrase prend une majuscule, après un point, un point d’interrogation ou d’exclamation."),
            .de: RuleText(message: "Ein Satz beginnt mit einem Großbuchstaben: „%s“.", shortMessage: "Großbuchstabe", title: "Großschreibung am Satzanfang",
                          detail: "Das erste Wort eines Satzes wird nach Punkt, Frage- oder Ausrufezeichen großgeschrieben."),
            .es: RuleText(message: "La frase empieza con mayúscula: «%s».", shortMessage: "Mayúscula", title: "Mayúscula inicial",
                          detail: "La primera palabra de una frase lleva mayúscula, tras un punto, un signo de interrogación o de exclamación."),
        ],
        .ordinal: [
            .en: RuleText(message: "The ordinal is written '%s'.", shortMessage: "Ordinal", title: "Ordinal numbers",
                          detail: "The suffix follows the last word said: 1st (first), 2nd (second), 3rd (third), then th (4th, 11th, 12th, 13th); 21st, 22nd, 23rd again."),
            .fr: RuleText(message: "L’ordinal s’écrit « %s ».", shortMessage: "Ordinal", title: "Nombres ordinaux",
                          detail: "En anglais, le suffixe suit le mot prononcé : 1st (first), 2nd (second), 3rd (third), puis th (4th, 11th, 12th, 13th) ; de nouveau 21st, 22nd, 23rd."),
            .de: RuleText(message: "Die Ordnungszahl schreibt sich „%s“.", shortMessage: "Ordnungszahl", title: "Ordnungszahlen",
                          detail: "Im Englischen folgt die Endung dem gesprochenen Wort: 1st (first), 2nd (second), 3rd (third), dann th (4th, 11th, 12th, 13th); wieder 21st, 22nd, 23rd."),
            .es: RuleText(message: "El ordinal se escribe «%s».", shortMessage: "Ordinal", title: "Números ordinales",
                          detail: "En inglés, el sufijo sigue a la palabra pronunciada: 1st (first), 2nd (second), 3rd (third), luego th (4th, 11th, 12th, 13th); de nuevo 21st, 22nd, 23rd."),
        ],
        .numberingDash: [
            .en: RuleText(message: "The number of a heading needs no dash after its period.", shortMessage: "Dash after a number", title: "Numbered headings",
                          detail: "A heading's number ends with its period: \"1. Introduction\", \"2.3. Results\". A dash after it adds nothing."),
            .fr: RuleText(message: "Le numéro d’un titre ne prend pas de tiret après son point.", shortMessage: "Tiret après un numéro", title: "Titres numérotés",
                          detail: "Le numéro d’un titre finit par son point : « 1. Introduction », « 2.3. Résultats ». Un tiret après n’ajoute rien."),
            .de: RuleText(message: "Nach dem Punkt einer Überschriftennummer steht kein Strich.", shortMessage: "Strich nach Nummer", title: "Nummerierte Überschriften",
                          detail: "Die Nummer einer Überschrift endet mit ihrem Punkt: „1. Einleitung“, „2.3. Ergebnisse“. Ein Strich danach fügt nichts hinzu."),
            .es: RuleText(message: "El número de un título no lleva raya tras su punto.", shortMessage: "Raya tras un número", title: "Títulos numerados",
                          detail: "El número de un título termina en su punto: «1. Introducción», «2.3. Resultados». Una raya detrás no añade nada."),
        ],
    ]

    static let commaTexts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a space after the punctuation: '%s'.", shortMessage: "Space after punctuation", title: "Space after a comma",
                      detail: "A comma or a semicolon follows the word before it and has a space after it: red, green; blue."),
        .fr: RuleText(message: "Mettez une espace après la ponctuation : « %s ».", shortMessage: "Espace après la ponctuation", title: "Espace après la virgule",
                      detail: "En anglais, la virgule et le point-virgule suivent le mot sans espace et sont suivis d’une espace : red, green; blue."),
        .de: RuleText(message: "Nach dem Satzzeichen steht ein Leerzeichen: „%s“.", shortMessage: "Leerzeichen nach Satzzeichen", title: "Leerzeichen nach dem Komma",
                      detail: "Komma und Semikolon stehen direkt hinter dem Wort und vor einem Leerzeichen: red, green; blue."),
        .es: RuleText(message: "Ponga un espacio tras el signo: «%s».", shortMessage: "Espacio tras el signo", title: "Espacio tras la coma",
                      detail: "La coma y el punto y coma van pegados a la palabra anterior y seguidos de un espacio: red, green; blue."),
    ]

    /// Whether the UTF-8 of `word` ends in 's or ’s: what `hasSuffix` then confirms by characters.
    static func endsWithApostropheS(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard utf8.count >= 3, utf8.last == UInt8(ascii: "s") else { return false }
        let before = utf8.dropLast()
        return before.last == UInt8(ascii: "'") || before.suffix(3).elementsEqual([0xE2, 0x80, 0x99])
    }

    /// Abbreviations of four letters or more that a lowercase word may follow.
    static let abbreviations: Set<String> = [
        "approx", "incl", "excl", "cont", "dept", "resp", "vols", "nos", "esp", "corp", "govt", "assn", "univ", "mins", "secs",
        "hrs", "yrs", "mths", "refs", "eqn", "eqns", "figs", "sect", "trans", "misc", "prof", "sept", "etc",
    ]

    /// Contractions of not whose "n" part stands alone when the apostrophe is mistyped.
    static let negativeStems: Set<String> = [
        "couldn", "shouldn", "wouldn", "didn", "doesn", "don", "isn", "wasn", "weren", "aren",
        "hasn", "haven", "hadn", "won", "can", "mustn", "needn", "mightn", "ain",
    ]
    /// What follows the apostrophe of a contraction ("I'll", "she's").
    static let contractionTails: Set<String> = ["ll", "s", "re", "ve", "d", "m", "t"]
    static let subscripts: [Character: String] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
    ]
    /// Words before a decade ("the 1990's", "the early 80's").
    static let decadeLeaders: Set<String> = ["the", "early", "late", "mid", "their", "his", "her", "our", "my", "your"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let texts = document.lowercasedTexts
        func add(_ range: Range<Int>, _ suggestion: String) {
            matches.append(document.match(tokens: range, rule: id, category: category, texts: Self.texts[kind]!,
                                          language: context.explanationLanguage, suggestion: suggestion))
        }
        func isPunctuation(_ index: Int, _ text: String) -> Bool {
            index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && texts[index] == text
        }
        func isWordLike(_ index: Int) -> Bool {
            index >= 0 && index < tokens.count && (tokens[index].kind == .word || tokens[index].kind == .number)
        }
        /// Whether a token starts a line (or the text), ignoring spaces before it.
        func startsLine(_ index: Int) -> Bool {
            var previous = index - 1
            while previous >= 0, tokens[previous].kind == .space { previous -= 1 }
            return previous < 0 || tokens[previous].kind == .lineBreak
        }
        for (part, range) in document.sentenceTokens.enumerated() {
            switch kind {
            case .quotes:
                // Pairs of straight quotes in a sentence: the first opens, the second closes.
                let quotes = range.filter { isPunctuation($0, "\"") }
                var index = 0
                while index + 1 < quotes.count {
                    let open = quotes[index], close = quotes[index + 1]
                    index += 2
                    // An inch mark after a number ("6' 2\"") is no quote.
                    guard close > open + 1, tokens[open + 1].kind != .space, tokens[close - 1].kind != .space,
                          tokens[close - 1].kind != .number, open == 0 || tokens[open - 1].kind != .number
                    else { continue }
                    add(open..<close + 1, "“" + document.text(tokens: open + 1..<close) + "”")
                }
            case .quoteMarks:
                for index in range where tokens[index].kind == .punctuation {
                    // „ opening an English quotation, or `` as TeX types it.
                    if texts[index] == "„", isWordLike(index + 1) {
                        add(index..<index + 1, "“")
                    } else if texts[index] == "`", isPunctuation(index + 1, "`"), isWordLike(index + 2),
                              !isPunctuation(index - 1, "`") {
                        add(index..<index + 2, "“")
                    }
                }
            case .dash:
                // Subtraction: a sentence with "=" is arithmetic.
                let arithmetic = range.contains { isPunctuation($0, "=") }
                for index in range where isPunctuation(index, "-") {
                    guard index >= 2, index + 2 < range.upperBound, tokens[index - 1].kind == .space,
                          tokens[index + 1].kind == .space, isWordLike(index - 2), isWordLike(index + 2)
                    else { continue }
                    let numbers = tokens[index - 2].kind == .number && tokens[index + 2].kind == .number
                    if numbers {
                        // A range of years ("1901 - 1978"); not "2014 - 2018-10-31", a date.
                        let years = texts[index - 2].count == 4 && texts[index + 2].count == 4
                        let dateAfter = index + 4 < tokens.count && tokens[index + 3].kind == .punctuation
                            && ["-", "/", "."].contains(texts[index + 3]) && tokens[index + 4].kind == .number
                        if years, !arithmetic, !dateAfter { add(index..<index + 1, "–") }
                    } else if tokens[index - 2].kind == .word, tokens[index + 2].kind == .word,
                              texts[index - 2].count > 1, texts[index + 2].count > 1,
                              !WordCase.startsWithCapital(document.text(of: tokens[index + 2])) {
                        // A break inside a sentence; "Convention - Tuesday" or "Title - Author" is a
                        // heading's separator, left alone.
                        add(index..<index + 1, "—")
                    }
                }
            case .apostrophe:
                for index in range where tokens[index].kind == .word {
                    let word = texts[index]
                    // "shouldn´t", "I´ll", "shouldn;t": a mark in place of the apostrophe.
                    if index + 2 < range.upperBound, tokens[index + 1].kind == .punctuation,
                       ["´", "`", ";"].contains(texts[index + 1]), tokens[index + 2].kind == .word,
                       case let tail = texts[index + 2], Self.contractionTails.contains(tail),
                       tail == "t" ? Self.negativeStems.contains(word) : texts[index + 1] != ";",
                       index + 3 >= tokens.count || tokens[index + 3].kind != .word {
                        add(index..<index + 3, document.text(of: tokens[index]) + "'" + document.text(of: tokens[index + 2]))
                        continue
                    }
                    // "couldn t": a space in its place.
                    if index + 2 < range.upperBound, tokens[index + 1].kind == .space, tokens[index + 2].kind == .word,
                       texts[index + 2] == "t", Self.negativeStems.contains(word), word != "can", word != "won",
                       index + 3 >= tokens.count || tokens[index + 3].kind != .word {
                        add(index..<index + 3, document.text(of: tokens[index]) + "'t")
                    }
                }
            case .apostrophePlural:
                let lexicon = context.grammar.lexicon
                for index in range where tokens[index].kind == .word || tokens[index].skipReason == .acronym {
                    let word = texts[index]
                    // Told by its last bytes first: `hasSuffix` compares characters, at every word.
                    guard Self.endsWithApostropheS(word), word.hasSuffix("'s") || word.hasSuffix("’s"), word.count > 3 else { continue }
                    let written = document.text(of: tokens[index])
                    let base = String(word.dropLast(2)), writtenBase = String(written.dropLast(2))
                    let acronym = writtenBase.count >= 2 && writtenBase.allSatisfy { $0.isUppercase || $0.isNumber }
                    let previous = document.previousSignificant(before: index).flatMap { $0 >= range.lowerBound ? $0 : nil }
                    let next = document.nextSignificant(after: index).flatMap { $0 < range.upperBound ? $0 : nil }
                    let nextText = next.map { texts[$0] } ?? ""
                    let before = previous.map { texts[$0] } ?? ""
                    let tags = lexicon.tags(of: base)
                    // "the car's are": 's cannot be "is" before are or were, nor a possessive (but
                    // "than the text's are checked" leaves its noun out).
                    let beforeDeterminer = previous.flatMap { document.previousSignificant(before: $0) }.map { texts[$0] } ?? ""
                    if ["are", "were"].contains(nextText), tags.contains(.NN), !tags.contains(.PRP),
                       !["than", "as", "like", "of", "to"].contains(beforeDeterminer),
                       let plural = lexicon.inflect(base, to: .NNS), plural != base {
                        add(index..<index + 1, plural)
                        continue
                    }
                    // "five CD's", "many reason's why": after a number, a plural (not "five years' work").
                    let counted = (previous.map { tokens[$0].kind == .number } ?? false && before != "1")
                        || ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "many", "several", "few",
                            "both", "these", "those", "various", "numerous"].contains(before)
                    let nextTags = lexicon.tags(of: nextText)
                    let nounAfter = next.map { tokens[$0].kind == .word } ?? false && nextTags.containsAny(.noun)
                        && !nextTags.containsAny(WordTags([.WH, .IN, .DT, .PRP, .CC, .MD]))
                    if counted, !nounAfter {
                        if acronym {
                            add(index..<index + 1, writtenBase + "s")
                        } else if tags.contains(.NN), let plural = lexicon.inflect(base, to: .NNS), plural != base {
                            add(index..<index + 1, plural)
                        }
                        continue
                    }
                    // "he begin's", "this become's": a verb after a subject, no noun.
                    let subject = ["he", "she", "it", "this", "that"].contains(before)
                        || (previous.map { tokens[$0].kind == .word } ?? false && lexicon.tags(of: before).contains(.NN)
                            && !lexicon.tags(of: before).containsAny(WordTags([.VB, .JJ, .DT, .IN])))
                    if subject, tags.contains(.VB), !tags.containsAny(.noun),
                       let form = lexicon.inflect(base, to: .VBZ) {
                        add(index..<index + 1, form)
                    }
                }
            case .decade:
                for index in range where tokens[index].kind == .skipped && tokens[index].skipReason == .identifier {
                    let text = document.text(of: tokens[index])
                    let digits = text.prefix { $0.isASCII && $0.isNumber }
                    let rest = text.dropFirst(digits.count)
                    guard digits.count == 2 || (digits.count == 4 && (digits.first == "1" || digits.first == "2")),
                          digits.last == "0", rest == "'s" || rest == "’s",
                          let previous = document.previousSignificant(before: index), previous >= range.lowerBound,
                          Self.decadeLeaders.contains(texts[previous]) || texts[previous] == "-"
                    else { continue }
                    // "the 1990's best song": a possessive before a noun phrase stays.
                    if let next = document.nextSignificant(after: index), next < range.upperBound,
                       tokens[next].kind == .word, case let tags = context.grammar.lexicon.tags(of: texts[next]),
                       tags.contains(.JJS) || tags.containsAny(.noun) {
                        continue
                    }
                    add(index..<index + 1, String(digits) + "s")
                }
            case .symbol:
                for index in range where isPunctuation(index, "(") {
                    guard index + 2 < range.upperBound, isPunctuation(index + 2, ")") else { continue }
                    let inner = document.text(of: tokens[index + 1])
                    let attached = index > 0 && (tokens[index - 1].kind == .word || tokens[index - 1].kind == .skipped)
                    let afterCopyright = document.previousSignificant(before: index).map { texts[$0] == "copyright" } ?? false
                    switch inner {
                    case "TM", "tm": if attached || afterCopyright || index > 1 && tokens[index - 1].kind == .space { add(index..<index + 3, "™") }
                    case "R": if attached { add(index..<index + 3, "®") }
                    case "C", "c": if attached && inner == "C" || afterCopyright { add(index..<index + 3, "©") }
                    default: break
                    }
                }
            case .hypothesis:
                // "H0: ..." at the start of a sentence or a line.
                guard !document.continuesSentence[part], let first = range.first(where: { !tokens[$0].isWhitespace }),
                      tokens[first].kind == .skipped, case let text = document.text(of: tokens[first]),
                      text.count == 2, text.first == "H", let digit = text.last, let lowered = Self.subscripts[digit],
                      isPunctuation(first + 1, ":"), first + 3 < range.upperBound, tokens[first + 2].kind == .space,
                      tokens[first + 3].kind == .word, WordCase.startsWithCapital(document.text(of: tokens[first + 3]))
                else { continue }
                add(first..<first + 1, "H" + lowered)
            case .spaceAfterComma:
                // "him,then": two words with no space after the comma (not 1,000 nor a,b).
                for index in range where tokens[index].kind == .punctuation && (texts[index] == "," || texts[index] == ";") {
                    guard index > range.lowerBound, index + 1 < range.upperBound, tokens[index - 1].kind == .word,
                          tokens[index + 1].kind == .word, texts[index - 1].count > 1, texts[index + 1].count > 1
                    else { continue }
                    add(index..<index + 1, texts[index] + " ")
                }
            case .parenthesisSpace:
                var opened = false
                for index in range {
                    if isPunctuation(index, "(") { opened = true }
                    guard tokens[index].kind == .space, tokens[index].byteRange.count == 1 else { continue }
                    // "( hello": after an opening parenthesis; "hello )": before a closing one.
                    if isPunctuation(index - 1, "("), isWordLike(index + 1), index >= 2, tokens[index - 2].isWhitespace {
                        add(index - 1..<index + 1, "(")
                    } else if isPunctuation(index + 1, ")"), isWordLike(index - 1),
                              index + 2 >= tokens.count || tokens[index + 2].isWhitespace || tokens[index + 2].kind == .punctuation,
                              opened {
                        add(index..<index + 2, ")")
                    }
                }
            case .sentenceCapital:
                // "It was late. the others": the sentence splitter keeps a lowercase word after a
                // period in the sentence (it may follow an abbreviation), so the rule looks there:
                // after a period that ends a known word of four letters or more (no abbreviation),
                // or after ! or ?, on the same line.
                for index in range where tokens[index].kind == .punctuation && [".", "!", "?"].contains(texts[index]) {
                    // The next word may start the next sentence (after ! or ?): read on past this one.
                    guard index > range.lowerBound, index + 2 < tokens.count, tokens[index + 1].kind == .space,
                          tokens[index + 2].kind == .word, tokens[index - 1].kind == .word
                    else { continue }
                    if texts[index] == "." {
                        let before = texts[index - 1]
                        guard before.count >= 4, context.grammar.lexicon.knows(before), !Self.abbreviations.contains(before),
                              index < 2 || !isPunctuation(index - 2, ".")
                        else { continue }
                    }
                    let word = document.text(of: tokens[index + 2])
                    guard word.count > 1, word.allSatisfy({ $0.isLowercase }), context.grammar.lexicon.knows(texts[index + 2])
                    else { continue }
                    add(index + 2..<index + 3, word.prefix(1).uppercased() + word.dropFirst())
                }
            case .ordinal:
                // The word scanner reads "21st" as a number, and "1nd" too or as an identifier.
                for index in range where tokens[index].kind == .number || tokens[index].skipReason == .identifier {
                    let text = document.text(of: tokens[index]).lowercased()
                    let digits = text.prefix { $0.isASCII && $0.isNumber }
                    let suffix = text.dropFirst(digits.count)
                    guard !digits.isEmpty, digits.count <= 9, ["st", "nd", "rd", "th"].contains(suffix), let number = Int(digits) else { continue }
                    let right = number % 100 >= 11 && number % 100 <= 13 ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
                    if suffix != right { add(index..<index + 1, String(digits) + right) }
                }
            case .numberingDash:
                // "1.- Introduction": a number starting a line, its period, dashes, a space.
                for index in range where tokens[index].kind == .number && startsLine(index) {
                    guard isPunctuation(index + 1, ".") else { continue }
                    var end = index + 2
                    // The sentence splitter may end a sentence at the period: read on past it.
                    while end < tokens.count, tokens[end].kind == .punctuation, ["-", "–", "—"].contains(texts[end]) { end += 1 }
                    guard end > index + 2, end < tokens.count, tokens[end].kind == .space else { continue }
                    add(index + 2..<end, "")
                }
            }
        }
        return matches
    }
}
