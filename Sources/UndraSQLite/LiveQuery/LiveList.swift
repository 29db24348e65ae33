import UndraRuntime

/// One live query: the SQL that feeds a list field, its plan, and (on the incremental path) the
/// place of each row in the order.
///
/// Used only on its feed's queue (see `LiveQueryFeed`), one refresh at a time.
protocol LiveQueryNode: AnyObject {
    var fieldID: FieldID { get }
    var fieldName: String { get }
    var sql: String { get }
    var plan: LiveQueryPlan? { get }
    /// Finds (again) how to keep the query current, on the writer.
    func analyze(on writer: SQLiteConnection) throws(DatabaseError)
    /// The op that brings the list to the query's result: after `changes` were committed, or, when
    /// `changes` is nil, the whole result as a reset. Nil when the list is already current. The
    /// state that goes with it is staged until `commitStaged`.
    func refresh(_ changes: CommittedChanges?, reader: SQLiteConnection, mirror: StoreMirror) throws(DatabaseError) -> FrameOp?
    /// Keeps the state staged by the last refresh: its op was applied.
    func commitStaged()
    /// Forgets it, and reads the whole result at the next refresh: its op was not applied, and
    /// the list may no longer be what the state describes.
    func discardStaged()
    /// A reset to the rows the list holds now: what a snapshot carries for a list it does not
    /// change. O(n).
    func currentRows(in mirror: StoreMirror) -> FrameOp
}

final class LiveList<
    Key: Hashable & Sendable & DatabaseValueConvertible, Row: RowDecodable & Equatable & Sendable
