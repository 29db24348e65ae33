#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscription a `@Published` property hands a ``Subscriber``: the property's subject and
/// the subscriber's place in its roster.
///
/// It holds the subject, not only its core: a request may read the property's value (under the
/// delivery claim, to catch the subscriber up), so the subject must outlive it. Three words, as
/// ``ConduitSubscription``, so that a subscriber's `Subscription` existential holds it inline.
@usableFromInline
struct PublishedSubscription<Value>: Subscription {
    @usableFromInline let subject: PublishedSubject<Value>
    @usableFromInline let id: Int
    public let combineIdentifier = CombineIdentifier()

    @inlinable
    init(subject: PublishedSubject<Value>, id: Int) {
        self.subject = subject
        self.id = id
    }

    /// Asks for `demand` more values. O(log subscribers); safe from any thread.
    @inlinable
    func request(_ demand: Subscribers.Demand) {
        subject.broadcaster.core.request(demand, forSubscriber: id)
    }

    /// Leaves the property. O(subscribers); safe from any thread.
    @inlinable
    func cancel() {
        subject.broadcaster.core.removeSubscriber(id)
    }
}

extension PublishedSubscription: CustomStringConvertible {
    @usableFromInline var description: String { "Published subscription" }
}
#endif
