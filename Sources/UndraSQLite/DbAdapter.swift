import UndraRuntime

/// How the core runs SQL on the host: open a database, execute statements with bound parameters,
/// query rows, group statements in transactions. `SQLiteDbAdapter` is the built-in one.
///
/// Every method reports failure as a `DatabaseError` (SQLite's result codes, its message, the SQL)
/// and never traps on bad SQL, bad arguments or a closed database. Change counts are 64-bit.
///
/// - Complexity: each call costs the database's own work for the SQL, plus a copy of each row a
///   query returns.
/// - Thread safety: an adapter is shared by every thread of the app (`Sendable`); each conforming
///   type states how it schedules them (`SQLiteDbAdapter`: one writer at a time, readers in
///   parallel).
public protocol DbAdapter: AnyObject, Sendable {
    /// Opens the database at `path`, creating it if needed. Throws if it cannot be opened, or if
    /// the adapter is already open.
    func open(path: String) throws(DatabaseError)

    /// Closes the database, after the work in progress. Further calls throw `.misuse` until the
    /// next `open`. Closing a closed adapter does nothing.
    func close() throws(DatabaseError)

    /// Runs a statement (or several, separated by `;`, when there are no arguments) and returns
    /// the number of rows it inserted, updated or deleted (0 for other statements).
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue]) throws(DatabaseError) -> Int64

    /// Runs one statement and returns its rows.
    func query(_ sql: String, _ arguments: [DatabaseValue]) throws(DatabaseError) -> [DatabaseRow]

    /// Runs `body` as one transaction: everything it executes is committed when it returns, and
    /// rolled back when it throws (the error is rethrown). Transactions nest: an inner one is a
    /// savepoint, rolled back alone when its body throws.
    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T

    /// The row id of the last row inserted (0 if none). Read it inside a transaction to know it is
    /// the one your own insert made.
    func lastInsertRowID() throws(DatabaseError) -> Int64
}

extension DbAdapter {
    /// Runs a statement with no arguments; see `execute(_:_:)`.
    @discardableResult
    public func execute(_ sql: String) throws(DatabaseError) -> Int64 {
        try execute(sql, [])
    }

    /// Runs a query with no arguments; see `query(_:_:)`.
    public func query(_ sql: String) throws(DatabaseError) -> [DatabaseRow] {
        try query(sql, [])
    }
}
