#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that delivers all of one publisher's values, then, once it has finished, all
    /// of another's: what `append` and `prepend` return.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The publisher delivered first, whole.
        public let prefix: Prefix
        /// The publisher subscribed to once `prefix` has finished.
        public let suffix: Suffix

        /// A publisher of `prefix`'s values, then `suffix`'s.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Hands `subscriber` its subscription, then subscribes to `prefix`; when it finishes,
        /// subscribes to `suffix` and asks it for what the subscriber asked for and `prefix` did
        /// not deliver. A failure of `prefix` ends it there. O(1) per value.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let concatenation = ConcatenateSubscription(downstream: subscriber, suffix: suffix)
            subscriber.receive(subscription: concatenation)
            prefix.subscribe(concatenation)
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publisher {
    /// Delivers `elements` after this publisher's values, once it has finished. O(1) per value.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(elements)
    }

    /// Delivers the elements of `elements` after this publisher's values, once it has finished.
    /// O(1) per value.
    public func append<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where S.Element == Output {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Delivers `publisher`'s values after this publisher's, subscribing to it once this one has
    /// finished. If this one fails, `publisher` is never subscribed to. O(1) per value.
    public func append<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Delivers `elements` before this publisher's values: it is subscribed to once they have
    /// gone. O(1) per value.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Delivers the elements of `elements` before this publisher's values: it is subscribed to
    /// once they have gone. O(1) per value.
    public func prepend<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where S.Element == Output {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Delivers `publisher`'s values before this publisher's: this one is subscribed to once
    /// `publisher` has finished. O(1) per value.
    public func prepend<P: Publisher>(
        _ publisher: P
    ) -> Publishers.Concatenate<P, Self> where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }
}

/// The subscription of `append` and `prepend`, and its subscriber on the prefix, then on the
/// suffix.
///
/// Thread-safety: `request` and `cancel` from any thread. The values delivered and the demand
/// the subscriber returned are counted by the `receive` calls alone (the prefix's, then, after
/// its completion, the suffix's: never overlapping), so a value costs no lock; the requests are
/// counted under the lock, where the two meet when the suffix takes over.
final class ConcatenateSubscription<Suffix: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let suffix: Suffix
    @exclusivity(unchecked) private var delivered = 0
    @exclusivity(unchecked) private var returned = Subscribers.Demand.none
    /// The prefix has finished; only the `receive` calls touch it.
    @exclusivity(unchecked) private var onSuffix = false
    private let state = Locked(Chain())

    private struct Chain {
        /// The prefix's subscription, then the suffix's.
        var current: Subscription?
        var requested = Subscribers.Demand.none
        /// Completed or cancelled.
        var ended = false
    }

    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    func receive(subscription: Subscription) {
        let demand = state.withLock { chain -> Subscribers.Demand? in
            guard !chain.ended, chain.current == nil else { return nil }
            chain.current = subscription
            // The suffix is asked for what the prefix did not deliver.
            return chain.requested + returned - delivered
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        delivered += 1
        let more = downstream.receive(input)
        returned += more
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        var goOn = !onSuffix
        if case .failure = completion { goOn = false }
        let proceed = state.withLock { chain -> Bool in
            guard !chain.ended else { return false }
            chain.current = nil
            if !goOn { chain.ended = true }
            return true
        }
        guard proceed else { return }
        guard goOn else { return downstream.receive(completion: completion) }
        onSuffix = true
        suffix.subscribe(self)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        state.withLock { chain -> Subscription? in
            guard !chain.ended else { return nil }
            chain.requested += demand
            return chain.current
        }?.request(demand)
    }

    func cancel() {
        state.withLock { chain -> Subscription? in
            chain.ended = true
            return chain.current.take()
        }?.cancel()
    }

    var description: String { "Concatenate" }
}

/// "Concatenate", no children, as Combine's subscribers on the prefix and the suffix.
extension ConcatenateSubscription: ChildlessCombineReflection {}
#endif
