import Foundation
import Testing
@testable import SuperTextCore

/// Runs the data files in `Cases/`: text in, expected matches out, per language.
@Suite("Linguistic cases")
struct LinguisticCasesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let text: String
        let expectations: [String]
        var testDescription: String { "\(file):\(line): \(text)" }
    }

    static let cases: [Case] = {
        guard let directory = Bundle.module.url(forResource: "Cases", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        var cases: [Case] = []
        for name in names.sorted() where name.hasSuffix(".cases") {
            let content = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for (index, line) in content.components(separatedBy: "\n").enumerated() {
                guard !line.hasPrefix("#"), let separator = line.range(of: " => ") else { continue }
                cases.append(
                    Case(
                        file: name, line: index + 1, text: String(line[..<separator.lowerBound]),
                        expectations: line[separator.upperBound...].components(separatedBy: " | ")
                    )
                )
            }
        }
        return cases
    }()

    @Test("Case files are present for every language") func caseFilesLoad() {
        let files = Set(Self.cases.map(\.file))
        #expect(files.isSuperset(of: ["en-US.cases", "fr.cases", "de-DE.cases", "es-ES.cases", "auto.cases"]))
    }

    @Test("Each case gives the expected matches", arguments: cases)
    func check(_ testCase: Case) throws {
        let language = String(testCase.file.dropLast(".cases".count))
        let result = try TestSupport.proofreader.check(CheckRequest(text: testCase.text, language: language))

        if language == "auto" {
            let expected = testCase.expectations.first!.replacingOccurrences(of: "language:", with: "")
            #expect(result.language.code == expected, "detected \(result.language.code)")
            return
        }
        var unexplained = result.matches
        for expectation in testCase.expectations where expectation != "(none)" {
            if let colon = expectation.firstIndex(of: ":"), expectation[..<colon].allSatisfy({ $0.isUppercase || $0 == "_" }) {
                let rule = String(expectation[..<colon])
                let text = String(expectation[expectation.index(after: colon)...])
                let found = unexplained.firstIndex { $0.rule == rule && $0.text == text }
                #expect(found != nil, "expected \(rule) on '\(text)', got \(describe(result.matches))")
                if let found { unexplained.remove(at: found) }
                continue
            }
            let parts = expectation.components(separatedBy: "→")
            let word = parts[0]
            let found = unexplained.firstIndex { $0.text == word }
            #expect(found != nil, "expected '\(word)' flagged, got \(describe(result.matches))")
            guard let found else { continue }
            if parts.count > 1 {
                let suggestions = unexplained[found].suggestions.prefix(5)
                #expect(suggestions.contains(parts[1]), "'\(parts[1])' not among \(suggestions) for '\(word)'")
            }
            unexplained.remove(at: found)
        }
        #expect(unexplained.isEmpty, "unexpected matches: \(describe(unexplained))")
        // Every match points at exactly its text, in UTF-16 units of the original.
        let units = Array(testCase.text.utf16)
        for match in result.matches {
            let covered = String(decoding: units[match.offset..<match.offset + match.length], as: UTF16.self)
            #expect(covered == match.text)
        }
    }

    private func describe(_ matches: [Match]) -> String {
        matches.map { "\($0.rule):'\($0.text)'→\($0.suggestions.prefix(3))" }.joined(separator: ", ")
    }
}

enum TestSupport {
    /// One proofreader for all tests of this process, guarded: Hunspell handles are not
    /// thread-safe and Swift Testing runs tests in parallel.
    nonisolated(unsafe) private static let shared = Proofreader(catalog: DictionaryCatalog())
    private static let lock = NSLock()

    static var proofreader: LockedProofreader { LockedProofreader() }

    struct LockedProofreader {
        func check(_ request: CheckRequest) throws -> CheckResult {
            try TestSupport.lock.withLock { try TestSupport.shared.check(request) }
        }
        func suggestions(for word: String, language: String, personalWords: Set<String> = []) throws -> [String] {
            try TestSupport.lock.withLock {
                try TestSupport.shared.suggestions(for: word, language: language, personalWords: personalWords)
            }
        }
        func isCorrect(_ word: String, language: String) throws -> Bool {
            try TestSupport.lock.withLock { try TestSupport.shared.isCorrect(word, language: language) }
        }
        /// A check with users' rules, which the shared proofreader then forgets.
        func check(_ request: CheckRequest, userRules: UserRules.Snapshot) throws -> CheckResult {
            try TestSupport.lock.withLock {
                TestSupport.shared.userRules = userRules
                defer { TestSupport.shared.userRules = .empty }
                return try TestSupport.shared.check(request)
            }
        }
        /// The examples of `rules` that do not hold (`Proofreader.failingExamples`).
        func failingExamples(of rules: [any ProofreadingRule], userRules: UserRules.Snapshot = .empty) throws -> [RuleExampleFailure] {
            try TestSupport.lock.withLock {
                TestSupport.shared.userRules = userRules
                defer { TestSupport.shared.userRules = .empty }
                return try TestSupport.shared.failingExamples(of: rules)
            }
        }
    }
}
