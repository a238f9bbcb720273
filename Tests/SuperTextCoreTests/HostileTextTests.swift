import Foundation
import Testing
@testable import SuperTextCore

/// Hostile texts through the tokenizer, the formats' maskers and the whole check with every rule
/// on: the check ends, every range lies inside the text on scalar boundaries, a match's text is
/// the text at its range, suggestions give valid text, and the same text gives the same result
/// (`CheckInvariants`). The run is deterministic: `FUZZ_SEED` changes the first seed,
/// `FUZZ_CASES` the number of cases; a failure prints the seed that reproduces it alone
/// (`FUZZ_SEED=<seed> FUZZ_CASES=1`). `make fuzz` runs many more, and times growing texts.
@Suite("Hostile texts")
struct HostileTextTests {
    static let environment = ProcessInfo.processInfo.environment
    static let firstSeed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_201
    static let cases = environment["FUZZ_CASES"].flatMap { Int($0) } ?? 120

    /// A proofreader of this suite's own (the fuzz run is long, and the shared one is locked),
    /// every language loaded first: loading is not part of a check's time.
    nonisolated(unsafe) static let proofreader: Proofreader = {
        let proofreader = Proofreader(catalog: DictionaryCatalog())
        proofreader.loadAll()
        return proofreader
    }()
    static let lock = NSLock()

    /// The growth test's own proofreader: held for seconds at a time, the shared one would make
    /// the random cases wait past their time limit.
    nonisolated(unsafe) static let growthProofreader = Proofreader(catalog: DictionaryCatalog())
    static let growthLock = NSLock()

    static func check(_ request: CheckRequest, isCancelled: @escaping () -> Bool) throws -> CheckResult {
        try lock.withLock { try proofreader.check(request, isCancelled: isCancelled) }
    }

    static let fuzzer = HostileTextFuzzer(
        sentences: GrammarCatalog.everyRule(searchPath: DictionaryCatalog().searchPath).flatMap { $0.examples.map(\.text) }
    )

    @Test("Random and adversarial texts keep every invariant of the check")
    func randomTexts() {
        var failures = 0
        for index in 0..<Self.cases {
            let seed = Self.firstSeed &+ UInt64(index)
            do {
                try Self.fuzzer.run(seed: seed, check: Self.check)
            } catch {
                Issue.record("\(error)")
                failures += 1
                if failures == 3 { break }
            }
        }
    }

    @Test("Each adversarial family keeps every invariant", arguments: AdversarialTexts.families.map(\.name))
    func adversarialFamily(_ name: String) throws {
        let family = try #require(AdversarialTexts.families.first { $0.name == name })
        let text = family.text(size: 12 * 1024)
        #expect(CheckInvariants.tokenizationViolations(of: text, format: family.format) == [])
        let request = CheckRequest(text: text, language: "en-US", format: family.format, picky: true)
        let result = try Self.check(request) { false }
        #expect(CheckInvariants.resultViolations(result, of: text) == [])
    }

    /// The time a character stays flat: the whole check with every rule (picky ones too) of
    /// eight times the text takes at most `Growth.limit` times the CPU time, not the sixty-four
    /// times of work that grows with the square. `make fuzz` does the same at larger sizes.
    @Test("Each adversarial family's check grows linearly with the text", arguments: AdversarialTexts.families.map(\.name))
    func adversarialFamilyGrowsLinearly(_ name: String) throws {
        let family = try #require(AdversarialTexts.families.first { $0.name == name })
        let times = [2 * 1024, 16 * 1024].map { size in
            let request = CheckRequest(text: family.text(size: size), language: "en-US", format: family.format, picky: true)
            return Self.growthLock.withLock { Growth.shortestCPUSeconds { _ = try? Self.growthProofreader.check(request) } }
        }
        #expect(!Growth.isSuperlinear(atN: times[0], atEightN: times[1]), "\(name): \(times[0] * 1000) ms at 2 KB, \(times[1] * 1000) ms at 16 KB")
    }
}

