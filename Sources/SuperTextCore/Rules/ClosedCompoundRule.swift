/// One word written as two: "with out" → "without", "key board" → "keyboard", "be cause" →
/// "because", found from counts rather than from a list of compounds.
///
/// Two words apart are joined when the dictionary knows the joined word, the corpus writes it
/// often, the two words side by side are rare, and a model of word pairs (`WordPairCounts`, with
/// the pairs it did not keep backed off to the words' own shares) finds the joined word, between
/// the same neighbours, `minimumRatio` times likelier than the two words: "will be low" keeps
/// "be low" as "will below" is never written, "from day to day" keeps "to day". A pattern cannot
/// say this; a list could not hold every compound of the dictionary. The ratio and the guards
/// were chosen on the part of the development set that is read and judged on its validation part
/// (docs/grammar.md).
public struct ClosedCompoundRule: ProofreadingRule {
    public let id = "EN_CLOSED_COMPOUND"
    public let category = MatchCategory.grammar
    public let description = "One word written as two: 'with out' → 'without'."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    /// How many times likelier the joined word must be than the two words between their neighbours.
    let minimumRatio: Double

    public init(minimumRatio: Double = 10) {
        self.minimumRatio = minimumRatio
    }

    public let examples: [RuleExample] = [
        .wrong("We cannot leave with out them.", "We cannot leave without them."),
        .wrong("Type it on the key board.", "Type it on the keyboard."),
        .wrong("It was all be cause of you.", "It was all because of you."),
        .wrong("Further more, the cost is high.", "Furthermore, the cost is high."),
        .right("Prices will be low. From day to day it changes. Set up the server and log in."),
        .right("It may be direct or indirect. Some time ago, we went on to the next town."),
        .right("Was it self-defense? You may question your self-worth."),
        .right("No body was found (no body). We worked side by side, day after day."),
    ]

