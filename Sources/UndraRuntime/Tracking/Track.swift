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
public func track<T>(read: () throws -> T, onChange: consuming @escaping @Sendable () -> Void) rethrows -> T {
    try trackOnce(firesOnWillSet: true, read: read, onChange: onChange)
}

/// `track`, with a choice of firing at the first `willSet` or at the first `didSet` (when the
/// subject already holds the new value, as a consumer that re-reads at once needs).
func trackOnce<T>(
    firesOnWillSet: Bool, read: () throws -> T, onChange: consuming @escaping @Sendable () -> Void
) rethrows -> T {
    let observer = OneShotObserver(
        owner: currentThreadID(), firesOnWillSet: firesOnWillSet, firesOnDeinit: false, onChange: consume onChange)
    defer { observer.finishReading() }
    return try ThreadContext.withCurrent { context in
        try context.withScope(.oneShot(Unmanaged.passUnretained(observer)), read)
    }
}

/// The observer of one `track` call: armed by the reads, fired at most once.
final class OneShotObserver: Observer {
    private static let reading = 0, armed = 1, fired = 2

    /// The word behind `state`, first in the object (`AtomicWord`); touched only through `state`.
    private nonisolated(unsafe) var stateWord = OneShotObserver.reading
    private var state: AtomicWord<Int> { AtomicWord(inFirstPropertyOf: self) }
    /// The thread running `read`. While `read` runs, a write on it may be `read`'s own (which
    /// does not fire) or a callback's (which does); other threads' writes always fire.
    private let owner: UInt
    /// `track` fires on `willSet`; a `didSet` one-shot (the async sequence's) waits for the new value.
    private let firesOnWillSet: Bool
    /// Whether a registrar that holds its entry fires it when deinitialized (the async sequence's
    /// do, so that its closure runs again and can see its models gone; `track`'s do not).
    private let firesOnDeinit: Bool
    /// Written once by `init`; afterwards read and cleared only by the one thread whose
    /// compare-exchange moved `state` to `fired`. That exchange is the lock guarding it: it is
    /// won at most once, and its acquire-release ordering publishes `init`'s write to the winner.
    private nonisolated(unsafe) var onChange: (@Sendable () -> Void)?

    init(owner: UInt, firesOnWillSet: Bool, firesOnDeinit: Bool, onChange: consuming @escaping @Sendable () -> Void) {
        self.owner = owner
        self.firesOnWillSet = firesOnWillSet
        self.firesOnDeinit = firesOnDeinit
        self.onChange = consume onChange
        assertAtomicWordsComeFirst(self, &stateWord)
    }

    /// `read` returned: from now on writes by the owner thread fire too.
    func finishReading() {
        _ = state.compareExchange(expected: Self.reading, desired: Self.armed, ordering: .acquiringAndReleasing)
    }

    func receive(_ event: TrackingEvent, thread: UInt) -> Verdict {
        let current = state.load(ordering: .acquiring)
        if current == Self.fired { return .drop }
        if event == .willSet && !firesOnWillSet { return .keep }
        if current == Self.reading && thread == owner { return receiveWhileReading() }
        return fire(from: current)
    }

    /// A write on the owner thread while `read` runs: `read`'s own (kept), or a callback's that a
    /// write of `read` fired (fires). Out of line, so that the common path saves no registers.
    @inline(never)
    private func receiveWhileReading() -> Verdict {
        ThreadContext.withCurrent { $0.isReading(self) } ? .keep : fire(from: Self.reading)
    }

    /// Moves `state` from `current` to `fired`: this entry fires, unless another thread's write
    /// fired it first. (`read` ending on the owner thread meanwhile changes nothing: its writes
    /// from then on fire too.)
    @inline(__always)
    private func fire(from current: Int) -> Verdict {
        var current = current
        while true {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: Self.fired, ordering: .acquiringAndReleasing)
            if exchanged { return .fireAndDrop }
            if original == Self.fired { return .drop }
            current = original
        }
    }

    /// Called once, by the thread whose `receive` won the exchange to `fired`.
    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        ThreadContext.hidingScopes { onChange.take()?() }
    }

    var isLive: Bool {
        state.load(ordering: .relaxed) != Self.fired
    }

    var actsOnWillSet: Bool { firesOnWillSet }

    func receiveRegistrarDeinit() -> Bool {
        firesOnDeinit && fire(from: state.load(ordering: .acquiring)).fire
    }

    /// Installs at every first read, until it fired (a write by another thread during `read`).
    func firstRead(of key: ObservationKey, in registrar: Registrar) {
        if isLive { registrar.install(self, for: key) }
    }
}
