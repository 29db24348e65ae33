/// Where a store's mirror announces its changes: to the fine-grained facade (`willSet`/`didSet`
/// on the store's registrar) and to the coarse one (`objectWillChange` and `$field`
/// publishers), and its rejected frames to the error channel. Both modes are always live, and
/// cost nothing while unobserved.
///
/// It is also the subject the store's properties are tracked on (the registrar's key), so it
/// needs neither the runtime nor the mirror: the mirror holds it strongly (no weak reference to
/// load, and no cycle), and the runtime keeps no side table for weak references, which made
/// every retain of it take the slow path.
///
/// - Thread safety: the mirror calls it from the draining thread, one drain at a time.
@usableFromInline
final class StoreAnnouncer: MirrorAnnouncer, @unchecked Sendable {
    // @unchecked: only because its base class is not checked; its own stored properties are
    // `let`s of `Sendable` types (the resync handler behind its lock).
    @usableFromInline let tracking: TrackingFacade
    let errors: ErrorChannel
    /// `StoreRuntime.resyncRequestHandler`: set from any thread, called from the draining one.
    let resyncRequestHandler = Locked<(@Sendable (MirrorError) -> Void)?>(nil)
    @usableFromInline let publishing: PublishingFacade

    init(tracking: TrackingFacade, errors: ErrorChannel, fields: [any FieldDeclaration]) {
        self.tracking = tracking
        self.errors = errors
        publishing = PublishingFacade(fields: fields)
        super.init()
    }

    /// Two atomic loads; calls nothing (the mirror asks with its lock held).
    override var hearsWillChange: Bool {
        if publishing.hearsWillChange { return true }
        return tracking.hearsWillChange
    }

    override func mirrorWillChange(_ fields: [FieldID]) {
        publishing.willChange()
        tracking.willChange(fields, of: self)
    }

    override func mirrorDidChange(_ changes: ChangeSet) {
        tracking.didChange(changes, of: self)
        publishing.didChange(changes)
    }

    override func mirrorDidReject(_ error: MirrorError) {
        errors.report(.rejectedFrame(error))
    }

    override func mirrorNeedsResync(_ reason: MirrorError) {
        // Called outside the lock: the handler is the connection's code.
        resyncRequestHandler.withLock { $0 }?(reason)
    }

    override func mirrorDidEndDrain() {
        publishing.endDrain()
    }
}
