#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import UndraRuntime

/// A prepared statement: SQLite's `sqlite3_stmt`, finalized when the last reference goes.
///
/// Owned by its connection's cache and used only by the thread that uses the connection (the
/// writer under `WriterGate`, a reader while checked out of `ReaderPool`): that confinement is
/// what `@unchecked Sendable` on the connection rests on, and it covers its statements.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// The number of parameters (the largest index, as SQLite numbers them).
    let parameterCount: Int
    /// Whether the statement changes nothing (`sqlite3_stmt_readonly`).
    let isReadOnly: Bool
    /// What the statement reads and writes, as the writer's authorizer reported it (empty on readers).
    let access: StatementAccess
    /// `access.isDataChange`, read once (it does not change when the statement is prepared again).
    let isDataChange: Bool
    /// Set while the statement is being stepped: a nested use of the same SQL gets a fresh statement.
    /// (Unchecked exclusivity: used by its connection's one thread.)
    @exclusivity(unchecked) var isInUse = false
    /// The decoder of its rows by column name (`ColumnDecodable`), kept from one row to the next.
    @exclusivity(unchecked) var rowDecoder: RowDecoder?

    init(handle: OpaquePointer, sql: String, access: StatementAccess) {
        self.handle = handle
        self.sql = sql
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.access = access
        self.isDataChange = access.isDataChange
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The result's column count.
    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The result's column names, made on first use.
    private(set) lazy var columns = ColumnNames(of: handle, count: columnCount, sql: sql)

    /// Binds `arguments` to the parameters, in order. Throws `.range` unless there is exactly one
    /// argument per parameter, and SQLite's error if a value cannot be bound (a text or blob over
    /// SQLite's length limit is `.tooBig`).
    func bind(_ arguments: UnsafeBufferPointer<DatabaseValue>, connection: OpaquePointer) throws(DatabaseError) {
        guard arguments.count == parameterCount else {
            throw DatabaseError(
                extendedCode: .range,
                message: "\(arguments.count) argument\(arguments.count == 1 ? "" : "s") for \(parameterCount) parameter\(parameterCount == 1 ? "" : "s")",
                sql: sql)
        }
        for index in arguments.indices {
            let status = bind(arguments[index], at: Int32(truncatingIfNeeded: index + 1))
            if status != SQLITE_OK { throw DatabaseError(connection: connection, status: status, sql: sql) }
        }
    }

    @inline(__always)
    private func bind(_ value: DatabaseValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // A native string's bytes, without copying the string (a bridged one is made native).
            if let status = text.utf8.withContiguousStorageIfAvailable({ bindText($0, at: index) }) { return status }
            var native = text
            return native.withUTF8 { bindText($0, at: index) }
        case .blob(let bytes):
            // An empty blob has no pointer, and a null pointer would bind NULL.
            if bytes.isEmpty { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), transientDestructor)
            }
        }
    }

    private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
        // A pointer is needed even for "": a null one would bind NULL.
        let start = bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(bitPattern: 1)!
        return sqlite3_bind_text64(
            handle, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count), transientDestructor,
            UInt8(SQLITE_UTF8))
    }

    /// Makes the statement ready to run again (bindings are replaced by the next `bind`).
    func reset() {
        sqlite3_reset(handle)
    }
}

/// SQLite's `SQLITE_TRANSIENT` (a macro Swift cannot import): SQLite copies the bound bytes.
/// Computed, not a global constant, which Swift initializes lazily and checks at every use.
var transientDestructor: sqlite3_destructor_type { unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self) }

/// What a statement reads and writes, as the writer's authorizer reports it while the statement
/// is prepared (and re-prepared after a schema change: entries then accumulate, which only widens
/// what the statement is assumed to touch).
final class StatementAccess {
    /// The statement itself inserts, updates or deletes rows (not only its triggers): its change
    /// count is `sqlite3_changes64`'s; any other statement changes 0 rows.
    var isDataChange = false
    /// It creates, drops or alters a table, index, view or trigger.
    var changesSchema = false
    /// Tables it writes, directly or through triggers.
    var writes: Set<String> = []
    /// Tables a trigger it fires writes.
    var triggerWrites: Set<String> = []
    /// Columns it updates, by table (lowercased names).
    var updatedColumns: [String: Set<String>] = [:]
    /// Tables it reads (views read their tables).
    var reads: Set<String> = []
    /// The SQL functions it calls (lowercased names).
    var functions: Set<String> = []
    /// Its SQL contains the keyword REPLACE (an `INSERT OR REPLACE`, a `REPLACE INTO`, or the
    /// `replace()` function: conflict resolution may then delete rows the update hook never reports).
    var mentionsReplace = false
    /// It is a `VACUUM` of the database in place, which may renumber the row ids of every table
    /// without an INTEGER PRIMARY KEY, and which no hook reports (`SQLTokenizer.isVacuumInPlace`).
    var renumbersRowids = false
}

extension DatabaseError {
    /// The error a connection reports after `status`: its extended code and message.
    init(connection: OpaquePointer, status: Int32, sql: String?) {
        // The connection holds the last call's error; a call that failed without touching it
        // (a bind) has only its status.
        let extended = sqlite3_extended_errcode(connection)
        if extended & 0xFF == status & 0xFF {
            self.init(extendedCode: ResultCode(rawValue: extended), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        } else {
            self.init(extendedCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errstr(status)), sql: sql)
        }
    }
}
