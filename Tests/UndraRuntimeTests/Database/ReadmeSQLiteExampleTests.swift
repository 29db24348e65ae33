import Testing
import UndraRuntime
import UndraSQLite

/// The README's "A store over a query" example, as the README has it between the markers, with
/// `print` captured, run by `swift test` (`Scripts/check-docs.py` runs the README itself and
/// compares what it prints with its output block).
@Suite struct ReadmeSQLiteExampleTests {
    // --- README: a store over a query ---
    struct Note: RowDecodable, Equatable, Sendable {
        var id: Int64
        var text: String
        init(row: borrowing StatementRow) throws(DatabaseError) {
            id = try row.decode(at: 0)
            text = try row.decode(at: 1)
        }
    }

    enum NotesSchema {
        static let pinned = ListField<Int64, Note>(id: 0, name: "pinned")
        static let fields: [any FieldDeclaration] = [pinned]
    }

    final class Notes: UndraStore, Trackable, @unchecked Sendable {
        let runtime = StoreRuntime(name: "Notes", fields: NotesSchema.fields)
        var registrar: Registrar { runtime.registrar }
        @Mirrored(NotesSchema.pinned) var pinned
    }

    @Test func theStoreOverAQueryExample() throws {
        let printed = ValueLog<String>()
        @Sendable func print(_ texts: [String]) { printed.append("\(texts)") }

        let db = try SQLiteDbAdapter(path: ":memory:")                           // or a file's path
        try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL, pinned INTEGER NOT NULL)")
        let notes = Notes()
        let feed = LiveQueryFeed(database: db, runtime: notes.runtime)
        try feed.add(NotesSchema.pinned, query: "SELECT id, text FROM note WHERE pinned = 1 ORDER BY text", key: "id")

        let pinned = observe { print(notes.pinned.map(\.text)) }
        try db.execute("INSERT INTO note(text, pinned) VALUES (?, 1), (?, 0)", ["tea", "milk"])
        feed.waitUntilCurrent()                                                  // the observer has run
        pinned.cancel()
        // --- end ---

        #expect(printed.all == ["[]", "[\"tea\"]"])
        #expect(feed.path(of: NotesSchema.pinned) == .incremental(table: "note"))
    }
}
