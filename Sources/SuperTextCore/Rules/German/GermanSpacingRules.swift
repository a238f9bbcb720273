/// German rules read on the token stream, spaces included: no space inside quotes and
/// parentheses („ Der → „Der), an apostrophe where an accent stands (Geht´s → Geht’s), a space
/// between a number and its unit (5% → 5 %), and "bis" in a range after "von" (von 9–10 → von 9 bis 10).
public struct GermanSpacingRule: ProofreadingRule {
    public enum Kind: Sendable { case quoteSpace, accentApostrophe, unitSpace, range }
    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public var id: String {
        switch kind {
        case .quoteSpace: "DE_LEERZEICHEN_ANFUEHRUNG"
        case .accentApostrophe: "DE_AKZENT_APOSTROPH"
        case .unitSpace: "DE_EINHEIT_LEERZEICHEN"
        case .range: "DE_VON_BIS"
        }
    }
    public var category: MatchCategory { kind == .range ? .style : .typography }
    public var description: String {
        switch kind {
        case .quoteSpace: "No space after an opening quote or before a closing one, nor inside parentheses."
        case .accentApostrophe: "An apostrophe, not an accent, marks a left-out letter: geht’s."
        case .unitSpace: "A space between a number and its unit or sign: 5 %, 10 €."
        case .range: "After \"von\", a range takes \"bis\": von 9 bis 10 Uhr."
        }
    }
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public var examples: [RuleExample] {
        switch kind {
        case .quoteSpace: [
            .wrong("Er sagte: „ Der Garten ist schön.“", "Er sagte: „Der Garten ist schön.“", language: "de-DE"),
            .wrong("Er sagte: » Der Garten ist schön.«", "Er sagte: »Der Garten ist schön.«", language: "de-DE"),
            .wrong("»Der Garten ist schön «, sagte er.", "»Der Garten ist schön«, sagte er.", language: "de-DE"),
            .wrong("Der (zwar nur kleine ) Garten ist schön.", "Der (zwar nur kleine) Garten ist schön.", language: "de-DE"),
            .right("Er sagte: „Der Garten ist schön.“ Der (kleine) Garten. »Schön«, sagte er.", language: "de-DE"),
        ]
        case .accentApostrophe: [
            .wrong("Geht´s noch?", "Geht’s noch?", language: "de-DE"),
            .wrong("Auf´n Dachboden musst du gehen.", "Auf’n Dachboden musst du gehen.", language: "de-DE"),
            .right("Geht’s noch? Das Café. Der Akzent ´ allein.", language: "de-DE"),
        ]
        case .unitSpace: [
            .wrong("Die Steigung beträgt 5%.", "Die Steigung beträgt 5 %.", language: "de-DE"),
            .wrong("Das kostet 1,4€.", "Das kostet 1,4 €.", language: "de-DE"),
            .wrong("Er wiegt 5kg.", "Er wiegt 5 kg.", language: "de-DE"),
            .right("Die Steigung beträgt 5 %. Das kostet 10 €. Der 5-prozentige Anteil. Er fährt einen A4.", language: "de-DE"),
        ]
        case .range: [
            .wrong("Pilze von A-Z.", "Pilze von A bis Z.", language: "de-DE"),
            .wrong("Wir haben von 9–10 Uhr geöffnet.", "Wir haben von 9 bis 10 Uhr geöffnet.", language: "de-DE"),
            .wrong("Von Zeile 7 - 11 wird geprüft.", "Von Zeile 7 bis 11 wird geprüft.", language: "de-DE"),
            .right("Von 9 bis 10 Uhr. Die Seiten 7–11. Von A bis Z.", language: "de-DE"),
        ]
        }
    }

