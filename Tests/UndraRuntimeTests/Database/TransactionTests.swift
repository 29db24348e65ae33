import Dispatch
import Foundation
import Testing
import UndraRuntime
import UndraSQLite

/// `transaction`: commit, rollback on a thrown error, nested savepoints, and what other threads see.
@Suite struct TransactionTests {
    private func database(_ folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)")
        return db
    }

    private func titles(_ db: SQLiteDbAdapter) throws -> [String] {
        try db.column("SELECT title FROM task ORDER BY id", as: String.self)
    }

    @Test func aTransactionCommitsWhenItsBodyReturns() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let count = try db.transaction { () throws -> Int64 in
            try db.execute("INSERT INTO task(title) VALUES ('a')") + db.execute("INSERT INTO task(title) VALUES ('b')")
        }
        #expect(count == 2)
        #expect(try titles(db) == ["a", "b"])
    }

    @Test func aThrownErrorRollsEverythingBack() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        try db.execute("INSERT INTO task(title) VALUES ('before')")
        #expect(throws: Rollback()) {
            try db.transaction {
                try db.execute("INSERT INTO task(title) VALUES ('a')")
                try db.execute("UPDATE task SET title = 'changed' WHERE title = 'before'")
                throw Rollback()
            }
        }
        #expect(try titles(db) == ["before"])
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        try db.transaction {
            try db.execute("INSERT INTO task(title) VALUES ('outer')")
            #expect(throws: Rollback()) {
                try db.transaction {
                    try db.execute("INSERT INTO task(title) VALUES ('inner, rolled back')")
                    try db.transaction { try db.execute("INSERT INTO task(title) VALUES ('innermost')") }
                    throw Rollback()
                }
            }
            try db.transaction {
                try db.execute("INSERT INTO task(title) VALUES ('inner, kept')")
                try? db.transaction {
                    try db.execute("INSERT INTO task(title) VALUES ('innermost, rolled back')")
                    throw Rollback()
                }
            }
            // Inside the transaction its own writes are visible.
            #expect(try titles(db) == ["outer", "inner, kept"])
        }
        #expect(try titles(db) == ["outer", "inner, kept"])
    }

    @Test func anInnerErrorCaughtByTheOuterBodyKeepsTheRest() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        try db.transaction {
            try db.execute("INSERT INTO task(title) VALUES ('a')")
            #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO task(title) VALUES ('a')") }
            try db.execute("INSERT INTO task(title) VALUES ('b')")
        }
        #expect(try titles(db) == ["a", "b"])
    }

    @Test func anUncaughtFailedStatementRollsBackTheTransaction() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        #expect(throws: DatabaseError(
            extendedCode: .constraintUnique, message: "UNIQUE constraint failed: task.title",
            sql: "INSERT INTO task(title) VALUES ('a')")
        ) {
            try db.transaction {
                try db.execute("INSERT INTO task(title) VALUES ('a')")
                try db.execute("INSERT INTO task(title) VALUES ('a')")
            }
        }
        #expect(try titles(db) == [])
    }

    @Test func otherThreadsSeeNothingUntilTheCommit() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let seen = ValueLog<[String]>()
        try db.transaction {
            try db.execute("INSERT INTO task(title) VALUES ('pending')")
            // A reader on another thread runs beside the open transaction (WAL), on the last commit.
            onAnotherThread { seen.append((try? self.titles(db)) ?? ["failed"]) }
        }
        onAnotherThread { seen.append((try? self.titles(db)) ?? ["failed"]) }
        #expect(seen.all == [[], ["pending"]])
    }

    @Test func anotherWriterWaitsForTheTransaction() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let order = ValueLog<String>()
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        try db.transaction {
            try db.execute("INSERT INTO task(title) VALUES ('first')")
            Thread {
                started.signal()
                _ = try? db.execute("INSERT INTO task(title) VALUES ('second')")
                order.append("second inserted")
                finished.signal()
            }.start()
            started.wait()
            usleep(50_000)
            order.append("first commits")
        }
        finished.wait()
        #expect(order.all == ["first commits", "second inserted"])
        #expect(try titles(db) == ["first", "second"])
    }

    @Test func theBodysResultIsReturned() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        #expect(try db.transaction { 42 } == 42)
    }
}
