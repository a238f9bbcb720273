/// A rough spelling of how a word sounds, in the manner of Aspell's "soundslike": words spelled
/// by ear (`redickulus`, `ridiculous`) share a key even when they are many edits apart.
///
/// Keys are ASCII bytes. English follows the ideas of Lawrence Philips' Metaphone (vowels after
/// the first letter dropped, `ph` = `f`, soft `c` = `s`, silent `gh`, `kn`, `wr`, ...). Spanish
/// spells its sounds regularly, so its key keeps the vowels and merges only what sounds alike
/// (`b`/`v`, silent `h`, `ll`/`y`, soft `c`/`z`/`s`, `qu`/`k`, soft `g`/`j`). German, in the
/// manner of Hunspell's `PHONE` tables and the Kölner Phonetik, keeps its vowels but folds what
/// German writers confuse by ear: vowel length (`ie`/`i`, `ah`/`a`, `ee`/`e`, a silent `h`),
/// doubled consonants, `ä`/`e`, `ai`/`ei`, `äu`/`eu`, `th`/`t`, `dt`/`d`/`t`, `ph`/`v`/`f`,
/// `ß`/`ss`/`s`, `ck`/`k`/`ch` before `s`, `tz`/`z`/`ts`, final devoicing (`b`, `g`).
/// Other languages have no key: `PhoneticKey(language:)` returns `nil`.
struct PhoneticKey: Sendable {
    private enum Rules: Sendable {
        case english
        case spanish
        case german
    }

    private let rules: Rules

    /// Whether keys one deletion apart sound alike too. Not in German, whose key already folds
    /// what writers confuse by ear: there the deletions found no other first or fifth suggestion
    /// on the German lists and made the index nearly three times larger (docs/performance.md).
    var matchesDeletions: Bool { rules != .german }

    /// The key function of a language, if it has one.
    init?(language: String) {
        switch language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased() {
        case "en": rules = .english
        case "es": rules = .spanish
        case "de": rules = .german
        default: return nil
        }
    }

