import Foundation

/// A real word written for another that sounds or looks alike ("then" for "than", "loose" for
/// "lose"), decided by how often each candidate occurs between the same neighbours in a large
/// corpus (`WordPairCounts`), where no grammar rule can decide.
///
/// The written word is flagged only when a candidate is `minimumRatio` times more likely in
/// its place, counting the pair on each side the corpus has seen; the ratio was chosen on the
/// development set so that clean text stays clean (docs/grammar.md). Sets and what each word
/// means, in every explanation language, are data: `grammar/<language>-confusions.txt`.
public struct ConfusedWordRule: ProofreadingRule {
    public let id: String
    public let category = MatchCategory.confusedWords
    public let description = "A word confused with another that sounds or looks alike."
    public let isPicky = false
    public let languages: Set<String>
    public let examples: [RuleExample]

    /// The sets, by each of their words.
    let setsByWord: [String: ConfusionSet]
    /// How many times likelier a candidate must be than the written word.
    let minimumRatio: Double

    /// A set of words often confused, with what each means in every explanation language.
    struct ConfusionSet: Sendable {
        var words: [String]
        var meanings: [String: [ExplanationLanguage: String]]
        /// Words that cannot end a clause ("than", "their"): never offered before punctuation.
        var needsFollower: Set<String> = []
    }

    /// The English rule, read from the first `grammar/en-confusions.txt` of `searchPath`.
    static func load(language: String, searchPath: [String]) -> ConfusedWordRule? {
        for directory in searchPath {
            let path = directory + "/grammar/" + language + "-confusions.txt"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            return ConfusedWordRule(language: language, file: text)
        }
        return nil
    }

