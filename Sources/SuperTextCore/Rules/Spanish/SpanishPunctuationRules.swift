/// Question words without their accent where they ask (`ES_INTERROGATIVO_ACENTO`): right
/// after "¿" ("¿Donde vives?" → "¿Dónde"), after "¿" and a preposition ("¿De donde eres?"), and
/// in an indirect question before an infinitive ("no sé que hacer" → "qué hacer").
struct SpanishQuestionWordRule: ProofreadingRule {
    let id = "ES_INTERROGATIVO_ACENTO"
    let category = MatchCategory.confusedWords
    let description = "A question word without its accent."
    let isPicky = false
    let languages: Set<String> = ["es"]

    static let accented: [String: String] = [
        "que": "qué", "quien": "quién", "quienes": "quiénes", "cual": "cuál", "cuales": "cuáles", "como": "cómo",
        "donde": "dónde", "cuando": "cuándo", "cuanto": "cuánto", "cuanta": "cuánta", "cuantos": "cuántos",
        "cuantas": "cuántas", "adonde": "adónde",
    ]
    static let prepositions: Set<String> = ["de", "a", "por", "para", "desde", "hasta", "con", "en", "hacia", "sin", "sobre", "entre"]
    /// Verbs after which a question word starts an indirect question.
    static let asking: Set<String> = [
        "sé", "sabe", "sabes", "sabemos", "saben", "sabía", "sabíamos", "sabían", "saber", "pregunto", "preguntó",
        "pregunta", "preguntaba", "idea", "explica", "explicó", "dime", "decidir", "decide", "decidió", "imagino",
    ]

    let examples: [RuleExample] = [
        .wrong("¿Donde vives?", "¿Dónde vives?", language: "es"),
        .wrong("¿Como estás?", "¿Cómo estás?", language: "es"),
        .wrong("¿Que quieres comer?", "¿Qué quieres comer?", language: "es"),
        .wrong("¿Cuando llega el tren?", "¿Cuándo llega el tren?", language: "es"),
        .wrong("¿Quien ha llamado?", "¿Quién ha llamado?", language: "es"),
        .wrong("¿Cuantos años tienes?", "¿Cuántos años tienes?", language: "es"),
        .wrong("¿Cual prefieres?", "¿Cuál prefieres?", language: "es"),
        .wrong("¿De donde eres?", "¿De dónde eres?", language: "es"),
        .wrong("¿Hasta cuando vas a esperar?", "¿Hasta cuándo vas a esperar?", language: "es"),
        .wrong("¿Con quien hablas?", "¿Con quién hablas?", language: "es"),
        .wrong("No sé que hacer.", "No sé qué hacer.", language: "es"),
        .wrong("No sabía como explicar el problema.", "No sabía cómo explicar el problema.", language: "es"),
        .wrong("Me pregunto donde estará.", "Me pregunto dónde estará.", language: "es"),
        .right("¿Dónde vives? ¿Cómo estás? ¿Qué quieres? ¿De dónde eres?", language: "es"),
        .right("La casa donde vivo. Cuando llegue, comemos. Como tú quieras.", language: "es"),
        .right("Tengo que hacer la compra. Sé que vendrá.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "A question word takes an accent: write '{suggestion}'.", shortMessage: "Question word without accent",
            title: "Question words take an accent",
            detail: "Qué, quién, cuál, cómo, dónde, cuándo, cuánto and adónde take an accent when they ask, directly (¿Dónde vives?) or indirectly (no sé dónde vive, no sé qué hacer). Without an accent they join clauses: la casa donde vivo, cuando llegue, como quieras."),
        .fr: RuleText(
            message: "Un mot interrogatif prend un accent : écrivez « {suggestion} ».", shortMessage: "Interrogatif sans accent",
            title: "Les interrogatifs prennent un accent",
            detail: "Qué, quién, cuál, cómo, dónde, cuándo, cuánto et adónde prennent un accent quand ils interrogent, directement (¿Dónde vives?) ou indirectement (no sé dónde vive, no sé qué hacer). Sans accent, ils relient des propositions : la casa donde vivo, cuando llegue, como quieras."),
        .de: RuleText(
            message: "Ein Fragewort trägt einen Akzent: Schreiben Sie „{suggestion}“.", shortMessage: "Fragewort ohne Akzent",
            title: "Fragewörter tragen einen Akzent",
            detail: "Qué, quién, cuál, cómo, dónde, cuándo, cuánto und adónde tragen einen Akzent, wenn sie fragen, direkt (¿Dónde vives?) oder indirekt (no sé dónde vive, no sé qué hacer). Ohne Akzent verbinden sie Sätze: la casa donde vivo, cuando llegue, como quieras."),
        .es: RuleText(
            message: "Los interrogativos llevan tilde: escriba «{suggestion}».", shortMessage: "Interrogativo sin tilde",
            title: "Los interrogativos llevan tilde",
            detail: "Qué, quién, cuál, cómo, dónde, cuándo, cuánto y adónde llevan tilde cuando preguntan, en interrogativas directas (¿Dónde vives?) o indirectas (no sé dónde vive, no sé qué hacer). Sin tilde son relativos o conjunciones: la casa donde vivo, cuando llegue, como quieras."),
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count {
                guard sentence.isWord(position), let accented = Self.accented[sentence.text(position)] else { continue }
                let before = sentence.text(position - 1)
                let asks: Bool
                if before == "¿" {
                    asks = !sentence.isPunctuation(position + 1) && position + 1 < sentence.count
                } else if Self.prepositions.contains(before), sentence.text(position - 2) == "¿" {
                    asks = true
                } else if Self.asking.contains(before) || (before == "no" && Self.asking.contains(sentence.text(position - 2))) {
                    // An indirect question before an infinitive: "no sé qué hacer" (not "sé que vendrá").
                    asks = sentence.has(position + 1, .VB) && !sentence.has(position + 1, .VBF)
                        || (sentence.text(position) != "que" && sentence.has(position + 1, .VBF) && sentence.has(position + 1, .VBF, WordFeatures([.future])))
                } else {
                    asks = false
                }
                guard asks else { continue }
                matches.append(sentence.match(position, position, rule: self, texts: Self.texts, context: context, suggestions: [accented]))
            }
        }
        return matches
    }
}

