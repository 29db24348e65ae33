#if canImport(Glibc)
import Glibc
import UndraRuntime
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one writer connection and the right to use it: a mutex held for one statement, or for a
/// whole transaction, by the thread that writes.
///
/// Re-entrant for its holder: a transaction's body runs statements on the thread that holds the
/// gate, and they go straight to the writer (so a query in a transaction sees its own writes).
/// The holder is found by thread id, in an atomic word only that thread writes its own id to
/// (the mirror's drain is found the same way), so "do I hold it?" costs one load.
///
/// - Thread safety: `connection` and `transactionDepth` are touched only by the thread holding
///   `mutex`; that is the lock `@unchecked Sendable` points to.
final class WriterGate: @unchecked Sendable {
    /// The holder's `currentThreadID()` (0: none), first in the object (`AtomicWord`).
    private var ownerWord: Int = 0
    private var owner: AtomicWord<UInt> { AtomicWord(inFirstPropertyOf: self) }
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The writer connection; nil while the database is closed. Holder only (so exclusivity is
    /// not checked dynamically: the mutex is the check).
    @exclusivity(unchecked) var connection: SQLiteConnection?
    /// How many `transaction` calls are open on the holder's stack. Holder only.
    @exclusivity(unchecked) var transactionDepth = 0

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        assertAtomicWordsComeFirst(self, &ownerWord)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Whether the calling thread holds the gate. O(1).
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == currentThreadID()
    }

    /// Runs `body` holding the gate: at once if this thread holds it already, else once the
    /// thread that holds it lets go. `body` may block other writers for as long as it runs.
    func withGate<Result, Failure: Error>(_ body: (WriterGate) throws(Failure) -> Result) throws(Failure) -> Result {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me { return try body(self) }
        pthread_mutex_lock(mutex)
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
        return try body(self)
    }

    /// Runs `body` holding the gate if no other thread holds it; else returns nil at once, without
    /// running it (a timer's work, which must not wait behind a long transaction).
    func withGateIfFree<Result>(_ body: (WriterGate) -> Result) -> Result? {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me { return body(self) }
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
        return body(self)
    }

    /// Runs `body` with the writer connection, holding the gate; throws `.misuse` if the database
    /// is closed.
    func withWriter<Result>(
        sql: String? = nil, _ body: (SQLiteConnection) throws(DatabaseError) -> Result
    ) throws(DatabaseError) -> Result {
        try withGate { gate throws(DatabaseError) in
            guard let connection = gate.connection else { throw DatabaseError.closed(sql: sql) }
            return try body(connection)
        }
    }
}
