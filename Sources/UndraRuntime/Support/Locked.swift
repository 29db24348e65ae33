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
            buffer.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            }
            return initial
        }
        buffer = unsafeDowncast(created, to: LockedBuffer<State>.self)
    }

    /// Runs `body` with exclusive access to the state. O(1) plus `body`; safe from any thread.
    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}

@usableFromInline
final class LockedBuffer<State>: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            _ = mutex.deinitialize(count: 1)
        }
    }
}
