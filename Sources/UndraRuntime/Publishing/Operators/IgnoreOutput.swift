#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers none of its upstream's values, only its completion.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are ignored.
        public let upstream: Upstream

        /// A publisher of `upstream`'s completion alone; `ignoreOutput()` makes one.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to `upstream`, handing it the upstream's own subscription, and
        /// asks the upstream for every value, as Combine does: the subscriber gets no value, so
        /// its demand holds nothing back. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
            upstream.receive(subscriber: IgnoreOutputSubscriber<Upstream.Output, S>(downstream: subscriber))
        }
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Delivers no value, only this publisher's completion. O(1) per value.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

/// The subscriber `ignoreOutput` puts on its upstream: it hands the downstream the upstream's own
/// subscription, so the downstream's requests and cancel reach the upstream directly.
struct IgnoreOutputSubscriber<Input, Downstream: Subscriber>: Subscriber where Downstream.Input == Never {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }

    /// Combine's name for it.
    var description: String { "IgnoreOutput" }
}

extension IgnoreOutputSubscriber: ChildlessCombineReflection {}
#endif