    /// A joined word rarer than this share of the corpus's words is not offered: the counts of
    /// rare words say too little.
    static let minimumShare = 1e-6
    /// Two words that make up this share of the corpus's pairs are a phrase of their own ("any
    /// more", "some time", "in to"), whatever the joined word.
    static let commonPairShare = 1e-5
    /// Words after which a verb's particle is the verb's, not the start of a compound: "log in",
    /// "set up", "back up" are verbs; "login", "setup", "backup" their nouns.
    static let particles: Set<String> = ["up", "out", "down", "off", "in", "on", "over", "back", "away", "around", "about", "through", "along", "by"]
    /// Conjunctions: "direct or" is not "director".
    static let conjunctions: Set<String> = ["and", "or", "but", "nor", "if"]
    /// Words between a noun and itself in a set frame.
    static let frames: Set<String> = ["to", "by", "for", "after", "upon"]
    /// Determiners a compound can start with ("nobody", "anyway", "someone", "everyday").
    static let determiners: Set<String> = ["no", "any", "some", "every", "each", "an", "the", "this", "that", "my", "your", "his", "her", "its", "our", "their"]
    /// Words the lexicon also lists as nouns that follow a determiner only in a compound.
    static let questionWords: Set<String> = ["how", "where", "what", "when", "why", "ever"]
    /// The two-letter English words a split can leave ("be cause", "in side", "up date"); other
    /// two-letter pieces ("co op", "el even") are abbreviations or foreign words.
    static let twoLetterWords: Set<String> = ["be", "in", "on", "up", "to", "by", "no", "it", "my", "go", "do", "so", "an", "as", "at", "of", "me", "we", "he", "us", "am", "is"]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(
            message: "'{written}' is written as one word: '{suggestion}'.", shortMessage: "One word",
            title: "One word, not two",
            detail: "Compounds that English writes closed are one word in the dictionary; written apart they read as two unrelated words. Texts write this word far more often than its two parts side by side."),
        .fr: RuleText(
            message: "« {written} » s’écrit en un seul mot : « {suggestion} ».", shortMessage: "Un seul mot",
            title: "Un mot, pas deux",
            detail: "Les mots composés que l’anglais soude forment un seul mot du dictionnaire ; séparés, ils se lisent comme deux mots sans lien. Les textes écrivent ce mot bien plus souvent que ses deux parties côte à côte."),
        .de: RuleText(
            message: "„{written}“ schreibt man zusammen: „{suggestion}“.", shortMessage: "Ein Wort",
            title: "Ein Wort, nicht zwei",
            detail: "Zusammensetzungen, die das Englische zusammenschreibt, sind ein Wort im Wörterbuch; getrennt liest man zwei Wörter ohne Bezug. Texte schreiben dieses Wort weit häufiger als seine beiden Teile nebeneinander."),
        .es: RuleText(
            message: "«{written}» se escribe en una sola palabra: «{suggestion}».", shortMessage: "Una palabra",
            title: "Una palabra, no dos",
            detail: "Los compuestos que el inglés escribe juntos son una sola palabra del diccionario; separados se leen como dos palabras sin relación. Los textos escriben esta palabra mucho más a menudo que sus dos partes una junto a otra."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let counts = context.grammar.counts
        guard !counts.isEmpty else { return [] }
        var matches: [Match] = []
        let tokens = document.tokens
        for sentence in document.sentenceTokens {
            let significant = document.significantTokens(in: sentence)
            var position = 0
            while position + 1 < significant.count {
                defer { position += 1 }
                let first = significant[position], second = significant[position + 1]
                // Apart by one space, nothing else.
                guard tokens[first].kind == .word, tokens[second].kind == .word,
                      tokens[second].byteRange.lowerBound == tokens[first].byteRange.upperBound + 1,
                      document.firstByte(of: first + 1) == UInt8(ascii: " ")
                else { continue }
                let left = document.lowercasedTexts[first], right = document.lowercasedTexts[second]
                // The joined word's count first: most pairs make no word, and it costs one hash.
                guard Self.isPiece(left), Self.isPiece(right), counts.share(joining: left, right) >= Self.minimumShare,
                      Self.hasPlainCase(document.bytes[tokens[first].byteRange], capitalAllowed: true),
                      Self.hasPlainCase(document.bytes[tokens[second].byteRange], capitalAllowed: false),
                      !Self.conjunctions.contains(left), !Self.conjunctions.contains(right),
                      !(Self.particles.contains(right) && context.grammar.lexicon.hasReading(left, tag: .VB)),
                      counts.share(left, right) < Self.commonPairShare
                else { continue }
                let joined = left + right
                guard context.isKnownWord(joined) else { continue }
                let before = document.lowercasedWord(at: position - 1, of: significant)
                let after = document.lowercasedWord(at: position + 2, of: significant)
                // "day to day", "side by side", "word for word": a frame of its own.
                if before == right, Self.frames.contains(left) { continue }
                // A determiner before a noun is a noun phrase ("no body was found", "some one of
                // them"), unless the second word is no noun ("some how", "any where").
                if Self.determiners.contains(left), !Self.questionWords.contains(right),
                   [.NN, .NNS, .NNU].contains(where: { context.grammar.lexicon.hasReading(right, tag: $0) }) { continue }
                guard Self.odds(left, right, before: before, after: after, counts: counts) >= minimumRatio else { continue }
                let written = document.text(tokens: first..<second + 1)
                let suggestion = WordCase.startsWithCapital(written) ? WordCase.capitalizingFirst(joined) : joined
                var match = document.match(
                    tokens: first..<second + 1, rule: id, category: category, texts: Self.texts,
                    language: context.explanationLanguage, suggestion: suggestion, values: [("written", written)])
                match.explanation.kind = .join
                matches.append(match)
                position += 1
            }
        }
        return matches
    }

    /// How many times likelier the joined word is than the two words between `before` and
    /// `after`, by a model of word pairs: P(joined | before) P(after | joined) against
    /// P(left | before) P(right | left) P(after | right).
    static func odds(_ left: String, _ right: String, before: String?, after: String?, counts: WordPairCounts) -> Double {
        let joined = left + right
        /// P(word | previous), backed off to the word's share where the corpus kept no pair,
        /// and never above what a pair it did not keep can have been.
        func given(_ word: String, after previous: String) -> Double {
            let previousShare = max(counts.share(previous), 1e-12)
            let pair = counts.share(previous, word) / previousShare
            return counts.hasPair(previous, word) ? pair : min(counts.share(word), pair)
        }
        var joinedOdds = before.map { given(joined, after: $0) } ?? counts.share(joined)
        var apartOdds = (before.map { given(left, after: $0) } ?? counts.share(left)) * given(right, after: left)
        if let after {
            joinedOdds *= given(after, after: joined)
            apartOdds *= given(after, after: right)
        }
        return apartOdds > 0 ? joinedOdds / apartOdds : 0
    }

    /// A piece of a split compound: ASCII letters, and at least three of them or an English
    /// two-letter word.
    static func isPiece(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard utf8.count >= 2, utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return false }
        return utf8.count >= 3 || twoLetterWords.contains(word)
    }

    /// Lowercase, or with a first capital only where `capitalAllowed` (the start of a
    /// sentence): "PR ada" and "New York" are not split compounds.
    static func hasPlainCase(_ text: some Collection<UInt8>, capitalAllowed: Bool) -> Bool {
        for (offset, byte) in text.enumerated() where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
            if offset > 0 || !capitalAllowed { return false }
        }
        return true
    }
}
