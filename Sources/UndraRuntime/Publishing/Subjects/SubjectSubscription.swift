#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A `sink` subscription to a subject, as its `AnyCancellable` keeps it: enough to unsubscribe,
/// and nothing that keeps the subject or the subscriber's closures alive.
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
    /// The subscriber's ``Conduit/id``.
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

/// The subscription a subject hands a ``Subscriber``: its core and its place in the roster.
///
/// It holds neither the subscriber nor its conduit, so a subscriber that keeps its subscription
/// makes no cycle. Three words, so that the `Subscription` existential a subscriber keeps holds it
/// inline, without a box to allocate (so does ``PublishedSubscription``).
@usableFromInline
struct ConduitSubscription<Output, Failure: Error>: Subscription {
    @usableFromInline let core: BroadcasterCore<Output, Failure>
    @usableFromInline let id: Int
    public let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: BroadcasterCore<Output, Failure>, id: Int) {
        self.core = core
        self.id = id
    }

    /// Asks for `demand` more values. O(log subscribers); safe from any thread.
    @inlinable
    func request(_ demand: Subscribers.Demand) {
        core.request(demand, forSubscriber: id)
    }

    /// Leaves the subject. O(subscribers); safe from any thread.
    @inlinable
    func cancel() {
        core.removeSubscriber(id)
    }
}

extension ConduitSubscription: CombineReflection {
    /// Combine's name: "CurrentValueSubject" under a subject that keeps a current value,
    /// "PassthroughSubject" otherwise.
    @usableFromInline var description: String { core.keepsCurrent ? "CurrentValueSubject" : "PassthroughSubject" }

    /// Combine's children: "parent" (the subject), "downstream" (the subscriber), "demand" (what
    /// it has left), "subject" (the subject again); read under the core's lock (see
    /// ``BroadcasterCore/reflection(ofSubscriber:)``).
    @usableFromInline var customMirror: Mirror {
        let (subject, subscriber, demand) = core.reflection(ofSubscriber: id)
        let children: [Mirror.Child] = [
            ("parent", subject as Any), ("downstream", subscriber as Any), ("demand", demand), ("subject", subject as Any),
        ]
        return Mirror(self, children: children)
    }
}
#endif
