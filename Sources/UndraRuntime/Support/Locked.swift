#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, allocated together with it.
///
/// Why a pthread mutex and not `Synchronization.Mutex`: on Linux `Mutex` waits on raw futexes
/// that ThreadSanitizer cannot see, so it reports false races on the state it guards. A pthread
/// mutex is intercepted by the sanitizer and is as fast uncontended (one atomic each way).
///
/// The mutex comes first in the allocation, the state after it, so that the mutex's place does
/// not depend on `State`: `withLockIgnoringState` finds it with no type metadata.
///
/// The rule every caller keeps: never run user code inside `withLock`. Collect under the lock,
/// release it, then call out.
@usableFromInline
struct Locked<State>: @unchecked Sendable {  // @unchecked: `state` is reached only under `buffer`'s mutex.
    @usableFromInline
    let buffer: LockedBuffer<State>

    /// Inlinable, so that a caller's `Locked` of a type it knows is made with no generic lookups
    /// (unspecialized, making one was most of what a `Future` cost).
    @inlinable
    init(_ initial: State) {
        let created = LockedBuffer<State>.create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { $0.initialize(to: initial) }
            return pthread_mutex_t()
        }
        buffer = unsafeDowncast(created, to: LockedBuffer<State>.self)
        // Initialized in place: a mutex must not move once initialized.
        buffer.withUnsafeMutablePointerToHeader { mutex in
            assert(mutex == lockedMutex(of: buffer), "UndraRuntime: a Locked's mutex is its buffer's first stored property")
            _ = pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the state. O(1) plus `body`; safe from any thread.
    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeMutablePointers { mutex, state in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }

    /// Runs `body` holding the lock, without the state: for data the lock guards outside it (an
    /// atomic word that changes only under the lock, say). O(1) plus `body`; safe from any thread.
    ///
    /// It needs nothing of `State` (the mutex's place is fixed), so that generic code running
    /// unspecialized (called through an existential) locks with no type-metadata lookup.
    @inlinable @inline(__always)
    func withLockIgnoringState<Result>(_ body: () throws -> Result) rethrows -> Result {
        let mutex = lockedMutex(of: buffer)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// The mutex of a ``LockedBuffer``: its header, so its first stored property, found as
/// `AtomicWord` finds its words (`AnyObject`, so that the buffer's `State` is never asked for).
@inlinable @inline(__always)
func lockedMutex(of buffer: AnyObject) -> UnsafeMutablePointer<pthread_mutex_t> {
    _getUnsafePointerToStoredProperties(buffer).assumingMemoryBound(to: pthread_mutex_t.self)
}

@usableFromInline
final class LockedBuffer<State>: ManagedBuffer<pthread_mutex_t, State> {
    deinit {
        withUnsafeMutablePointers { mutex, state in
            _ = state.deinitialize(count: 1)
            pthread_mutex_destroy(mutex)
        }
    }
}
