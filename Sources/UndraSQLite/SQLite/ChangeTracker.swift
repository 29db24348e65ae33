#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import UndraRuntime

/// The writer connection's view of what its statements do: SQLite's authorizer (what each
/// statement reads and writes, at prepare time), update hook (each row id changed), commit and
/// rollback hooks. After each statement it gathers what the statement changed in the watched
/// tables; when a transaction commits, it hands that to the listeners.
///
/// What no hook reports it finds by other means: a `VACUUM` by its text (it may renumber row
/// ids), and the commits of other connections and processes by `PRAGMA data_version`, which
/// changes when another connection commits. That is read after each commit of the writer's own,
/// and when a feed asks (`lookForOutsideCommits`: on its poll, `waitUntilCurrent`, `refresh`),
/// while tables are watched; `PRAGMA schema_version` then tells whether the schema changed too.
///
/// Touched only by the thread that holds the writer (`WriterGate`): SQLite calls the hooks on the
/// thread that runs the statement, and watches are changed under the gate.
final class ChangeTracker {
    // Unchecked exclusivity: touched by the writer's one thread (see above).
    /// Where the authorizer records: the statement being prepared or stepped. Unretained: whoever
    /// sets it keeps the statement alive until it sets it back (a retain and a release per
    /// statement run were measurable on a one-row INSERT).
    @exclusivity(unchecked) var access: Unmanaged<StatementAccess>?
    /// The connection whose hooks these are (set by `install`).
    private var connection: OpaquePointer?
    /// Watched tables (the union of every listener's), by name.
    @exclusivity(unchecked) private(set) var watched: [String: WatchedTable] = [:]
    @exclusivity(unchecked) private var listeners: [ObjectIdentifier: Listener] = [:]
    /// What the open transaction changed so far.
    @exclusivity(unchecked) private var pending = CommittedChanges()
    /// The commit hook ran: the statement that is ending commits its transaction.
    @exclusivity(unchecked) private var committing = false
    /// `PRAGMA data_version` and `schema_version` when last read (nil while nothing is watched).
    @exclusivity(unchecked) private var versions: (data: Int64, schema: Int64)?
    /// The two pragmas' statements, prepared on first use and finalized by `uninstall`.
    @exclusivity(unchecked) private var versionStatements: (data: OpaquePointer, schema: OpaquePointer)?

    private struct Listener {
        weak var listener: (any ChangeListener)?
        var tables: [String: WatchedTable]
    }

    // MARK: Watching

    /// Sets the tables `listener` watches (replacing any earlier set). Returns whether a table is
    /// watched that was not before: statements prepared earlier must then be prepared again, as
    /// the authorizer decides at prepare time how their DELETEs run.
    func watch(_ tables: [String: WatchedTable], for listener: any ChangeListener) -> Bool {
        listeners[ObjectIdentifier(listener)] = Listener(listener: listener, tables: tables)
        return rebuildWatched()
    }

    /// Stops telling `listener`.
    func unwatch(_ listener: ObjectIdentifier) {
        listeners[listener] = nil
        _ = rebuildWatched()
    }

    private func rebuildWatched() -> Bool {
        listeners = listeners.filter { $0.value.listener != nil }
        var union: [String: WatchedTable] = [:]
        for entry in listeners.values {
            for (name, table) in entry.tables {
                let known = union[name]?.rowidColumns ?? []
                union[name] = WatchedTable(rowidColumns: known.union(table.rowidColumns))
            }
        }
        let grew = union.keys.contains { watched[$0] == nil }
        let wasWatching = !watched.isEmpty
        watched = union
        if wasWatching != !watched.isEmpty {
            updateHook()
            // What other connections commit from now on is news.
            versions = watched.isEmpty ? nil : readVersions()
        }
        return grew
    }

    // MARK: Hooks

    /// The authorizer: records what the statement does; disables the truncate optimization of a
    /// DELETE from a watched table (its rows would go without the update hook hearing of them).
    func authorize(action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?, trigger: UnsafePointer<CChar>?) -> Int32 {
        guard let access = access?.takeUnretainedValue() else { return SQLITE_OK }
        let fromTrigger = trigger != nil
        switch action {
        case SQLITE_INSERT, SQLITE_DELETE, SQLITE_UPDATE:
            guard let first else { return SQLITE_OK }
            let table = String(cString: first)
            access.writes.insert(table)
            if fromTrigger { access.triggerWrites.insert(table) } else { access.isDataChange = true }
            if action == SQLITE_UPDATE, let second {
                access.updatedColumns[table, default: []].insert(String(cString: second).asciiLowercased)
            }
            // SQLite: "the DELETE operation proceeds but the truncate optimization is disabled".
            // Not in a DROP TABLE, which reports its DELETE after the drop: there SQLITE_IGNORE
            // would silently cancel the drop.
            if action == SQLITE_DELETE && watched[table] != nil && !access.changesSchema { return SQLITE_IGNORE }
        case SQLITE_READ:
            if let first { access.reads.insert(String(cString: first)) }
        case SQLITE_FUNCTION:
            if let second { access.functions.insert(String(cString: second).asciiLowercased) }
        case SQLITE_CREATE_INDEX...SQLITE_CREATE_VIEW, SQLITE_DROP_INDEX...SQLITE_DROP_VIEW, SQLITE_ALTER_TABLE,
            SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE:
            access.changesSchema = true
        default:
            break
        }
        return SQLITE_OK
    }

