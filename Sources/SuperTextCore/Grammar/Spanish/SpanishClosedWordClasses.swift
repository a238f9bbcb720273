/// The closed word classes of Spanish, written by hand with their gender, number and person:
/// articles and determiners, possessives, subject and object pronouns, prepositions,
/// conjunctions, question words. The open classes come from `es-lexicon.tsv`; these words get
/// the readings listed here in addition.
enum SpanishClosedWordClasses {
    static let table: [String: [Lexicon.Reading]] = {
        var table: [String: [Lexicon.Reading]] = [:]
        func add(_ tag: WordTag, _ features: String, _ words: String) {
            let set = WordFeatures(names: features.split(separator: " "))!
            for word in words.split(separator: " ") {
                table[String(word), default: []].append(Lexicon.Reading(tag: tag, lemma: String(word), features: set))
            }
        }
        // Articles, demonstratives, indefinites.
        add(.DT, "m sg", "el un este ese aquel algún ningún otro todo cierto mucho poco tanto cuánto")
        add(.DT, "f sg", "la una esta esa aquella alguna ninguna otra toda cierta mucha poca tanta cuánta")
        add(.DT, "m pl", "los unos estos esos aquellos algunos ningunos otros todos ciertos muchos pocos tantos cuántos")
        add(.DT, "f pl", "las unas estas esas aquellas algunas ningunas otras todas ciertas muchas pocas tantas cuántas")
        add(.DT, "m f sg", "cada cualquier")
        add(.DT, "m f pl", "varios varias ambos ambas")
        // Possessives before the noun.
        add(.PRPS, "m f sg", "mi tu su")
        add(.PRPS, "m f pl", "mis tus sus")
        add(.PRPS, "m sg", "nuestro vuestro")
        add(.PRPS, "f sg", "nuestra vuestra")
        add(.PRPS, "m pl", "nuestros vuestros")
        add(.PRPS, "f pl", "nuestras vuestras")
        // Subject pronouns, with person and number (usted takes the third person).
        add(.PRP, "1 sg", "yo")
        add(.PRP, "2 sg", "tú")
        add(.PRP, "m 3 sg", "él")
        add(.PRP, "f 3 sg", "ella")
        add(.PRP, "3 sg", "usted ello")
        add(.PRP, "m 1 pl", "nosotros")
        add(.PRP, "f 1 pl", "nosotras")
        add(.PRP, "m 2 pl", "vosotros")
        add(.PRP, "f 2 pl", "vosotras")
        add(.PRP, "m 3 pl", "ellos")
        add(.PRP, "f 3 pl", "ellas")
        add(.PRP, "3 pl", "ustedes")
        // Object pronouns before the verb.
        add(.PRPO, "1 sg", "me")
        add(.PRPO, "2 sg", "te")
        add(.PRPO, "3", "se")
        add(.PRPO, "m 3 sg", "lo le")
        add(.PRPO, "f 3 sg", "la")
        add(.PRPO, "m 3 pl", "los les")
        add(.PRPO, "f 3 pl", "las")
        add(.PRPO, "1 pl", "nos")
        add(.PRPO, "2 pl", "os")
        // Prepositions and their contractions with the article, then subordinating words.
        add(.IN, "", "a ante bajo cabe con contra de desde durante en entre hacia hasta mediante para por "
            + "según sin so sobre tras versus vía al del")
        add(.IN, "", "que si porque aunque como cuando donde mientras pues")
        add(.CC, "", "y e o u ni pero sino mas")
        add(.WH, "", "qué quién quiénes cuál cuáles cómo dónde cuándo cuánto cuánta cuántos cuántas adónde")
        add(.WH, "", "cuyo cuya cuyos cuyas")
        add(.CD, "", "dos tres cuatro cinco seis siete ocho nueve diez once doce quince veinte treinta cien ciento mil")
        add(.RB, "", "nadie nada algo alguien")
        add(.RB, "", "no sí ya también tampoco nunca jamás siempre muy más menos bien mal aquí allí ahí así")
        return table
    }()

    /// Subject pronouns and the person and number of the verb they take.
    static let subjectPronouns: [String: WordFeatures] = [
        "yo": WordFeatures([.first, .singular]), "tú": WordFeatures([.second, .singular]),
        "él": WordFeatures([.third, .singular]), "ella": WordFeatures([.third, .singular]),
        "usted": WordFeatures([.third, .singular]),
        "nosotros": WordFeatures([.first, .plural]), "nosotras": WordFeatures([.first, .plural]),
        "vosotros": WordFeatures([.second, .plural]), "vosotras": WordFeatures([.second, .plural]),
        "ellos": WordFeatures([.third, .plural]), "ellas": WordFeatures([.third, .plural]),
        "ustedes": WordFeatures([.third, .plural]),
    ]

    /// Object pronouns and the negation that may stand between a subject and its verb: "yo no
    /// se lo digo".
    static let clitics: Set<String> = ["no", "me", "te", "se", "lo", "la", "le", "los", "las", "les", "nos", "os", "ya", "también", "nunca", "siempre", "tampoco"]
}