/// The opening "¿" and "¡" (`ES_SIGNOS_APERTURA`): Spanish opens a question and an exclamation
/// as well as closing it. The mark goes where the question starts: the start of the
/// sentence, or the last part after a comma when that part starts with a question word
/// ("Si vienes, ¿qué traes?").
struct SpanishOpeningMarkRule: ProofreadingRule {
    let id = "ES_SIGNOS_APERTURA"
    let category = MatchCategory.punctuation
    let description = "A question or exclamation without its opening mark."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("Vienes mañana?", "¿Vienes mañana?", language: "es"),
        .wrong("Qué hora es?", "¿Qué hora es?", language: "es"),
        .wrong("Qué bonito!", "¡Qué bonito!", language: "es"),
        .wrong("Hola, cómo estás?", "Hola, ¿cómo estás?", language: "es"),
        .wrong("Cuidado con el perro!", "¡Cuidado con el perro!", language: "es"),
        .wrong("Dónde está la estación?", "¿Dónde está la estación?", language: "es"),
        .wrong("Por fin has llegado!", "¡Por fin has llegado!", language: "es"),
        .wrong("Y tú qué piensas?", "¿Y tú qué piensas?", language: "es"),
        .right("¿Vienes mañana? ¡Qué bonito! Hola, ¿cómo estás?", language: "es"),
        .right("Si vienes, ¿me avisas? —¡Claro! —dijo ella.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Spanish opens a question or exclamation with '{mark}': write '{suggestion}'.",
            shortMessage: "Opening mark missing", title: "Questions and exclamations open with ¿ and ¡",
            detail: "In Spanish a question is written between ¿ and ?, an exclamation between ¡ and !: ¿Vienes?, ¡Qué bonito! The opening mark goes where the question or exclamation starts, which may be inside the sentence: Hola, ¿cómo estás?"),
        .fr: RuleText(
            message: "L’espagnol ouvre une question ou une exclamation par « {mark} » : écrivez « {suggestion} ».",
            shortMessage: "Signe d’ouverture manquant", title: "Questions et exclamations s’ouvrent par ¿ et ¡",
            detail: "En espagnol, une question s’écrit entre ¿ et ?, une exclamation entre ¡ et ! : ¿Vienes?, ¡Qué bonito! Le signe d’ouverture se place là où commence la question ou l’exclamation, parfois au milieu de la phrase : Hola, ¿cómo estás?"),
        .de: RuleText(
            message: "Im Spanischen beginnt eine Frage oder ein Ausruf mit „{mark}“: Schreiben Sie „{suggestion}“.",
            shortMessage: "Einleitendes Zeichen fehlt", title: "Fragen und Ausrufe beginnen mit ¿ und ¡",
            detail: "Im Spanischen steht eine Frage zwischen ¿ und ?, ein Ausruf zwischen ¡ und !: ¿Vienes?, ¡Qué bonito! Das öffnende Zeichen steht dort, wo die Frage oder der Ausruf beginnt, auch mitten im Satz: Hola, ¿cómo estás?"),
        .es: RuleText(
            message: "En español la pregunta o la exclamación se abre con «{mark}»: escriba «{suggestion}».",
            shortMessage: "Falta el signo de apertura", title: "Signos de apertura ¿ y ¡",
            detail: "En español los signos de interrogación y exclamación son dobles: ¿Vienes?, ¡Qué bonito! El de apertura se coloca donde empieza la pregunta o la exclamación, aunque no sea el comienzo de la oración: Hola, ¿cómo estás?"),
    ]

    static let questionWords: Set<String> = ["qué", "quién", "quiénes", "cuál", "cuáles", "cómo", "dónde", "cuándo", "cuánto", "cuánta", "cuántos", "cuántas", "adónde", "por"]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            var partStart = 0
            for position in 0..<sentence.count {
                let text = sentence.text(position)
                guard sentence.isPunctuation(position) else { continue }
                // A dash of dialogue or a closing mark starts a new part.
                if text == "—" || text == "–" { partStart = position + 1; continue }
                guard text == "?" || text == "!" else { continue }
                defer { partStart = position + 1 }
                let opening = text == "?" ? "¿" : "¡"
                let part = partStart..<position
                if part.contains(where: { sentence.text($0) == opening || sentence.text($0) == "¿" || sentence.text($0) == "¡" }) { continue }
                // Repeated marks ("?!", "??") belong to the first.
                if position > 0, sentence.isPunctuation(position - 1), ["?", "!"].contains(sentence.text(position - 1)) { continue }
                var start = part.lowerBound
                while start < position, sentence.isPunctuation(start) { start += 1 }
                if let comma = part.last(where: { sentence.text($0) == "," }), comma + 1 < position,
                   sentence.isWord(comma + 1), Self.questionWords.contains(sentence.text(comma + 1)) {
                    start = comma + 1
                }
                guard start < position, sentence.isWord(start) || sentence.isNumber(start) else { continue }
                let written = sentence.written(start)
                matches.append(sentence.match(
                    start, start, rule: self, texts: Self.texts, context: context, suggestions: [opening + written],
                    values: ["mark": opening]
                ))
            }
        }
        return matches
    }
}

