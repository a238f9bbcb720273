import Testing
@testable import SuperTextCore

/// Capitalised unknown words are most likely names: corrected only when one edit away from a
/// known name or a common word, otherwise reported as unknown names. Unit symbols are not words,
/// and a split of a word is written with a space unless the dictionary has the hyphenated form.
@Suite("Names and units")
struct NameAndUnitTests {
    private func matches(_ text: String, language: String = "en-US") throws -> [Match] {
        try TestSupport.proofreader.check(CheckRequest(text: text, language: language)).matches
    }

    @Test func aNameMidSentenceIsAnUnknownNameWithNoFarSuggestion() throws {
        let found = try matches("Yesterday I met Artem at the station; they design for Dribbble.")
        let artem = try #require(found.first { $0.text == "Artem" })
        #expect(artem.category == .name)
        #expect(artem.suggestions.isEmpty)
        #expect(artem.explanation.kind == .unknownName)
        #expect(artem.message == "Unknown name: 'Artem'.")
        let dribbble = try #require(found.first { $0.text == "Dribbble" })
        #expect(dribbble.category == .name)
        // Near suggestions stay, after adding the name (which the page offers first).
        #expect(dribbble.suggestions.allSatisfy { EditDistance.damerau("dribbble", $0.lowercased()) <= 1 })
    }

    @Test func aCapitalisedSlipForAKnownNameOrACommonWordIsStillASpellingMistake() throws {
        let found = try matches("Then the Goverment of Amercia met Micorsoft in Londn.")
        for (written, correction) in [("Goverment", "Government"), ("Amercia", "America"), ("Micorsoft", "Microsoft"), ("Londn", "London")] {
            let match = try #require(found.first { $0.text == written }, "\(written)")
            #expect(match.category == .spelling, "\(written)")
            #expect(match.suggestions.first == correction, "\(written)")
        }
    }

    @Test func inGermanANameIsNotCorrectedToARareWordButASlipForANounIs() throws {
        // German capitalises every noun: a name is told from a slip by the noun it is near.
        let found = try matches("Gestern hat Jonas die Rechung bezahlt.", language: "de-DE")
        let jonas = try #require(found.first { $0.text == "Jonas" })
        #expect(jonas.category == .name)
        let rechung = try #require(found.first { $0.text == "Rechung" })
        #expect(rechung.category == .spelling)
        #expect(rechung.suggestions.first == "Rechnung")
    }

    @Test func inGermanSpellingBefore1996AndSwissSpellingAreSlipsNotNames() throws {
        // `ß` for `ss` (before 1996) and `ss` for `ß` (in Switzerland) change two letters, but
        // are one slip of the writer: the error model counts them a tenth of an edit.
        let found = try matches("Im Schloß am Fluß sahen wir im Fernsehen ein Fussballspiel.", language: "de-DE")
        for (written, correction) in [("Schloß", "Schloss"), ("Fluß", "Fluss"), ("Fussballspiel", "Fußballspiel")] {
            let match = try #require(found.first { $0.text == written }, "\(written)")
            #expect(match.category == .spelling, "\(written)")
            #expect(match.suggestions.first == correction, "\(written): \(match.suggestions)")
        }
    }

    @Test func atTheStartOfASentenceAShortNameIsNotCorrectedFarAway() throws {
        let found = try matches("Artem went home. Teh cat stayed.")
        let artem = try #require(found.first { $0.text == "Artem" })
        #expect(artem.category == .name)
        #expect(!artem.suggestions.contains("Are"))
        let teh = try #require(found.first { $0.text == "Teh" })
        #expect(teh.category == .spelling)
        #expect(teh.suggestions.first == "The")
    }

    @Test func aCapitalisedWordAtTheStartOfASentenceWithANearWordIsAMisspelling() throws {
        for (text, written, correction, language) in [
            ("Instalation is hard.", "Instalation", "Installation", "en-US"),
            ("Recieving mail is easy.", "Recieving", "Receiving", "en-US"),
            ("Strassen sind voll.", "Strassen", "Straßen", "de-DE"),
        ] {
            let match = try #require(try matches(text, language: language).first { $0.text == written }, "\(written)")
            #expect(match.category == .spelling, "\(written)")
            #expect(match.explanation.kind != .unknownName, "\(written)")
            #expect(match.suggestions.first == correction, "\(written): \(match.suggestions)")
        }
    }

    @Test func aWholeWordTheDictionaryRewritesGetsItsRewriteFirst() throws {
        // en_US.aff: `REP alot a_lot`.
        for (text, written, correction) in [("There were alot of people.", "alot", "a lot"), ("Alot of people came.", "Alot", "A lot")] {
            let match = try #require(try matches(text).first { $0.text == written })
            #expect(match.category == .spelling)
            #expect(match.suggestions.first == correction, "\(match.suggestions)")
            #expect(match.explanation.kind == .split)
        }
    }

    @Test func unitSymbolsAreNotWords() throws {
        #expect(try matches("It took 5 µs, then 3 km² at 20 °C, 4 mΩ and 2 μm.").isEmpty)
        #expect(NameLikeWord.isUnitSymbol("µs"))
        #expect(!NameLikeWord.isUnitSymbol("teh"))
    }

    @Test func aSplitIsWrittenWithASpaceUnlessTheDictionaryHasTheHyphenatedForm() throws {
        let found = try matches("I don't do that anymore.", language: "en-GB")
        let anymore = try #require(found.first { $0.text == "anymore" })
        #expect(anymore.suggestions.first == "any more")
        #expect(!anymore.suggestions.contains("any-more"))
    }

    @Test func nameShapesAndSentenceStarts() {
        #expect(NameLikeWord.isNameLike("Artem"))
        #expect(NameLikeWord.isNameLike("McKinsey"))
        #expect(!NameLikeWord.isNameLike("NASA"))
        #expect(!NameLikeWord.isNameLike("iPhone"))
        #expect(!NameLikeWord.isNameLike("X11"))
        #expect(EditDistance.damerau("micorsoft", "microsoft") == 1)
        #expect(EditDistance.damerau("artem", "are") == 2)
        #expect(EditDistance.levenshtein(Array("micorsoft"), Array("microsoft")) == 2)
    }
}
