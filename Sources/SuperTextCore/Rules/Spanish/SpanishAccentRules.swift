/// "Esta" before a gerund (`ES_ESTA_GERUNDIO`): the verb estar, "está", never the demonstrative
/// ("Esta cantando" → "Está cantando", "esta siempre corriendo"). The lexicon lists no gerunds, so
/// a gerund is told by its ending (-ando, -iendo, -yendo) and by being no noun, adjective or other
/// form the lexicon knows (`comando`, `blando`, `estruendo`).
struct SpanishEstaGerundRule: ProofreadingRule {
    let id = "ES_ESTA_GERUNDIO"
    let category = MatchCategory.confusedWords
    let description = "'Esta' before a gerund, for 'está'."
    let isPicky = false
    let languages: Set<String> = ["es"]

    /// Adverbs that may stand between the verb and its gerund.
    static let between: Set<String> = ["siempre", "todavía", "aún", "ya", "ahora", "también", "solo", "sólo", "casi", "otra"]

    let examples: [RuleExample] = [
        .wrong("Esta cantando en el coro.", "Está cantando en el coro.", language: "es"),
        .wrong("Mi hermana esta estudiando medicina.", "Mi hermana está estudiando medicina.", language: "es"),
        .wrong("El niño esta siempre corriendo.", "El niño está siempre corriendo.", language: "es"),
        .wrong("Esta leyendo el periódico.", "Está leyendo el periódico.", language: "es"),
        .right("Está cantando. Esta canción es nueva. Esta mano de pintura.", language: "es"),
        .right("Esta comandancia está lejos. Esta blanda almohada.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Before a gerund this is the verb estar: write 'está', with an accent.", shortMessage: "esta o está",
            title: "Está before a gerund",
            detail: "'Está' with an accent is the verb estar (está cantando, she is singing); 'esta' without it is the demonstrative 'this' (esta canción). A gerund (-ando, -iendo) after it shows the verb."),
        .fr: RuleText(
            message: "Devant un gérondif, c’est le verbe estar : écrivez « está », avec accent.", shortMessage: "esta ou está",
            title: "Está devant un gérondif",
            detail: "« Está » avec accent est le verbe estar (está cantando, elle est en train de chanter) ; « esta » sans accent est le démonstratif « cette » (esta canción). Un gérondif (-ando, -iendo) après lui montre le verbe."),
        .de: RuleText(
            message: "Vor einem Gerundium ist es das Verb estar: Schreiben Sie „está“ mit Akzent.", shortMessage: "esta oder está",
            title: "Está vor einem Gerundium",
            detail: "„Está“ mit Akzent ist das Verb estar (está cantando, sie singt gerade); „esta“ ohne Akzent ist das Demonstrativ „diese“ (esta canción). Ein Gerundium (-ando, -iendo) danach zeigt das Verb."),
        .es: RuleText(
            message: "Ante un gerundio es el verbo estar: escriba «está», con tilde.", shortMessage: "esta o está",
            title: "Está ante gerundio",
            detail: "«Está» con tilde es el verbo estar (está cantando); «esta» sin tilde es el demostrativo (esta canción). Un gerundio (-ando, -iendo) detrás muestra que es el verbo."),
    ]

    /// Whether the word at `position` reads as a gerund.
    static func isGerund(_ sentence: RuleSentence, _ position: Int) -> Bool {
        let word = sentence.text(position)
        guard sentence.isWord(position), !sentence.isCapitalized(position), word.unicodeScalars.count >= 6,
              word.hasSuffix("ando") || word.hasSuffix("iendo") || word.hasSuffix("yendo")
        else { return false }
        return sentence.readings(position).isEmpty
    }

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.text(position) == "esta" {
                var next = position + 1
                if Self.between.contains(sentence.text(next)) { next += 1 }
                guard Self.isGerund(sentence, next) else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: ["está"]))
            }
        }
        return matches
    }
}