    /// The update hook: a row of `table` was inserted, updated or deleted.
    func rowChanged(table: UnsafePointer<CChar>, rowid: Int64) {
        let name = String(cString: table)
        guard watched[name] != nil else { return }
        pending.rowids[name, default: []].insert(rowid)
    }

    /// The commit hook: the transaction is committing.
    func willCommit() {
        committing = true
    }

    /// The rollback hook: what the transaction changed is gone.
    func didRollBack() {
        pending = CommittedChanges()
        committing = false
    }

    // MARK: Statements

    /// After `statement` ran (whether it succeeded or not): records the watched tables it wrote,
    /// and, if it committed a transaction, tells the listeners what the transaction changed.
    func statementDidRun(_ access: StatementAccess) {
        if !watched.isEmpty {
            if access.changesSchema { pending.schemaChanged = true }
            // A VACUUM runs outside any transaction, and commits as it ends (whether or not the
            // commit hook hears of it). Inside one it fails, and the transaction's own commit
            // tells what it changed.
            if access.renumbersRowids, let connection, sqlite3_get_autocommit(connection) != 0 {
                pending.unseen = true
                committing = true
            }
            for table in access.writes where watched[table] != nil {
                pending.tables.insert(table)
                if access.mentionsReplace || access.triggerWrites.contains(table)
                    || !(access.updatedColumns[table] ?? []).isDisjoint(with: watched[table]!.rowidColumns)
                {
                    pending.unreliable.insert(table)
                }
            }
        }
        guard committing else { return }
        committing = false
        var changes = pending
        pending = CommittedChanges()
        if let outside = outsideCommits() { changes.merge(outside) }
        tell(changes)
    }

    /// Tells the listeners whose tables `changes` touches.
    private func tell(_ changes: CommittedChanges) {
        guard !changes.isEmpty else { return }
        var someoneLeft = false
        for entry in listeners.values {
            guard let listener = entry.listener else {
                someoneLeft = true
                continue
            }
            if changes.touches(Set(entry.tables.keys)) { listener.databaseDidCommit(changes) }
        }
        // A listener released without unwatching: stop tracking what only it watched.
        if someoneLeft { _ = rebuildWatched() }
    }

    // MARK: Other connections

    /// Tells the listeners if another connection or process committed since the last look.
    /// Two pragma steps; nothing while no table is watched. Not inside a transaction, whose
    /// commit looks anyway.
    func lookForOutsideCommits() {
        guard let connection, sqlite3_get_autocommit(connection) != 0, let outside = outsideCommits() else { return }
        tell(outside)
    }

    /// What the commits of other connections since the last look changed, as far as is known
    /// (everything: `unseen`), or nil if there were none.
    private func outsideCommits() -> CommittedChanges? {
        guard let last = versions, let now = readVersions(), now.data != last.data else { return nil }
        versions = now
        var changes = CommittedChanges()
        changes.unseen = true
        changes.schemaChanged = now.schema != last.schema
        return changes
    }

    /// The connection's `PRAGMA data_version` and `schema_version`, or nil if they cannot be read.
    private func readVersions() -> (data: Int64, schema: Int64)? {
        guard let connection else { return nil }
        if versionStatements == nil {
            var data: OpaquePointer?, schema: OpaquePointer?
            let enclosing = access
            access = nil
            defer { access = enclosing }
            guard sqlite3_prepare_v3(connection, "PRAGMA data_version", -1, UInt32(SQLITE_PREPARE_PERSISTENT), &data, nil) == SQLITE_OK,
                sqlite3_prepare_v3(connection, "PRAGMA schema_version", -1, UInt32(SQLITE_PREPARE_PERSISTENT), &schema, nil) == SQLITE_OK,
                let data, let schema
            else {
                sqlite3_finalize(data)
                sqlite3_finalize(schema)
                return nil
            }
            versionStatements = (data, schema)
        }
        guard let (data, schema) = versionStatements else { return nil }
        func read(_ statement: OpaquePointer) -> Int64? {
            defer { sqlite3_reset(statement) }
            return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : nil
        }
        guard let dataVersion = read(data), let schemaVersion = read(schema) else { return nil }
        return (dataVersion, schemaVersion)
    }
}

extension ChangeTracker {
    /// Installs the authorizer and the commit and rollback hooks on `connection`; the update hook
    /// follows the watched tables (see `updateHook`).
    func install(on connection: OpaquePointer) {
        self.connection = connection
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            connection,
            { context, action, first, second, _, trigger in
                Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue()
                    .authorize(action: action, first, second, trigger: trigger)
            }, context)
        sqlite3_commit_hook(
            connection,
            { context in
                Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue().willCommit()
                return 0
            }, context)
        sqlite3_rollback_hook(
            connection,
            { context in Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue().didRollBack() }, context)
    }

    /// Removes what `install` and the version reads left on the connection, before it closes.
    func uninstall() {
        if let (data, schema) = versionStatements {
            sqlite3_finalize(data)
            sqlite3_finalize(schema)
            versionStatements = nil
        }
        versions = nil
    }

    /// Installs the update hook while tables are watched, and removes it when none is: it runs
    /// for every row a statement changes, so unwatched databases do not pay for it.
    private func updateHook() {
        guard let connection else { return }
        guard !watched.isEmpty else {
            sqlite3_update_hook(connection, nil, nil)
            return
        }
        sqlite3_update_hook(
            connection,
            { context, _, _, table, rowid in
                guard let table else { return }
                Unmanaged<ChangeTracker>.fromOpaque(context!).takeUnretainedValue().rowChanged(table: table, rowid: rowid)
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
