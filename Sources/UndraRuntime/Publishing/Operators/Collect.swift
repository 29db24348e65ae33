#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers all of its upstream's values in one array, when it finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream

        /// A publisher of the array of `upstream`'s values; `collect()` makes one.
        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything; delivers the array (empty if there were none), then `.finished`.
        /// A failure drops the values. O(1) amortized per value; the array holds them all.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReduceSubscription(
                downstream: subscriber, reducer: CollectFold<Upstream.Output, Failure>(), failure: { $0 }))
        }
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers every value in one array when this publisher finishes (an empty array if it had
    /// none). A failure is delivered instead. O(1) amortized per value.
    @inlinable
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}

/// `collect()`'s fold: the values so far.
@usableFromInline
struct CollectFold<Input, Failure: Error>: Reducer {
    @usableFromInline var values: [Input] = []

    @inlinable
    init() {}

    @inlinable
    var name: String { "Collect" }

    @inlinable
    var initial: [Input]? { [] }

    @inlinable
    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        values.append(input)
        return .more
    }

    @inlinable
    func result() -> [Input]? {
        values
    }
}
#endif
