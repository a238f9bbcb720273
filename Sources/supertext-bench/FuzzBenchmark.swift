import Foundation
import SuperTextCore

/// `supertext-bench fuzz [--seconds N] [--seed S] [--size BYTES]` (`make fuzz`): hostile texts
/// through the tokenizer, the formats' maskers and the whole check with every rule on.
///
/// First random cases (`HostileTextFuzzer`, the same as the tests' bounded run) for `seconds`,
/// from `seed` on; each failure is printed with the seed that reproduces it. Then every
/// adversarial family (`AdversarialTexts`) at `size`, twice, four and eight times that: the
/// tokenizer alone (words, masks, sentences, token stream) and the whole check, best of three
/// in CPU time.
/// It fails when any case failed or when eight times the text takes more than `Growth.limit`
/// times as long.
struct FuzzBenchmark {
    var seconds = 300.0
    var seed: UInt64 = 20_261_201
    var size = 16 * 1024
    /// Only the adversarial families whose name contains this.
    var family: String?

    static let usage = "usage: supertext-bench fuzz [--seconds N] [--seed S] [--size BYTES] [--family NAME]"
    init(arguments: [String]) throws {
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchFailure("\(arguments[index - 1]) needs a value\n\(Self.usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--seconds": seconds = Double(try value()) ?? seconds
            case "--seed": seed = UInt64(try value()) ?? seed
            case "--size": size = max(1024, Int(try value()) ?? size)
            case "--family": family = try value()
            case let argument: throw BenchFailure("unknown argument \(argument)\n\(Self.usage)")
            }
            index += 1
        }
    }

    func run() throws {
        let catalog = DictionaryCatalog()
        let proofreader = Proofreader(catalog: catalog)
        proofreader.loadAll()
        let failures = randomCases(proofreader: proofreader, catalog: catalog)
        let superlinear = growth(proofreader: proofreader)
        var problems: [String] = []
        if failures > 0 { problems.append("\(failures) random cases failed") }
        if !superlinear.isEmpty { problems.append("superlinear growth: " + superlinear.joined(separator: ", ")) }
        guard problems.isEmpty else { throw BenchFailure(problems.joined(separator: "; ")) }
        print("fuzz: every case kept every invariant, and every family grew linearly")
    }

    /// Random cases until `seconds` have passed; the number that failed.
    private func randomCases(proofreader: Proofreader, catalog: DictionaryCatalog) -> Int {
        let sentences = GrammarCatalog.everyRule(searchPath: catalog.searchPath).flatMap { $0.examples.map(\.text) }
        let fuzzer = HostileTextFuzzer(sentences: sentences)
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var cases = 0
        var bytes = 0
        var failures = 0
        print("Random cases for \(fixed(seconds, 0)) s from FUZZ_SEED=\(seed)")
        while ContinuousClock.now < end, failures < 20 {
            let caseSeed = seed &+ UInt64(cases)
            bytes += fuzzer.text(seed: caseSeed).utf8.count
            do {
                try fuzzer.run(seed: caseSeed) { request, isCancelled in try proofreader.check(request, isCancelled: isCancelled) }
            } catch {
                failures += 1
                print("FAILED \(error)")
            }
            cases += 1
        }
        print("\(cases) cases (\(bytes / 1024) KB of text, each tokenized twice and checked four times), \(failures) failed\n")
        return failures
    }

    /// The families whose time grew superlinearly, after printing every time.
    private func growth(proofreader: Proofreader) -> [String] {
        // The tokenizer is fast: it is timed on texts eight times longer, so that its times
        // are large enough to compare.
        let sizes = [size, 2 * size, 4 * size, 8 * size]
        let tokenizerSizes = sizes.map { $0 * 8 }
        func list(_ sizes: [Int]) -> String { sizes.map { "\($0 / 1024)" }.joined(separator: ", ") + " KB" }
        print("Adversarial texts: CPU ms (best of 3) of the tokenizer at \(list(tokenizerSizes)) and of the whole check at \(list(sizes)); 8n/n")
        print(pad("family", 40) + pad("tokenizer", 36) + "whole check")
        var superlinear: [String] = []
        for family in AdversarialTexts.families where self.family.map(family.name.contains) ?? true {
            let tokenizer = tokenizerSizes.map { size in
                let text = family.text(size: size)
                return best { Self.tokenize(text, format: family.format) }
            }
            let texts = sizes.map { family.text(size: $0) }
            let check = texts.map { text in
                best {
                    let request = CheckRequest(text: text, language: "en-US", format: family.format, picky: true)
                    _ = try? proofreader.check(request)
                }
            }
            func row(_ times: [Double]) -> (String, Bool) {
                let ratio = times[3] / max(times[0], 1e-9)
                let grows = Growth.isSuperlinear(atN: times[0], atEightN: times[3])
                return (times.map { fixed($0 * 1000, 1) }.joined(separator: " ") + "; " + fixed(ratio, 1) + (grows ? " SUPERLINEAR" : ""), grows)
            }
            let (tokenizerRow, tokenizerGrows) = row(tokenizer)
            let (checkRow, checkGrows) = row(check)
            print(pad(family.name, 40) + pad(tokenizerRow, 36) + checkRow)
            if tokenizerGrows { superlinear.append(family.name + " (tokenizer)") }
            if checkGrows { superlinear.append(family.name + " (check)") }
        }
        return superlinear
    }

    /// What the check does before any rule: words, masks, sentences, the token stream and its parts.
    private static func tokenize(_ text: String, format: TextFormat) {
        var copy = text
        copy.withUTF8 { bytes in
            let words = Tokenizer.words(in: bytes, format: format)
            let document = CheckedDocument(bytes: bytes, words: words, sentences: SentenceSplitter.sentences(in: bytes))
            precondition(document.tokens.count >= words.count)
        }
    }

    private func best(_ body: () -> Void) -> Double { Growth.shortestCPUSeconds(body) }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
