import Foundation
import Testing
@testable import SuperTextCore

/// The project's own documents are careful English prose with code, tables and commands: the
/// grammar, typography and style rules must find nothing in them. Spelling may flag names of
/// tools (libhunspell, kustomize); `docs/grammar.md` is left out because it quotes mistakes on
/// purpose.
@Suite("The project's own documents")
struct ProjectDocumentsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") && $0 != "grammar.md" }.sorted().map { "docs/" + $0 }
    }

    @Test("No rule but spelling flags the README and the docs", arguments: ["en-GB", "en-US"])
    func noRuleFlagsTheDocuments(language: String) throws {
        #expect(Self.documents.count >= 8, "\(Self.documents)")
        for path in Self.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let result = try TestSupport.proofreader.check(CheckRequest(text: text, language: language, format: .markdown))
            let found = result.matches.filter { $0.category != .spelling && $0.category != .name }
            #expect(found.isEmpty, "\(path): \(found.map { "\($0.rule): '\($0.text)' → \($0.suggestions.prefix(1))" })")
        }
    }
}
