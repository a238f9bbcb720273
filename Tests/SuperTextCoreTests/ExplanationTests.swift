import Testing
@testable import SuperTextCore

/// One spelling edit and what its explanation must say.
struct ExplanationCase: CustomTestStringConvertible, Sendable {
    var written: String
    var suggestion: String
    var kind: ExplanationKind
    /// Text the detail must contain (letters in the language's quotes, key words).
    var detailContains: [String]
    var explanationLanguage: ExplanationLanguage = .en
    var textLanguage = "en-US"

    var testDescription: String { "\(explanationLanguage): \(written) → \(suggestion)" }
}

/// A no-break space, as French explanations use inside « » and before « : ».
private let nbsp = "\u{00A0}"

@Suite("Explanations of spelling edits")
struct ExplanationTests {
    // MARK: - Every kind, in English

    static let englishCases: [ExplanationCase] = [
        .init(written: "paris", suggestion: "Paris", kind: .capitalization,
              detailContains: ["'P'", "a capital letter"]),
        .init(written: "PAris", suggestion: "Paris", kind: .capitalization,
              detailContains: ["'a'", "a small letter"]),
        .init(written: "nasa", suggestion: "NASA", kind: .capitalization,
              detailContains: ["whole word in capital letters"]),
        .init(written: "ecole", suggestion: "école", kind: .accent,
              detailContains: ["'e'", "an acute accent", "'é'"]),
        .init(written: "pére", suggestion: "père", kind: .accent,
              detailContains: ["'e'", "a grave accent, not an acute accent", "'è', not 'é'"]),
        .init(written: "naíve", suggestion: "naive", kind: .accent,
              detailContains: ["'i'", "no acute accent", "'i', not 'í'"]),
        .init(written: "facade", suggestion: "façade", kind: .accent,
              detailContains: ["'c'", "a cedilla", "'ç'"]),
        .init(written: "alot", suggestion: "a lot", kind: .split,
              detailContains: ["two words"]),
        .init(written: "email", suggestion: "e-mail", kind: .split,
              detailContains: ["hyphen"]),
        .init(written: "air-port", suggestion: "airport", kind: .join,
              detailContains: ["one word", "no hyphen"]),
        .init(written: "can not", suggestion: "cannot", kind: .join,
              detailContains: ["one word", "no space"]),
        .init(written: "well known", suggestion: "well-known", kind: .join,
              detailContains: ["with a hyphen, not a space"]),
        .init(written: "New-York", suggestion: "New York", kind: .split,
              detailContains: ["with a space, not a hyphen"]),
        .init(written: "dont", suggestion: "don't", kind: .apostrophe,
              detailContains: ["between 'n' and 't'"]),
        .init(written: "Im", suggestion: "I'm", kind: .apostrophe,
              detailContains: ["between 'I' and 'm'"]),
        .init(written: "boys", suggestion: "boys'", kind: .apostrophe,
              detailContains: ["after 's'"]),
        .init(written: "it's", suggestion: "its", kind: .apostrophe,
              detailContains: ["Leave out the apostrophe"]),
        .init(written: "do'nt", suggestion: "don't", kind: .apostrophe,
              detailContains: ["apostrophe where it belongs"]),
        .init(written: "teh", suggestion: "the", kind: .transposition,
              detailContains: ["You swapped 'h' and 'e'"]),
        .init(written: "wich", suggestion: "which", kind: .missingLetter,
              detailContains: ["You left out 'h'"]),
        .init(written: "ocasion", suggestion: "occasion", kind: .undoubledLetter,
              detailContains: ["'c'", "'cc'"]),
        .init(written: "untill", suggestion: "until", kind: .doubledLetter,
              detailContains: ["One 'l', not two"]),
        .init(written: "whitch", suggestion: "which", kind: .extraLetter,
              detailContains: ["extra 't'"]),
        .init(written: "thr", suggestion: "the", kind: .wrongLetter,
              detailContains: ["'r' for 'e'", "neighbour on the keyboard"]),
        .init(written: "kat", suggestion: "cat", kind: .wrongLetter,
              detailContains: ["'k' for 'c'", "can sound the same"]),
        .init(written: "thx", suggestion: "the", kind: .wrongLetter,
              detailContains: ["You wrote 'x' for 'e':"]),
        .init(written: "acomodate", suggestion: "accommodate", kind: .severalEdits,
              detailContains: ["2 edits"]),
        .init(written: "recieve", suggestion: "receive", kind: .transposition,
              detailContains: ["'e' and 'i'"]),
    ]

