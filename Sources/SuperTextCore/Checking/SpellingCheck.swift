/// The spelling part of one check: which words the dictionary rejects, and the matches for them.
struct SpellingCheck {
    let session: Proofreader.LanguageSession
    let explainer: Explainer
    let suggestionLimit: Int
    /// Personal words, and their lowercase forms, accepted whatever the dictionary says.
    private let personalWords: Set<String>
    private let personalWordsLowercased: Set<String>
    /// Answers already given in this check, by word.
    private var known: [String: [String]] = [:]
    /// The words the document uses as code; read on the first word the dictionary rejects.
    private var codeVocabulary: CodeVocabulary?

    init(session: Proofreader.LanguageSession, explainer: Explainer, personalWords: Set<String>, suggestionLimit: Int) {
        self.session = session
        self.explainer = explainer
        self.suggestionLimit = suggestionLimit
        let normalized = Set(personalWords.map(normalizedWord))
        self.personalWords = normalized
        self.personalWordsLowercased = Set(normalized.map { $0.lowercased() })
    }

    /// Whether the word token is right (every part of a hyphenated word): what `matches(for:in:)`
    /// decides before making matches, without their suggestions.
    mutating func accepts(_ token: WordToken, in document: CheckedDocument) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: document.bytes[token.byteRange])
        if token.isASCII, personalWords.isEmpty, session.dictionary.spell(utf8: bytes) {
            return true
        }
        let written = document.text(of: token)
        let word = token.isASCII ? written : normalizedWord(written)
        if codeVocabulary == nil { codeVocabulary = CodeVocabulary(document: document) }
        if isAccepted(word) { return true }
        if word.contains("-") {
            let skipsAcronyms = word.contains { $0.isLowercase }
            return hyphenatedParts(of: token, in: document).allSatisfy { part in
                (skipsAcronyms && WordCase.isAcronym(part.text)) || isAccepted(normalizedWord(part.text))
            }
        }
        return false
    }

    /// The spelling matches of one word token (several for a hyphenated word with bad parts).
    mutating func matches(for token: WordToken, in document: CheckedDocument) -> [Match] {
        let bytes = UnsafeBufferPointer(rebasing: document.bytes[token.byteRange])
        if token.isASCII, personalWords.isEmpty, session.dictionary.spell(utf8: bytes) {
            return []
        }
        let written = document.text(of: token)
        let word = token.isASCII ? written : normalizedWord(written)
        if codeVocabulary == nil { codeVocabulary = CodeVocabulary(document: document) }
        if isAccepted(word) { return [] }
        // A hyphenated word whose whole is unknown: check, and report, its parts one by one.
        // Acronyms among them (`Node-APIs`) are skipped as they are alone, unless the whole word
        // is in capitals: then it is prose in capitals (`NON-INFRINGEMENT`), checked throughout.
        if word.contains("-") {
            let skipsAcronyms = word.contains { $0.isLowercase }
            return hyphenatedParts(of: token, in: document).flatMap { part -> [Match] in
                if skipsAcronyms, WordCase.isAcronym(part.text) { return [] }
                let partWord = normalizedWord(part.text)
                return isAccepted(partWord) ? [] : [match(for: part.text, word: partWord, offset: part.offset, length: part.length)]
            }
        }
        if NameLikeWord.isNameLike(word) {
            return [nameMatch(for: written, word: word, token: token, in: document)]
        }
        return [match(for: written, word: word, offset: token.utf16Offset, length: token.utf16Length, around: token, in: document)]
    }

    /// A capitalised word the dictionary rejects. Mid-sentence it is most likely a name
    /// ("Artem", "Dribbble", not "Dribble"), so it is a spelling mistake only when a slip of one
    /// edit or less, by the error model, makes it of a far likelier word: a name the dictionary
    /// knows ("Amercia" → "America"), one of the language's common words ("Goverment" →
    /// "Government"), or in German a noun (`Kongreß` → `Kongress`: `ss` written `ß` is a tenth of
    /// an edit). At a sentence's start a capital says nothing, so any word within reach makes it
    /// a slip ("Instalation" → "Installation"): two edits for a long word ("Recomended"), one
    /// for a short one ("Artem" is not "Are"). Otherwise it is an unknown name, with only its
    /// near suggestions.
    private mutating func nameMatch(for written: String, word: String, token: WordToken, in document: CheckedDocument) -> Match {
        var spelling = match(for: written, word: word, offset: token.utf16Offset, length: token.utf16Length)
        guard !spelling.suggestions.isEmpty else { return spelling }
        let startsSentence = NameLikeWord.startsSentence(token, in: document)
        let reach: Float = word.count >= 7 && startsSentence ? 2 : 1
        let costs = spelling.suggestions.map { session.suggester.errorCost(from: word, to: $0) }
        let likely = zip(spelling.suggestions, costs).contains { suggestion, cost in
            guard cost <= reach else { return false }
            return startsSentence || session.suggester.isCommon(suggestion) || isKnownNameOrNoun(suggestion)
        }
        if likely { return spelling }
        let text = explainer.unknownName(written)
        spelling.category = .name
        spelling.message = text.message
        spelling.shortMessage = text.shortMessage
        spelling.explanation = text.explanation
        spelling.suggestions = zip(spelling.suggestions, costs).filter { $0.1 <= 1 }.map(\.0)
        return spelling
    }

    /// A capitalised word the dictionary knows only with its capital: "America", "Microsoft".
    /// In German every noun is such a word, and the frequency list misses most of them: there it
    /// must be a noun of the grammar's lexicon (`Rechnung` for `Rechung`), or a compound whose
    /// last part is one (`Fußballspiel`: a compound takes the kind of its last part), not a rare
    /// name or form (`Jenas` for the name `Jonas`).
    private func isKnownNameOrNoun(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.properties.isUppercase, !word.contains(" ") else { return false }
        guard session.dictionary.spell(word) && !session.dictionary.spell(word.lowercased()) else { return false }
        guard session.language.primaryLanguage == "de" else { return true }
        let lowercased = word.lowercased()
        if session.grammar.lexicon.hasReading(lowercased, tag: .NN) { return true }
        // The longest last part of four letters or more after a first of three or more.
        let letters = Array(lowercased)
        guard letters.count >= 7 else { return false }
        for start in 3...(letters.count - 4) {
            let head = String(letters[start...])
            if session.grammar.lexicon.hasReading(head, tag: .NN) { return true }
        }
        return false
    }

    /// Whether the dictionary (or the personal dictionary) accepts a normalised word.
    private func isAccepted(_ word: String) -> Bool {
        if personalWords.contains(word) || personalWordsLowercased.contains(word.lowercased()) { return true }
        // A word in a script the dictionary is not written in is not ours to judge.
        if !word.unicodeScalars.allSatisfy(\.isASCII),
           let script = Script.dominant(in: word[...].unicodeScalars), script != session.script {
            return true
        }
        if session.dictionary.spell(word) { return true }
        // A unit or a symbol (`µs`, `mΩ`, `km²`) is not a word to correct.
        if NameLikeWord.isUnitSymbol(word) { return true }
        // Possessives of known words and names: "Hunspell's", "students'".
        if session.language.primaryLanguage == "en", word.hasSuffix("'s"),
           session.dictionary.spell(String(word.dropLast(2))) {
            return true
        }
        // A name the document itself uses in its code: `libuv`, `deps` in `deps/v8`.
        if codeVocabulary?.contains(word) == true { return true }
        // A name with capitals inside (`XMLSec`, `ESLint`), as camelCase names are skipped by the
        // tokenizer; but not a known word with a slip of the Shift key (`THis`, `GLib` for `Glib`),
        // nor a term of the document's code written with other capitals (`ECMASCript`).
        if WordCase.hasInnerCapitals(word) {
            return !session.dictionary.spell(word.lowercased())
                && !session.dictionary.spell(WordCase.capitalized(word))
                && codeVocabulary?.containsOtherwiseCapitalized(word) != true
        }
        return false
    }

    /// The match of a misspelled word; with `token` and `document`, its suggestions are put in
    /// order by the words around it where the language has a trigram model (`ContextRanking`).
    private mutating func match(
        for written: String, word: String, offset: Int, length: Int, around token: WordToken? = nil, in document: CheckedDocument? = nil
    ) -> Match {
        let found: [String]
        if suggestionLimit <= 0 {
            // No suggestions wanted: skip the suggester entirely.
            found = []
        } else if let cached = known[word] {
            found = cached
        } else {
            found = session.suggester.suggestions(
                for: word, personalWords: personalWords, limit: suggestionLimit
            ).filter { $0 != word }
            known[word] = found
        }
        var suggestions = withApostrophes(of: written, found)
        if suggestions.count >= 2, let token, let document, let model = session.grammar.languageModel {
            let ranking = ContextRanking(model: model)
            if let window = ranking.window(around: token, in: document) { suggestions = ranking.ordered(suggestions, in: window) }
        }
        let text = explainer.spelling(written: written, suggestion: suggestions.first)
        return Match(
            offset: offset, length: length, text: written, category: .spelling,
            rule: ProofreadingRules.spellingRuleID, message: text.message, shortMessage: text.shortMessage,
            suggestions: suggestions, explanation: text.explanation
        )
    }

    /// The parts of a hyphenated token with their UTF-16 positions.
    private func hyphenatedParts(of token: WordToken, in document: CheckedDocument) -> [(text: String, offset: Int, length: Int)] {
        var parts: [(String, Int, Int)] = []
        var current = ""
        var currentOffset = token.utf16Offset
        var utf16 = token.utf16Offset
        for scalar in document.text(of: token).unicodeScalars {
            let units = scalar.value > 0xFFFF ? 2 : 1
            if scalar == "-" || scalar == "\u{2010}" || scalar == "\u{2011}" {
                if !current.isEmpty { parts.append((current, currentOffset, utf16 - currentOffset)) }
                current = ""
                utf16 += units
                currentOffset = utf16
                continue
            }
            current.unicodeScalars.append(scalar)
            utf16 += units
        }
        if !current.isEmpty { parts.append((current, currentOffset, utf16 - currentOffset)) }
        return parts
    }
}
