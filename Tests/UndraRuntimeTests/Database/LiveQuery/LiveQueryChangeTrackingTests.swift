import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// Changes the update hook does not report row by row (a REPLACE, a new row id, a trigger, a
/// cascade, a WITHOUT ROWID table, a DELETE of every row) still reach the list.
@Suite struct LiveQueryChangeTrackingTests {
    private func fed(_ sql: String, _ setup: String, _ db: SQLiteDbAdapter) throws -> (TaskStore, LiveQueryFeed) {
        try db.execute(setup)
        let store = TaskStore()
        let feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: sql, key: "id")
        return (store, feed)
    }

    @Test func aReplaceThatDeletesAnotherRow() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        let (store, feed) = try fed(
            "SELECT id, title, done, priority FROM item ORDER BY id",
            "CREATE TABLE item(id INTEGER PRIMARY KEY, title TEXT UNIQUE, done INTEGER DEFAULT 0, priority); INSERT INTO item(title) VALUES ('a'), ('b')",
            db)
        #expect(feed.path(of: TaskSchema.open) == .incremental(table: "item"))
        // Row 1 goes (its title conflicts), row 3 comes: the update hook hears only of row 3.
        try db.execute("INSERT OR REPLACE INTO item(title) VALUES ('a')")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["2:b", "3:a"])
    }

    @Test func aNewRowID() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("a")
        try db.insertTask("b")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task ORDER BY title", key: "id")
        try db.execute("UPDATE task SET id = 10 WHERE id = 1")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["10:a", "2:b"])
    }

    @Test func deletingEveryRow() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        for title in ["a", "b", "c"] { try db.insertTask(title) }
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
        // Without a WHERE, SQLite would clear the table without reporting a row: the authorizer
        // turns that off for watched tables, and reports the three rows.
        #expect(try db.execute("DELETE FROM task") == 3)
        feed.waitUntilCurrent()
        #expect(store.open.titles == [])
    }

    @Test func rowsATriggerWrites() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.execute("""
            CREATE TABLE request(title TEXT);
            CREATE TRIGGER request_task AFTER INSERT ON request BEGIN
                INSERT OR REPLACE INTO task(id, title) VALUES (1, new.title);
            END;
            """)
        try db.insertTask("first")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
        try db.execute("INSERT INTO request VALUES ('from the trigger')")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["1:from the trigger"])
    }

    @Test func rowsACascadeDeletes() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("PRAGMA foreign_keys = ON")
        let (store, feed) = try fed(
            "SELECT id, title, 0 AS done, NULL AS priority FROM step WHERE list = 1 ORDER BY id",
            """
            CREATE TABLE list(id INTEGER PRIMARY KEY);
            CREATE TABLE step(id INTEGER PRIMARY KEY, list INTEGER REFERENCES list(id) ON DELETE CASCADE, title TEXT);
            INSERT INTO list VALUES (1), (2);
            INSERT INTO step(list, title) VALUES (1, 'a'), (2, 'b'), (1, 'c');
            """,
            db)
        #expect(store.open.titles == ["1:a", "3:c"])
        try db.execute("DELETE FROM list WHERE id = 1")
        feed.waitUntilCurrent()
        #expect(store.open.titles == [])
    }

    @Test func aWithoutRowIDTable() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        let (store, feed) = try fed(
            "SELECT id, title, 0 AS done, NULL AS priority FROM tag ORDER BY title",
            "CREATE TABLE tag(id INTEGER PRIMARY KEY, title TEXT) WITHOUT ROWID; INSERT INTO tag VALUES (1, 'b')",
            db)
        #expect(feed.path(of: TaskSchema.open) == .requery(reason: "tag is a WITHOUT ROWID table"))
        try db.execute("INSERT INTO tag VALUES (2, 'a')")
        feed.waitUntilCurrent()
        try db.execute("UPDATE tag SET title = 'c' WHERE id = 2")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["1:b", "2:c"])
    }

    @Test func aJoinFollowsBothTables() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.execute("CREATE TABLE tag(task INTEGER, name TEXT)")
        try db.insertTask("milk")
        try db.insertTask("eggs")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: """
            SELECT task.id, task.title || ' #' || group_concat(tag.name, ' #') AS title, task.done, task.priority
            FROM task JOIN tag ON tag.task = task.id GROUP BY task.id ORDER BY task.title
            """, key: "id")
        #expect(store.open.titles == [])
        try db.execute("INSERT INTO tag VALUES (1, 'dairy'), (2, 'fresh')")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["2:eggs #fresh", "1:milk #dairy"])
        try db.execute("UPDATE task SET title = 'butter' WHERE id = 1")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["1:butter #dairy", "2:eggs #fresh"])
        try db.execute("DELETE FROM tag WHERE task = 2")
        feed.waitUntilCurrent()
        #expect(store.open.titles == ["1:butter #dairy"])
    }

    @Test func aRolledBackTransactionMakesNoFrame() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("a")
        let store = TaskStore(), feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task", key: "id")
        let position = store.runtime.mirror.position
        try? db.transaction {
            try db.execute("UPDATE task SET title = 'b'")
            throw Rollback()
        }
        // A change to an unwatched table, and one that leaves the result as it was.
        try db.execute("CREATE TABLE other(x); INSERT INTO other VALUES (1)")
        try db.execute("UPDATE task SET title = 'a'")
        feed.waitUntilCurrent()
        #expect(store.runtime.mirror.position?.sequence == position?.sequence)
        #expect(store.open.titles == ["1:a"])
    }
}
