/// How a live list reads a result row's key and row: made where the query is added
/// (`LiveQueryFeed.add` is inlinable), in the module that declares `Key` and `Row`, so that the
/// loop over a whole result runs specialized for them.
///
/// Run as unspecialized generic code, that loop looked up the type metadata of `Key?` and of
/// `[(key: Key, row: Row)]` at every row, and called the row's decoding through its witness
/// (measured: a quarter of loading 100,000 rows).
@usableFromInline
struct LiveRowReader<Key: DatabaseValueConvertible, Row: RowDecodable> {
    /// Decodes the row's key (from column `keyIndex`) and the row, appends both to `rows`, and
    /// returns the key's database value.
    @usableFromInline
    let append: (borrowing StatementRow, _ keyIndex: Int, inout [(key: Key, row: Row)]) throws(DatabaseError) -> DatabaseValue

    @inlinable
    init(
        append: @escaping (borrowing StatementRow, Int, inout [(key: Key, row: Row)]) throws(DatabaseError) -> DatabaseValue
    ) {
        self.append = append
    }

    /// The reader specialized for `Key` and `Row` in the caller's module.
    @inlinable
    static var specialized: LiveRowReader {
        LiveRowReader { row, keyIndex, rows throws(DatabaseError) in
            let key = try Self.key(of: row, at: keyIndex)
            rows.append((key, try Row(row: row)))
            return key.databaseValue
        }
    }

    /// The key in column `index` of `row` (which may be a column the query hides). Not through
    /// `decode`, which reads only the columns the row shows.
    @inlinable
    static func key(of row: borrowing StatementRow, at index: Int) throws(DatabaseError) -> Key {
        let value = row.hiddenValue(at: index)
        guard let key = Key(databaseValue: value) else { throw row.mismatch(value, at: index, expected: "\(Key.self)") }
        return key
    }
}
