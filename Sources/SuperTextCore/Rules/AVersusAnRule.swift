/// "a" before a vowel sound, or "an" before a consonant sound: "a apple", "an university".
///
/// The sound, not the letter, decides: an hour, a university, an MBA, a one-off. The CMU
/// Pronouncing Dictionary (`FirstSounds`) gives the first sound of the words it has; of the
/// others, words whose first letter misleads are listed by their beginnings, acronyms read
/// letter by letter take the sound of their first letter's name, numbers in digits the sound
/// of their first word.
public struct AVersusAnRule: ProofreadingRule {
    public let id = "EN_A_VS_AN"
    public let category = MatchCategory.grammar
    public let description = "'a' or 'an' by the sound of the next word."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("There is a apple on the table.", "There is an apple on the table."),
        .wrong("It was an useful tool.", "It was a useful tool."),
        .wrong("She waited for a hour.", "She waited for an hour."),
        .wrong("An dog barked.", "A dog barked."),
        .wrong("He has a MBA.", "He has an MBA."),
        .right("A university, a one-time offer, an honest man, an FBI agent, a NASA probe, an 8-hour day, a Unix socket."),
        .right("Vitamin A is good. Part a of the form. A European union. An unidentified object."),
        .right("IT IS NOT A LAW FIRM AND NOT AN AGENCY."),
        .right("This is an Euler brick. Write a SQL query or an SQL query in a SQLite file. Plug in an RFLink device and a LED or an LED."),
        .right("He played a ukelele, a unary minus and a uvular trill."),
        .right("Bash is an sh-compatible shell; run an ls command on an Xtensa processor; it stops at a NUL character or an NUL byte."),
        .wrong("Open it in a FFmpeg filter.", "Open it in an FFmpeg filter."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Use '{suggestion}' before '{written}': '{suggestion}' goes before a {sound} sound.", shortMessage: "a or an",
            title: "a or an",
            detail: "The sound decides, not the letter: 'an' before a vowel sound (an apple, an hour, an MBA), 'a' before a consonant sound (a dog, a university, a one-off)."),
        .fr: RuleText(
            message: "Écrivez « {suggestion} » devant « {written} » : en anglais, « {suggestion} » se met devant un son {sound}.", shortMessage: "a ou an",
            title: "a ou an",
            detail: "C’est le son qui compte, pas la lettre : « an » devant un son de voyelle (an apple, an hour, an MBA), « a » devant un son de consonne (a dog, a university, a one-off)."),
        .de: RuleText(
            message: "Vor „{written}“ steht „{suggestion}“: Im Englischen steht „{suggestion}“ vor einem {sound}.", shortMessage: "a oder an",
            title: "a oder an",
            detail: "Es zählt der Laut, nicht der Buchstabe: „an“ vor einem Vokallaut (an apple, an hour, an MBA), „a“ vor einem Konsonantenlaut (a dog, a university, a one-off)."),
        .es: RuleText(
            message: "Escriba «{suggestion}» delante de «{written}»: en inglés, «{suggestion}» va delante de un sonido {sound}.", shortMessage: "a o an",
            title: "a o an",
            detail: "Decide el sonido, no la letra: «an» delante de sonido vocálico (an apple, an hour, an MBA), «a» delante de sonido consonántico (a dog, a university, a one-off)."),
    ]

    static let soundNames: [ExplanationLanguage: (vowel: String, consonant: String)] = [
        .en: ("vowel", "consonant"), .fr: ("de voyelle", "de consonne"),
        .de: ("Vokallaut", "Konsonantenlaut"), .es: ("vocálico", "consonántico"),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        for index in tokens.indices where tokens[index].kind == .word {
            let article = document.lowercasedTexts[index]
            guard article == "a" || article == "an", index + 2 < tokens.count,
                  tokens[index + 1].kind == .space,
                  tokens[index + 2].kind == .word || tokens[index + 2].kind == .number
                    || tokens[index + 2].skipReason == .acronym
            else { continue }
            // "a" before "of", "and", "is" is a letter or a label ("part a of the form"), not the article.
            let following = document.lowercasedTexts[index + 2]
            if context.grammar.lexicon.tags(of: following).containsAny(Self.notAfterArticle)
                || ["is", "are", "was", "were", "'s"].contains(following) {
                continue
            }
            let writtenArticle = document.text(of: tokens[index])
            // A capital "A" inside a sentence is a letter (vitamin A, Part A), not the article.
            if writtenArticle == "A", let previous = document.previousSignificant(before: index),
               tokens[previous].kind == .word || tokens[previous].kind == .number {
                continue
            }
            // "a" as a letter in a list or a label ("a)", "a-b") is not the article.
            if index + 3 < tokens.count, tokens[index + 3].kind == .punctuation,
               document.firstByte(of: index + 3) == UInt8(ascii: "-") {
                if tokens[index + 2].kind == .number { continue }
            }
            var next = document.text(of: tokens[index + 2])
            // Text in capitals ("NOT A LAW FIRM"): a word of the dictionary is read as a word.
            if writtenArticle.allSatisfy(\.isUppercase), next.count >= 3, next.allSatisfy({ $0.isUppercase }),
               context.isKnownWord(next.lowercased()) {
                next = next.lowercased()
            }
            guard let vowelSound = Self.startsWithVowelSound(
                next, isNumber: tokens[index + 2].kind == .number, sounds: context.grammar.firstSounds) else { continue }
            let wanted = vowelSound ? "an" : "a"
            guard article != wanted else { continue }
            let suggestion = writtenArticle.first!.isUppercase ? WordCase.capitalizingFirst(wanted) : wanted
            let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
            let names = Self.soundNames[context.explanationLanguage] ?? Self.soundNames[.en]!
            func fill(_ template: String) -> String {
                RuleText.fill(template, ["suggestion": wanted, "written": next, "sound": vowelSound ? names.vowel : names.consonant])
            }
            matches.append(
                document.match(
                    tokens: index..<index + 1, category: category, rule: id, message: fill(text.message),
                    shortMessage: text.shortMessage, suggestions: [suggestion],
                    explanation: Explanation(kind: .grammar, title: text.title, detail: text.detail)
                )
            )
        }
        return matches
    }

    /// Word classes that never follow the article: a word of these after "a" means "a" is a letter.
    static let notAfterArticle = WordTags([.IN, .CC, .PRP, .PRPO, .MD, .DT])

    /// Beginnings of words written with a vowel but said with a consonant sound.
    static let consonantSoundBeginnings = [
        "unic", "unif", "unix", "unil", "uniq", "unis", "unit", "univ", "unio", "usa", "use", "usi", "usu", "uti", "ura", "ure",
        "uri", "uro", "ubiq", "uku", "ufo", "uga", "ukr", "eu", "ewe", "one-", "once", "ouija",
    ]
    /// Beginnings of words written with a consonant but said with a vowel sound (a silent h).
    static let vowelSoundBeginnings = ["hour", "honest", "honor", "honour", "heir"]
    /// Letters whose names start with a vowel sound: an F, an M, an X.
    static let vowelSoundLetters: Set<Character> = ["A", "E", "F", "H", "I", "L", "M", "N", "O", "R", "S", "X"]

    /// Whether a word starts with a vowel sound; `nil` when it cannot be told. The pronouncing
    /// dictionary (`sounds`) decides a word it has: said both ways ("an SQL" and "a SQL"), either
    /// article is right; an acronym the dictionary has as a word ("MOS", "LED") may be said as
    /// that word or letter by letter, and is left alone where the two disagree. A word it lacks
    /// is told by its letters, as below.
    static func startsWithVowelSound(_ word: String, isNumber: Bool, sounds: FirstSounds? = nil) -> Bool? {
        if isNumber {
            // eight, eleven, eighteen, eighty...: the numbers said with a vowel first.
            if word.hasPrefix("8") { return true }
            let digits = word.prefix { $0.isNumber || $0 == "," }
            if digits == "11" || digits == "18" || digits.hasPrefix("11,") || digits.hasPrefix("18,") { return true }
            return word.first?.isNumber == true ? false : nil
        }
        guard let first = word.first else { return nil }
        let letters = word.filter(\.isLetter)
        // A short word in small letters without a vowel is said letter by letter ("an
        // sh-compatible shell", "an ls command"), whatever the dictionary says of the
        // interjection; titles (Mr, Dr, St) and acronyms are decided below.
        let head = word.prefix { $0 != "-" }.filter(\.isLetter)
        if (2...4).contains(head.count), head.allSatisfy(\.isLowercase), !head.contains(where: { "aeiouy".contains($0) }) {
            return vowelSoundLetters.contains(Character(first.uppercased()))
        }
        if let sound = sounds?.firstSound(of: word) {
            guard sound != .either else { return nil }
            let asWord = sound == .vowel
            if letters.count >= 2, letters.allSatisfy(\.isUppercase), vowelSoundLetters.contains(first) != asWord { return nil }
            return asWord
        }
        // A word that starts with two capitals or more starts with an acronym ("an RFLink", "an
        // FFmpeg input"): said as the dictionary says it ("SQLite": SQL, letters or "sequel"),
        // else letter by letter.
        if letters.count >= 3, letters.prefix(2).allSatisfy(\.isUppercase), !letters.allSatisfy(\.isUppercase) {
            let capitals = letters.prefix { $0.isUppercase }
            for acronym in [capitals, capitals.dropLast()] where acronym.count >= 2 {
                guard let sound = sounds?.firstSound(of: String(acronym)) else { continue }
                return sound == .either ? nil : sound == .vowel
            }
            return vowelSoundLetters.contains(first)
        }
        // An acronym said letter by letter: "an MBA", "a URL". Short capitals without a vowel
        // after the first letter are read as letters; others (NASA, NATO) as words.
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) {
            let second = letters[letters.index(after: letters.startIndex)]
            let readAsWord = letters.count >= 4 && "AEIOU".contains(second) && !"AEIOU".contains(first)
            // Three capitals with a vowel between may be said as a word (NUL, LAN, MAC, RAM) or
            // as letters: where the two disagree, either article is right.
            if letters.count == 3, "AEIOU".contains(second), !"AEIOU".contains(first), vowelSoundLetters.contains(first) { return nil }
            if !readAsWord { return vowelSoundLetters.contains(first) }
        }
        let lower = word.lowercased()
        if lower.count == 1 { return nil }
        if lower == "one" { return false }
        if vowelSoundBeginnings.contains(where: lower.hasPrefix) { return true }
        if consonantSoundBeginnings.contains(where: lower.hasPrefix) { return false }
        guard let letter = lower.first, letter.isLetter, letter.isASCII else { return nil }
        // An x before a consonant is said "ex" (an Xtensa processor, an Xbox).
        if letter == "x", let second = lower.dropFirst().first, second.isLetter, !"aeiouy".contains(second) { return true }
        // A u before one consonant and a vowel is as often "you" (ukulele, unary, uterus) as a
        // vowel (umami): a word the pronouncing dictionary lacks is left alone.
        let next = Array(lower.unicodeScalars.dropFirst().prefix(2))
        if letter == "u", next.count == 2, !"aeiouy".unicodeScalars.contains(next[0]), "aeiouy".unicodeScalars.contains(next[1]) {
            return nil
        }
        return "aeiou".contains(letter)
    }
}