/// The defects the fuzz run found, and the invariants' own checks.
@Suite("Hostile text regressions")
struct HostileTextRegressionTests {
    private func sentences(_ text: String) -> [String] {
        var copy = text
        let ranges = copy.withUTF8 { SentenceSplitter.sentences(in: $0) }
        let units = Array(text.utf16)
        return ranges.map { String(decoding: units[$0.offset..<$0.offset + $0.length], as: UTF16.self) }
    }

    @Test func theWordBeforeADotStartsAfterAnyWhiteSpaceAndIsLookedForOnlyAsFarAsAnAbbreviationGoes() {
        // The word before a dot was looked for back to an ASCII space: after no-break spaces it
        // ran to the start of the text, at every dot ("a." and no-break spaces: quadratic).
        #expect(sentences("Text\u{00A0}Dr. Smith arrived. Then he left.") == ["Text\u{00A0}Dr. Smith arrived.", "Then he left."])
        #expect(sentences("It was\u{202F}approx. Twelve.") == ["It was\u{202F}approx. Twelve."])
        #expect(sentences("Antidisestablishmentarianism. Next one.") == ["Antidisestablishmentarianism.", "Next one."])
        let long = String(repeating: "a.\u{00A0}", count: 20_000)
        #expect(sentences(long) == [String(long.dropLast())])
    }

    @Test func aTokenLongerThanAnyDictionaryWordIsNotPutInNFC() {
        // NFC of a long run of letters and combining marks took time growing with its square.
        #expect(normalizedWord("e\u{0301}te\u{0301}") == "été")
        let long = String(repeating: "e\u{0301}", count: 200)
        #expect(long.utf8.count > longestNormalizedWord)
        #expect(normalizedWord(long).unicodeScalars.elementsEqual(long.unicodeScalars))
        #expect(normalizedWord(long + "\u{2019}s").hasSuffix("'s"))
    }

    @Test func aWordTakenAsNormalizedIsWhatNormalizingMakesOfIt() {
        // Every code point below U+0400, alone and after a letter: where the quick test says the
        // word needs nothing, Foundation's NFC and the apostrophes leave it as it is.
        var quick = 0
        for value in 1..<0x400 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for word in [String(scalar), "e" + String(scalar)] where isNormalizedWord(word) {
                quick += 1
                #expect(word.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(word.unicodeScalars))
                #expect(!word.unicodeScalars.contains("\u{02BC}"))
            }
        }
        #expect(quick > 1000)
        #expect(isNormalizedWord("été") && isNormalizedWord("Straße") && isNormalizedWord("año"))
        #expect(!isNormalizedWord("e\u{0301}") && !isNormalizedWord("l\u{2019}arbre") && !isNormalizedWord("l\u{02BC}arbre"))
        #expect(normalizedWord("l\u{02BC}arbre") == "l'arbre")
    }

    @Test func theInvariantsCatchABrokenResult() throws {
        let text = "I recieve 😀 teh letter."
        var result = try HostileTextTests.check(CheckRequest(text: text, language: "en-US")) { false }
        #expect(CheckInvariants.resultViolations(result, of: text) == [])
        #expect(result.matches.count == 2)
        var broken = result
        broken.matches[1].offset = 11  // inside the emoji's surrogate pair
        #expect(!CheckInvariants.resultViolations(broken, of: text).isEmpty)
        broken = result
        broken.matches[0].text = "receive"
        #expect(!CheckInvariants.resultViolations(broken, of: text).isEmpty)
        broken = result
        broken.correctedText = text
        #expect(!CheckInvariants.resultViolations(broken, of: text).isEmpty)
        broken = result
        broken.matches[0].suggestions = ["re\u{0000}ceive"]
        #expect(!CheckInvariants.resultViolations(broken, of: text).isEmpty)
        result.matches.reverse()
        #expect(!CheckInvariants.resultViolations(result, of: text).isEmpty)
    }
}