    static let texts: [Kind: [ExplanationLanguage: RuleText]] = [
        .quoteSpace: [
            .en: RuleText(message: "No space here: '{suggestion}'.", shortMessage: "Space in quotes", title: "No space inside quotes",
                          detail: "Quotation marks and parentheses hug the words they enclose: „Der Garten“, »Der Garten«, (kleine). A space goes outside them, never inside."),
            .fr: RuleText(message: "Pas d’espace ici : « {suggestion} ».", shortMessage: "Espace dans les guillemets", title: "Pas d’espace dans les guillemets allemands",
                          detail: "En allemand, guillemets et parenthèses touchent les mots qu’ils entourent : „Der Garten“, »Der Garten«, (kleine). L’espace se met à l’extérieur, jamais à l’intérieur."),
            .de: RuleText(message: "Hier steht kein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen in Anführungszeichen", title: "Kein Leerzeichen innerhalb von Anführungszeichen",
                          detail: "Anführungszeichen und Klammern stehen direkt an den Wörtern, die sie einschließen: „Der Garten“, »Der Garten«, (kleine). Ein Leerzeichen steht außen, nie innen."),
            .es: RuleText(message: "Aquí no va espacio: «{suggestion}».", shortMessage: "Espacio en comillas", title: "Sin espacio dentro de las comillas",
                          detail: "Las comillas y los paréntesis van pegados a las palabras que encierran: „Der Garten“, »Der Garten«, (kleine). El espacio va fuera, nunca dentro."),
        ],
        .accentApostrophe: [
            .en: RuleText(message: "Use an apostrophe: '{suggestion}'.", shortMessage: "Accent for apostrophe", title: "An apostrophe, not an accent",
                          detail: "A left-out letter is marked by an apostrophe (’ or '): geht’s, auf’n. The accents ´ and ` are not apostrophes; they only sit on letters."),
            .fr: RuleText(message: "Mettez une apostrophe : « {suggestion} ».", shortMessage: "Accent pour apostrophe", title: "Une apostrophe, pas un accent",
                          detail: "Une lettre omise se marque d’une apostrophe (’ ou ') : geht’s, auf’n. Les accents ´ et ` ne sont pas des apostrophes ; ils ne vont que sur des lettres."),
            .de: RuleText(message: "Setzen Sie einen Apostroph: „{suggestion}“.", shortMessage: "Akzent statt Apostroph", title: "Apostroph statt Akzent",
                          detail: "Ein ausgelassener Buchstabe wird mit dem Apostroph (’ oder ') markiert: geht’s, auf’n. Die Akzente ´ und ` sind keine Apostrophe, sie stehen nur auf Buchstaben."),
            .es: RuleText(message: "Use un apóstrofo: «{suggestion}».", shortMessage: "Acento por apóstrofo", title: "Un apóstrofo, no un acento",
                          detail: "Una letra omitida se marca con apóstrofo (’ o '): geht’s, auf’n. Los acentos ´ y ` no son apóstrofos; solo van sobre letras."),
        ],
        .unitSpace: [
            .en: RuleText(message: "Put a space between the number and its unit: '{suggestion}'.", shortMessage: "Space before unit", title: "A space before a unit",
                          detail: "German puts a space between a number and its unit, currency or percent sign: 5 %, 10 €, 3 kg. Written together, the number is an adjective's first part: 5-prozentig, 3-kg-Packung."),
            .fr: RuleText(message: "Mettez une espace entre le nombre et son unité : « {suggestion} ».", shortMessage: "Espace avant l’unité", title: "Une espace avant l’unité",
                          detail: "L’allemand met une espace entre un nombre et son unité, sa monnaie ou le signe pour cent : 5 %, 10 €, 3 kg. Soudé, le nombre est le début d’un adjectif : 5-prozentig, 3-kg-Packung."),
            .de: RuleText(message: "Zwischen Zahl und Einheit steht ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen vor Einheit", title: "Leerzeichen vor der Einheit",
                          detail: "Zwischen einer Zahl und ihrer Einheit, Währung oder dem Prozentzeichen steht ein Leerzeichen: 5 %, 10 €, 3 kg. Zusammengeschrieben ist die Zahl Teil eines Adjektivs: 5-prozentig, 3-kg-Packung."),
            .es: RuleText(message: "Ponga un espacio entre el número y su unidad: «{suggestion}».", shortMessage: "Espacio antes de la unidad", title: "Un espacio antes de la unidad",
                          detail: "El alemán pone un espacio entre un número y su unidad, su moneda o el signo de porcentaje: 5 %, 10 €, 3 kg. Unido, el número es el comienzo de un adjetivo: 5-prozentig, 3-kg-Packung."),
        ],
        .range: [
            .en: RuleText(message: "After 'von', write the range with 'bis': '{suggestion}'.", shortMessage: "von … bis", title: "von … bis",
                          detail: "A dash may stand for 'bis' in a bare range (Seiten 7–11), but after 'von' the pair is written out: von 9 bis 10 Uhr, von A bis Z."),
            .fr: RuleText(message: "Après « von », écrivez l’intervalle avec « bis » : « {suggestion} ».", shortMessage: "von … bis", title: "von … bis",
                          detail: "Un tiret peut remplacer « bis » dans un intervalle seul (Seiten 7–11), mais après « von » la paire s’écrit en toutes lettres : von 9 bis 10 Uhr, von A bis Z."),
            .de: RuleText(message: "Nach „von“ steht „bis“: „{suggestion}“.", shortMessage: "von … bis", title: "von … bis",
                          detail: "Ein Strich kann in einer bloßen Spanne für „bis“ stehen (Seiten 7–11), aber nach „von“ schreibt man das Paar aus: von 9 bis 10 Uhr, von A bis Z."),
            .es: RuleText(message: "Tras «von», escriba el intervalo con «bis»: «{suggestion}».", shortMessage: "von … bis", title: "von … bis",
                          detail: "Un guion puede sustituir a «bis» en un intervalo solo (Seiten 7–11), pero tras «von» el par se escribe entero: von 9 bis 10 Uhr, von A bis Z."),
        ],
    ]

