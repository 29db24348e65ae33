#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How many tracking scopes are open, on all threads together.
///
/// This is the gate on the read path: while it is zero no thread is tracking, so `access` returns
/// after one relaxed load, without building a key path or touching thread-local storage. A thread
/// that opens a scope increments it first, so its own reads always see it non-zero.
@usableFromInline
let openScopeCount = Atomic<Int>(0)

/// What one thread knows about tracking: its stack of open scopes, and a small cache from
/// key-path objects to property ids. Only its own thread ever touches it.
final class ThreadContext {
    /// The open `track` (or re-track) scopes, innermost last. A read is recorded in every one of
    /// them, which is how an inner scope's reads also count for the outer scopes.
    @exclusivity(unchecked)  // Touched only by its own thread, never re-entrantly.
    var scopes: ContiguousArray<TrackingScope> = []

    /// While a batch of announcements runs on this thread (`deferringObserverRuns`), the
    /// continuous observers it fired, each once, in the order they first fired: the first one
    /// inline (the usual batch fires one), the others in an array.
    @exclusivity(unchecked)
    private var firstDeferred: ContinuousObserver?
    @exclusivity(unchecked)
    private var moreDeferred = ContiguousArray<ContinuousObserver>()
    @exclusivity(unchecked)
    private var isBatching = false

    /// Inside a batch: remembers `observer` to run when the batch ends, and returns true.
    func deferRun(of observer: ContinuousObserver) -> Bool {
        guard isBatching else { return false }
        if firstDeferred == nil {
            firstDeferred = observer
        } else if firstDeferred !== observer && !moreDeferred.contains(where: { $0 === observer }) {
            moreDeferred.append(observer)
        }
        return true
    }

    /// Runs `body`, a batch of announcements: a continuous observer that several of them fire
    /// runs once, after `body`, with every change named. Nested batches join the outermost.
    static func deferringObserverRuns(_ body: () -> Void) {
        let outermost = withCurrent { context -> Bool in
            guard !context.isBatching else { return false }
            context.isBatching = true
            return true
        }
        body()
        guard outermost else { return }
        // The runs happen outside the batch: announcements they cause start batches of their own.
        let (first, more) = withCurrent { context -> (ContinuousObserver?, ContiguousArray<ContinuousObserver>) in
            context.isBatching = false
            var more = ContiguousArray<ContinuousObserver>()
            if !context.moreDeferred.isEmpty { swap(&more, &context.moreDeferred) }
            return (context.firstDeferred.take(), more)
        }
        guard let first else { return }
        let thread = currentThreadID()
        first.runNow(thread: thread)
        for observer in more { observer.runNow(thread: thread) }
    }

    /// Direct-mapped: key-path object address → id. Key paths in optimized code are unique
    /// global objects, so this hits on every read after the first. An entry keeps its key path
    /// alive, so an address in the cache can never be reused by another key path; the address is
    /// kept apart so that a lookup compares integers and retains nothing.
    @exclusivity(unchecked)
    private var keyPaths = ContiguousArray<(address: UInt, keyPath: AnyKeyPath?, id: PropertyID)>(
        repeating: (0, nil, PropertyID(rawValue: 0)), count: 64)

    /// The id of the property `keyPath` names: a cache hit is a shift, a load and a compare.
    func propertyID(for keyPath: AnyKeyPath) -> PropertyID {
        let address = UInt(bitPattern: ObjectIdentifier(keyPath))
        let slot = Int(truncatingIfNeeded: (address >> 4) & 63)
        if keyPaths[slot].address == address { return keyPaths[slot].id }
        let id = PropertyRegistry.shared.id(for: keyPath)
        keyPaths[slot] = (address, keyPath, id)
        return id
    }

    /// Runs `body` with this thread's context, creating it on first use.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ThreadContext) throws -> Result) rethrows -> Result {
        if let pointer = pthread_getspecific(contextKey) {
            return try Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        let context = ThreadContext()
        pthread_setspecific(contextKey, Unmanaged.passRetained(context).toOpaque())
        return try body(context)
    }
}

/// The pthread key of the current thread's `ThreadContext`; the destructor releases it at thread exit.
private let contextKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<ThreadContext>.fromOpaque(pointer).release() }
    }
    precondition(status == 0, "UndraRuntime: pthread_key_create failed (\(status))")
    return key
}()

/// The calling thread's identity, as observers compare it ("is this write my own?").
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
