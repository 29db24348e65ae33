import UndraRuntime

/// The built-in `DbAdapter`: the system SQLite, in WAL mode, with one writer connection, a pool of
/// reader connections, and a cache of prepared statements on each.
///
///     let db = try SQLiteDbAdapter(path: path)
///     try db.execute("CREATE TABLE task(id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
///     try db.transaction {
///         try db.execute("INSERT INTO task(title) VALUES (?)", ["milk"])
///         try db.execute("INSERT INTO task(title) VALUES (?)", ["eggs"])
///     }
///     let titles = try db.query("SELECT title FROM task ORDER BY id").map { try $0.decode(String.self, at: 0) }
///
/// ## Threading
///
/// Any thread may call any method. Writes (`execute`, `transaction`) take the one writer
/// connection in turn: a statement, or a whole transaction, runs while other writers wait.
/// Statements a transaction's body runs, on the thread running it, join the transaction; so do
/// its queries, which see its uncommitted writes. Queries from other threads run on reader
/// connections (up to `Configuration.maximumReaderCount` at once), in parallel with the writer and
/// with each other, each on the database as last committed when it started (WAL's snapshot
/// isolation). A statement that writes, given to `query`, runs on the writer.
///
/// Do not wait, inside a transaction's body, for another thread that writes: it waits for the
/// transaction to end.
///
/// ## Errors
///
/// Every failure is a `DatabaseError`, never a trap, and leaves the database as it was: a
/// failed statement changes nothing, a failed transaction is rolled back whole.
public final class SQLiteDbAdapter: DbAdapter {
    /// How a database is opened.
    public struct Configuration: Sendable {
        /// How long a statement waits for a lock another connection or process holds before
        /// failing with `.busy`. This adapter's own writes never wait for each other here (they
        /// take turns on the writer), but its readers can: a query starting while the writer
        /// commits may take the WAL's write lock for a moment, as SQLite does to reread a WAL
        /// index header it saw half written. With 0, a write then fails with `.busy`.
        public var busyTimeoutMilliseconds: Int
        /// Opens the database read-only: writes fail with `.readOnly`.
        public var readOnly: Bool
        /// How many queries may run at once beside the writer.
        public var maximumReaderCount: Int
        /// How many prepared statements each connection keeps.
        public var statementCacheCapacity: Int

