/// The closed word classes of a language, written by hand: determiners, pronouns, modals,
/// prepositions, conjunctions. Lexicon files hold the open classes. Each language's table is in
/// its own file (French: `FrenchClosedWordClasses`).
enum ClosedWordClasses {
    static func of(_ language: String) -> [String: [Lexicon.Reading]] {
        switch language {
        case "en": english.reduce(into: [:]) { table, entry in table[entry.key] = entry.value.map { Lexicon.Reading(tag: $0, lemma: entry.key) } }
        case "fr": FrenchClosedWordClasses.table
        case "de": GermanClosedWordClasses.table
        case "es": SpanishClosedWordClasses.table
        default: [:]
        }
    }

    static let english: [String: [WordTag]] = {
        var table: [String: [WordTag]] = [:]
        func add(_ tag: WordTag, _ words: String) {
            for word in words.split(separator: " ") { table[String(word), default: []].append(tag) }
        }
        add(.DT, "a an the this that these those every each either neither no another some any all both "
            + "much many few several such what whatever which whichever")
        add(.PRP, "i you he she it we they")
        add(.PRPO, "me you him her it us them")
        add(.PRPS, "my your his her its our their")
        add(.MD, "can could may might must shall should will would")
        // Negated auxiliaries behave as modals before a verb: "don't know", "won't go".
        add(.MD, "can't cannot couldn't mustn't shan't shouldn't won't wouldn't don't doesn't didn't")
        add(.IN, "about above across after against along among around as at before behind below beneath beside "
            + "besides between beyond by despite down during except for from in inside into like near of off on "
            + "onto out outside over past since through throughout till to toward towards under underneath until "
            + "unlike up upon via with within without although because if unless whereas while whether though")
        add(.CC, "and or but nor yet so")
        add(.CD, "one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand million")
        add(.WH, "who whom whose what which where when why how")
        return table
    }()
}
