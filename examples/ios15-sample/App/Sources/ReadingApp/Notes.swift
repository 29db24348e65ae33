#if canImport(Combine)
import Combine
#endif
import UndraRuntime
import UndraSQLite

// Edited after `undra init`: the reader's notes live in the app's own SQLite database, and a
// live query keeps a store's list equal to them. The store is the runtime's API written by hand
// (docs/STORES.md): it is the app's data, not the core's.

/// A note, as the query reads it.
public struct Note: RowDecodable, Identifiable, Hashable, Sendable {
    public var id: Int64
    public var text: String

    public init(row: borrowing StatementRow) throws(DatabaseError) {
        id = try row.decode(at: 0)
        text = try row.decode(at: 1)
    }
}

/// The notes store: one list, fed by the query.
public final class Notes: UndraStore, ObservableObject, @unchecked Sendable {
    // @unchecked Sendable: only `let`s and a `@Mirrored` field, never written after `init`.
    public static let all = ListField<Int64, Note>(id: 0, name: "all")
    public let runtime = StoreRuntime(name: "Notes", fields: [Notes.all])
    @Mirrored(Notes.all) public var all

    public init() {}
}

/// The notes' database, and the live query that keeps `notes` current.
public final class NotesLibrary: Sendable {
    public let notes = Notes()
    public let database: SQLiteDbAdapter
    public let feed: LiveQueryFeed

    /// Opens (creating) the database at `path` (":memory:" for tests).
    public init(path: String) throws(DatabaseError) {
        database = try SQLiteDbAdapter(path: path)
        try database.execute("CREATE TABLE IF NOT EXISTS note(id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        feed = LiveQueryFeed(database: database, runtime: notes.runtime)
        try feed.add(Notes.all, query: "SELECT id, text FROM note ORDER BY text", key: "id")
    }

    /// Adds a note; `notes.all` shows it once the feed has read the commit.
    public func add(_ text: String) throws(DatabaseError) {
        try database.execute("INSERT INTO note(text) VALUES (?)", [.text(text)])
    }
}
