#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher that makes a publisher of each of its upstream's values, and delivers the
    /// values of all of them, as they come.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are turned into publishers.
        public let upstream: Upstream
        /// How many of those publishers may be subscribed to at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes a publisher of each upstream value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// A publisher of the values of `transform` of each of `upstream`'s values;
        /// `flatMap(maxPublishers:_:)` makes one.
        @inlinable
        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Hands `subscriber` its subscription, then subscribes to `upstream`, asking it for
        /// `maxPublishers` values, and for one more each time one of their publishers finishes.
        /// Each inner publisher is asked for one value at a time, and for the next once that one
        /// has been delivered (for everything, once the subscriber asks for `.unlimited`), so that
        /// values beyond the subscriber's demand wait, at most one per inner publisher. Finishes
        /// when the upstream and every inner publisher have finished; fails as soon as any of them
        /// fails, cancelling the others. O(1) amortized per value, plus `transform` per publisher.
        ///
        /// Thread-safety: inner publishers may deliver on several threads at once; the subscriber
        /// is still called one value at a time.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Merger = FlatMapSubscription<Upstream.Output, NewPublisher, S>
            let merger = Merger(
                downstream: subscriber, maxPublishers: maxPublishers, transform: transform, events: Merger.innerEvents)
            subscriber.receive(subscription: merger)
            upstream.subscribe(merger)
        }
    }
}

extension Publisher {
    /// Makes a publisher of each value with `transform` and delivers the values of all of them,
    /// as they come, subscribed to at most `maxPublishers` at a time. Finishes when this publisher
    /// and every one made has finished; fails as soon as any fails. O(1) amortized per value.
    @inlinable
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// As `flatMap(maxPublishers:_:)`, for publishers made by `transform` that cannot fail.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}

extension Publisher where Failure == Never {
    /// As `flatMap(maxPublishers:_:)`, for a publisher that cannot fail making publishers that can.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// As `flatMap(maxPublishers:_:)`, when neither this publisher nor those made can fail.
    @inlinable
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

/// The subscription of `flatMap`: the subscriber on its upstream, the hub of the subscribers on
/// the inner publishers, and the subscription handed downstream.
///
/// Values go out through a ``SerialDownstream`` (one at a time, within demand, however many
/// threads the inner publishers deliver on), each tagged with the index of the inner publisher
/// it came from, which is asked for one more value once it has been delivered: so an
/// inner publisher never has more than one value waiting, as in Combine.
@usableFromInline
final class FlatMapSubscription<Input, Inner: Publisher, Downstream: Subscriber>:
    FlatMapHub<Inner.Output, Inner.Failure>, Subscriber, Subscription, CustomStringConvertible
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline let serial: SerialDownstream<DeliverAndRequestNext<Downstream>, Merging>
    @usableFromInline let upstream = UpstreamSubscription()
    @usableFromInline let maxPublishers: Subscribers.Demand
    @usableFromInline let transform: (Input) -> Inner

    @usableFromInline
    struct Merging {
        /// The subscriptions of the inner publishers, by the index of the value they were made of.
        /// A few at a time, usually: found by a scan, with no hashing, while there are up to eight.
        @usableFromInline var inners = SmallDictionary<Int, Subscription>()
        @usableFromInline var made = 0
        /// Made and not finished (some may not have handed over their subscription yet).
        @usableFromInline var live = 0
        /// The subscriber asked for `.unlimited`: inner publishers are asked for everything.
        @usableFromInline var unlimited = false
        @usableFromInline var upstreamFinished = false
        /// Failed or cancelled.
        @usableFromInline var ended = false

        @inlinable
        init() {}
    }

    /// `events` must be ``innerEvents``, made by the caller (closures made in this initializer
    /// are not specialized).
    @inlinable
    init(
        downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Inner,
        events: FlatMapInnerEvents<Inner.Output, Inner.Failure>
    ) {
        let deliver = DeliverAndRequestNext(downstream: downstream)
        serial = SerialDownstream(deliver, state: Merging())
        self.maxPublishers = maxPublishers
        self.transform = transform
        super.init(events: events)
        deliver.link.hub = self
    }

    /// What the subscribers on the inner publishers call: this subscription's `receiveInner`.
    @inlinable
    static var innerEvents: FlatMapInnerEvents<Inner.Output, Inner.Failure> {
        FlatMapInnerEvents(
            subscription: { hub, subscription, index in
                unsafeDowncast(hub, to: FlatMapSubscription.self).receiveInner(subscription: subscription, index: index)
            },
            value: { hub, value, index in
                unsafeDowncast(hub, to: FlatMapSubscription.self).receiveInner(value, index: index)
            },
            completion: { hub, completion, index in
                unsafeDowncast(hub, to: FlatMapSubscription.self).receiveInner(completion: completion, index: index)
            },
            requestNext: { hub, index in
                unsafeDowncast(hub, to: FlatMapSubscription.self).requestNext(index: index)
            })
    }

