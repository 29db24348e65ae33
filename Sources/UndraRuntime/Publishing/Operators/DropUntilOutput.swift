#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that skips its upstream's values until a second publisher delivers a value.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are skipped, then delivered.
        public let upstream: Upstream
        /// The publisher whose first value opens the way.
        public let other: Other

        /// A publisher of `upstream`'s values from the moment `other` delivers one;
        /// `drop(untilOutputFrom:)` makes one.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// Hands `subscriber` its subscription, then subscribes to `other`, asking it for one
        /// value, then to `upstream`, passing the subscriber's demand straight through. Values
        /// before `other`'s first are skipped and, as Apple documents, count against that demand.
        /// When `other` delivers, its subscription is cancelled; if it completes first, the
        /// subscriber gets that completion and the upstream subscription is cancelled. O(1) per
        /// value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gate = DropUntilOutputSubscription<Other.Output, S>(downstream: subscriber)
            subscriber.receive(subscription: gate)
            other.subscribe(gate.trigger)
            upstream.subscribe(gate)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Skips values until `publisher` delivers one, then delivers every value. If `publisher`
    /// completes without a value, completes the same way. O(1) per value.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P.Failure == Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

/// The subscription of `drop(untilOutputFrom:)`, its subscriber on the upstream, and (through
/// `trigger`) on the other publisher.
///
/// Thread-safety: every method from any thread; the state is under a lock, released while the
/// downstream and the upstreams are called. Before the trigger only completions reach the
/// downstream, and the first one ends everything, so no two calls to it overlap.
final class DropUntilOutputSubscription<TriggerOutput, Downstream: Subscriber>: Subscriber, Subscription,
    TriggerReceiver, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let state = Locked(TriggerGate())

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// The subscriber to put on the other publisher.
    var trigger: TriggerSubscriber<TriggerOutput, DropUntilOutputSubscription> { TriggerSubscriber(receiver: self) }

    func receive(subscription: Subscription) {
        guard let demand = state.withLock({ $0.accept(upstream: subscription) }) else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // Skipped values are not replaced: they count against the demand, as Apple documents.
        guard state.withLock({ $0.open && !$0.ended }) else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let other = state.withLock { gate -> Subscription?? in
            guard !gate.ended else { return nil }
            return .some(gate.end().other)
        }
        guard let other else { return }
        other?.cancel()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { $0.request(demand) }?.request(demand)
    }

    func cancel() {
        let (upstream, other) = state.withLock { $0.end() }
        upstream?.cancel()
        other?.cancel()
    }

    var description: String { "DropUntilOutput" }

    // MARK: The other publisher

    func receiveTrigger(subscription: Subscription) {
        guard state.withLock({ $0.accept(other: subscription) }) else { return subscription.cancel() }
        subscription.request(.max(1))
    }

    func receiveTrigger() {
        let other = state.withLock { gate -> Subscription? in
            gate.open = true
            return gate.other.take()
        }
        other?.cancel()
    }

    func receiveTrigger(completion: Subscribers.Completion<Failure>) {
        let upstream = state.withLock { gate -> Subscription?? in
            gate.other = nil
            guard !gate.open, !gate.ended else { return nil }
            return .some(gate.end().upstream)
        }
        guard let upstream else { return }
        upstream?.cancel()
        downstream.receive(completion: completion)
    }
}

/// "DropUntilOutput", no children, as Combine's, for its subscriber on the upstream and the one
/// on the other publisher (``ReflectedTriggerReceiver``).
extension DropUntilOutputSubscription: ChildlessCombineReflection, ReflectedTriggerReceiver {}
#endif
