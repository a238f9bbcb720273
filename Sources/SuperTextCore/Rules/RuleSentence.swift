/// One sentence as the code rules of every language read it: its words, numbers and punctuation
/// (no spaces), lowercase, with the lexicon's readings, on a document as the language prepares
/// it (French elisions split: `l'` `arbre`).
///
/// A class: the rules pass sentences around by the thousand, and a copy of a struct with this
/// many arrays (and the document's) retained and released each of them (a twentieth of a German
/// check).
final class RuleSentence: Sendable {
    let document: CheckedDocument
    /// Indices into the document's tokens.
    let tokens: [Int]
    /// The lowercase text of each of `tokens`.
    let texts: [String]
    let lexicon: Lexicon
    /// The lexicon's readings and tags of each word of `tokens` (none for other tokens), looked
    /// up once: the rules ask for them at every position, several times.
    private let wordReadings: [[Lexicon.Reading]]
    private let wordTags: [WordTags]

    init(_ range: Range<Int>, in document: CheckedDocument, lexicon: Lexicon) {
        self.document = document
        self.lexicon = lexicon
        tokens = document.significantTokens(in: range)
        texts = tokens.map { document.lowercasedTexts[$0] }
        var wordReadings: [[Lexicon.Reading]] = []
        var wordTags: [WordTags] = []
        wordReadings.reserveCapacity(tokens.count)
        wordTags.reserveCapacity(tokens.count)
        for (token, text) in zip(tokens, texts) {
            let (readings, tags) = document.tokens[token].kind == .word ? lexicon.readingsAndTags(of: text) : ([], WordTags())
            wordReadings.append(readings)
            wordTags.append(tags)
        }
        self.wordReadings = wordReadings
        self.wordTags = wordTags
    }

    /// The sentences of a document, made once for all the rules that read them.
    static func all(in document: CheckedDocument, context: RuleContext) -> [RuleSentence] {
        let lexicon = context.grammar.lexicon
        return document.analyses.value([RuleSentence].self, lexicon: lexicon) {
            // Timed apart (and inside the first rule that asks) by `supertext-bench speed --by-rule`.
            RuleTimings.measure("(rule sentences, within the first rule)") {
                document.sentenceTokens.map { RuleSentence($0, in: document, lexicon: lexicon) }
            }
        }
    }

    var count: Int { tokens.count }

    func isWord(_ position: Int) -> Bool {
        position >= 0 && position < tokens.count && document.tokens[tokens[position]].kind == .word
    }

    func isNumber(_ position: Int) -> Bool {
        position >= 0 && position < tokens.count && document.tokens[tokens[position]].kind == .number
    }

    func isPunctuation(_ position: Int) -> Bool {
        position >= 0 && position < tokens.count && document.tokens[tokens[position]].kind == .punctuation
    }

    /// The lowercase text at a position, or "" outside the sentence.
    func text(_ position: Int) -> String {
        position >= 0 && position < tokens.count ? texts[position] : ""
    }

    /// The text as written.
    func written(_ position: Int) -> String {
        document.text(of: document.tokens[tokens[position]])
    }

