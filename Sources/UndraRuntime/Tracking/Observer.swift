/// The observer of one registrar entry: one `track` call, or one continuous observation.
///
/// A registrar keeps *entries*, one per (observer, subject, property), in a bucket per (subject,
/// property). A scope installs its observer's entry the first time it reads a property, at once
/// (so a write by another thread after the read always finds it). An observer that can no longer
/// fire (a one-shot that fired, a cancelled observation) is not visited to be removed: its entries
/// are dropped the next time their bucket is walked or grows (see `ObserverTable`).
///
/// The two kinds are told apart by a case, not a protocol: a registrar calls them directly, with
/// no witness table and no existential to copy. Their lifetimes differ:
/// - a one-shot's entries hold it by hand: each entry is one of the references its state word
///   counts, and the last one gone hands it back to a thread's spares (`OneShotObserver`);
/// - a continuous observer lives as long as its token, and its entries retain it.
///
/// The calls are split so that no user code runs under a registrar's lock: `receive` is called
/// under the lock and only decides (with atomics); `deliver` is called after the lock is released
/// and may run user code.
enum EntryObserver {
    case oneShot(Unmanaged<OneShotObserver>)
    case continuous(ContinuousObserver)

    /// Called under the registrar's lock for each entry of the written property's bucket; decides
    /// with atomics only. A one-shot entry that fires hands its reference to the caller, which
    /// gives it up after delivering (`deliverOnce`); one that is dropped gives it up with `dropEntry`.
    /// - Parameter thread: the writing thread (`currentThreadID()`).
    @inline(__always)
    func receive(_ event: TrackingEvent, thread: UInt) -> Verdict {
        switch self {
        case .oneShot(let observer): observer._withUnsafeGuaranteedRef { $0.receive(event) }
        case .continuous(let observer): observer.receive(event, thread: thread)
        }
    }

    /// Called with no lock held, for each entry whose verdict fired: delivers (which may run user
    /// code), then lets the entry's reference go.
    func deliverOnce(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt) {
        switch self {
        case .oneShot(let observer):
            observer._withUnsafeGuaranteedRef { $0.deliver() }
            if observer._withUnsafeGuaranteedRef({ $0.finishDelivery() }) { ThreadContext.checkInOneShot(observer) }
        case .continuous(let observer):
            observer.deliver(event, change, thread: thread)
        }
    }

    /// Whether its entries can still fire (used to drop dead entries).
    var isLive: Bool {
        switch self {
        case .oneShot(let observer): observer._withUnsafeGuaranteedRef { $0.isLive }
        case .continuous(let observer): observer.isLive
        }
    }

    /// Whether `receive` can do anything but `.keep` a live entry at a `willSet`: true for a
    /// one-shot `track` and a `.willSet` continuous observation. A registrar skips `willSet`
    /// altogether while none of its entries acts on it. Constant while the entry exists.
    var actsOnWillSet: Bool {
        switch self {
        case .oneShot(let observer): observer._withUnsafeGuaranteedRef { $0.actsOnWillSet }
        case .continuous(let observer): observer.actsOnWillSet
        }
    }

    /// Whether this is `observer`'s entry.
    func `is`(_ observer: ContinuousObserver) -> Bool {
        if case .continuous(let own) = self { return own === observer }
        return false
    }

    /// The entry is removed without firing: a one-shot gives up the reference it held, and the
    /// thread that gives up the last one checks the observer in (a continuous observer's is
    /// released with the value). Under a registrar's lock only for a one-shot that fired, so that
    /// checking it in runs no user code there.
    func dropEntry() {
        if case .oneShot(let observer) = self, observer._withUnsafeGuaranteedRef({ $0.dropReference() }) {
            ThreadContext.checkInOneShot(observer)
        }
    }

    /// The registrar holding this entry is being deinitialized (no lock held): an observer that
    /// fires then is told (`deliverOnce`); the others' entries are dropped.
    func receiveRegistrarDeinit(_ change: TrackedChange, thread: UInt) {
        switch self {
        case .oneShot(let observer):
            if observer._withUnsafeGuaranteedRef({ $0.receiveRegistrarDeinit() }) {
                deliverOnce(.didSet, change, thread: thread)
            } else {
                dropEntry()
            }
        case .continuous:
            break  // Never: while an observation reads a registrar it holds it (`ReadSet`).
        }
    }
}

/// What a registrar does with one entry when an event reaches it.
struct Verdict: Sendable {
    /// Keep the entry in its bucket.
    var keep: Bool
    /// Call `deliver` once the lock is released.
    var fire: Bool

    static let keep = Verdict(keep: true, fire: false)
    static let drop = Verdict(keep: false, fire: false)
    static let fireAndKeep = Verdict(keep: true, fire: true)
    static let fireAndDrop = Verdict(keep: false, fire: true)
}
