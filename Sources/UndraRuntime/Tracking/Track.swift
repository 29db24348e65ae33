/// Runs `read`, recording every observable property it reads on this thread, and calls `onChange`
/// once, at the first change of any of them.
///
/// - `onChange` runs at the first `willSet` of a recorded property (the subject still holds the
///   old value), on the writing thread. It is removed before it is called: a write from inside
///   `onChange`, or two threads writing at once, never call it twice.
/// - Only reads on this thread count. Nested `track` calls: the inner reads also count for the outer.
/// - No lost update: each read installs the observer at once, so a write by another thread after a
///   property was read fires it, even while `read` is still running. Writes that `read` itself makes
///   do not fire it (as with Apple's Observation); a write made by a callback that one of them fired
///   (another observer reacting on this thread) is not `read`'s own, and does.
/// - The observer holds neither the subjects nor, once fired, `onChange`; if no recorded property is
///   ever written, it is released with the subjects' registrars.
///
/// - Complexity: O(1) on average per distinct property read, plus the cost of `read`.
/// - Thread safety: call from any thread; `onChange` must be safe to call from any thread.
@inlinable
public func track<T>(read: () throws -> T, onChange: consuming @escaping @Sendable () -> Void) rethrows -> T {
    let scope = OneShotScope(firesOnWillSet: true, firesOnDeinit: false, onChange: onChange)
    defer { scope.close() }
    return try read()
}

/// The scope of one `track` call (or one `TrackedValues` evaluation) on this thread: opened with a
/// one-shot observer checked out of the thread's spares, closed when `read` returns. Only these
/// two calls are compiled here; `track` itself is inlinable, so that its caller's `read` is called
/// directly, not through a generic function running unspecialized.
@usableFromInline
struct OneShotScope {
    @usableFromInline let observer: Unmanaged<OneShotObserver>

    /// Opens the scope on this thread, with an observer armed with `onChange`.
    /// - Parameter firesOnWillSet: `track` fires on `willSet`; a `didSet` one-shot (the async
    ///   sequence's) waits for the subject to hold the new value.
    @usableFromInline
    init(firesOnWillSet: Bool, firesOnDeinit: Bool, onChange: consuming @escaping @Sendable () -> Void) {
        var onChange: (@Sendable () -> Void)? = consume onChange
        observer = ThreadContext.withCurrent { context in
            let observer = context.checkOutOneShot(
                firesOnWillSet: firesOnWillSet, firesOnDeinit: firesOnDeinit, onChange: &onChange)
            context.openScope(.oneShot(observer))
            return observer
        }
    }

    /// Closes the scope (on the thread that opened it): the call gives up its reference.
    @usableFromInline
    func close() {
        ThreadContext.withCurrent { $0.closeScope() }
        if observer._withUnsafeGuaranteedRef({ $0.dropReference() }) { ThreadContext.checkInOneShot(observer) }
    }
}

/// The observer of one `track` call: armed by the reads, fired at most once, then handed back
/// to a thread's spares for the next `track`.
///
/// **Who holds it.** No Swift reference: its state word counts them by hand. The `track` call
/// holds one while it runs, each registrar entry one, and a firing entry's passes to the thread
/// that delivers it. Whoever gives up the last one hands the observer back to its own thread's
/// spares (`ThreadContext.checkInOneShot`), where the next `track` on that thread takes it
/// again: no allocation per `track` once a thread has spares, and a release and a retain fewer
/// than a counted Swift reference would cost (the entry's count moves to the deliverer, and a
/// deliverer that holds the last one needs no atomic operation to know it).
///
/// **The state word**: `references << 1 | fired`. Installs add a reference (only the thread
/// running `read` installs, while the call holds one); firing sets `fired` with one
/// compare-and-swap, keeping the entry's reference for the deliverer; every other change is a
/// subtraction. Once `fired` is set, or the call has returned, nobody can add a reference, so a
/// thread that reads "one reference, fired" holds the last one.
///
/// - Thread safety: `@unchecked Sendable`. The state word is atomic. The other fields are written
///   only by the thread that checked the observer out, before any other thread can reach it (they
///   reach it through a registrar's entry, under that registrar's lock, taken after the writes);
///   `onChange` is then read and cleared only by the thread whose compare-and-swap set `fired`.
///   Every thread that was done with the observer gave up its reference with an
///   acquiring-and-releasing operation on the state word, and the thread that finds no reference
///   left acquires them all, so its next checkout's writes come after every earlier use.
@usableFromInline
final class OneShotObserver: @unchecked Sendable {
    private static let fired = 1
    private static let reference = 2

