import Dispatch
import Foundation
import Testing
import UndraRuntime
import UndraSQLite

/// Commits a feed's adapter did not make: a second adapter on the same file, another process.
/// Seen after the adapter's own next commit, at a poll, in `waitUntilCurrent` and in `refresh`.
@Suite struct LiveQueryOutsideWritesTests {
    static let sql = "SELECT id, title, done, priority FROM task WHERE done = 0 ORDER BY title, id"

    /// A feed with no poll on the tests' tasks, a second adapter on the same file, and the list.
    private func fixture(_ folder: TemporaryFolder, poll: UndraDuration? = nil) throws -> (SQLiteDbAdapter, SQLiteDbAdapter, TaskStore, LiveQueryFeed) {
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("b")
        let other = try folder.database()
        let store = TaskStore()
        let feed = LiveQueryFeed(database: db, runtime: store.runtime, pollInterval: poll)
        try feed.add(TaskSchema.open, query: Self.sql, key: "id")
        #expect(store.open.titles == ["1:b"])
        return (db, other, store, feed)
    }

    @Test func aSecondAdaptersCommitIsSeenAtTheFeedsNextOwnCommit() throws {
        let folder = try TemporaryFolder()
        let (db, other, store, feed) = try fixture(folder)
        let changes = CallCounter()
        let token = observe({ store.open }, onChange: { _ in changes.bump() })
        defer { token.cancel() }

        try other.insertTask("a")
        try other.execute("UPDATE task SET title = 'c' WHERE id = 1")
        feed.queue.sync {}
        #expect(store.open.titles == ["1:b"])  // No poll, no commit of its own: not seen yet.
        #expect(changes.count == 0)

        // A commit of its own, to another table: the feed looks, and reads every list again.
        try db.execute("CREATE TABLE unrelated(x)")
        try db.execute("INSERT INTO unrelated VALUES (1)")
        feed.queue.sync {}
        #expect(store.open.titles == ["2:a", "1:c"])
        #expect(changes.count == 1)  // One frame for both outside commits.
        #expect(store.runtime.errors.count == 0)
    }

    @Test func waitUntilCurrentSeesWhatAnotherAdapterCommitted() throws {
        let folder = try TemporaryFolder()
        let (_, other, store, feed) = try fixture(folder)
        for round in 0..<50 {
            try other.insertTask("t\(round)")
            if round % 3 == 0 { try other.execute("DELETE FROM task WHERE id = (SELECT min(id) FROM task)") }
            #expect(feed.waitUntilCurrent())
            #expect(Array(store.open) == (try other.query(Self.sql, as: TaskRow.self)), "round \(round)")
        }
        #expect(store.runtime.errors.count == 0)
    }

    @Test func aPollFindsAnOutsideCommitWithNoCallAtAll() throws {
        let folder = try TemporaryFolder()
        let (db, other, store, feed) = try fixture(folder, poll: .milliseconds(10))
        let seen = DispatchSemaphore(value: 0)
        let token = observe({ store.open }, onChange: { _ in seen.signal() })
        defer { token.cancel() }
        try other.insertTask("a")
        #expect(seen.wait(timeout: .now() + 10) == .success)
        #expect(store.open.titles == ["2:a", "1:b"])
        withExtendedLifetime((db, feed)) {}  // The feed polls while it lives.
    }

    @Test(arguments: [false, true])
    func anotherProcessesCommitsAreSeenInBothModes(coarse: Bool) throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("b")
        let fine = TaskStore(), object = TaskStoreObject()
        let runtime = coarse ? object.runtime : fine.runtime
        let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
        try feed.add(TaskSchema.open, query: Self.sql, key: "id")
        let announcements = CallCounter()
        var cancellables: Set<AnyCancellable> = []
        let token = observe({ fine.open }, onChange: { _ in announcements.bump() })
        defer { token.cancel() }
        object.objectWillChange.sink { announcements.bump() }.store(in: &cancellables)
        let list = { coarse ? object.open : fine.open }

        try executeInAnotherProcess(
            "INSERT INTO task(title) VALUES ('a'); UPDATE task SET title = 'z' WHERE id = 1; INSERT INTO task(title, done) VALUES ('d', 1)",
            onDatabaseAt: folder.file("test.sqlite"))
        #expect(feed.waitUntilCurrent())
        #expect(list().titles == ["2:a", "1:z"])
        #expect(announcements.count == 1)

