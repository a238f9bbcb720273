import GRDB
import SuperTextStore
import GRDBSQLite

/// Binds values to a prepared INSERT with SQLite's own functions and runs it.
///
/// Saving checks is the one hot write of the store: building `StatementArguments` (an array of
/// `DatabaseValue` from existentials) cost about as much as the insert. This binds each value in
/// place. It runs inside GRDB's writer, on a statement GRDB prepared and caches, and leaves the
/// statement reset with no bindings, as GRDB expects to find it.
struct PreparedInsert {
    private let statement: Statement
    private let db: Database
    private var index: CInt = 0

    /// SQLite copies bound text before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    init(_ statement: Statement, _ db: Database) {
        self.statement = statement
        self.db = db
    }

    mutating func bind(_ value: String) throws {
        index += 1
        var value = value
        let code = value.withUTF8 { bytes -> CInt in
            guard let start = bytes.baseAddress else {
                // An empty string is text, not NULL: bind it from a literal.
                return sqlite3_bind_text(statement.sqliteStatement, index, "", 0, Self.transient)
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                sqlite3_bind_text(statement.sqliteStatement, index, characters, CInt(bytes.count), Self.transient)
            }
        }
        try check(code)
    }

    mutating func bind(_ value: String?) throws {
        guard let value else {
            index += 1
            return try check(sqlite3_bind_null(statement.sqliteStatement, index))
        }
        try bind(value)
    }

    mutating func bind(_ value: Int) throws {
        try bind(Int64(value))
    }

    mutating func bind(_ value: Int64) throws {
        index += 1
        try check(sqlite3_bind_int64(statement.sqliteStatement, index, value))
    }

    mutating func bind(_ value: Bool) throws {
        try bind(value ? 1 : 0)
    }

    mutating func bind(_ value: Double) throws {
        index += 1
        try check(sqlite3_bind_double(statement.sqliteStatement, index, value))
    }

    /// Runs the insert with the values bound so far, then resets the statement for the next row.
    mutating func execute() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        sqlite3_reset(statement.sqliteStatement)
        sqlite3_clear_bindings(statement.sqliteStatement)
        index = 0
        guard code == SQLITE_DONE else { throw error(code) }
    }

    private func check(_ code: CInt) throws {
        if code != SQLITE_OK {
            sqlite3_reset(statement.sqliteStatement)
            sqlite3_clear_bindings(statement.sqliteStatement)
            throw error(code)
        }
    }

    private func error(_ code: CInt) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
