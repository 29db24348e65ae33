#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher that never delivers a value, and finishes at once (or never), as in Combine.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether it finishes as soon as it is subscribed (true) or never (false).
    public let completeImmediately: Bool

    /// A publisher of no values that finishes at once, or never.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// The same, naming its types (`Empty(outputType: Int.self, failureType: Never.self)`).
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    /// Hands `subscriber` an empty subscription, then `.finished` if it completes at once. O(1).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }

    public static func == (lhs: Empty, rhs: Empty) -> Bool {
        lhs.completeImmediately == rhs.completeImmediately
    }
}

extension Empty: Sendable {}
#endif
