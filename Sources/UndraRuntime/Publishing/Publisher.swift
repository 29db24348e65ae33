#if !canImport(Combine)
/// A type that delivers values over time, then at most one completion: Combine's `Publisher`.
///
/// One difference from Combine, on purpose: a subscriber here is the pair of closures given to
/// ``sink(receiveCompletion:receiveValue:)``, the protocol's one requirement. There is no
/// `Subscriber`/`Subscription` pair and no `Subscribers.Demand`: every subscriber receives every
/// value (docs/PUBLISHING.md, "Demand", says why). Everything else (`sink(receiveValue:)`,
/// `assign`, the operators, `values`) is built on that one method, so code that uses publishers
/// the way Combine code almost always does reads and compiles the same.
///
/// Every publisher in this module keeps these rules, and a conforming type should too:
/// - `receiveValue` is never called twice at once (calls may come from different threads);
/// - `receiveCompletion` is called at most once, and nothing is delivered after it;
/// - once the returned `AnyCancellable` is cancelled, no new delivery starts, and both closures
///   are released.
public protocol Publisher<Output, Failure> {
    /// The kind of values this publisher delivers.
    associatedtype Output
    /// The kind of error this publisher may fail with; `Never` if it cannot fail.
    associatedtype Failure: Error

    /// Subscribes: `receiveValue` gets the values this publisher delivers from now on (some
    /// publishers, such as `CurrentValueSubject`, start with their current value), then
    /// `receiveCompletion` gets the completion, if one comes.
    ///
    /// - Returns: The subscription. Cancelling it, or releasing it, ends the subscription.
    func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

/// The namespace of the publishers that the operators return, as in Combine.
public enum Publishers {}
#endif
