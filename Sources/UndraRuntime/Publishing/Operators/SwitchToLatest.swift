#if !canImport(Combine) || UNDRA_COMBINE_MODULE
extension Publishers {
    /// A publisher of publishers, flattened: it delivers the values of the latest publisher its
    /// upstream delivered, and drops the one before.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        /// The publisher of publishers.
        public let upstream: Upstream

        /// The values of the latest of `upstream`'s publishers; `switchToLatest()` makes one.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Hands `subscriber` its subscription, then subscribes to `upstream`, asking it for every
        /// publisher. Each new publisher cancels the subscription to the one before and is asked
        /// for what the subscriber has asked for and not yet received. Finishes when the upstream
        /// and the latest publisher have finished; fails as soon as either fails. O(1) per value.
        ///
        /// Thread-safety: a value of the publisher before, still on its way from another thread
        /// when the next one arrives, is dropped; the subscriber is called one value at a time.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let switcher = SwitchToLatestSubscription<P, S>(downstream: subscriber)
            subscriber.receive(subscription: switcher)
            upstream.subscribe(switcher)
        }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Delivers the values of the latest publisher this publisher delivered, cancelling the
    /// subscription to the one before. Finishes when this publisher and the latest one have
    /// finished; fails as soon as either fails. O(1) per value.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// As `switchToLatest()`, for a publisher that cannot fail, of publishers that can.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// As `switchToLatest()`, when neither this publisher nor its publishers can fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// As `switchToLatest()`, for publishers that cannot fail, from a publisher that can.
    public func switchToLatest() -> Publishers.SwitchToLatest<
        Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    > {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

/// The subscription of `switchToLatest`: the subscriber on its upstream, the hub of the
/// subscriber on the latest inner publisher, and the subscription handed downstream. Values go
/// out through a ``SerialDownstream``, so that the publisher before, still delivering on another
/// thread, cannot overlap the latest one.
final class SwitchToLatestSubscription<Inner: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible
where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure {
    typealias Input = Inner
    typealias Failure = Inner.Failure

    private let serial: SerialDownstream<Downstream, Switching>
    private let upstream = UpstreamSubscription()

    private struct Switching {
        /// The index of the latest inner publisher; its values are the ones delivered.
        var latest = 0
        /// Its subscription, once it has handed it over.
        var inner: Subscription?
        /// The latest inner publisher has not finished.
        var innerLive = false
        /// What the subscriber asked for that no inner publisher has delivered: what the next
        /// inner publisher is asked for.
        var outstanding = Subscribers.Demand.none
        var upstreamFinished = false
        /// Failed or cancelled.
        var ended = false
    }

    init(downstream: Downstream) {
        serial = SerialDownstream(downstream, state: Switching())
    }

    // MARK: The upstream

    func receive(subscription: Subscription) {
        guard upstream.set(subscription) else { return }
        upstream.request(.unlimited)
    }

    func receive(_ input: Inner) -> Subscribers.Demand {
        let switched = serial.withState { switching -> (index: Int, previous: Subscription?)? in
            guard !switching.ended else { return nil }
            switching.latest += 1
            switching.innerLive = true
            return (switching.latest, switching.inner.take())
        }
        guard let switched else { return .none }
        switched.previous?.cancel()
        input.subscribe(InnerSubscriber(switcher: self, index: switched.index))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        upstream.release()
        switch completion {
        case .finished:
            let finish = serial.withState { switching -> Bool in
                switching.upstreamFinished = true
                return !switching.innerLive && !switching.ended
            }
            if finish { serial.complete(.finished) }
        case .failure(let error):
            fail(error)
        }
    }

    // MARK: The inner publishers

    fileprivate func receiveInner(subscription: Subscription, index: Int) {
        let demand = serial.withState { switching -> Subscribers.Demand? in
            guard !switching.ended, switching.latest == index, switching.inner == nil else { return nil }
            switching.inner = subscription
            return switching.outstanding
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    fileprivate func receiveInner(_ value: Downstream.Input, index: Int) {
        let more = serial.send { switching in
            guard switching.latest == index else { return nil }
            switching.outstanding -= 1
            return value
        }
        forward(more)
    }

    fileprivate func receiveInner(completion: Subscribers.Completion<Failure>, index: Int) {
        switch completion {
        case .finished:
            let finish = serial.withState { switching -> Bool in
                guard !switching.ended, switching.latest == index else { return false }
                switching.inner = nil
                switching.innerLive = false
                return switching.upstreamFinished
            }
            if finish { serial.complete(.finished) }
        case .failure(let error):
            guard serial.withState({ $0.latest == index }) else { return }
            fail(error)
        }
    }

    // MARK: The subscription

    func request(_ demand: Subscribers.Demand) {
        forward(serial.request(demand))
    }

    /// Adds `demand` to what the inner publishers owe, and asks the latest one for it.
    private func forward(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let inner = serial.withState { switching -> Subscription? in
            switching.outstanding += demand
            return switching.inner
        }
        inner?.request(demand)
    }

    func cancel() {
        serial.cancel()
        end()?.cancel()
        upstream.cancel()
    }

    private func fail(_ error: Failure) {
        end()?.cancel()
        upstream.cancel()
        serial.complete(.failure(error))
    }

    /// Marks the subscription ended; returns the inner subscription to cancel.
    private func end() -> Subscription? {
        serial.withState { switching -> Subscription? in
            switching.ended = true
            return switching.inner.take()
        }
    }

    var description: String { "SwitchToLatest" }

    /// What `switchToLatest` subscribes to each inner publisher: "SwitchToLatest", with its
    /// subscription's identity as "parentSubscription", as Combine's.
    private struct InnerSubscriber: Subscriber, CombineReflection {
        let switcher: SwitchToLatestSubscription
        let index: Int
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            switcher.receiveInner(subscription: subscription, index: index)
        }

        func receive(_ input: Downstream.Input) -> Subscribers.Demand {
            switcher.receiveInner(input, index: index)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switcher.receiveInner(completion: completion, index: index)
        }

        var description: String { "SwitchToLatest" }

        var customMirror: Mirror { Mirror(self, children: [("parentSubscription", switcher.combineIdentifier)]) }
    }
}

/// "SwitchToLatest", no children, as Combine's (its subscriber on the upstream, and the
/// subscription it hands the downstream).
extension SwitchToLatestSubscription: ChildlessCombineReflection {}
#endif
