/// Something a registrar calls when a property it watches is written: one `track` call, or one
/// continuous observation.
///
/// A registrar keeps *entries* (observer, generation) in a bucket per (subject, property). An
/// entry is current while its generation is the observer's current one; an observer that re-tracks
/// bumps its generation, which makes all its older entries stale at once, so re-arming never has
/// to visit the registrars it read before. Stale entries are dropped the next time their bucket is
/// walked or grows (see `ObserverTable`).
///
/// The protocol is split in two so that no user code runs under a registrar's lock:
/// `receive` is called under the lock and only decides (with atomics); `deliver` is called after
/// the lock is released and may run user code.
protocol Observer: AnyObject, Sendable {
    /// Called under the registrar's lock for each entry of the written property's bucket; decides
    /// with atomics only.
    /// - Parameter thread: the writing thread (`currentThreadID()`).
    func receive(_ event: TrackingEvent, generation: UInt64, thread: UInt) -> Verdict

    /// Called with no lock held, for each entry whose verdict fired. May run user code.
    func deliver(_ event: TrackingEvent, _ change: TrackedChange, thread: UInt)

    /// Whether an entry of this generation can still fire (used to drop stale entries).
    func isCurrent(_ generation: UInt64) -> Bool

    /// Whether `receive` can do anything but `.keep` a current entry at a `willSet`: true for a
    /// one-shot `track` and a `.willSet` continuous observation. A registrar skips `willSet`
    /// altogether while none of its entries acts on it. Constant for the observer's lifetime.
    var actsOnWillSet: Bool { get }
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
