import Foundation
import SuperTextStore
import GRDB
import SuperTextCore

/// A check as stored in history, as it is read. Checks are written only by `NewCheck`, whose
/// statement gives their ids (never one given before), so this record has no insert of its own.
struct StoredCheck: Codable, FetchableRecord, TableRecord {
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

    /// The stored check as a check result.
    var result: CheckResult {
        CheckResult(
            id: id,
            language: LanguageReport(code: languageCode, name: languageName, detected: languageDetected, confidence: languageConfidence),
            // A check without matches is stored without a second copy of its text.
            matches: matches, correctedText: matchCount == 0 ? text : correctedText,
            stats: CheckStats(characters: characters, words: words, matches: matchCount, milliseconds: milliseconds)
        )
    }
}

/// A word of the personal dictionary.
struct PersonalWordRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "personalWord"

    var id: Int64?
    /// Whose word (`Owner`).
    var owner: Int64
    var word: String
    /// BCP 47 code, or empty for every language.
    var language: String
    var createdAt: Date
}

/// A check on its way into the database, with what costs time made on the caller's thread (the
/// matches written as JSON, the date formatted), so that the single writer only binds values to
/// `insertSQL` (see `AppDatabase.insert`).
struct NewCheck: Sendable {
    /// A new check's id is one more than any given before, deleted or not (see the migration
    /// "Number checks without sqlite_sequence").
    static let insertSQL = """
        INSERT INTO "check" (id, createdAt, languageCode, languageName, languageDetected, languageConfidence,
            text, correctedText, matches, matchCount, characters, words, milliseconds, owner)
        VALUES (
            max(coalesce((SELECT max(id) FROM "check"), 0), (SELECT highestId FROM checkSequence)) + 1,
            ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    let result: CheckResult
    let text: String
    /// `date` as stored (`DatabaseTimestamp`).
    let timestamp: String
    /// The matches as stored (`MatchesJSON`).
    let matchesJSON: String
    let retention: RetentionPolicy
    let date: Date
    let owner: Owner

    init(result: CheckResult, text: String, createdAt: Date, retention: RetentionPolicy, owner: Owner = .solo) {
        self.owner = owner
        self.result = result
        self.text = text
        timestamp = DatabaseTimestamp.string(from: createdAt)
        matchesJSON = MatchesJSON.encode(result.matches)
        self.retention = retention
        date = createdAt
    }

    /// Binds the check's values in the order of `insertSQL`.
    func bindRow(to insert: inout PreparedInsert) throws {
        try insert.bind(timestamp)
        try insert.bind(result.language.code)
        try insert.bind(result.language.name)
        try insert.bind(result.language.detected)
        try insert.bind(result.language.confidence)
        try insert.bind(text)
        // Without matches the corrected text is the text: not stored twice (see `StoredCheck`).
        try insert.bind(result.matches.isEmpty ? "" : result.correctedText)
        try insert.bind(matchesJSON)
        try insert.bind(result.matches.count)
        try insert.bind(result.stats.characters)
        try insert.bind(result.stats.words)
        try insert.bind(result.stats.milliseconds)
        try insert.bind(owner.id)
    }
}

/// Dates as GRDB stores them: `YYYY-MM-DD HH:MM:SS.SSS` in UTC, so that stored text sorts in time
/// order and reads back as `Date`. Formatted by hand: a `DateFormatter` costs more than the insert.
enum DatabaseTimestamp {
    static func string(from date: Date) -> String {
        // As Foundation's DateFormatter (which GRDB uses) computes it: milliseconds since 1970 from
        // the reference date, plus a half, rounded down. The same arithmetic gives the same digits.
        let totalMilliseconds = Int(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
        let seconds = totalMilliseconds >= 0 ? totalMilliseconds / 1000 : (totalMilliseconds - 999) / 1000
        let milliseconds = totalMilliseconds - seconds * 1000
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var text = ""
        text.reserveCapacity(23)
        func append(_ value: Int, digits: Int) {
            let string = String(value)
            if string.count < digits { text += String(repeating: "0", count: digits - string.count) }
            text += string
        }
        append(year, digits: 4)
        text += "-"
        append(month, digits: 2)
        text += "-"
        append(day, digits: 2)
        text += " "
        append(secondOfDay / 3_600, digits: 2)
        text += ":"
        append(secondOfDay / 60 % 60, digits: 2)
        text += ":"
        append(secondOfDay % 60, digits: 2)
        text += "."
        append(milliseconds, digits: 3)
        return text
    }
}
