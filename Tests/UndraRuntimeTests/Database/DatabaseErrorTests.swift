import Dispatch
import Foundation
import Testing
import UndraRuntime
import UndraSQLite

/// Bad SQL, bad parameters, a locked, read-only or full database: each a typed error with SQLite's
/// codes, its message and the SQL, never a trap, and the file as it was.
@Suite struct DatabaseErrorTests {
    @Test func badSQL() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        #expect(throws: DatabaseError(extendedCode: .error, message: "near \"SELEC\": syntax error", sql: "SELEC 1")) {
            try db.query("SELEC 1")
        }
        #expect(throws: DatabaseError(extendedCode: .error, message: "no such table: missing", sql: "SELECT * FROM missing")) {
            try db.query("SELECT * FROM missing")
        }
        #expect(throws: DatabaseError(
            extendedCode: .error, message: "no such column: nope", sql: "UPDATE t SET nope = 1")
        ) {
            try db.execute("CREATE TABLE t(x)")
            try db.execute("UPDATE t SET nope = 1")
        }
        // In a script, the statement that failed, after the ones before it ran.
        #expect(throws: DatabaseError(extendedCode: .error, message: "near \"INSRT\": syntax error", sql: "INSRT INTO t VALUES (2)")) {
            try db.execute("INSERT INTO t VALUES (1); INSRT INTO t VALUES (2)")
        }
        #expect(try db.column("SELECT x FROM t", as: Int.self) == [1])
        let error = DatabaseError(extendedCode: .error, message: "near \"SELEC\": syntax error", sql: "SELEC 1")
        #expect(error.code == .error)
        #expect(error.description == "SQLITE_ERROR: near \"SELEC\": syntax error, in \"SELEC 1\"")
    }

    @Test func aWrongNumberOfArguments() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE t(a, b)")
        #expect(throws: DatabaseError(extendedCode: .range, message: "1 argument for 2 parameters", sql: "INSERT INTO t VALUES (?, ?)")) {
            try db.execute("INSERT INTO t VALUES (?, ?)", [1])
        }
        #expect(throws: DatabaseError(extendedCode: .range, message: "3 arguments for 2 parameters", sql: "INSERT INTO t VALUES (?, ?)")) {
            try db.execute("INSERT INTO t VALUES (?, ?)", [1, 2, 3])
        }
        #expect(throws: DatabaseError(extendedCode: .range, message: "1 argument for 0 parameters", sql: "SELECT * FROM t")) {
            try db.query("SELECT * FROM t", [1])
        }
        // Numbered and named parameters bind by their number (a name takes the next one).
        #expect(try db.execute("INSERT INTO t VALUES (?2, ?1)", [1, 2]) == 1)
        #expect(try db.query("SELECT a, b FROM t").map(\.values) == [[.integer(2), .integer(1)]])
        #expect(try db.execute("UPDATE t SET a = :b, b = :a", [3, 4]) == 1)
        #expect(try db.query("SELECT a, b FROM t").map(\.values) == [[.integer(3), .integer(4)]])
        #expect(try db.column("SELECT count(*) FROM t", as: Int.self) == [1])
    }

    @Test func aValueOfTheWrongType() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE strict_task(id INTEGER PRIMARY KEY, priority INTEGER NOT NULL) STRICT")
        #expect(throws: DatabaseError(
            extendedCode: .constraintDatatype, message: "cannot store TEXT value in INTEGER column strict_task.priority",
            sql: "INSERT INTO strict_task(priority) VALUES (?)")
        ) { try db.execute("INSERT INTO strict_task(priority) VALUES (?)", ["high"]) }
        #expect(throws: DatabaseError(
            extendedCode: .constraintNotNull, message: "NOT NULL constraint failed: strict_task.priority",
            sql: "INSERT INTO strict_task(priority) VALUES (?)")
        ) { try db.execute("INSERT INTO strict_task(priority) VALUES (?)", [nil]) }
        #expect(throws: DatabaseError(extendedCode: .mismatch, message: "datatype mismatch", sql: "SELECT 1 LIMIT ?")) {
            try db.query("SELECT 1 LIMIT ?", [.blob([1])])
        }
        #expect(try db.column("SELECT count(*) FROM strict_task", as: Int.self) == [0])
    }

    @Test func aLockedDatabase() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE t(x)")
        let other = try folder.database(configuration: .init(busyTimeoutMilliseconds: 50))
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            try? db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                holding.signal()
                release.wait()
            }
            done.signal()
        }.start()
        holding.wait()
        // Another connection (as another process would be) cannot write while the lock is held…
        #expect(throws: DatabaseError(extendedCode: .busy, message: "database is locked", sql: "INSERT INTO t VALUES (2)")) {
            try other.execute("INSERT INTO t VALUES (2)")
        }
        #expect(throws: DatabaseError(extendedCode: .busy, message: "database is locked", sql: "BEGIN IMMEDIATE")) {
            try other.transaction { try other.execute("INSERT INTO t VALUES (3)") }
        }
        // …but reads the last commit.
        #expect(try other.column("SELECT count(*) FROM t", as: Int.self) == [0])
        release.signal()
        done.wait()
        try other.execute("INSERT INTO t VALUES (2)")
        #expect(try db.column("SELECT x FROM t ORDER BY x", as: Int.self) == [1, 2])
    }

    @Test func aReadOnlyDatabase() throws {
        let folder = try TemporaryFolder()
        do {
            let db = try folder.database()
            try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        }
        let db = try folder.database(configuration: .init(readOnly: true))
        #expect(throws: DatabaseError(
            extendedCode: .readOnly, message: "attempt to write a readonly database", sql: "INSERT INTO t VALUES (2)")
        ) { try db.execute("INSERT INTO t VALUES (2)") }
        #expect(throws: DatabaseError(extendedCode: .readOnly, message: "attempt to write a readonly database", sql: "INSERT INTO t VALUES (3)")) {
            try db.transaction { try db.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try db.column("SELECT x FROM t", as: Int.self) == [1])
    }

    @Test func aFullDiskLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE t(x BLOB)")
        try db.execute("INSERT INTO t VALUES (zeroblob(1000))")
        // The writer may not grow the file past its current pages: the disk is "full".
        let pages = try db.transaction { try db.column("PRAGMA page_count", as: Int.self)[0] }
        try db.transaction { try db.execute("PRAGMA max_page_count = \(pages + 2)") }
        #expect(throws: DatabaseError(
            extendedCode: .full, message: "database or disk is full", sql: "INSERT INTO t VALUES (zeroblob(100000))")
        ) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (zeroblob(10))")
                try db.execute("INSERT INTO t VALUES (zeroblob(100000))")
            }
        }
        #expect(try db.column("SELECT length(x) FROM t", as: Int.self) == [1000])
        #expect(try db.column("PRAGMA integrity_check", as: String.self) == ["ok"])
        // If the body catches the error, what SQLite may have rolled back is not silently gone on.
        try db.execute("INSERT INTO t VALUES (zeroblob(10))")
        #expect(try db.column("SELECT count(*) FROM t", as: Int.self) == [2])
    }

    @Test func aFileThatCannotBeOpened() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("no/such/folder/db.sqlite")
        #expect(throws: DatabaseError(extendedCode: .cantOpen, message: "cannot open \(missing): unable to open database file")) {
            try SQLiteDbAdapter(path: missing)
        }
        try Data("this is not a database, and it is long enough to have a header of sixteen bytes".utf8)
            .write(to: URL(fileURLWithPath: folder.file("text.sqlite")))
        #expect(throws: DatabaseError(
            extendedCode: .notADatabase, message: "file is not a database", sql: "PRAGMA journal_mode = WAL")
        ) { try folder.database("text.sqlite") }
    }
}