    func isCapitalized(_ position: Int) -> Bool {
        guard isWord(position) else { return false }
        // Most words start with an ASCII letter: told by their first byte, without their text.
        switch document.firstByte(of: tokens[position]) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return false
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        default: return WordCase.startsWithCapital(written(position))
        }
    }

    /// Whether the word is written in capitals only ("EST", "ILS").
    func isAllCapitals(_ position: Int) -> Bool {
        // Told from the bytes when they are ASCII (asked of every capitalised German word).
        var letters = 0, ascii = true
        for offset in document.tokens[tokens[position]].byteRange {
            switch document.bytes[offset] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters += 1
            case 0x80...: ascii = false
            default: break
            }
        }
        if ascii { return letters > 1 }
        let word = written(position)
        return word.filter(\.isLetter).count > 1 && word.allSatisfy { !$0.isLetter || $0.isUppercase }
    }

    func readings(_ position: Int) -> [Lexicon.Reading] {
        position >= 0 && position < tokens.count ? wordReadings[position] : []
    }

    func tags(_ position: Int) -> WordTags {
        position >= 0 && position < tokens.count ? wordTags[position] : WordTags()
    }

    func has(_ position: Int, _ tag: WordTag, _ features: WordFeatures = WordFeatures()) -> Bool {
        readings(position).contains { $0.tag == tag && $0.features.isSuperset(of: features) }
    }

    /// Whether the word at `position` is the first of the sentence, after opening punctuation.
    func isFirstWord(_ position: Int) -> Bool {
        var before = position - 1
        while before >= 0, isPunctuation(before), Self.openingPunctuation.contains(texts[before]) { before -= 1 }
        return before < 0
    }

    /// What may come before a sentence's first word. A set: `String.contains` on a string of
    /// them goes through Foundation's substring search, which the rules called on every word.
    static let openingPunctuation: Set<String> = ["\"", "'", "“", "‘", "(", "«", "¿", "¡", "-", "–", "—", "*"]

    /// Whether a clause can start at `position`: the sentence's first word, or after
    /// punctuation, a conjunction or a subordinating word. With `afterConjunction: false`,
    /// not after "et", "ou", "ni", where the word may be the second of two ("Pierre et elle").
    func startsClause(_ position: Int, afterConjunction: Bool = true) -> Bool {
        let before = position - 1
        if before < 0 || isFirstWord(position) { return true }
        if isPunctuation(before) { return [",", ";", ":", "(", "«", "\"", "“", "—", "–", "-"].contains(texts[before]) }
        if !afterConjunction, ["et", "ou", "ni"].contains(texts[before]) { return false }
        return FrenchWords.clauseOpeners.contains(texts[before])
    }

    /// Whether the word has a reading of a closed class (determiner, pronoun, preposition,
    /// conjunction, question word) or is a number: "dans" is also the plural of "dan", "la" a
    /// note, "neuf" an adjective, but the rules read them as the small words they mostly are.
    func isClosedClassOrNumber(_ position: Int) -> Bool {
        tags(position).containsAny(WordTags([.DT, .PRPS, .PRP, .PRPO, .IN, .CC, .WH, .CD]))
    }

    /// The text of `first...last` as written, spaces included.
    func written(from first: Int, to last: Int) -> String {
        document.text(tokens: tokens[first]..<tokens[last] + 1)
    }

    /// A match over the tokens `first...last` with one or more suggestions, its messages from
    /// `texts` (`{written}`, `{suggestion}` and any of `values` filled in).
    func match(
        _ first: Int, _ last: Int, rule: any ProofreadingRule, texts: [ExplanationLanguage: RuleText],
        context: RuleContext, suggestions: [String], values: [String: String] = [:], keepingCase: Bool = false
    ) -> Match {
        let written = written(from: first, to: last)
        // A capital stays a capital, as does a word in capitals (unless the suggestion's own case is the point).
        let cased = keepingCase ? suggestions : suggestions.map { suggestion -> String in
            if isAllCapitals(first), written.count > 1 { return suggestion.uppercased() }
            return WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(suggestion) : suggestion
        }
        let text = texts[context.explanationLanguage] ?? texts[.en]!
        func fill(_ template: String) -> String {
            RuleText.fill(template, [("written", written), ("suggestion", cased.first ?? "")] + values.map { ($0.key, $0.value) })
        }
        return document.match(
            tokens: tokens[first]..<tokens[last] + 1, category: rule.category, rule: rule.id,
            message: fill(text.message), shortMessage: fill(text.shortMessage), suggestions: cased,
            explanation: Explanation(kind: rule.category.explanationKind, title: fill(text.title), detail: fill(text.detail))
        )
    }
}

/// Word lists the French code rules share.
enum FrenchWords {
    /// Prepositions that are also forms of a verb (entrer, contrer): "entre lui et moi", "les mots
    /// entre crochets".
    static let prepositionsAlsoVerbs: Set<String> = ["entre", "contre"]

    /// Words after which a new clause (and so a subject) may start.
    static let clauseOpeners: Set<String> = [
        "et", "ou", "mais", "donc", "or", "ni", "car", "que", "qu'", "quand", "lorsque", "lorsqu'", "puisque", "puisqu'",
        "si", "comme", "où", "quoique", "quoiqu'", "alors", "puis", "ensuite", "aussi", "pourtant", "cependant",
    ]

