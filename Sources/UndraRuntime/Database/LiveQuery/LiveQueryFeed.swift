import Dispatch

/// Keeps a store's list fields equal to SQL queries: each list is fed by a query with a key
/// column, and stays current as transactions commit.
///
///     let feed = LiveQueryFeed(database: db, runtime: tasks.runtime)
///     try feed.add(TasksSchema.open, query: "SELECT id, title FROM task WHERE done = 0 ORDER BY title", key: "id")
///
/// After a commit that touches a table a query reads, the feed works out the keyed ops (insert
/// before, update, remove, move) that turn each list into the query's new result, and applies them
/// to the store's mirror as one frame: the store announces it like any other change, in both modes
/// (`observe`, `track`; `$field`, `objectWillChange`). Commits close together (those made while
/// the feed is busy or before it gets to them) make one frame.
///
/// What a refresh costs depends on the query (see `LiveQueryPath` and docs/SQLITE.md): a
/// single-table SELECT reads again only the rows the commit changed (O(changed rows)); any other
/// query runs again whole and is diffed by key.
///
/// The feed owns the frames of the mirror it feeds: nothing else may apply frames to that store.
/// It sees the commits of its database's adapter, not those of other processes or connections.
///
/// ## Threading
///
/// `add`, `path(of:)`, `waitUntilCurrent` and `cancel` may be called from any thread (`add` and
/// `waitUntilCurrent` not inside a transaction of the database, whose commit the feed would wait
/// for: `add` then throws, `waitUntilCurrent` returns at once). The feed reads the database and
/// applies frames on its queue (a serial queue of its own, or the one given): observers of the
/// store are called there. It reads on a reader connection, so it never holds up writers.
///
/// - Thread safety: `Sendable`; its work is serialized on `queue`.
public final class LiveQueryFeed: ChangeListener, @unchecked Sendable {
    // @unchecked: `work` is touched only by blocks running on `queue` (a serial queue: one block
    // at a time is the exclusion); `pending` is behind its lock.

    /// The database whose commits the feed follows (while it stays open: closing it ends that).
    public let database: SQLiteDbAdapter
    /// The store whose lists the feed keeps, and whose frames it owns.
    public let runtime: StoreRuntime
    /// Where the feed reads and applies its frames.
    public let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<ObjectIdentifier>()
    /// Commits not yet read, gathered by the writer: several commits merge here into one refresh.
    private let pending = Locked(Pending())
    private let work = Work()

    private struct Pending {
        var changes = CommittedChanges()
        var isScheduled = false
        var isCancelled = false
        /// Each query's path, readable without waiting for the queue (whose work may wait for a
        /// transaction the caller is in).
        var paths: [FieldID: LiveQueryPath] = [:]
    }

    /// The queue's state.
    private final class Work {
        var queries: [any LiveQueryNode] = []
        var epoch = UInt64.random(in: 1...UInt64.max)
        var sequence: UInt64 = 0
        var hasSnapshot = false
    }

    /// A feed of `runtime`'s list fields from `database`. `queue`: where it works and observers
    /// are called (a serial queue; by default one of its own).
    public init(database: SQLiteDbAdapter, runtime: StoreRuntime, queue: DispatchQueue? = nil) {
        self.database = database
        self.runtime = runtime
        self.queue = queue ?? DispatchQueue(label: "UndraRuntime.LiveQueryFeed")
        self.queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
    }

    deinit {
        queue.setSpecific(key: queueKey, value: nil)
    }

    // MARK: Queries

