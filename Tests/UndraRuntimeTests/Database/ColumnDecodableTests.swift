import Testing
import UndraRuntime

/// Rows read into a `Codable` type by column name, with no `init(row:)`: in queries and in live
/// queries, with the positional path's errors.
@Suite struct ColumnDecodableTests {
    enum Mood: String, Codable, Sendable { case calm, busy }

    struct Note: Codable, ColumnDecodable, Equatable, Sendable {
        var id: Int64
        var text: String
        var pinned: Bool?
        var mood: Mood
        var score: Double
    }

    private func database(_ folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("""
            CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL, pinned INTEGER, mood TEXT NOT NULL, score REAL NOT NULL);
            INSERT INTO note VALUES (1, 'milk', 1, 'calm', 1.5), (2, 'eggs', NULL, 'busy', 2);
            """)
        return db
    }

    @Test func columnsAreFoundByNameInAnyOrder() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let notes = try db.query("SELECT score, MOOD, text, id, pinned FROM note ORDER BY id", as: Note.self)
        #expect(notes == [
            Note(id: 1, text: "milk", pinned: true, mood: .calm, score: 1.5),
            Note(id: 2, text: "eggs", pinned: nil, mood: .busy, score: 2),
        ])
        // An optional property whose column is not in the result is nil.
        let short = try db.query("SELECT id, text, mood, score FROM note WHERE id = 1", as: Note.self)
        #expect(short == [Note(id: 1, text: "milk", pinned: nil, mood: .calm, score: 1.5)])
    }

    @Test func badRowsAreTypedErrorsNamingTheColumn() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let cases: [(String, ResultCode, String)] = [
            ("SELECT id, mood, score FROM note", .range, "no column named text"),
            ("SELECT id, 42 AS text, mood, score FROM note", .mismatch, "column 1 (text) holds INTEGER 42, not a String"),
            ("SELECT id, text, 'sad' AS mood, score FROM note", .mismatch,
             "column 2 (mood) holds TEXT 'sad', not a Mood: Cannot initialize Mood from invalid String value sad"),
            ("SELECT 1.5 AS id, text, mood, score FROM note", .mismatch, "column 0 (id) holds REAL 1.5, not a Int64"),
        ]
        for (sql, code, message) in cases {
            let error = #expect(throws: DatabaseError.self, "\(sql)") { try db.query(sql, as: Note.self) }
            #expect(error?.extendedCode == code, "\(sql)")
            #expect(error?.message == message, "\(sql)")
        }
    }

    @Test func aLiveQueryFeedsAColumnDecodableList() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let field = ListField<Int64, Note>(id: 0, name: "notes")
        let runtime = StoreRuntime(name: "Notes", fields: [field])
        let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
        try feed.add(field, query: "SELECT * FROM note WHERE pinned IS NULL OR pinned = 0 ORDER BY text", key: "id")
        #expect(feed.path(of: field) == .incremental(table: "note"))
        try db.execute("INSERT INTO note VALUES (3, 'bread', 0, 'calm', 0)")
        #expect(feed.waitUntilCurrent())
        #expect(runtime.mirror[field].map(\.text) == ["bread", "eggs"])
        #expect(runtime.errors.count == 0)
    }
}
