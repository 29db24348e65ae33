#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CUndraAtomics

/// How many tracking scopes are open, on all threads together.
///
/// This is the gate on the read path: while it is zero no thread is tracking, so `access` returns
/// after one relaxed load, without building a key path or touching thread-local storage. A thread
/// that opens a scope increments it first, so its own reads always see it non-zero.
/// The word is a C global (`cundra_open_scope_count`): reaching it costs no lazy initialization.
@inlinable @inline(__always)
var openScopeCount: AtomicWord<Int> { AtomicWord(at: cundra_open_scope_count_address()) }

/// What one thread knows about tracking: its stack of open scopes, its spare one-shot observers,
/// the buffer its writes fire observers into, the batch of deferred runs, and a small cache from
/// key-path objects to property ids. Only its own thread ever touches it; it is found through a
/// thread-local word (`withCurrent`).
final class ThreadContext {
    /// The open `track` (or re-track) scopes, innermost last, then closed ones kept for reuse.
    /// A read is recorded in every open one, which is how an inner scope's reads also count for
    /// the outer scopes.
    @exclusivity(unchecked)  // Touched only by its own thread, never re-entrantly.
    var scopes: ContiguousArray<TrackingScope> = []

    /// How many of `scopes` are open.
    @exclusivity(unchecked)
    var depth = 0

    /// The scopes below this index are hidden: they belong to code that is waiting for an
    /// observer's callback to return (a write made while reading fired it). The callback's reads
    /// are not theirs, and its writes are not their own (`hidingScopes`).
    @exclusivity(unchecked)
    var visibleFrom = 0

    /// While a batch of announcements runs on this thread (`deferringObserverRuns`), the
    /// continuous observers it fired, with the change that fired each, in the order they fired.
    /// Nothing is locked to add one: an observer hears of its changes when the batch ends. The
    /// buffer is kept from batch to batch, so a batch allocates nothing once the thread has had one.
    @exclusivity(unchecked)
    private var deferred = ContiguousArray<DeferredChange>()
    @exclusivity(unchecked)
    private var isBatching = false

    /// One change a batch fired a continuous observer for; `observer` is cleared once it has run.
    struct DeferredChange {
        var observer: ContinuousObserver?
        let change: TrackedChange
    }

    /// Inside a batch: remembers that `change` fired `observer`, to run it when the batch ends,
    /// and returns true. O(1) amortized.
    func deferRun(of observer: ContinuousObserver, for change: TrackedChange) -> Bool {
        guard isBatching else { return false }
        deferred.append(DeferredChange(observer: observer, change: change))
        return true
    }

    /// Runs `body`, a batch of announcements: a continuous observer that several of them fire
    /// runs once, after `body`, with every change named. Nested batches join the outermost.
    ///
    /// - Complexity: O(n·m) after `body` for n changes fired for m distinct observers.
    static func deferringObserverRuns(_ body: () -> Void) {
        let outermost = withCurrent { context -> Bool in
            guard !context.isBatching else { return false }
            context.isBatching = true
            return true
        }
        body()
        guard outermost else { return }
        // The runs happen outside the batch: announcements they cause start batches of their own,
        // so the batch is taken out of the context while they run, and its buffer put back after.
        var batch = withCurrent { context in
            context.isBatching = false
            var batch = ContiguousArray<DeferredChange>()
            swap(&batch, &context.deferred)
            return batch
        }
        if !batch.isEmpty {
            let thread = currentThreadID()
            // Each observer runs once, in the order it first fired; it takes (and clears) its changes.
            for index in batch.indices {
                if let observer = batch[index].observer { observer.runDeferred(&batch, from: index, thread: thread) }
            }
            batch.removeAllKeepingCapacity()
        }
        withCurrent { context in
            if context.deferred.capacity < batch.capacity { swap(&batch, &context.deferred) }
        }
    }

    /// One-shot observers nobody holds, ready for this thread's next `track` (+1 retained each),
    /// linked through their `nextSpare`. A thread that delivers observers checked out elsewhere
    /// keeps them too, up to `maxSpares`; beyond that they are deallocated.
    @exclusivity(unchecked)
    private var spares: Unmanaged<OneShotObserver>?
    @exclusivity(unchecked)
    private var spareCount = 0

    /// How many spares a thread keeps: enough for a write that fires a thousand pending `track`s
    /// to hand them all back (about 64 KB), few enough that a thread that once did holds little.
    static var maxSpares: Int { 1024 }

    deinit {
        while let spare = spares {
            spares = spare._withUnsafeGuaranteedRef { $0.nextSpare }
            spare.release()
        }
    }

    /// A one-shot observer for a new `track` call on this thread, armed, with the call's
    /// reference: a spare if there is one, else a new one.
    /// - Parameter onChange: moved into the observer (left nil).
    @inline(__always)
    func checkOutOneShot(
        firesOnWillSet: Bool, firesOnDeinit: Bool, onChange: inout (@Sendable () -> Void)?
    ) -> Unmanaged<OneShotObserver> {
        let observer: Unmanaged<OneShotObserver>
        if let spare = spares {
            observer = spare
            spares = spare._withUnsafeGuaranteedRef { $0.nextSpare }
            spareCount -= 1
        } else {
            observer = Unmanaged.passRetained(OneShotObserver())
        }
        observer._withUnsafeGuaranteedRef {
            $0.arm(firesOnWillSet: firesOnWillSet, firesOnDeinit: firesOnDeinit, onChange: &onChange)
        }
        return observer
    }

