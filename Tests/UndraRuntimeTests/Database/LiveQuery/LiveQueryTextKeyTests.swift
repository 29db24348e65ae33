import Testing
import UndraRuntime
import UndraSQLite

/// Text keys are compared as SQLite compares them, by their bytes: "\u{E9}" and "e\u{301}" are
/// two keys, which a list keyed by `DatabaseValue` holds both of, and which a `String` key (whose
/// `==` calls them equal) refuses with an error that says so.
@Suite struct LiveQueryTextKeyTests {
    struct Word: RowDecodable, Equatable, Sendable {
        var text: String
        var rank: Int64
        init(row: borrowing StatementRow) throws(DatabaseError) {
            text = try row.decode(at: 0)
            rank = try row.decode(at: 1)
        }
    }

    static let sql = "SELECT text, rank FROM word ORDER BY rank"

    private func database(_ folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("CREATE TABLE word(text TEXT NOT NULL PRIMARY KEY, rank INTEGER NOT NULL)")
        try db.execute("INSERT INTO word VALUES ('\u{E9}', 1), ('f', 2)")
        return db
    }

    /// A store with one list of words keyed by `Key`, fed by `sql`.
    private func feedWords<Key: Hashable & Sendable & DatabaseValueConvertible>(
        of db: SQLiteDbAdapter, keyedBy: Key.Type
    ) throws -> (ListField<Key, Word>, StoreRuntime, LiveQueryFeed) {
        let field = ListField<Key, Word>(id: 0, name: "words")
        let runtime = StoreRuntime(name: "Words", fields: [field])
        let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
        try feed.add(field, query: Self.sql, key: "text")
        return (field, runtime, feed)
    }

    @Test func aListKeyedByDatabaseValueHoldsBothCanonicallyEquivalentKeys() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let (field, runtime, feed) = try feedWords(of: db, keyedBy: DatabaseValue.self)
        try db.execute("INSERT INTO word VALUES ('e\u{301}', 3)")
        #expect(feed.waitUntilCurrent())
        #expect(runtime.mirror[field].keys.map { Array(String(describing: $0).utf8) } == [
            Array("'\u{E9}'".utf8), Array("'f'".utf8), Array("'e\u{301}'".utf8),
        ])
        try db.execute("DELETE FROM word WHERE text = '\u{E9}'")
        #expect(feed.waitUntilCurrent())
        #expect(runtime.mirror[field].count == 2)
        #expect(Array(runtime.mirror[field]).map(\.rank) == [2, 3])
        #expect(runtime.errors.count == 0)
    }

    @Test func aListKeyedByExactStringHoldsBothAndFollowsTheirChanges() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        let (field, runtime, feed) = try feedWords(of: db, keyedBy: ExactString.self)
        #expect(feed.path(of: field) == .incremental(table: "word"))
        try db.execute("INSERT INTO word VALUES ('e\u{301}', 0)")
        #expect(feed.waitUntilCurrent())
        #expect(Array(runtime.mirror[field].keys) == [ExactString("e\u{301}"), ExactString("\u{E9}"), ExactString("f")])
        try db.execute("UPDATE word SET rank = 5 WHERE text = '\u{E9}'")
        #expect(feed.waitUntilCurrent())
        #expect(Array(runtime.mirror[field].keys) == [ExactString("e\u{301}"), ExactString("f"), ExactString("\u{E9}")])
        #expect(Array(runtime.mirror[field]).map(\.rank) == [0, 2, 5])
        #expect(runtime.errors.count == 0)
    }

    @Test func aStringKeyRefusesThemSayingWhy() throws {
        let folder = try TemporaryFolder()
        let db = try database(folder)
        try db.execute("INSERT INTO word VALUES ('e\u{301}', 3)")
        let field = ListField<String, Word>(id: 0, name: "words")
        let runtime = StoreRuntime(name: "Words", fields: [field])
        let feed = LiveQueryFeed(database: db, runtime: runtime, pollInterval: nil)
        let error = #expect(throws: DatabaseError.self) { try feed.add(field, query: Self.sql, key: "text") }
        #expect(error?.extendedCode == .constraint)
        #expect(error?.message == "the key column text holds '\u{E9}' and 'e\u{301}', two keys to SQLite (their bytes differ) "
            + "that Swift's String calls equal: key the list by ExactString to keep both")
        #expect(runtime.mirror[field].isEmpty)
    }

    @Test func databaseValuesCompareTextByItsBytes() {
        #expect(DatabaseValue.text("\u{E9}") != .text("e\u{301}"))
        #expect(Set<DatabaseValue>([.text("\u{E9}"), .text("e\u{301}"), .text("\u{E9}")]).count == 2)
        #expect(DatabaseValue.text("a") == .text("a"))
        #expect(DatabaseValue.integer(1) != .real(1))
        #expect(DatabaseValue.real(0) == .real(-0.0) && DatabaseValue.real(0).hashValue == DatabaseValue.real(-0.0).hashValue)
    }
}
