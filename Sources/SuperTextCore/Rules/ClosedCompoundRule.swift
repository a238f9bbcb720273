/// One word written as two: "with out" → "without", "key board" → "keyboard", "be cause" →
/// "because", found by a model of English rather than from a list of compounds.
///
/// Two words apart are joined when the dictionary knows the joined word, English writes it
/// often, the two words side by side are rare, and the trigram model of English
/// (`TrigramModel`) finds the joined word, between the same neighbours, `minimumRatio` times
/// likelier than the two words: "will be low" keeps "be low" as "will below" is never written,
/// "from day to day" keeps "to day". A pattern cannot
/// say this; a list could not hold every compound of the dictionary. The ratio and the guards
/// were chosen on the part of the development set that is read and judged on its validation part
/// (docs/grammar.md).
public struct ClosedCompoundRule: ProofreadingRule {
    public let id = "EN_CLOSED_COMPOUND"
    public let category = MatchCategory.grammar
    public let description = "One word written as two: 'with out' → 'without'."
    public let isPicky = false
    public let languages: Set<String> = ["en"]

    /// How much likelier (log10) the joined word must be than the two words between their
    /// neighbours (ten times).
    let minimumRatio: Float

    public init(minimumRatio: Float = 1) {
        self.minimumRatio = minimumRatio
    }

    public let examples: [RuleExample] = [
        .wrong("We cannot leave with out them.", "We cannot leave without them."),
        .wrong("Type it on the key board.", "Type it on the keyboard."),
        .wrong("We stayed home be cause of the storm.", "We stayed home because of the storm."),
        .wrong("Further more, the cost is high.", "Furthermore, the cost is high."),
        .right("Prices will be low. From day to day it changes. Set up the server and log in."),
        .right("It may be direct or indirect. Some time ago, we went on to the next town."),
        .right("Was it self-defense? You may question your self-worth."),
        .right("No body was found (no body). We worked side by side, day after day."),
    ]

    /// A joined word rarer than this (log10 of its probability, one word in a million) is not
    /// offered: what the model says of rare words is thin.
    static let minimumProbability: Float = -6
    /// Two words this likely side by side (log10, one pair in 100,000) are a phrase of their own
    /// ("any more", "some time", "in to"), whatever the joined word.
    static let commonPairProbability: Float = -5
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
        guard let model = context.grammar.languageModel else { return [] }
        var matches: [Match] = []
        let tokens = document.tokens
        let words = document.modelWordIDs(model, lexicon: context.grammar.lexicon)
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
                // The joined word first: most pairs make no word.
                guard Self.isPiece(left), Self.isPiece(right) else { continue }
                let ids = (left: words[first], right: words[second], joined: model.id(ofJoined: left, right))
                guard ids.joined != TrigramModel.unknown, model.logProbability(of: ids.joined) >= Self.minimumProbability,
                      Self.hasPlainCase(document.bytes[tokens[first].byteRange], capitalAllowed: true),
                      Self.hasPlainCase(document.bytes[tokens[second].byteRange], capitalAllowed: false),
                      !Self.conjunctions.contains(left), !Self.conjunctions.contains(right),
                      !(Self.particles.contains(right) && context.grammar.lexicon.hasReading(left, tag: .VB)),
                      model.logProbability(of: ids.left) + model.logProbability(of: ids.right, after: ids.left, TrigramModel.unknown)
                        < Self.commonPairProbability,
                      case let joined = left + right, context.isKnownWord(joined)
                else { continue }
                let before = document.lowercasedWord(at: position - 1, of: significant)
                let after = document.lowercasedWord(at: position + 2, of: significant)
                // "day to day", "side by side", "word for word": a frame of its own.
                if before == right, Self.frames.contains(left) { continue }
                // A determiner before a noun is a noun phrase ("no body was found", "some one of
                // them"), unless the second word is no noun ("some how", "any where").
                if Self.determiners.contains(left), !Self.questionWords.contains(right),
                   [.NN, .NNS, .NNU].contains(where: { context.grammar.lexicon.hasReading(right, tag: $0) }) { continue }
                // The model's number of the word at `position` of the sentence; nil for no word.
                func number(_ position: Int) -> TrigramModel.WordID? {
                    document.lowercasedWord(at: position, of: significant) == nil ? nil : words[significant[position]]
                }
                let window = (
                    before2: position >= 2 ? number(position - 2) ?? TrigramModel.unknown : model.sentenceStart,
                    before1: position >= 1 ? number(position - 1) ?? TrigramModel.unknown : model.sentenceStart,
                    after1: number(position + 2), after2: after == nil ? nil : number(position + 3))
                guard Self.odds(ids, window, model: model) >= minimumRatio else { continue }
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

    /// How much likelier (log10) the joined word is than the two words between the two words
    /// before and the two after, by the trigram model: the triples the joined word takes part in
    /// against those of the two words.
    static func odds(
        _ ids: (left: TrigramModel.WordID, right: TrigramModel.WordID, joined: TrigramModel.WordID),
        _ window: (before2: TrigramModel.WordID, before1: TrigramModel.WordID, after1: TrigramModel.WordID?, after2: TrigramModel.WordID?),
        model: TrigramModel
    ) -> Float {
        let following = [window.after1, window.after2].compactMap { $0 }
        let joined = model.logProbability(ofWordsAfterTwo: [window.before2, window.before1, ids.joined] + following)
        let apart = model.logProbability(ofWordsAfterTwo: [window.before2, window.before1, ids.left, ids.right] + following)
        return joined - apart
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