    /// Units and signs written after a number.
    static let units: Set<String> = [
        "%", "‰", "€", "$", "£", "¥", "kg", "g", "mg", "t", "km", "m", "cm", "mm", "µm", "nm", "l", "ml", "cl", "dl", "h", "min", "s", "ms",
        "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "zib", "pb", "mt", "kt", "w", "kw", "mw", "gw", "kwh", "v", "kv", "a", "ma", "hz", "khz", "mhz", "ghz",
        "ps", "km/h", "°c", "ha",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let tokens = document.tokens
        let ruleText = Self.texts[kind]![context.explanationLanguage] ?? Self.texts[kind]![.en]!
        func add(_ range: Range<Int>, _ suggestion: String) {
            matches.append(document.match(
                tokens: range, category: category, rule: id,
                message: ruleText.message.replacingOccurrences(of: "{suggestion}", with: suggestion), shortMessage: ruleText.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)
            ))
        }
        /// The token as written, for suggestions; `lowered` (read once per document) for tests.
        func text(_ index: Int) -> String { document.text(of: tokens[index]) }
        func lowered(_ index: Int) -> String { document.lowercasedTexts[index] }
        /// The token's bytes: skipped tokens ("5kg", "McDonald´s") have no lowercase text.
        func raw(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: document.bytes[tokens[index].byteRange]) }
        for range in document.sentenceTokens {
            func kindAt(_ index: Int) -> TextToken.Kind? { range.contains(index) ? tokens[index].kind : nil }
            func isSpace(_ index: Int) -> Bool { kindAt(index) == .space }
            switch kind {
            case .quoteSpace:
                for index in range where tokens[index].kind == .punctuation {
                    let mark = lowered(index)
                    guard ["„", "»", "(", "«", "“", ")"].contains(mark) else { continue }
                    let opensBefore = index == range.lowerBound || isSpace(index - 1) || [":", "("].contains(index > range.lowerBound ? lowered(index - 1) : "")
                    if mark == "„" || mark == "»" && opensBefore || mark == "(" {
                        // An opening mark, a space, then a word.
                        guard isSpace(index + 1), kindAt(index + 2) == .word, mark != "(" || opensBefore else { continue }
                        add(index..<index + 3, mark + text(index + 2))
                    } else if mark == "«" || mark == "“" || mark == ")" {
                        // A word or a sentence's end, a space, then a closing mark that ends there.
                        guard index - 2 >= range.lowerBound, isSpace(index - 1),
                              kindAt(index - 2) == .word || [".", "!", "?"].contains(lowered(index - 2)),
                              index + 1 == range.upperBound || isSpace(index + 1) || kindAt(index + 1) == .punctuation && [",", ".", ";", ":", "!", "?"].contains(lowered(index + 1)),
                              // A closing mark needs its opening one before it.
                              (range.lowerBound..<index).contains(where: { lowered($0) == (mark == "«" ? "»" : mark == "“" ? "„" : "(") })
                        else { continue }
                        add(index - 2..<index + 1, text(index - 2) + mark)
                    }
                }
            case .accentApostrophe:
                for index in range where tokens[index].kind == .punctuation || tokens[index].kind == .skipped || tokens[index].kind == .word {
                    // The accents' bytes: ´ is C2 B4, ` is 60.
                    let bytes = raw(index)
                    guard bytes.contains(0x60) || bytes.contains(0xB4) else { continue }
                    let written = text(index)
                    if written == "´" || written == "`" {
                        // Between two letters, with no space: "Geht ´ s" is no apostrophe.
                        guard index > range.lowerBound, kindAt(index - 1) == .word || kindAt(index - 1) == .skipped,
                              kindAt(index + 1) == .word || kindAt(index + 1) == .skipped else { continue }
                        add(index - 1..<index + 2, text(index - 1) + "’" + text(index + 1))
                    } else if written.count > 2,
                              let mark = written.firstIndex(where: { $0 == "´" || $0 == "`" }),
                              mark == written.startIndex || written[written.index(before: mark)].isLetter {
                        add(index..<index + 1, written.replacingOccurrences(of: "´", with: "’").replacingOccurrences(of: "`", with: "’"))
                    }
                }
            case .unitSpace:
                for index in range where tokens[index].kind == .number || tokens[index].kind == .skipped {
                    guard let firstByte = raw(index).first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(firstByte) else { continue }
                    let written = text(index)
                    // "1,4€" may come as "1", ",", "4€": the number starts at its first part.
                    var start = index
                    var prefix = ""
                    while start - 2 >= range.lowerBound, kindAt(start - 1) == .punctuation, [",", "."].contains(text(start - 1)),
                          text(start - 2).allSatisfy(\.isNumber) {
                        prefix = text(start - 2) + text(start - 1) + prefix
                        start -= 2
                    }
                    // Not the minutes of "7:00h" or a part after a dash ("3-5%" is read from its start).
                    guard start == range.lowerBound || isSpace(start - 1)
                            || kindAt(start - 1) == .punctuation && ["(", "„", "»", "\""].contains(text(start - 1)) else { continue }
                    // The number and its unit as one token ("5kg", "5ZiB"), or two with nothing between ("5", "%").
                    let digits = written.prefix { $0.isNumber || $0 == "," || $0 == "." }
                    let tail = written.dropFirst(digits.count)
                    if !tail.isEmpty {
                        guard digits.last?.isNumber == true, Self.units.contains(tail.lowercased()),
                              index + 1 >= range.upperBound || !["²", "³"].contains(text(index + 1)) else { continue }
                        add(start..<index + 1, prefix + digits + " " + tail)
                    } else if index + 1 < range.upperBound, tokens[index + 1].kind != .space, Self.units.contains(text(index + 1).lowercased()),
                              // "5%-Hürde", "5%ige": the sign inside a word.
                              index + 2 >= range.upperBound || tokens[index + 2].kind == .space || tokens[index + 2].kind == .punctuation && text(index + 2) != "-" {
                        add(start..<index + 2, prefix + written + " " + text(index + 1))
                    }
                }
            case .range:
                for index in range where tokens[index].kind == .word && ["von", "vom"].contains(document.lowercasedTexts[index]) {
                    // von [Zeile] X–Y: the first item after "von" or after one noun. After a noun
                    // ("Temperaturen von 9–10 Grad"), "von" gives a quantity and the dash is a range's own.
                    let afterNoun = index > range.lowerBound + 1 && isSpace(index - 1) && kindAt(index - 2) == .word
                        && WordCase.startsWithCapital(text(index - 2))
                    var start = index + 2
                    guard isSpace(index + 1), start < range.upperBound else { continue }
                    if kindAt(start) == .word, WordCase.startsWithCapital(text(start)), text(start).count > 1, isSpace(start + 1) { start += 2 }
                    func isItem(_ token: String) -> Bool {
                        let core = token.hasSuffix(".") ? String(token.dropLast()) : token
                        return !core.isEmpty && (core.allSatisfy(\.isNumber) || core.count == 1 && core.first!.isUppercase)
                    }
                    let first = text(start)
                    // One token: "A-Z", "9–10", "7.-10.".
                    for dash in ["-", "–"] where first.contains(Character(dash)) {
                        let parts = first.components(separatedBy: dash)
                        if parts.count == 2, isItem(parts[0]), isItem(parts[1]), !afterNoun || !parts[0].first!.isNumber {
                            add(start..<start + 1, parts[0] + " bis " + parts[1])
                        }
                    }
                    // Several tokens: the item (and its period), a dash with or without spaces, the item.
                    var end = start
                    var left = text(end)
                    guard isItem(left) || kindAt(end) == .number, !afterNoun || !(left.first?.isNumber ?? true) else { continue }
                    if end + 1 < range.upperBound, text(end + 1) == ".", (tokens[end].kind == .number) { left += "."; end += 1 }
                    var next = end + 1
                    if isSpace(next) { next += 1 }
                    guard next < range.upperBound, ["-", "–"].contains(text(next)) else { continue }
                    next += 1
                    if isSpace(next) { next += 1 }
                    guard next < range.upperBound, isItem(text(next)) || kindAt(next) == .number else { continue }
                    var right = text(next)
                    if next + 1 < range.upperBound, text(next + 1) == ".", left.hasSuffix("."), tokens[next].kind == .number { right += "."; next += 1 }
                    add(start..<next + 1, left + " bis " + right)
                }
            }
        }
        return matches
    }
}
