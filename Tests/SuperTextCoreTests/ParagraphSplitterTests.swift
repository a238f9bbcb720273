import Testing
@testable import SuperTextCore

@Suite("Paragraph splitter")
struct ParagraphSplitterTests {
    @Test func aLongParagraphIsCutAfterASentenceRatherThanInsideOne() {
        // One paragraph of 24 KB with no line break: cut where a sentence ends, so that every
        // part starts a sentence (rules read a part's start as a sentence's).
        let text = String(repeating: "Teh cat sat on the mat near the door. ", count: 640)
        let parts = ParagraphSplitter.parts(of: text, targetSize: 1024)
        #expect(parts.count > 1)
        #expect(parts.map(\.text).joined() == text)
        for part in parts { #expect(part.text.hasPrefix("Teh cat")) }
    }

    @Test func aParagraphWithoutSentenceEndsIsCutAtASpace() {
        let text = String(repeating: "word ", count: 2000)
        let parts = ParagraphSplitter.parts(of: text, targetSize: 1024)
        #expect(parts.count > 1)
        #expect(parts.map(\.text).joined() == text)
        for part in parts { #expect(part.text.hasPrefix("word")) }
    }
}