    /// Feeds `field` with the rows of `sql`, keyed by its column `key`: reads them now (the list
    /// holds them when this returns) and after every commit that may change them.
    ///
    /// Each row decodes as a `Row` from the result's columns; `key` must be unique in the result.
    /// Once added, a failure (a repeated key, a row that does not decode, a table dropped) is
    /// reported on the store's error channel, the list keeps its last rows, and the next commit
    /// reads the whole result again.
    ///
    /// - Throws: the query's own error (bad SQL, arguments, a missing key column, a repeated key, a
    ///   row that does not decode), `.misuse` if the field is fed already, if `sql` writes, or if
    ///   called inside a transaction.
    /// - Complexity: one run of the query, and a reset of the list.
    public func add<Key: Hashable & Sendable & DatabaseValueConvertible, Row: RowDecodable & Equatable & Sendable>(
        _ field: ListField<Key, Row>, query sql: String, arguments: [DatabaseValue] = [], key: String
    ) throws(DatabaseError) {
        guard !database.gate.isHeldByCurrentThread else {
            throw DatabaseError(extendedCode: .misuse, message: "a live query cannot be added inside a transaction", sql: sql)
        }
        try onQueue { () throws(DatabaseError) in
            guard !pending.withLock({ $0.isCancelled }) else {
                throw DatabaseError(extendedCode: .misuse, message: "the feed is cancelled", sql: sql)
            }
            guard !work.queries.contains(where: { $0.fieldID == field.id }) else {
                throw DatabaseError(extendedCode: .misuse, message: "the field \(field.name) is fed already", sql: sql)
            }
            let query = LiveList(field: field, sql: sql, arguments: arguments, keyColumn: key)
            try database.gate.withWriter { writer throws(DatabaseError) in
                try query.analyze(on: writer)
                watch(work.queries + [query], on: writer)
            }
            let op: FrameOp?
            do throws(DatabaseError) {
                op = try database.withReadSnapshot { reader throws(DatabaseError) in
                    try query.refresh(nil, reader: reader, mirror: runtime.mirror)
                }
            } catch {
                try? database.gate.withWriter { writer in watch(work.queries, on: writer) }
                throw error
            }
            work.queries.append(query)
            if let op, !apply([op], from: [query], snapshot: !work.hasSnapshot) { resynchronize() }
        }
    }

    /// How the query feeding `field` is kept current, or nil if it is not fed by this feed. O(1).
    public func path<Key, Row>(of field: ListField<Key, Row>) -> LiveQueryPath? {
        pending.withLock { $0.paths[field.id] }
    }

    /// Returns once every commit made before the call is in the store (its frame applied and
    /// announced). Returns at once if called inside a transaction of the database.
    public func waitUntilCurrent() {
        guard !database.gate.isHeldByCurrentThread else { return }
        onQueue { refresh() }
    }

    /// Stops feeding: the lists keep their rows, and commits are no longer read. Waits for the
    /// writer. (Releasing the feed stops it too.)
    public func cancel() {
        pending.withLock { $0.isCancelled = true }
        try? database.gate.withGate { gate throws(DatabaseError) in
            gate.connection?.tracker?.unwatch(ObjectIdentifier(self))
        }
    }

    // MARK: Commits

