import Dispatch
import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// A live query's errors: when it is added (thrown), and while it runs (on the store's error
/// channel, the list keeping its last rows).
@Suite struct LiveQueryErrorTests {
    struct TitleRow: RowDecodable, Equatable, Sendable {
        var title: String
        init(row: borrowing StatementRow) throws(DatabaseError) { title = try row.decode(named: "title") }
    }

    @Test func addingAQueryThatCannotRun() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        #expect(throws: DatabaseError(extendedCode: .error, message: "near \"SELEC\": syntax error", sql: "SELEC id FROM task")) {
            try feed.add(TaskSchema.open, query: "SELEC id FROM task", key: "id")
        }
        #expect(throws: DatabaseError(
            extendedCode: .range, message: "the key column key is not in the result", sql: "SELECT id, title, done, priority FROM task")
        ) { try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "key") }
        #expect(throws: DatabaseError(
            extendedCode: .range, message: "0 arguments for 1 parameters", sql: "SELECT id, title, done, priority FROM task WHERE id > ?")
        ) { try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task WHERE id > ?", key: "id") }
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "a live query reads rows; this statement does not", sql: "DELETE FROM task")
        ) { try feed.add(TaskSchema.open, query: "DELETE FROM task", key: "id") }
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "a live query cannot be added inside a transaction", sql: "SELECT id FROM task")
        ) { try db.transaction { try feed.add(TaskSchema.open, query: "SELECT id FROM task", key: "id") } }
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task WHERE id > ?", arguments: [0], key: "id")
        #expect(throws: DatabaseError(
            extendedCode: .misuse, message: "the field open is fed already", sql: "SELECT id, title, done, priority FROM task")
        ) { try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id") }
        // A row that does not decode.
        try db.execute("INSERT INTO task(title) VALUES ('x')")
        #expect(throws: DatabaseError(
            extendedCode: .mismatch, message: "column 2 (done) holds TEXT 'no', not a Bool", sql: "SELECT id, title, 'no' AS done, priority FROM task")
        ) { try feed.add(TaskSchema.other, query: "SELECT id, title, 'no' AS done, priority FROM task", key: "id") }
        #expect(store.runtime.errors.count == 0)
    }

    @Test func aRepeatedKeyIsReportedAndTheListKeepsItsRows() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("milk")
        try db.insertTask("eggs")
        let field = ListField<String, TitleRow>(id: 0, name: "titles")
        let runtime = StoreRuntime(name: "Titles", fields: [field])
        let feed = LiveQueryFeed(database: db, runtime: runtime)
        try feed.add(field, query: "SELECT title FROM task WHERE done = 0 ORDER BY title", key: "title")
        #expect(runtime.mirror[field].keys.elementsEqual(["eggs", "milk"]))
        let second = try db.insertTask("milk")
        feed.waitUntilCurrent()
        #expect(runtime.errors.recent == [.core(
            code: "SQLITE_CONSTRAINT",
            message: "live query of titles: the key column title repeats the value milk: a list holds one row per key, in \"SELECT title FROM task WHERE done = 0 ORDER BY title\"")])
        #expect(runtime.mirror[field].keys.elementsEqual(["eggs", "milk"]))
        // Once the rows are unique again, the next commit brings the list back.
        try db.execute("UPDATE task SET title = 'oat milk' WHERE id = ?", [.integer(second)])
        feed.waitUntilCurrent()
        #expect(runtime.mirror[field].keys.elementsEqual(["eggs", "milk", "oat milk"]))
        #expect(runtime.errors.count == 1)
        // A result whose keys repeat when the query is added: `add` throws.
        let other = ListField<String, TitleRow>(id: 1, name: "done")
        let store = StoreRuntime(name: "Done", fields: [other])
        try db.insertTask("eggs")
        #expect(throws: DatabaseError(
            extendedCode: .constraint, message: "the key column title repeats the value eggs: a list holds one row per key",
            sql: "SELECT title FROM task")
        ) { try LiveQueryFeed(database: db, runtime: store).add(other, query: "SELECT title FROM task", key: "title") }
    }

    @Test func schemaChangesAreFollowed() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("milk")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT * FROM task ORDER BY title", key: "id")
        try db.execute("ALTER TABLE task ADD COLUMN note TEXT")
        try db.insertTask("eggs")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["2:eggs", "1:milk"])
        #expect(feed.path(of: TaskSchema.open) == .incremental(table: "task"))
        try db.execute("DROP TABLE task")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["2:eggs", "1:milk"])
        #expect(store.runtime.errors.latest == .core(
            code: "SQLITE_ERROR", message: "live query of open: no such table: task, in \"SELECT * FROM task ORDER BY title\""))
    }

    @Test func aCancelledFeedStopsAndAReleasedOneIsForgotten() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        let store = TaskStore()
        var feed: LiveQueryFeed? = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed?.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
        try db.insertTask("a")
        feed?.waitUntilCurrent()
        feed?.cancel()
        try db.insertTask("b")
        feed?.waitUntilCurrent()
        #expect(store.open.titles == ["1:a"])
        #expect(throws: DatabaseError(extendedCode: .misuse, message: "the feed is cancelled", sql: "SELECT id FROM task")) {
            try feed?.add(TaskSchema.other, query: "SELECT id FROM task", key: "id")
        }
        let other = TaskStore()
        weak var released: LiveQueryFeed?
        do {
            let temporary = LiveQueryFeed(database: db, runtime: other.runtime)
            try temporary.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
            released = temporary
        }
        feed = nil
        try db.insertTask("c")
        #expect(released == nil)
        #expect(other.open.titles == ["1:a", "2:b"])
    }

    @Test func anInMemoryDatabase() throws {
        let db = try SQLiteDbAdapter(path: ":memory:")
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, priority)")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task ORDER BY title DESC", key: "id")
        try db.insertTask("a")
        try db.insertTask("b")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["2:b", "1:a"])
    }

    /// Inside a transaction, while the feed's queue waits for the writer (an in-memory database's
    /// reads run on it), the feed's calls return instead of waiting for the queue.
    @Test func callsInsideATransactionDoNotWaitForTheQueue() throws {
        let db = try SQLiteDbAdapter(path: ":memory:")
        try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, priority)")
        let store = TaskStore(), queue = DispatchQueue(label: "feed")
        let feed = LiveQueryFeed(database: db, runtime: store.runtime, queue: queue)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
        let busy = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        queue.async {
            busy.signal()
            release.wait()
        }
        busy.wait()
        try db.insertTask("a")  // Its refresh waits behind the block above.
        try db.transaction {
            release.signal()    // The refresh now waits for this transaction.
            usleep(20_000)
            #expect(feed.path(of: TaskSchema.open) == .incremental(table: "task"))
            feed.waitUntilCurrent()
            feed.cancel()
        }
        // The refresh that was waiting ends; nothing after the cancel is read.
        queue.sync {}
        try db.insertTask("b")
        queue.sync {}
        #expect(!store.open.titles.contains("2:b"))
    }
}
