import Foundation
import GRDBSQLite

/// What SQLite alone costs to commit a row, with nothing of the store around it: the floor
/// under the CPU of a save that is acknowledged only once committed.
///
/// A database file in WAL mode with `synchronous = NORMAL` (as the store's), one table with a
/// rowid and as many text columns as the row has values, and one `BEGIN IMMEDIATE`, `INSERT`,
/// `COMMIT` a row through SQLite's C API with prepared statements. SQLite's automatic checkpoint
/// runs in the commits (the store runs it on a connection of its own, in the same process).
struct BareSQLite {
    /// The values of one row, bound as text.
    let row: [String]

    /// Commits `count` copies of the row, one transaction each, in a new database file in
    /// `directory`; the process CPU (user and system) per transaction, in seconds.
    func cpuPerTransaction(count: Int, in directory: URL) throws -> Double {
        var connection: OpaquePointer?
        let path = directory.appendingPathComponent("bare.sqlite").path
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let connection
        else { throw BenchFailure("cannot open \(path)") }
        defer { sqlite3_close_v2(connection) }
        func execute(_ sql: String) throws {
            guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else {
                throw BenchFailure("\(sql): \(String(cString: sqlite3_errmsg(connection)))")
            }
        }
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        let columns = row.indices.map { "c\($0)" }
        try execute("CREATE TABLE saved (id INTEGER PRIMARY KEY, \(columns.map { "\($0) TEXT NOT NULL" }.joined(separator: ", ")))")
        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
                let statement
            else { throw BenchFailure("\(sql): \(String(cString: sqlite3_errmsg(connection)))") }
            return statement
        }
        let begin = try prepare("BEGIN IMMEDIATE")
        let insert = try prepare(
            "INSERT INTO saved (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        let commit = try prepare("COMMIT")
        defer { for statement in [begin, insert, commit] { sqlite3_finalize(statement) } }
        // SQLite copies bound text before the call returns.
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        func step(_ statement: OpaquePointer) throws {
            let code = sqlite3_step(statement)
            sqlite3_reset(statement)
            guard code == SQLITE_DONE else { throw BenchFailure("step: \(String(cString: sqlite3_errmsg(connection)))") }
        }
        // Each with a NUL after it, so that even an empty value has an address (empty text is
        // not NULL).
        let values = row.map { Array($0.utf8) + [0] }
        func save() throws {
            try step(begin)
            for (index, value) in values.enumerated() {
                value.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        _ = sqlite3_bind_text(insert, CInt(index + 1), characters.baseAddress, CInt(characters.count - 1), transient)
                    }
                }
            }
            try step(insert)
            try step(commit)
        }
        for _ in 0..<100 { try save() }  // warm: the file and SQLite's cache
        let before = StoreBenchmark.processCPUSeconds()
        for _ in 0..<count { try save() }
        return (StoreBenchmark.processCPUSeconds() - before) / Double(count)
    }
}
