/// Finds the parts of an HTML text that are not prose: everything `HTMLScanner` reads (tags
/// with their attributes, comments, the doctype and other declarations, processing
/// instructions, CDATA sections, entity and character references, and the whole content of
/// `code`, `kbd`, `samp`, `pre`, `script`, `style`, `textarea` and `var` elements, names in any
/// case). The text between tags is prose.
///
/// The same contract as `MarkdownMasker`: the raw UTF-8 bytes in (any bytes), sorted, merged
/// byte ranges out, each starting and ending next to an ASCII byte, in time linear in the text.
/// A `<` that starts no markup (`a < b`, a tag left open) is text, as in Markdown.
enum HTMLMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        let bytes = TextBytes(text)
        var html = HTMLScanner(bytes)
        var masks: [Range<Int>] = []
        let count = bytes.count
        var i = 0
        while i < count {
            let c = bytes[i]
            if c == ASCII.less, let end = html.markupEnd(at: i, end: count) {
                MaskedRanges.appendMerging(i..<end, to: &masks)
                i = end
            } else if c == ASCII.ampersand, let end = html.entityEnd(at: i, end: count) {
                MaskedRanges.appendMerging(i..<end, to: &masks)
                i = end
            } else {
                i += 1
            }
        }
        return masks
    }
}