>: LiveQueryNode {
    let field: ListField<Key, Row>
    let sql: String
    let arguments: [DatabaseValue]
    let keyColumn: String
    private let entryPoints: LiveListEntryPoints<Key, Row>
    private(set) var plan: LiveQueryPlan?
    private var state = IncrementalState()
    private var staged: Staged?
    /// A refresh failed, or its op was not applied: the next one diffs the whole result.
    private var isStale = false
    /// The rows of the last whole result: the next one reserves room for as many.
    private var lastCount = 0

    private enum Staged {
        case state(IncrementalState)
        case patch(IncrementalState.Patch)
    }

    init(field: ListField<Key, Row>, sql: String, arguments: [DatabaseValue], keyColumn: String, entryPoints: LiveListEntryPoints<Key, Row>) {
        self.field = field
        self.sql = sql
        self.arguments = arguments
        self.keyColumn = keyColumn
        self.entryPoints = entryPoints
    }

    var fieldID: FieldID { field.id }
    var fieldName: String { field.name }

    func analyze(on writer: SQLiteConnection) throws(DatabaseError) {
        plan = try LiveQueryPlan.make(sql: sql, argumentCount: arguments.count, keyColumn: keyColumn, on: writer)
    }

    func refresh(_ changes: CommittedChanges?, reader: SQLiteConnection, mirror: StoreMirror) throws(DatabaseError) -> FrameOp? {
        do {
            return try refreshing(changes, reader: reader, mirror: mirror)
        } catch {
            // Named by the query's own SQL, not the forms the incremental path derives from it.
            throw DatabaseError(extendedCode: error.extendedCode, message: error.message, sql: sql)
        }
    }

    private func refreshing(_ changes: CommittedChanges?, reader: SQLiteConnection, mirror: StoreMirror) throws(DatabaseError) -> FrameOp? {
        staged = nil
        guard let plan else { return nil }
        guard let changes else { return .reset(field, try wholeResult(plan, reader)) }
        guard isStale || changes.touches(plan.readTables) else { return nil }
        let list = mirror[field]
        guard !isStale, let incremental = plan.incremental, !changes.schemaChanged, !changes.unseen,
            !changes.unreliable.contains(incremental.table)
        else {
            return diff(list, try wholeResult(plan, reader))
        }
        let rowids = changes.rowids[incremental.table] ?? []
        if rowids.isEmpty { return nil }
        // Past a quarter of the rows, reading them all is cheaper than one by one.
        if rowids.count > max(64, list.count / 4) { return diff(list, try wholeResult(plan, reader)) }
        guard let statement = try reader.statement(incremental.rowSQL) else { return nil }
        var changed: [Int64: FreshRow<Key, Row>?] = [:]
        changed.reserveCapacity(rowids.count)
        var arguments = self.arguments
        arguments.append(.null)
        for rowid in rowids {
            arguments[arguments.count - 1] = .integer(rowid)
            var fresh: FreshRow<Key, Row>?
            try reader.run(statement, arguments, visibleColumns: plan.visibleColumns) { row throws(DatabaseError) in
                fresh = try self.freshRow(row, plan)
            }
            changed.updateValue(fresh, forKey: rowid)
        }
        do throws(IncrementalDiff.Failure) {
            let (ops, patch) = try entryPoints.incrementalOps(list, state, changed, incremental.order)
            staged = .patch(patch)
            return ops.isEmpty ? nil : .list(field, ops)
        } catch .repeatedKey(let key) {
            throw repeatedKey(key)
        } catch .mergedKeys(let first, let second) {
            throw mergedKeys(first, second)
        } catch {
            return diff(list, try wholeResult(plan, reader))
        }
    }

    func commitStaged() {
        switch staged {
        case .state(let new): state = new
        case .patch(let patch): state.apply(patch)
        case nil: break
        }
        staged = nil
        isStale = false
    }

    func discardStaged() {
        staged = nil
        isStale = true
    }

    func currentRows(in mirror: StoreMirror) -> FrameOp {
        .reset(field, mirror[field].entries.map { ($0.key, $0.row) })
    }

    // MARK: Reading

    /// The whole result, in order, and (incremental path) the state that describes it, staged.
    private func wholeResult(_ plan: LiveQueryPlan, _ reader: SQLiteConnection) throws(DatabaseError) -> [(key: Key, row: Row)] {
        guard let statement = try reader.statement(plan.incremental?.wholeSQL ?? sql) else { return [] }
        // Gathered in arrays first: the tables are then built at their final size, without the
        // rehashing of growing ones (measured: a third of a 100,000-row load).
        var rows: [(key: Key, row: Row)] = [], ids: [DatabaseValue] = [], places: [RowPlace] = []
        rows.reserveCapacity(lastCount)
        ids.reserveCapacity(lastCount)
        if plan.incremental != nil { places.reserveCapacity(lastCount) }
        let append = entryPoints.append
        try reader.run(statement, arguments, visibleColumns: plan.visibleColumns) { row throws(DatabaseError) in
            ids.append(try append(row, plan.keyIndex, &rows))
            if plan.incremental != nil { places.append(self.place(row, plan)) }
        }
        lastCount = rows.count
        if plan.incremental != nil {
            do throws(RepeatedKey) {
                staged = .state(try IncrementalState(ids: ids, places: places) { String(describing: rows[$0].key) })
            } catch {
                throw repeatedKey(error.key)
            }
        } else {
            var seen = Set<DatabaseValue>(minimumCapacity: ids.count)
            for (index, id) in ids.enumerated() where !seen.insert(id).inserted {
                throw repeatedKey(String(describing: rows[index].key))
            }
        }
        // Keys the database keeps apart (by their bytes) that Swift's String calls equal
        // ("\u{E9}" and "e\u{301}"): one list cannot hold both.
        if Key.self == String.self {
            var seen = Set<Key>(minimumCapacity: rows.count)
            for (index, row) in rows.enumerated() where !seen.insert(row.key).inserted {
                let first = rows.firstIndex { $0.key == row.key }!
                throw mergedKeys(ids[first], ids[index])
            }
        }
        return rows
    }

    private func freshRow(_ row: borrowing StatementRow, _ plan: LiveQueryPlan) throws(DatabaseError) -> FreshRow<Key, Row> {
        let key = try LiveListEntryPoints<Key, Row>.key(of: row, at: plan.keyIndex)
        return FreshRow(key: key, id: key.databaseValue, row: try Row(row: row), place: place(row, plan))
    }

    /// The row id and ORDER BY values the incremental path's SQL adds after the query's columns.
    private func place(_ row: borrowing StatementRow, _ plan: LiveQueryPlan) -> RowPlace {
        let first = plan.visibleColumns
        let rowid: Int64
        if case .integer(let id) = row.hiddenValue(at: first) { rowid = id } else { rowid = 0 }
        let terms = plan.incremental?.order.terms.count ?? 0
        switch terms {
        case 0: return RowPlace(rowid: rowid, sortKey: .none)
        case 1: return RowPlace(rowid: rowid, sortKey: .one(row.hiddenValue(at: first + 1)))
        case 2: return RowPlace(rowid: rowid, sortKey: .two(row.hiddenValue(at: first + 1), row.hiddenValue(at: first + 2)))
        default: return RowPlace(rowid: rowid, sortKey: .many((1...terms).map { row.hiddenValue(at: first + $0) }))
        }
    }

    private func diff(_ list: KeyedList<Key, Row>, _ rows: [(key: Key, row: Row)]) -> FrameOp? {
        let ops = entryPoints.diffOps(list, rows)
        return ops.isEmpty ? nil : .list(field, ops)
    }

    private func mergedKeys(_ first: DatabaseValue, _ second: DatabaseValue) -> DatabaseError {
        DatabaseError(
            extendedCode: .constraint,
            message: "the key column \(keyColumn) holds \(first) and \(second), two keys to SQLite (their bytes differ) "
                + "that Swift's String calls equal: key the list by ExactString to keep both", sql: sql)
    }

    private func repeatedKey(_ key: String) -> DatabaseError {
        DatabaseError(
            extendedCode: .constraint, message: "the key column \(keyColumn) repeats the value \(key): a list holds one row per key",
            sql: sql)
    }
}
