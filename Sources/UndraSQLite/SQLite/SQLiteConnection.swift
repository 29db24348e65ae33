#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import UndraRuntime

/// One SQLite connection with its cache of prepared statements.
///
/// Used by one thread at a time: the writer while its thread holds `WriterGate`, a reader while it
/// is checked out of `ReaderPool`. That is why it is opened with `SQLITE_OPEN_NOMUTEX` (SQLite's
/// own per-call mutex would only cost), and why `@unchecked Sendable` is sound: the gate's mutex
/// and the pool's lock are the locks to point to.
final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let counters: ChangeCounters
    /// The writer's tracker (nil on readers).
    let tracker: ChangeTracker?
    // Unchecked exclusivity: the connection is used by one thread at a time (see above), and
    // the dynamic checks were a measurable part of a one-row INSERT.
    @exclusivity(unchecked) private var cache: [String: Statement] = [:]
    /// Cached SQL, oldest first: the cache forgets its oldest statement when full.
    @exclusivity(unchecked) private var cacheOrder: [String] = []
    /// The statement last found: a loop running one statement again finds it without hashing
    /// its SQL (the same string compares equal at once).
    @exclusivity(unchecked) private var lastPrepared: Statement?
    private let cacheCapacity: Int

    private init(handle: OpaquePointer, counters: ChangeCounters, tracker: ChangeTracker?, cacheCapacity: Int) {
        self.handle = handle
        self.counters = counters
        self.tracker = tracker
        self.cacheCapacity = cacheCapacity
    }

    /// Opens a connection to `path`. A writer gets a `ChangeTracker`; a `readOnly` connection
    /// cannot write (SQLite then reports `.readOnly`).
    static func open(
        path: String, readOnly: Bool, isWriter: Bool, busyTimeoutMilliseconds: Int, cacheCapacity: Int,
        counters: ChangeCounters
    ) throws(DatabaseError) -> SQLiteConnection {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let error =
                handle.map { DatabaseError(connection: $0, status: status, sql: nil) }
                ?? DatabaseError(extendedCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errstr(status)))
            sqlite3_close_v2(handle)
            throw DatabaseError(extendedCode: error.extendedCode, message: "cannot open \(path): \(error.message)")
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(clamping: busyTimeoutMilliseconds))
        let connection = SQLiteConnection(
            handle: handle, counters: counters, tracker: isWriter ? ChangeTracker() : nil, cacheCapacity: cacheCapacity)
        connection.tracker?.install(on: handle)
        return connection
    }

    /// Closes the connection. Statements still referenced are finalized when released
    /// (`sqlite3_close_v2` waits for them).
    func close() {
        clearStatementCache()
        tracker?.uninstall()
        sqlite3_close_v2(handle)
    }

    // MARK: Statements

    /// What `prepared(_:)` found in some SQL.
    enum Prepared {
        /// Only spaces, comments and semicolons.
        case empty
        case one(Statement)
        /// More than one statement: run them with `runScript`, each prepared after the one before
        /// it ran (a statement may need the table the one before creates).
        case several
    }

    /// The statement last found, if it is `sql`'s and free. O(1) (the same string compares equal
    /// at once).
    @inline(__always)
    func lastStatement(_ sql: String) -> Statement? {
        guard let last = lastPrepared, !last.isInUse, last.sql == sql else { return nil }
        return last
    }

    /// The prepared statement of `sql`, from the cache or prepared now (and cached).
    func prepared(_ sql: String) throws(DatabaseError) -> Prepared {
        if let last = lastStatement(sql) { return .one(last) }
        if let cached = cache[sql], !cached.isInUse {
            lastPrepared = cached
            return .one(cached)
        }
        let utf8 = Array(sql.utf8CString)
        let (first, end) = try prepare(utf8, from: 0, persistent: true, originalSQL: sql)
        guard let first else { return .empty }
        if end < utf8.count - 1 {
            let rest = String(decoding: utf8[end..<(utf8.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if SQLTokenizer.tokenize(rest).contains(where: { $0.kind != .semicolon }) { return .several }
        }
        if cache[sql] == nil {
            if cache.count >= cacheCapacity, !cacheOrder.isEmpty { cache[cacheOrder.removeFirst()] = nil }
            cache[sql] = first
            cacheOrder.append(sql)
            lastPrepared = first
        }
        return .one(first)
    }

    /// The statement of `sql`, which must be one statement; nil if it is empty.
    func statement(_ sql: String) throws(DatabaseError) -> Statement? {
        switch try prepared(sql) {
        case .empty: return nil
        case .one(let statement): return statement
        case .several:
            throw DatabaseError(extendedCode: .misuse, message: "several statements where one is expected", sql: sql)
        }
    }

    /// Prepares and runs each statement of `sql` in turn (not cached); returns the rows they changed.
    func runScript(_ sql: String) throws(DatabaseError) -> Int64 {
        let utf8 = Array(sql.utf8CString)
        var offset = 0, changes: Int64 = 0
        while offset < utf8.count - 1 {
            let (statement, end) = try prepare(utf8, from: offset, persistent: false, originalSQL: nil)
            offset = end
            if let statement { changes += try run(statement, []) }
        }
        return changes
    }

    /// Prepares the statement that starts at byte `offset` of the NUL-terminated `utf8`; returns it
    /// (nil if only spaces or comments follow) and the offset after it. The statement's SQL is
    /// `originalSQL` if given, else its own text.
    private func prepare(
        _ utf8: [CChar], from offset: Int, persistent: Bool, originalSQL: String?
    ) throws(DatabaseError) -> (Statement?, Int) {
        let length = utf8.count - 1
        let access = StatementAccess()
        var statementHandle: OpaquePointer?
        var consumed = 0
        let enclosing = tracker?.access
        tracker?.access = Unmanaged.passUnretained(access)
        let status = utf8.withUnsafeBufferPointer { text in
            let start = text.baseAddress! + offset
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(
                handle, start, Int32(clamping: length - offset + 1),
                persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &statementHandle, &tail)
            consumed = tail.map { $0 - start } ?? (length - offset)
            return status
        }
        tracker?.access = enclosing
        func own() -> String {
            String(decoding: utf8[offset..<(offset + consumed)].map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingSQLSpace
        }
        guard status == SQLITE_OK else {
            // SQLite stops where the error is: the failing statement runs to its semicolon.
            var statementEnd = length
            let rest = String(decoding: utf8[offset..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let semicolon = SQLTokenizer.tokenize(rest).first(where: { $0.kind == .semicolon }) {
                statementEnd = offset + semicolon.range.lowerBound
            }
            consumed = statementEnd - offset
            throw DatabaseError(connection: handle, status: status, sql: originalSQL ?? own())
        }
        let end = offset + max(consumed, 1)
        guard let statementHandle else { return (nil, end) }
        let sql = originalSQL ?? own()
        access.mentionsReplace = !access.writes.isEmpty && SQLTokenizer.containsKeyword("REPLACE", in: sql)
        access.renumbersRowids = tracker != nil && SQLTokenizer.isVacuumInPlace(sql)
        return (Statement(handle: statementHandle, sql: sql, access: access), end)
    }

    /// Forgets every cached statement (the writer's, when the watched tables change: the
    /// authorizer's decisions are made at prepare time).
    func clearStatementCache() {
        cache = [:]
        cacheOrder = []
        lastPrepared = nil
    }

    // MARK: Running

    /// Runs `statement` with `arguments` to its end; returns the rows it changed (0 unless it is an
    /// INSERT, UPDATE or DELETE).
    @discardableResult
    func run(_ statement: Statement, _ arguments: [DatabaseValue]) throws(DatabaseError) -> Int64 {
        try arguments.withUnsafeBufferPointer { arguments throws(DatabaseError) in
            try run(statement, arguments: arguments, readsRows: false) { _ throws(DatabaseError) in }
        }
    }

    /// Runs `statement` with `arguments` to its end, handing each row to `row` (showing its first
    /// `visibleColumns` columns, or all).
    @discardableResult
    func run(
        _ statement: Statement, _ arguments: [DatabaseValue], visibleColumns: Int? = nil,
        row: (borrowing StatementRow) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> Int64 {
        try arguments.withUnsafeBufferPointer { arguments throws(DatabaseError) in
            try run(statement, arguments: arguments, visibleColumns: visibleColumns, readsRows: true, row: row)
        }
    }

    /// `run`, with the arguments in a buffer. `row` is not escaping, so that what a caller's
    /// closure captures is not boxed and checked for exclusive access at every row (measured: a
    /// tenth of the cost of loading a row).
    func run(
        _ statement: Statement, arguments: UnsafeBufferPointer<DatabaseValue>, visibleColumns: Int? = nil,
        readsRows: Bool, row: (borrowing StatementRow) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> Int64 {
        try statement.bind(arguments, connection: handle)
        statement.isInUse = true
        // For the authorizer, if the step prepares the statement again (after a schema change);
        // the statement of an enclosing run (a row decoder running SQL) gets its place back after.
        let enclosing = tracker?.access
        tracker?.access = Unmanaged.passUnretained(statement.access)
        defer {
            tracker?.access = enclosing
            statement.reset()
            statement.isInUse = false
            tracker?.statementDidRun(statement.access)
        }
        if readsRows {
            let columns = statement.columns, count = visibleColumns ?? statement.columnCount
            while try step(statement) { try row(StatementRow(statement: statement, columns: columns, count: count)) }
        } else {
            while try step(statement) {}
        }
        return statement.isDataChange ? counters.changes(handle) : 0
    }

    /// Steps `statement`: true for a row, false when done.
    @inline(__always)
    private func step(_ statement: Statement) throws(DatabaseError) -> Bool {
        let status = sqlite3_step(statement.handle)
        if status == SQLITE_DONE { return false }
        guard status == SQLITE_ROW else { throw DatabaseError(connection: handle, status: status, sql: statement.sql) }
        return true
    }

    /// Runs SQL of the adapter's own (BEGIN, COMMIT, ...), cached.
    func run(_ sql: String) throws(DatabaseError) {
        guard let statement = try statement(sql) else { return }
        try run(statement, [])
    }

    /// Runs `statement` and returns its rows.
    func rows(of statement: Statement, _ arguments: [DatabaseValue]) throws(DatabaseError) -> [DatabaseRow] {
        var rows: [DatabaseRow] = []
        try run(statement, arguments) { row throws(DatabaseError) in
            var values: [DatabaseValue] = []
            values.reserveCapacity(row.count)
            for index in 0..<row.count { values.append(try row.value(at: index)) }
            rows.append(DatabaseRow(columns: row.columns, values: values))
        }
        return rows
    }

    /// The row id of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in a read transaction: every statement it runs sees the same committed state.
    func inReadTransaction<Result>(_ body: (SQLiteConnection) throws(DatabaseError) -> Result) throws(DatabaseError) -> Result {
        try run("BEGIN DEFERRED")
        do {
            let result = try body(self)
            try run("COMMIT")
            return result
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Whether no transaction is open (`sqlite3_get_autocommit`).
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSQLSpace: String {
        let bytes = Array(utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