/// Months, days of the week and seasons with a capital inside a sentence (`ES_MINUSCULA_FECHAS`):
/// Spanish writes them in lowercase ("en Julio" → "en julio", "los Lunes", "este Verano"). Only
/// where the words around show a date, not a name: a number or a preposition of time before the
/// month, a lowercase word before the day, a determiner before the season, and never after a
/// capitalised name and "de" (Plaza de Mayo) nor before another capital (Viernes Santo, Viernes
/// de Dolores).
struct SpanishDateCapitalRule: ProofreadingRule {
    let id = "ES_MINUSCULA_FECHAS"
    let category = MatchCategory.typography
    let description = "No capital for months, days and seasons in Spanish."
    let isPicky = false
    let languages: Set<String> = ["es"]

    static let months: Set<String> = [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "setiembre", "octubre",
        "noviembre", "diciembre",
    ]
    static let days: Set<String> = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "sábados", "domingo", "domingos"]
    static let seasons: Set<String> = ["primavera", "verano", "otoño", "invierno"]
    static let beforeMonth: Set<String> = [
        "en", "de", "del", "desde", "hasta", "finales", "principios", "mediados", "mes", "este", "cada", "próximo", "pasado",
    ]
    static let beforeSeason: Set<String> = [
        "este", "esta", "en", "el", "la", "cada", "próximo", "próxima", "pasado", "pasada", "de", "del", "durante", "todo",
    ]

    let examples: [RuleExample] = [
        .wrong("Nos vemos en Agosto en la playa.", "Nos vemos en agosto en la playa.", language: "es"),
        .wrong("Nací el 3 de Mayo de 1990.", "Nací el 3 de mayo de 1990.", language: "es"),
        .wrong("Todos los Lunes voy al gimnasio.", "Todos los lunes voy al gimnasio.", language: "es"),
        .wrong("El Invierno pasado nevó mucho.", "El invierno pasado nevó mucho.", language: "es"),
        .right("Vivo cerca de la Plaza de Mayo. El Viernes Santo no abre. Julio vino ayer.", language: "es"),
        .right("El Viernes de Dolores cerramos la tienda.", language: "es"),
        .right("Nací el 3 de mayo. Enero es frío. Los lunes voy al gimnasio.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Spanish writes months, days and seasons in lowercase: '{suggestion}'.", shortMessage: "Lowercase",
            title: "No capital for months and days in Spanish",
            detail: "Unlike English, Spanish writes the names of months, days of the week and seasons in lowercase (en julio, los lunes, este verano), except at the start of a sentence and in names (Plaza de Mayo, Viernes Santo)."),
        .fr: RuleText(
            message: "L’espagnol écrit les mois, les jours et les saisons en minuscules : « {suggestion} ».", shortMessage: "Minuscule",
            title: "Pas de majuscule aux mois et aux jours en espagnol",
            detail: "Comme le français, l’espagnol écrit les noms de mois, de jours et de saisons en minuscules (en julio, los lunes, este verano), sauf en début de phrase et dans les noms propres (Plaza de Mayo, Viernes Santo)."),
        .de: RuleText(
            message: "Im Spanischen schreibt man Monate, Wochentage und Jahreszeiten klein: „{suggestion}“.", shortMessage: "Kleinschreibung",
            title: "Monate und Tage im Spanischen klein",
            detail: "Anders als im Deutschen schreibt das Spanische Monate, Wochentage und Jahreszeiten klein (en julio, los lunes, este verano), außer am Satzanfang und in Namen (Plaza de Mayo, Viernes Santo)."),
        .es: RuleText(
            message: "Los meses, los días y las estaciones se escriben con minúscula: «{suggestion}».", shortMessage: "Minúscula",
            title: "Meses y días con minúscula",
            detail: "En español, los nombres de los meses, de los días de la semana y de las estaciones se escriben con minúscula (en julio, los lunes, este verano), salvo a comienzo de oración y en nombres propios (Plaza de Mayo, Viernes Santo)."),
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 1..<max(1, sentence.count) where sentence.isCapitalized(position) {
                guard !sentence.isAllCapitals(position), !sentence.isFirstWord(position), sentence.isWord(position - 1)
                        || sentence.isNumber(position - 1),
                      !sentence.isCapitalized(position + 1),
                      // A line's or a column's first word: a footer's "Agosto de 2021".
                      !sentence.document.startsLine(sentence.tokens[position])
                else { continue }
                let text = sentence.text(position)
                let before = sentence.text(position - 1)
                // "Plaza de Mayo", "Avenida de Julio": a name.
                let afterName = ["de", "del"].contains(before) && sentence.isCapitalized(position - 2) && !sentence.isFirstWord(position - 2)
                // "Viernes de Dolores", "Lunes de Pascua": a feast.
                let beforeName = ["de", "del"].contains(sentence.text(position + 1)) && sentence.isCapitalized(position + 2)
                guard !afterName, !beforeName else { continue }
                let isDate: Bool
                if Self.months.contains(text) {
                    isDate = sentence.isNumber(position - 1) || sentence.isNumber(position + 1) || Self.beforeMonth.contains(before)
                } else if Self.days.contains(text) {
                    isDate = sentence.isWord(position - 1) && !sentence.isCapitalized(position - 1) || sentence.isFirstWord(position - 1)
                } else if Self.seasons.contains(text) {
                    isDate = Self.beforeSeason.contains(before)
                } else {
                    continue
                }
                guard isDate else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [text], keepingCase: true))
            }
        }
        return matches
    }
}

