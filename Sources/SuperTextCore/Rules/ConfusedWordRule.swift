import Foundation

/// A real word written for another that sounds or looks alike ("then" for "than", "loose" for
/// "lose"), decided by how likely each candidate is among the words around it, where no grammar
/// rule can decide: a trigram model of English (`TrigramModel`) scores the written word and each
/// candidate over the three word triples it takes part in.
///
/// A candidate is offered when it makes those triples far likelier than the written word (a
/// hundred times for the common confusions, three thousand for the long list of pairs, thirty
/// thousand for common words one letter apart); the margins were chosen on the validation part
/// of the development set so that clean text stays clean (docs/grammar.md). The sets are data, read by
/// one parser: `grammar/<language>-confusions.txt` (sets with what each word means, in every
/// explanation language), `grammar/<language>-confusion-pairs.txt` (pairs alone) and
/// `grammar/<language>-confusion-edits.txt` (common words one letter apart, made by a script).
public struct ConfusedWordRule: ProofreadingRule {
    public let id: String
    public let category = MatchCategory.confusedWords
    public let description = "A word confused with another that sounds or looks alike."
    public let isPicky = false
    public let languages: Set<String>
    public let examples: [RuleExample]

    /// What a word means, in every explanation language, where a set says.
    let meanings: [String: [ExplanationLanguage: String]]
    /// A word that may have been meant, and how much likelier (log10) its triples must be than
    /// the written word's for the rule to offer it.
    struct Alternative: Sendable {
        var word: String
        var minimumLog10Ratio: Float
        /// The word's FNV-1a hash, by which the model finds it (`TrigramModel.id(hash:)`).
        var hash: UInt64 = 0
        /// Whether the word cannot end a clause ("than", "their", written `than*`): never
        /// offered before punctuation.
        var needsFollower = false
    }
    /// The words that may have been meant, by the number of the word written among
    /// `writtenWords`: asked of every word of a text, where a `Dictionary` of strings hashed each
    /// one again with `Hasher` (a fifth of the rule's time).
    private let writtenWords: InternedStrings
    private let alternativeLists: [[Alternative]]

    /// The margin for a set of `-confusions.txt`: confusions common enough to be listed with their
    /// meanings ("then"/"than", "to"/"too") are likelier to be mistakes, so less evidence is asked
    /// (a hundred times likelier).
    static let commonConfusionRatio: Float = 2
    /// The margin for a pair of `-confusion-pairs.txt`, many of them rare slips (about three
    /// thousand times).
    static let pairRatio: Float = 3.5
    /// The margin for a pair of `-confusion-edits.txt`: common words one letter apart, made by
    /// `scripts/build-confusion-edits.py` from the word frequencies, of which most are never
    /// confused, so the most evidence is asked.
    static let editRatio: Float = 4.5

    /// The rule of `language`, from the first directory of `searchPath` with its confusion files.
    /// A line the parser cannot read is reported in `GrammarCatalog.failures` with its file and
    /// line, and left out.
    static func load(language: String, searchPath: [String]) -> ConfusedWordRule? {
        for directory in searchPath {
            let base = directory + "/grammar/" + language
            guard let sets = try? String(contentsOfFile: base + "-confusions.txt", encoding: .utf8) else { continue }
            let pairs = (try? String(contentsOfFile: base + "-confusion-pairs.txt", encoding: .utf8)) ?? ""
            let edits = (try? String(contentsOfFile: base + "-confusion-edits.txt", encoding: .utf8)) ?? ""
            let rule = ConfusedWordRule(language: language, files: [
                (base + "-confusions.txt", sets, commonConfusionRatio), (base + "-confusion-pairs.txt", pairs, pairRatio),
                (base + "-confusion-edits.txt", edits, editRatio),
            ])
            for problem in rule.problems { GrammarCatalog.report(problem) }
            return rule
        }
        return nil
    }

    /// Lines of the files that could not be read (`file:line: why`).
    let problems: [String]

