import Foundation
import GRDB
import SuperTextCore

/// A check as stored in history.
struct StoredCheck: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "check"

    var id: Int64?
    var createdAt: Date
    var languageCode: String
    var languageName: String
    var languageDetected: Bool
    var languageConfidence: Double
    var text: String
    var correctedText: String
    var matches: [Match]
    var matchCount: Int
    var characters: Int
    var words: Int
    var milliseconds: Double

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let createdAt = Column(CodingKeys.createdAt)
        static let languageCode = Column(CodingKeys.languageCode)
    }

    static let mistakes = hasMany(StoredMistake.self)

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    init(result: CheckResult, text: String, createdAt: Date) {
        self.createdAt = createdAt
        languageCode = result.language.code
        languageName = result.language.name
        languageDetected = result.language.detected
        languageConfidence = result.language.confidence
        self.text = text
        correctedText = result.correctedText
        matches = result.matches
        matchCount = result.matches.count
        characters = result.stats.characters
        words = result.stats.words
        milliseconds = result.stats.milliseconds
    }

    /// The stored check as a check result.
    var result: CheckResult {
        CheckResult(
            id: id,
            language: LanguageReport(code: languageCode, name: languageName, detected: languageDetected, confidence: languageConfidence),
            matches: matches, correctedText: correctedText,
            stats: CheckStats(characters: characters, words: words, matches: matchCount, milliseconds: milliseconds)
        )
    }
}

/// One match of a stored check, kept apart so mistakes can be counted by word and by kind.
struct StoredMistake: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "mistake"

    var id: Int64?
    var checkId: Int64
    var createdAt: Date
    var word: String
    var correction: String?
    var category: String
    var kind: String
}

/// A word of the personal dictionary.
struct PersonalWordRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "personalWord"

    var id: Int64?
    var word: String
    /// BCP 47 code, or empty for every language.
    var language: String
    var createdAt: Date
}

/// A check on its way into the database: the row with its matches already encoded, its
/// mistakes, and the retention to apply after it.
struct NewCheck: Sendable {
    var row: NewCheckRow
    var mistakes: [StoredMistake]
    var retention: RetentionPolicy
    var createdAt: Date { row.createdAt }

    init(result: CheckResult, text: String, createdAt: Date, retention: RetentionPolicy) throws {
        row = try NewCheckRow(result: result, text: text, createdAt: createdAt)
        mistakes = result.matches.map { match in
            StoredMistake(
                id: nil, checkId: 0, createdAt: createdAt, word: match.text,
                correction: match.suggestions.first, category: match.category.rawValue,
                kind: match.explanation.kind.rawValue
            )
        }
        self.retention = retention
    }
}

/// The row of a new check, with `matches` as JSON text (read back by `StoredCheck`).
struct NewCheckRow: Encodable, PersistableRecord, Sendable {
    static let databaseTableName = StoredCheck.databaseTableName

    var createdAt: Date
    var languageCode: String
    var languageName: String
    var languageDetected: Bool
    var languageConfidence: Double
    var text: String
    var correctedText: String
    var matches: String
    var matchCount: Int
    var characters: Int
    var words: Int
    var milliseconds: Double

    /// The JSON of the matches column, as GRDB writes JSON columns.
    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    init(result: CheckResult, text: String, createdAt: Date) throws {
        self.createdAt = createdAt
        languageCode = result.language.code
        languageName = result.language.name
        languageDetected = result.language.detected
        languageConfidence = result.language.confidence
        self.text = text
        correctedText = result.correctedText
        matches = String(decoding: try Self.encoder().encode(result.matches), as: UTF8.self)
        matchCount = result.matches.count
        characters = result.stats.characters
        words = result.stats.words
        milliseconds = result.stats.milliseconds
    }
}
