/// Finds the sentences of a text written in another language than the document's: an English
/// article quoting a French caption, a German e-mail with an English paragraph.
///
/// The document's language is the prior. A sentence (or a line: captions and list items often
/// have no full stop; or a quotation inside a sentence) is only looked at when the document's dictionary rejects at least two of
/// its words, and it changes language only when another language's dictionary clearly accepts
/// more of them (`Verdict`). Sentences of fewer than `minimumWords` words are too short to judge (a two-word
/// quote, a name): they keep the document's language, unless the other sentences around them in
/// their paragraph all changed to the same language ("Oui." inside a French paragraph).
/// Variants of the document's language (en-GB in an en-US text) are never rivals.
///
/// Costs nothing on a text in one language beyond reading which words the document's dictionary
/// rejected, which the spelling check needs anyway: other dictionaries are asked only about
/// the words of a sentence that qualifies.
enum MixedLanguages {
    /// Fewest words (of two letters or more) a sentence needs for its language to be judged.
    static let minimumWords = 3

    /// Fewest more words another language must accept than the document's.
    static let minimumMargin = 2

    /// How the document's language and another compare on a sentence's words. Words neither
    /// accepts (names, typos, terms) say nothing about the language and are left out: of the
    /// others, the other language must accept at least four in five, the document's language at
    /// most seven in ten, and the other at least `minimumMargin` more. French and English share
    /// many words (la, guide, version, pour), so a French sentence is often half accepted by
    /// English; an English sentence with typos has its typos rejected by every language.
    struct Verdict {
        var documentAccepted = 0
        var otherAccepted = 0
        var eitherAccepted = 0

        init(_ words: [(byDocument: Bool, byOther: Bool)]) {
            for word in words {
                if word.byDocument { documentAccepted += 1 }
                if word.byOther { otherAccepted += 1 }
                if word.byDocument || word.byOther { eitherAccepted += 1 }
            }
        }

        var isClearlyOther: Bool {
            eitherAccepted >= minimumWords
                && otherAccepted - documentAccepted >= minimumMargin
                && otherAccepted * 5 >= eitherAccepted * 4
                && documentAccepted * 10 <= eitherAccepted * 7
        }
    }

    /// A stretch of the text in another language than the document's: whole word tokens.
    struct Run: Equatable {
        /// Indices into the document's `words`.
        var words: Range<Int>
        var language: InstalledLanguage
    }

    /// A sentence or line, as indices into the document's words, and whether a blank line
    /// comes before it.
    struct Segment: Equatable {
        var words: Range<Int>
        var startsParagraph: Bool
    }

    /// The sentences of a document, also cut at line breaks and quotation marks, as ranges of its
    /// word tokens.
    static func segments(of document: CheckedDocument) -> [Segment] {
        let words = document.words
        guard !words.isEmpty else { return [] }
        var segments: [Segment] = []
        var start = 0
        var startsParagraph = true
        var sentenceIndex = 0
        let sentences = document.sentences
        func sentenceEnd(_ index: Int) -> Int { sentences[index].offset + sentences[index].length }
        while sentenceIndex < sentences.count, sentenceEnd(sentenceIndex) <= words[0].utf16Offset { sentenceIndex += 1 }
        for index in 1..<words.count {
            let previous = words[index - 1]
            let token = words[index]
            var lineBreaks = 0
            let gap = document.bytes[previous.byteRange.upperBound..<token.byteRange.lowerBound]
            for byte in gap where byte == UInt8(ascii: "\n") { lineBreaks += 1 }
            var newSentence = Self.hasQuotationMark(gap)
            while sentenceIndex < sentences.count, sentenceEnd(sentenceIndex) <= token.utf16Offset {
                sentenceIndex += 1
                newSentence = true
            }
            if lineBreaks > 0 || newSentence {
                segments.append(Segment(words: start..<index, startsParagraph: startsParagraph))
                start = index
                startsParagraph = lineBreaks > 1
            }
        }
        segments.append(Segment(words: start..<words.count, startsParagraph: startsParagraph))
        return segments
    }

    /// Whether the bytes between two words hold a quotation mark (`"`, `«`, `»`, `‹`, `›`, `“`,
    /// `”`, `„`): a quote is judged apart from the sentence around it ("The caption read:
    /// « Première des captures d’écran »"). Single quotes are left out: `’` is also an apostrophe.
    static func hasQuotationMark(_ gap: some Collection<UInt8>) -> Bool {
        guard gap.contains(where: { $0 == 0x22 || $0 == 0xC2 || $0 == 0xE2 }) else { return false }
        return String(decoding: gap, as: UTF8.self).unicodeScalars.contains(where: quotationMarks.contains)
    }

    private static let quotationMarks: Set<Unicode.Scalar> = ["\"", "«", "»", "‹", "›", "“", "”", "„"]

