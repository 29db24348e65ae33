#if !canImport(Combine)
/// A subject that delivers each value to the subscribers it has when the value is sent, and
/// keeps nothing: a late subscriber gets only later values (or the completion, once there is one).
///
/// Thread-safety: send, subscribe and cancel from any thread at once. Delivery is serial: when
/// a value is sent while another is being delivered (from another thread, or from inside a
/// subscriber), the thread already delivering delivers it next, and this `send` returns at once.
/// Subscribers are called in subscription order, with no lock held.
///
/// Complexity: a send is O(subscribers), with no allocation; subscribing and cancelling are
/// O(subscribers).
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    @usableFromInline let broadcaster = Broadcaster<Output, Failure>()

    /// A subject with no subscribers.
    public init() {}

    /// Delivers `value` to the current subscribers; ignored after completion.
    @inlinable
    public func send(_ value: Output) {
        broadcaster.send(value)
    }

    /// Completes the subject: subscribers get `completion` after the values already sent, and
    /// later subscribers get it at once. Only the first completion counts. O(subscribers).
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        broadcaster.send(completion: completion)
    }

    /// Subscribes, at the end of the order: the closures get the values sent from now on, then
    /// the completion. O(subscribers); allocates the subscriber and its `AnyCancellable`.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        broadcaster.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

// @unchecked: all state is in `broadcaster`, guarded by its lock (`shared`) and atomics.
extension PassthroughSubject: @unchecked Sendable where Output: Sendable {}
#endif
