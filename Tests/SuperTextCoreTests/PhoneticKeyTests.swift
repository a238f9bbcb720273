import Testing
@testable import SuperTextCore

/// The sound-alike keys: words German writers confuse by ear share one, words that sound
/// different do not.
@Suite("Phonetic keys")
struct PhoneticKeyTests {
    static let germanSpellingsOfOneSound: [(String, String)] = [
        ("philosophie", "filosofie"),  // ph/f
        ("viel", "fiel"),  // v/f
        ("rhythmus", "rytmus"),  // rh/r, th/t, y/i
        ("staat", "stat"),  // a doubled vowel
        ("stadt", "stat"),  // dt/t
        ("kahn", "kan"),  // a silent h after a vowel
        ("maschine", "maschiene"),  // ie/i
        ("straße", "strasse"),  // ß/ss
        ("paket", "packet"),  // ck/k
        ("katze", "kaze"),  // tz/z
        ("nämlich", "nemlich"),  // ä/e
        ("maier", "meier"),  // ai/ei
        ("häuser", "heuser"),  // äu/eu
        ("nation", "nazion"),
        ("könig", "könich"),  // -ig sounds as -ich
        ("charakter", "karakter"),  // ch as k at the start
        ("sechs", "sex"),  // chs/x
    ]

    @Test("German: spellings of one sound share a key", arguments: germanSpellingsOfOneSound)
    func germanSameSound(_ pair: (String, String)) throws {
        // Given the German key,
        let key = try #require(PhoneticKey(language: "de-DE"))
        // then two spellings of one sound have the same key.
        #expect(key.key(of: pair.0) == key.key(of: pair.1), "\(pair.0) / \(pair.1)")
    }

    static let germanDifferentSounds: [(String, String)] = [
        ("haus", "maus"), ("tasse", "kasse"), ("lesen", "losen"), ("schön", "schon"), ("müde", "mude"),
        ("buch", "bug"), ("reisen", "riesen"),
    ]

    @Test("German: different sounds keep different keys", arguments: germanDifferentSounds)
    func germanOtherSound(_ pair: (String, String)) throws {
        let key = try #require(PhoneticKey(language: "de-DE"))
        #expect(key.key(of: pair.0) != key.key(of: pair.1), "\(pair.0) / \(pair.1)")
    }

    @Test("Only English, Spanish and German have a key")
    func languagesWithKeys() {
        #expect(PhoneticKey(language: "en-US") != nil)
        #expect(PhoneticKey(language: "es") != nil)
        #expect(PhoneticKey(language: "de-AT") != nil)
        #expect(PhoneticKey(language: "fr") == nil)
    }
}
