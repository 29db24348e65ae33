#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import UndraRuntime

/// A type made from one result row: the rows of a live query, and of `query(_:_:as:)`.
///
///     struct Task: RowDecodable, Equatable, Sendable {
///         var id: Int64, title: String, done: Bool
///         init(row: borrowing StatementRow) throws(DatabaseError) {
///             id = try row.decode(at: 0)
///             title = try row.decode(at: 1)
///             done = try row.decode(at: 2)
///         }
///     }
///
/// Decoding is positional (column 0, 1, ...), as the wire decodes a struct field after field, or
/// by column name. A type generated for the wire can conform too: its fields are the query's
/// columns, in order.
public protocol RowDecodable {
    /// Reads the row's columns. Throws (never traps) when a column is missing or does not convert.
    init(row: borrowing StatementRow) throws(DatabaseError)
}

/// One result row while it is being decoded: read straight from the statement, with no copy of
/// the row (a text or blob column is copied only when decoded).
///
/// Valid only during the call it is lent to (`RowDecodable.init(row:)`): it is not copyable, so it
/// cannot outlive the statement's current step.
///
/// - Complexity: reading a column is O(1), plus the copy of a text or blob.
/// - Thread safety: used on the thread that steps the statement.
public struct StatementRow: ~Copyable {
    enum Source {
        case statement(OpaquePointer)
        case values([DatabaseValue])
    }

    let source: Source
    let columns: ColumnNames
    var sql: String? { columns.sql }
    /// How many columns the row shows (a live query hides the columns it adds after them).
    public let count: Int
    /// The statement being stepped, which keeps a `RowDecoder` for its rows; nil for a copied
    /// row. Unowned and unchecked: the row lives only during the step, which the statement outlives.
    unowned(unsafe) let statement: Statement?

    init(statement: Statement, columns: ColumnNames, count: Int) {
        self.source = .statement(statement.handle)
        self.columns = columns
        self.count = count
        self.statement = statement
    }

    init(values: [DatabaseValue], columns: ColumnNames) {
        self.source = .values(values)
        self.columns = columns
        self.count = values.count
        self.statement = nil
    }

    /// The same row again, for a decoder that reads it while the row is lent (`RowDecoder`).
    init(source: Source, columns: ColumnNames, count: Int) {
        self.source = source
        self.columns = columns
        self.count = count
        self.statement = nil
    }

    /// A decoder of this row by column name: the statement's own, made for its first row and
    /// used again for the next ones (a decoder is a class; made per row, it was a fifth of
    /// decoding a three-column row), or a new one for a copied row or a nested decode.
    func rowDecoder() -> RowDecoder {
        if let statement, let decoder = statement.rowDecoder, decoder.canDecode(count: count) {
            decoder.begin()
            return decoder
        }
        let decoder = RowDecoder(source: source, columns: columns, count: count)
        if let statement, statement.rowDecoder == nil { statement.rowDecoder = decoder }
        decoder.begin()
        return decoder
    }

    /// The name of column `index` (as the query names it). O(1).
    public func columnName(at index: Int) -> String? {
        index >= 0 && index < count ? columns.names[index] : nil
    }

    /// The index of the column named `name` (exact match first, then ASCII case-insensitive, as
    /// SQLite matches names), or nil. O(1) on average.
    public func index(ofColumn name: String) -> Int? {
        guard let index = columns.index(of: name), index < count else { return nil }
        return index
    }

    /// The value of column `index`. Throws `.range` if there is no such column.
    public func value(at index: Int) throws(DatabaseError) -> DatabaseValue {
        guard index >= 0 && index < count else {
            throw DatabaseError(
                extendedCode: .range, message: "no column \(index): the row has \(count) columns", sql: sql)
        }
        switch source {
        case .statement(let statement): return DatabaseValue(column: Int32(index), of: statement)
        case .values(let values): return values[index]
        }
    }

    /// Column `index` of the statement, even one past `count` (the columns a live query adds).
    @usableFromInline
    func hiddenValue(at index: Int) -> DatabaseValue {
        switch source {
        case .statement(let statement): DatabaseValue(column: Int32(index), of: statement)
        case .values(let values): index < values.count ? values[index] : .null
        }
    }