/// Haber followed by a gerund or an infinitive where its past participle belongs
/// (`ES_HABER_PARTICIPIO_FORMA`): "no se han realizando" → "realizado", "habían defendiendo" →
/// "defendido", "se han realizar" → "realizado". The participle is the regular one (-ado, -ido),
/// with the vowel a gerund of -ir changes put back (sintiendo, sentido), or one of the irregular
/// ones; it must be a participle the lexicon knows, so nothing is suggested that is no word.
/// "Ha" and "he" before an infinitive are left to `ES_HA_ANTE_INFINITIVO` (ha hacer → a hacer).
struct SpanishHaberParticipleRule: ProofreadingRule {
    let id = "ES_HABER_PARTICIPIO_FORMA"
    let category = MatchCategory.grammar
    let description = "Haber before a gerund or an infinitive, for its participle."
    let isPicky = false
    let languages: Set<String> = ["es"]

    static let haber: Set<String> = [
        "he", "has", "ha", "hemos", "habéis", "han", "había", "habías", "habíamos", "habíais", "habían", "hube", "hubiste",
        "hubo", "hubimos", "hubisteis", "hubieron", "habré", "habrás", "habrá", "habremos", "habréis", "habrán", "habría",
        "habrías", "habríamos", "habríais", "habrían", "haya", "hayas", "hayamos", "hayáis", "hayan", "hubiera", "hubieras",
        "hubiéramos", "hubierais", "hubieran", "hubiese", "hubiesen", "haber", "habiendo",
    ]
    /// Irregular participles, by the gerund and by the infinitive.
    static let irregular: [String: String] = [
        "haciendo": "hecho", "hacer": "hecho", "diciendo": "dicho", "decir": "dicho", "escribiendo": "escrito",
        "escribir": "escrito", "viendo": "visto", "ver": "visto", "poniendo": "puesto", "poner": "puesto",
        "volviendo": "vuelto", "volver": "vuelto", "abriendo": "abierto", "abrir": "abierto", "rompiendo": "roto",
        "romper": "roto", "muriendo": "muerto", "morir": "muerto", "cubriendo": "cubierto", "cubrir": "cubierto",
        "resolviendo": "resuelto", "resolver": "resuelto", "devolviendo": "devuelto", "devolver": "devuelto",
        "descubriendo": "descubierto", "descubrir": "descubierto", "suponiendo": "supuesto", "suponer": "supuesto",
        "proponiendo": "propuesto", "proponer": "propuesto", "friendo": "frito",
        "yendo": "ido", "ir": "ido",
    ]

