/// Finds the parts of a Markdown text that are not prose.
///
/// The masker works on the raw UTF-8 bytes of the text and returns byte ranges, so every
/// offset stays that of the original text. All Markdown syntax is ASCII, and every range starts
/// and ends next to an ASCII byte, at a line break or at an end of the text: a range never
/// splits a multi-byte UTF-8 sequence. Any byte sequence is accepted (invalid UTF-8, NUL bytes,
/// CR, LF or CRLF line ends); the work is linear in the length of the text.
///
/// Masked (CommonMark, pragmatically):
/// - front matter: a `---` (or `+++`) line at the very start up to the next such line;
/// - fenced code blocks (```` ``` ```` or `~~~`, whole block with fences; unterminated: to the end);
/// - indented code blocks (4+ columns after a blank line, not list item content);
/// - code spans, and the backticks of an unmatched backtick run;
/// - link and image destinations with their titles, `(target "title")`; the labels of full
///   reference links whose label is defined, `[text][label]`; footnote references `[^1]`;
///   link reference definitions (the whole definition); autolinks `<https://…>`, `<a@b.c>`;
/// - HTML: tags, comments, declarations, processing instructions, CDATA; the content of
///   `<code>`, `<kbd>`, `<samp>`, `<pre>`, `<script>`, `<style>`, `<textarea>` and `<var>`
///   elements too (read by `HTMLScanner`, as in HTML);
/// - entity and character references (`&nbsp;`, `&#233;`).
enum MarkdownMasker {
    /// Byte ranges of `text` (UTF-8 offsets) that are not prose: sorted, non-overlapping, merged.
    static func maskedRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !text.isEmpty else { return [] }
        let bytes = TextBytes(text)
        var blocks = BlockScanner(bytes)
        blocks.run()
        var inline = InlineScanner(bytes, segments: blocks.segments, definitions: blocks.definitions)
        inline.run()
        return MaskedRanges.merge(blocks.masks, inline.masks)
    }
}
