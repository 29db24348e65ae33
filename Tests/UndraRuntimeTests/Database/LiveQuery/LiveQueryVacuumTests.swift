import Testing
import UndraRuntime
import UndraSQLite

/// `VACUUM` renumbers the row ids of a table without an INTEGER PRIMARY KEY, and no hook says so:
/// the feeds read their lists whole again, so a list keyed by the row id shows the new ids, and a
/// later write to a renumbered row changes that row and no other.
@Suite struct LiveQueryVacuumTests {
    struct Note: RowDecodable, Equatable, Sendable, CustomStringConvertible {
        var id: Int64
        var code: String
        var rank: Int64
        init(row: borrowing StatementRow) throws(DatabaseError) {
            id = try row.decode(at: 0)
            code = try row.decode(at: 1)
            rank = try row.decode(at: 2)
        }
        var description: String { "\(id):\(code)" }
    }

    static let byRowid = ListField<Int64, Note>(id: 0, name: "byRowid")
    static let byCode = ListField<String, Note>(id: 1, name: "byCode")
    static let byRowidSQL = "SELECT rowid AS id, code, rank FROM note WHERE rank < 90 ORDER BY rank, code"
    static let byCodeSQL = "SELECT rowid, code, rank FROM note ORDER BY code"

    final class Notes: UndraStore, Trackable, @unchecked Sendable {  // @unchecked: as Todos.
        let runtime = StoreRuntime(name: "Notes", fields: [LiveQueryVacuumTests.byRowid, LiveQueryVacuumTests.byCode])
        var registrar: Registrar { runtime.registrar }
        @Mirrored(LiveQueryVacuumTests.byRowid) var byRowid
        @Mirrored(LiveQueryVacuumTests.byCode) var byCode
    }

    final class NotesObject: UndraStore, ObservableObject, @unchecked Sendable {  // @unchecked: as Todos.
        let runtime = StoreRuntime(name: "Notes", fields: [LiveQueryVacuumTests.byRowid, LiveQueryVacuumTests.byCode])
        var objectWillChange: ObservableObjectPublisher { runtime.objectWillChange }
        @Mirrored(LiveQueryVacuumTests.byRowid) var byRowid
        @Mirrored(LiveQueryVacuumTests.byCode) var byCode
    }

    private func feed(_ db: SQLiteDbAdapter, _ runtime: StoreRuntime) throws -> LiveQueryFeed {
        let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
        try feed.add(Self.byRowid, query: Self.byRowidSQL, key: "id")
        try feed.add(Self.byCode, query: Self.byCodeSQL, key: "code")
        #expect(feed.path(of: Self.byRowid) == .incremental(table: "note"))
        #expect(feed.path(of: Self.byCode) == .incremental(table: "note"))
        return feed
    }

    @Test func aVacuumRenumberingRowsIsFollowedAndLaterWritesHitTheRightRow() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE note(code TEXT NOT NULL, rank INTEGER NOT NULL)")
        for index in 0..<10 { try db.execute("INSERT INTO note VALUES (?, ?)", [.text("c\(index)"), .integer(Int64(index))]) }
        try db.execute("DELETE FROM note WHERE rank IN (2, 4, 6)")
        let store = Notes()
        let feed = try feed(db, store.runtime)
        let frames = CallCounter()
        let token = observe({ store.byRowid }, onChange: { _ in frames.bump() })
        defer { token.cancel() }
        #expect(store.byRowid.map(\.description) == ["1:c0", "2:c1", "4:c3", "6:c5", "8:c7", "9:c8", "10:c9"])

        try db.execute("VACUUM")
        feed.queue.sync {}
        #expect(store.byRowid.map(\.description) == ["1:c0", "2:c1", "3:c3", "4:c5", "5:c7", "6:c8", "7:c9"])
        #expect(Array(store.byRowid.keys) == [1, 2, 3, 4, 5, 6, 7])
        #expect(frames.count == 1)

