import Foundation
import Testing
@testable import SuperTextCore

/// Hostile texts through the tokenizer, the Markdown masker and the whole check with every rule
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