    /// From the writer, right after a commit: note what changed, and schedule one refresh for
    /// everything noted until it runs.
    func databaseDidCommit(_ changes: CommittedChanges) {
        let schedule = pending.withLock { pending -> Bool in
            pending.changes.merge(changes)
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        if schedule { queue.async { [weak self] in self?.refresh() } }
    }

    /// Reads what the noted commits changed and applies it as one frame. On `queue`.
    private func refresh() {
        dispatchPrecondition(condition: .onQueue(queue))
        let (changes, isCancelled) = pending.withLock { pending in
            defer {
                pending.changes = CommittedChanges()
                pending.isScheduled = false
            }
            return (pending.changes, pending.isCancelled)
        }
        guard !changes.isEmpty, !isCancelled, !work.queries.isEmpty else { return }
        if changes.schemaChanged { reanalyze() }
        var ops: [FrameOp] = []
        var refreshed: [any LiveQueryNode] = []
        do throws(DatabaseError) {
            try database.withReadSnapshot { reader throws(DatabaseError) in
                for query in work.queries {
                    do throws(DatabaseError) {
                        guard let op = try query.refresh(changes, reader: reader, mirror: runtime.mirror) else {
                            query.commitStaged()
                            continue
                        }
                        ops.append(op)
                        refreshed.append(query)
                    } catch {
                        query.discardStaged()
                        report(error, of: query)
                    }
                }
            }
        } catch {
            for query in work.queries { query.discardStaged() }
            if let query = work.queries.first { report(error, of: query) }
            return
        }
        if !ops.isEmpty && !apply(ops, from: refreshed, snapshot: false) { resynchronize() }
    }

    /// After a schema change: each query's plan again, and what the writer watches.
    private func reanalyze() {
        _ = try? database.gate.withWriter { writer throws(DatabaseError) in
            for query in work.queries {
                do throws(DatabaseError) {
                    try query.analyze(on: writer)
                } catch {
                    query.discardStaged()
                    report(error, of: query)
                }
            }
            watch(work.queries, on: writer)
        }
    }

    /// The whole of every list, as a snapshot from a new epoch: after the mirror refused a frame.
    private func resynchronize() {
        work.epoch = UInt64.random(in: 1...UInt64.max)
        work.sequence = 0
        work.hasSnapshot = false
        var ops: [FrameOp] = []
        do throws(DatabaseError) {
            try database.withReadSnapshot { reader throws(DatabaseError) in
                for query in work.queries {
                    if let op = try query.refresh(nil, reader: reader, mirror: runtime.mirror) { ops.append(op) }
                }
            }
        } catch {
            for query in work.queries { query.discardStaged() }
            if let query = work.queries.first { report(error, of: query) }
            return
        }
        if !apply(ops, from: work.queries, snapshot: true) {
            for query in work.queries { query.discardStaged() }
        }
    }

    // MARK: Frames

    /// Applies `ops` as the next frame; true if the mirror took it (its queries keep their staged state).
    private func apply(_ ops: [FrameOp], from queries: [any LiveQueryNode], snapshot: Bool) -> Bool {
        let frame = Frame(
            epoch: work.epoch, sequence: work.sequence + 1, isSnapshot: snapshot,
            schemaHash: snapshot ? runtime.mirror.schemaHash : nil, ops: ops)
        let report = runtime.apply(frame)
        // Queued: a drain running on this thread (an observer of this store made the feed
        // refresh) applies it next.
        guard report.applied == 1 || report.queued == 1 else {
            for query in queries { query.discardStaged() }
            return false
        }
        work.sequence += 1
        work.hasSnapshot = work.hasSnapshot || snapshot
        for query in queries { query.commitStaged() }
        return true
    }

    // MARK: Helpers

    /// Sets what the writer's tracker watches for this feed (the tables its queries read), and
    /// the paths `path(of:)` reports.
    private func watch(_ queries: [any LiveQueryNode], on writer: SQLiteConnection) {
        pending.withLock { pending in
            pending.paths = [:]
            for query in queries { pending.paths[query.fieldID] = query.plan?.path }
        }
        guard let tracker = writer.tracker else { return }
        var tables: [String: WatchedTable] = [:]
        for query in queries {
            for (name, table) in query.plan?.watched ?? [:] {
                tables[name] = WatchedTable(rowidColumns: (tables[name]?.rowidColumns ?? []).union(table.rowidColumns))
            }
        }
        if tracker.watch(tables, for: self) { writer.clearStatementCache() }
    }

    /// Reports a query's failure on the store's error channel.
    private func report(_ error: DatabaseError, of query: any LiveQueryNode) {
        runtime.errors.report(.core(
            code: error.extendedCode.name, message: "live query of \(query.fieldName): \(error.message), in \"\(query.sql)\""))
    }

    /// Runs `body` on the feed's queue: at once if already on it, else waiting for it.
    private func onQueue<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self) { return try body() }
        let result: Result<Value, Failure> = queue.sync {
            do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
