#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers its upstream's values in arrays of a given size.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream
        /// How many values each array holds (the last may hold fewer).
        public let count: Int

        /// A publisher of `upstream`'s values in arrays of `count`; `collect(_:)` makes one.
        /// `count` must be at least 1.
        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "collect(_:): the count must be at least 1")
            self.upstream = upstream
            self.count = count
        }

        /// Subscribes `subscriber` to `upstream`; a request for n arrays asks the upstream for
        /// n × `count` values, as in Combine. When the upstream finishes, the values of a partial
        /// array are delivered, then `.finished`; a failure drops them. O(1) amortized per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: CollectByCountSubscription(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers the values in arrays of `count`, and the rest, if any, in a last shorter array
    /// when this publisher finishes. A request for n arrays asks this publisher for n × `count`
    /// values. `count` must be at least 1. O(1) amortized per value.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

/// The subscription of `collect(_:)`.
///
/// Thread-safety: `request` and `cancel` from any thread; the array being filled is touched only
/// by the `receive` calls, which the upstream never overlaps.
final class CollectByCountSubscription<Downstream: Subscriber, Element>: Subscriber, Subscription,
    CustomStringConvertible
where Downstream.Input == [Element] {
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let count: Int
    private let upstream = UpstreamSubscription()
    @exclusivity(unchecked) private var filling: [Element] = []

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.count = count
    }

    func receive(subscription: Subscription) {
        if upstream.set(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        filling.append(input)
        guard filling.count == count else { return .none }
        let full = filling
        filling = []
        return downstream.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        let rest = filling
        filling = []
        if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand * count)
    }

    func cancel() {
        upstream.cancel()
    }

    var description: String { "CollectByCount" }

    /// Combine's children: "downstream", "upstreamSubscription", "buffer" (the values collected
    /// so far), "count". The buffer is read without a lock, as Combine reads its own: it is
    /// exact when no value is being received meanwhile.
    var customMirror: Mirror {
        let children: [Mirror.Child] = [
            ("downstream", downstream), ("upstreamSubscription", upstream.status.subscription as Any),
            ("buffer", filling), ("count", count),
        ]
        return Mirror(self, children: children)
    }
}

extension CollectByCountSubscription: CombineReflection {}
#endif