    /// The runs of the document in other languages than `language`.
    /// - Parameters:
    ///   - rejected: for each of the document's words, whether the document language's spelling
    ///     check rejected it.
    ///   - candidates: the other languages, one variant each, in preference order (asked for
    ///     only when a sentence qualifies).
    ///   - accepts: whether a language's dictionary accepts a normalised word.
    static func foreignRuns(
        in document: CheckedDocument, rejected: [Bool], language: InstalledLanguage,
        candidates: () -> [InstalledLanguage], accepts: (InstalledLanguage, String) -> Bool
    ) -> [Run] {
        let segments = segments(of: document)
        let script = Script.of(language: language.primaryLanguage)
        // nil: too short to judge; otherwise the segment's language (nil inside: the document's).
        var judged: [InstalledLanguage??] = Array(repeating: nil, count: segments.count)
        var others: [InstalledLanguage]?
        var anyForeign = false
        for (index, segment) in segments.enumerated() {
            // A first count from the tokens alone: most sentences have no rejected word, and
            // reading their words as strings would cost more than the rest of this.
            var wordCount = 0
            var rejectedWords = 0
            for wordIndex in segment.words where document.words[wordIndex].isWord {
                let token = document.words[wordIndex]
                guard token.utf16Length > 1 || !token.isASCII else { continue }
                wordCount += 1
                if rejected[wordIndex] { rejectedWords += 1 }
            }
            guard wordCount >= minimumWords else { continue }
            judged[index] = .some(nil)
            guard rejectedWords >= minimumMargin else { continue }
            var counted: [(index: Int, word: String)] = []
            for wordIndex in segment.words where document.words[wordIndex].isWord {
                let word = normalizedWord(document.text(of: document.words[wordIndex]))
                guard word.unicodeScalars.count > 1 || word.unicodeScalars.first.map({ !$0.isASCII }) == true,
                      Script.dominant(in: word[...].unicodeScalars) == script
                else { continue }
                counted.append((wordIndex, word))
            }
            guard counted.count >= minimumWords else {
                judged[index] = nil
                continue
            }
            guard counted.count { rejected[$0.index] } >= minimumMargin else { continue }
            if others == nil { others = candidates() }
            var best: (language: InstalledLanguage, verdict: Verdict)?
            for other in others! {
                let verdict = Verdict(counted.map { (!rejected[$0.index], accepts(other, $0.word)) })
                if verdict.isClearlyOther, verdict.otherAccepted > (best?.verdict.otherAccepted ?? -1) {
                    best = (other, verdict)
                }
            }
            if let best {
                judged[index] = .some(best.language)
                anyForeign = true
            }
        }
        guard anyForeign else { return [] }

        // A short segment follows the judged segments around it in its paragraph when they agree.
        var languages: [InstalledLanguage?] = judged.map { $0 ?? nil }
        for index in segments.indices where judged[index] == nil {
            var around: [InstalledLanguage?] = []
            var before = index
            while !segments[before].startsParagraph, before > 0 {
                before -= 1
                if let found = judged[before] { around.append(found); break }
            }
            var after = index + 1
            while after < segments.count, !segments[after].startsParagraph {
                if let found = judged[after] { around.append(found); break }
                after += 1
            }
            if let first = around.first, let other = first, around.allSatisfy({ $0?.code == other.code }) {
                languages[index] = other
            }
        }

        var runs: [Run] = []
        for (index, segment) in segments.enumerated() {
            guard let other = languages[index] else { continue }
            if let last = runs.last, last.language.code == other.code, last.words.upperBound == segment.words.lowerBound {
                runs[runs.count - 1].words = last.words.lowerBound..<segment.words.upperBound
            } else {
                runs.append(Run(words: segment.words, language: other))
            }
        }
        return runs
    }

    /// The other languages a document in `language` may contain: one variant of each other
    /// language written in the same script, in preference order.
    static func candidates(among languages: [InstalledLanguage], besides language: InstalledLanguage) -> [InstalledLanguage] {
        let script = Script.of(language: language.primaryLanguage)
        var seen: Set<String> = [language.primaryLanguage]
        return languages.filter {
            Script.of(language: $0.primaryLanguage) == script && seen.insert($0.primaryLanguage).inserted
        }
    }
}

extension CheckedDocument {
    /// The part of the document made of `words` (indices into `words`) and the bytes up to the
    /// next word, as a document of its own starting at 0, and where it starts in this one.
    /// - Parameter body: called with the part; its matches are at offsets of the part.
    func withPart<T>(
        words range: Range<Int>, _ body: (CheckedDocument) throws -> T
    ) rethrows -> (utf16Start: Int, value: T) {
        let first = words[range.lowerBound]
        let byteStart = first.byteRange.lowerBound
        let byteEnd = range.upperBound < words.count ? words[range.upperBound].byteRange.lowerBound : bytes.count
        let utf16Start = first.utf16Offset
        let partBytes = UnsafeBufferPointer(rebasing: bytes[byteStart..<byteEnd])
        let partWords = words[range].map { token in
            var token = token
            token.byteRange = (token.byteRange.lowerBound - byteStart)..<(token.byteRange.upperBound - byteStart)
            token.utf16Offset -= utf16Start
            return token
        }
        let partMasked = maskedRanges.compactMap { masked -> Range<Int>? in
            let lower = max(masked.lowerBound, byteStart)
            let upper = min(masked.upperBound, byteEnd)
            return lower < upper ? (lower - byteStart)..<(upper - byteStart) : nil
        }
        let part = CheckedDocument(
            bytes: partBytes, words: partWords, sentences: SentenceSplitter.sentences(in: partBytes),
            maskedRanges: partMasked
        )
        return (utf16Start, try body(part))
    }

    /// The UTF-16 range of a run of words and the bytes after them up to the next word.
    func utf16Range(ofWords range: Range<Int>) -> Range<Int> {
        let start = words[range.lowerBound].utf16Offset
        if range.upperBound < words.count { return start..<words[range.upperBound].utf16Offset }
        let last = words[range.upperBound - 1]
        var end = last.utf16Offset + last.utf16Length
        var index = last.byteRange.upperBound
        while index < bytes.count {
            let length = utf8SequenceLength(bytes[index])
            end += length == 4 ? 2 : 1
            index += length
        }
        return start..<end
    }
}
