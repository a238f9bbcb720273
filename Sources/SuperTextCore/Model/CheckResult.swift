/// The language a text was checked in, and how it was chosen.
public struct LanguageReport: Codable, Sendable, Equatable {
    /// BCP 47 code, `en-US`. `und` when the text is in a script with no installed dictionary.
    public var code: String
    /// Display name, `English (US)`.
    public var name: String
    /// Whether the language was detected (`auto`) rather than given.
    public var detected: Bool
    /// Confidence of the detection, 0...1; 1 when the language was given.
    public var confidence: Double

    public init(code: String, name: String, detected: Bool, confidence: Double) {
        self.code = code
        self.name = name
        self.detected = detected
        self.confidence = confidence
    }
}

/// Figures about one check.
public struct CheckStats: Codable, Sendable, Equatable {
    /// Length of the text in UTF-16 code units: the unit of every offset and length in a result
    /// (and of LanguageTool's character counts), so `characters` is the end offset of the text.
    public var characters: Int
    /// Words sent to the dictionary.
    public var words: Int
    /// Number of matches.
    public var matches: Int
    /// Wall time of the check in milliseconds.
    public var milliseconds: Double

    public init(characters: Int, words: Int, matches: Int, milliseconds: Double) {
        self.characters = characters
        self.words = words
        self.matches = matches
        self.milliseconds = milliseconds
    }
}

/// A sentence of the checked text, in UTF-16 code units.
public struct SentenceRange: Codable, Sendable, Equatable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// A stretch of a checked text written in another language than the text's, in UTF-16 code units.
public struct LanguageRange: Codable, Sendable, Equatable {
    public var offset: Int
    public var length: Int
    /// The language the stretch was checked in, `fr`.
    public var code: String

    public init(offset: Int, length: Int, code: String) {
        self.offset = offset
        self.length = length
        self.code = code
    }
}

/// The result of one check: the contract shared by `supertext check --format json` and the HTTP API.
public struct CheckResult: Codable, Sendable, Equatable {
    /// The identifier of the stored check, when it was stored; `nil` otherwise.
    public var id: Int64?
    /// The language the text was checked in.
    public var language: LanguageReport
    /// Every problem found, in text order.
    public var matches: [Match]
    /// The text with each unambiguous first suggestion applied.
    public var correctedText: String
    /// Figures about the check.
    public var stats: CheckStats
    /// Sentence boundaries (not part of the JSON contract; used by adapters).
    public var sentences: [SentenceRange]
    /// Notes about the check, such as an unsupported script (omitted from JSON when empty).
    public var warnings: [String]
    /// The stretches checked in another language than `language`, in text order (not part of
    /// the JSON contract, where each match names its language; used by adapters).
    public var languageRanges: [LanguageRange] = []

    public init(
        id: Int64? = nil, language: LanguageReport, matches: [Match], correctedText: String,
        stats: CheckStats, sentences: [SentenceRange] = [], warnings: [String] = []
    ) {
        self.id = id
        self.language = language
        self.matches = matches
        self.correctedText = correctedText
        self.stats = stats
        self.sentences = sentences
        self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey {
        case id, language, matches, correctedText, stats, warnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        language = try container.decode(LanguageReport.self, forKey: .language)
        matches = try container.decode([Match].self, forKey: .matches)
        correctedText = try container.decode(String.self, forKey: .correctedText)
        stats = try container.decode(CheckStats.self, forKey: .stats)
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        sentences = []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(language, forKey: .language)
        try container.encode(matches, forKey: .matches)
        try container.encode(correctedText, forKey: .correctedText)
        try container.encode(stats, forKey: .stats)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
    }
}
