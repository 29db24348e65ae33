#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's greatest value by an ordering, when it finishes:
    /// what `max` and `min` return.
    public struct Comparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are compared.
        public let upstream: Upstream
        /// Returns true when its first argument orders before its second.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// A publisher of the last value of `upstream` in the order of `areInIncreasingOrder`
        /// (of the first among equals); `max(by:)` makes one, and `min(by:)` with the order
        /// reversed.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything; delivers the greatest value, if there was any, then `.finished`.
        /// O(1) per value, plus the ordering.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let order = areInIncreasingOrder
            let fold = GreatestFold<Output, Failure>(name: "Comparison") { .success(order($0, $1)) }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }

    /// A publisher that delivers its upstream's greatest value by an ordering that may throw,
    /// when it finishes; a throw fails it. What `tryMax` and `tryMin` return.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        /// The publisher whose values are compared.
        public let upstream: Upstream
        /// Returns true when its first argument orders before its second, or throws to fail.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// As ``Comparison/init(upstream:areInIncreasingOrder:)``, with an ordering that may throw.
        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        /// As ``Comparison/receive(subscriber:)``; when the ordering throws, the upstream
        /// subscription is cancelled and the subscriber fails with the error.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let order = areInIncreasingOrder
            let fold = GreatestFold<Output, any Error>(name: "TryComparison") { lhs, rhs in Result { try order(lhs, rhs) } }
            upstream.receive(subscriber: ReduceSubscription(downstream: subscriber, reducer: fold, failure: { $0 }))
        }
    }
}

extension Publisher where Output: Comparable {
    /// Delivers the greatest value (the first of equal ones) when this publisher finishes, or
    /// nothing if it had none. O(1) per value.
    public func max() -> Publishers.Comparison<Self> {
        max(by: <)
    }

    /// Delivers the least value (the first of equal ones) when this publisher finishes, or
    /// nothing if it had none. O(1) per value.
    public func min() -> Publishers.Comparison<Self> {
        min(by: <)
    }
}

extension Publisher {
    /// Delivers the greatest value by `areInIncreasingOrder` (the first of equivalent ones) when
    /// this publisher finishes. O(1) per value, plus the ordering.
    public func max(
        by areInIncreasingOrder: @escaping (Output, Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Delivers the least value by `areInIncreasingOrder` (the first of equivalent ones) when
    /// this publisher finishes. O(1) per value, plus the ordering.
    public func min(
        by areInIncreasingOrder: @escaping (Output, Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// As `max(by:)`, with an ordering that may throw: a throw cancels the upstream subscription
    /// and fails with the error.
    public func tryMax(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// As `min(by:)`, with an ordering that may throw: a throw cancels the upstream subscription
    /// and fails with the error.
    public func tryMin(
        by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }
}

/// The fold of `max`, `min` and their `try` forms: the greatest value so far. A later value
/// replaces it only if it orders strictly after it, so the first of equal values wins, as in
/// Combine.
struct GreatestFold<Input, Failure: Error>: Reducer {
    let name: String
    /// Whether the first argument orders before the second, or the error the ordering threw.
    let orders: (Input, Input) -> Result<Bool, Failure>
    var greatest: Input?

    var initial: Input? { nil }

    init(name: String, orders: @escaping (Input, Input) -> Result<Bool, Failure>) {
        self.name = name
        self.orders = orders
    }

    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        guard let current = greatest else {
            greatest = input
            return .more
        }
        switch orders(current, input) {
        case .success(true): greatest = input
        case .success(false): break
        case .failure(let error): return .fail(error)
        }
        return .more
    }

    func result() -> Input? {
        greatest
    }
}
#endif
