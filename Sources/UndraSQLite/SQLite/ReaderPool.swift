import Dispatch
import UndraRuntime

/// The reader connections: at most `capacity`, opened when first needed, each lent to one thread
/// at a time. Under WAL, readers run beside the writer and each other, each on the last committed
/// state when its read began.
///
/// - Thread safety: any thread may borrow a reader; one that finds them all lent waits for one.
final class ReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteConnection] = []
        var isClosed = false
    }

    private let state = Locked(State())
    /// One permit per reader that may be lent: waiting on it is waiting for a free reader.
    private let permits: DispatchSemaphore
    private let capacity: Int
    private let open: @Sendable () throws(DatabaseError) -> SQLiteConnection

    init(capacity: Int, open: @escaping @Sendable () throws(DatabaseError) -> SQLiteConnection) {
        self.capacity = max(1, capacity)
        self.permits = DispatchSemaphore(value: self.capacity)
        self.open = open
    }

    /// Runs `body` with a reader of its own. Throws `.misuse` once the pool is closed, or the
    /// error of opening a new reader.
    func withReader<Result>(_ body: (SQLiteConnection) throws(DatabaseError) -> Result) throws(DatabaseError) -> Result {
        permits.wait()
        defer { permits.signal() }
        let (reader, isClosed) = state.withLock { state in (state.idle.popLast(), state.isClosed) }
        guard !isClosed else { throw DatabaseError.closed() }
        let connection: SQLiteConnection
        if let reader { connection = reader } else { connection = try open() }
        defer { state.withLock { $0.idle.append(connection) } }
        return try body(connection)
    }

    /// Closes every reader, once those lent out are back. Later borrowers get `.misuse`.
    func close() {
        state.withLock { $0.isClosed = true }
        for _ in 0..<capacity { permits.wait() }
        let readers = state.withLock { state in
            defer { state.idle = [] }
            return state.idle
        }
        for reader in readers { reader.close() }
        for _ in 0..<capacity { permits.signal() }
    }
}
