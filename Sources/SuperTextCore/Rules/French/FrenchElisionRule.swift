/// Elision in French: "le arbre" → "l’arbre", "que il" → "qu’il", "si il" → "s’il",
/// "ce est" → "c’est". The h aspiré and a few other words take none (le hibou, le onze).
public struct FrenchElisionRule: ProofreadingRule {
    public let id = "FR_ELISION"
    public let category = MatchCategory.grammar
    public let description = "Elision before a vowel sound: l’arbre, qu’il, s’il, c’est."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("La île est encore loin.", "L’île est encore loin.", language: "fr"),
        .wrong("Je crois que il pleuvra demain.", "Je crois qu’il pleuvra demain.", language: "fr"),
        .wrong("Je ne sais pas si il viendra.", "Je ne sais pas s’il viendra.", language: "fr"),
        .wrong("Ce est une belle journée.", "C’est une belle journée.", language: "fr"),
        .wrong("Je aime le chocolat.", "J’aime le chocolat.", language: "fr"),
        .wrong("Il ne a rien dit.", "Il n’a rien dit.", language: "fr"),
        .right("Le hibou et la hache sont dans le hangar.", language: "fr"),
        .right("Le onze de France a gagné, et le oui l’emporte.", language: "fr"),
        .right("Si elle vient, je le lui dirai.", language: "fr"),
        .right("De a à z ; Me Aubert plaide ; le hijab.", language: "fr"),
        .right("Le ou les dossiers que vous aurez à traiter.", language: "fr"),
        .wrong("Il sourit lorsque elle entra.", "Il sourit lorsqu’elle entra.", language: "fr"),
        .right("Lorsque Anne arriva, quoique épuisée, elle sourit.", language: "fr"),
        .right("Il ne prend en charge que http ; la valeur de expr est affichée.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Write '{suggestion}': '{word}' loses its vowel before a word that starts with a vowel sound.",
            shortMessage: "Elision", title: "Elision",
            detail: "In French, le, la, de, je, me, te, se, ne, que and ce drop their vowel before a vowel or a silent h and take an apostrophe: l’arbre, qu’il, j’aime, c’est. Si does so only before il and ils: s’il; lorsque, puisque and quoique before il, elle, on, en, un and ainsi: lorsqu’il. Words with an aspirated h (le hibou, la hache) and a few others (le onze, le oui) take no elision."),
        .fr: RuleText(
            message: "Écrivez « {suggestion} » : « {word} » s’élide devant un mot qui commence par un son de voyelle.",
            shortMessage: "Élision", title: "Élision",
            detail: "Le, la, de, je, me, te, se, ne, que et ce perdent leur voyelle devant une voyelle ou un h muet et prennent une apostrophe : l’arbre, qu’il, j’aime, c’est. Si ne s’élide que devant il et ils : s’il ; lorsque, puisque et quoique devant il, elle, on, en, un et ainsi : lorsqu’il. Les mots à h aspiré (le hibou, la hache) et quelques autres (le onze, le oui) refusent l’élision."),
        .de: RuleText(
            message: "Schreiben Sie „{suggestion}“: „{word}“ verliert vor einem Vokal seinen Vokal (Elision).",
            shortMessage: "Elision", title: "Elision",
            detail: "Im Französischen verlieren le, la, de, je, me, te, se, ne, que und ce vor einem Vokal oder stummen h ihren Vokal und erhalten einen Apostroph: l’arbre, qu’il, j’aime, c’est. Si tut das nur vor il und ils: s’il; lorsque, puisque und quoique vor il, elle, on, en, un und ainsi: lorsqu’il. Wörter mit „h aspiré“ (le hibou, la hache) und einige andere (le onze, le oui) werden nicht elidiert."),
        .es: RuleText(
            message: "Escriba «{suggestion}»: «{word}» pierde su vocal ante una palabra que empieza por sonido vocálico.",
            shortMessage: "Elisión", title: "Elisión",
            detail: "En francés, le, la, de, je, me, te, se, ne, que y ce pierden su vocal ante vocal o h muda y llevan apóstrofo: l’arbre, qu’il, j’aime, c’est. Si solo lo hace ante il e ils: s’il; lorsque, puisque y quoique ante il, elle, on, en, un y ainsi: lorsqu’il. Las palabras con h aspirada (le hibou, la hache) y algunas otras (le onze, le oui) no admiten elisión."),
    ]

    /// The words that elide, with their elided form.
    static let elided: [String: String] = [
        "le": "l", "la": "l", "de": "d", "je": "j", "me": "m", "te": "t", "se": "s", "ne": "n", "que": "qu",
        "jusque": "jusqu", "lorsque": "lorsqu", "puisque": "puisqu", "quoique": "quoiqu",
    ]
    /// The words before which lorsque, puisque and quoique elide.
    static let afterConjunction: Set<String> = ["il", "ils", "elle", "elles", "on", "en", "un", "une", "ainsi"]
    /// Forms of "être" (and "en") after which "ce" is written "c’".
    static let afterCe: Set<String> = ["est", "était", "étaient", "eût", "en", "eut", "aurait"]

    /// "IIe", "Ier", "XIXe": a century or a rank in Roman numerals.
    static func isRomanOrdinal(_ word: String) -> Bool {
        let letters = word.prefix { "IVXLCDM".contains($0) }
        return !letters.isEmpty && ["", "e", "er", "re", "ème", "es"].contains(String(word.dropFirst(letters.count)))
    }

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let apostrophe = FrenchTypography.apostrophe(in: document)
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 1) where sentence.isWord(position) && sentence.isWord(position + 1) {
                let word = sentence.text(position)
                // Only these words elide: the other tests are left for them.
                guard Self.elided[word] != nil || word == "si" || word == "ce" else { continue }
                let next = sentence.text(position + 1)
                let written = sentence.written(position + 1)
                // A capital H or a word in capitals may be a name or an acronym said letter by letter.
                // Not before a letter ("de A à Z"), a Roman numeral ("le IIe siècle"), "la une", or
                // names in Ou- that keep their vowel ("de Ouagadougou").
                guard !written.hasPrefix("H"), !sentence.isAllCapitals(position + 1), FrenchElision.takesElision(next),
                      // A letter named after an article or "de" ("de a à z"): the verb "a" never
                      // follows them, and "à" is the preposition.
                      !(written.count == 1 && written != "à" && ["de", "le", "la"].contains(word)), !Self.isRomanOrdinal(written),
                      !written.hasPrefix("Ou"),
                      // The pronouns elide before a verb, never before a name: "Me Dupont" is Maître.
                      !(["me", "te", "se"].contains(word) && sentence.isCapitalized(position + 1)),
                      !(["le", "la"].contains(word) && ["un", "une"].contains(next)),
                      // An article or preposition elides before its word, not before a
                      // conjunction: "le ou les cas", "de et vers".
                      !(["le", "la", "de"].contains(word) && ["ou", "et"].contains(next)),
                      document.tokens[sentence.tokens[position + 1]].byteRange.lowerBound
                        > document.tokens[sentence.tokens[position]].byteRange.upperBound
                else { continue }
                var short: String?
                switch word {
                case "si": if next == "il" || next == "ils" { short = "s" }
                case "ce": if Self.afterCe.contains(next) { short = "c" }
                case "jusque": if ["à", "au", "aux", "ici", "alors", "où", "en"].contains(next) { short = "jusqu" }
                // Lorsque, puisque and quoique must elide only before il, elle, on, en, un, ainsi;
                // before another vowel both are written (lorsque Anne, quoique amis).
                case "lorsque", "puisque", "quoique": if Self.afterConjunction.contains(next) { short = Self.elided[word] }
                case "le", "la":
                    // A pronoun after a verb in the imperative ("prends le" is written with a hyphen
                    // anyway), or "la" the note: only before words the lexicon knows or names.
                    if sentence.lexicon.knows(next) || sentence.isCapitalized(position + 1) { short = "l" }
                default: short = Self.elided[word]
                }
                guard let short else { continue }
                // A lowercase word the lexicon does not know is mostly a command, an option or a
                // word of another language (que http, de expr, de in): a name keeps its capital.
                if !sentence.lexicon.knows(next), FrenchClosedWordClasses.table[next] == nil, !sentence.isCapitalized(position + 1) { continue }
                let suggestion = short + apostrophe + written
                matches.append(
                    sentence.match(
                        position, position + 1, rule: self, texts: Self.texts, context: context, suggestions: [suggestion],
                        values: ["word": sentence.written(position)]
                    )
                )
            }
        }
        return matches
    }
}

