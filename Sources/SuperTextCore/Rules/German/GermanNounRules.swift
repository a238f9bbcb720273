/// Nouns take a capital in German: "das Haus", and so do verbs and adjectives used as nouns
/// ("beim Lesen", "etwas Gutes").
public struct GermanNounCapitalsRule: ProofreadingRule {
    public let id = "DE_NOUN_CAPITALS"
    public let category = MatchCategory.typography
    public let description = "Nouns, and verbs and adjectives used as nouns, start with a capital in German."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Wir wohnen in einem kleinen haus.", "Wir wohnen in einem kleinen Haus.", language: "de-DE"),
        .wrong("Die sonne scheint.", "Die Sonne scheint.", language: "de-DE"),
        .wrong("Beim lesen vergesse ich die Zeit.", "Beim Lesen vergesse ich die Zeit.", language: "de-DE"),
        .wrong("Ich wünsche dir alles gute.", "Ich wünsche dir alles Gute.", language: "de-DE"),
        .wrong("Das schöne daran ist die Ruhe.", "Das Schöne daran ist die Ruhe.", language: "de-DE"),
                .wrong("Die kleinen fische schwimmen.", "Die kleinen Fische schwimmen.", language: "de-DE"),
        .wrong("Er kocht die Nudeln in heißem wasser.", "Er kocht die Nudeln in heißem Wasser.", language: "de-DE"),
        .wrong("Es regnet in strömen.", "Es regnet in Strömen.", language: "de-DE"),
        .wrong("Sie hat noch einige wünsche für morgen.", "Sie hat noch einige Wünsche für morgen.", language: "de-DE"),
        .wrong("Das löschen der Dateien ist empfehlenswert.", "Das Löschen der Dateien ist empfehlenswert.", language: "de-DE"),
        .wrong("Beim lesen schlief er ein.", "Beim Lesen schlief er ein.", language: "de-DE"),
        .wrong("Alle Gerichte gibt es auch zum mitnehmen.", "Alle Gerichte gibt es auch zum Mitnehmen.", language: "de-DE"),
        .wrong("Die aussagen des Zeugen sind falsch.", "Die Aussagen des Zeugen sind falsch.", language: "de-DE"),
        .right("Das lesen wir morgen. Die neue Sonne scheint. Wir gehen essen. Am besten ist es so. Das schöne Haus.", language: "de-DE"),
        .right("Wir brauchen ein neues. Wenn wir die anderen fragen. Er war zu hoch. Grau in grau. Wie wir weiter vorgehen sollen.", language: "de-DE"),
        .right("Er steht im erhalten gebliebenen Flügel. Der bestand aus Stahl. Das heute gebackene Brot. Zwei plus drei ist fünf. Ich will das lesen. Die ganze Nacht über schlief er.", language: "de-DE"),
        .right("Von links kommt keiner. Er weiß alles von nichts. Du bekommst ihn, wenn du ihn am wenigsten brauchen kannst. Eine Weile später kommen drei heraus.", language: "de-DE"),
        .right("Es gibt eine alternative numerische Möglichkeit. Lies die letzten 3 Ziffern. Das ist eine schnelle und einfache Lösung. In der antike und christliche Elemente stehen.", language: "de-DE"),
        .right("Es ist nichts schöner anzuschauen als das Meer. Das ist mehr oder weniger gelungen. So ahn' ich es.", language: "de-DE"),
        .right("Das wissen alle Machthaber. Der Narr hält sich für weise. Das sagen viele.", language: "de-DE"),
        .right("Nur wenige tragen heute noch einen Hut. Viele lesen gern.", language: "de-DE"),
        .wrong("Viele fragen bleiben offen.", "Viele Fragen bleiben offen.", language: "de-DE"),
        .wrong("Wir haben noch einige fragen an euch.", "Wir haben noch einige Fragen an euch.", language: "de-DE"),
        .right("Sie sind im Allgemeinen viel unterrichteter. Es fehlt ein wenig Salz.", language: "de-DE"),
        .right("Reihenfolge, Name der Veröffentlichung (suite) und Typ der Datei (type): type:deb, mode=auto.", language: "de-DE"),
        .right("Wird die Option zweimal angegeben, gilt nur die letzte. Das neue (SVR4) portable Format; eine normale, zeilenbasierte Ausgabe; von der ersten bis zur letzten Spalte; die letzten beiden Stellen.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Nouns take a capital in German: '{suggestion}'.", shortMessage: "Capital for a noun", title: "Nouns start with a capital",
                      detail: "German writes every noun with a capital letter, wherever it stands: das Haus, die Sonne. So does a verb or an adjective used as a noun, which you recognise by the article or the word before it: beim Lesen, das Schöne daran, etwas Gutes, alles Gute."),
        .fr: RuleText(message: "En allemand, les noms prennent une majuscule : « {suggestion} ».", shortMessage: "Majuscule du nom", title: "Les noms prennent une majuscule",
                      detail: "L’allemand écrit tous les noms avec une majuscule, où qu’ils soient : das Haus, die Sonne. De même un verbe ou un adjectif employé comme nom, que l’on reconnaît à l’article ou au mot qui le précède : beim Lesen, das Schöne daran, etwas Gutes, alles Gute."),
        .de: RuleText(message: "Substantive schreibt man groß: „{suggestion}“.", shortMessage: "Großschreibung", title: "Substantive groß",
                      detail: "Im Deutschen beginnt jedes Substantiv mit einem Großbuchstaben, wo immer es steht: das Haus, die Sonne. Ebenso ein Verb oder Adjektiv, das als Substantiv gebraucht wird; man erkennt es am Artikel oder am Wort davor: beim Lesen, das Schöne daran, etwas Gutes, alles Gute."),
        .es: RuleText(message: "En alemán los sustantivos van con mayúscula: «{suggestion}».", shortMessage: "Mayúscula del sustantivo", title: "Los sustantivos van con mayúscula",
                      detail: "El alemán escribe todo sustantivo con mayúscula inicial, esté donde esté: das Haus, die Sonne. También un verbo o un adjetivo usado como sustantivo, que se reconoce por el artículo o la palabra que lo precede: beim Lesen, das Schöne daran, etwas Gutes, alles Gute."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                // Only a word that can be a noun, an adjective or an infinitive can need a
                // capital: the others (most words) are passed over on their readings, looked up
                // once for the sentence, before any text is made.
                let readings = sentence.readings(position)
                let tags = sentence.tags(position)
                guard tags.containsAny(WordTags([.NN, .JJ, .VB])), !sentence.isCapitalized(position) else { continue }
                let written = sentence.written(position)
                guard let first = written.first, first.isLowercase, !sentence.isFirstWord(position),
                      ![":", "=", "\"", "„", "“", "»", "«", "'", "‚", "‘"].contains(sentence.text(position - 1)),
                      !written.utf8.contains(UInt8(ascii: "-"))
                else { continue }
                let text = sentence.text(position)
                guard !readings.isEmpty,
                      // A word cut short by an apostrophe is a verb of verse or speech ("ahn' ich").
                      !["'", "’"].contains(sentence.text(position + 1)),
                      // "mehr oder weniger", "mehr als": the comparative, not das Mehr.
                      text != "mehr" || !["oder", "als"].contains(sentence.text(position + 1)),
                      // Quantities, not things ("viel unterrichteter", "ein wenig"), however the lexicon reads them.
                      !["viel", "wenig"].contains(text),
                      // A term alone in brackets, mostly the English original ("Typ der Datei (type)"),
                      // and a key glued to its value ("type:deb", "mode=auto") are not German nouns.
                      !(sentence.text(position - 1) == "(" && sentence.text(position + 1) == ")"),
                      !Self.isKey(sentence.tokens[position], in: document)
                else { continue }
                let nouns = readings.filter { $0.tag == .NN }
                let before = sentence.text(position - 1)
                let beforeReadings = sentence.readings(position - 1)
                let nextIsNounPhrase = sentence.isCapitalized(position + 1) && !sentence.isPunctuation(position + 1)
                    || sentence.has(position + 1, .NN) && !sentence.tags(position + 1).containsAny(WordTags([.VB, .VBF, .RB, .DT, .IN, .CC, .WH, .PRP, .PRPO]))
                // Small words (articles, pronouns, prepositions, sein, haben) and letters are never nouns here,
                // except a conjunction that is also a noun after an article or adjective that agrees ("die ehe").
                guard text.count > 2 else { continue }
                if let closed = GermanClosedWordClasses.table[text] {
                    guard Self.conjunctionNouns.contains(text), closed.allSatisfy({ $0.tag == .WH || $0.tag == .CC }), !nouns.isEmpty,
                          GermanWords.agree(beforeReadings.filter { $0.tag == .DT || $0.tag == .PRPS }, nouns) || Self.isInflectedAdjective(position - 1, in: sentence)
                    else { continue }
                    matches.append(sentence.match(
                        position, position, rule: self, texts: Self.texts, context: context, suggestions: [WordCase.capitalizingFirst(written)]))
                    continue
                }
                var capitalise = false
                if !nouns.isEmpty, nouns.count == readings.count {
                    // A word that is only a noun ("haus"): always a capital.
                    capitalise = true
                } else if !nouns.isEmpty, !nextIsNounPhrase, !tags.contains(.RB) || before != "das" {
                    // A word that is also a verb or an adjective, after an article it agrees
                    // with or a contraction ("die sonne scheint", "beim lesen", "die runde
                    // machen"), and not followed by a pronoun that makes the article a pronoun
                    // ("das lesen wir").
                    // A pronoun, or a quantifier standing for the subject ("das wissen alle"), after the verb.
                    let nextIsPronoun = sentence.tags(position + 1).containsAny(WordTags([.PRP, .PRPO]))
                        || sentence.tags(position).containsAny(WordTags([.VB, .VBF])) && Self.subjectQuantifiers.contains(sentence.text(position + 1))
                    let nextIsVerb = sentence.has(position + 1, .VBF) && !sentence.has(position + 1, .NN)
                    // An adjective standing for a noun named before ("das beste", "ein neues
                    // kaufen", "ich finde das gut") keeps its small letter.
                    let superlative = ["ste", "sten", "ster", "stes", "stem"].contains { text.hasSuffix($0) }
                    // An ordinal after an article likewise ("wird nur die letzte verwendet", "die
                    // erste ist leer"): technical prose names the noun once and leaves it out after.
                    let elliptic = tags.contains(.JJ) && (superlative || ["ein", "kein", "mein", "dein", "sein", "ihr", "unser", "euer"].contains(before)
                        || before == "das" && readings.contains { $0.tag == .JJ && $0.lemma == text }
                        || Self.ordinals.contains(where: { text.hasPrefix($0) }) && !sentence.isCapitalized(position + 1))
                    if let contraction = GermanWords.contractions[before] {
                        let article = lexicon.readings(of: contraction.article).filter { $0.tag == .DT }
                        capitalise = !tags.contains(.RB) && !(before == "am" && superlative) && GermanWords.agree(article, nouns) && !nextIsPronoun
                    } else if beforeReadings.contains(where: { $0.tag == .DT || $0.tag == .PRPS }), !nextIsPronoun, !elliptic,
                              !sentence.isPunctuation(position - 2) || sentence.text(position - 2) != ",",
                              // A finite verb after an article that is a pronoun at the start
                              // ("Der bestand aus Stahl", "Keiner macht das") unless another verb follows ("Die sonne scheint").
                              !tags.contains(.VBF) || nextIsVerb || !sentence.isFirstWord(position - 1),
                              // "das lesen kann"; but after a preposition the article starts a noun phrase ("an die regeln halten").
                              !(tags.contains(.VB) && sentence.has(position + 1, .VBF)) || Self.afterPreposition(position - 1, in: sentence),
                              // "Ich will das lesen.": an infinitive ending the clause after "das" is its object's verb.
                              !(tags.contains(.VB) && !sentence.isWord(position + 1) && before == "das" && !sentence.has(position - 2, .IN)) {
                        capitalise = GermanWords.agree(beforeReadings.filter { $0.tag == .DT || $0.tag == .PRPS }, nouns)
                    }
                }
                if !capitalise, GermanWords.neuterQuantifiers.contains(before) || before == "das" && sentence.isFirstWord(position - 1),
                          // "etwas anderes", "nichts anderes als": written small, as a pronoun.
                          !text.hasPrefix("ander"),
                          tags.contains(.JJ), text.hasSuffix("e") || text.hasSuffix("es"),
                          !nextIsNounPhrase, !sentence.tags(position + 1).contains(.JJ), !sentence.isCapitalized(position + 1) {
                    // An adjective as a noun: "etwas Gutes", "alles Gute", "Das Schöne daran".
                    capitalise = true
                }
                if !capitalise, !nextIsNounPhrase {
                    capitalise = Self.inNounPhrase(position, nouns: nouns, in: sentence, lexicon: lexicon)
                }
                // An infinitive right after a contraction is a noun ("beim Suchen", "zum Mitnehmen", "ins Schleudern").
                if !capitalise, !nextIsNounPhrase, let contraction = GermanWords.contractions[before], contraction.article != "der",
                   tags.contains(.VB), !tags.contains(.JJ), !tags.contains(.RB), ["en", "ern", "eln"].contains(where: { text.hasSuffix($0) }),
                   !sentence.tags(position + 1).containsAny(WordTags([.PRP, .PRPO, .JJ])),
                   // "im erhalten gebliebenen Flügel": a participle before an adjective.
                   !Self.isInflectedAdjective(position + 1, in: sentence) {
                    capitalise = true
                }
                // An adjective whose noun phrase goes on is attributive, whatever stands before it:
                // "eine alternative numerische Möglichkeit", "die letzten 3 Ziffern", "eine
                // schnelle und einfache Wiederherstellung", "die gerade beschriebene Nutzung".
                if capitalise, Self.mayBeAttributive(position, in: sentence), Self.nounPhraseGoesOn(after: position, in: sentence) { capitalise = false }
                // "Wie wenige tragen noch das Gepräge": after a quantifier that stands for the
                // subject, a finite verb is the clause's verb when no other follows.
                // The quantifier is the subject only before the clause has one or its verb
                // ("ich habe einige fragen", "weil ich zu viele schulden hatte" keep the noun).
                func isFiniteVerb(_ index: Int) -> Bool { GermanWords.mayBeFiniteVerb(index, in: sentence) }
                if capitalise, Self.subjectQuantifiers.contains(before), tags.contains(.VBF), sentence.text(position - 2) != "zu",
                   !(position + 1..<sentence.count).prefix(while: { sentence.isWord($0) }).contains(where: isFiniteVerb),
                   !stride(from: position - 2, through: 0, by: -1).prefix(while: { sentence.isWord($0) }).contains(where: { index in
                       isFiniteVerb(index) || GermanDassRule.subjectPronouns.contains(sentence.text(index))
                   }) {
                    capitalise = false
                }
                guard capitalise, !Self.isZuInfinitive(text, lexicon: lexicon) else { continue }
                matches.append(sentence.match(
                    position, position, rule: self, texts: Self.texts, context: context, suggestions: [WordCase.capitalizingFirst(written)]))
            }
        }
        return matches
    }

    /// Ordinal stems: "die letzte", "der erste", "das nächste".
    static let ordinals = ["erst", "zweit", "dritt", "viert", "fünft", "letzt", "nächst", "vorletzt", "vorig"]

    /// Whether the token is glued to ":" or "=" and a value after it, as keys are ("type:deb").
    static func isKey(_ token: Int, in document: CheckedDocument) -> Bool {
        guard token + 2 < document.tokens.count, document.tokens[token + 1].kind == .punctuation,
              [":", "="].contains(document.lowercasedTexts[token + 1])
        else { return false }
        return [.word, .number, .skipped].contains(document.tokens[token + 2].kind)
    }

    /// Whether `word` is an infinitive with "zu" inside it ("anzuschauen", "aufzuhören"): a
    /// separable verb's particle, "zu", then the verb, which is never a noun.
    static func isZuInfinitive(_ word: String, lexicon: Lexicon) -> Bool {
        guard word.count >= 7, word.hasSuffix("n") else { return false }
        var search = word.index(word.startIndex, offsetBy: 2)
        while let found = word.range(of: "zu", range: search..<word.endIndex) {
            let verb = String(word[..<found.lowerBound]) + String(word[found.upperBound...])
            if verb.count >= 5, lexicon.readings(of: verb).contains(where: { $0.tag == .VB }) { return true }
            search = found.upperBound
        }
        return false
    }

    /// Whether the noun phrase goes on after the inflected adjective at `position` (German
    /// inflects an adjective before its noun): another inflected adjective or participle follows
    /// (not a comparative, which may be an adverb: "das Ganze ausführlicher"), a number, or one
    /// after "und", "oder", a comma or an adverb. The adjective then qualifies the noun to come
    /// and is not one itself.
    static func nounPhraseGoesOn(after position: Int, in sentence: RuleSentence) -> Bool {
        let next = position + 1
        guard next < sentence.count else { return false }
        if isInflectedAdjective(next, in: sentence), !sentence.has(next, .JJR) { return true }
        if sentence.isNumber(next) || cardinals.contains(sentence.text(next)) || ["beiden", "wenigen", "vielen", "übrigen"].contains(sentence.text(next)) { return true }
        // "Das neue (SVR4) portable Format": past a bracket to what follows it.
        if sentence.text(next) == "(", let close = (next + 1..<min(sentence.count, next + 6)).first(where: { sentence.text($0) == ")" }) {
            return close + 1 < sentence.count
                && (isInflectedAdjective(close + 1, in: sentence) || isUnknownSmallWord(close + 1, in: sentence) || sentence.isCapitalized(close + 1))
        }
        // "von der ersten bis zur letzten Spalte".
        if sentence.text(next) == "bis", ["zur", "zum", "zu"].contains(sentence.text(next + 1)), isInflectedAdjective(next + 2, in: sentence) { return true }
        // A quoted noun ("das erste „/“") or a small word the lexicon does not know, which may be
        // an adjective it lacks or a program's name ("einer normalen textbasierten Konsole", "der
        // neue nvi"): nothing says the phrase ends here.
        if ["\"", "„", "»", "«", "‚"].contains(sentence.text(next)), next + 1 < sentence.count { return true }
        if isUnknownSmallWord(next, in: sentence) { return true }
        let joins = ["und", "oder", ","].contains(sentence.text(next))
            || sentence.isWord(next) && !sentence.isCapitalized(next) && sentence.has(next, .RB) && !sentence.has(next, .NN)
        return joins && (isInflectedAdjective(next + 1, in: sentence) || isUnknownSmallWord(next + 1, in: sentence))
    }

    /// Whether the word at `position` may qualify a noun to come: an inflected adjective, or an
    /// adjective the lexicon lists as its own lemma with an ending ("letzte") or right before an
    /// inflected or unknown word ("gerade beschriebene", "hart verlinkten"); not "gut" in "gut und böse".
    static func mayBeAttributive(_ position: Int, in sentence: RuleSentence) -> Bool {
        if isInflectedAdjective(position, in: sentence) { return true }
        guard sentence.has(position, .JJ) else { return false }
        return ["e", "en", "em", "er", "es"].contains(where: { sentence.text(position).hasSuffix($0) })
            || isInflectedAdjective(position + 1, in: sentence) || isUnknownSmallWord(position + 1, in: sentence)
    }

    /// A word in small letters the lexicon does not know: an adjective or participle it lacks
    /// ("textbasierten", "verlinkten") or a name ("nvi"), never read as the end of a noun phrase.
    static func isUnknownSmallWord(_ position: Int, in sentence: RuleSentence) -> Bool {
        sentence.isWord(position) && !sentence.isCapitalized(position) && sentence.readings(position).isEmpty
    }

    /// Numbers written as words, which come between an adjective and its noun ("die letzten zwei Zeilen").
    static let cardinals: Set<String> = ["zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf", "zwanzig", "hundert", "tausend"]

    /// Adjectives that often stand alone for a noun named before or for people ("die anderen
    /// fragen", "die beiden kommen"): a word after them may be the verb.
    static let standaloneAdjectives: Set<String> = [
        "andere", "anderen", "anderer", "beide", "beiden", "meisten", "übrigen", "einzelnen", "letzteren", "ersteren", "wenigen", "vielen",
    ]

    /// Quantifiers that stand alone as a subject ("das wissen alle", "das sagen viele").
    static let subjectQuantifiers: Set<String> = ["alle", "viele", "beide", "manche", "einige", "wenige", "mehrere", "jeder", "jede", "keiner", "niemand", "jemand", "man"]

    /// Words that count the plural noun after them ("einige Fragen", "drei Sprachen").
    static let pluralQuantifiers: Set<String> = [
        "einige", "einigen", "mehrere", "mehreren", "viele", "vielen", "wenige", "wenigen", "beide", "beiden", "etliche", "zahlreiche",
        "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf", "paar", "keinerlei", "allerlei",
    ]

    static let modalsAndAuxiliaries: Set<String> = [
        "kann", "können", "könnte", "könnten", "will", "wollen", "wollte", "wollten", "muss", "müssen", "musste", "müssten", "soll", "sollen",
        "sollte", "sollten", "darf", "dürfen", "dürfte", "möchte", "möchten", "werde", "wird", "werden", "würde", "würden", "lassen", "ließ",
        "kannst", "könnt", "konnte", "konnten", "konntest", "könntest", "willst", "wollt", "wolltest", "musst", "müsst", "musstest",
        "müsstest", "sollst", "sollt", "solltest", "darfst", "dürft", "durfte", "durften", "dürftest", "möchtest", "mag", "magst", "mögen",
        "mochte", "wirst", "werdet", "würdest", "lässt", "lasst",
    ]

    /// Adverbs after "zu" meaning "too" ("zu hoch"), which are also nouns (das Hoch).
    static let adverbsAfterZu: Set<String> = ["hoch", "tief", "gut", "wohl", "früh", "spät", "weit", "nah", "nahe", "leid", "schade", "fern", "arg", "lang", "laut", "viel", "wenig"]

    static let adverbsAlsoNouns: Set<String> = [
        "heute", "gestern", "morgen", "vorgestern", "übermorgen", "mal", "einmal", "durcheinander", "jetzt", "nun", "hier", "dort",
        "links", "rechts", "oben", "unten", "vorn", "vorne", "hinten", "innen", "außen", "drinnen", "draußen", "nichts", "etwas",
    ]

    /// Words before a preposition that make it a postposition ("meiner Meinung nach leben") or
    /// prepositions that are also conjunctions or particles.
    static let notBeforeNounPhrase: Set<String> = ["bis", "seit", "während", "statt", "anstatt", "ohne", "um", "ab", "wider", "entsprechend", "gegenüber", "zufolge"]

    /// Conjunctions that are also nouns (ehe: die Ehe); "als" and "wie" are not, whatever the lexicon says.
    static let conjunctionNouns: Set<String> = ["ehe"]

    /// Whether the word before `position` (an article or the first adjective) is a preposition
    /// that starts a noun phrase ("an die regeln", "in engen grenzen"), not one that is also a
    /// conjunction ("bis die kommen").
    static func afterPreposition(_ position: Int, in sentence: RuleSentence) -> Bool {
        let before = sentence.text(position - 1)
        return sentence.isWord(position - 1) && GermanClosedWordClasses.table[before]?.contains(where: { $0.tag == .IN }) == true
            && !notBeforeNounPhrase.contains(before) && !["zu", "als", "wie"].contains(before)
    }

    /// Whether an inflected adjective stands at `position` ("heißem", "erbitterten"): a reading
    /// whose lemma is another word, so "müde" and "leise" do not count.
    static func isInflectedAdjective(_ position: Int, in sentence: RuleSentence) -> Bool {
        guard sentence.isWord(position), !sentence.isCapitalized(position), GermanClosedWordClasses.table[sentence.text(position)] == nil else { return false }
        let text = sentence.text(position)
        // Quantifiers are not adjectives here ("alles rund", "viele kommen").
        guard !pluralQuantifiers.contains(text), !GermanWords.neuterQuantifiers.contains(text) else { return false }
        guard ["e", "en", "em", "er", "es"].contains(where: { text.hasSuffix($0) }) else { return false }
        // A comparative in -er is mostly an adverb ("wie wir weiter vorgehen").
        // A superlative or ordinal the lexicon lists as its own lemma ("nächste", "dritten") counts too.
        let superlative = ["ste", "sten", "stem", "ster", "stes"].contains { text.hasSuffix($0) }
        return sentence.readings(position).contains { ($0.tag == .JJ || $0.tag == .JJR && !text.hasSuffix("er")) && ($0.lemma != text || superlative) }
    }

    /// Whether a finite verb follows `position` in its clause (a word that is only a verb, or
    /// a form of sein, haben, werden or a modal).
    static func finiteVerbFollows(_ position: Int, in sentence: RuleSentence) -> Bool {
        var index = position + 1
        while index < sentence.count, !sentence.isPunctuation(index) || !["," , ";", ":", ".", "!", "?"].contains(sentence.text(index)) {
            if sentence.isWord(index), !sentence.isCapitalized(index) || sentence.isFirstWord(index) {
                let text = sentence.text(index)
                if GermanClosedWordClasses.table[text]?.contains(where: { $0.tag == .VBF }) == true { return true }
                if sentence.has(index, .VBF), !sentence.has(index, .NN), !sentence.has(index, .JJ) { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether the word at `position`, which may be a noun or a verb or an adjective, stands
    /// where a noun phrase ends: after an article or a preposition and inflected adjectives
    /// ("die weißen tauben", "in heißem fett", "auf rasen", "einige fragen"). A verb's
    /// infinitive after an article is a noun too ("das löschen der Dateien").
    static func inNounPhrase(_ position: Int, nouns: [Lexicon.Reading], in sentence: RuleSentence, lexicon: Lexicon) -> Bool {
        let text = sentence.text(position)
        let tags = sentence.tags(position)
        var nouns = nouns
        let infinitive = tags.contains(.VB) && text.hasSuffix("n")
        // Numbers ("eine der vier"), truncated words ("zivil- und strafrechtlich"), abbreviations ("sog. Strudel").
        if pluralQuantifiers.contains(text) || ["-", "."].contains(sentence.text(position + 1)) && sentence.isWord(position + 2) { return false }
        let synthesised = nouns.isEmpty && infinitive
        if synthesised {
            nouns = [Lexicon.Reading(tag: .NN, lemma: text, features: WordFeatures([.neuter, .singular, .nominative, .dative, .accusative]))]
        }
        guard !nouns.isEmpty else { return false }
        let next = sentence.text(position + 1)
        // "das lesen wir", "wenn wir die anderen fragen wollen"; "zu essen".
        if sentence.tags(position + 1).containsAny(WordTags([.PRP, .PRPO])) { return false }
        // A verb that ends its clause after a modal or werden is the verb it governs ("wir werden die alten fragen").
        let clauseEnd = !sentence.isWord(position + 1) || sentence.tags(position + 1).contains(.CC) && next != "und"
        var start = position - 1
        var adjectives = 0
        while isInflectedAdjective(start, in: sentence) || adjectives > 0 && ["sehr", "ganz", "so", "besonders", "recht", "ziemlich", "äußerst", "frisch", "rein"].contains(sentence.text(start)) {
            if isInflectedAdjective(start, in: sentence) { adjectives += 1 }
            start -= 1
        }
        if adjectives > 0, standaloneAdjectives.contains(sentence.text(position - 1)) { return false }
        let before = sentence.text(start)
        let verbReading = tags.containsAny(WordTags([.VB, .VBF]))
        let beforeReadings = sentence.readings(start).filter { $0.tag == .DT || $0.tag == .PRPS }
        // "wie wir weiter vorgehen sollen": an infinitive before a modal that ends the clause.
        if tags.contains(.VB), modalsAndAuxiliaries.contains(next), !sentence.isWord(position + 2) { return false }
        // Adverbs that are also nouns keep their small letter ("das heute gebackene Brot", "alles durcheinander").
        if adjectives == 0, adverbsAlsoNouns.contains(text) { return false }
        // An adjective without an ending after "zu" ("zu klein") or after an article (an adjective
        // for a noun named before, which the first reading decided), an inflected one ("in guten
        // wie in schlechten Zeiten"), a doubled one ("grau in grau").
        if adjectives == 0, tags.contains(.JJ) || tags.contains(.JJR),
           before == "zu" || !beforeReadings.isEmpty || pluralQuantifiers.contains(before) || text == sentence.text(start - 1)
            || sentence.readings(position).contains(where: { $0.tag == .JJ && $0.lemma != text }) { return false }
        if verbReading, clauseEnd, (0..<position).contains(where: { modalsAndAuxiliaries.contains(sentence.text($0)) || sentence.text($0) == "zu" }) { return false }
        if let contraction = GermanWords.contractions[before] {
            guard adjectives > 0 else { return false }
            let article = lexicon.readings(of: contraction.article).filter { $0.tag == .DT }
            return GermanWords.agree(article, nouns)
        }
        if !beforeReadings.isEmpty, sentence.isWord(start) {
            // A relative or demonstrative pronoun after a comma ("…, die kommen").
            if sentence.text(start - 1) == ",", adjectives == 0 { return false }
            guard GermanWords.agree(beforeReadings, nouns) else { return false }
            // "Sie sollten ein neues kaufen": an adjective for a noun named before, then the verb;
            // after a preposition the phrase is a noun's ("auf dem frisch gemähten rasen").
            if adjectives > 0 { return !verbReading || !clauseEnd || afterPreposition(start, in: sentence) }
            // An adjective standing for a noun named before ("ein neues", "das beste"), and a
            // verb before another verb ("das lesen kann"), as the first reading decided.
            if tags.contains(.JJ) || tags.contains(.VB) && sentence.has(position + 1, .VBF) { return false }
            // "Das löschen der Dateien ist…": at the start, an article before a verb is a
            // pronoun unless another verb follows ("Der bestand aus Stahl").
            if verbReading, sentence.isFirstWord(start) { return finiteVerbFollows(position, in: sentence) }
            // "ich will das lesen": after a verb, "das" with an infinitive is its object.
            if infinitive, ["das", "dies", "alles"].contains(before) {
                return sentence.has(start - 1, .IN) || GermanWords.contractions[sentence.text(start - 1)] != nil
            }
            return !verbReading || !clauseEnd
        }
        if pluralQuantifiers.contains(before) {
            guard !["plus", "minus", "mal", "durch"].contains(text) else { return false }
            // Quantifiers that never stand for a noun named before count the noun even at the clause's end ("keinerlei kosten").
            let onlyBeforeNouns: Set<String> = ["keinerlei", "allerlei", "zahlreiche", "etliche", "mehrere", "mehreren"]
            return nouns.contains { $0.features.contains(.plural) } && (!verbReading || !clauseEnd || onlyBeforeNouns.contains(before))
        }
        if adjectives == 0, sentence.isWord(start), GermanClosedWordClasses.table[before]?.contains(where: { $0.tag == .IN }) == true {
            // "auf rasen", "unter tränen": a preposition, then a word that is a noun in a case it governs.
            // "zu hoch", "über verbissen" (a participle), "die Nacht über schlief" (a postposition).
            // An adjective without an ending after "für" is predicative ("für weise halten", "für gut
            // befinden"); after other prepositions it may be a noun ("auf Deutsch").
            guard before != "für" || !sentence.readings(position).contains(where: { $0.tag == .JJ && $0.lemma == text }),
                  !notBeforeNounPhrase.contains(before), before != "zu" || !adverbsAfterZu.contains(text),
                  !tags.contains(.JJ) || tags.contains(.VB) || !text.hasSuffix("en"),
                  !verbReading && !tags.contains(.RB) || !["über", "nach", "entlang", "hindurch", "wegen", "zuliebe"].contains(before) || !sentence.isCapitalized(start - 1), !(before == "zu" && infinitive), before != "nach" || !sentence.isCapitalized(start - 1),
                  let cases = GermanClosedWordClasses.governedCases(before)
            else { return false }
            // "unter schrieben": a verb's particle written apart, which another rule joins.
            if lexicon.readings(of: before + text).contains(where: { $0.tag == .VB || $0.tag == .VBF }) { return false }
            // An infinitive the lexicon knows as no noun ("bei einigen") is no noun after a bare preposition.
            return !synthesised && nouns.contains { !$0.features.intersection(cases).isEmpty }
        }
        if adjectives > 0 {
            // "eine Weile später kommen drei": after a noun, the adjective is no noun phrase's start.
            if sentence.isWord(start), !sentence.isFirstWord(start), sentence.isCapitalized(start), sentence.has(start, .NN) { return false }
            // "um sie später kontrollieren zu können", "läßt sich leichter bewahren": an infinitive
            // after a word in -er that is also a comparative, with no article or preposition before
            // it, is the verb and the comparative its adverb ("trotz gewisser schwächen" is a noun phrase).
            if infinitive, sentence.text(start + 1).hasSuffix("er"), sentence.has(start + 1, .JJR),
               !sentence.has(start, .IN), !sentence.has(start, .DT), GermanClosedWordClasses.table[before]?.contains(where: { $0.tag == .IN || $0.tag == .DT }) != true { return false }
            // "Steter tropfen", "in heißem fett": an inflected adjective, then the noun.
            return !verbReading || !clauseEnd || afterPreposition(start + 1, in: sentence)
        }
        return false
    }
}

/// The article agrees with its noun in gender, number and case: "der Haus" → "das Haus", "mit
/// eine Stock" → "mit einem Stock", "zum Prüfung" → "zur Prüfung".
public struct GermanArticleNounRule: ProofreadingRule {
    public let id = "DE_ARTICLE_NOUN_AGREEMENT"
    public let category = MatchCategory.grammar
    public let description = "An article agrees with its noun in gender, number and case."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Der Haus ist groß.", "Das Haus ist groß.", language: "de-DE"),
        .wrong("Ich sehe eine Mann.", "Ich sehe einen Mann.", language: "de-DE"),
        .wrong("Er ging mit eine Stock los.", "Er ging mit einem Stock los.", language: "de-DE"),
        .wrong("Das Mädchen lief zu seine Schwester.", "Das Mädchen lief zu seiner Schwester.", language: "de-DE"),
        .wrong("Wann kommst du zum Prüfung?", "Wann kommst du zur Prüfung?", language: "de-DE"),
        .wrong("Seit den Krieg lebt er hier.", "Seit dem Krieg lebt er hier.", language: "de-DE"),
        .wrong("Das Haus steht seit den 12. Jahrhundert hier.", "Das Haus steht seit dem 12. Jahrhundert hier.", language: "de-DE"),
        .right("Das Haus steht seit dem 12. Jahrhundert hier. Wir kommen mit den 12. Klassen.", language: "de-DE"),
        .right("Seit seine Mutter zurück ist, lacht er wieder. Während die Kinder schlafen, lesen wir.", language: "de-DE"),
        .right("Sie öffnete die große Haustür.", language: "de-DE"),
        .right("Vielen Dank für das Catering und die Organisation.", language: "de-DE"),
        .right("Das Haus, das Peter gekauft hat. Mit dem Stock. Der Frau gefällt die Haustür. Den Kindern geht es gut.", language: "de-DE"),
        // Verbs and adjectives made nouns, and diminutives, whose plural is their singular.
        .right("Sie verbringen die Zeit mit dem Tragen der Koffer. Da hilft kein Jammern. Er weist das Fremde ab. Sie gab es den Kleinen. Er schrieb an die Fräulein.", language: "de-DE"),
        // A suffix gives the gender of a word the lexicon lacks: die Eigenschaft, das Weiblein.
        .right("Das ist keine physiologische Eigenschaft. Er schrieb an die Weiblein. Sie nennt drei Unwägbarkeiten.", language: "de-DE"),
        .right("Es ist ein irgendeiner Erscheinung angepasstes Merkmal.", language: "de-DE"),
        .right("Mit einer solchen Einschränkung, einem solchen Auto und einem Medien- oder Übertragungsfehler rechnet man.", language: "de-DE"),
        .wrong("Das ist kein physiologische Eigenschaft.", "Das ist keine physiologische Eigenschaft.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "'{written}' does not agree with '{noun}': did you mean '{suggestion}'?", shortMessage: "Article and noun", title: "Article and noun agree",
                      detail: "In German the article takes the gender of its noun (der Mann, die Frau, das Haus), its number (die Häuser) and its case, which the verb or the preposition decides: mit, zu, bei, von, aus, nach and seit take the dative (mit einem Stock, zu seiner Mutter), für, durch, gegen, ohne and um the accusative. A compound takes the gender of its last part: die Tür, so die Haustür."),
        .fr: RuleText(message: "« {written} » ne s’accorde pas avec « {noun} » : vouliez-vous dire « {suggestion} » ?", shortMessage: "Article et nom", title: "Accord de l’article et du nom",
                      detail: "En allemand, l’article prend le genre de son nom (der Mann, die Frau, das Haus), son nombre (die Häuser) et son cas, que décide le verbe ou la préposition : mit, zu, bei, von, aus, nach et seit demandent le datif (mit einem Stock, zu seiner Mutter), für, durch, gegen, ohne et um l’accusatif. Un mot composé prend le genre de sa dernière partie : die Tür, donc die Haustür."),
        .de: RuleText(message: "„{written}“ passt nicht zu „{noun}“: Meinten Sie „{suggestion}“?", shortMessage: "Artikel und Nomen", title: "Artikel und Nomen stimmen überein",
                      detail: "Der Artikel richtet sich nach dem Geschlecht seines Nomens (der Mann, die Frau, das Haus), nach der Zahl (die Häuser) und nach dem Fall, den Verb oder Präposition bestimmen: mit, zu, bei, von, aus, nach und seit verlangen den Dativ (mit einem Stock, zu seiner Mutter), für, durch, gegen, ohne und um den Akkusativ. Ein zusammengesetztes Wort hat das Geschlecht seines letzten Teils: die Tür, also die Haustür."),
        .es: RuleText(message: "«{written}» no concuerda con «{noun}»: ¿quería decir «{suggestion}»?", shortMessage: "Artículo y sustantivo", title: "Concordancia de artículo y sustantivo",
                      detail: "En alemán el artículo toma el género de su sustantivo (der Mann, die Frau, das Haus), su número (die Häuser) y su caso, que decide el verbo o la preposición: mit, zu, bei, von, aus, nach y seit piden dativo (mit einem Stock, zu seiner Mutter); für, durch, gegen, ohne y um, acusativo. Un compuesto toma el género de su última parte: die Tür, luego die Haustür."),
    ]

    static let caseOrder: [WordFeature] = [.nominative, .accusative, .dative, .genitive]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) {
                let text = sentence.text(position)
                // A word longer than any contraction, without an article's or a possessive's
                // reading, is passed over on its tags.
                let contraction = text.utf8.count <= GermanWords.longestContraction ? GermanWords.contractions[text] : nil
                guard contraction != nil || sentence.tags(position).containsAny(WordTags([.DT, .PRPS])) else { continue }
                var articleReadings = sentence.readings(position).filter { $0.tag == .DT || $0.tag == .PRPS }
                if let contraction { articleReadings = lexicon.readings(of: contraction.article).filter { $0.tag == .DT } }
                guard !articleReadings.isEmpty else { continue }
                // A relative or demonstrative pronoun after a comma, also after a preposition
                // ("das Haus, das Peter kaufte", "eine Situation, in der Regeln gelten").
                let pronounLike = ["das", "der", "die", "dem", "den", "des"].contains(text)
                if contraction == nil, pronounLike, sentence.text(position - 1) == ","
                    || sentence.tags(position - 1).contains(.IN) && sentence.text(position - 2) == "," { continue }
                // "ins eine Ohr", "habt ihr Zeit" (the pronoun after its verb), "nach und nach seinen",
                // "was für ein Lärm" (the article is not governed by "für").
                let before = sentence.text(position - 1)
                if GermanWords.contractions[before] != nil || text == "ihr" && sentence.has(position - 1, .VBF)
                    || sentence.text(position - 2) == "und" && sentence.text(position - 3) == before
                    || before == "für" && (position - 5..<position - 1).contains(where: { sentence.text($0) == "was" }) { continue }
                // Adjectives between ("mit einem alten Stock"), then a capitalised noun.
                var nounPosition = position + 1
                // An ordinal written in figures is an adjective between them ("seit dem 13. Jahrhundert"),
                // where the sentence may be cut after its point: the noun is then the next sentence's first word.
                if sentence.isNumber(nounPosition), sentence.text(nounPosition + 1) == "." {
                    if sentence.isWord(nounPosition + 2) {
                        nounPosition += 2
                    } else if nounPosition + 1 == sentence.count - 1, contraction == nil,
                              !sentence.tags(position - 1).containsAny(WordTags([.DT, .PRPS])),
                              let cases = GermanClosedWordClasses.governedCases(before), !["bis", "ab"].contains(before) {
                        var next = sentence.tokens[nounPosition + 1] + 1
                        while next < document.tokens.count, document.tokens[next].isWhitespace { next += 1 }
                        guard next < document.tokens.count, document.tokens[next].kind == .word,
                              let first = document.text(of: document.tokens[next]).first, first.isUppercase
                        else { continue }
                        let nouns = GermanWords.nounReadings(document.lowercasedTexts[next], lexicon: lexicon)
                        guard !nouns.isEmpty, !GermanWords.agree(articleReadings, nouns, cases: cases),
                              let suggestion = correction(text: text, contraction: nil, article: articleReadings, nouns: nouns, cases: cases, subject: false)
                        else { continue }
                        let written = sentence.written(position)
                        let cased = WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(suggestion) : suggestion
                        let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
                        func fill(_ template: String) -> String {
                            RuleText.fill(template, ["written": written, "suggestion": cased, "noun": document.text(of: document.tokens[next])])
                        }
                        matches.append(document.match(
                            tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                            message: fill(ruleText.message), shortMessage: ruleText.shortMessage,
                            suggestions: [cased], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
                        continue
                    }
                }
                // A word of "irgend-" (irgendeiner, irgendwelche) is a determiner of its own, whatever the lexicon says.
                while sentence.isWord(nounPosition), !sentence.isCapitalized(nounPosition), sentence.tags(nounPosition).contains(.JJ),
                      !sentence.text(nounPosition).hasPrefix("irgend"),
                      !sentence.tags(nounPosition).containsAny(WordTags([.DT, .PRPS, .IN, .CC, .WH])) { nounPosition += 1 }
                guard sentence.isWord(nounPosition), sentence.isCapitalized(nounPosition), !sentence.isAllCapitals(nounPosition),
                      !sentence.isWord(nounPosition + 1) || !sentence.isCapitalized(nounPosition + 1) || sentence.has(nounPosition + 1, .VBF)
                else { continue }
                // "ein Medien- oder Übertragungsfehler": the first part of a compound whose head comes later.
                if sentence.text(nounPosition + 1) == "-", ["und", "oder", "bzw", "sowie", "als", "wie", "/"].contains(sentence.text(nounPosition + 2)) { continue }
                // "mit einer solchen Einschränkung", "die beiden Kinder": after an article a
                // determiner is inflected as an adjective.
                if contraction == nil, sentence.tags(position - 1).containsAny(WordTags([.DT, .PRPS])) { continue }
                let nouns = GermanWords.nounReadings(sentence.text(nounPosition), lexicon: lexicon, nominalised: true)
                guard !nouns.isEmpty else { continue }
                // The cases a preposition before the article allows.
                var cases: WordFeatures?
                // Not after words that are also conjunctions ("seit seine Mutter zurück ist", "ohne ein Titel zu sein").
                // "seit" and "während" start a clause when a finite verb ends it ("seit seine Mutter zurück ist"),
                // else they are prepositions ("seit den Unfall ist er …", "seit ihre Kindheit schüchtern").
                let clauseStarter = ["statt", "anstatt", "ohne", "bis", "außer"].contains(before)
                    || ["seit", "während"].contains(before) && Self.clauseEndsWithFiniteVerb(after: nounPosition, in: sentence)
                if contraction == nil, !clauseStarter,
                   let governed = GermanClosedWordClasses.governedCases(before) { cases = governed }
                if GermanWords.agree(articleReadings, nouns, cases: cases) { continue }
                // Agreement in gender and number alone, with the case wrong: keep the noun's reading, take the preposition's case.
                guard let suggestion = correction(text: text, contraction: contraction, article: articleReadings, nouns: nouns, cases: cases,
                                                  subject: sentence.isFirstWord(position))
                else { continue }
                let written = sentence.written(position)
                let cased = WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(suggestion) : suggestion
                guard cased != written else { continue }
                let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
                func fill(_ template: String) -> String {
                    RuleText.fill(template, ["written": written, "suggestion": cased, "noun": sentence.written(nounPosition)])
                }
                matches.append(document.match(
                    tokens: sentence.tokens[position]..<sentence.tokens[position] + 1, category: category, rule: id,
                    message: fill(ruleText.message), shortMessage: ruleText.shortMessage,
                    suggestions: [cased], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
            }
        }
        return matches
    }

    /// Whether the last word before the next comma or the sentence's end is a finite verb.
    static func clauseEndsWithFiniteVerb(after position: Int, in sentence: RuleSentence) -> Bool {
        var index = position + 1
        while sentence.isWord(index) || sentence.isNumber(index) { index += 1 }
        let last = index - 1
        guard last > position else { return false }
        if GermanClosedWordClasses.table[sentence.text(last)]?.contains(where: { $0.tag == .VBF }) == true { return true }
        return sentence.has(last, .VBF) || sentence.has(last, .VB)
    }

    /// The article that fits the noun: the same article in the noun's gender and number, in a
    /// case the preposition allows, else in a case the written article could stand for.
    func correction(
        text: String, contraction: (preposition: String, article: String)?, article: [Lexicon.Reading], nouns: [Lexicon.Reading],
        cases: WordFeatures?, subject: Bool
    ) -> String? {
        if let contraction {
            // zum ↔ zur; other contractions hold dem or das only.
            guard contraction.preposition == "zu" else { return nil }
            let feminine = nouns.contains { $0.features.contains(.feminine) && $0.features.contains(.singular) }
            let masculineOrNeuter = nouns.contains { !$0.features.intersection(WordFeatures([.masculine, .neuter])).isEmpty && $0.features.contains(.singular) }
            if text == "zum", feminine, !masculineOrNeuter { return "zur" }
            if text == "zur", masculineOrNeuter, !feminine { return "zum" }
            return nil
        }
        guard let first = article.first else { return nil }
        let lemma = first.lemma
        let tag = first.tag
        // Cases to try: the preposition's, else those the written article has.
        var tried: [WordFeature] = []
        if let cases {
            tried = Self.caseOrder.filter { cases.contains($0) }
        } else {
            // First in the sentence it is most likely the subject; later, an object.
            let written = article.reduce(WordFeatures()) { $0.union($1.features) }
            let order: [WordFeature] = subject ? Self.caseOrder : [.accusative, .nominative, .dative, .genitive]
            tried = order.filter { written.contains($0) }
        }
        for grammaticalCase in tried {
            for noun in nouns where noun.features.contains(grammaticalCase) {
                var wanted = WordFeatures([grammaticalCase]).union(noun.features.intersection(.number))
                if noun.features.contains(.singular) { wanted = wanted.union(noun.features.intersection(.gender)) }
                // A noun of several genders (der/das Joghurt) leaves the article as written.
                if noun.features.contains(.singular), noun.features.intersection(.gender).bits.nonzeroBitCount != 1 { continue }
                if let form = GermanWords.articleForm(lemma: lemma, tag: tag, features: wanted), form != text { return form }
            }
        }
        // A plural noun in a case the preposition does not allow ("bei meine Häuser"): the noun
        // changes too (meinen Häusern), and the article takes the preposition's case in the plural.
        if let cases, cases == WordFeatures([.dative]) || cases == WordFeatures([.accusative]),
           nouns.contains(where: { $0.features.contains(.plural) }), !nouns.contains(where: { $0.features.contains(.singular) }),
           let form = GermanWords.articleForm(lemma: lemma, tag: tag, features: cases.union(WordFeatures([.plural]))), form != text { return form }
        return nil
    }
}

/// A compound written as two words or with a hyphen it does not need: "Haus Tür" → "Haustür",
/// "Haus-Tür" → "Haustür", when the lexicon knows the compound.
public struct GermanCompoundRule: ProofreadingRule {
    public let id = "DE_COMPOUND"
    public let category = MatchCategory.grammar
    public let description = "German compounds are written as one word."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Die Haus Aufgaben sind fertig.", "Die Hausaufgaben sind fertig.", language: "de-DE"),
        .wrong("Die Haus-Aufgaben sind fertig.", "Die Hausaufgaben sind fertig.", language: "de-DE"),
        .right("Die Hausaufgaben sind fertig. Die Haustür ist offen. Sie wohnt in Berlin Mitte. Die Baden-Württemberger. Das Ende Mai.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "German writes this compound as one word: '{suggestion}'.", shortMessage: "One word", title: "Compounds as one word",
                      detail: "German joins nouns into one word: die Haustür, der Bahnhof, die Geburtstagsfeier. Written apart, the words read as two nouns side by side, which German does not do; a hyphen is kept for clarity in long or unusual compounds, for abbreviations and names (E-Mail, Baden-Württemberg), not in common ones."),
        .fr: RuleText(message: "L’allemand écrit ce mot composé en un seul mot : « {suggestion} ».", shortMessage: "Un seul mot", title: "Mots composés soudés",
                      detail: "L’allemand soude les noms en un seul mot : die Haustür, der Bahnhof, die Geburtstagsfeier. Séparés, les mots se lisent comme deux noms côte à côte, ce que l’allemand ne fait pas ; le trait d’union sert à la clarté dans les composés longs ou inhabituels, avec les abréviations et les noms propres (E-Mail, Baden-Württemberg), pas dans les composés courants."),
        .de: RuleText(message: "Diese Zusammensetzung schreibt man in einem Wort: „{suggestion}“.", shortMessage: "Zusammenschreibung", title: "Zusammensetzungen in einem Wort",
                      detail: "Das Deutsche schreibt zusammengesetzte Substantive in einem Wort: die Haustür, der Bahnhof, die Geburtstagsfeier. Getrennt geschrieben stehen zwei Substantive nebeneinander, was das Deutsche nicht kennt. Der Bindestrich dient der Übersicht in langen oder ungewöhnlichen Zusammensetzungen, bei Abkürzungen und Namen (E-Mail, Baden-Württemberg), nicht in geläufigen Wörtern."),
        .es: RuleText(message: "El alemán escribe este compuesto en una sola palabra: «{suggestion}».", shortMessage: "Una palabra", title: "Compuestos en una palabra",
                      detail: "El alemán une los sustantivos en una sola palabra: die Haustür, der Bahnhof, die Geburtstagsfeier. Separadas, las palabras se leen como dos sustantivos seguidos, algo que el alemán no hace; el guion se reserva para compuestos largos o inusuales, abreviaturas y nombres propios (E-Mail, Baden-Württemberg), no para los corrientes."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        let ruleText = Self.texts[context.explanationLanguage] ?? Self.texts[.en]!
        func add(_ first: Int, _ last: Int, _ sentence: RuleSentence, _ suggestion: String) {
            matches.append(document.match(
                tokens: sentence.tokens[first]..<sentence.tokens[last] + 1, category: category, rule: id,
                message: RuleText.fill(ruleText.message, ["suggestion": suggestion]), shortMessage: ruleText.shortMessage,
                suggestions: [suggestion], explanation: Explanation(kind: category.explanationKind, title: ruleText.title, detail: ruleText.detail)))
        }
        /// Whether a word is a noun of the lexicon (written with a capital, its other readings,
        /// "aufgaben" of aufgeben, do not count).
        func isNoun(_ word: String) -> Bool {
            lexicon.readings(of: word).contains { $0.tag == .NN }
        }
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<sentence.count where sentence.isWord(position) && sentence.isCapitalized(position) && !sentence.isAllCapitals(position) {
                let written = sentence.written(position)
                let text = sentence.text(position)
                if written.utf8.contains(UInt8(ascii: "-")) {
                    // "Haus-Tür": two nouns the lexicon knows joined.
                    let parts = text.split(separator: "-").map(String.init)
                    guard parts.count == 2, parts.allSatisfy({ $0.count >= 3 && isNoun($0) }),
                          written.split(separator: "-").allSatisfy({ WordCase.startsWithCapital(String($0)) })
                    else { continue }
                    let joined = parts[0] + parts[1]
                    guard isNoun(joined) else { continue }
                    let first = written.split(separator: "-")[0]
                    add(position, position, sentence, String(first) + parts[1])
                } else if sentence.isWord(position + 1), sentence.isCapitalized(position + 1), !sentence.isAllCapitals(position + 1),
                          sentence.tokens[position + 1] == sentence.tokens[position] + 2 {
                    // "Haus Tür": two nouns in a row whose join is a noun, and not a noun that
                    // starts the next phrase after a noun in the genitive ("Ende Mai").
                    let next = sentence.text(position + 1)
                    guard text.count >= 3, next.count >= 3, isNoun(text), isNoun(next) else { continue }
                    let joined = text + next
                    guard isNoun(joined) else { continue }
                    add(position, position + 1, sentence, written + next)
                }
            }
        }
        return matches
    }
}

/// A noun counted by a number above one or by a plural quantifier is plural: "drei
/// Möglichkeit" → "Möglichkeiten", "zwei Million Menschen" → "Millionen", "eine Vielzahl von
/// Möglichkeit" → "Möglichkeiten".
public struct GermanPluralAfterNumberRule: ProofreadingRule {
    public let id = "DE_PLURAL_AFTER_NUMBER"
    public let category = MatchCategory.grammar
    public let description = "A noun after a number above one or a plural quantifier is plural."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Sie kaufte vier Flasche.", "Sie kaufte vier Flaschen.", language: "de-DE"),
        .wrong("Es waren 2 Million Menschen.", "Es waren 2 Millionen Menschen.", language: "de-DE"),
        .wrong("Es gibt eine Vielzahl von Möglichkeit.", "Es gibt eine Vielzahl von Möglichkeiten.", language: "de-DE"),
        .right("Wir aßen zwei Stück Kuchen. Er wiegt 80 Kilo. Das steht in Artikel 5 Grundgesetz. Es kostet 3 Euro. Wir tranken zwei Glas Wein.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After '{quantifier}', the noun is plural: '{suggestion}'.", shortMessage: "Plural", title: "Plural after a number",
                      detail: "A noun counted by a number above one, or by viele, mehrere, einige, ein paar, eine Vielzahl von, is plural: drei Möglichkeiten, zwei Millionen Menschen. Masculine and neuter units of measure stay singular: zwei Stück, drei Glas, 80 Kilo, 5 Euro."),
        .fr: RuleText(message: "Après « {quantifier} », le nom est au pluriel : « {suggestion} ».", shortMessage: "Pluriel", title: "Pluriel après un nombre",
                      detail: "Un nom compté par un nombre supérieur à un, ou par viele, mehrere, einige, ein paar, eine Vielzahl von, est au pluriel : drei Möglichkeiten, zwei Millionen Menschen. Les unités de mesure masculines et neutres restent au singulier : zwei Stück, drei Glas, 80 Kilo, 5 Euro."),
        .de: RuleText(message: "Nach „{quantifier}“ steht das Nomen im Plural: „{suggestion}“.", shortMessage: "Plural", title: "Plural nach Zahlen",
                      detail: "Ein Nomen, das durch eine Zahl über eins oder durch viele, mehrere, einige, ein paar, eine Vielzahl von gezählt wird, steht im Plural: drei Möglichkeiten, zwei Millionen Menschen. Männliche und sächliche Maßeinheiten bleiben im Singular: zwei Stück, drei Glas, 80 Kilo, 5 Euro."),
        .es: RuleText(message: "Tras «{quantifier}», el sustantivo va en plural: «{suggestion}».", shortMessage: "Plural", title: "Plural tras un número",
                      detail: "Un sustantivo contado por un número mayor que uno, o por viele, mehrere, einige, ein paar, eine Vielzahl von, va en plural: drei Möglichkeiten, zwei Millionen Menschen. Las unidades de medida masculinas y neutras quedan en singular: zwei Stück, drei Glas, 80 Kilo, 5 Euro."),
    ]

    static let quantifiers: Set<String> = [
        "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf", "zwanzig", "dreißig", "vierzig", "fünfzig",
        "hundert", "tausend", "viele", "mehrere", "einige", "wenige", "zahlreiche", "etliche", "paar",
    ]
    /// Nouns that name a set and take a plural after "von": eine Vielzahl von Möglichkeiten.
    static let collectives: Set<String> = ["vielzahl", "reihe", "menge", "anzahl", "fülle", "unmenge", "vielfalt", "mehrzahl"]
    /// Units that stay singular after a number (zwei Stück, drei Glas, 5 Euro).
    static let units: Set<String> = [
        "stück", "glas", "paar", "fass", "pfund", "meter", "liter", "grad", "prozent", "mal", "mann", "kilo", "gramm", "euro", "dollar", "cent",
        "franken", "blatt", "sack", "satz", "schuss", "bund", "kasten", "stock", "dutzend", "zentner", "karat", "byte", "bit", "volt", "watt",
        "punkt", "zoll", "fuß", "schritt", "kopf", "tag", "uhr", "jahr", "teil",
        // Times that open a phrase inside the noun phrase: "in zwei Anfang 2009 erschienenen Studien".
        "anfang", "ende", "mitte", "beginn",
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        let lexicon = context.grammar.lexicon
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 1..<max(sentence.count, 1) where sentence.isCapitalized(position) && !sentence.isAllCapitals(position) {
                let before = position - 1
                let quantifier = sentence.text(before)
                var counted = false
                if sentence.isNumber(before) {
                    // "Artikel 5 Grundgesetz": a number that labels the noun before it.
                    counted = quantifier != "1" && !quantifier.contains(",") && !quantifier.contains(".")
                        && !(sentence.isCapitalized(before - 1) && !sentence.isFirstWord(before - 1)) && !sentence.isPunctuation(before - 1)
                } else if sentence.isWord(before), !sentence.isCapitalized(before) {
                    counted = Self.quantifiers.contains(quantifier) && (quantifier != "paar" || sentence.text(before - 1) == "ein")
                        || quantifier == "von" && Self.collectives.contains(sentence.text(before - 1))
                }
                guard counted else { continue }
                let text = sentence.text(position)
                guard !Self.units.contains(text), !sentence.isFirstWord(position) else { continue }
                let readings = lexicon.readings(of: text)
                guard !readings.isEmpty, readings.allSatisfy({ $0.tag == .NN && !$0.features.contains(.plural) }),
                      let plural = lexicon.inflect(text, to: .NN, features: WordFeatures([.plural])), plural != text
                else { continue }
                let suggestion = WordCase.capitalizingFirst(plural)
                matches.append(sentence.match(
                    position, position, rule: self, texts: Self.texts, context: context, suggestions: [suggestion],
                    values: ["quantifier": sentence.written(before)]))
            }
        }
        return matches
    }
}
