/// The names of several words whose adjectives take a capital ("der Erste Weltkrieg", "das Rote
/// Meer"), for the two rules on either side: `GermanNameAdjectiveCapitalRule` and
/// `GermanAdjectiveNotNameRule`.
enum GermanNameAdjectives {
    /// Names of several words: an adjective's stem (without its ending) and the start of the
    /// noun it names with (Weltkrieg, Weltkrieges, Weltkriegs).
    static let names: [String: [String]] = [
        "erst": ["weltkrieg"], "zweit": ["weltkrieg", "deutsch"], "französisch": ["revolution"], "rot": ["armee", "meer", "kreuz", "halbmond"],
        "tot": ["meer"], "schwarz": ["meer", "wald"], "europäisch": ["union", "kommission", "zentralbank", "parlament", "gemeinschaft"],
        "vereinigt": ["staaten", "königreich", "arabisch"], "vereint": ["nationen"], "heilig": ["geist", "vater", "abend", "land", "schrift", "stuhl", "römisch", "drei"],
        "atlantisch": ["ozean"], "indisch": ["ozean"], "pazifisch": ["ozean"], "still": ["ozean"], "nah": ["osten"], "mittler": ["osten"], "fern": ["osten"],
        "zehn": ["gebote"], "ewig": ["stadt"], "gut": ["hoffnung"], "statistisch": ["bundesamt", "landesamt"], "olympisch": ["spiele", "komitee"],
        "national": ["olympisch"], "international": ["olympisch", "währungsfonds", "rot", "strafgerichtshof"], "hängend": ["gärten"], "schief": ["turm"],
        "kalt": ["krieg"], "dreißigjährig": ["krieg"], "hundertjährig": ["krieg"], "bayerisch": ["wald"], "neu": ["testament"], "alt": ["testament"],
        "letzt": ["abendmahl"], "unbefleckt": ["empfängnis"], "römisch": ["reich"], "wiener": ["kongress"], "weiß": ["sonntag"], "grün": ["donnerstag"],
        "deutsch": ["einheit", "bundestag", "bundesrat", "bahn", "fernsehen", "nation", "reich", "demokratisch", "bundesbank"],
    ]

    /// The stem of an adjective written with an ending (ersten → erst), if it has one.
    static func stem(_ word: String) -> String? {
        for ending in ["en", "er", "es", "em", "e"] where word.hasSuffix(ending) && word.count > ending.count + 1 {
            return String(word.dropLast(ending.count))
        }
        return nil
    }

    /// Whether the adjective's stem and the next word form a name of the list.
    static func namesNoun(_ stem: String, _ next: String) -> Bool {
        if let nouns = names[stem], nouns.contains(where: { next.hasPrefix($0) }) { return true }
        return false
    }

    /// Calls `visit` with each word followed by a word in a sentence, where the first is an
    /// adjective of the list (by its stem, or as written): the sentence, the position, the stem
    /// and the next word in lowercase.
    static func forEachPair(
        in document: CheckedDocument, context: RuleContext, _ visit: (RuleSentence, Int, String, String) -> Void
    ) {
        for sentence in RuleSentence.all(in: document, context: context) {
            for position in 0..<max(sentence.count - 1, 0) where sentence.isWord(position) && sentence.isWord(position + 1) {
                let text = sentence.text(position)
                guard let stem = stem(text) ?? (names[text] != nil ? text : nil) else { continue }
                visit(sentence, position, stem, sentence.text(position + 1))
            }
        }
    }
}