/// Contractions of the article in French: "de le" → "du", "à les" → "aux".
public struct FrenchContractionRule: ProofreadingRule {
    public let id = "FR_CONTRACTION"
    public let category = MatchCategory.grammar
    public let description = "Contracted articles: du, des, au, aux for de le, de les, à le, à les."
    public let isPicky = false
    public let languages: Set<String> = ["fr"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Il a écrit à le directeur.", "Il a écrit au directeur.", language: "fr"),
        .wrong("Elle parle de les enfants.", "Elle parle des enfants.", language: "fr"),
        .wrong("Le prix de le pain augmente.", "Le prix du pain augmente.", language: "fr"),
        .wrong("Je pense à les vacances.", "Je pense aux vacances.", language: "fr"),
        .right("Il a décidé de le faire, et de les aider à le porter.", language: "fr"),
        .right("J’ai lu un article de Le Monde.", language: "fr"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "Write '{suggestion}': '{written}' contracts into one word.", shortMessage: "Contracted article",
            title: "Contracted article",
            detail: "Before a noun, de and à merge with the articles le and les: de le → du, de les → des, à le → au, à les → aux. La and l’ stay apart: de la, à l’. When le or les is a pronoun before a verb, nothing merges: de le faire."),
        .fr: RuleText(
            message: "Écrivez « {suggestion} » : « {written} » se contracte.", shortMessage: "Article contracté",
            title: "Article contracté",
            detail: "Devant un nom, de et à se soudent aux articles le et les : de le → du, de les → des, à le → au, à les → aux. La et l’ restent séparés : de la, à l’. Quand le ou les est un pronom devant un verbe, rien ne se contracte : de le faire."),
        .de: RuleText(
            message: "Schreiben Sie „{suggestion}“: „{written}“ wird zusammengezogen.", shortMessage: "Zusammengezogener Artikel",
            title: "Zusammengezogener Artikel",
            detail: "Vor einem Nomen verschmelzen de und à mit den Artikeln le und les: de le → du, de les → des, à le → au, à les → aux. La und l’ bleiben getrennt: de la, à l’. Ist le oder les ein Pronomen vor einem Verb, verschmilzt nichts: de le faire."),
        .es: RuleText(
            message: "Escriba «{suggestion}»: «{written}» se contrae.", shortMessage: "Artículo contracto",
            title: "Artículo contracto",
            detail: "Ante un sustantivo, de y à se funden con los artículos le y les: de le → du, de les → des, à le → au, à les → aux. La y l’ quedan separados: de la, à l’. Cuando le o les es un pronombre ante un verbo, no hay contracción: de le faire."),
    ]

    static let contractions: [String: String] = ["de le": "du", "de les": "des", "à le": "au", "à les": "aux"]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var matches: [Match] = []
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(0, sentence.count - 2) where sentence.isWord(position) {
                // The contractions start with these two words: no pair is made for the others.
                guard ["de", "à"].contains(sentence.text(position)),
                      let contracted = Self.contractions[sentence.text(position) + " " + sentence.text(position + 1)],
                      sentence.isWord(position + 2), !sentence.isCapitalized(position + 1)
                else { continue }
                // An article only before a noun or an adjective that is no verb: "de le faire" keeps its pronoun.
                let next = sentence.tags(position + 2)
                guard next.containsAny(WordTags([.NN, .JJ])), !next.containsAny(WordTags([.VB, .VBF])) else { continue }
                matches.append(
                    sentence.match(position, position + 1, rule: self, texts: Self.texts, context: context, suggestions: [contracted])
                )
            }
        }
        return matches
    }
}
