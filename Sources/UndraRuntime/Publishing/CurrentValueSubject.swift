#if !canImport(Combine)
/// A subject that holds a current value: a new subscriber gets it at once, then every later
/// value (or, once the subject has completed, only the completion).
///
/// Sending a value passes it to the subscribers as is: a large copy-on-write value (an array of
/// 100,000 rows) is retained, never copied, and a send allocates nothing.
///
/// Thread-safety: `value`, send, subscribe and cancel from any thread at once. `value` is the
/// latest value sent, even while it is still being delivered. Delivery is serial, as for
/// ``PassthroughSubject``.
///
/// Complexity: a send is O(subscribers); reading `value` is O(1).
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    @usableFromInline let broadcaster: Broadcaster<Output, Failure>

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        broadcaster = Broadcaster(current: value)
    }

    /// The latest value sent. Setting it sends the new value (ignored after completion).
    @inlinable
    public var value: Output {
        get { broadcaster.current! }  // A CurrentValueSubject's broadcaster always has one.
        set { send(newValue) }
    }

    /// Makes `value` the current value and delivers it; ignored after completion.
    @inlinable
    public func send(_ value: Output) {
        broadcaster.send(value, updatingCurrent: true) { _ in }
    }

    /// Completes the subject: subscribers get `completion` after the values already sent, and
    /// later subscribers get it at once. Only the first completion counts. O(subscribers).
    @inlinable
    public func send(completion: Subscribers.Completion<Failure>) {
        broadcaster.send(completion: completion)
    }

    /// Subscribes, at the end of the order: `receiveValue` gets the current value at once, on
    /// this thread, then every later value; after completion, only the completion is delivered.
    /// O(subscribers); allocates the subscriber and its `AnyCancellable`.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        broadcaster.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

// @unchecked: all state is in `broadcaster`, guarded by its lock (`shared`) and atomics.
extension CurrentValueSubject: @unchecked Sendable where Output: Sendable {}
#endif
