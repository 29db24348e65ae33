import UndraRuntime

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
    /// Decodes the row by its column names, reading each property's column in place. O(properties).
    public init(row: borrowing StatementRow) throws(DatabaseError) {
        let decoder = row.rowDecoder()
        defer { decoder.end() }
        do {
            self = try Self(from: decoder)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(extendedCode: .mismatch, message: "the row does not decode as \(Self.self): \(error)", sql: row.sql)
        }
    }
}
