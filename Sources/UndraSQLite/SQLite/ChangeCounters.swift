#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import UndraRuntime

/// SQLite's 64-bit change counts, `sqlite3_changes64` and `sqlite3_total_changes64`, taken once
/// when a database is opened.
///
/// They arrived in SQLite 3.37, which Apple ships from iOS 15.4, macOS 12.4, tvOS 15.4 and
/// watchOS 8.5 (above the package's floors), so they are reached behind `#available` here and
/// nowhere else. Below those versions a database does not open (`.error`, saying why): the 32-bit
/// `sqlite3_changes` wraps past 2³¹ rows, and a count that may be wrong is never returned in its
/// place. On Linux the system SQLite's headers must declare them (libsqlite3-dev 3.37 or later).
struct ChangeCounters: Sendable {
    typealias Counter = @convention(c) (OpaquePointer?) -> sqlite3_int64

    /// Rows changed by the connection's last INSERT, UPDATE or DELETE.
    let changes: Counter
    /// Rows changed by every INSERT, UPDATE or DELETE since the connection opened, triggers included.
    let totalChanges: Counter

    /// The counters, or an error on a system whose SQLite has no 64-bit counts.
    static func available() throws(DatabaseError) -> ChangeCounters {
        if #available(iOS 15.4, macOS 12.4, tvOS 15.4, watchOS 8.5, *) {
            return ChangeCounters(changes: sqlite3_changes64, totalChanges: sqlite3_total_changes64)
        }
        let version = String(cString: sqlite3_libversion())
        throw DatabaseError(
            extendedCode: .error,
            message: "SQLite \(version) has no 64-bit change counts (sqlite3_changes64 needs SQLite 3.37: "
                + "iOS 15.4, macOS 12.4, tvOS 15.4, watchOS 8.5)")
    }
}