        // Row id 5 is c7 now (it was nobody's; 6 was c5's): the update must move c7, not c5.
        try db.execute("UPDATE note SET rank = 0 WHERE rowid = 5")
        try db.execute("DELETE FROM note WHERE rowid = 4")
        feed.queue.sync {}
        #expect(store.byRowid.map(\.description) == ["1:c0", "5:c7", "2:c1", "3:c3", "6:c8", "7:c9"])
        #expect(store.byCode.map(\.description) == ["1:c0", "2:c1", "3:c3", "5:c7", "6:c8", "7:c9"])
        #expect(store.runtime.errors.count == 0)
    }

    @Test func aVacuumThatRenumbersNothingMakesNoFrame() throws {
        let folder = try TemporaryFolder()
        let db = try SQLiteDbAdapter.tasks(in: folder)
        for title in ["a", "b", "c", "d"] { try db.insertTask(title) }
        try db.execute("DELETE FROM task WHERE id = 2")
        let store = TaskStore()
        let feed = LiveQueryFeed(database: db, runtime: store.runtime, pollInterval: nil)
        try feed.add(TaskSchema.open, query: "SELECT id, title, done, priority FROM task ORDER BY id", key: "id")
        let frames = CallCounter()
        let token = observe({ store.open }, onChange: { _ in frames.bump() })
        defer { token.cancel() }
        try db.execute("VACUUM")  // An INTEGER PRIMARY KEY keeps its values.
        try db.execute("VACUUM INTO ?", [.text(folder.file("copy.sqlite"))])  // The database itself is untouched.
        feed.queue.sync {}
        #expect(store.open.titles == ["1:a", "3:c", "4:d"])
        #expect(frames.count == 0)
        try db.execute("UPDATE task SET title = 'x' WHERE id = 3")
        feed.queue.sync {}
        #expect(store.open.titles == ["1:a", "3:x", "4:d"])
        #expect(frames.count == 1)
    }

    /// Random inserts, updates, deletes, VACUUMs and writes by a second adapter, on a table whose
    /// row ids VACUUM renumbers; after each, both lists of a fine and a coarse store equal a fresh
    /// run of their queries.
    @Test(arguments: [UInt64(11), 12])
    func randomChangesWithVacuumsAndASecondWriter(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        let second = try folder.database()
        try db.execute("CREATE TABLE note(code TEXT NOT NULL, rank INTEGER NOT NULL)")
        let fine = Notes(), coarse = NotesObject()
        let feeds = [try feed(db, fine.runtime), try feed(db, coarse.runtime)]
        var random = KeyedListSeededGenerator(seed: seed)
        var nextCode = 0, vacuums = 0, renumbered = 0
        for step in 0..<600 {
            let writer = Int.random(in: 0..<10, using: &random) == 0 ? second : db
            let rowids = try db.column("SELECT rowid FROM note", as: Int64.self)
            let rowid: DatabaseValue = .integer(rowids.randomElement(using: &random) ?? 1)
            let rank: DatabaseValue = .integer(.random(in: 0..<100, using: &random))
            let action = rowids.count < 8 ? 0 : Int.random(in: 0..<100, using: &random)
            switch action {
            case 0..<35:
                nextCode += 1
                try writer.execute("INSERT INTO note VALUES (?, ?)", [.text("n\(nextCode)"), rank])
            case 35..<60: try writer.execute("UPDATE note SET rank = ? WHERE rowid = ?", [rank, rowid])
            case 60..<85: try writer.execute("DELETE FROM note WHERE rowid = ?", [rowid])
            case 85..<95:
                nextCode += 1
                try writer.execute("UPDATE note SET code = ? WHERE rowid = ?", [.text("n\(nextCode)"), rowid])
            default:
                let before = try db.column("SELECT rowid FROM note ORDER BY code", as: Int64.self)
                try writer.execute("VACUUM")
                vacuums += 1
                if try db.column("SELECT rowid FROM note ORDER BY code", as: Int64.self) != before { renumbered += 1 }
            }
            for feed in feeds { #expect(feed.waitUntilCurrent()) }
            let byRowid = try db.query(Self.byRowidSQL, as: Note.self), byCode = try db.query(Self.byCodeSQL, as: Note.self)
            for (lists, mode) in [((fine.byRowid, fine.byCode), "fine"), ((coarse.byRowid, coarse.byCode), "coarse")] {
                guard Array(lists.0) == byRowid, Array(lists.0.keys) == byRowid.map(\.id), Array(lists.1) == byCode else {
                    Issue.record("step \(step) (action \(action)), \(mode): \(lists.0.map(\.description)) instead of \(byRowid.map(\.description))")
                    return
                }
            }
        }
        #expect(vacuums > 20)
        #expect(renumbered > 10)
        #expect(fine.runtime.errors.count == 0 && coarse.runtime.errors.count == 0)
    }
}