    let examples: [RuleExample] = [
        .wrong("No se han realizando los cambios.", "No se han realizado los cambios.", language: "es"),
        .wrong("Habían comiendo demasiado.", "Habían comido demasiado.", language: "es"),
        .wrong("Todavía no se han realizar las obras.", "Todavía no se han realizado las obras.", language: "es"),
        .wrong("Ella lo había sintiendo mucho.", "Ella lo había sentido mucho.", language: "es"),
        .wrong("Ya han haciendo los deberes.", "Ya han hecho los deberes.", language: "es"),
        .right("Han realizado los cambios. Ha de saberlo. Habían de marcharse.", language: "es"),
        .right("Lo ha vuelto a hacer. Habiendo terminado, salimos.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "After haber comes the past participle: '{suggestion}'.", shortMessage: "Haber + participle",
            title: "Haber takes a past participle",
            detail: "The compound tenses are haber and the past participle (-ado, -ido: han realizado, había defendido). A gerund (-ando, -iendo) or an infinitive (-ar, -er, -ir) does not follow haber."),
        .fr: RuleText(
            message: "Après haber vient le participe passé : « {suggestion} ».", shortMessage: "Haber + participe",
            title: "Haber se construit avec le participe passé",
            detail: "Les temps composés sont formés de haber et du participe passé (-ado, -ido : han realizado, había defendido). Un gérondif (-ando, -iendo) ou un infinitif (-ar, -er, -ir) ne suit pas haber."),
        .de: RuleText(
            message: "Nach haber folgt das Partizip: „{suggestion}“.", shortMessage: "Haber + Partizip",
            title: "Haber verlangt das Partizip",
            detail: "Die zusammengesetzten Zeiten bestehen aus haber und dem Partizip (-ado, -ido: han realizado, había defendido). Ein Gerundium (-ando, -iendo) oder ein Infinitiv (-ar, -er, -ir) folgt nicht auf haber."),
        .es: RuleText(
            message: "Tras haber va el participio: «{suggestion}».", shortMessage: "Haber + participio",
            title: "Haber se construye con participio",
            detail: "Los tiempos compuestos se forman con haber y el participio (-ado, -ido: han realizado, había defendido). Tras haber no va un gerundio (-ando, -iendo) ni un infinitivo (-ar, -er, -ir)."),
    ]

    /// The participle of a gerund, if the lexicon knows it (or it is irregular).
    static func participle(ofGerund gerund: String, lexicon: Lexicon) -> String? {
        if let known = irregular[gerund] { return known }
        var candidates: [String] = []
        if gerund.hasSuffix("ando") {
            candidates.append(String(gerund.dropLast(4)) + "ado")
        } else if gerund.hasSuffix("iendo") {
            let stem = String(gerund.dropLast(5))
            candidates.append(stem + "ido")
            // The vowel an -ir verb changes in its gerund: sintiendo → sentido, durmiendo → dormido.
            if let index = stem.lastIndex(where: { $0 == "i" || $0 == "u" }) {
                var changed = stem
                changed.replaceSubrange(index...index, with: stem[index] == "i" ? "e" : "o")
                candidates.append(changed + "ido")
            }
        } else if gerund.hasSuffix("yendo") {
            let stem = String(gerund.dropLast(5))
            candidates.append(stem + (stem.hasSuffix("u") ? "ido" : "ído"))
        }
        return candidates.first { lexicon.hasReading($0, tag: .VBN) }
    }

    /// The participle of an infinitive, if the lexicon knows it as that verb's.
    static func participle(ofInfinitive infinitive: String, lexicon: Lexicon) -> String? {
        if let known = irregular[infinitive] { return known }
        let ending = infinitive.suffix(2)
        guard ["ar", "er", "ir", "ír"].contains(ending) else { return nil }
        let candidate = String(infinitive.dropLast(2)) + (ending == "ar" ? "ado" : "ido")
        return lexicon.readings(of: candidate).contains { $0.tag == .VBN && $0.lemma == infinitive } ? candidate : nil
    }

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        let lexicon = context.grammar.lexicon
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 1) where Self.haber.contains(sentence.text(position)) {
                let next = position + 1
                let word = sentence.text(next)
                var participle: String?
                if SpanishEstaGerundRule.isGerund(sentence, next) || Self.irregular[word] != nil && word.hasSuffix("endo") {
                    participle = Self.participle(ofGerund: word, lexicon: lexicon)
                } else if !["ha", "he", "haber", "habiendo"].contains(sentence.text(position)), sentence.has(next, .VB),
                          !sentence.has(next, .VBF), !sentence.has(next, .NN), !sentence.isCapitalized(next) {
                    participle = Self.participle(ofInfinitive: word, lexicon: lexicon)
                }
                guard let participle else { continue }
                matches.append(sentence.match(next, next, rule: self, texts: Self.texts, context: context, suggestions: [participle]))
            }
        }
        return matches
    }
}
