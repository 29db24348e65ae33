import UndraRuntime

/// An error from the database: SQLite's primary and extended result codes, its message, and the
/// SQL that failed.
///
/// SQLite's own errors carry what SQLite reported. Errors the adapter finds itself use the code
/// SQLite uses for the same fault: a wrong number of arguments is `.range`, a value that does not
/// convert to the requested Swift type is `.mismatch`, using a closed database is `.misuse`.
///
///     do { try db.execute("INSERT INTO task(id) VALUES (?)", [1]) }
///     catch { print(error) }   // SQLITE_CONSTRAINT_PRIMARYKEY: UNIQUE constraint failed: task.id, in "INSERT …"
///
/// - Thread safety: a value type; `Sendable`.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The primary result code (`.constraint`, `.busy`, ...).
    public var code: ResultCode { extendedCode.primary }
    /// The extended result code (`.constraintUnique`, ...); the primary code when there is no detail.
    public let extendedCode: ResultCode
    /// What went wrong, in SQLite's words (`sqlite3_errmsg`) or the adapter's.
    public let message: String
    /// The SQL being prepared or run, if any.
    public let sql: String?

    /// An error with its extended code (the primary code is its low 8 bits), its message, and the
    /// SQL that failed, if any: what a custom `DbAdapter` reports, as this adapter does.
    public init(extendedCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "\(extendedCode.name): \(message)"
        if let sql { text += ", in \"\(sql)\"" }
        return text
    }

    /// Using a database that is not open.
    static func closed(sql: String? = nil) -> DatabaseError {
        DatabaseError(extendedCode: .misuse, message: "the database is not open", sql: sql)
    }
}
