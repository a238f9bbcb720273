import Testing
@testable import SuperTextCore

@Suite("Paragraph splitter")
struct ParagraphSplitterTests {
    /// Cuts `text` (one paragraph, no line break) into parts of about 1 KB and checks that they
    /// are the whole text and that each starts with `start`.
    private func expectParts(of text: String, startingWith start: String) {
        let parts = ParagraphSplitter.parts(of: text, targetSize: 1024)
        #expect(parts.count > 1)
        #expect(parts.map(\.text).joined() == text)
        for part in parts { #expect(part.text.hasPrefix(start)) }
    }

    @Test func aLongParagraphIsCutAfterASentenceRatherThanInsideOne() {
        // Cut where a sentence ends, so that every part starts a sentence (rules read a part's
        // start as a sentence's).
        expectParts(of: String(repeating: "Teh cat sat on the mat near the door. ", count: 640), startingWith: "Teh cat")
    }

    @Test func aParagraphWithoutSentenceEndsIsCutAtASpace() {
        expectParts(of: String(repeating: "word ", count: 2000), startingWith: "word")
    }
}
