import Dispatch
import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// A store's list fed by a query: filled when added, current after every commit, one frame per
/// refresh, both modes.
@Suite struct LiveQueryFeedTests {
    static let openSQL = "SELECT id, title, done, priority FROM task WHERE done = 0 ORDER BY priority, title"

    @Test func aQueryFillsItsListAndFollowsCommits() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("milk", priority: 2)
        try db.insertTask("eggs", priority: 1)
        try db.insertTask("old", done: true, priority: 1)
        let store = TaskStore()
        let feed = LiveQueryFeed(database: db, runtime: store.runtime)
        try feed.add(TaskSchema.open, query: Self.openSQL, key: "id")
        #expect(feed.path(of: TaskSchema.open) == .incremental(table: "task"))
        #expect(store.open.titles == ["2:eggs", "1:milk"])

        let seen = ValueLog<[String]>()
        let token = observe { seen.append(store.open.titles) }
        defer { token.cancel() }
        let tea = try db.insertTask("tea", priority: 3)
        feed.waitUntilCurrent()
        try db.execute("UPDATE task SET title = 'oat milk' WHERE id = 1")  // in place
        feed.waitUntilCurrent()
        try db.execute("UPDATE task SET priority = 0 WHERE id = ?", [.integer(tea)])  // moves first
        feed.waitUntilCurrent()
        try db.execute("UPDATE task SET done = 1 WHERE id = 2")  // leaves the result
        feed.waitUntilCurrent()
        try db.execute("UPDATE task SET done = 0 WHERE id = 3")  // enters it
        feed.waitUntilCurrent()
        try db.execute("DELETE FROM task WHERE id = 1")
        feed.waitUntilCurrent()
        #expect(seen.all == [
            ["2:eggs", "1:milk"],
            ["2:eggs", "1:milk", "4:tea"],
            ["2:eggs", "1:oat milk", "4:tea"],
            ["4:tea", "2:eggs", "1:oat milk"],
            ["4:tea", "1:oat milk"],
            ["4:tea", "3:old", "1:oat milk"],
            ["4:tea", "3:old"],
        ])
        #expect(try db.query(Self.openSQL, as: TaskRow.self) == Array(store.open))
    }

    @Test func severalCommitsCloseTogetherMakeOneFrame() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        let store = TaskStore()
        let queue = DispatchQueue(label: "feed")
        let feed = LiveQueryFeed(database: db, runtime: store.runtime, queue: queue)
        try feed.add(TaskSchema.open, query: Self.openSQL, key: "id")
        let position = store.runtime.mirror.position
        let announced = ValueLog<[String]>()
        let token = observe { announced.append(store.open.titles) }
        defer { token.cancel() }
        // The feed's queue is busy while three transactions commit.
        let busy = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        queue.async {
            busy.signal()
            release.wait()
        }
        busy.wait()
        try db.insertTask("a", priority: 1)
        try db.insertTask("b", priority: 2)
        try db.execute("UPDATE task SET title = 'A' WHERE id = 1")
        release.signal()
        feed.waitUntilCurrent()
        #expect(announced.all == [[], ["1:A", "2:b"]])
        #expect(store.runtime.mirror.position?.sequence == position.map { $0.sequence + 1 })
        #expect(store.runtime.mirror.position?.epoch == position?.epoch)
    }

    @Test func bothModesSeeTheChanges() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.insertTask("milk", priority: 1)
        let fine = TaskStore(), coarse = TaskStoreObject()
        let fineFeed = LiveQueryFeed(database: db, runtime: fine.runtime)
        let coarseFeed = LiveQueryFeed(database: db, runtime: coarse.runtime)
        try fineFeed.add(TaskSchema.open, query: Self.openSQL, key: "id")
        try coarseFeed.add(TaskSchema.open, query: Self.openSQL, key: "id")
        let fineLog = ValueLog<String>(), coarseLog = ValueLog<String>()
        // Fine-grained: a one-shot `track` and a continuous observation.
        _ = track(read: { fine.open.count }, onChange: { fineLog.append("track: will change") })
        let token = observe { fineLog.append("observe: \(fine.open.titles)") }
        defer { token.cancel() }
        // Coarse: objectWillChange, then `$open` with the new list.
        var cancellables: Set<AnyCancellable> = []
        coarse.objectWillChange.sink { coarseLog.append("objectWillChange") }.store(in: &cancellables)
        coarse.$open.dropFirst().sink { coarseLog.append("$open: \($0.titles)") }.store(in: &cancellables)

        try db.insertTask("eggs", priority: 0)
        fineFeed.waitUntilCurrent()
        coarseFeed.waitUntilCurrent()
        #expect(fineLog.all == ["observe: [\"1:milk\"]", "track: will change", "observe: [\"2:eggs\", \"1:milk\"]"])
        #expect(coarseLog.all == ["objectWillChange", "$open: [\"2:eggs\", \"1:milk\"]"])
    }

    @Test func whichQueriesTakeWhichPath() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        try db.execute("""
            CREATE TABLE tag(id INTEGER PRIMARY KEY, task INTEGER, name TEXT COLLATE NOCASE);
            CREATE TABLE pair(a INTEGER, b INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE unique_title(id INTEGER PRIMARY KEY, title TEXT UNIQUE ON CONFLICT REPLACE);
            CREATE VIEW open_task AS SELECT * FROM task WHERE done = 0;
            INSERT INTO task(title) VALUES ('milk');
            """)
        let cases: [(String, LiveQueryPath)] = [
            ("SELECT id, title FROM task", .incremental(table: "task")),
            ("SELECT * FROM task WHERE done = 0 AND priority > 1 ORDER BY priority DESC, title", .incremental(table: "task")),
            ("SELECT t.id, upper(t.title) AS loud FROM main.task AS t WHERE t.title LIKE 'a%' ORDER BY t.title COLLATE NOCASE NULLS LAST",
             .incremental(table: "task")),
            ("SELECT id, name FROM tag ORDER BY name, rowid DESC", .incremental(table: "tag")),
            ("SELECT task.id, tag.name FROM task JOIN tag ON tag.task = task.id", .requery(reason: "it joins tables")),
            ("SELECT task.id FROM task, tag", .requery(reason: "it joins tables")),
            ("SELECT done AS id, count(*) FROM task GROUP BY done", .requery(reason: "it groups rows (GROUP)")),
            ("SELECT max(id) AS id FROM task", .requery(reason: "it has an aggregate function")),
            ("SELECT id FROM task ORDER BY priority LIMIT 10", .requery(reason: "it has a LIMIT")),
            ("SELECT DISTINCT id FROM task", .requery(reason: "it is SELECT DISTINCT")),
            ("SELECT id FROM task WHERE id IN (SELECT task FROM tag)", .requery(reason: "it has a subquery")),
            ("SELECT id FROM task ORDER BY priority + 1", .requery(reason: "it orders by an expression (priority + 1)")),
            ("SELECT id, title AS priority FROM task ORDER BY priority", .requery(reason: "it orders by a result column's name (priority)")),
            ("SELECT id, row_number() OVER (ORDER BY title) AS n FROM task", .requery(reason: "it has a window or aggregate function")),
            ("SELECT id FROM task UNION SELECT id FROM tag", .requery(reason: "it is a compound SELECT (UNION)")),
            ("WITH t AS (SELECT * FROM task) SELECT id FROM t", .requery(reason: "it is not a plain SELECT")),
            ("SELECT id FROM open_task", .requery(reason: "it reads open_task and task")),
            ("SELECT a AS id FROM pair", .requery(reason: "pair is a WITHOUT ROWID table")),
            ("SELECT id FROM unique_title", .requery(reason: "unique_title has an ON CONFLICT REPLACE constraint")),
        ]
        let field = ListField<Int64, IdRow>(id: 0, name: "open")
        for (index, (sql, expected)) in cases.enumerated() {
            let runtime = StoreRuntime(name: "Ids", fields: [field])
            let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
            try feed.add(field, query: sql, key: "id")
            #expect(feed.path(of: field) == expected, "case \(index): \(sql)")
        }
    }

    /// Only the first column, as an id.
    struct IdRow: RowDecodable, Equatable, Sendable {
        var id: Int64
        init(row: borrowing StatementRow) throws(DatabaseError) { id = try row.decode(at: 0) }
    }
}