/// A text without sentence breaks is cut into bounded parts before rules read it.
@Suite("Long sentences")
struct LongSentenceTests {
    private func document<T>(_ text: String, _ body: (CheckedDocument) -> T) -> T {
        var copy = text
        return copy.withUTF8 { bytes in
            let (words, masked) = Tokenizer.wordsAndMaskedRanges(in: bytes, format: .plain)
            return body(CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes), maskedRanges: masked))
        }
    }

    @Test func aSentenceOfProseIsOnePart() {
        document("One two, three. Four five!") { document in
            #expect(document.sentenceTokens == document.wholeSentenceTokens)
            #expect(document.continuesSentence == [false, false])
        }
    }

    @Test func aTextWithoutBreaksIsCutIntoBoundedPartsAtSpaces() {
        let text = String(repeating: "word ", count: 5000)  // 25,000 code units, one sentence
        document(text) { document in
            #expect(document.wholeSentenceTokens.count == 1)
            let parts = document.sentenceTokens
            #expect(parts.count >= 7)
            #expect(document.continuesSentence == [false] + Array(repeating: true, count: parts.count - 1))
            for part in parts {
                let first = document.tokens[part.lowerBound]
                let last = document.tokens[part.upperBound - 1]
                #expect(last.utf16End - first.utf16Offset <= SentenceSplitter.maximumPartLength)
                // Cut between words: a part starts and ends with a word.
                #expect(document.text(of: first) == "word" && document.text(of: last) == "word")
            }
            // Every word is in one part.
            #expect(parts.map { $0.count { document.tokens[$0].kind == .word } }.reduce(0, +) == 5000)
        }
    }

    @Test func aCutPrefersALineBreakThenAClauseMarkToASpace() {
        let limit = SentenceSplitter.maximumPartLength
        let words = String(repeating: "word ", count: limit * 3 / 5 / 5)  // past half the limit
        document(words + "more words\nnext line " + String(repeating: "word ", count: 40) + "after a comma, " + words + words) { document in
            let first = document.sentenceTokens[0]
            #expect(document.text(tokens: first).hasSuffix("more words"))
        }
        document(words + "one clause; " + words + words) { document in
            #expect(document.text(tokens: document.sentenceTokens[0]).hasSuffix("one clause;"))
        }
    }

    @Test func aWordLongerThanTheLimitStaysWhole() {
        let long = String(repeating: "a", count: SentenceSplitter.maximumPartLength * 2)
        document("before " + long + " after") { document in
            let texts = document.sentenceTokens.map { document.text(tokens: $0) }
            #expect(texts == ["before", long + " after"] || texts == ["before " + long, "after"])
        }
    }

    @Test func rulesStillFindMistakesDeepInAnUnbrokenTextAndLongSentenceCountsItWhole() throws {
        let filler = String(repeating: "word ", count: 3000)
        let text = filler + "I could of gone there " + filler
        var request = CheckRequest(text: text, language: "en-US", picky: true)
        request.enabledRules = ["EN_COULD_OF", "LONG_SENTENCE"]
        request.enabledOnly = true
        let result = try HostileTextTests.check(request) { false }
        #expect(result.matches.contains { $0.rule == "EN_COULD_OF" && $0.text == "of" })
        let long = result.matches.filter { $0.rule == "LONG_SENTENCE" }
        #expect(long.count == 1)
        #expect(long.first?.message.contains("6005") == true)
        #expect(long.first.map { $0.offset + $0.length } == text.utf16.count - 1)
    }

    @Test func aRuleAnchoredAtTheStartOfASentenceDoesNotFireWhereALongSentenceWasCut() throws {
        document(String(repeating: "word ", count: 2000)) { document in
            let grammar = GrammarCatalog.grammar(for: "en", searchPath: DictionaryCatalog().searchPath)
            let part = document.sentenceTokens[1]
            let sentence = PatternSentence(part, in: document, lexicon: grammar.lexicon, startsSentence: false)
            #expect(sentence.firstWord == -1)
            let whole = PatternSentence(document.sentenceTokens[0], in: document, lexicon: grammar.lexicon)
            #expect(whole.firstWord == 0)
        }
    }
}
