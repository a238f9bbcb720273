extension EditClassifier {
    /// Pairs of letters that can stand for the same sound in one language, so that writing one for
    /// the other is a spelling-by-ear mistake rather than a typo.
    ///
    /// The tables are small on purpose: a pair is listed only when the two letters really spell
    /// the same sound in common words of that language (`c`/`k` in English "cat"/"kit", `b`/`v` in
    /// Spanish, `s`/`ß` in German), not when they are merely related sounds.
    struct SoundAlikeLetters: Equatable, Sendable {
        /// Each pair as its two letters in alphabetical (code point) order.
        let pairs: Set<String>

        init(pairs: [String]) {
            self.pairs = Set(pairs.map { String($0.sorted()) })
        }

        /// No pairs: for languages without a table.
        static let none = SoundAlikeLetters(pairs: [])
        /// English: cat/kit, city/sit, rise/size, gem/jam, myth/mitt.
        static let english = SoundAlikeLetters(pairs: ["ck", "cs", "sz", "iy", "gj"])
        /// French: coq/kilo/quoi, ceci/ça/si, rose/zéro, gel/jeu, lys/lis, and m/n before b and p
        /// (ambiance, emporter), which sound the same as the nasal vowel.
        static let french = SoundAlikeLetters(pairs: ["ck", "cq", "kq", "cs", "çs", "sz", "gj", "iy", "mn"])
        /// German: Vater/Fater, Straße/Strase, final devoicing (Rad/Rat, Dieb, Tag), Café/Kaffee,
        /// Typ, and ä/e (Eltern, älter).
        static let german = SoundAlikeLetters(pairs: ["fv", "sß", "dt", "bp", "gk", "ck", "iy", "eä"])
        /// Spanish: b/v (bien, vino), seseo c/s/z (cena, sena, zeta), casa/kilo/queso, gente/jefe,
        /// y/i (rey, hay).
        static let spanish = SoundAlikeLetters(pairs: ["bv", "cs", "cz", "sz", "ck", "cq", "kq", "gj", "iy"])

        /// The table of a text language: `en-GB` → English, `pt` → none.
        init(textLanguage: String) {
            let language = textLanguage.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased() ?? ""
            switch language {
            case "en": self = .english
            case "fr": self = .french
            case "de": self = .german
            case "es": self = .spanish
            default: self = .none
            }
        }

        /// Whether two letters can sound alike, ignoring case.
        func soundAlike(_ a: Character, _ b: Character) -> Bool {
            guard let a = a.lowercased().first, let b = b.lowercased().first, a != b else { return false }
            return pairs.contains(String([a, b].sorted()))
        }
    }
}
