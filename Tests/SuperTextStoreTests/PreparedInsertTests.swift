import Foundation
import GRDB
import Testing
@testable import SuperTextStore
@testable import SuperTextSQLite

@Suite("Binding values in place")
struct PreparedInsertTests {
    @Test func valuesAreStoredAsBoundAndAFailedInsertLeavesTheStatementReady() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (n INTEGER NOT NULL CHECK (n >= 0), s TEXT, b BOOLEAN NOT NULL, d REAL NOT NULL)
                """)
            var insert = PreparedInsert(try db.cachedStatement(sql: "INSERT INTO t (n, s, b, d) VALUES (?, ?, ?, ?)"), db)
            try insert.bind(7)
            try insert.bind("naïve “quoted” 👩🏽‍💻")
            try insert.bind(true)
            try insert.bind(0.25)
            try insert.execute()
            // Empty text is text, a missing string is NULL.
            try insert.bind(Int64(8))
            try insert.bind("")
            try insert.bind(false)
            try insert.bind(1.5)
            try insert.execute()
            try insert.bind(9)
            try insert.bind(String?.none)
            try insert.bind(false)
            try insert.bind(2.0)
            try insert.execute()
            // A row the table refuses: the error names it, and the statement is ready again.
            try insert.bind(-1)
            try insert.bind("refused")
            try insert.bind(true)
            try insert.bind(0.0)
            #expect(throws: DatabaseError.self) { try insert.execute() }
            try insert.bind(10)
            try insert.bind("after")
            try insert.bind(true)
            try insert.bind(3.0)
            try insert.execute()
        }
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT n, s, b, d FROM t ORDER BY n") }
        #expect(rows.map { $0["n"] as Int } == [7, 8, 9, 10])
        #expect(rows[0]["s"] as String? == "naïve “quoted” 👩🏽‍💻")
        #expect(rows[1]["s"] as String? == "")
        #expect(rows[2]["s"] as String? == nil)
        #expect(rows.map { $0["b"] as Bool } == [true, false, false, true])
        #expect(rows.map { $0["d"] as Double } == [0.25, 1.5, 2.0, 3.0])
    }
}
