import Testing
import UndraRuntime
import UndraSQLite

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

    /// The same property names in another order, and other names, over the same statement.
    struct Reversed: Codable, ColumnDecodable, Equatable, Sendable {
        var score: Double
        var id: Int64
    }

    struct Identified: Codable, ColumnDecodable, Sendable {
        var id: Int64
    }

    /// A row type whose `init(from:)` runs a query of the same SQL while its row is being decoded.
    struct Nested: Decodable, ColumnDecodable, Equatable, Sendable {
        @TaskLocal static var database: SQLiteDbAdapter?
        var id: Int64
        var others: [Int64]

        enum CodingKeys: CodingKey { case id }

        init(id: Int64, others: [Int64]) {
            self.id = id
            self.others = others
        }

        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .id)
            let rows = try Self.database?.query("SELECT id FROM note WHERE id >= ? ORDER BY id", [.integer(id)], as: Identified.self)
            others = rows?.map(\.id) ?? []
        }
    }

    /// A statement keeps one decoder for its rows: each row starts afresh whatever type or order
    /// the last one read, a row that fails leaves it ready for the next query, and a query run
    /// from inside a row's decoding gets a decoder of its own.
    @Test func oneStatementDecodesRowsOfAnyTypeAfterAFailureAndFromInsideARow() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let sql = "SELECT id, text, pinned, mood, score FROM note ORDER BY id"
        for round in 0..<3 {
            #expect(try db.query(sql, as: Note.self).map(\.text) == ["milk", "eggs"], "round \(round)")
            #expect(try db.query(sql, as: Reversed.self) == [Reversed(score: 1.5, id: 1), Reversed(score: 2, id: 2)], "round \(round)")
            // The second row fails: `pinned` is NULL there.
            struct Pinned: Codable, ColumnDecodable { var id: Int64; var pinned: Bool }
            let error = #expect(throws: DatabaseError.self) { try db.query(sql, as: Pinned.self) }
            #expect(error?.message == "column 2 (pinned) holds NULL NULL, not a Bool", "round \(round)")
        }
        // 1,000 rows through one decoder, each read whole.
        try db.execute("""
            WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 1000)
            INSERT INTO note(text, mood, score) SELECT 'n' || value, 'calm', value FROM n
            """)
        let many = try db.query("SELECT id, score FROM note WHERE id > 2 ORDER BY id", as: Reversed.self)
        #expect(many.map(\.id) == Array(3...1002))
        #expect(many.map(\.score) == (1...1000).map(Double.init))

        let nested = try Nested.$database.withValue(db) {
            try db.query("SELECT id FROM note WHERE id >= ? ORDER BY id", [.integer(1000)], as: Nested.self)
        }
        #expect(nested == [Nested(id: 1000, others: [1000, 1001, 1002]), Nested(id: 1001, others: [1001, 1002]), Nested(id: 1002, others: [1002])])
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
