#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that fails at once with an error, as in Combine.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error every subscriber gets.
    public let error: Failure

    /// A publisher that fails with `error`.
    public init(error: Failure) {
        self.error = error
    }

    /// The same, naming its output type (`Fail(outputType: Int.self, failure: error)`).
    public init(outputType: Output.Type, failure: Failure) {
        self.init(error: failure)
    }

    /// Hands `subscriber` an empty subscription, then the failure (no demand needed). O(1).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
#endif