    /// Reads a confusion file: blocks separated by blank lines, each line
    /// `word: meaning | sens | Bedeutung | significado` (English, French, German, Spanish); a
    /// word written `than*` needs a word after it. `example: wrong => right` and
    /// `example: clean sentence` lines run as tests.
    init(language: String, file: String, minimumRatio: Double = 20) {
        id = language.uppercased() + "_CONFUSED_WORDS"
        languages = [language]
        self.minimumRatio = minimumRatio
        var sets: [String: ConfusionSet] = [:]
        var examples: [RuleExample] = []
        for block in file.components(separatedBy: "\n\n") {
            var set = ConfusionSet(words: [], meanings: [:])
            for line in block.split(separator: "\n") where !line.hasPrefix("#") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key == "example" {
                    let parts = value.components(separatedBy: " => ")
                    examples.append(parts.count == 2 ? .wrong(parts[0], parts[1]) : .right(value))
                    continue
                }
                let glosses = value.components(separatedBy: " | ")
                var word = key
                if word.hasSuffix("*") {
                    word.removeLast()
                    set.needsFollower.insert(word)
                }
                set.words.append(word)
                var meanings: [ExplanationLanguage: String] = [:]
                for (language, gloss) in zip([ExplanationLanguage.en, .fr, .de, .es], glosses) { meanings[language] = gloss }
                set.meanings[word] = meanings
            }
            guard set.words.count >= 2 else { continue }
            for word in set.words { sets[word] = set }
        }
        setsByWord = sets
        self.examples = examples
    }

    /// The message names the word meant and what it means (`{gloss}`), the reason to write it; the
    /// explanation sets the meanings of both side by side. The word-pair counts that chose it are
    /// evidence, not a reason a writer can use, so no text quotes them.
    static let texts: [ExplanationLanguage: (message: String, bareMessage: String, short: String, meaning: String)] = [
        .en: ("Did you mean '{suggestion}' ({gloss})?", "Did you mean '{suggestion}'?", "Confused words", "'{word}': {meaning}."),
        .fr: ("Vouliez-vous dire « {suggestion} » ({gloss}) ?", "Vouliez-vous dire « {suggestion} » ?", "Mots confondus", "« {word} » : {meaning}."),
        .de: ("Meinten Sie „{suggestion}“ ({gloss})?", "Meinten Sie „{suggestion}“?", "Verwechselte Wörter", "„{word}“: {meaning}."),
        .es: ("¿Quería decir «{suggestion}» ({gloss})?", "¿Quería decir «{suggestion}»?", "Palabras confundidas", "«{word}»: {meaning}."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        let counts = context.grammar.counts
        guard !counts.isEmpty else { return [] }
        var matches: [Match] = []
        let tokens = document.tokens
        for sentence in document.sentenceTokens {
            let significant = document.significantTokens(in: sentence)
            for (position, index) in significant.enumerated() where tokens[index].kind == .word {
                let written = document.lowercasedTexts[index]
                guard let set = setsByWord[written] else { continue }
                let previous = document.lowercasedWord(at: position - 1, of: significant)
                let next = document.lowercasedWord(at: position + 1, of: significant)
                guard let better = likelier(than: written, in: set, previous: previous, next: next, counts: counts)
                else { continue }
                matches.append(match(index: index, written: written, better: better, set: set, document: document, context: context))
            }
        }
        return matches
    }

    /// The candidate much likelier than the written word between its neighbours, if any.
    ///
    /// Each side is scored as the count of the pair over the candidate's own count (how likely
    /// the neighbour is, given the word), and the candidate must not lose on either side: "there
    /// where homeless people" is not "there were" although "there were" is far more common,
    /// because "where homeless" beats "were homeless". With one neighbour only (punctuation or the
    /// sentence's edge on the other side) the evidence is thinner and the ratio must be
    /// `oneSidedFactor` times higher.
    func likelier(than written: String, in set: ConfusionSet, previous: String?, next: String?, counts: WordPairCounts) -> String? {
        let unseen = counts.unseenPairCount
        struct Candidate {
            var word: String
            var left: Double
            var right: Double
            var leftSeen: Bool
            var rightSeen: Bool
            var seen: Bool { leftSeen || rightSeen }
        }
        func candidate(_ word: String) -> Candidate {
            let count = Double(max(counts.count(word), 1))
            let leftCount = previous.map { counts.count($0, word) } ?? 0
            let rightCount = next.map { counts.count(word, $0) } ?? 0
            return Candidate(
                word: word,
                left: previous == nil ? 1 : max(Double(leftCount), unseen) / count,
                right: next == nil ? 1 : max(Double(rightCount), unseen) / count,
                leftSeen: leftCount > 0, rightSeen: rightCount > 0
            )
        }
        let candidates = set.words.map(candidate)
        guard candidates.contains(where: \.seen),
              let writtenCandidate = candidates.first(where: { $0.word == written }) else { return nil }
        // The written word's own frequency counts once: P(word) P(left | word) P(right | word).
        func score(_ candidate: Candidate) -> Double {
            Double(max(counts.count(candidate.word), 1)) * candidate.left * candidate.right
        }
        let writtenScore = score(writtenCandidate)
        var best: (word: String, score: Double)?
        for candidate in candidates where candidate.word != written && (next != nil || !set.needsFollower.contains(candidate.word)) {
            // Seen beside these very words, and no worse than the written word on either side.
            guard candidate.seen, candidate.left >= writtenCandidate.left, candidate.right >= writtenCandidate.right else { continue }
            // A side where neither word was seen is weak evidence ("runs of punctuation", "the
            // later ones"): the candidate must then win by the higher one-sided ratio.
            let leftSays = previous != nil && (candidate.leftSeen || writtenCandidate.leftSeen)
            let rightSays = next != nil && (candidate.rightSeen || writtenCandidate.rightSeen)
            let ratio = leftSays && rightSays ? minimumRatio : minimumRatio * Self.oneSidedFactor
            let candidateScore = score(candidate)
            if candidateScore >= writtenScore * ratio, candidateScore > best?.score ?? 0 {
                best = (candidate.word, candidateScore)
            }
        }
        return best?.word
    }

    /// How much more a candidate must win by when only one neighbour is a word.
    static let oneSidedFactor = 5.0

    private func match(
        index: Int, written: String, better: String, set: ConfusionSet, document: CheckedDocument, context: RuleContext
    ) -> Match {
        let language = context.explanationLanguage
        let text = Self.texts[language] ?? Self.texts[.en]!
        let writtenText = document.text(of: document.tokens[index])
        let suggestion = WordCase.startsWithCapital(writtenText) ? WordCase.capitalizingFirst(better) : better
        let meanings = [written, better].compactMap { word -> String? in
            guard let meaning = set.meanings[word]?[language] ?? set.meanings[word]?[.en] else { return nil }
            return RuleText.fill(text.meaning, ["word": word, "meaning": meaning])
        }
        let gloss = set.meanings[better]?[language] ?? set.meanings[better]?[.en]
        let message = gloss.map { RuleText.fill(text.message, ["gloss": $0]) } ?? text.bareMessage
        return document.match(
            tokens: index..<index + 1, category: category, rule: id,
            message: RuleText.fill(message, ["suggestion": suggestion]),
            shortMessage: text.short, suggestions: [suggestion],
            explanation: Explanation(kind: .confusedWords, title: text.short, detail: meanings.joined(separator: " "))
        )
    }
}
