#if !canImport(Combine)
/// A subscription to a subject, as its `AnyCancellable` keeps it: enough to unsubscribe, and
/// nothing that keeps the subject or the subscriber's closures alive.
///
/// Not generic, so that `AnyCancellable` stores it without an allocation or an existential; the
/// work is done by `unsubscribe`, a closure made where the subject's type is known (so that
/// cancelling runs code specialized for that subject), which captures nothing.
@usableFromInline
struct SubjectSubscription {
    /// The subject's ``BroadcasterCore``, kept alive by the subscription: cancelling works on it
    /// alone, whether the subject is still there or not (once it is gone, the core is closed and
    /// there is nothing left to remove).
    @usableFromInline let core: AnyObject
    /// The subscriber's ``Subscriber/id``.
    @usableFromInline let id: Int
    @usableFromInline let unsubscribe: (SubjectSubscription) -> Void

    @inlinable
    init(core: AnyObject, id: Int, unsubscribe: @escaping (SubjectSubscription) -> Void) {
        self.core = core
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
