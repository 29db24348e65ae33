#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A type that delivers values over time to the subscribers that ask for them, then at most
/// one completion: Combine's `Publisher`.
///
/// A publisher's one requirement is ``receive(subscriber:)``: it hands the subscriber a
/// ``Subscription`` (``Subscriber/receive(subscription:)``), then delivers no more values than
/// the subscriber has asked for (``Subscription/request(_:)``, and the demand each
/// ``Subscriber/receive(_:)`` returns), then at most one completion. Every publisher of this
/// module keeps Combine's rules, and a conforming type should too:
/// - calls to a subscriber's `receive` methods never overlap (they may come from different
///   threads, one after the other);
/// - no value beyond the demand requested; the completion needs no demand;
/// - nothing after the completion, and nothing new once the subscription is cancelled.
public protocol Publisher<Output, Failure> {
    /// The kind of values this publisher delivers.
    associatedtype Output
    /// The kind of error this publisher may fail with; `Never` if it cannot fail.
    associatedtype Failure: Error

    /// Attaches `subscriber`: it receives its subscription, then values as it asks for them,
    /// then the completion, if one comes. Call `subscribe(_:)` rather than this, as in Combine.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure

    /// What ``sink(receiveCompletion:receiveValue:)`` does: subscribes a pair of closures with
    /// unlimited demand. Not part of Combine's API, and no publisher needs to implement it: the
    /// default subscribes a ``Subscribers/Sink``. This module's subjects implement it to keep the
    /// closures themselves, which saves an object and a call per value (see docs/PUBLISHING.md,
    /// "The sink path").
    func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

extension Publisher {
    /// Attaches `subscriber` to this publisher: calls ``receive(subscriber:)``, as in Combine.
    /// Costs what that costs.
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }

    /// Subscribes a ``Subscribers/Sink`` with the two closures, and returns it as the
    /// subscription. O(1) plus what the publisher's `receive(subscriber:)` costs.
    @inlinable
    public func _sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

/// The namespace of the publishers that the operators return, as in Combine.
public enum Publishers {}
#endif
