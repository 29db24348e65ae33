#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that skips a value equivalent to the one it delivered last.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeated values are skipped.
        public let upstream: Upstream
        /// Returns true when its two arguments are equivalent (the later one is then skipped).
        public let predicate: (Output, Output) -> Bool

        /// A publisher of `upstream`'s values, less those `predicate` finds equivalent to the
        /// last one delivered; `removeDuplicates()` and `removeDuplicates(by:)` make one.
        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        /// Subscribes `subscriber` to `upstream`; each subscription compares against its own last
        /// value, and a skipped value asks the upstream for one more in its place. O(1) per
        /// value, plus the predicate.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: RemoveDuplicatesSubscriber(downstream: subscriber, predicate: predicate))
        }
    }
}

extension Publisher where Output: Equatable {
    /// Skips a value equal to the previous one delivered. O(1) per value, plus `==`.
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}

extension Publisher {
    /// Skips a value for which `predicate(previous, value)` is true, where `previous` is the
    /// last value delivered. O(1) per value, plus the predicate.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}
/// The subscriber `removeDuplicates` puts between its upstream and the downstream: it keeps the
/// last value delivered. A type of its own, not nested in the publisher (see `MapSubscriber`).
@usableFromInline
final class RemoveDuplicatesSubscriber<Downstream: Subscriber>: Subscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline let downstream: Downstream
    @usableFromInline let predicate: (Input, Input) -> Bool
    /// Only `receive(_:)` touches it, and the upstream never overlaps those calls.
    @exclusivity(unchecked) @usableFromInline var last: Input?

    @inlinable
    init(downstream: Downstream, predicate: @escaping (Input, Input) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
    }

    @inlinable
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if let last, predicate(last, input) { return .max(1) }
        last = input
        return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        downstream.receive(completion: completion)
    }

    /// Combine's name for it.
    @usableFromInline
    var description: String { "RemoveDuplicates" }

    /// Combine's children: "downstream", "last" (read without a lock, as Combine reads it: exact
    /// when no value is being delivered meanwhile).
    @usableFromInline
    var customMirror: Mirror {
        Mirror(self, children: [("downstream", downstream), ("last", last as Any)])
    }
}

extension RemoveDuplicatesSubscriber: CombineReflection {}
#endif