        try executeInAnotherProcess("DELETE FROM task WHERE title = 'a'", onDatabaseAt: folder.file("test.sqlite"))
        #expect(feed.waitUntilCurrent())
        #expect(list().titles == ["1:z"])
        #expect(announcements.count == 2)
        #expect(runtime.errors.count == 0)
    }

    @Test func anotherProcessesSchemaChangeIsFollowed() throws {
        let folder = try TemporaryFolder()
        let (_, _, store, feed) = try fixture(folder)
        // Another process drops the table and makes it anew, with other rows.
        try executeInAnotherProcess(
            """
            DROP TABLE task; CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, priority);
            INSERT INTO task(id, title) VALUES (7, 'new')
            """, onDatabaseAt: folder.file("test.sqlite"))
        #expect(feed.waitUntilCurrent())
        #expect(store.open.titles == ["7:new"])
        #expect(feed.path(of: TaskSchema.open) == .incremental(table: "task"))
        #expect(store.runtime.errors.count == 0)
    }

    @Test func refreshReadsEveryListAgainAndAppliesOnlyTheDifference() throws {
        let folder = try TemporaryFolder()
        let (_, other, store, feed) = try fixture(folder)
        try feed.add(TaskSchema.other, query: "SELECT id, title, done, priority FROM task ORDER BY id LIMIT 10", key: "id")
        let changes = CallCounter()
        let token = observe({ store.open }, onChange: { _ in changes.bump() })
        defer { token.cancel() }

        try feed.refresh()  // Nothing changed: no frame.
        #expect(changes.count == 0)

        try other.insertTask("a")
        try feed.refresh(TaskSchema.open)
        #expect(store.open.titles == ["2:a", "1:b"])
        #expect(store.other.titles == ["1:b", "2:a"])  // The look told every query.
        #expect(changes.count == 1)

        let unfed = ListField<Int64, TaskRow>(id: 5, name: "unfed")
        #expect(throws: DatabaseError.self) { try feed.refresh(unfed) }
        feed.cancel()
        let error = #expect(throws: DatabaseError.self) { try feed.refresh() }
        #expect(error?.extendedCode == .misuse)
        #expect(error?.message == "the feed is cancelled")
    }

    @Test func insideATransactionTheWaitsAndRefreshRefuse() throws {
        let folder = try TemporaryFolder()
        let (db, _, store, feed) = try fixture(folder)
        try db.transaction {
            try db.insertTask("a")
            #expect(feed.waitUntilCurrent(timeout: .seconds(5)) == false)
            let error = #expect(throws: DatabaseError.self) { try feed.refresh() }
            #expect(error?.extendedCode == .misuse)
        }
        #expect(feed.waitUntilCurrent(timeout: .seconds(30)))
        #expect(store.open.titles == ["2:a", "1:b"])
    }

    @Test func waitUntilCurrentTimesOutWhileAnotherThreadHoldsTheWriter() throws {
        let folder = try TemporaryFolder()
        let (db, _, store, feed) = try fixture(folder)
        let inTransaction = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? db.transaction {
                try db.insertTask("a")
                inTransaction.signal()
                release.wait()
            }
            finished.signal()
        }
        inTransaction.wait()
        #expect(feed.waitUntilCurrent(timeout: .milliseconds(50)) == false)
        release.signal()
        finished.wait()
        #expect(feed.waitUntilCurrent(timeout: .seconds(30)))
        #expect(store.open.titles == ["2:a", "1:b"])
    }

    @Test func addingAFieldTheStoreDoesNotHaveThrows() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        let store = TaskStore()
        let feed = LiveQueryFeed(database: db, runtime: store.runtime, pollInterval: nil)
        let missing = ListField<Int64, TaskRow>(id: 9, name: "missing")
        let mistyped = ListField<String, TaskRow>(id: 0, name: "open")
        for (field, message) in [
            (missing as any Sendable, "the store has no list field missing of Int64 keys and TaskRow rows"),
            (mistyped, "the store has no list field open of String keys and TaskRow rows"),
        ] {
            let error = #expect(throws: DatabaseError.self) {
                if let field = field as? ListField<Int64, TaskRow> { try feed.add(field, query: Self.sql, key: "id") }
                if let field = field as? ListField<String, TaskRow> { try feed.add(field, query: Self.sql, key: "title") }
            }
            #expect(error?.extendedCode == .misuse)
            #expect(error?.message == message)
        }
        #expect(feed.path(of: TaskSchema.open) == nil)
    }
}
