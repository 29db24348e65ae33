#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers a given value when its upstream finishes without delivering any.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The value delivered when the upstream finishes empty.
        public let output: Output
        /// The publisher whose emptiness is replaced.
        public let upstream: Upstream

        /// `upstream`, or `output` if it finishes with no value; `replaceEmpty(with:)` makes one.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Subscribes `subscriber` to `upstream`; values, demand and a failure pass straight
        /// through. When the upstream finishes with no value, `output` is delivered, then
        /// `.finished`, as soon as the subscriber has asked for anything. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReplaceEmptySubscription(downstream: subscriber, output: output))
        }
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publisher {
    /// Delivers `output`, then finishes, if this publisher finishes without delivering a value.
    /// O(1) per value.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

/// The subscription of `replaceEmpty`. Combine asks its upstream for everything here, and so can
/// deliver beyond the subscriber's demand; this one passes the demand through instead.
///
/// Thread-safety: `request` and `cancel` from any thread; `delivered` is touched only by the
/// `receive` calls, which the upstream never overlaps; the replacement meets the first request
/// under a lock.
final class ReplaceEmptySubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let upstream = UpstreamSubscription()
    @exclusivity(unchecked) private var delivered = false
    private let replacement: PendingReplacement<Input>

    init(downstream: Downstream, output: Input) {
        self.downstream = downstream
        replacement = PendingReplacement(output)
    }

    func receive(subscription: Subscription) {
        if upstream.set(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        delivered = true
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        guard !delivered, case .finished = completion else {
            replacement.discard()
            return downstream.receive(completion: completion)
        }
        replacement.deliverWhenDue(to: downstream, hasDemand: { $0 > 0 })
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        replacement.request(demand, upstream: upstream, downstream: downstream)
    }

    func cancel() {
        replacement.discard()
        upstream.cancel()
    }

    var description: String { "ReplaceEmpty" }
}

/// "ReplaceEmpty", no children, as Combine's.
extension ReplaceEmptySubscription: ChildlessCombineReflection {}
#endif
