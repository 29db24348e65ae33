#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A subject that delivers each value to the subscribers it has when the value is sent, and
/// keeps nothing: a late subscriber gets only later values (or the completion, once there is
/// one), and a subscriber with no demand left misses the value.
///
/// Thread-safety: send, subscribe, request and cancel from any thread at once. Delivery is
/// serial: when a value is sent while another is being delivered (from another thread, or from
/// inside a subscriber), the thread already delivering delivers it next, and this `send` returns
/// at once. Subscribers are called in subscription order, with no lock held.
///
/// Complexity: a send is O(subscribers), with no allocation; subscribing and cancelling are
/// O(subscribers).
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    @usableFromInline let broadcaster = Broadcaster<Output, Failure>()

    /// A subject with no subscribers.
    public init() {}

    /// Delivers `value` to the current subscribers that asked for it; ignored after completion.
    @inlinable
    public func send(_ value: Output) {
        broadcaster.core.send(value)
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

    /// Subscribes `subscriber` at the end of the order: it gets the values sent from now on that
    /// it asks for, then the completion. O(subscribers).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        broadcaster.core.subscribe(subscriber, to: self)
    }

    /// `sink`'s subscription: the closures join the order themselves, with unlimited demand.
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
extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
#endif
