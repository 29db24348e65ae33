import UndraRuntime

/// An SQLite result code: a primary code (the low 8 bits) or an extended one (primary plus
/// detail in the higher bits), as `sqlite3_extended_errcode` returns them.
///
///     error.code == .constraint                  // the primary code
///     error.extendedCode == .constraintUnique    // the extended code
///
/// The constants name the codes a caller usually tests; any other value is a valid `ResultCode`
/// too (`name` then says `SQLITE_<number>`).
///
/// - Thread safety: a value type; `Sendable`.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's value, as SQLite's C API returns it.
    public let rawValue: Int32

    /// The code whose value is `rawValue`: any value is one (`name` then says `SQLITE_<number>`).
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of this code (itself, for a primary code). O(1).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// `SQLITE_OK`: success.
    public static let ok = ResultCode(rawValue: 0)
    /// `SQLITE_ERROR`: a generic error (an SQL error, a missing table).
    public static let error = ResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`: a fault inside SQLite.
    public static let `internal` = ResultCode(rawValue: 2)
    /// `SQLITE_PERM`: the access mode asked for cannot be given.
    public static let permission = ResultCode(rawValue: 3)
    /// `SQLITE_ABORT`: an operation was aborted, as by a rollback.
    public static let abort = ResultCode(rawValue: 4)
    /// `SQLITE_BUSY`: another connection or process holds a lock, and the busy timeout ran out.
    public static let busy = ResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`: a conflict inside one connection (or a shared cache).
    public static let locked = ResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`: SQLite could not allocate memory.
    public static let noMemory = ResultCode(rawValue: 7)
    /// `SQLITE_READONLY`: a write to a database opened read-only.
    public static let readOnly = ResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: the operation was interrupted.
    public static let interrupt = ResultCode(rawValue: 9)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    public static let ioError = ResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: the database file is malformed.
    public static let corrupt = ResultCode(rawValue: 11)
    /// `SQLITE_NOTFOUND`: an unknown file control or system call.
    public static let notFound = ResultCode(rawValue: 12)
    /// `SQLITE_FULL`: the disk is full.
    public static let full = ResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`: the file cannot be opened.
    public static let cantOpen = ResultCode(rawValue: 14)
    /// `SQLITE_PROTOCOL`: a locking protocol error (WAL).
    public static let `protocol` = ResultCode(rawValue: 15)
    /// `SQLITE_SCHEMA`: the schema changed under a prepared statement.
    public static let schema = ResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`: a string or blob above SQLite's limit.
    public static let tooBig = ResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`: a constraint was violated (the extended code says which).
    public static let constraint = ResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`: a datatype mismatch; the adapter's code for a value that does not
    /// convert to the type asked for.
    public static let mismatch = ResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`: the library used wrongly; the adapter's code for a closed database.
    public static let misuse = ResultCode(rawValue: 21)
    /// `SQLITE_AUTH`: an authorizer refused the statement.
    public static let authorization = ResultCode(rawValue: 23)
    /// `SQLITE_RANGE`: a parameter index out of range; the adapter's code for a wrong number of arguments.
    public static let range = ResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: 26)

    /// `SQLITE_ABORT_ROLLBACK`: a statement was aborted because its transaction rolled back.
    public static let abortRollback = ResultCode(rawValue: 4 | 2 << 8)
    /// `SQLITE_BUSY_RECOVERY`: another connection is recovering the WAL.
    public static let busyRecovery = ResultCode(rawValue: 5 | 1 << 8)
    /// `SQLITE_BUSY_SNAPSHOT`: a read transaction cannot become a write one, its snapshot being old.
    public static let busySnapshot = ResultCode(rawValue: 5 | 2 << 8)
    /// `SQLITE_READONLY_DBMOVED`: the database file was moved or deleted while open.
    public static let readOnlyDatabaseMoved = ResultCode(rawValue: 8 | 4 << 8)
    /// `SQLITE_CONSTRAINT_CHECK`: a `CHECK` constraint failed.
    public static let constraintCheck = ResultCode(rawValue: 19 | 1 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
    public static let constraintForeignKey = ResultCode(rawValue: 19 | 3 << 8)
    /// `SQLITE_CONSTRAINT_NOTNULL`: a `NOT NULL` constraint failed.
    public static let constraintNotNull = ResultCode(rawValue: 19 | 5 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a primary key is not unique.
    public static let constraintPrimaryKey = ResultCode(rawValue: 19 | 6 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a `UNIQUE` constraint failed.
    public static let constraintUnique = ResultCode(rawValue: 19 | 8 << 8)
    /// `SQLITE_CONSTRAINT_DATATYPE`: a value of the wrong type in a `STRICT` table.
    public static let constraintDatatype = ResultCode(rawValue: 19 | 12 << 8)

    private static let names: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY", 9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN",
        15: "SQLITE_PROTOCOL", 17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT",
        20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE", 23: "SQLITE_AUTH", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB",
        4 | 2 << 8: "SQLITE_ABORT_ROLLBACK", 5 | 1 << 8: "SQLITE_BUSY_RECOVERY", 5 | 2 << 8: "SQLITE_BUSY_SNAPSHOT",
        8 | 4 << 8: "SQLITE_READONLY_DBMOVED", 19 | 1 << 8: "SQLITE_CONSTRAINT_CHECK",
        19 | 3 << 8: "SQLITE_CONSTRAINT_FOREIGNKEY", 19 | 5 << 8: "SQLITE_CONSTRAINT_NOTNULL",
        19 | 6 << 8: "SQLITE_CONSTRAINT_PRIMARYKEY", 19 | 8 << 8: "SQLITE_CONSTRAINT_UNIQUE",
        19 | 12 << 8: "SQLITE_CONSTRAINT_DATATYPE",
    ]

    /// SQLite's name for the code (`SQLITE_CONSTRAINT_UNIQUE`); an extended code this type does
    /// not name reads as its primary code's name and its number (`SQLITE_IOERR (522)`).
    public var name: String {
        if let name = Self.names[rawValue] { return name }
        if let primaryName = Self.names[rawValue & 0xFF] { return "\(primaryName) (\(rawValue))" }
        return "SQLITE_\(rawValue)"
    }

    public var description: String { name }
}
