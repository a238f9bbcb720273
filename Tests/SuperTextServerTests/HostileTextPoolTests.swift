import Foundation
import Testing
@testable import SuperTextCore
@testable import SuperTextServer

/// Hostile texts through the worker pool, which cuts long texts into parts and shifts each
/// part's matches into place, and through LanguageTool's answer, which maps them back onto the
/// text as sent: the invariants of a check still hold (`CheckInvariants`, as in the core's
/// `HostileTextTests`), and every offset of the answer lies inside its text.
@Suite("Hostile texts through the pool")
struct HostileTextPoolTests {
    static let fuzzer = HostileTextFuzzer(
        sentences: GrammarCatalog.everyRule(searchPath: DictionaryCatalog().searchPath).flatMap { $0.examples.map(\.text) }
    )

    @Test func textsCutIntoPartsKeepEveryInvariant() async throws {
        // The shared pool cuts texts into parts of 1 KB: take the seeds whose texts are longer.
        var checked = 0
        var seed = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_201
        while checked < 24 {
            defer { seed &+= 1 }
            let text = Self.fuzzer.text(seed: seed)
            guard text.utf8.count > 2 * TestServer.sharedPool.configuration.partSize else { continue }
            checked += 1
            // Plain text and the seed's other format, as in the core's fuzz run: each format
            // is covered across the seeds without ten checks a text.
            for format in HostileTextFuzzer.formats(seed: seed) {
                let request = CheckRequest(text: text, language: "en-US", format: format, picky: true)
                let result = try await TestServer.sharedPool.check(request)
                let problems = CheckInvariants.resultViolations(result, of: text)
                #expect(problems.isEmpty, "FUZZ_SEED=\(seed) \(format): \(problems.prefix(5))")
                let answerProblems = Self.violations(of: LanguageToolResponse(result: result, text: AnnotatedText(text: text)), text: text)
                #expect(answerProblems.isEmpty, "FUZZ_SEED=\(seed) \(format): \(answerProblems.prefix(5))")
            }
        }
    }

    /// Offsets of a LanguageTool answer outside its text or its contexts.
    static func violations(of response: LanguageToolResponse, text: String) -> [String] {
        let length = text.utf16.count
        var problems: [String] = []
        for match in response.matches {
            if match.offset < 0 || match.length < 0 || match.offset + match.length > length {
                problems.append("\(match.rule.id) at \(match.offset)+\(match.length) outside \(length)")
            }
            let context = match.context
            if context.offset < 0 || context.length < 0 || context.offset + context.length > context.text.utf16.count {
                problems.append("\(match.rule.id): context \(context.offset)+\(context.length) outside \(context.text.utf16.count)")
            }
        }
        for range in response.sentenceRanges where range.count != 2 || range[0] > range[1] || range[1] > length {
            problems.append("sentence range \(range) outside \(length)")
        }
        return problems
    }
}
