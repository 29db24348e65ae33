import UndraRuntime

/// One row of a query's result, as values: what `DbAdapter.query` returns.
///
///     for row in try db.query("SELECT id, title FROM task") {
///         let id: Int64 = try row.decode(at: 0)
///         let title: String = try row.decode(named: "title")
///     }
///
/// - Thread safety: a value type; `Sendable`.
public struct DatabaseRow: Hashable, Sendable, CustomStringConvertible {
    /// The column names, shared by every row of a result.
    let columns: ColumnNames
    /// The values, one per column, in the query's order.
    public let values: [DatabaseValue]

    init(columns: ColumnNames, values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// Creates a row from names and values (both in column order, the same count).
    public init(columnNames: [String], values: [DatabaseValue]) {
        precondition(columnNames.count == values.count, "DatabaseRow: one name per value")
        self.init(columns: ColumnNames(columnNames, sql: nil), values: values)
    }

    /// The column names, in order.
    public var columnNames: [String] { columns.names }

    /// The number of columns.
    public var count: Int { values.count }

    /// The value of column `index`; `index` must be in `0..<count`. O(1).
    public subscript(index: Int) -> DatabaseValue { values[index] }

    /// The value of the column named `name` (exact match first, then ASCII case-insensitive), or
    /// nil if there is none. O(1) on average.
    public subscript(name: String) -> DatabaseValue? {
        columns.index(of: name).map { values[$0] }
    }

    /// Column `index`, converted to `T` (see `StatementRow.decode(_:at:)`).
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws(DatabaseError) -> T {
        try StatementRow(values: values, columns: columns).decode(T.self, at: index)
    }

    /// The column named `name`, converted to `T` (see `StatementRow.decode(_:named:)`).
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, named name: String) throws(DatabaseError) -> T {
        try StatementRow(values: values, columns: columns).decode(T.self, named: name)
    }

    /// The whole row, decoded as a `RowDecodable` type.
    public func decode<Row: RowDecodable>(as type: Row.Type) throws(DatabaseError) -> Row {
        try Row(row: StatementRow(values: values, columns: columns))
    }

    public static func == (lhs: DatabaseRow, rhs: DatabaseRow) -> Bool {
        lhs.values == rhs.values && lhs.columns.names == rhs.columns.names
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(columns.names)
    }

    /// `[id: 1, title: 'milk']`.
    public var description: String {
        "[" + zip(columns.names, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}
