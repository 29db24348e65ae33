#if !canImport(Combine)
/// A subscription to a subject, as its `AnyCancellable` keeps it: enough to unsubscribe, and
/// nothing that keeps the subject or the subscriber's closures alive.
///
/// Not generic, so that `AnyCancellable` stores it without an allocation or an existential; the
/// work is done by `unsubscribe`, a closure made where the subject's type is known (so that
/// cancelling runs code specialized for that subject), which captures nothing.
@usableFromInline
struct SubjectSubscription {
    /// The storage of the broadcaster's `Locked` state. It outlives the subject, and says
    /// whether the subject is still there (`Broadcaster.Shared.ownerIsAlive`); while it says so
    /// under its lock, the subject's deinit waits for that lock, so `owner` is valid.
    @usableFromInline let anchor: AnyObject
    /// The subject, unretained.
    @usableFromInline let owner: Unmanaged<AnyObject>
    /// The subscriber's ``Subscriber/id``.
    @usableFromInline let id: Int
    @usableFromInline let unsubscribe: (SubjectSubscription) -> Void

    @inlinable
    init(
        anchor: AnyObject, owner: Unmanaged<AnyObject>, id: Int,
        unsubscribe: @escaping (SubjectSubscription) -> Void
    ) {
        self.anchor = anchor
        self.owner = owner
        self.id = id
        self.unsubscribe = unsubscribe
    }

    /// Removes the subscriber from its subject, if both are still there. Safe from any thread.
    @inlinable
    func cancel() {
        unsubscribe(self)
    }
}
#endif
