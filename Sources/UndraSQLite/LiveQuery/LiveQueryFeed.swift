import Dispatch
import UndraRuntime

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
///
/// ## What it sees, and when
///
/// - The commits of its database's adapter: each is in the store as soon as the feed has read it
///   (one frame for the commits made while it was busy).
/// - A `VACUUM` through the adapter, which may renumber the row ids of tables without an INTEGER
///   PRIMARY KEY: every list is read whole again and diffed by key, as one frame.
/// - The commits of other connections and processes (a second adapter, the `sqlite3` shell): the
///   feed finds them by `PRAGMA data_version` after each commit of its adapter, at each poll
///   (`pollInterval`), and in `waitUntilCurrent` and `refresh`; then every list is read whole
///   again and diffed by key, as one frame.
///
/// ## Threading
///
/// `add`, `path(of:)`, `waitUntilCurrent`, `refresh` and `cancel` may be called from any thread
/// (`add`, `refresh` and `waitUntilCurrent` not inside a transaction of the database, whose commit
/// /// the feed would wait for: `add` and `refresh` then throw, `waitUntilCurrent` returns false at
/// once). The feed reads the database and applies frames on its queue: the main queue unless
/// told otherwise, so that a `@MainActor` observer (`$field.sink` in a screen, a SwiftUI view) is
/// called on the main actor, as Swift 6 checks. A single-table query's refresh reads only the
/// rows a commit changed there; a feed of heavy queries, or one for a service, takes a serial
/// queue of its own (`queue:`), and its observers are called there. It reads on a reader
/// connection, so it never holds up writers.
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
    /// The poll for other connections' commits (nil: none).
    private let poll: (any DispatchSourceTimer)?

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
        /// The epoch of the last frame the feed made (0: none yet), and its sequence.
        var epoch: UInt64 = 0
        var sequence: UInt64 = 0
        /// The next frame is a snapshot of a new epoch: the feed's first, and the first after the
        /// mirror refused one of its frames (the mirror then waits for a snapshot).
        var owesSnapshot = true
    }

    /// How often a feed looks for other connections' commits unless told otherwise: every second
    /// on macOS and Linux; never on iOS, tvOS, watchOS and visionOS, where a timer waking the
    /// device costs power (call `refresh()` when the app knows another process wrote, for example
    /// as it becomes active).
    public static var defaultPollInterval: UndraDuration? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            nil
        #else
            .seconds(1)
        #endif
    }

    /// A feed of `runtime`'s list fields from `database`. `queue`: where it works and observers
    /// are called (a serial queue; by default the main queue). `pollInterval`: how often it looks
    /// for commits made by other connections and processes (nil: only after its adapter's own
    /// commits, and in `waitUntilCurrent` and `refresh`). A look is two pragma steps on the writer,
    /// skipped while a transaction holds it.
    public init(
        database: SQLiteDbAdapter, runtime: StoreRuntime, queue: DispatchQueue = .main,
        pollInterval: UndraDuration? = LiveQueryFeed.defaultPollInterval
    ) {
        self.database = database
        self.runtime = runtime
        self.queue = queue
        if let pollInterval {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let nanoseconds = Int(clamping: max(pollInterval.totalNanoseconds, 1_000_000))
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(nanoseconds / 10))
            poll = timer
        } else {
            poll = nil
        }
        queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
        poll?.setEventHandler { [weak self] in self?.lookForOutsideCommits(waiting: false) }
        poll?.activate()
    }

    deinit {
        poll?.cancel()
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
    ///   row that does not decode), `.misuse` if the field is fed already, if the store has no
    ///   such list field, if `sql` writes, or if called inside a transaction.
    /// - Complexity: one run of the query, and a reset of the list.
    @inlinable
    public func add<Key: Hashable & Sendable & DatabaseValueConvertible, Row: RowDecodable & Equatable & Sendable>(
        _ field: ListField<Key, Row>, query sql: String, arguments: [DatabaseValue] = [], key: String
    ) throws(DatabaseError) {
        // The list's generic work is specialized here, for the caller's `Key` and `Row`.
        try add(field, query: sql, arguments: arguments, key: key, entryPoints: .specialized)
    }

    @usableFromInline
    func add<Key: Hashable & Sendable & DatabaseValueConvertible, Row: RowDecodable & Equatable & Sendable>(
        _ field: ListField<Key, Row>, query sql: String, arguments: [DatabaseValue], key: String,
        entryPoints: LiveListEntryPoints<Key, Row>
    ) throws(DatabaseError) {
        guard !database.gate.isHeldByCurrentThread else {
            throw DatabaseError(extendedCode: .misuse, message: "a live query cannot be added inside a transaction", sql: sql)
        }
        try onQueue { () throws(DatabaseError) in
            guard !pending.withLock({ $0.isCancelled }) else {
                throw DatabaseError(extendedCode: .misuse, message: "the feed is cancelled", sql: sql)
            }
            guard runtime.mirror.holdsList(field) else {
                throw DatabaseError(
                    extendedCode: .misuse,
                    message: "the store has no list field \(field.name) of \(Key.self) keys and \(Row.self) rows", sql: sql)
            }
            guard !work.queries.contains(where: { $0.fieldID == field.id }) else {
                throw DatabaseError(extendedCode: .misuse, message: "the field \(field.name) is fed already", sql: sql)
            }
            let query = LiveList(field: field, sql: sql, arguments: arguments, keyColumn: key, entryPoints: entryPoints)
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
            if let op, !apply([op], from: [query]) { resynchronize() }
        }
    }

    /// How the query feeding `field` is kept current, or nil if it is not fed by this feed. O(1).
    public func path<Key, Row>(of field: ListField<Key, Row>) -> LiveQueryPath? {
        pending.withLock { $0.paths[field.id] }
    }

    /// Waits until every commit made before the call, by this adapter or by another connection or
    /// process, is in the store (its frame applied and announced), or until `timeout` has passed
    /// (nil: no limit). Returns whether the store is current; false at once if called inside a
    /// transaction of the database (its commit would come only after the wait).
    ///
    /// A wait that times out leaves the work to finish on the feed's queue.
    @discardableResult
    public func waitUntilCurrent(timeout: UndraDuration? = nil) -> Bool {
        guard !database.gate.isHeldByCurrentThread else { return false }
        if DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self) {
            lookForOutsideCommits(waiting: true)
            readCommits()
            return true
        }
        let done = DispatchSemaphore(value: 0)
        // Looking takes the writer, which a transaction may hold for a while: not on this thread,
        // which the timeout must free.
        DispatchQueue.global().async { [self] in
            lookForOutsideCommits(waiting: true)
            queue.async { [self] in
                readCommits()
                done.signal()
            }
        }
        guard let timeout else {
            done.wait()
            return true
        }
        let nanoseconds = Int(clamping: timeout.totalNanoseconds)
        return done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    // MARK: Reading again

    /// Reads every list's query whole again, and applies what differs from the lists (by key) as
    /// one frame: for when something changed the database that the feed cannot see (an attached
    /// database, a file replaced, another process on a device where the feed does not poll).
    /// Looks for other connections' commits first. When it throws, no list has changed.
    ///
    /// - Throws: the first query's error, or `.misuse` inside a transaction of the database or
    ///   after `cancel`.
    /// - Complexity: one run of each query, and a diff by key of each list.
    public func refresh() throws(DatabaseError) {
        try rederive(nil)
    }

    /// `refresh()` for one field's query. Throws `.misuse` if this feed does not feed `field`.
    public func refresh<Key, Row>(_ field: ListField<Key, Row>) throws(DatabaseError) {
        try rederive(field.id)
    }

    private func rederive(_ field: FieldID?) throws(DatabaseError) {
        guard !database.gate.isHeldByCurrentThread else {
            throw DatabaseError(extendedCode: .misuse, message: "a live query cannot be refreshed inside a transaction")
        }
        lookForOutsideCommits(waiting: true)
        try onQueue { () throws(DatabaseError) in
            guard !pending.withLock({ $0.isCancelled }) else {
                throw DatabaseError(extendedCode: .misuse, message: "the feed is cancelled")
            }
            let queries = work.queries.filter { field == nil || $0.fieldID == field }
            if let field, queries.isEmpty {
                throw DatabaseError(extendedCode: .misuse, message: "field \(field) is not fed by this feed")
            }
            var everything = CommittedChanges()
            everything.unseen = true
            var ops: [FrameOp] = [], refreshed: [any LiveQueryNode] = []
            do throws(DatabaseError) {
                try database.withReadSnapshot { reader throws(DatabaseError) in
                    for query in queries {
                        if let op = try query.refresh(everything, reader: reader, mirror: runtime.mirror) {
                            ops.append(op)
                            refreshed.append(query)
                        } else {
                            query.commitStaged()
                        }
                    }
                }
            } catch {
                for query in queries { query.discardStaged() }
                throw error
            }
            if !ops.isEmpty && !apply(ops, from: refreshed) { resynchronize() }
        }
    }

    /// Has the writer look for commits of other connections (which tells the feeds, this one
    /// included, through `databaseDidCommit`). `waiting`: wait for a writer that is busy; else
    /// (the poll) skip this look, the writer's commit looks anyway.
    private func lookForOutsideCommits(waiting: Bool) {
        let look: (WriterGate) -> Void = { gate in gate.connection?.tracker?.lookForOutsideCommits() }
        if waiting {
            database.gate.withGate(look)
        } else {
            _ = database.gate.withGateIfFree(look)
        }
    }

    /// Stops feeding: the lists keep their rows, and commits are no longer read. Waits for the
    /// writer. (Releasing the feed stops it too.)
    public func cancel() {
        poll?.cancel()
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
        if schedule { queue.async { [weak self] in self?.readCommits() } }
    }

    /// Reads what the noted commits changed and applies it as one frame. On `queue`.
    private func readCommits() {
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
        if !ops.isEmpty && !apply(ops, from: refreshed) { resynchronize() }
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

    /// After the mirror refused a frame: the whole of every list, as a snapshot of a new epoch.
    /// A query that fails now is reported, and its list keeps its rows.
    private func resynchronize() {
        work.owesSnapshot = true
        var ops: [FrameOp] = [], read: [any LiveQueryNode] = []
        do throws(DatabaseError) {
            try database.withReadSnapshot { reader throws(DatabaseError) in
                for query in work.queries {
                    do throws(DatabaseError) {
                        guard let op = try query.refresh(nil, reader: reader, mirror: runtime.mirror) else { continue }
                        ops.append(op)
                        read.append(query)
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
        _ = apply(ops, from: read)
    }

    // MARK: Frames

    /// Applies `ops`, made by `queries`, as the feed's next frame; true if the mirror took it (the
    /// queries keep their staged state), else false (they discard it, and read their whole result
    /// at their next refresh).
    ///
    /// While the feed owes the store a snapshot, the frame is one: of an epoch above every epoch
    /// the mirror or this feed has used (a mirror refuses a lower one as a replaced core's, so a
    /// random epoch would leave the store waiting, half the time, for a snapshot that never
    /// comes), setting every list, those not in `ops` to the rows they hold.
    private func apply(_ ops: [FrameOp], from queries: [any LiveQueryNode]) -> Bool {
        let frame: Frame
        if work.owesSnapshot {
            let epoch = max(work.epoch, runtime.mirror.position?.epoch ?? 0)
            guard epoch < .max else {
                for query in queries { query.discardStaged() }
                runtime.errors.report(.core(
                    code: ResultCode.misuse.name,
                    message: "live queries: the store is at epoch \(epoch), the last there is; the feed cannot follow it"))
                return false
            }
            let fed = Set(queries.map(\.fieldID))
            let kept = work.queries.filter { !fed.contains($0.fieldID) }.map { $0.currentRows(in: runtime.mirror) }
            frame = Frame(epoch: epoch + 1, sequence: 1, isSnapshot: true, schemaHash: runtime.mirror.schemaHash, ops: ops + kept)
        } else {
            frame = Frame(epoch: work.epoch, sequence: work.sequence + 1, ops: ops)
        }
        let report = runtime.apply(frame)
        // Queued: a drain running on this thread (an observer of this store made the feed
        // refresh) applies it next.
        guard report.applied == 1 || report.queued == 1 else {
            for query in queries { query.discardStaged() }
            return false
        }
        work.epoch = frame.epoch
        work.sequence = frame.sequence
        work.owesSnapshot = false
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
