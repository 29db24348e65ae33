import Foundation
import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// Values as arguments without `.text(…)`: an interpolated string is a text argument, and in an
/// `SQLLiteral` every interpolated value is bound, never spliced into the SQL.
@Suite struct SQLLiteralTests {
    static func database(_ folder: TemporaryFolder) throws -> SQLiteDbAdapter {
        let db = try folder.database()
        try db.execute("CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT NOT NULL, pinned INTEGER NOT NULL, rank REAL)")
        return db
    }

    @Test func interpolatedValuesBecomeArgumentsInOrder() {
        let title = "tea", id: Int64 = 7, rank: Double? = nil
        let literal: SQLLiteral = "UPDATE note SET text = \(title), rank = \(rank) WHERE id = \(id) AND pinned = \(true)"
        #expect(literal.text == "UPDATE note SET text = ?, rank = ? WHERE id = ? AND pinned = ?")
        #expect(literal.arguments == [.text("tea"), .null, .integer(7), .integer(1)])
        #expect(literal.description == "UPDATE note SET text = ?, rank = ? WHERE id = ? AND pinned = ? ['tea', NULL, 7, 1]")
        let plain: SQLLiteral = "SELECT 1"
        #expect(plain.text == "SELECT 1" && plain.arguments.isEmpty)
    }

    @Test func aValueNeverChangesTheStatement() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        let hostile = "x'); DROP TABLE note; --"
        #expect(try db.execute(literal: "INSERT INTO note(text, pinned) VALUES (\(hostile), \(false))") == 1)
        for index in 0..<20 {
            try db.execute(literal: "INSERT INTO note(text, pinned, rank) VALUES (\("note \(index)"), \(index % 2 == 0), \(Double(index) / 4))")
        }
        let rows = try db.query(literal: "SELECT id, text FROM note WHERE pinned = \(true) ORDER BY id", as: LiveNote.self)
        #expect(rows.map(\.text) == stride(from: 0, to: 20, by: 2).map { "note \($0)" })
        #expect(try db.query(literal: "SELECT id, text FROM note WHERE text = \(hostile)", as: LiveNote.self).map(\.id) == [1])
        #expect(try db.query(literal: "SELECT text FROM note WHERE id = \(Int64(1))").first?.decode(named: "text") as String? == hostile)
        #expect(try db.query("SELECT count(*) AS id, 'n' AS text FROM note", as: LiveNote.self).first?.id == 21)
    }

    @Test func anInterpolatedStringIsATextArgument() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        for index in 0..<3 { try db.execute("INSERT INTO note(text, pinned) VALUES (?, ?)", ["note \(index)", 1]) }
        #expect(try db.query("SELECT id, text FROM note ORDER BY id", as: LiveNote.self).map(\.text) == ["note 0", "note 1", "note 2"])
        let value: DatabaseValue = "n\(2)"
        #expect(value == .text("n2"))
    }

    @Test func liveRowsOfALiteralFollowItsValues() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(folder)
        let wanted = "milk"
        let rows = try db.liveRows(LiveNote.self, literal: "SELECT id, text FROM note WHERE text = \(wanted) ORDER BY id")
        try db.execute(literal: "INSERT INTO note(text, pinned) VALUES (\(wanted), 1), ('tea', 1)")
        #expect(rows.feed.waitUntilCurrent())
        #expect(rows.rows.map(\.text) == ["milk"])
        let error = #expect(throws: DatabaseError.self) { try db.execute(literal: "INSERT INTO nowhere VALUES (\(wanted))") }
        #expect(error?.message.contains("nowhere") == true)
    }
}
