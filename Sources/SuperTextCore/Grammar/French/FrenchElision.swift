/// Elision in French: which words lose their vowel before a vowel sound (`le arbre` → `l’arbre`),
/// and which words start with a vowel sound.
enum FrenchElision {
    /// The words that are written elided before another word, without their apostrophe:
    /// `l'arbre`, `d'eau`, `j'ai`, `qu'il`, `jusqu'ici`. The rules read them as words of their own.
    static let elidedWords: Set<String> = [
        "l", "d", "j", "m", "t", "s", "n", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",
    ]

    /// Words that start with a written vowel or h but take no elision: the "h aspiré" (le
    /// hibou, la hache), and a few others (le onze, le oui, le yaourt). Their plurals and
    /// feminines too, listed by beginning where the beginning is safe (`hach` covers hache,
    /// hacher, hachis).
    static let noElisionBeginnings: [String] = [
        "hach", "haie", "haillon", "haine", "haïr", "hais", "hait", "hâl", "hall", "halo", "halte", "hamac", "hamburger",
        "hameau", "hamster", "hanche", "handball", "handicap", "hangar", "hanneton", "hant", "happ", "harangu", "haras",
        "harass", "harcel", "harcèl", "hardi", "hareng", "hargn", "haricot", "harnais", "harp", "hasard", "hâte", "hâti",
        "hauss", "haut", "havre", "hennir", "hérisson", "hernie", "héron", "héros", "herse", "hêtre", "heurt", "hibou",
        "hideu", "hiérarch", "hijab", "hippie", "hiss", "hobby", "hochet", "hockey", "hollandais", "hollande", "homard", "hongr",
        "honte", "honteu", "hoquet", "horde", "hors", "hot-dog", "hotte", "houblon", "houill", "houle", "houppe",
        "hourra", "housse", "houx", "hublot", "huche", "huer", "hue", "huit", "hulotte", "humer", "hurl", "hutte",
        "onze", "onzième", "oui", "ouistiti", "yacht", "yaourt", "yoga", "yougoslav", "yo-yo", "yéti", "yen", "yeti",
        "uhlan", "ululer", "ouate", "whisky", "week-end", "western",
    ]

    /// Whether a lowercase word starts with a vowel sound that calls for elision before it
    /// ("arbre", "homme", "été"; not "hibou", "onze", "yaourt").
    static func takesElision(_ word: String) -> Bool {
        guard let first = word.first else { return false }
        guard "aàâäeéèêëiîïoôöuùûüœæh".contains(first) else { return false }
        return !noElisionBeginnings.contains { word.hasPrefix($0) }
    }
}
