#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers how many values its upstream delivered, when it finishes.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// A publisher of the number of `upstream`'s values; `count()` makes one.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`, asking it for every value once the subscriber
        /// asks for anything; delivers the count, then `.finished`. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
            upstream.receive(subscriber: ReduceSubscription(
                downstream: subscriber, reducer: CountFold<Upstream.Output, Failure>(), failure: { $0 }))
        }
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers the number of values this publisher delivered, when it finishes. A failure is
    /// delivered instead. O(1) per value.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

/// `count`'s fold.
struct CountFold<Input, Failure: Error>: Reducer {
    var count = 0

    var name: String { "Count" }

    var initial: Int? { 0 }

    mutating func fold(_ input: Input) -> ReduceStep<Failure> {
        count += 1
        return .more
    }

    func result() -> Int? {
        count
    }
}
#endif
