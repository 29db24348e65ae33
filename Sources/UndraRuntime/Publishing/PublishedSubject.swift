#if !canImport(Combine)
import Synchronization

/// The part of a `@Published` property's state that does not depend on its type: the object's
/// `objectWillChange`, once someone has asked for it (see ``ObjectWillChangeDirectory``).
@usableFromInline
class PublishedSubjectBase {
    /// The object's `objectWillChange` (+1 retained), or nil while nobody has asked for it.
    @usableFromInline let objectWillChange = Atomic<Unmanaged<ObservableObjectPublisher>?>(nil)

    init() {}

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
    /// The value the property's getter returns. Replaced only after a new value has reached
    /// every subscriber, by the thread delivering it; read with no lock, like any stored
    /// property (so read it where it is set, or synchronize). Exclusivity is unchecked because
    /// the getter must cost a plain load, and the only writer is the serial delivery.
    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline let broadcaster: Broadcaster<Value, Never>
    /// The head of a list of the `assign(to:)` subscriptions (+1 retained), which live as long as
    /// this subject.
    private let feeds = Atomic<Unmanaged<Feed>?>(nil)

    init(_ value: Value) {
        self.value = value
        broadcaster = Broadcaster(current: value)
    }

    deinit {
        var next = feeds.load(ordering: .acquiring)
        while let feed = next?.takeRetainedValue() {
            next = feed.next
        }
    }

    /// Sets the property: `objectWillChange` first, then the subscribers get `newValue`, then it
    /// is stored. A set made while a delivery is under way (from inside a subscriber) is queued
    /// and done, in the same order, right after that delivery. O(subscribers), no allocation.
    @inlinable
    func send(_ newValue: Value) {
        if let objectWillChange = objectWillChange.load(ordering: .acquiring) {
            objectWillChange._withUnsafeGuaranteedRef { $0.send() }
        }
        broadcaster.send(newValue, updatingCurrent: true) { value = $0 }
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

extension PublishedSubject: BroadcasterOwner {}
#endif