    /// The key of a lowercase word; letters outside a-z (after removing accents) are skipped.
    func key(of word: String) -> [UInt8] {
        var letters: [UInt8] = []
        letters.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            let base = scalar.isASCII ? scalar : (String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar)
            if rules == .german, let umlaut = Self.germanLetters[scalar] {
                // Umlauts are other vowels in German, not accented ones.
                letters.append(umlaut)
            } else if scalar == "ñ" {
                // Kept apart from n in Spanish: "año" is not "ano".
                letters.append(rules == .spanish ? Self.eñe : UInt8(ascii: "n"))
            } else if base.isASCII, base.properties.isLowercase {
                letters.append(UInt8(base.value))
            }
        }
        switch rules {
        case .english: return Self.english(letters)
        case .spanish: return Self.spanish(letters)
        case .german: return Self.german(letters)
        }
    }

    /// Stand for ä, ö, ü and ß among the German letters.
    private static let germanLetters: [Unicode.Scalar: UInt8] = ["ä": 2, "ö": 3, "ü": 4, "ß": 5]

    /// Stands for ñ among the Spanish letters.
    private static let eñe: UInt8 = 1

    private static func isVowel(_ letter: UInt8) -> Bool {
        letter == 0x61 || letter == 0x65 || letter == 0x69 || letter == 0x6F || letter == 0x75
    }

    private static func english(_ raw: [UInt8]) -> [UInt8] {
        // Doubled letters sound as one (except "cc", which can be "ks").
        var word: [UInt8] = []
        for letter in raw where word.last != letter || letter == UInt8(ascii: "c") { word.append(letter) }
        guard !word.isEmpty else { return [] }
        let text = word
        func at(_ index: Int) -> UInt8 { index >= 0 && index < text.count ? text[index] : 0 }
        func ascii(_ character: Character) -> UInt8 { character.asciiValue! }
        var start = 0
        switch (at(0), at(1)) {
        case (ascii("k"), ascii("n")), (ascii("g"), ascii("n")), (ascii("p"), ascii("n")),
             (ascii("w"), ascii("r")), (ascii("p"), ascii("s")):
            start = 1
        default: break
        }
        var key: [UInt8] = []
        func emit(_ character: Character) {
            let value = ascii(character)
            if key.last != value { key.append(value) }
        }
        var index = start
        while index < text.count {
            let letter = text[index], next = at(index + 1), afterNext = at(index + 2), previous = at(index - 1)
            switch Character(Unicode.Scalar(letter)) {
            case "a", "e", "i", "o", "u":
                if index == start { emit("A") }
            case "y":
                if isVowel(next) { emit("Y") } else if index == start { emit("A") }
            case "b":
                if !(previous == ascii("m") && next == 0) { emit("B") }
            case "c":
                if next == ascii("h") {
                    emit(previous == ascii("s") ? "K" : "X")
                    index += 1
                } else if next == ascii("i") && afterNext == ascii("a") {
                    emit("X")
                } else if next == ascii("i") || next == ascii("e") || next == ascii("y") {
                    if previous != ascii("s") { emit("S") }
                } else if next == ascii("k") {
                    emit("K")
                    index += 1
                } else {
                    emit("K")
                }
            case "d":
                if next == ascii("g") && (afterNext == ascii("e") || afterNext == ascii("i") || afterNext == ascii("y")) {
                    emit("J")
                    index += 1
                } else {
                    emit("T")
                }
            case "g":
                if next == ascii("h") {
                    // "gh" before a vowel is a hard g (ghost); elsewhere silent (night) or f (laugh).
                    if isVowel(afterNext) && index == start { emit("K") }
                    index += 1
                } else if next == ascii("n") && (afterNext == 0 || (afterNext == ascii("e") && at(index + 3) == ascii("d"))) {
                    // silent: sign, signed
                } else if next == ascii("e") || next == ascii("i") || next == ascii("y") {
                    emit("J")
                } else {
                    emit("K")
                }
            case "h":
                let afterSilencer = [ascii("c"), ascii("s"), ascii("p"), ascii("t"), ascii("g")].contains(previous)
                if isVowel(next) && !afterSilencer { emit("H") }
            case "k":
                if previous != ascii("c") { emit("K") }
            case "p":
                if next == ascii("h") {
                    emit("F")
                    index += 1
                } else {
                    emit("P")
                }
            case "q": emit("K")
            case "s":
                if next == ascii("h") {
                    emit("X")
                    index += 1
                } else if next == ascii("i") && (afterNext == ascii("o") || afterNext == ascii("a")) {
                    emit("X")
                } else {
                    emit("S")
                }
            case "t":
                if next == ascii("i") && (afterNext == ascii("o") || afterNext == ascii("a")) {
                    emit("X")
                } else if next == ascii("h") {
                    emit("0")
                    index += 1
                } else if !(next == ascii("c") && afterNext == ascii("h")) {
                    emit("T")
                }
            case "v": emit("F")
            case "w":
                if isVowel(next) { emit("W") }
            case "x":
                if index == start { emit("S") } else { emit("K"); key.append(ascii("S")) }
            case "z": emit("S")
            default:
                emit(Character(Unicode.Scalar(letter - 0x20)))
            }
            index += 1
        }
        return key
    }

    private static func spanish(_ raw: [UInt8]) -> [UInt8] {
        let text = raw
        func at(_ index: Int) -> UInt8 { index >= 0 && index < text.count ? text[index] : 0 }
        func ascii(_ character: Character) -> UInt8 { character.asciiValue! }
        var key: [UInt8] = []
        func emit(_ character: Character) {
            let value = ascii(character)
            if key.last != value { key.append(value) }
        }
        var index = 0
        while index < text.count {
            let letter = text[index], next = at(index + 1)
            let softNext = next == ascii("e") || next == ascii("i")
            switch Character(Unicode.Scalar(letter)) {
            case "h": break
            case "b", "v", "w": emit("B")
            case "c":
                if next == ascii("h") {
                    emit("X")
                    index += 1
                } else if softNext {
                    emit("S")
                } else {
                    emit("K")
                }
            case "z", "s": emit("S")
            case "q":
                emit("K")
                if next == ascii("u") { index += 1 }
            case "k": emit("K")
            case "g":
                if softNext {
                    emit("J")
                } else {
                    emit("G")
                    if next == ascii("u") && (at(index + 2) == ascii("e") || at(index + 2) == ascii("i")) { index += 1 }
                }
            case "j": emit("J")
            case "l":
                if next == ascii("l") {
                    emit("Y")
                    index += 1
                } else {
                    emit("L")
                }
            case "y":
                emit(index + 1 == text.count ? "I" : "Y")
            case "x": emit("K"); key.append(ascii("S"))
            case "r":
                emit("R")
                if next == ascii("r") { index += 1 }
            case _ where letter == eñe:
                key.append(ascii("N"))
                key.append(ascii("Y"))
            default:
                emit(Character(Unicode.Scalar(letter >= 0x61 ? letter - 0x20 : letter)))
            }
            index += 1
        }
        return key
    }

    private static func german(_ text: [UInt8]) -> [UInt8] {
        let ä: UInt8 = 2, ö: UInt8 = 3, ü: UInt8 = 4, ß: UInt8 = 5
        func at(_ index: Int) -> UInt8 { index >= 0 && index < text.count ? text[index] : 0 }
        func ascii(_ character: Character) -> UInt8 { character.asciiValue! }
        func isGermanVowel(_ letter: UInt8) -> Bool {
            isVowel(letter) || letter == ascii("y") || letter == ä || letter == ö || letter == ü
        }
        var key: [UInt8] = []
        // Consecutive equal sounds are one: doubled letters, `ee`, `ck`, `dt`.
        func emit(_ character: Character) {
            let value = ascii(character)
            if key.last != value { key.append(value) }
        }
        var index = 0
        while index < text.count {
            let letter = text[index], next = at(index + 1), afterNext = at(index + 2), previous = at(index - 1)
            let isLast = next == 0
            var skip = 0
            switch letter {
            case ascii("a"), ascii("e"), ä, ascii("o"):
                let closing = next == ascii("i") || next == ascii("y")
                if closing && (letter == ascii("a") || letter == ascii("e")) {
                    emit("1")  // ei, ai, ey, ay
                    skip = 1
                } else if (next == ascii("u") && (letter == ascii("e") || letter == ä)) || (closing && letter == ascii("o")) {
                    emit("2")  // eu, äu, oi, oy
                    skip = 1
                } else if next == ascii("u") && letter == ascii("a") {
                    emit("3")  // au
                    skip = 1
                } else {
                    emit(letter == ascii("a") ? "A" : letter == ascii("o") ? "O" : "E")
                }
            case ascii("i"), ascii("y"):
                emit("I")
                if next == ascii("e") { skip = 1 }
            case ascii("u"): emit("U")
            case ö: emit("8")
            case ü: emit("9")
            case ascii("h"):
                // Silent after a vowel (`Kahn`, `sehen`) and in `rh`.
                if !isGermanVowel(previous) && previous != ascii("r") { emit("H") }
            case ascii("b"): emit(isLast ? "P" : "B")
            case ascii("p"):
                if next == ascii("h") {
                    emit("F")
                    skip = 1
                } else {
                    emit("P")
                }
            case ascii("d"), ascii("t"):
                if next == ascii("h") { skip = 1 }
                if next == ascii("z") || (next == ascii("s") && afterNext == 0) {
                    emit("Z")  // tz, and a final ts or ds
                    skip = 1
                } else if letter == ascii("t") && next == ascii("i") && afterNext == ascii("o") {
                    emit("Z")  // Nation
                } else {
                    emit("T")
                }
            case ascii("f"), ascii("v"): emit("F")
            case ascii("w"): emit("W")
            case ascii("g"):
                if isLast && previous == ascii("i") {
                    emit("C")  // König sounds as Könich
                } else {
                    emit(isLast ? "K" : "G")
                }
            case ascii("k"): emit("K")
            case ascii("q"):
                emit("K")
                if next == ascii("u") {
                    emit("W")
                    skip = 1
                }
            case ascii("c"):
                if next == ascii("h") {
                    if afterNext == ascii("s") {
                        emit("K")
                        emit("S")
                        skip = 2
                    } else if index == 0 && (isGermanVowel(afterNext) || afterNext == ascii("r") || afterNext == ascii("l")) {
                        emit("K")  // Chor, Christ, Chlor
                        skip = 1
                    } else {
                        emit("C")
                        skip = 1
                    }
                } else if next == ascii("e") || next == ascii("i") || next == ascii("y") || next == ä {
                    emit("Z")
                } else {
                    emit("K")
                }
            case ascii("x"):
                emit("K")
                emit("S")
            case ascii("s"), ß:
                if letter == ascii("s") && next == ascii("c") && afterNext == ascii("h") {
                    emit("4")
                    skip = 2
                } else {
                    emit("S")
                }
            case ascii("z"): emit("Z")
            case ascii("j"): emit("J")
            case ascii("l"): emit("L")
            case ascii("m"): emit("M")
            case ascii("n"): emit("N")
            case ascii("r"): emit("R")
            default: emit("_")
            }
            index += 1 + skip
        }
        return key
    }
}
