import Testing
import UndraRuntime
import UndraSQLite

/// Opening, closing, executing and querying a real database file.
@Suite struct SQLiteDbAdapterTests {
    @Test func executeReturnsTheRowsItChanged() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        #expect(try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)") == 0)
        #expect(try db.execute("INSERT INTO task(title) VALUES ('a'), ('b'), ('c')") == 3)
        #expect(try db.execute("UPDATE task SET done = 1 WHERE title <> ?", ["a"]) == 2)
        // A statement that changes no row, and statements that are not INSERT, UPDATE or DELETE,
        // report 0 (not the count SQLite keeps from the last change).
        #expect(try db.execute("UPDATE task SET done = 1 WHERE id = 99") == 0)
        #expect(try db.execute("SELECT * FROM task") == 0)
        #expect(try db.execute("CREATE INDEX task_done ON task(done)") == 0)
        #expect(try db.execute("DELETE FROM task WHERE done = 1") == 2)
        #expect(try db.column("SELECT title FROM task", as: String.self) == ["a"])
        #expect(try db.totalChanges() == 7)
    }

    @Test func theDatabaseIsInWALMode() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        #expect(try db.column("PRAGMA journal_mode", as: String.self) == ["wal"])
        // The writer's setting (a query inside a transaction runs on the writer): NORMAL.
        #expect(try db.transaction { try db.column("PRAGMA synchronous", as: Int.self) } == [1])
    }

    @Test func lastInsertRowIDIsTheWritersLast() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT)")
        #expect(try db.lastInsertRowID() == 0)
        try db.execute("INSERT INTO task(id, title) VALUES (41, 'a')")
        #expect(try db.lastInsertRowID() == 41)
        let id = try db.transaction { () throws -> Int64 in
            try db.execute("INSERT INTO task(title) VALUES ('b')")
            return try db.lastInsertRowID()
        }
        #expect(id == 42)
    }

    @Test func aScriptRunsEachStatementInTurn() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        // The INSERT can only be prepared once the CREATE has run.
        let changes = try db.execute("""
            CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT); -- a comment
            INSERT INTO task(title) VALUES ('a'), ('b');
            /* another */ UPDATE task SET title = upper(title);
            """)
        #expect(changes == 4)
        #expect(try db.column("SELECT title FROM task ORDER BY id", as: String.self) == ["A", "B"])
        #expect(try db.execute("  ; -- nothing\n") == 0)
        #expect(try db.query("-- nothing") == [])
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "arguments given for several statements",
            sql: "UPDATE task SET title = ?; UPDATE task SET title = ?")
        ) { try db.execute("UPDATE task SET title = ?; UPDATE task SET title = ?", ["x", "y"]) }
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "several statements where one is expected", sql: "SELECT 1; SELECT 2")
        ) { try db.query("SELECT 1; SELECT 2") }
    }

    @Test func queryReturnsRowsWithTheirColumnNames() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT, note TEXT)")
        try db.execute("INSERT INTO task(title, note) VALUES ('milk', NULL), ('eggs', 'six')")
        let rows = try db.query("SELECT id, title AS name, note FROM task WHERE id >= ? ORDER BY id", [1])
        #expect(rows.count == 2)
        #expect(rows[0].columnNames == ["id", "name", "note"])
        #expect(rows[0].values == [.integer(1), .text("milk"), .null])
        #expect(rows[1]["name"] == .text("eggs"))
        #expect(rows[1]["NOTE"] == .text("six"))
        #expect(rows[1]["missing"] == nil)
        #expect(rows[1].description == "[id: 2, name: 'eggs', note: 'six']")
    }

    struct Task: RowDecodable, Equatable {
        var id: Int64
        var title: String
        var done: Bool
        init(id: Int64, title: String, done: Bool) {
            self.id = id
            self.title = title
            self.done = done
        }
        init(row: borrowing StatementRow) throws(DatabaseError) {
            id = try row.decode(at: 0)
            title = try row.decode(named: "title")
            done = try row.decode(at: 2)
        }
    }

    @Test func queryDecodesRowDecodableTypes() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT, done INTEGER)")
        try db.execute("INSERT INTO task VALUES (1, 'milk', 0), (2, 'eggs', 1)")
        #expect(try db.query("SELECT id, title, done FROM task ORDER BY id", as: Task.self) == [
            Task(id: 1, title: "milk", done: false), Task(id: 2, title: "eggs", done: true),
        ])
        #expect(try db.query("SELECT * FROM task WHERE id = 2")[0].decode(as: Task.self) == Task(id: 2, title: "eggs", done: true))
        #expect(throws: DatabaseError(
            extendedCode: .mismatch, message: "column 2 (done) holds TEXT 'yes', not a Bool",
            sql: "SELECT id, title, 'yes' AS done FROM task")
        ) { try db.query("SELECT id, title, 'yes' AS done FROM task", as: Task.self) }
    }

    @Test func aStatementThatWritesRunsOnTheWriterEvenThroughQuery() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT)")
        let returned = try db.query("INSERT INTO task(title) VALUES ('a'), ('b') RETURNING id, title")
        #expect(returned.map(\.values) == [[.integer(1), .text("a")], [.integer(2), .text("b")]])
        #expect(try db.column("SELECT count(*) FROM task", as: Int.self) == [2])
    }

    @Test func aClosedDatabaseThrowsAndReopens() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(title TEXT)")
        try db.execute("INSERT INTO task VALUES ('kept')")
        try db.close()
        try db.close()  // Closing twice does nothing.
        #expect(db.path == nil)
        let closed = DatabaseError(extendedCode: .misuse, message: "the database is not open", sql: "SELECT * FROM task")
        #expect(throws: closed) { try db.query("SELECT * FROM task") }
        #expect(throws: closed) { try db.execute("SELECT * FROM task") }
        #expect(throws: DatabaseError(extendedCode: .misuse, message: "the database is not open")) {
            try db.transaction { () }
        }
        #expect(throws: DatabaseError(extendedCode: .misuse, message: "the database is not open")) {
            try db.lastInsertRowID()
        }
        try db.open(path: folder.file("test.sqlite"))
        #expect(try db.column("SELECT title FROM task", as: String.self) == ["kept"])
        #expect(throws: DatabaseError(extendedCode: .misuse, message: "the database is already open")) {
            try db.open(path: folder.file("other.sqlite"))
        }
    }

    @Test func closingInsideATransactionIsRefused() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        #expect(throws: DatabaseError(extendedCode: .misuse, message: "cannot close the database inside a transaction")) {
            try db.transaction { try db.close() }
        }
        #expect(try db.column("SELECT 1", as: Int.self) == [1])
    }

    @Test func aTransactionLeftOpenByExecuteIsRolledBack() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE task(title TEXT)")
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "a transaction was left open: use transaction(_:) to group statements",
            sql: "BEGIN; INSERT INTO task VALUES ('lost')")
        ) { try db.execute("BEGIN; INSERT INTO task VALUES ('lost')") }
        #expect(try db.column("SELECT count(*) FROM task", as: Int.self) == [0])
        // A script that commits what it begins is fine.
        try db.execute("BEGIN; INSERT INTO task VALUES ('kept'); COMMIT")
        #expect(try db.column("SELECT title FROM task", as: String.self) == ["kept"])
    }

    @Test func theSameStatementMayRunWhileItIsBeingStepped() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database(configuration: .init(maximumReaderCount: 1))
        try db.execute("CREATE TABLE n(v INTEGER)")
        try db.execute("INSERT INTO n VALUES (1), (2), (3)")
        struct Nested: RowDecodable {
            var v: Int
            var again: Int
            init(row: borrowing StatementRow) throws(DatabaseError) {
                v = try row.decode(at: 0)
                again = 0
            }
        }
        // Inside a transaction the query and its nested copy both run on the writer.
        let sums = try db.transaction { () throws -> [Int] in
            try db.query("SELECT v FROM n ORDER BY v", as: Nested.self).map { nested in
                try nested.v + db.column("SELECT v FROM n ORDER BY v", as: Int.self).reduce(0, +)
            }
        }
        #expect(sums == [7, 8, 9])
    }
}
