import UndraRuntime

/// The generic work of a live list, made where the query is added (`LiveQueryFeed.add` is
/// inlinable), in the module that declares `Key` and `Row`, so that it runs specialized for them,
/// as `ListStorage.EntryPoints` does for the mirror.
///
/// Run as unspecialized generic code (the list is called through `LiveQueryNode`), loading a
/// whole result looked up the type metadata of `Key?` and of `[(key: Key, row: Row)]` at every row
/// (a quarter of loading 100,000 rows), and the incremental diff of one changed row spent most of
/// its time instantiating metadata and key paths.
@usableFromInline
struct LiveListEntryPoints<Key: Hashable & DatabaseValueConvertible, Row: RowDecodable & Equatable> {
    @usableFromInline typealias Rows = [(key: Key, row: Row)]
    @usableFromInline typealias Ops = [KeyedList<Key, Row>.Op]

    /// Decodes the row's key (from column `keyIndex`) and the row, appends both to `rows`, and
    /// returns the key's database value.
    @usableFromInline let append: (borrowing StatementRow, _ keyIndex: Int, inout Rows) throws(DatabaseError) -> DatabaseValue
    /// `IncrementalDiff.ops`.
    @usableFromInline let incrementalOps:
        (KeyedList<Key, Row>, IncrementalState, [Int64: FreshRow<Key, Row>?], SortOrder) throws(IncrementalDiff.Failure) -> (
            ops: Ops, patch: IncrementalState.Patch
        )
    /// `KeyedDiff.ops`.
    @usableFromInline let diffOps: (KeyedList<Key, Row>, Rows) -> Ops

    @inlinable
    init(
        append: @escaping (borrowing StatementRow, Int, inout Rows) throws(DatabaseError) -> DatabaseValue,
        incrementalOps: @escaping (KeyedList<Key, Row>, IncrementalState, [Int64: FreshRow<Key, Row>?], SortOrder) throws(
            IncrementalDiff.Failure
        ) -> (ops: Ops, patch: IncrementalState.Patch),
        diffOps: @escaping (KeyedList<Key, Row>, Rows) -> Ops
    ) {
        self.append = append
        self.incrementalOps = incrementalOps
        self.diffOps = diffOps
    }

    /// The entry points specialized for `Key` and `Row` in the caller's module.
    @inlinable
    static var specialized: LiveListEntryPoints {
        LiveListEntryPoints(
            append: { row, keyIndex, rows throws(DatabaseError) in
                let key = try Self.key(of: row, at: keyIndex)
                rows.append((key, try Row(row: row)))
                return key.databaseValue
            },
            incrementalOps: { list, state, changed, order throws(IncrementalDiff.Failure) in
                try IncrementalDiff.ops(list: list, state: state, changed: changed, order: order)
            },
            diffOps: { KeyedDiff.ops(from: $0, to: $1) })
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
