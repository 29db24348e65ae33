import UndraRuntime

/// What committed transactions changed in the tables someone watches: the row ids the update
/// hook reported, the tables statements wrote, the tables whose row ids may be incomplete, and
/// whether something changed that no hook reports (a VACUUM, another connection's commit).
///
/// Always a superset of what changed (a row id changed and changed back, or changed in a savepoint
/// later rolled back, is still listed): re-reading a listed row finds it as it is.
struct CommittedChanges: Sendable {
    /// Row ids inserted, updated or deleted, by table.
    var rowids: [String: Set<Int64>] = [:]
    /// Tables written by a statement, even one whose rows the update hook does not report (a
    /// WITHOUT ROWID table).
    var tables: Set<String> = []
    /// Tables where rows may have changed without their row id being reported: a REPLACE conflict
    /// deletes rows silently, an update of the row id reports only the new one, a trigger may do
    /// either. Their readers re-query.
    var unreliable: Set<String> = []
    /// A table, index, view or trigger was created, dropped or altered.
    var schemaChanged = false
    /// Any table may have changed, and row ids may have been renumbered, without a hook reporting
    /// it: a `VACUUM` ran, or another connection or process committed. Every reader reads its whole
    /// result again, and the incremental path forgets the row ids it knew.
    var unseen = false

    var isEmpty: Bool { rowids.isEmpty && tables.isEmpty && unreliable.isEmpty && !schemaChanged && !unseen }

    /// Adds `other`'s changes to these.
    mutating func merge(_ other: CommittedChanges) {
        for (table, ids) in other.rowids { rowids[table, default: []].formUnion(ids) }
        tables.formUnion(other.tables)
        unreliable.formUnion(other.unreliable)
        schemaChanged = schemaChanged || other.schemaChanged
        unseen = unseen || other.unseen
    }

    /// Whether anything a reader of `tables` sees may have changed.
    func touches(_ readTables: Set<String>) -> Bool {
        unseen || schemaChanged || !tables.isDisjoint(with: readTables) || readTables.contains { rowids[$0] != nil }
    }
}

/// A table someone watches, with the names that address its row id (a column named `rowid`
/// hides the built-in one): an UPDATE that sets one of them moves a row to a new id, and the
/// update hook reports only the new one.
struct WatchedTable: Sendable, Equatable {
    /// Lowercased column names that are the row id: `rowid`, `oid`, `_rowid_` (unless a column
    /// takes the name) and an `INTEGER PRIMARY KEY` column.
    let rowidColumns: Set<String>
}

/// Who hears of commits: a live-query feed.
protocol ChangeListener: AnyObject, Sendable {
    /// Called on the writing thread right after a commit that touched tables this listener
    /// watches, under the writer gate: it must only record the changes and schedule work.
    func databaseDidCommit(_ changes: CommittedChanges)
}
