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
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of this code (itself, for a primary code). O(1).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = ResultCode(rawValue: 0)
    public static let error = ResultCode(rawValue: 1)
    public static let `internal` = ResultCode(rawValue: 2)
    public static let permission = ResultCode(rawValue: 3)
    public static let abort = ResultCode(rawValue: 4)
    public static let busy = ResultCode(rawValue: 5)
    public static let locked = ResultCode(rawValue: 6)
    public static let noMemory = ResultCode(rawValue: 7)
    public static let readOnly = ResultCode(rawValue: 8)
    public static let interrupt = ResultCode(rawValue: 9)
    public static let ioError = ResultCode(rawValue: 10)
    public static let corrupt = ResultCode(rawValue: 11)
    public static let notFound = ResultCode(rawValue: 12)
    public static let full = ResultCode(rawValue: 13)
    public static let cantOpen = ResultCode(rawValue: 14)
    public static let `protocol` = ResultCode(rawValue: 15)
    public static let schema = ResultCode(rawValue: 17)
    public static let tooBig = ResultCode(rawValue: 18)
    public static let constraint = ResultCode(rawValue: 19)
    public static let mismatch = ResultCode(rawValue: 20)
    public static let misuse = ResultCode(rawValue: 21)
    public static let authorization = ResultCode(rawValue: 23)
    public static let range = ResultCode(rawValue: 25)
    public static let notADatabase = ResultCode(rawValue: 26)

    public static let abortRollback = ResultCode(rawValue: 4 | 2 << 8)
    public static let busyRecovery = ResultCode(rawValue: 5 | 1 << 8)
    public static let busySnapshot = ResultCode(rawValue: 5 | 2 << 8)
    public static let readOnlyDatabaseMoved = ResultCode(rawValue: 8 | 4 << 8)
    public static let constraintCheck = ResultCode(rawValue: 19 | 1 << 8)
    public static let constraintForeignKey = ResultCode(rawValue: 19 | 3 << 8)
    public static let constraintNotNull = ResultCode(rawValue: 19 | 5 << 8)
    public static let constraintPrimaryKey = ResultCode(rawValue: 19 | 6 << 8)
    public static let constraintUnique = ResultCode(rawValue: 19 | 8 << 8)
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