    @Test("Each kind of edit is classified and its English detail names the letters", arguments: englishCases)
    func englishDetails(_ example: ExplanationCase) {
        // Given an explainer for the example's languages
        let explainer = Explainer(language: example.explanationLanguage, textLanguage: example.textLanguage)
        // When it explains the misspelling
        let text = explainer.spelling(written: example.written, suggestion: example.suggestion)
        // Then the kind is right and the detail names the letters and shows the edit
        #expect(text.explanation.kind == example.kind)
        #expect(text.explanation.detail.contains("\(example.written) → \(example.suggestion)"))
        for expected in example.detailContains {
            #expect(text.explanation.detail.contains(expected), "\(text.explanation.detail)")
        }
        #expect(text.message == "Possible spelling mistake: '\(example.written)' → '\(example.suggestion)'.")
        #expect(text.shortMessage == "Spelling mistake")
    }

    @Test func asciiLettersAreFoldedAndDecomposedAsFoundationDoes() {
        for value in UInt8(0)...UInt8(127) {
            let letter = Character(Unicode.Scalar(value))
            for ignoringCase in [false, true] {
                let options: String.CompareOptions = ignoringCase ? [.diacriticInsensitive, .caseInsensitive] : [.diacriticInsensitive]
                #expect(EditClassifier.folded(letter, ignoringCase: ignoringCase) == String(letter).folding(options: options, locale: nil))
            }
            let decomposed = String(letter).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            #expect(EditClassifier.marks(of: letter) == decomposed.dropFirst().filter { $0.properties.canonicalCombiningClass != .notReordered })
        }
        #expect(EditClassifier.marks(of: "é") == ["\u{301}"])
        let ascii = String(decoding: Array(UInt8(0)...UInt8(127)), as: UTF8.self)
        #expect(EditClassifier.composed(ascii) == ascii.precomposedStringWithCanonicalMapping)
        #expect(Array(EditClassifier.composed("e\u{301}te\u{301}").unicodeScalars) == Array("été".unicodeScalars))
        #expect(EditClassifier.folded("É", ignoringCase: true) == "e")
    }

