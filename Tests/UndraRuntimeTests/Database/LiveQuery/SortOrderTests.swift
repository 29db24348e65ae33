import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// `SortOrder` sorts as SQLite's ORDER BY does: checked against SQLite itself on values of every
/// storage class, under each collation, ascending and descending, NULLs first and last.
@Suite struct SortOrderTests {
    static let values: [DatabaseValue] = [
        .null, .null,
        .integer(0), .integer(-1), .integer(1), .integer(2), .integer(.max), .integer(.min), .integer(.max - 1),
        .real(0), .real(-0.0), .real(0.5), .real(-0.5), .real(1), .real(1.5), .real(-1e300), .real(1e300),
        .real(.infinity), .real(-.infinity), .real(0x1p63), .real(-0x1p63),  // 2^63: just past Int64.max, and Int64.min
        .real(0x1p53), .integer(9_007_199_254_740_993), .integer(9_007_199_254_740_992),
        .text(""), .text("a"), .text("A"), .text("b"), .text("B"), .text("a "), .text("a  "), .text("ab"), .text("Ab"),
        .text("é"), .text("É"), .text("z"), .text("Z"), .text("a\u{0}b"), .text("🍎"), .text(" a"),
        .blob([]), .blob([0]), .blob([0, 0]), .blob([1]), .blob([255]), .blob([0, 255]),
    ]

    @Test(arguments: ["BINARY", "NOCASE", "RTRIM"], [("ASC", false), ("DESC", false), ("ASC NULLS LAST", true), ("DESC NULLS FIRST", true)])
    func sortsAsSQLite(collation: String, direction: (sql: String, explicitNulls: Bool)) throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE v(x)")
        try db.transaction {
            for value in Self.values { try db.execute("INSERT INTO v VALUES (?)", [value]) }
        }
        let fromSQLite = try db.column("SELECT rowid FROM v ORDER BY x COLLATE \(collation) \(direction.sql), rowid", as: Int64.self)
        let descending = direction.sql.hasPrefix("DESC")
        let nullsFirst = direction.explicitNulls ? direction.sql.hasSuffix("FIRST") : !descending
        let order = SortOrder(terms: [.init(
            descending: descending, nullsFirst: nullsFirst, collation: SortOrder.Collation(rawValue: collation.lowercased())!)])
        let places = Self.values.enumerated().map { RowPlace(rowid: Int64($0.offset + 1), sortKey: .one($0.element)) }
        let fromSwift = places.sorted { order.compare($0, $1) < 0 }.map(\.rowid)
        #expect(fromSwift == fromSQLite)
    }

    @Test func termsCompareInTurnThenTheRowID() {
        let order = SortOrder(terms: [
            .init(descending: false, nullsFirst: true, collation: .binary),
            .init(descending: true, nullsFirst: false, collation: .nocase),
        ])
        func place(_ rowid: Int64, _ a: DatabaseValue, _ b: DatabaseValue) -> RowPlace {
            RowPlace(rowid: rowid, sortKey: .many([a, b]))
        }
        #expect(order.compare(place(1, 1, "a"), place(2, 2, "a")) == -1)
        #expect(order.compare(place(1, 1, "a"), place(2, 1, "B")) == 1)
        #expect(order.compare(place(1, 1, "a"), place(2, 1, "A")) == -1)
        #expect(order.compare(place(3, 1, "a"), place(2, 1, "A")) == 1)
        #expect(order.compare(place(2, 1, "a"), place(2, 1, "a")) == 0)
        #expect(order.compare(place(1, 1, nil), place(2, 1, "a")) == 1)
    }

    @Test func integersAndRealsCompareExactly() {
        #expect(SortOrder.compare(9_007_199_254_740_993, 9_007_199_254_740_992.0) == 1)
        #expect(SortOrder.compare(Int64.max, 9_223_372_036_854_775_807.0) == -1)  // the real is 2^63
        #expect(SortOrder.compare(Int64.min, -9_223_372_036_854_775_808.0) == 0)
        #expect(SortOrder.compare(2, 2.5) == -1)
        #expect(SortOrder.compare(-2, -2.5) == 1)
        #expect(SortOrder.compare(0, -0.0) == 0)
        #expect(SortOrder.compare(3, 3.0) == 0)
    }
}
