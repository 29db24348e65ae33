import Dispatch
import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// A row with no `init(row:)`: decoded by column name, keyed by its `id`.
struct LiveNote: Codable, Identifiable, ColumnDecodable, Equatable, Sendable {
    var id: Int64
    var text: String
}

/// A live query in one line (`db.liveRows`): the rows, kept current, keyed and incremental, in
/// both modes and as an `AsyncSequence`, delivered on the main actor by default.
@Suite struct LiveRowsTests {
    static let sql = "SELECT id, text FROM note WHERE pinned = 1 ORDER BY text"

    static func database(_ folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL, pinned INTEGER NOT NULL)")
        try db.execute("INSERT INTO note(text, pinned) VALUES ('tea', 1), ('milk', 0)")
        return db
    }

    @Test func oneLineGivesTheRowsAndKeepsThemCurrentIncrementally() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        let pinned = try db.liveRows(LiveNote.self, Self.sql)
        #expect(Array(pinned.rows) == [LiveNote(id: 1, text: "tea")])
        #expect(pinned.feed.path(of: pinned.field) == .incremental(table: "note"))
        #expect(pinned.feed.queue.label == DispatchQueue.main.label)
        let changes = CallCounter()
        let token = observe({ _ = pinned.rows.count }, onChange: { _ in changes.bump() })
        defer { token.cancel() }
        for round in 0..<50 {
            try db.execute("INSERT INTO note(text, pinned) VALUES (?, 1)", [.text("n\(round)")])
            #expect(pinned.feed.waitUntilCurrent())
            if round % 5 == 0 {
                try db.execute("UPDATE note SET pinned = 0 WHERE id = (SELECT min(id) FROM note WHERE pinned = 1)")
                #expect(pinned.feed.waitUntilCurrent())
            }
            #expect(Array(pinned.rows) == (try db.query(Self.sql, as: LiveNote.self)), "round \(round)")
        }
        #expect(changes.count == 60)  // one per commit read: 50 inserts and 10 updates
        #expect(pinned.errors.count == 0)
        #expect(pinned.rows.key(at: 0) == pinned.rows.first?.id)
    }

    @Test @MainActor func itsPublisherDeliversOnTheMainActorAndItsValuesAreAnAsyncSequence() async throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        let other = try folder.database()
        let pinned = try db.liveRows(LiveNote.self, Self.sql)
        var published: [[String]] = []
        let subscription = pinned.publisher.sink { rows in
            dispatchPrecondition(condition: .onQueue(.main))
            published.append(rows.map(\.text))
        }
        defer { subscription.cancel() }
        var values = pinned.values.makeAsyncIterator()
        #expect(await values.next()?.map(\.text) == ["tea"])
        for round in 0..<20 {
            _ = try await Task.detached { try db.execute("INSERT INTO note(text, pinned) VALUES (?, 1)", [.text("z\(round)")]) }.value
            #expect(await values.next()?.count == round + 2)
        }
        #expect(published.count == 21)
        #expect(published.last == ["tea"] + (0..<20).map { "z\($0)" }.sorted())
        // Another connection's commit, found when asked.
        try other.execute("INSERT INTO note(text, pinned) VALUES ('apple', 1)")
        #expect(pinned.feed.waitUntilCurrent())
        #expect(await values.next()?.first?.text == "apple")
        #expect(published.last?.first == "apple")
    }

    @Test func aQueueOfItsOwnDeliversThere() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        let queue = DispatchQueue(label: "notes")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let pinned = try db.liveRows(LiveNote.self, Self.sql, queue: queue)
        let there = ValueLog<Bool>()
        let subscription = pinned.publisher.dropFirst().sink { _ in there.append(DispatchQueue.getSpecific(key: key) == true) }
        defer { subscription.cancel() }
        for round in 0..<10 { try db.execute("INSERT INTO note(text, pinned) VALUES (?, 1)", [.text("q\(round)")]) }
        #expect(pinned.feed.waitUntilCurrent())
        #expect(!there.all.isEmpty && there.all.allSatisfy { $0 })
        #expect(pinned.rows.count == 11)
    }

    @Test func aQueryThatFailsThrowsItsErrorAndLeavesNothingRunning() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        #expect(throws: DatabaseError.self) { try db.liveRows(LiveNote.self, "SELECT id, text FROM nowhere") }
        #expect(throws: DatabaseError.self) { try db.liveRows(LiveNote.self, "SELECT id, text FROM note", key: "missing") }
        let error = #expect(throws: DatabaseError.self) { try db.liveRows(LiveNote.self, "SELECT id FROM note") }
        #expect(error?.extendedCode == .range, "\(String(describing: error))")
        // Keyed by another column, for rows whose id is not their key.
        let byText = try LiveRows(database: db, sql: "SELECT id, text FROM note ORDER BY id", key: "text", as: LiveNote.self, keyedBy: String.self)
        #expect(byText.rows.keys.map { $0 } == ["tea", "milk"])
        #expect(byText.rows[id: "milk"]?.id == 2)
    }
}
