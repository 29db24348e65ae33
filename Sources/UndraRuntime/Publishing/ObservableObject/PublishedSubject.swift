#if !canImport(Combine) || UNDRA_COMBINE_MODULE

/// The part of a `@Published` property's state that does not depend on its type: the object's
/// `objectWillChange`, once someone has asked for it (see ``ObjectWillChangeDirectory``).
@usableFromInline
class PublishedSubjectBase {
    /// The words behind `objectWillChange` and the subclass's `feeds`, first in the object
    /// (`AtomicWord`: a subclass's own properties come after its base's); touched only through them.
    @usableFromInline
    final nonisolated(unsafe) var atomicWords: (objectWillChange: Int, feeds: Int) = (0, 0)

    /// The object's `objectWillChange` (+1 retained), or nil while nobody has asked for it.
    @inlinable
    final var objectWillChange: AtomicWord<Unmanaged<ObservableObjectPublisher>?> {
        AtomicWord(inFirstPropertyOf: self, word: 0)
    }

    init() {
        assertAtomicWordsComeFirst(self, &atomicWords)
    }

    deinit {
        objectWillChange.load(ordering: .acquiring)?.release()
    }

    /// Keeps `publisher` as the object's `objectWillChange`, unless one is already kept; returns
    /// the one kept. O(1); safe from any thread.
    func keepObjectWillChange(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
        let candidate = Unmanaged.passRetained(publisher)
        let (exchanged, kept) = objectWillChange.compareExchange(
            expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        guard exchanged else {
            candidate.release()
            return kept!.takeUnretainedValue()
        }
        return publisher
    }
}

/// The state of one `@Published` property: its value, its subscribers, and the subscriptions
/// that `assign(to: &$x)` feeds it from.
@usableFromInline
final class PublishedSubject<Value>: PublishedSubjectBase {
    /// The value the property's getter returns, and the property's only copy of it. Replaced only
    /// by the thread holding its core's delivery claim: after a new value has reached every
    /// subscriber, or at once when there is none. Read by the getter with no lock, like any stored
    /// property (so read it where it is set, or synchronize), and by the core's deliverer through
    /// `currentReader` (a new subscriber's first value). Exclusivity is unchecked because the getter
    /// must cost a plain load, and the only writer is whoever holds the claim.
    ///
    /// Why the core may read it through an unowned reference: every thread that can hold the
    /// claim holds this subject (a sender calls a method on it; a `$property` subscriber goes
    /// through the `Published.Publisher` that holds it; a subscriber's request goes through a
    /// ``PublishedSubscription``, which holds it), and the core is closed when the subject goes.
    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline let broadcaster: Broadcaster<Value, Never>
    /// The head of a list of the `assign(to:)` subscriptions (+1 retained), which live as long as
    /// this subject.
    private var feeds: AtomicWord<Unmanaged<Feed>?> { AtomicWord(inFirstPropertyOf: self, word: 1) }

    init(_ value: Value) {
        self.value = value
        broadcaster = Broadcaster(keepingCurrentOutside: ())
        super.init()
        broadcaster.core.currentReader = { [unowned(unsafe) self] in self.value }
    }

    deinit {
        var next = feeds.load(ordering: .acquiring)
        while let feed = next?.takeRetainedValue() {
            next = feed.next
        }
    }

    /// Sets the property: `objectWillChange` first, then the subscribers get `newValue`, then it
    /// is stored. O(subscribers); allocates nothing unless it has to queue.
    ///
    /// A set made during another (from inside any subscriber) is queued, and done in full right
    /// after it. With `objectWillChange` in use, that holds across all the object's properties:
    /// the whole set is one step of `objectWillChange`'s delivery, so a set made from one of its
    /// subscribers, or from a subscriber of any property, waits until the set under way has
    /// been announced, delivered and stored.
    @inlinable
    func send(_ newValue: Value) {
        guard let objectWillChange = objectWillChange.load(ordering: .acquiring) else {
            return deliverAndStore(newValue)
        }
        objectWillChange._withUnsafeGuaranteedRef { objectWillChange in
            let announcements = objectWillChange.broadcaster.core
            if announcements.beginDelivering() {
                announcements.deliver((), sentAt: .max)
                deliverAndStore(newValue)
                announcements.finishDelivering()
            } else if let sentAt = announcements.enqueue(
                // Someone is delivering (a set under way, here or on another thread): queue it
                // all behind. Only this path makes a closure, so only it allocates.
                (), updatingCurrent: false, queuedWork: { { self.deliverAndStore(newValue) } }
            ) {
                announcements.deliver((), sentAt: sentAt)
                deliverAndStore(newValue)
                announcements.finishDelivering()
            }
        }
    }

    /// Delivers `newValue` to the property's subscribers, then stores it.
    ///
    /// With nobody subscribed, the subject's fast path: one compare-and-swap (the delivery claim,
    /// which a subscriber joining at that moment waits for), the store, and a plain store to
    /// release the claim; no lock, no allocation.
    @inlinable
    func deliverAndStore(_ newValue: Value) {
        if broadcaster.core.hasSubscribers || !storeUnsubscribed(newValue) {
            deliverThenStore(newValue)
        }
    }

    /// The fast path of a set: stores `newValue` if nobody is subscribed and nobody is
    /// delivering, holding the delivery claim meanwhile; false if it could not.
    @inlinable
    func storeUnsubscribed(_ newValue: Value) -> Bool {
        let core = broadcaster.core
        // Claimed, then checked again under the claim: a subscriber that joined meanwhile gets
        // this value through the delivery instead.
        guard core.beginStoring() else { return false }
        var replaced = newValue
        swap(&value, &replaced)
        core.finishStoring()
        return true  // `replaced` goes now, with no claim held: its release may run a deinit
    }

    /// The set through the delivery: to the subscribers, then stored; a set made meanwhile is
    /// queued behind it (with its store, which then holds this subject until it is done).
    @inlinable @inline(__always)
    func deliverThenStore(_ newValue: Value) {
        let core = broadcaster.core
        guard let sentAt = core.enqueue(newValue, updatingCurrent: false, queuedWork: { { self.value = newValue } })
        else { return }
        core.deliver(newValue, sentAt: sentAt)
        value = newValue
        core.finishDelivering()
    }

    /// Keeps `subscription` alive as long as this subject. O(1); safe from any thread.
    func keep(_ subscription: AnyCancellable) {
        let feed = Feed(subscription)
        let retained = Unmanaged.passRetained(feed)
        var head = feeds.load(ordering: .acquiring)
        while true {
            feed.next = head  // On success, `feed` takes over the list's reference to `head`.
            let (exchanged, original) = feeds.compareExchange(
                expected: head, desired: retained, ordering: .acquiringAndReleasing)
            if exchanged { return }
            head = original
        }
    }

    private final class Feed {
        let subscription: AnyCancellable
        var next: Unmanaged<Feed>?

        init(_ subscription: AnyCancellable) {
            self.subscription = subscription
        }
    }
}
#endif