    /// Reads confusion data, each of `files` in turn with the margin its entries ask (a pair
    /// already read keeps its first margin). A set is a block of lines separated by a blank line,
    /// each line `word: meaning | sens | Bedeutung | significado` (English, French, German,
    /// Spanish); a word written `than*` needs a word after it. A pair is one line: `able; bale`
    /// (either may be written for the other) or `advice -> advise` (only the first is written for
    /// the second). `example: wrong => right` and `example: clean sentence` lines run as tests;
    /// `#` starts a comment.
    init(language: String, files: [(name: String, text: String, minimumLog10Ratio: Float)]) {
        id = language.uppercased() + "_CONFUSED_WORDS"
        languages = [language]
        var alternatives: [String: [Alternative]] = [:]
        var meanings: [String: [ExplanationLanguage: String]] = [:]
        var needsFollower: Set<String> = []
        var examples: [RuleExample] = []
        var problems: [String] = []
        func add(_ written: String, _ meant: String, _ ratio: Float) {
            guard written != meant, !alternatives[written, default: []].contains(where: { $0.word == meant }) else { return }
            alternatives[written, default: []].append(Alternative(word: meant, minimumLog10Ratio: ratio))
        }
        func words(_ text: Substring) -> [String] {
            text.split(separator: " ", omittingEmptySubsequences: true).isEmpty ? [] : [text.trimmingCharacters(in: .whitespaces).lowercased()]
        }
        for (name, text, ratio) in files {
            var set: [String] = []
            func closeSet() {
                for written in set { for meant in set { add(written, meant, ratio) } }
                set = []
            }
            for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    .trimmingCharacters(in: .whitespaces)
                if line.isEmpty { closeSet(); continue }
                if let arrow = line.range(of: "->") {
                    let written = words(line[..<arrow.lowerBound]), meant = words(line[arrow.upperBound...])
                    if written.count == 1, meant.count == 1 { add(written[0], meant[0], ratio) } else { problems.append("\(name):\(number + 1): `written -> meant` needs a word on each side") }
                    continue
                }
                guard let colon = line.firstIndex(of: ":") else {
                    let pair = line.split(separator: ";", omittingEmptySubsequences: false).flatMap(words)
                    if pair.count == 2 { add(pair[0], pair[1], ratio); add(pair[1], pair[0], ratio) } else {
                        problems.append("\(name):\(number + 1): neither `word: meaning`, `a; b` nor `a -> b`")
                    }
                    continue
                }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key == "example" {
                    let parts = value.components(separatedBy: " => ")
                    examples.append(parts.count == 2 ? .wrong(parts[0], parts[1]) : .right(value))
                    continue
                }
                var word = key
                if word.hasSuffix("*") {
                    word.removeLast()
                    needsFollower.insert(word)
                }
                set.append(word)
                let glosses = value.components(separatedBy: " | ")
                for (language, gloss) in zip([ExplanationLanguage.en, .fr, .de, .es], glosses) { meanings[word, default: [:]][language] = gloss }
            }
            closeSet()
        }
        let written = alternatives.keys.sorted()
        var writtenWords = InternedStrings()
        for word in written { _ = writtenWords.intern(word.utf8) }
        self.writtenWords = writtenWords
        alternativeLists = written.map { written in
            alternatives[written, default: []].map { alternative in
                var alternative = alternative
                alternative.hash = TrigramModel.hash(of: alternative.word)
                alternative.needsFollower = needsFollower.contains(alternative.word)
                return alternative
            }
        }
        self.meanings = meanings
        self.examples = examples
        self.problems = problems
    }

    /// The message names the word meant and what it means (`{gloss}`), the reason to write it; the
    /// explanation sets the meanings of both side by side (`alike` where the pair has none). The
    /// model's probabilities that chose it are evidence, not a reason a writer can use, so no
    /// text quotes them.
    static let texts: [ExplanationLanguage: (message: String, bareMessage: String, short: String, meaning: String, alike: String)] = [
        .en: ("Did you mean '{suggestion}' ({gloss})?", "Did you mean '{suggestion}'?", "Confused words", "'{word}': {meaning}.",
              "'{word}' and '{suggestion}' sound or look alike, and are easily written for one another. With the words around it, '{suggestion}' is the word that makes sense here."),
        .fr: ("Vouliez-vous dire « {suggestion} » ({gloss}) ?", "Vouliez-vous dire « {suggestion} » ?", "Mots confondus", "« {word} » : {meaning}.",
              "« {word} » et « {suggestion} » se ressemblent à l’oreille ou à l’écrit, et l’un s’écrit facilement pour l’autre. Avec les mots qui l’entourent, c’est « {suggestion} » qui a un sens ici."),
        .de: ("Meinten Sie „{suggestion}“ ({gloss})?", "Meinten Sie „{suggestion}“?", "Verwechselte Wörter", "„{word}“: {meaning}.",
              "„{word}“ und „{suggestion}“ klingen oder sehen ähnlich aus und werden leicht verwechselt. Mit den Wörtern darum herum ergibt hier „{suggestion}“ Sinn."),
        .es: ("¿Quería decir «{suggestion}» ({gloss})?", "¿Quería decir «{suggestion}»?", "Palabras confundidas", "«{word}»: {meaning}.",
              "«{word}» y «{suggestion}» suenan o se escriben de forma parecida, y es fácil escribir una por otra. Con las palabras de alrededor, la que tiene sentido aquí es «{suggestion}»."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        guard let model = context.grammar.languageModel else { return [] }
        var matches: [Match] = []
        let tokens = document.tokens
        let known = document.modelWordIDs(model, lexicon: context.grammar.lexicon)
        var memo = TrigramModel.Memo(tokens: tokens.count)
        for sentence in document.sentenceTokens {
            let significant = document.significantTokens(in: sentence)
            var window: [TrigramModel.WordID]?
            for (position, index) in significant.enumerated() where tokens[index].kind == .word {
                let written = document.lowercasedTexts[index]
                guard let candidates = candidates(of: written), isPlainWord(index, position: position, of: significant, in: document)
                else { continue }
                // The sentence's words as the model numbers them, between `<s> <s>` and `</s>`;
                // punctuation and numbers are words it does not know.
                let words = window ?? [model.sentenceStart, model.sentenceStart] + significant.map { known[$0] } + [model.sentenceEnd]
                window = words
                let next = document.lowercasedWord(at: position + 1, of: significant)
                let afterNext = document.lowercasedWord(at: position + 2, of: significant)
                let lexicon = context.grammar.lexicon
                guard let better = likelier(than: written, candidates: candidates, at: position + 2, in: words, model: model, memo: &memo,
                                            followedByWord: next != nil,
                                            fits: { !Self.bringsASecondVerb($0, before: afterNext, lexicon: lexicon)
                                                && !Self.leavesANounBare($0, next: next, afterNext: afterNext, lexicon: lexicon)
                                                && !Self.breaksTheClause($0, at: position, of: significant, in: document, lexicon: lexicon) })
                else { continue }
                matches.append(match(index: index, written: written, better: better, document: document, context: context))
            }
        }
        return matches
    }

    /// The words that may have been meant for `written`, nil for most words.
    @inline(__always)
    func candidates(of written: String) -> [Alternative]? {
        writtenWords.number(of: written).map { alternativeLists[Int($0)] }
    }

    /// Whether `candidate` is a pronoun contracted with its verb ("they're", "it's") where the word
    /// after the next is a finite verb: the sentence has its verb already, so the contraction would
    /// bring a second one ("Their going was sad": "their going" is the subject of "was").
    static func bringsASecondVerb(_ candidate: String, before afterNext: String?, lexicon: Lexicon) -> Bool {
        guard candidate.utf8.contains(UInt8(ascii: "'")), let afterNext else { return false }
        return isOnlyFiniteVerb(afterNext, lexicon: lexicon)
    }

    /// Whether the lexicon reads `word` as a verb in -s, a past or a modal and as no noun or
    /// adjective.
    static func isOnlyFiniteVerb(_ word: String, lexicon: Lexicon) -> Bool {
        let tags = lexicon.tags(of: word)
        return tags.containsAny(WordTags([.VBD, .VBZ, .MD])) && !tags.containsAny(WordTags([.NN, .NNS, .NNU, .JJ]))
    }

    /// Whether `candidate` cannot stand where the written word is, by what the words around ask:
    /// than follows a comparative ("more arguments than are supplied", not that); let's is
    /// followed by a plain verb, never an object ("lets you use"); a clause whose verb follows
    /// keeps its where ("scripts where no user is present", not were) and its if ("take care if
    /// the string is quoted", not of); proceed takes no object ("may precede the name"); a modal
    /// ends a clause only after its pronoun ("I knew she would.", not "they sell uncertified would.").
    static func breaksTheClause(_ candidate: String, at position: Int, of significant: [Int], in document: CheckedDocument, lexicon: Lexicon) -> Bool {
        func word(_ offset: Int) -> String? { document.lowercasedWord(at: position + offset, of: significant) }
        func isFiniteVerb(_ text: String?) -> Bool {
            guard let text else { return false }
            return ["is", "are", "was", "were", "has", "have", "had", "can", "will", "would", "should", "must", "may", "does", "do", "did"].contains(text)
                || isOnlyFiniteVerb(text, lexicon: lexicon)
        }
        switch candidate {
        case "that":
            return (1...4).contains { back in
                guard let before = word(-back) else { return false }
                return ["more", "less", "fewer", "rather", "other", "better", "worse"].contains(before)
                    || lexicon.tags(of: before).containsAny(WordTags([.JJR, .RBR]))
            }
        case "let's":
            guard let next = word(1) else { return true }
            return ["me", "you", "him", "her", "us", "them", "it", "the", "a", "an", "your", "his", "their", "its", "our", "my"].contains(next)
        case "were":
            return (1...3).contains { isFiniteVerb(word($0)) }
        case "of":
            return isFiniteVerb(word(2)) && !isFiniteVerb(word(1))
        case "would", "could", "should":
            // A modal that ends its clause stands for a verb left out after its subject, a pronoun
            // ("I knew she would."); after any other word it has no verb to stand for ("they sell
            // uncertified wood.", not would).
            guard word(1) == nil, let before = word(-1) else { return false }
            return !["i", "you", "he", "she", "it", "we", "they", "who", "which", "that", "one", "so", "not", "never", "too", "also"].contains(before)
        case "proceed", "proceeds", "proceeded", "proceeding":
            return word(1).map { ["the", "a", "an", "this", "that", "these", "those", "its", "their", "his", "her", "your", "our", "my", "each", "every", "any"].contains($0) } ?? false
        default:
            return false
        }
    }

    /// Whether `candidate` is a pronoun contracted with "is" or "are" ("it's", "you're") before an
    /// adjective and a singular noun: "it's" would leave the noun without a determiner ("its ugly
    /// head", not "it's ugly head"), so the possessive is meant. An adjective that can be an adverb
    /// ("pretty good") or a plural noun ("they're good people") leaves the contraction possible.
    static func leavesANounBare(_ candidate: String, next: String?, afterNext: String?, lexicon: Lexicon) -> Bool {
        guard let next, let afterNext, candidate.hasSuffix("'s") || candidate.hasSuffix("'re") else { return false }
        let adjective = lexicon.tags(of: next), noun = lexicon.tags(of: afterNext)
        return adjective.contains(.JJ) && !adjective.containsAny(WordTags([.RB, .VBD, .VBN, .VBG, .DT]))
            && noun.contains(.NN) && !noun.containsAny(WordTags([.NNS, .RB]))
    }

    /// Whether the word at `index` is one the model can judge: not part of a hyphenated,
    /// bracketed or slashed form ("fee-paying", "[T]he", "and/or"), not beside code or a URL
    /// (which the model cannot read, so that only the word's own frequency would speak), and not
    /// capitalised inside a sentence, where it is a name ("Mark", "Bill").
    private func isPlainWord(_ index: Int, position: Int, of significant: [Int], in document: CheckedDocument) -> Bool {
        for neighbour in [position - 1, position + 1] where significant.indices.contains(neighbour) {
            if document.tokens[significant[neighbour]].kind == .skipped { return false }
        }
        let range = document.tokens[index].byteRange
        func joins(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "/"), UInt8(ascii: "_"): true
            default: false
            }
        }
        if range.lowerBound > 0, joins(document.bytes[range.lowerBound - 1]) { return false }
        if range.upperBound < document.bytes.count, joins(document.bytes[range.upperBound]) { return false }
        let first = document.bytes[range.lowerBound]
        guard position > 0, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return true }
        let previous = document.lowercasedTexts[significant[position - 1]]
        return previous == "." || previous == "!" || previous == "?" || previous == "\"" || previous == "\u{201C}"
    }

    /// The candidate whose triples are at least its `minimumLog10Ratio` likelier than the written
    /// word's at `slot` of `words`, the likeliest if several are; only candidates that `fits`
    /// accepts are scored.
    ///
    /// A word takes part in three triples: the two words before it, the one before and the one
    /// after, the two after it; their log probabilities are summed for each candidate in its place.
    func likelier(
        than written: String, candidates: [Alternative], at slot: Int, in words: [TrigramModel.WordID], model: TrigramModel,
        memo: inout TrigramModel.Memo, followedByWord: Bool, fits: (String) -> Bool = { _ in true }
    ) -> String? {
        // The written word's place and the two words on each side of it.
        var window = Array(words[(slot - 2)..<min(slot + 3, words.count)])
        func score(_ word: TrigramModel.WordID, floor: Float = -.infinity) -> Float {
            window[2] = word
            return memo.logProbability(ofWordsAfterTwo: window, in: model, floor: floor)
        }
        let writtenScore = score(words[slot])
        // A log probability is never above 0, so no candidate can beat a written word that is
        // already likelier than 10^-margin: most words of a text, told apart with no lookup more.
        guard writtenScore + candidates.smallestMargin <= 0 else { return nil }
        var best: (word: String, score: Float)?
        for candidate in candidates where (followedByWord || !candidate.needsFollower) && fits(candidate.word) {
            let id = model.id(hash: candidate.hash)
            guard id != TrigramModel.unknown else { continue }
            // Scored only as far as it can still win: below the margin, or a better candidate, it cannot.
            // (A thousandth below the margin, so that rounding never drops one that reaches it.)
            let candidateScore = score(id, floor: max(writtenScore + candidate.minimumLog10Ratio - 0.001, best?.score ?? -.infinity))
            if candidateScore - writtenScore >= candidate.minimumLog10Ratio, candidateScore > best?.score ?? -.infinity {
                best = (candidate.word, candidateScore)
            }
        }
        return best?.word
    }

    private func match(
        index: Int, written: String, better: String, document: CheckedDocument, context: RuleContext
    ) -> Match {
        let language = context.explanationLanguage
        let text = Self.texts[language] ?? Self.texts[.en]!
        let writtenText = document.text(of: document.tokens[index])
        let suggestion = WordCase.startsWithCapital(writtenText) ? WordCase.capitalizingFirst(better) : better
        func meaning(of word: String) -> String? { meanings[word]?[language] ?? meanings[word]?[.en] }
        let glossed = [written, better].compactMap { word in
            meaning(of: word).map { RuleText.fill(text.meaning, ["word": word, "meaning": $0]) }
        }
        // A pair without meanings says what holds of every pair: alike, and one fits here.
        let detail = glossed.count == 2 ? glossed.joined(separator: " ") : RuleText.fill(text.alike, ["word": written, "suggestion": better])
        let message = meaning(of: better).map { RuleText.fill(text.message, ["gloss": $0]) } ?? text.bareMessage
        return document.match(
            tokens: index..<index + 1, category: category, rule: id,
            message: RuleText.fill(message, ["suggestion": suggestion]),
            shortMessage: text.short, suggestions: [suggestion],
            explanation: Explanation(kind: .confusedWords, title: text.short, detail: detail)
        )
    }
}

extension [ConfusedWordRule.Alternative] {
    /// The least evidence any of the candidates asks for.
    var smallestMargin: Float { lazy.map(\.minimumLog10Ratio).min() ?? .infinity }
}
