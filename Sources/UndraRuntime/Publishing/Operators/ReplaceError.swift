#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that turns its upstream's failure into a last value, then finishes: it cannot
    /// fail.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The value delivered in place of a failure.
        public let output: Output
        /// The publisher whose failure is replaced.
        public let upstream: Upstream

        /// `upstream`, with `output` then `.finished` in place of a failure;
        /// `replaceError(with:)` makes one.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        /// Subscribes `subscriber` to `upstream`; values and demand pass straight through. A
        /// failure becomes `output`, then `.finished`: at once if the subscriber has demand left,
        /// otherwise at its next request, as in Combine. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.receive(subscriber: ReplaceErrorSubscription<S, Upstream.Failure>(
                downstream: subscriber, output: output))
        }
    }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publisher {
    /// Delivers `output`, then finishes, in place of a failure. O(1) per value.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

/// The subscription of `replaceError`: it counts the demand the subscriber has left, so that the
/// replacement waits for demand.
///
/// Thread-safety: `request` and `cancel` from any thread. The values received and the demand the
/// subscriber returned are counted by the `receive` calls alone, which the upstream never
/// overlaps, so a value costs no lock; they meet the requests, under the lock, at the failure.
final class ReplaceErrorSubscription<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber, Subscription,
    CustomStringConvertible
where Downstream.Failure == Never {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let downstream: Downstream
    private let upstream = UpstreamSubscription()
    @exclusivity(unchecked) private var received = 0
    @exclusivity(unchecked) private var returned = Subscribers.Demand.none
    private let replacement: PendingReplacement<Input>

    init(downstream: Downstream, output: Input) {
        self.downstream = downstream
        replacement = PendingReplacement(output)
    }

    func receive(subscription: Subscription) {
        if upstream.set(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received += 1
        let more = downstream.receive(input)
        returned += more
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        guard case .failure = completion else {
            replacement.discard()
            return downstream.receive(completion: .finished)
        }
        let (received, returned) = (received, returned)
        replacement.deliverWhenDue(to: downstream, hasDemand: { $0 + returned - received > 0 })
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        replacement.request(demand, upstream: upstream, downstream: downstream)
    }

    func cancel() {
        replacement.discard()
        upstream.cancel()
    }

    var description: String { "ReplaceError" }
}

/// "ReplaceError", no children, as Combine's.
extension ReplaceErrorSubscription: ChildlessCombineReflection {}
#endif