    /// The word behind `state`, first in the object (`AtomicWord`); touched only through `state`.
    private nonisolated(unsafe) var stateWord = 0
    private var state: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self) }
    /// `track` fires on `willSet`; a `didSet` one-shot (the async sequence's) waits for the new value.
    private var firesOnWillSet = true
    /// Whether a registrar that holds its entry fires it when deinitialized (the async sequence's
    /// do, so that its closure runs again and can see its models gone; `track`'s do not).
    private var firesOnDeinit = false
    private var onChange: (@Sendable () -> Void)?
    /// The next spare on the list of the thread that keeps this one as a spare; touched only by
    /// that thread (`ThreadContext.checkOutOneShot`, `checkInOneShot`).
    var nextSpare: Unmanaged<OneShotObserver>?

    init() {
        assertAtomicWordsComeFirst(self, &stateWord)
    }

    /// Arms a spare for a new `track` call, which holds the one reference. Called by the thread
    /// that owns the spare (`ThreadContext.checkOutOneShot`); nobody else can reach it yet.
    /// - Parameter onChange: moved in (left nil).
    func arm(firesOnWillSet: Bool, firesOnDeinit: Bool, onChange: inout (@Sendable () -> Void)?) {
        self.firesOnWillSet = firesOnWillSet
        self.firesOnDeinit = firesOnDeinit
        self.onChange = onChange.take()
        state.store(Self.reference, ordering: .relaxed)
    }

    /// Installs at every first read, until it fired (a write by another thread during `read`).
    /// An install that races such a write leaves a stale entry, which is dropped like any other.
    func firstRead(of key: ObservationKey, in registrar: Registrar) {
        guard isLive else { return }
        state.wrappingAdd(Self.reference, ordering: .relaxed)  // the `track` call holds one: never from zero
        registrar.install(.oneShot(Unmanaged.passUnretained(self)), for: key)
    }

    /// Under a registrar's lock, for one entry. A write that `read` itself makes on its own
    /// thread keeps the entry (it is `read`'s own write, not a change); a write made by a callback
    /// that one of `read`'s writes fired is not hidden that way, and fires.
    @inline(__always)
    func receive(_ event: TrackingEvent) -> Verdict {
        let current = state.load(ordering: .acquiring)
        if current & Self.fired != 0 { return .drop }
        if event == .willSet && !firesOnWillSet { return .keep }
        if openScopeCount.load(ordering: .relaxed) != 0 && isOwnRead() { return .keep }
        return fire(from: current) ? .fireAndDrop : .drop  // a firing entry's reference goes to the deliverer
    }

    /// Sets `fired`, starting from the state `current` last read: true if this call set it, false
    /// if another thread's did first. One compare-and-swap, unless the count changed meanwhile.
    @inline(__always)
    private func fire(from current: Int) -> Bool {
        var current = current
        while current & Self.fired == 0 {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current | Self.fired, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Whether this thread is inside this observer's `read` now. Out of line, so that the common
    /// path saves no registers for the thread-local lookup.
    @inline(never)
    private func isOwnRead() -> Bool {
        ThreadContext.withCurrent { $0.isReading(self) }
    }

    /// Called once, by the thread whose `receive` set `fired`, with no lock held.
    func deliver() {
        ThreadContext.hidingScopes { onChange.take()?() }
    }

    /// The deliverer is done: it gives up the reference firing handed it, and returns whether it
    /// was the last (then the caller checks the observer in). When it was (the usual case: `track`
    /// returned and read one registrar), no atomic operation is needed to know it: nobody can add
    /// a reference to a fired observer.
    func finishDelivery() -> Bool {
        state.load(ordering: .acquiring) == Self.reference | Self.fired || dropReference()
    }

    /// Gives up one reference; returns whether it was the last (then the caller checks the
    /// observer in, from outside its methods: `ThreadContext.checkInOneShot`). Under a registrar's
    /// lock only for an observer that fired, whose `onChange` is gone, so that checking it in
    /// there runs no user code.
    func dropReference() -> Bool {
        state.wrappingSubtract(Self.reference, ordering: .acquiringAndReleasing).newValue >> 1 == 0
    }

    /// Nobody holds it any more: forgets `onChange` (if it never fired, that releases the closure,
    /// and whatever the closure captured). Called by the thread that checks it in.
    func disarm() {
        if onChange != nil { onChange = nil }  // usually taken already, by the delivery
    }

    var isLive: Bool {
        state.load(ordering: .relaxed) & Self.fired == 0
    }

    var actsOnWillSet: Bool { firesOnWillSet }

    /// The registrar holding this entry is being deinitialized, with no lock held: returns whether
    /// to `deliver` (then finish the delivery), once; otherwise the caller drops the entry.
    func receiveRegistrarDeinit() -> Bool {
        firesOnDeinit && fire(from: state.load(ordering: .acquiring))
    }
}
