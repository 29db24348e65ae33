/// What a mirror's drains announce to: a store's announcer (the runtime's two facades and its
/// error channel), or, for a mirror used on its own, a `DelegateForwarder` to its public
/// `delegate`. The calls are those of `MirrorDelegate`.
///
/// A class, held by the mirror for its whole life, so a drain calls it through an unretained
/// reference: held as an existential, it was retained and released around each drain, or not,
/// as the optimizer saw fit.
///
/// - Thread safety: called from the draining thread, one drain at a time, never under the
///   mirror's lock, except `hearsWillChange`.
@usableFromInline
class MirrorAnnouncer: @unchecked Sendable {
    // @unchecked: no state of its own; each subclass says what guards its own.

    /// See `MirrorDelegate.mirrorWillChange(_:)`.
    func mirrorWillChange(_ fields: [FieldID]) {}
    /// See `MirrorDelegate.mirrorDidChange(_:)`.
    func mirrorDidChange(_ changes: ChangeSet) {}
    /// See `MirrorDelegate.mirrorDidReject(_:)`.
    func mirrorDidReject(_ error: MirrorError) {}
    /// See `MirrorDelegate.mirrorNeedsResync(_:)`.
    func mirrorNeedsResync(_ reason: MirrorError) {}
    /// See `MirrorDelegate.mirrorDidEndDrain()`.
    func mirrorDidEndDrain() {}

    /// Whether `mirrorWillChange` would reach anyone now. While it would not, a drain checks and
    /// commits its first frame under one lock instead of two, and does not call
    /// `mirrorWillChange` for it (someone who starts listening meanwhile hears the next one).
    /// Asked with the mirror's lock held: answer from atomics, and call nothing. True unless a
    /// subclass knows better.
    var hearsWillChange: Bool { true }
}

/// A bare mirror's announcer: passes each call on to the mirror's `delegate`, as the drain
/// loaded it when it was claimed (a weak reference, made strong for the drain). It keeps the
/// default `hearsWillChange`: the delegate is user code, never asked anything under the lock.
final class DelegateForwarder: MirrorAnnouncer, @unchecked Sendable {
    // @unchecked: `delegate` is set by the thread that claims a drain, under the mirror's lock,
    // used by that thread only, and cleared by it before the drain ends.
    @exclusivity(unchecked) var delegate: (any MirrorDelegate)?

    override func mirrorWillChange(_ fields: [FieldID]) { delegate?.mirrorWillChange(fields) }
    override func mirrorDidChange(_ changes: ChangeSet) { delegate?.mirrorDidChange(changes) }
    override func mirrorDidReject(_ error: MirrorError) { delegate?.mirrorDidReject(error) }
    override func mirrorNeedsResync(_ reason: MirrorError) { delegate?.mirrorNeedsResync(reason) }
    override func mirrorDidEndDrain() { delegate?.mirrorDidEndDrain() }
}
