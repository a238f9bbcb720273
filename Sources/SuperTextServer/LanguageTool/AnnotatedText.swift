import Foundation

/// A text as LanguageTool's `data` parameter gives it: text items, which are checked, and markup
/// items (HTML tags, LaTeX commands...), which are not checked but count in offsets.
///
/// ```swift
/// let text = AnnotatedText(items: [.text("A "), .markup("<b>", interpretAs: nil), .text("tpyo")])
/// text.plainText                                   // "A tpyo": what is checked
/// text.originalRange(ofPlain: 2, length: 4)        // (offset: 5, length: 4): in "A <b>tpyo"
/// ```
///
/// The checked text is the text items with each markup item's `interpretAs` (or nothing) in its
/// place. Offsets are UTF-16 code units, as in the rest of the API.
struct AnnotatedText: Sendable, Equatable {
    /// One item of an annotation.
    enum Item: Sendable, Equatable {
        /// Text to check.
        case text(String)
        /// Markup: not checked, but its characters count in offsets. `interpretAs` stands in for it
        /// in the checked text (`"\n\n"` for `<p>`, for example).
        case markup(String, interpretAs: String?)
    }

    /// The text that is checked.
    let plainText: String
    /// Every item, text and markup, one after another: the text that offsets refer to.
    let originalText: String

    /// A stretch of the checked text and where it comes from in the original text.
    private struct Segment: Sendable, Equatable {
        var plainStart: Int
        var plainEnd: Int
        var originalStart: Int
        var originalEnd: Int
        /// Whether it stands for markup (its `interpretAs`) rather than text.
        var isMarkup: Bool
    }

    /// The segments that have checked text, in order; they tile the checked text.
    private let segments: [Segment]

    /// A plain text, with nothing to map.
    init(text: String) {
        self.init(items: [.text(text)])
    }

    init(items: [Item]) {
        var plain = ""
        var original = ""
        var segments: [Segment] = []
        var plainOffset = 0
        var originalOffset = 0
        for item in items {
            let checked: String
            let written: String
            let isMarkup: Bool
            switch item {
            case .text(let text):
                (checked, written, isMarkup) = (text, text, false)
            case .markup(let markup, let interpretAs):
                (checked, written, isMarkup) = (interpretAs ?? "", markup, true)
            }
            let checkedLength = checked.utf16.count
            let writtenLength = written.utf16.count
            if checkedLength > 0 {
                segments.append(
                    Segment(
                        plainStart: plainOffset, plainEnd: plainOffset + checkedLength,
                        originalStart: originalOffset, originalEnd: originalOffset + writtenLength,
                        isMarkup: isMarkup
                    )
                )
            }
            plain += checked
            original += written
            plainOffset += checkedLength
            originalOffset += writtenLength
        }
        self.plainText = plain
        self.originalText = original
        self.segments = segments
    }

    /// Where a range of the checked text is in the original text, or `nil` when the range covers
    /// any markup's `interpretAs`: such a match is about markup, which is never reported.
    func originalRange(ofPlain offset: Int, length: Int) -> (offset: Int, length: Int)? {
        let end = offset + length
        let first = segmentIndex(startingAt: offset)
        let last = segmentIndex(endingAt: end)
        if let first, let last, first <= last, segments[first...last].contains(where: \.isMarkup) {
            return nil
        }
        let start = originalPosition(ofPlainStart: offset)
        return (start, max(0, originalPosition(ofPlainEnd: end) - start))
    }

    /// The original position of a checked position that starts something: the first character
    /// after any markup that comes before it.
    func originalPosition(ofPlainStart offset: Int) -> Int {
        guard let index = segmentIndex(startingAt: offset) else { return originalText.utf16.count }
        let segment = segments[index]
        return segment.isMarkup ? segment.originalStart : segment.originalStart + (offset - segment.plainStart)
    }

    /// The original position of a checked position that ends something: just after the last
    /// character before any markup that follows it.
    func originalPosition(ofPlainEnd offset: Int) -> Int {
        guard let index = segmentIndex(endingAt: offset) else { return 0 }
        let segment = segments[index]
        return segment.isMarkup ? segment.originalEnd : segment.originalStart + (offset - segment.plainStart)
    }

    /// The segment holding the character at `offset`: the first one ending after it.
    private func segmentIndex(startingAt offset: Int) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].plainEnd > offset { high = middle } else { low = middle + 1 }
        }
        return low < segments.count ? low : nil
    }

    /// The segment holding the character before `offset`: the last one starting before it.
    private func segmentIndex(endingAt offset: Int) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].plainStart < offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}

extension AnnotatedText {
    /// Reads LanguageTool's `data` parameter: `{"text": "..."}` or
    /// `{"annotation": [{"text": "..."}, {"markup": "<b>"}, {"markup": "<p>", "interpretAs": "\n\n"}]}`.
    /// Other keys (`metaData`) are ignored.
    /// - Throws: `LanguageToolError` (400) saying what is wrong with the JSON.
    static func parse(data: String) throws -> AnnotatedText {
        struct DataParameter: Decodable {
            var text: String?
            var annotation: [AnnotationItem]?
        }
        struct AnnotationItem: Decodable {
            var text: String?
            var markup: String?
            var interpretAs: String?
        }
        let parameter: DataParameter
        do {
            parameter = try JSONDecoder().decode(DataParameter.self, from: Data(data.utf8))
        } catch {
            throw LanguageToolError.badRequest(
                "Could not parse JSON from the 'data' parameter: it must be an object with 'text' or 'annotation'."
            )
        }
        switch (parameter.text, parameter.annotation) {
        case (.some, .some):
            throw LanguageToolError.badRequest("The 'data' JSON needs either 'text' or 'annotation', not both.")
        case (let text?, nil):
            return AnnotatedText(text: text)
        case (nil, let annotation?):
            let items = try annotation.enumerated().map { index, item -> Item in
                switch (item.text, item.markup) {
                case (.some, .some):
                    throw LanguageToolError.badRequest("Annotation item \(index) has both 'text' and 'markup'; give one.")
                case (.some, nil) where item.interpretAs != nil:
                    throw LanguageToolError.badRequest("Annotation item \(index): 'interpretAs' goes with 'markup', not 'text'.")
                case (let text?, nil):
                    return .text(text)
                case (nil, let markup?):
                    return .markup(markup, interpretAs: item.interpretAs)
                case (nil, nil):
                    throw LanguageToolError.badRequest("Annotation item \(index) needs 'text' or 'markup' (a string).")
                }
            }
            return AnnotatedText(items: items)
        case (nil, nil):
            throw LanguageToolError.badRequest("The 'data' JSON needs 'text' or 'annotation'.")
        }
    }
}
