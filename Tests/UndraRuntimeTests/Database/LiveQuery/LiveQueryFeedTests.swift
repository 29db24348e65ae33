import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

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
}
