#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CUndraAtomics

/// A value guarded by a pthread mutex, allocated together with it: the library's lock.
///
/// Why a pthread mutex and not `Synchronization.Mutex`: on Linux `Mutex` waits on raw futexes
/// that ThreadSanitizer cannot see, so it reports false races on the state it guards. A pthread
/// mutex is intercepted by the sanitizer and is as fast uncontended (one atomic each way).
///
/// The rule every caller keeps: never run user code inside `withLock`. Collect under the lock,
/// release it, then call out.
@usableFromInline
package typealias Locked<State> = LockedBy<pthread_mutex_t, State>

/// A value guarded by a word lock (`cundra_lock_t`), allocated together with it: for a registrar's
/// observers, whose lock a `track` that fires takes twice, and for a ``SerialDownstream``, whose
/// lock a value through `flatMap` takes four times. Uncontended, its lock and unlock are one
/// atomic operation each, inlined, where a pthread mutex's calls check its kind and owner first:
/// in interleaved runs, `track.1prop.fire` measured about 190 ns with the mutex and 160 ns with
/// this lock, and `operators.flatMap.just.send` about 320 ns and 280 ns (2,015 and 1,751 instructions).
/// Not the library's lock everywhere: in the subjects, where the lock sits between other atomic
/// operations, the mutex measured faster (`published.set.1sink` 26 ns against 34 ns,
/// `share.send.2sinks` 37 against 49).
@usableFromInline
typealias WordLocked<State> = LockedBy<cundra_lock_t, State>

/// A lock that `LockedBy` is built on: a C lock that must not move once initialized.
@usableFromInline
package protocol RawLock {
    init()
    static func initialize(_ lock: UnsafeMutablePointer<Self>)
    static func lock(_ lock: UnsafeMutablePointer<Self>)
    static func unlock(_ lock: UnsafeMutablePointer<Self>)
    static func destroy(_ lock: UnsafeMutablePointer<Self>)
}

extension pthread_mutex_t: RawLock {
    @inlinable package static func initialize(_ lock: UnsafeMutablePointer<Self>) { _ = pthread_mutex_init(lock, nil) }
    @inlinable package static func lock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_lock(lock) }
    @inlinable package static func unlock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_unlock(lock) }
    @inlinable package static func destroy(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_destroy(lock) }
}

extension cundra_lock_t: RawLock {
    @inlinable package static func initialize(_ lock: UnsafeMutablePointer<Self>) { cundra_lock_init(lock) }
    @inlinable package static func lock(_ lock: UnsafeMutablePointer<Self>) { cundra_lock(lock) }
    @inlinable package static func unlock(_ lock: UnsafeMutablePointer<Self>) { cundra_unlock(lock) }
    @inlinable package static func destroy(_ lock: UnsafeMutablePointer<Self>) {}
}

/// A value guarded by a `Lock`, allocated together with it (`Locked`, `WordLocked`).
///
/// The lock comes first in the allocation, the state after it, so that the lock's place does
/// not depend on `State`: `withLockIgnoringState` finds it with no type metadata.
@usableFromInline
package struct LockedBy<Lock: RawLock, State>: @unchecked Sendable {  // @unchecked: `state` is reached only under `buffer`'s lock.
    @usableFromInline
    let buffer: LockedBuffer<Lock, State>

    /// Inlinable, so that a caller's `Locked` of a type it knows is made with no generic lookups
    /// (unspecialized, making one was most of what a `Future` cost).
    @inlinable
    package init(_ initial: State) {
        let created = LockedBuffer<Lock, State>.create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { $0.initialize(to: initial) }
            return Lock()
        }
        buffer = unsafeDowncast(created, to: LockedBuffer<Lock, State>.self)
        // Initialized in place: a lock must not move once initialized.
        buffer.withUnsafeMutablePointerToHeader { lock in
            assert(lock == lockOfBuffer(buffer, as: Lock.self), "UndraRuntime: a Locked's lock is its buffer's first stored property")
            Lock.initialize(lock)
        }
    }

    /// Runs `body` with exclusive access to the state. O(1) plus `body`; safe from any thread.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeMutablePointers { lock, state in
            Lock.lock(lock)
            defer { Lock.unlock(lock) }
            return try body(&state.pointee)
        }
    }
}

extension LockedBy where Lock == pthread_mutex_t {
    /// Runs `body` holding the lock, without the state: for data the lock guards outside it (an
    /// atomic word that changes only under the lock, say). O(1) plus `body`; safe from any thread.
    ///
    /// It needs nothing of `State` (the lock's place is fixed) and names its lock's type, so that
    /// generic code running unspecialized (called through an existential) locks with no
    /// type-metadata lookup (reaching the lock's type through `Lock` looked up this type's
    /// metadata: `subject.send.requestMax1PerValue` went from 40 to 89 ns).
    @inlinable @inline(__always)
    func withLockIgnoringState<Result>(_ body: () throws -> Result) rethrows -> Result {
        let mutex = lockOfBuffer(buffer, as: pthread_mutex_t.self)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// The lock of a ``LockedBuffer``: its header, so its first stored property, found as
/// `AtomicWord` finds its words (`AnyObject`, so that the buffer's `State` is never asked for).
@inlinable @inline(__always)
func lockOfBuffer<Lock>(_ buffer: AnyObject, as: Lock.Type) -> UnsafeMutablePointer<Lock> {
    _getUnsafePointerToStoredProperties(buffer).assumingMemoryBound(to: Lock.self)
}

@usableFromInline
final class LockedBuffer<Lock: RawLock, State>: ManagedBuffer<Lock, State> {
    deinit {
        withUnsafeMutablePointers { lock, state in
            _ = state.deinitialize(count: 1)
            Lock.destroy(lock)
        }
    }
}