    /// Column `index`, converted to `T`. Throws `.range` if there is no such column, `.mismatch`
    /// if its value does not convert exactly.
    ///
    /// Inlinable, so that a row type's decoding is specialized for its column types where it is
    /// written (generic code run unspecialized looked up type metadata at every column).
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws(DatabaseError) -> T {
        // The usual columns are read straight from the statement, with no `DatabaseValue` between
        // (measured: a third of decoding a row of two integers and a text). Where `T` is known,
        // the tests fold away; any other case takes the general path below.
        if T.self == Int64.self, let integer = integer(at: index) { return integer as! T }
        // (Where `Int` is 32 bits, a wider value takes the general path, to its error.)
        if T.self == Int.self, let integer = integer(at: index), let int = Int(exactly: integer) { return int as! T }
        if T.self == String.self, let text = text(at: index) { return text as! T }
        let value = try value(at: index)
        guard let converted = T(databaseValue: value) else { throw mismatch(value, at: index, expected: "\(T.self)") }
        return converted
    }

    /// Column `index` if the row shows it and it holds an integer, else nil.
    @usableFromInline
    func integer(at index: Int) -> Int64? {
        guard case .statement(let statement) = source, index >= 0 && index < count,
            sqlite3_column_type(statement, Int32(index)) == SQLITE_INTEGER
        else { return nil }
        return sqlite3_column_int64(statement, Int32(index))
    }

    /// Column `index` if the row shows it and it holds text, else nil.
    @usableFromInline
    func text(at index: Int) -> String? {
        guard case .statement(let statement) = source, index >= 0 && index < count,
            sqlite3_column_type(statement, Int32(index)) == SQLITE_TEXT
        else { return nil }
        return DatabaseValue.text(column: Int32(index), of: statement)
    }

    /// The error of a value that does not convert to `expected`.
    @usableFromInline
    func mismatch(_ value: DatabaseValue, at index: Int, expected: String) -> DatabaseError {
        DatabaseError(
            extendedCode: .mismatch,
            message: "column \(index) (\(columns.names[index])) holds \(value.storageClass) \(value), not a \(expected)", sql: sql)
    }

    /// The column named `name`, converted to `T`. Throws `.range` if there is no such column,
    /// `.mismatch` if its value does not convert exactly.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, named name: String) throws(DatabaseError) -> T {
        guard let index = index(ofColumn: name) else { throw missingColumn(name) }
        return try decode(T.self, at: index)
    }

    @usableFromInline
    func missingColumn(_ name: String) -> DatabaseError {
        DatabaseError(extendedCode: .range, message: "no column named \(name)", sql: sql)
    }
}

/// A statement's column names, with a name → index table, and its SQL (for errors): shared by
/// every row of a result.
final class ColumnNames: Sendable {
    let names: [String]
    let sql: String?
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(_ names: [String], sql: String?) {
        self.names = names
        self.sql = sql
        var exact: [String: Int] = [:], folded: [String: Int] = [:]
        // The first column of a name wins, as SQLite resolves a repeated name.
        for (index, name) in names.enumerated().reversed() {
            exact[name] = index
            folded[name.asciiLowercased] = index
        }
        self.exact = exact
        self.folded = folded
    }

    func index(of name: String) -> Int? {
        exact[name] ?? folded[name.asciiLowercased]
    }

    /// The names of a prepared statement's first `count` columns.
    convenience init(of statement: OpaquePointer, count: Int, sql: String) {
        // No name only when SQLite runs out of memory making it.
        self.init((0..<count).map { sqlite3_column_name(statement, Int32($0)).map { String(cString: $0) } ?? "" }, sql: sql)
    }
}

extension String {
    /// The string with ASCII letters lowercased, and nothing else changed: how SQLite compares
    /// names.
    var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

extension DatabaseValue {
    /// The value of column `column` of a statement's current row.
    init(column: Int32, of statement: OpaquePointer) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            self = .text(Self.text(column: column, of: statement))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, column)
            let length = Int(sqlite3_column_bytes(statement, column))
            // A zero-length blob has no pointer.
            self = .blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? [])
        default:
            self = .null
        }
    }

    /// The text of column `column`, which holds text.
    static func text(column: Int32, of statement: OpaquePointer) -> String {
        // The pointer first, then the length, as SQLite's documentation orders the calls.
        let text = sqlite3_column_text(statement, column)
        let length = Int(sqlite3_column_bytes(statement, column))
        return text.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    }
}
