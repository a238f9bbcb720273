/// A language SuperText can check, backed by one pair of Hunspell files.
public struct InstalledLanguage: Sendable, Hashable, Codable {
    /// BCP 47 code, `en-US`.
    public var code: String
    /// Display name in English, `English (US)`.
    public var name: String
    /// Other codes that name the same dictionary files (`es-AR` for `es-ES`), BCP 47.
    public var aliases: [String]
    /// The `.aff` file.
    public var affixPath: String
    /// The `.dic` file.
    public var dictionaryPath: String

    /// The primary language subtag, `en`.
    public var primaryLanguage: String {
        String(code.prefix { $0 != "-" })
    }

    public init(code: String, name: String, aliases: [String], affixPath: String, dictionaryPath: String) {
        self.code = code
        self.name = name
        self.aliases = aliases
        self.affixPath = affixPath
        self.dictionaryPath = dictionaryPath
    }
}