    /// `observer` has no reference left: the calling thread forgets its `onChange` and keeps it
    /// as a spare (or deallocates it, past `maxSpares`). Called from outside the observer's own
    /// methods, which must not be running when it is deallocated.
    static func checkInOneShot(_ observer: Unmanaged<OneShotObserver>) {
        observer._withUnsafeGuaranteedRef { $0.disarm() }
        withCurrent { context in
            if context.spareCount < maxSpares {
                observer._withUnsafeGuaranteedRef { $0.nextSpare = context.spares }
                context.spares = observer
                context.spareCount += 1
            } else {
                observer.release()
            }
        }
    }

    /// A buffer for the observers that one announcement on this thread fires after the first,
    /// empty, kept from one announcement to the next; nil while one holds it (a nested
    /// announcement, made from a callback, then gets a new one).
    @exclusivity(unchecked)
    private var firedBuffer: ContiguousArray<EntryObserver>? = []

    /// The thread's buffer for fired observers, or a new one if it is in use.
    func takeFiredBuffer() -> ContiguousArray<EntryObserver> {
        firedBuffer.take() ?? []
    }

    /// Empties `buffer` (releasing what it holds) and keeps it for the next announcement, unless
    /// the thread holds one already or it grew past a few thousand observers.
    func giveBackFiredBuffer(_ buffer: consuming ContiguousArray<EntryObserver>) {
        buffer.removeAll(keepingCapacity: true)
        if firedBuffer == nil && buffer.capacity <= 4096 { firedBuffer = consume buffer }
    }

    /// Direct-mapped: key-path object address → id. Key paths in optimized code are unique
    /// global objects, so this hits on every read after the first. An entry keeps its key path
    /// alive, so an address in the cache can never be reused by another key path; the address is
    /// kept apart so that a lookup compares integers and retains nothing. `named`: the property
    /// has a name, or a `@Tracked` wrapper's storage has been asked for one (a key path to a
    /// computed property, a non-final class's included, describes itself by an address).
    @exclusivity(unchecked)
    private var keyPaths = ContiguousArray<(address: UInt, keyPath: AnyKeyPath?, id: PropertyID, named: Bool)>(
        repeating: (0, nil, PropertyID(rawValue: 0), false), count: 64)

    /// The id of the property `keyPath` names: a cache hit is a shift, a load and a compare.
    /// - Parameter storage: for a `@Tracked` property, its wrapper's storage, which names it.
    @inline(__always)
    func propertyID(for keyPath: AnyKeyPath, storage: () -> AnyKeyPath? = { nil }) -> PropertyID {
        let address = UInt(bitPattern: ObjectIdentifier(keyPath))
        let slot = Int(truncatingIfNeeded: (address >> 4) & 63)
        if keyPaths[slot].address == address {
            if keyPaths[slot].named { return keyPaths[slot].id }
            // First seen unnamed (through a hand-written accessor): a wrapper can name it now.
            guard let storage = storage() else { return keyPaths[slot].id }
            return register(keyPath, address: address, slot: slot, storage: storage)
        }
        return register(keyPath, address: address, slot: slot, storage: storage())
    }

    @inline(never)
    private func register(_ keyPath: AnyKeyPath, address: UInt, slot: Int, storage: AnyKeyPath?) -> PropertyID {
        let registry = PropertyRegistry.shared
        let name = storage.flatMap(PropertyRegistry.name(ofStorage:))
        let id = registry.id(for: keyPath, name: name)
        let named = storage != nil || !PropertyRegistry.isAnonymous(registry.name(of: id))
        keyPaths[slot] = (address, keyPath, id, named)
        return id
    }

    /// Runs `body` with this thread's context, creating it on first use. One thread-local load.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ThreadContext) throws -> Result) rethrows -> Result {
        if let pointer = cundra_current_thread_context() {
            return try Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return try body(makeCurrent())
    }

    /// Creates this thread's context: its pthread key's slot holds the reference (released at
    /// thread exit), the thread-local word finds it.
    @inline(never)
    private static func makeCurrent() -> ThreadContext {
        let context = ThreadContext()
        let pointer = Unmanaged.passRetained(context).toOpaque()
        pthread_setspecific(contextKey, pointer)
        cundra_set_current_thread_context(pointer)
        return context
    }
}

/// The pthread key whose slot holds each thread's `ThreadContext`; the destructor releases it at
/// thread exit, first clearing the thread-local word (a destructor that runs after it and reaches
/// the registrar gets a new context, which this key's next round of destructors releases).
private let contextKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        cundra_set_current_thread_context(nil)
        if let pointer { Unmanaged<ThreadContext>.fromOpaque(pointer).release() }
    }
    precondition(status == 0, "UndraRuntime: pthread_key_create failed (\(status))")
    return key
}()

/// The calling thread's identity, as observers compare it ("is this write my own?").
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
