import Testing
import UndraRuntime
import UndraSQLite

/// Every value type goes into a real database file and comes back equal, through parameters,
/// `DatabaseValue` and the typed conversions.
@Suite struct DatabaseValueTests {
    @Test func everyStorageClassRoundTrips() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE value(id INTEGER PRIMARY KEY, v)")
        let values: [DatabaseValue] = [
            .null,
            .integer(0), .integer(1), .integer(-1), .integer(.max), .integer(.min),
            .real(0), .real(-0.0), .real(1.5), .real(-2.25e-300), .real(.greatestFiniteMagnitude), .real(.infinity),
            .real(-.infinity), .real(.leastNonzeroMagnitude),
            .text(""), .text("milk"), .text("it's \"quoted\""), .text("naïve café ☕️ 日本語 𝄞"), .text("nul\u{0}inside"),
            .text(String(repeating: "long text ", count: 10_000)),
            .blob([]), .blob([0]), .blob([0, 255, 1, 254]), .blob(Array(0...255)), .blob([UInt8](repeating: 7, count: 100_000)),
        ]
        try db.transaction {
            for (index, value) in values.enumerated() {
                try db.execute("INSERT INTO value(id, v) VALUES (?, ?)", [.integer(Int64(index)), value])
            }
        }
        let rows = try db.query("SELECT v, typeof(v) FROM value ORDER BY id")
        #expect(rows.map { $0[0] } == values)
        #expect(rows.map { $0[1] } == values.map { .text($0.storageClass.lowercased()) })
        // Byte for byte: SQL finds each text and blob by equality (numbers compare across
        // storage classes, so 0 = 0.0 = -0.0, and are checked through their values above).
        for value in values where value.storageClass == "TEXT" || value.storageClass == "BLOB" {
            #expect(try db.column("SELECT count(*) FROM value WHERE v = ?", [value], as: Int.self) == [1])
        }
        #expect(try db.column("SELECT v FROM value WHERE id = 7", as: Double.self).map(\.sign) == [.minus])
    }

    @Test func nanIsStoredAsNull() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE value(v)")
        try db.execute("INSERT INTO value VALUES (?)", [.real(.nan)])
        #expect(try db.query("SELECT v FROM value").map { $0[0] } == [.null])
    }

    @Test func swiftTypesRoundTrip() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        try db.execute("CREATE TABLE value(v)")
        func roundTrip<T: DatabaseValueConvertible & Equatable>(_ value: T) throws -> T {
            try db.execute("DELETE FROM value")
            try db.execute("INSERT INTO value VALUES (?)", [value.databaseValue])
            return try db.query("SELECT v FROM value")[0].decode(T.self, at: 0)
        }
        #expect(try roundTrip(Int.max) == Int.max)
        #expect(try roundTrip(Int.min) == Int.min)
        #expect(try roundTrip(Int64(-42)) == -42)
        #expect(try roundTrip(Int32.min) == Int32.min)
        #expect(try roundTrip(Int16.max) == Int16.max)
        #expect(try roundTrip(Int8.min) == Int8.min)
        #expect(try roundTrip(UInt32.max) == UInt32.max)
        #expect(try roundTrip(UInt16.max) == UInt16.max)
        #expect(try roundTrip(UInt8.max) == UInt8.max)
        #expect(try roundTrip(3.25) == 3.25)
        #expect(try roundTrip(Float(0.5)) == 0.5)
        #expect(try roundTrip(true) == true)
        #expect(try roundTrip(false) == false)
        #expect(try roundTrip("tea ☕️") == "tea ☕️")
        #expect(try roundTrip([UInt8]([1, 2, 3])) == [1, 2, 3])
        #expect(try roundTrip([UInt8]()) == [])
        #expect(try roundTrip(String?.none) == nil)
        #expect(try roundTrip(String?.some("x")) == "x")
        #expect(try roundTrip(Int?.none) == nil)
        #expect(try roundTrip(DatabaseValue.blob([9])) == .blob([9]))
    }

    @Test func conversionsAreExact() {
        #expect(Int8(databaseValue: .integer(127)) == 127)
        #expect(Int8(databaseValue: .integer(128)) == nil)
        #expect(UInt8(databaseValue: .integer(-1)) == nil)
        #expect(Int64(databaseValue: .real(3)) == 3)
        #expect(Int64(databaseValue: .real(3.5)) == nil)
        #expect(Int64(databaseValue: .real(9_223_372_036_854_775_808)) == nil)  // 2^63
        #expect(Int64(databaseValue: .text("3")) == nil)
        #expect(Int64(databaseValue: .null) == nil)
        #expect(Double(databaseValue: .integer(2)) == 2)
        #expect(Double(databaseValue: .text("2")) == nil)
        #expect(Bool(databaseValue: .integer(2)) == nil)
        #expect(String(databaseValue: .blob([65])) == nil)
        #expect([UInt8](databaseValue: .text("A")) == nil)
        #expect(Int?(databaseValue: .null) == .some(nil))
        #expect(Int?(databaseValue: .text("x")) == nil)
    }

    @Test func aValueThatDoesNotConvertIsAnErrorNamingTheColumn() throws {
        let folder = try TemporaryFolder()
        let db = try folder.database()
        let row = try db.query("SELECT 'abc' AS title, NULL AS note")[0]
        #expect(throws: DatabaseError(
            extendedCode: .mismatch, message: "column 0 (title) holds TEXT 'abc', not a Int64",
            sql: "SELECT 'abc' AS title, NULL AS note")
        ) { try row.decode(Int64.self, at: 0) }
        #expect(throws: DatabaseError(
            extendedCode: .mismatch, message: "column 1 (note) holds NULL NULL, not a String",
            sql: "SELECT 'abc' AS title, NULL AS note")
        ) { try row.decode(String.self, named: "note") }
        #expect(try row.decode(String?.self, named: "NOTE") == nil)
        #expect(throws: DatabaseError(
            extendedCode: .range, message: "no column 2: the row has 2 columns", sql: "SELECT 'abc' AS title, NULL AS note")
        ) { try row.decode(Int.self, at: 2) }
        #expect(throws: DatabaseError(
            extendedCode: .range, message: "no column named missing", sql: "SELECT 'abc' AS title, NULL AS note")
        ) { try row.decode(Int.self, named: "missing") }
    }

    @Test func descriptionsReadAsSQLLiterals() {
        #expect(DatabaseValue.text("it's").description == "'it''s'")
        #expect(DatabaseValue.blob([0, 255]).description == "x'00ff'")
        #expect(DatabaseValue.null.description == "NULL")
        #expect(DatabaseValue.integer(-3).description == "-3")
    }
}