    /// Adverbs that may stand between a verb and its complement without changing the agreement:
    /// "elle n'est pas très contente".
    static let adverbs: Set<String> = [
        "pas", "plus", "jamais", "guère", "point", "très", "trop", "si", "aussi", "assez", "bien", "vraiment", "toujours",
        "encore", "déjà", "souvent", "parfois", "presque", "tellement", "peut-être", "sûrement", "certainement",
        "vite", "enfin", "immédiatement", "alors", "donc", "probablement", "complètement", "totalement", "fort", "même", "juste",
        "particulièrement", "extrêmement", "vraisemblablement", "finalement", "ensuite", "aussitôt", "longtemps",
        "beaucoup", "mal", "mieux", "moins", "rarement", "entièrement", "largement", "également", "désormais",
    ]

    /// A verb and its subject pronoun joined for a question, as written: "manges-tu", with the
    /// t said between a vowel (or c) and il, elle, on: "va-t-il", "vainc-t-on".
    static func inverted(_ verb: String, _ pronoun: String) -> String {
        let ending = verb.lowercased()
        let euphonic = ["il", "elle", "on"].contains(pronoun.lowercased()) && (ending.hasSuffix("a") || ending.hasSuffix("e") || ending.hasSuffix("c"))
        return verb + (euphonic ? "-t-" : "-") + pronoun
    }

    /// Whether two sets of features can belong to the same thing: each of gender and number
    /// shared, or unknown on one side.
    static func agree(_ a: WordFeatures, _ b: WordFeatures) -> Bool {
        for dimension in [WordFeatures.gender, WordFeatures.number] {
            let left = a.intersection(dimension)
            let right = b.intersection(dimension)
            if !left.isEmpty, !right.isEmpty, left.intersection(right).isEmpty { return false }
        }
        return true
    }

    /// The gender and number two sets of features share (each dimension unknown when one side
    /// does not say).
    static func common(_ a: WordFeatures, _ b: WordFeatures) -> WordFeatures {
        var result = WordFeatures()
        for dimension in [WordFeatures.gender, WordFeatures.number] {
            let left = a.intersection(dimension)
            let right = b.intersection(dimension)
            if left.isEmpty { result = result.union(right) }
            else if right.isEmpty { result = result.union(left) }
            else { result = result.union(left.intersection(right)) }
        }
        return result
    }

    /// A feature set with one value per dimension kept only when it is certain (one bit).
    static func certain(_ features: WordFeatures) -> WordFeatures {
        var result = WordFeatures()
        for dimension in [WordFeatures.gender, WordFeatures.number, WordFeatures.person] {
            let bits = features.intersection(dimension)
            if bits.bits.nonzeroBitCount == 1 { result = result.union(bits) }
        }
        return result
    }
}

extension CheckedDocument {
    /// Whether the token follows a line break, a tab or a wide space: it starts a line of its own,
    /// a heading, a list item or a column, where a capital says nothing of the sentence. A line
    /// break after a word in small letters or a comma is prose wrapped mid-sentence, no start.
    func startsLine(_ token: Int) -> Bool {
        guard token > 0 else { return false }
        var before = token - 1
        if tokens[before].kind == .space {
            if isColumnGap(before) { return true }
            before -= 1
        }
        guard before >= 0, tokens[before].kind == .lineBreak else { return false }
        var end = before - 1
        while end >= 0, tokens[end].isWhitespace { end -= 1 }
        guard end >= 0 else { return true }
        if tokens[end].kind == .punctuation { return ![",", ";", "(", "-"].contains(lowercasedTexts[end]) }
        if tokens[end].kind == .word { return WordCase.startsWithCapital(text(of: tokens[end])) }
        return true
    }

    /// Whether the token is a tab or three spaces and more, which set a column apart ("-v
    /// Natürliche Sortierung", "alias   Alias names").
    func isColumnGap(_ token: Int) -> Bool {
        tokens[token].kind == .space && (tokens[token].byteRange.count >= 3 || text(of: tokens[token]).contains("\t"))
    }
}