/// No space inside the marks that open and close (`ES_ESPACIO_SIGNOS`): "¿ Vienes?" →
/// "¿Vienes?", "« hola »" → "«hola»". The space before "?" and "!" is the shared
/// `SPACE_BEFORE_PUNCTUATION`.
struct SpanishSpaceInsideMarksRule: ProofreadingRule {
    let id = "ES_ESPACIO_SIGNOS"
    let category = MatchCategory.typography
    let description = "A space after an opening mark or before a closing quote."
    let isPicky = false
    let languages: Set<String> = ["es"]

    let examples: [RuleExample] = [
        .wrong("¿ Vienes mañana?", "¿Vienes mañana?", language: "es"),
        .wrong("¡ Qué frío!", "¡Qué frío!", language: "es"),
        .wrong("Dijo « basta » y se fue.", "Dijo «basta » y se fue.", language: "es"),
        .wrong("Dijo «basta » y se fue.", "Dijo «basta» y se fue.", language: "es"),
        .right("¿Vienes mañana? Dijo «basta» y se fue.", language: "es"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Remove the space: write '{suggestion}'.", shortMessage: "Space inside marks", title: "No space inside ¿? ¡! «»",
                      detail: "Spanish writes the opening marks ¿ ¡ « right before the first word and the closing ones right after the last: ¿Vienes?, ¡Hola!, «basta»."),
        .fr: RuleText(message: "Supprimez l’espace : écrivez « {suggestion} ».", shortMessage: "Espace dans les signes", title: "Pas d’espace à l’intérieur de ¿? ¡! «»",
                      detail: "Contrairement au français, l’espagnol colle les signes ouvrants ¿ ¡ « au premier mot et les fermants au dernier : ¿Vienes?, ¡Hola!, «basta»."),
        .de: RuleText(message: "Entfernen Sie das Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen in Zeichen", title: "Kein Leerzeichen innerhalb von ¿? ¡! «»",
                      detail: "Im Spanischen stehen die öffnenden Zeichen ¿ ¡ « direkt vor dem ersten Wort und die schließenden direkt nach dem letzten: ¿Vienes?, ¡Hola!, «basta»."),
        .es: RuleText(message: "Quite el espacio: escriba «{suggestion}».", shortMessage: "Espacio dentro de los signos", title: "Sin espacio dentro de ¿? ¡! «»",
                      detail: "Los signos de apertura ¿ ¡ « se escriben pegados a la primera palabra, y los de cierre a la última: ¿Vienes?, ¡Hola!, «basta»."),
    ]

    func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard context.primaryLanguage == "es" else { return [] }
        let text = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        let tokens = document.tokens
        var matches: [Match] = []
        for index in tokens.indices.dropLast(2) {
            let mark = tokens[index]
            let space = tokens[index + 1]
            guard mark.kind == .punctuation, space.kind == .space else { continue }
            let written = document.text(of: mark)
            if ["¿", "¡", "«"].contains(written), tokens[index + 2].kind == .word {
                let range = index..<index + 2
                let suggestion = written
                func fill(_ template: String) -> String { RuleText.fill(template, ["suggestion": suggestion]) }
                matches.append(document.match(
                    tokens: range, category: category, rule: id, message: fill(text.message), shortMessage: text.shortMessage,
                    suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: text.title, detail: text.detail)
                ))
            }
        }
        // A space before a closing quote: "basta »".
        for index in tokens.indices.dropFirst().dropLast() where tokens[index].kind == .space && document.text(of: tokens[index + 1]) == "»"
            && tokens[index - 1].kind == .word {
            let suggestion = "»"
            func fill(_ template: String) -> String { RuleText.fill(template, ["suggestion": suggestion]) }
            matches.append(document.match(
                tokens: index..<index + 2, category: category, rule: id, message: fill(text.message), shortMessage: text.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: text.title, detail: text.detail)
            ))
        }
        return matches
    }
}
