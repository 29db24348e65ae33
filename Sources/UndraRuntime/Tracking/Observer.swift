/// Something a registrar calls when a property it watches is written: one `track` call, or one
/// continuous observation.
///
/// A registrar keeps *entries*, one per (observer, subject, property), in a bucket per (subject,
/// property). A scope installs its observer's entry the first time it reads a property, at once
/// (so a write by another thread after the read always finds it). An observer that can no longer
/// fire (a one-shot that fired, a cancelled observation) is not visited to be removed: its entries
/// are dropped the next time their bucket is walked or grows (see `ObserverTable`).
///
/// The protocol is split in two so that no user code runs under a registrar's lock:
/// `receive` is called under the lock and only decides (with atomics); `deliver` is called after
/// the lock is released and may run user code.
protocol Observer: AnyObject, Sendable {
    /// Called under the registrar's lock for each entry of the written property's bucket; decides
    /// with atomics only.
    /// - Parameter thread: the writing thread (`currentThreadID()`).
    func receive(_ event: TrackingEvent, thread: UInt) -> Verdict

    /// Called with no lock held, for each entry whose verdict fired. May run user code.
    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt)

    /// Whether its entries can still fire (used to drop dead entries).
    var isLive: Bool { get }

    /// Whether `receive` can do anything but `.keep` a live entry at a `willSet`: true for a
    /// one-shot `track` and a `.willSet` continuous observation. A registrar skips `willSet`
    /// altogether while none of its entries acts on it. Constant for the observer's lifetime.
    var actsOnWillSet: Bool { get }

    /// The registrar holding this entry is being deinitialized: returns whether to `deliver`, once
    /// (a `TrackedValues` iteration's one-shot observer fires, so that its closure runs again; see
    /// docs/TRACKING.md for why `track`'s and continuous observations do not). Runs no user code.
    func receiveRegistrarDeinit() -> Bool

    /// A scope of this observer, open on this thread, has read `key` through `registrar` for the
    /// first time: the observer installs its entry there at once, unless it has one already.
    /// Called on the reading thread, with no lock held; runs no user code.
    func firstRead(of key: ObservationKey, in registrar: Registrar)
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
