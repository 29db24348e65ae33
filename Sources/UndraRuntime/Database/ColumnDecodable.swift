/// A `Decodable` type read from a result row by column name, with no hand-written `init(row:)`:
/// its coding keys are the query's column names (exact first, then ASCII case-insensitive).
///
///     struct Note: Codable, ColumnDecodable, Equatable, Sendable {
///         var id: Int64
///         var text: String
///         var pinned: Bool?                      // a NULL or a missing column is nil
///     }
///     let notes = try db.query("SELECT id, text FROM note", as: Note.self)
///
/// A property reads its column as `DatabaseValueConvertible` converts it (exactly: a REAL with a
/// fraction is not an `Int64`); any other `Decodable` property (a `String`-backed enum, say) reads
/// the column's one value through a single-value container. A column missing for a non-optional
/// property is `.range`, a value that does not convert `.mismatch`, each naming the column: the
/// same errors the positional `decode(at:)` gives. Works wherever `RowDecodable` does (queries,
/// live queries); the positional `init(row:)` stays the fast path (see docs/SQLITE.md's costs).
public protocol ColumnDecodable: RowDecodable, Decodable {}

extension ColumnDecodable {
    /// Decodes the row by its column names. O(columns), plus a copy of the row's values.
    public init(row: borrowing StatementRow) throws(DatabaseError) {
        var values: [DatabaseValue] = []
        values.reserveCapacity(row.count)
        for index in 0..<row.count { values.append(try row.value(at: index)) }
        let decoder = RowDecoder(values: values, columns: row.columns)
        do {
            self = try Self(from: decoder)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(extendedCode: .mismatch, message: "the row does not decode as \(Self.self): \(error)", sql: row.sql)
        }
    }
}