    @Test func transpositionReadsAsAWholeSentence() {
        let text = Explainer(language: .en, textLanguage: "en-US").spelling(written: "teh", suggestion: "the")
        #expect(text.explanation == Explanation(
            kind: .transposition, title: "Swapped letters", detail: "You swapped 'h' and 'e': teh → the."))
        #expect(text.message == "Possible spelling mistake: 'teh' → 'the'.")
    }

    @Test func missingAndDoubledLetterSentences() {
        let explainer = Explainer(language: .en, textLanguage: "en")
        #expect(explainer.spelling(written: "wich", suggestion: "which").explanation.detail
            == "You left out 'h': wich → which.")
        #expect(explainer.spelling(written: "untill", suggestion: "until").explanation.detail
            == "One 'l', not two: untill → until.")
        #expect(explainer.spelling(written: "ocasion", suggestion: "occasion").explanation.detail
            == "Write 'c' twice ('cc'): ocasion → occasion.")
        #expect(explainer.spelling(written: "ecole", suggestion: "école").explanation.detail
            == "The 'e' takes an acute accent ('é'): ecole → école.")
    }

    // MARK: - French, German and Spanish

    static let otherLanguageCases: [ExplanationCase] = [
        .init(written: "ecole", suggestion: "école", kind: .accent,
              detailContains: ["Le «\(nbsp)e\(nbsp)» prend un accent aigu", "«\(nbsp)é\(nbsp)»"],
              explanationLanguage: .fr, textLanguage: "fr"),
        .init(written: "teh", suggestion: "the", kind: .transposition,
              detailContains: ["Vous avez inversé «\(nbsp)h\(nbsp)» et «\(nbsp)e\(nbsp)»\(nbsp): teh → the."],
              explanationLanguage: .fr, textLanguage: "en-US"),
        .init(written: "parceque", suggestion: "parce que", kind: .split,
              detailContains: ["en deux mots"],
              explanationLanguage: .fr, textLanguage: "fr"),
        .init(written: "jai", suggestion: "j'ai", kind: .apostrophe,
              detailContains: ["Ajoutez une apostrophe entre «\(nbsp)j\(nbsp)» et «\(nbsp)a\(nbsp)»"],
              explanationLanguage: .fr, textLanguage: "fr"),
        .init(written: "Strase", suggestion: "Straße", kind: .wrongLetter,
              detailContains: ["Sie haben „s“ statt „ß“ geschrieben", "gleich klingen"],
              explanationLanguage: .de, textLanguage: "de-DE"),
        .init(written: "teh", suggestion: "the", kind: .transposition,
              detailContains: ["Sie haben „h“ und „e“ vertauscht: teh → the."],
              explanationLanguage: .de, textLanguage: "en-US"),
        .init(written: "Muller", suggestion: "Müller", kind: .accent,
              detailContains: ["Das „u“ wird zum Umlaut („ü“)"],
              explanationLanguage: .de, textLanguage: "de-DE"),
        .init(written: "Komission", suggestion: "Kommission", kind: .undoubledLetter,
              detailContains: ["Verdoppeln Sie das „m“ („mm“)"],
              explanationLanguage: .de, textLanguage: "de-DE"),
        .init(written: "aora", suggestion: "ahora", kind: .missingLetter,
              detailContains: ["Falta una «h»: aora → ahora."],
              explanationLanguage: .es, textLanguage: "es-ES"),
        .init(written: "cancion", suggestion: "canción", kind: .accent,
              detailContains: ["La «o» lleva tilde («ó»)"],
              explanationLanguage: .es, textLanguage: "es-ES"),
        .init(written: "nino", suggestion: "niño", kind: .accent,
              detailContains: ["La «n» lleva virgulilla («ñ»)"],
              explanationLanguage: .es, textLanguage: "es"),
        .init(written: "vien", suggestion: "bien", kind: .wrongLetter,
              detailContains: ["«v» en lugar de «b»", "pueden sonar igual"],
              explanationLanguage: .es, textLanguage: "es-ES"),
        .init(written: "teh", suggestion: "the", kind: .transposition,
              detailContains: ["Has intercambiado la «h» y la «e»: teh → the."],
              explanationLanguage: .es, textLanguage: "en-US"),
    ]

    @Test("French, German and Spanish details are written in their language", arguments: otherLanguageCases)
    func otherLanguageDetails(_ example: ExplanationCase) {
        let explainer = Explainer(language: example.explanationLanguage, textLanguage: example.textLanguage)
        let text = explainer.spelling(written: example.written, suggestion: example.suggestion)
        #expect(text.explanation.kind == example.kind)
        #expect(text.explanation.detail.contains("\(example.written) → \(example.suggestion)"))
        for expected in example.detailContains {
            #expect(text.explanation.detail.contains(expected), "\(text.explanation.detail)")
        }
        // None of the English sentences leak into another language.
        let english = Explainer(language: .en, textLanguage: example.textLanguage)
            .spelling(written: example.written, suggestion: example.suggestion)
        #expect(text.explanation.detail != english.explanation.detail)
        let titlesSpelledAlikeInEnglish: Set = ["Accent", "Apostrophe"]
        #expect(text.explanation.title != english.explanation.title
            || titlesSpelledAlikeInEnglish.contains(text.explanation.title))
        #expect(text.message != english.message)
    }

    @Test func messagesInEachLanguage() {
        let expected: [(ExplanationLanguage, String, String)] = [
            (.en, "Possible spelling mistake: 'teh' → 'the'.", "Spelling mistake"),
            (.fr, "Faute d’orthographe possible\(nbsp): «\(nbsp)teh\(nbsp)» → «\(nbsp)the\(nbsp)».",
             "Faute d’orthographe"),
            (.de, "Möglicher Rechtschreibfehler: „teh“ → „the“.", "Rechtschreibfehler"),
            (.es, "Posible error ortográfico: «teh» → «the».", "Error ortográfico"),
        ]
        for (language, message, shortMessage) in expected {
            let text = Explainer(language: language, textLanguage: "en").spelling(written: "teh", suggestion: "the")
            #expect(text.message == message)
            #expect(text.shortMessage == shortMessage)
        }
    }

    @Test("Every language has a distinct title for every kind", arguments: ExplanationLanguage.allCases)
    func titles(_ language: ExplanationLanguage) {
        let phrasebook = Explainer.phrasebook(for: language)
        let titles = ExplanationKind.allCases.map(phrasebook.title(for:))
        #expect(titles.allSatisfy { !$0.isEmpty })
        #expect(Set(titles).count == ExplanationKind.allCases.count)
    }

    // MARK: - Keyboard neighbours

    @Test func keyboardNeighboursDependOnTheLayout() {
        typealias Layout = EditClassifier.KeyboardLayout
        // 'z' and 'e' touch on AZERTY (a z e r ...), not on QWERTY, where 'z' is bottom left.
        #expect(Layout.azerty.areNeighbours("z", "e"))
        #expect(!Layout.qwerty.areNeighbours("z", "e"))
        // 'q' and 's' touch on AZERTY (q s d f ...), not on QWERTY.
        #expect(Layout.azerty.areNeighbours("q", "s"))
        #expect(!Layout.qwerty.areNeighbours("q", "s"))
        // 't' and 'z' touch on QWERTZ, 't' and 'y' on QWERTY.
        #expect(Layout.qwertz.areNeighbours("t", "z"))
        #expect(!Layout.qwerty.areNeighbours("t", "z"))
        #expect(Layout.qwerty.areNeighbours("T", "y"))
        // Staggered rows: 's' touches 'w', 'e', 'z' and 'x' on QWERTY, not 'q' or 'c'.
        for neighbour: Character in ["a", "d", "w", "e", "z", "x"] {
            #expect(Layout.qwerty.areNeighbours("s", neighbour))
        }
        #expect(!Layout.qwerty.areNeighbours("s", "c"))
        #expect(!Layout.qwerty.areNeighbours("s", "s"))
        #expect(!Layout.qwerty.areNeighbours("s", "é"))
    }

    @Test func theTextLanguagePicksTheLayout() {
        typealias Layout = EditClassifier.KeyboardLayout
        #expect(Layout(textLanguage: "en-US") == .qwerty)
        #expect(Layout(textLanguage: "es-ES") == .qwerty)
        #expect(Layout(textLanguage: "pt") == .qwerty)
        #expect(Layout(textLanguage: "fr") == .azerty)
        #expect(Layout(textLanguage: "fr_BE") == .azerty)
        #expect(Layout(textLanguage: "fr-CH") == .qwertz)
        #expect(Layout(textLanguage: "fr-CA") == .qwerty)
        #expect(Layout(textLanguage: "de-DE") == .qwertz)
    }

    @Test func aWrongLetterIsANeighbourOnAZERTYButNotOnQWERTY() {
        // "chee" for "chez": 'e' and 'z' are neighbours on a French keyboard only.
        let french = Explainer(language: .en, textLanguage: "fr").spelling(written: "chee", suggestion: "chez")
        let english = Explainer(language: .en, textLanguage: "en-US").spelling(written: "chee", suggestion: "chez")
        #expect(french.explanation.kind == .wrongLetter)
        #expect(english.explanation.kind == .wrongLetter)
        #expect(french.explanation.detail == "You typed 'e' for 'z', its neighbour on the keyboard: chee → chez.")
        #expect(english.explanation.detail == "You wrote 'e' for 'z': chee → chez.")
    }

    // MARK: - The classifier itself

    @Test func theClassifierRecordsTheLettersInvolved() {
        func change(_ written: String, _ suggestion: String, textLanguage: String = "en") -> SpellingEdit.Change {
            EditClassifier.classify(
                written: written, suggestion: suggestion,
                keyboard: .init(textLanguage: textLanguage),
                soundAlikes: .init(textLanguage: textLanguage)
            ).change
        }
        #expect(change("teh", "the") == .transposition(first: "h", second: "e"))
        #expect(change("wich", "which") == .missingLetter("h"))
        #expect(change("ocasion", "occasion") == .undoubledLetter("c"))
        #expect(change("untill", "until") == .doubledLetter("l"))
        #expect(change("whitch", "which") == .extraLetter("t"))
        #expect(change("dont", "don't") == .apostrophe(.missing(after: "n", before: "t")))
        #expect(change("paris", "Paris") == .capitalization(.letters(toCapital: ["P"], toSmall: [])))
        #expect(change("alot", "a lot") == .split(.space))
        #expect(change("air-port", "airport") == .join(.hyphen))
        #expect(change("well known", "well-known") == .hyphenation(hyphenForSpace: true))
        #expect(change("thr", "the") == .wrongLetter(
            written: "r", intended: "e", relation: .init(keyboardNeighbours: true, soundAlike: false)))
        #expect(change("Strase", "Straße", textLanguage: "de") == .wrongLetter(
            written: "s", intended: "ß", relation: .init(keyboardNeighbours: false, soundAlike: true)))
        #expect(change("ecole", "école") == .accent([
            .init(written: "e", suggested: "é", letter: "e", problem: .missing(.acute)),
        ]))
        #expect(change("Strassen", "Straßen", textLanguage: "de") == .letterGroup(written: "ss", intended: "ß"))
        #expect(change("Kongreß", "Kongress", textLanguage: "de") == .letterGroup(written: "ß", intended: "ss"))
        #expect(change("Fotograph", "Fotograf", textLanguage: "de") == .letterGroup(written: "ph", intended: "f"))
        #expect(change("acomodate", "accommodate") == .severalEdits(changeCount: 2))
        #expect(change("nite", "night") == .severalEdits(changeCount: 3))
        #expect(change("same", "same") == .severalEdits(changeCount: 0))
    }

    @Test func wordsAreComparedInNFC() {
        // "école" with a combining accent (e + U+0301) is the same word as the precomposed one.
        let decomposed = "e\u{301}cole"
        let edit = EditClassifier.classify(written: "ecole", suggestion: decomposed, keyboard: .qwerty)
        #expect(edit.kind == .accent)
        #expect(edit.suggestion.unicodeScalars.count == 5)
        #expect(Array(edit.suggestion.unicodeScalars).first == "\u{E9}")
    }

    @Test func oneSpellingOfASoundForAnotherIsOneChange() {
        let german = Explainer(language: .de, textLanguage: "de").spelling(written: "Strassen", suggestion: "Straßen")
        #expect(german.explanation.kind == .wrongLetter)
        #expect(german.explanation.detail
            == "Sie haben „ss“ statt „ß“ geschrieben, eine Schreibung des Lauts für eine andere: Strassen → Straßen.")
        let english = Explainer(language: .en, textLanguage: "de").spelling(written: "Kongreß", suggestion: "Kongress")
        #expect(english.explanation.detail == "You wrote 'ß' for 'ss', one spelling of the sound for another: Kongreß → Kongress.")
    }

    @Test func accentAndCapitalTogetherAreAnAccentEdit() {
        let text = Explainer(language: .en, textLanguage: "fr").spelling(written: "ecole", suggestion: "École")
        #expect(text.explanation.kind == .accent)
        #expect(text.explanation.detail == "The 'E' takes an acute accent ('É'): ecole → École.")
    }

    @Test func severalAccentsAreAllNamed() {
        let text = Explainer(language: .fr, textLanguage: "fr").spelling(written: "eleve", suggestion: "élève")
        #expect(text.explanation.kind == .accent)
        #expect(text.explanation.detail
            == "Le «\(nbsp)e\(nbsp)» prend un accent aigu («\(nbsp)é\(nbsp)»)\(nbsp); "
            + "le «\(nbsp)e\(nbsp)» prend un accent grave («\(nbsp)è\(nbsp)»)\(nbsp): eleve → élève.")
    }

    @Test func soundAlikeLettersDependOnTheTextLanguage() {
        typealias Letters = EditClassifier.SoundAlikeLetters
        #expect(Letters.spanish.soundAlike("b", "V"))
        #expect(!Letters.english.soundAlike("b", "v"))
        #expect(Letters.german.soundAlike("ß", "s"))
        #expect(!Letters.french.soundAlike("ß", "s"))
        #expect(Letters(textLanguage: "de-AT") == .german)
        #expect(Letters(textLanguage: "it") == .none)
        #expect(!Letters.english.soundAlike("c", "c"))
    }

    // MARK: - Unknown and repeated words

    @Test("Without a suggestion, the word is unknown", arguments: [nil, "", "Foo"] as [String?])
    func unknownWord(_ suggestion: String?) {
        let text = Explainer(language: .en, textLanguage: "en-US").spelling(written: "Foo", suggestion: suggestion)
        #expect(text.message == "Unknown word: 'Foo'.")
        #expect(text.shortMessage == "Unknown word")
        #expect(text.explanation == Explanation(
            kind: .unknownWord, title: "Unknown word",
            detail: "The dictionary does not know 'Foo' and has no close suggestion. "
                + "If it is right, add it to your personal dictionary."))
    }

    @Test func unknownWordInOtherLanguages() {
        let french = Explainer(language: .fr, textLanguage: "fr").spelling(written: "Zorglub", suggestion: nil)
        #expect(french.message == "Mot inconnu\(nbsp): «\(nbsp)Zorglub\(nbsp)».")
        #expect(french.explanation.detail.contains("dictionnaire personnel"))
        let german = Explainer(language: .de, textLanguage: "de").spelling(written: "Zorglub", suggestion: nil)
        #expect(german.message == "Unbekanntes Wort: „Zorglub“.")
        #expect(german.explanation.detail.contains("persönlichen Wörterbuch"))
        let spanish = Explainer(language: .es, textLanguage: "es").spelling(written: "Zorglub", suggestion: nil)
        #expect(spanish.message == "Palabra desconocida: «Zorglub».")
        #expect(spanish.explanation.detail.contains("diccionario personal"))
    }

    @Test func repeatedWord() {
        let text = Explainer(language: .en, textLanguage: "en-US").repeatedWord("the")
        #expect(text.message == "Repeated word: 'the the'.")
        #expect(text.shortMessage == "Repeated word")
        #expect(text.explanation == Explanation(
            kind: .repeatedWord, title: "Repeated word",
            detail: "You wrote 'the' twice in a row: the the → the."))
    }

    @Test func repeatedWordInOtherLanguages() {
        #expect(Explainer(language: .fr, textLanguage: "fr").repeatedWord("le").explanation.detail
            == "Vous avez écrit «\(nbsp)le\(nbsp)» deux fois de suite\(nbsp): le le → le.")
        #expect(Explainer(language: .de, textLanguage: "de").repeatedWord("die").explanation.detail
            == "Sie haben „die“ zweimal hintereinander geschrieben: die die → die.")
        #expect(Explainer(language: .es, textLanguage: "es").repeatedWord("el").explanation.detail
            == "Has escrito «el» dos veces seguidas: el el → el.")
    }
}
