/// The outcome of language detection.
struct DetectedLanguage: Equatable {
    /// The chosen language, or `nil` when the text's script has no installed dictionary.
    var language: InstalledLanguage?
    /// 0...1.
    var confidence: Double
    /// The text's dominant script.
    var script: Script
}

/// Detects the language of a text among installed ones, from the script of its letters and the
/// share of its words that each dictionary accepts.
///
/// Stable on short texts: ties (en-US and en-GB accept the same words; "OK" is in every
/// dictionary) go to a fixed order, the default variant of each language first and English
/// first of all, so the same words always give the same answer.
struct LanguageDetector {
    /// Most words sampled from a text: enough to decide, cheap on long texts.
    static let sampleSize = 300

    /// - Parameters:
    ///   - words: the text's words (skipped tokens are ignored), as NFC strings.
    ///   - scripts: letter counts per script over the whole text.
    ///   - candidates: the languages to choose among, in preference order.
    ///   - accepts: whether a language's dictionary accepts a word.
    static func detect(
        words: [String], scripts: [Script: Int], candidates: [InstalledLanguage],
        accepts: (InstalledLanguage, String) -> Bool
    ) -> DetectedLanguage {
        let script = scripts.filter { $0.key != .other }
            .max { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) }?.key
            ?? .latin
        let inScript = candidates.filter { Script.of(language: $0.primaryLanguage) == script }
        guard !inScript.isEmpty else {
            // Japanese mixes kana and Han: a Han-dominant text with kana may still be Japanese,
            // but with no dictionary for either there is nothing to check.
            return DetectedLanguage(language: nil, confidence: 0, script: script)
        }
        let sample = evenSample(of: words, count: sampleSize)
        guard !sample.isEmpty else {
            return DetectedLanguage(language: inScript[0], confidence: 0, script: script)
        }
        var best: (language: InstalledLanguage, share: Double, accepted: Int)?
        var shares: [(InstalledLanguage, Double)] = []
        for language in inScript {
            let accepted = sample.reduce(0) { $0 + (accepts(language, $1) ? 1 : 0) }
            let share = Double(accepted) / Double(sample.count)
            shares.append((language, share))
            // Strictly better only: ties keep the earlier candidate.
            if best == nil || share > best!.share + 1e-9 { best = (language, share, accepted) }
        }
        guard let best else { return DetectedLanguage(language: nil, confidence: 0, script: script) }
        // Confidence is how clearly the best language beats the best other language (its own
        // variants are not rivals), times how much evidence there is: typos lower the shares of
        // every language alike and do not make the choice less certain.
        let runnerUpShare = shares.filter { $0.0.primaryLanguage != best.language.primaryLanguage }.map(\.1).max() ?? 0
        let separation = best.share > 0 ? 1 - (runnerUpShare / best.share) * (runnerUpShare / best.share) : 0
        let evidence = min(1.0, 0.4 + 0.12 * Double(best.accepted))
        let confidence = max(0, separation) * evidence
        return DetectedLanguage(
            language: best.language, confidence: (confidence * 100).rounded() / 100, script: script
        )
    }

    /// Up to `count` elements spread evenly over `words`.
    static func evenSample<Element>(of words: [Element], count: Int) -> [Element] {
        guard words.count > count else { return words }
        let step = Double(words.count) / Double(count)
        return (0..<count).map { words[Int(Double($0) * step)] }
    }

    /// Candidates in preference order: default variants first (`en` → `en-US`), English first.
    static func ordered(_ languages: [InstalledLanguage], catalog: DictionaryCatalog) -> [InstalledLanguage] {
        func rank(_ language: InstalledLanguage) -> (Int, Int, String) {
            let isDefault = (try? catalog.resolve(language.primaryLanguage))?.code == language.code
            return (language.primaryLanguage == "en" ? 0 : 1, isDefault ? 0 : 1, language.code)
        }
        return languages.sorted { rank($0) < rank($1) }
    }
}
