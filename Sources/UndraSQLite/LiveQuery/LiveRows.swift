#if canImport(Combine)
import Combine
#endif
import Dispatch
#if canImport(Observation)
import Observation
#endif
import UndraRuntime

/// The rows of one query, kept current: a live query in one line, with no schema enum, store
/// class, field or `init(row:)` to write.
///
///     struct Note: Codable, Identifiable, ColumnDecodable, Equatable, Sendable {
///         var id: Int64
///         var text: String
///     }
///     let pinned = try db.liveRows(Note.self, "SELECT id, text FROM note WHERE pinned = 1 ORDER BY text")
///     pinned.rows                                     // KeyedList<Int64, Note>: `observe`, `track`, SwiftUI
///     let shown = pinned.publisher.sink { rows in … } // on the main actor, unless given a queue
///     for await rows in pinned.values { … }           // an AsyncSequence of the same values
///
/// It is a store of one list field, fed by a `LiveQueryFeed` of its own: keyed and incremental
/// like any live list (a commit that changes one row of a single-table query reads that row
/// again, and the list is patched in place), observable in both modes, and delivered where the
/// feed works: the main queue unless `queue:` names another. A failure after the first read (a
/// table dropped, a row that no longer decodes) is reported on `errors`, and the rows stay as
/// they were.
///
/// - Thread safety: read from any thread; the rows change on `feed.queue`, one commit at a time.
public final class LiveRows<Key: Hashable & Sendable & DatabaseValueConvertible, Row: RowDecodable & Equatable & Sendable>:
    UndraStore, Trackable, ObservableObject, Sendable
{
    /// The store of the one field.
    public let runtime: StoreRuntime
    /// What keeps the rows current: `waitUntilCurrent()`, `refresh()`, `cancel()`, `queue`.
    public let feed: LiveQueryFeed
    /// The one field: the rows.
    let field: ListField<Key, Row>

    /// The rows of `sql` in `database`, each decoded as a `Row` and keyed by its column `key`;
    /// read now (the rows are there when this returns), and again after each commit that may
    /// change them. `queue` and `pollInterval` are the feed's (`LiveQueryFeed`).
    ///
    /// - Throws: the query's own error (bad SQL, arguments, a missing key column, a repeated key,
    ///   a row that does not decode), or `.misuse` if `sql` writes or if called inside a
    ///   transaction. Nothing is left running then.
    /// - Complexity: one run of the query.
    public init(
        database: SQLiteDbAdapter, sql: String, arguments: [DatabaseValue] = [], key: String,
        as rowType: Row.Type = Row.self, keyedBy keyType: Key.Type = Key.self, queue: DispatchQueue = .main,
        pollInterval: UndraDuration? = LiveQueryFeed.defaultPollInterval
    ) throws(DatabaseError) {
        field = ListField<Key, Row>(id: 0, name: "rows")
        runtime = StoreRuntime(name: "LiveRows", fields: [field])
        feed = LiveQueryFeed(database: database, runtime: runtime, queue: queue, pollInterval: pollInterval)
        do throws(DatabaseError) {
            try feed.add(field, query: sql, arguments: arguments, key: key)
        } catch {
            feed.cancel()
            throw error
        }
    }

    /// The query's rows, by key, in the query's order; the read is tracked (`observe`, `track`,
    /// SwiftUI from iOS 17). O(1): the rows are shared, not copied.
    public var rows: KeyedList<Key, Row> {
        runtime.noteReader(self)
        return ListField<Key, Row>.read(field.id, from: runtime)
    }

    /// The rows now, then after each change (once per commit the feed reads), where the feed
    /// works: a `FieldPublisher`, as a store's `$field` is.
    public var publisher: FieldPublisher<KeyedList<Key, Row>> { field.publisher(in: runtime) }

    /// The same values as an `AsyncSequence`: `for await rows in live.values { … }`.
    public var values: AsyncPublisher<FieldPublisher<KeyedList<Key, Row>>> { publisher.values }

    /// Errors after the first read: a query that failed at a commit, its rows kept.
    public var errors: ErrorChannel { runtime.errors }
}

#if canImport(Observation)
/// SwiftUI redraws a view whose body read `rows` when they change (iOS 17 and later).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension LiveRows: Observable {}
#endif

extension SQLiteDbAdapter {
    /// The rows of `sql` as `Row`s keyed by their `id`, kept current: `LiveRows` in one line.
    ///
    ///     let notes = try db.liveRows(Note.self, "SELECT id, text FROM note ORDER BY text")
    ///
    /// `key` names the column holding each row's `id` (`"id"` unless told otherwise); `queue`
    /// is where the rows change and observers are called (the main queue unless told otherwise).
    ///
    /// - Throws: as `LiveRows.init`.
    /// - Complexity: one run of the query.
    public func liveRows<Row: Identifiable & RowDecodable & Equatable & Sendable>(
        _ type: Row.Type, _ sql: String, arguments: [DatabaseValue] = [], key: String = "id", queue: DispatchQueue = .main
    ) throws(DatabaseError) -> LiveRows<Row.ID, Row> where Row.ID: DatabaseValueConvertible & Sendable {
        try LiveRows(database: self, sql: sql, arguments: arguments, key: key, queue: queue)
    }
}
