import Foundation
import SuperTextStore
import GRDB

extension AppDatabase {
    /// Most characters in a personal word.
    public static let maximumWordLength = PersonalWord.maximumLength

    /// The personal dictionary, optionally only the words that apply to one language
    /// (its own and those for every language).
    public func personalWords(language: String? = nil, owner: Owner = .solo) async throws -> [PersonalWord] {
        try await reading { db in
            var request = PersonalWordRecord.filter(Column("owner") == owner.id).order(Column("word").collating(.localizedCaseInsensitiveCompare), Column("language"))
            if let language, !language.isEmpty {
                request = request.filter([language, ""].contains(Column("language")))
            }
            return try request.fetchAll(db).map {
                PersonalWord(word: $0.word, language: $0.language.isEmpty ? nil : $0.language, createdAt: $0.createdAt)
            }
        }
    }

    /// Every owner's words, for the dictionary in memory.
    public func everyonesPersonalWords() async throws -> [Owner: [PersonalWord]] {
        try await reading { db in
            var byOwner: [Owner: [PersonalWord]] = [:]
            for record in try PersonalWordRecord.fetchAll(db) {
                byOwner[Owner(id: record.owner), default: []].append(
                    PersonalWord(word: record.word, language: record.language.isEmpty ? nil : record.language, createdAt: record.createdAt))
            }
            return byOwner
        }
    }

    /// Adds a word (for one language, or every language with `nil`); whether it was new.
    @discardableResult
    public func addPersonalWord(_ word: String, language: String?, owner: Owner = .solo) async throws -> Bool {
        let word = try Self.validated(word)
        return try await storing { db in
            var record = PersonalWordRecord(id: nil, owner: owner.id, word: word, language: language ?? "", createdAt: Date())
            let existing = try PersonalWordRecord.filter(
                Column("owner") == owner.id && Column("word") == word && Column("language") == record.language
            ).fetchCount(db)
            guard existing == 0 else { return false }
            try record.insert(db)
            return true
        }
    }

    /// Adds many words at once (an import); how many were new.
    public func importPersonalWords(_ words: [String], language: String?, owner: Owner = .solo) async throws -> Int {
        let cleaned = try PersonalWord.validatedList(words)
        return try await storing { db in
            var added = 0
            for word in Set(cleaned).sorted() {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO personalWord (owner, word, language, createdAt) VALUES (?, ?, ?, ?)",
                    arguments: [owner.id, word, language ?? "", Date()]
                )
                added += db.changesCount
            }
            return added
        }
    }

    /// Removes a word (from one language, or the every-language entry with `nil`); whether it was there.
    @discardableResult
    public func removePersonalWord(_ word: String, language: String?, owner: Owner = .solo) async throws -> Bool {
        try await freeing { db in
            try PersonalWordRecord.filter(
                Column("owner") == owner.id && Column("word") == word && Column("language") == (language ?? "")
            ).deleteAll(db)
        } > 0
    }

    static func validated(_ word: String) throws -> String {
        try PersonalWord.validated(word)
    }
}
