/// The closed word classes of French, written by hand with their gender, number and person:
/// determiners, possessives, pronouns, prepositions, conjunctions, negation. The open classes
/// come from `fr-lexicon.tsv`, which leaves Dicollecte's grammatical words out so that each of
/// these words has exactly the readings listed here.
///
/// Elided forms are words of their own (`l'`, `qu'`), as `FrenchElision` splits them off the
/// word they lean on; apostrophes are straight, as in `CheckedDocument.lowercasedTexts`.
enum FrenchClosedWordClasses {
    static let table: [String: [Lexicon.Reading]] = {
        var table: [String: [Lexicon.Reading]] = [:]
        func add(_ tag: WordTag, _ features: String, _ words: String) {
            let set = WordFeatures(names: features.split(separator: " "))!
            for word in words.split(separator: " ") {
                table[String(word), default: []].append(Lexicon.Reading(tag: tag, lemma: String(word), features: set))
            }
        }
        // Determiners: articles, demonstratives, indefinites, interrogatives.
        add(.DT, "m sg", "le un ce cet du au aucun quel nul tout certain")
        add(.DT, "f sg", "la une cette aucune quelle nulle toute certaine")
        add(.DT, "m f sg", "l' chaque quelque")
        add(.DT, "m f pl", "les des ces aux plusieurs quelques maints")
        add(.DT, "m pl", "quels tous certains divers")
        add(.DT, "f pl", "quelles toutes certaines diverses")
        // Possessives. "mon", "ton", "son" also go before a feminine word that starts with a
        // vowel sound ("mon amie"): the rules know it, the table keeps them masculine.
        add(.PRPS, "m sg", "mon ton son")
        add(.PRPS, "f sg", "ma ta sa")
        add(.PRPS, "m f sg", "notre votre leur")
        add(.PRPS, "m f pl", "mes tes ses nos vos leurs")
        // Subject pronouns, with person and number (gender where the pronoun has one).
        add(.PRP, "1 sg", "je j'")
        add(.PRP, "2 sg", "tu")
        add(.PRP, "m 3 sg", "il")
        add(.PRP, "f 3 sg", "elle")
        add(.PRP, "3 sg", "on ce c' ça cela ceci")
        add(.PRP, "1 pl", "nous")
        add(.PRP, "2 pl", "vous")
        add(.PRP, "m 3 pl", "ils")
        add(.PRP, "f 3 pl", "elles")
        // Object pronouns that stand before the verb (clitics).
        add(.PRPO, "1 sg", "me m'")
        add(.PRPO, "2 sg", "te t'")
        add(.PRPO, "3", "se s'")
        add(.PRPO, "m 3 sg", "le")
        add(.PRPO, "f 3 sg", "la")
        add(.PRPO, "3 sg", "l' lui")
        add(.PRPO, "3 pl", "les leur")
        add(.PRPO, "1 pl", "nous")
        add(.PRPO, "2 pl", "vous")
        add(.PRPO, "", "en y")
        // Prepositions (and the contracted articles, which are also determiners above), and
        // subordinating conjunctions.
        add(.IN, "", "à de d' en dans par pour sur sous avec sans chez vers entre contre depuis pendant après avant "
            + "devant derrière selon malgré parmi envers hormis jusque jusqu' dès durant via outre au aux du des")
        add(.IN, "", "que qu' quand lorsque lorsqu' puisque puisqu' quoique quoiqu' si comme")
        add(.CC, "", "et ou mais donc or ni car")
        add(.WH, "", "qui que qu' quoi dont où lequel laquelle lesquels lesquelles auquel auxquels auxquelles duquel "
            + "desquels desquelles combien comment pourquoi quand")
        // Negation and its second part.
        add(.RB, "", "ne n' pas jamais rien guère point plus")
        return table
    }()

    /// Subject pronouns (`je`, `ils`, ...): person, number and gender where they have them.
    static let subjectPronouns: Set<String> = ["je", "j'", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"]

    /// Pronouns that may stand between a subject and its verb: "il ne le leur donne pas".
    static let clitics: Set<String> = [
        "ne", "n'", "me", "m'", "te", "t'", "se", "s'", "le", "la", "l'", "les", "lui", "leur", "nous", "vous", "en", "y",
    ]
}