        /// A configuration; each default is the field's documented one: 5 s of busy timeout, read-write,
        /// 4 readers, 64 statements per connection.
        public init(
            busyTimeoutMilliseconds: Int = 5_000, readOnly: Bool = false, maximumReaderCount: Int = 4,
            statementCacheCapacity: Int = 64
        ) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.readOnly = readOnly
            self.maximumReaderCount = maximumReaderCount
            self.statementCacheCapacity = statementCacheCapacity
        }
    }

    /// How the database is opened (each `open` uses it).
    public let configuration: Configuration
    let gate = WriterGate()
    /// The readers (nil while closed, and for an in-memory database, whose queries use the writer:
    /// another connection would open another database).
    private let readers = Locked<ReaderPool?>(nil)
    /// The path the database was opened at.
    private let openPath = Locked<String?>(nil)

    /// An adapter not yet open: call `open(path:)`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Opens the database at `path` (created if needed; `":memory:"` for a private in-memory one).
    public convenience init(path: String, configuration: Configuration = Configuration()) throws(DatabaseError) {
        self.init(configuration: configuration)
        try open(path: path)
    }

    deinit {
        try? close()
    }

    /// The path given to `open`, while the database is open.
    public var path: String? { openPath.withLock { $0 } }

    // MARK: Opening and closing

    /// Opens the database at `path` (created if needed): the writer now, in WAL mode (unless
    /// read-only or in memory), the readers when first needed. Throws `.cantOpen`, `.notADatabase`,
    /// SQLite's error, or `.misuse` if already open; on an Apple system without SQLite 3.37
    /// (below iOS 15.4, macOS 12.4, tvOS 15.4, watchOS 8.5), `.error`: no 64-bit change counts.
    ///
    /// - Thread safety: any thread; waits for the writer.
    public func open(path: String) throws(DatabaseError) {
        let configuration = configuration
        try gate.withGate { gate throws(DatabaseError) in
            guard gate.connection == nil else {
                throw DatabaseError(extendedCode: .misuse, message: "the database is already open")
            }
            let counters = try ChangeCounters.available()
            let writer = try SQLiteConnection.open(
                path: path, readOnly: configuration.readOnly, isWriter: true,
                busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
                cacheCapacity: configuration.statementCacheCapacity, counters: counters)
            let isMemory = path.isEmpty || path == ":memory:" || path.contains("mode=memory")
            if !configuration.readOnly && !isMemory {
                do throws(DatabaseError) {
                    // WAL: readers and the writer do not block each other; NORMAL: a commit is
                    // durable once the WAL is checkpointed, and the file always consistent.
                    let pragma = "PRAGMA journal_mode = WAL"
                    var mode: DatabaseValue?
                    if let statement = try writer.statement(pragma) { mode = try writer.rows(of: statement, []).first?.values.first }
                    guard mode == .text("wal") else {
                        throw DatabaseError(
                            extendedCode: .error, message: "cannot use WAL mode (journal mode is \(mode ?? .null))",
                            sql: "PRAGMA journal_mode = WAL")
                    }
                    try writer.run("PRAGMA synchronous = NORMAL")
                } catch {
                    writer.close()
                    throw error
                }
            }
            gate.connection = writer
            let pool =
                isMemory
                ? nil
                : ReaderPool(capacity: configuration.maximumReaderCount) { () throws(DatabaseError) in
                    try SQLiteConnection.open(
                        path: path, readOnly: true, isWriter: false,
                        busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
                        cacheCapacity: configuration.statementCacheCapacity, counters: counters)
                }
            readers.withLock { $0 = pool }
            openPath.withLock { $0 = path }
        }
    }

    /// Closes the database once the statement or transaction running on the writer and the
    /// queries running on readers are done. Throws `.misuse` inside a transaction's body. Live
    /// query feeds stop following commits: after the next `open`, add their queries to new feeds.
    ///
    /// - Thread safety: any thread; waits for the writer and every lent reader.
    public func close() throws(DatabaseError) {
        try gate.withGate { gate throws(DatabaseError) in
            guard let writer = gate.connection else { return }
            guard gate.transactionDepth == 0 else {
                throw DatabaseError(extendedCode: .misuse, message: "cannot close the database inside a transaction")
            }
            let pool = readers.withLock { pool in
                defer { pool = nil }
                return pool
            }
            pool?.close()
            writer.close()
            gate.connection = nil
            openPath.withLock { $0 = nil }
        }
    }

    // MARK: Statements

    /// - Complexity: SQLite's work, plus a cache lookup of `sql` (prepared once per connection).
    /// - Thread safety: any thread; waits for the writer (see the type's Threading).
    ///
    /// Inlinable, and the arguments go on as a buffer: the array a call writes in place
    /// (`[.text(title), .integer(id)]`) then does not escape, and the compiler keeps it on the
    /// stack (measured: a heap array's allocation and release were a third of the adapter's own
    /// cost of a one-row INSERT).
    @inlinable @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue]) throws(DatabaseError) -> Int64 {
        try arguments.withUnsafeBufferPointer { arguments throws(DatabaseError) in try execute(sql, arguments: arguments) }
    }

    /// `execute(_:_:)`, with its arguments in a buffer.
    @usableFromInline
    func execute(_ sql: String, arguments: UnsafeBufferPointer<DatabaseValue>) throws(DatabaseError) -> Int64 {
        try gate.withGate { gate throws(DatabaseError) in
            guard let writer = gate.connection else { throw DatabaseError.closed(sql: sql) }
            try checkTransactionIsOpen(gate, writer, sql: sql)
            let changes: Int64
            // A loop running one statement again: straight to it, without the cache's answer
            // (an enum whose copies retained the statement).
            if let statement = writer.lastStatement(sql) {
                changes = try writer.run(statement, arguments: arguments, readsRows: false) { _ throws(DatabaseError) in }
            } else {
                changes = try executeCold(sql, arguments: arguments, on: writer)
            }
            if gate.transactionDepth == 0 && !writer.isAutocommit {
                // A BEGIN outside `transaction`: the writer would stay in it while other threads
                // write. Undone, so that the writer is always free between calls.
                try? writer.run("ROLLBACK")
                throw DatabaseError(
                    extendedCode: .misuse, message: "a transaction was left open: use transaction(_:) to group statements",
                    sql: sql)
            }
            return changes
        }
    }

    /// `execute` of SQL that is not the writer's last statement.
    private func executeCold(
        _ sql: String, arguments: UnsafeBufferPointer<DatabaseValue>, on writer: SQLiteConnection
    ) throws(DatabaseError) -> Int64 {
        switch try writer.prepared(sql) {
        case .empty:
            return 0
        case .one(let statement):
            return try writer.run(statement, arguments: arguments, readsRows: false) { _ throws(DatabaseError) in }
        case .several:
            guard arguments.isEmpty else {
                throw DatabaseError(extendedCode: .misuse, message: "arguments given for several statements", sql: sql)
            }
            return try writer.runScript(sql)
        }
    }

    /// - Complexity: SQLite's work, plus a copy of each row.
    /// - Thread safety: any thread; in parallel with the writer and other queries, except inside a
    ///   transaction's body on its thread, where it runs on the writer (see the type's Threading).
    public func query(_ sql: String, _ arguments: [DatabaseValue]) throws(DatabaseError) -> [DatabaseRow] {
        try read(sql, empty: []) { connection, statement throws(DatabaseError) in
            try connection.rows(of: statement, arguments)
        }
    }

    /// Runs one statement and decodes each of its rows as a `Row`, without copying the rows
    /// first. Complexity and threading as `query(_:_:)`.
    ///
    /// Inlinable, so that each row is decoded and appended by code specialized for `Row` where
    /// it is called (run as unspecialized generic code, the loop looked up the metadata of
    /// `[Row]` at every row: half again the C API's cost of reading the rows).
    @inlinable
    public func query<Row: RowDecodable>(
        _ sql: String, _ arguments: [DatabaseValue] = [], as type: Row.Type
    ) throws(DatabaseError) -> [Row] {
        try query(sql, arguments) { row, rows throws(DatabaseError) in rows.append(try Row(row: row)) }
    }

    /// Runs one statement, `append` adding each of its rows to the result.
    @usableFromInline
    func query<Row>(
        _ sql: String, _ arguments: [DatabaseValue],
        append: (borrowing StatementRow, inout [Row]) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> [Row] {
        try read(sql, empty: []) { connection, statement throws(DatabaseError) in
            var rows: [Row] = []
            try connection.run(statement, arguments) { row throws(DatabaseError) in try append(row, &rows) }
            return rows
        }
    }

    /// Runs `body` with the connection a query of `sql` belongs on and its prepared statement
    /// (`empty` if `sql` holds no statement).
    private func read<Result>(
        _ sql: String, empty: Result, _ body: (SQLiteConnection, Statement) throws(DatabaseError) -> Result
    ) throws(DatabaseError) -> Result {
        if !gate.isHeldByCurrentThread, let pool = readers.withLock({ $0 }) {
            let result = try pool.withReader { reader throws(DatabaseError) -> Result? in
                guard let statement = try reader.statement(sql) else { return empty }
                // A statement that writes goes to the writer (a reader is read-only).
                guard statement.isReadOnly else { return nil }
                return try body(reader, statement)
            }
            if let result { return result }
        }
        return try gate.withWriter(sql: sql) { writer throws(DatabaseError) in
            try checkTransactionIsOpen(gate, writer, sql: sql)
            guard let statement = try writer.statement(sql) else { return empty }
            return try body(writer, statement)
        }
    }

    /// Inside `transaction`, a statement must find its transaction still open: SQLite rolls a
    /// transaction back by itself after some errors (a full disk, an I/O error), and the body may
    /// have caught the error and gone on.
    private func checkTransactionIsOpen(_ gate: WriterGate, _ writer: SQLiteConnection, sql: String?) throws(DatabaseError) {
        if gate.transactionDepth > 0 && writer.isAutocommit {
            throw DatabaseError(
                extendedCode: .abortRollback,
                message: "the transaction is no longer open (SQLite rolled it back after an error, or a statement ended it)",
                sql: sql)
        }
    }

    /// Runs `body` on a reader in a read transaction (one consistent state for every statement it
    /// runs); on the writer for an in-memory database.
    func withReadSnapshot<Result>(_ body: (SQLiteConnection) throws(DatabaseError) -> Result) throws(DatabaseError) -> Result {
        if let pool = readers.withLock({ $0 }) {
            return try pool.withReader { reader throws(DatabaseError) in try reader.inReadTransaction(body) }
        }
        return try gate.withWriter { writer throws(DatabaseError) in try writer.inReadTransaction(body) }
    }

    /// The row id of the writer's last insert (0 if none): read it inside the transaction that
    /// inserted, where no other thread's insert can come between. O(1); waits for the writer.
    public func lastInsertRowID() throws(DatabaseError) -> Int64 {
        try gate.withWriter { writer in writer.lastInsertRowID }
    }

    /// Rows changed by every INSERT, UPDATE and DELETE the writer ran since the database was
    /// opened, triggers included (`sqlite3_total_changes64`: exact past 2³¹). O(1); waits for the
    /// writer.
    public func totalChanges() throws(DatabaseError) -> Int64 {
        try gate.withWriter { writer in writer.counters.totalChanges(writer.handle) }
    }
}
