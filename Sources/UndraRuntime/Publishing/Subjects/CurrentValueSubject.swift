#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A subject that holds a current value: a new subscriber gets it as soon as it asks, then every
/// later value (or, once the subject has completed, only the completion).
///
/// A subscriber with no demand left misses values; when it asks again, it gets the current value
/// first, so that it never falls behind.
///
/// Sending a value passes it to the subscribers as is: a large copy-on-write value (an array of
/// 100,000 rows) is retained, never copied, and a send allocates nothing.
///
/// Thread-safety: `value`, send, subscribe, request and cancel from any thread at once. `value`
/// is the latest value sent, even while it is still being delivered. Delivery is serial, as for
/// ``PassthroughSubject``.
///
/// Complexity: a send is O(subscribers); reading `value` is O(1).
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    @usableFromInline let broadcaster: Broadcaster<Output, Failure>

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        broadcaster = Broadcaster(current: value)
    }

    /// The latest value sent. Setting it sends the new value; after completion it only stores
    /// it (as in Combine).
    @inlinable
    public var value: Output {
        get { broadcaster.core.current! }  // A CurrentValueSubject's core always has one.
        set { broadcaster.core.sendLocked(newValue, updatingCurrent: true, storingAfterCompletion: true) }
    }

    /// Makes `value` the current value and delivers it; ignored after completion.
    @inlinable
    public func send(_ value: Output) {
        broadcaster.core.sendLocked(value, updatingCurrent: true)
    }

    /// Completes the subject: subscribers get `completion` after the values already sent, and
    /// later subscribers get it at once. Only the first completion counts. O(subscribers).
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        broadcaster.core.send(completion: completion)
    }

    /// Keeps `subscription` (to an upstream feeding this subject), asks it for every value, and
    /// cancels it when this subject goes. O(1).
    public func send(subscription: Subscription) {
        broadcaster.core.keep(upstream: subscription)
    }

    /// Subscribes `subscriber` at the end of the order: once it asks, it gets the current value,
    /// then every later value it asks for; after completion, only the completion. O(subscribers).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        broadcaster.core.subscribe(subscriber, to: self)
    }

    /// `sink`'s subscription: the current value at once, on this thread, then every later value.
    /// O(subscribers); allocates the subscriber and its `AnyCancellable`.
    @inlinable
    public func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        broadcaster.core.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

// @unchecked: all state is in `broadcaster`'s core, guarded by its lock (`shared`) and atomics.
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}
#endif