    // MARK: The upstream

    @inlinable
    func receive(subscription: Subscription) {
        guard upstream.set(subscription) else { return }
        upstream.request(maxPublishers)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        // One lock per value: the publisher's index is taken before `transform` makes it.
        let index = serial.withState { merging -> Int? in
            guard !merging.ended else { return nil }
            merging.made += 1
            merging.live += 1
            return merging.made
        }
        guard let index else { return .none }
        transform(input).subscribe(FlatMapInnerSubscriber(hub: self, index: index))
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        switch completion {
        case .finished:
            let finish = serial.withState { merging -> Bool in
                merging.upstreamFinished = true
                return merging.live == 0 && !merging.ended
            }
            if finish { serial.complete(.finished) }
        case .failure(let error):
            fail(error)
        }
    }

    // MARK: The inner publishers

    @inlinable
    func receiveInner(subscription: Subscription, index: Int) {
        let demand = serial.withState { merging -> Subscribers.Demand? in
            guard !merging.ended else { return nil }
            // A second subscription from one inner publisher is cancelled; the first is kept.
            if merging.inners.index(forKey: index) != nil { return nil }
            merging.inners.append(subscription, forKey: index)
            return merging.unlimited ? .unlimited : .max(1)
        }
        guard let demand else { return subscription.cancel() }
        subscription.request(demand)
    }

    @inlinable
    func receiveInner(_ value: Downstream.Input, index: Int) {
        serial.send { merging in
            (value, merging.unlimited ? 0 : index)
        }
    }

    /// Asks inner publisher `index` for its next value: its last one has been delivered (and
    /// was queued before the subscriber asked for `.unlimited`). Not if it has finished since.
    @inlinable
    func requestNext(index: Int) {
        serial.withState { $0.inners[index] }?.request(.max(1))
    }

    @inlinable
    func receiveInner(completion: Subscribers.Completion<Failure>, index: Int) {
        switch completion {
        case .finished:
            // The finished subscription is released after unlocking: its deinit may be anyone's.
            let (finish, replace, finished) = serial.withState { merging -> (Bool, Bool, Subscription?) in
                guard !merging.ended else { return (false, false, nil) }
                let finished = merging.inners.removeValue(forKey: index)
                merging.live -= 1
                guard !merging.upstreamFinished else { return (merging.live == 0, false, finished) }
                return (false, maxPublishers != .unlimited, finished)
            }
            withExtendedLifetime(finished) {}
            if finish { serial.complete(.finished) }
            if replace { upstream.request(.max(1)) }
        case .failure(let error):
            fail(error)
        }
    }

    // MARK: The subscription

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        guard demand == .unlimited else {
            // Inner publishers are asked value by value as theirs are delivered, not per request.
            _ = serial.request(demand)
            return
        }
        // Unlimited from now on: values that come untagged, and need no request after them.
        let inners = serial.withState { merging -> [Subscription] in
            guard !merging.unlimited else { return [] }
            merging.unlimited = true
            return Array(merging.inners.values)
        }
        _ = serial.request(demand)
        for inner in inners { inner.request(.unlimited) }
    }

    @inlinable
    func cancel() {
        serial.cancel()
        for inner in end() { inner.cancel() }
        upstream.cancel()
    }

    @inlinable
    func fail(_ error: Failure) {
        for inner in end() { inner.cancel() }
        upstream.cancel()
        serial.complete(.failure(error))
    }

    /// Marks the subscription ended; returns the inner subscriptions to cancel.
    @inlinable
    func end() -> [Subscription] {
        serial.withState { merging -> [Subscription] in
            merging.ended = true
            defer { merging.inners = SmallDictionary() }
            return Array(merging.inners.values)
        }
    }

    @inlinable
    var description: String { "FlatMap" }
}

/// The downstream end of `flatMap`'s ``SerialDownstream``: delivers a value, then asks the inner
/// publisher it came from (by its index; 0 for none) for the next one, through the hub.
///
/// The source is an index, not the inner subscription: a queued value holding an
/// `any Subscription` was copied and destroyed through generic value witnesses (about a fifth of
/// a `flatMap` to `Just`'s instructions); an index costs nothing to copy.
@usableFromInline
struct DeliverAndRequestNext<Downstream: Subscriber>: Subscriber {
    @usableFromInline
    typealias Input = (value: Downstream.Input, source: Int)
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let link = FlatMapHubLink<Downstream.Input, Downstream.Failure>()

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    @inlinable
    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

    @inlinable
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        let more = downstream.receive(input.value)
        if input.source != 0, let hub = link.hub { hub.events.requestNext(hub, input.source) }
        return more
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

/// "FlatMap", no children, as Combine's subscriber on the upstream.
extension FlatMapSubscription: ChildlessCombineReflection {}
#endif
