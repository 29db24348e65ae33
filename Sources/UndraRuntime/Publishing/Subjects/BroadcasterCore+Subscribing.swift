#if !canImport(Combine) || UNDRA_COMBINE_MODULE

// Subscribing, requesting, cancelling and closing: the roster changes, always under the lock.
extension BroadcasterCore {
    /// Subscribes `sink`'s closures at the end of the roster, with unlimited demand. A subject
    /// with a current value first delivers it, on the calling thread, before the subscriber
    /// joins; if a newer value was sent meanwhile, that one too (never an older one). After
    /// completion, delivers only the completion. O(subscribers); safe from any thread.
    @inlinable
    func subscribe(
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        var seenClock: Int?
        while true {
            let outcome = shared.withLock { shared -> JoinOutcome in
                if let completion = shared.completion { return .completed(completion) }
                if let current = shared.current, shared.currentClock != seenClock {
                    return .current(current, clock: shared.currentClock)
                }
                shared.clock += 1
                let conduit = SinkConduit(
                    id: shared.clock, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let next = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).adding(conduit)
                return .joined(id: shared.clock, replaced: replaceRoster(with: next, in: &shared))
            }
            switch outcome {
            case .completed(let completion):
                receiveCompletion(completion)
                return AnyCancellable {}
            case .current(let value, let clock):
                receiveValue(value)
                seenClock = clock
            case .joined(let id, let replaced):
                replaced.release()
                let subscription = SubjectSubscription(core: self, id: id, unsubscribe: Self.unsubscribe)
                upstreams.demanded()  // a sink asks for everything
                return AnyCancellable(subscription: subscription)
            }
        }
    }

    /// Subscribes `sink`'s closures, with unlimited demand, to a subject whose current value
    /// lives outside the core (`currentReader`): the subscriber joins, then gets the current
    /// value as a delivery, now if nobody is delivering (on this thread), or right after the
    /// delivery under way. So the value it starts from is the one current at its place in the
    /// delivery order: it never misses a later one, nor sees an earlier one after it.
    /// O(subscribers); safe from any thread, by a caller that holds the subject.
    @inlinable
    func subscribeReadingCurrent(
        receiveCompletion: @escaping (Completion) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let outcome = shared.withLock { shared -> (id: Int, replaced: Roster, deliverNow: Bool)? in
            guard shared.completion == nil else { return nil }
            shared.clock += 1
            let conduit = SinkConduit(id: shared.clock, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            let next = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).adding(conduit)
            let replaced = replaceRoster(with: next, in: &shared)
            if claimOrSignalDelivery() { return (shared.clock, replaced, true) }
            shared.pending.append(.initial(id: shared.clock))
            return (shared.clock, replaced, false)
        }
        guard let (id, replaced, deliverNow) = outcome else { return AnyCancellable {} }
        replaced.release()
        if deliverNow {
            deliverInitial(id)
            finishDelivering()
        }
        let subscription = SubjectSubscription(core: self, id: id, unsubscribe: Self.unsubscribe)
        upstreams.demanded()  // a sink asks for everything
        return AnyCancellable(subscription: subscription)
    }

    @usableFromInline
    enum JoinOutcome {
        case completed(Completion)
        case current(Output, clock: Int)
        case joined(id: Int, replaced: Roster)
    }

    /// Subscribes `subscriber` at the end of the roster, then hands it its subscription; it gets
    /// values as it asks for them (under a subject with a current value, the current one first).
    /// After completion, hands it an empty subscription and the completion. O(subscribers); safe
    /// from any thread.
    /// `subject` is the subject subscribed to, which the subscription's mirror shows.
    @inlinable
    func subscribe<S: Subscriber>(_ subscriber: S, to subject: AnyObject) where S.Input == Output, S.Failure == Failure {
        subscribe(subscriber, handing: { ConduitSubscription(core: self, id: $0) }, reflecting: subject)
    }

    /// `subscribe(_:)`, handing the subscriber `subscription(id)` for its place `id` in the roster;
    /// `subject`, if any, becomes the core's ``reflectedSubject``.
    @inlinable
    func subscribe<S: Subscriber, Handed: Subscription>(
        _ subscriber: S, handing subscription: (Int) -> Handed, reflecting subject: AnyObject? = nil
    ) where S.Input == Output, S.Failure == Failure {
        let forward = SubscriberConduit<S>.forwarder
        let outcome = shared.withLock { shared -> (Completion?, SubscriberConduit<S>?, replaced: Roster) in
            if let completion = shared.completion { return (completion, nil, .empty) }
            if let subject { reflectedSubject = subject }
            shared.clock += 1
            let conduit = SubscriberConduit(
                id: shared.clock, subscriber: subscriber, refreshes: keepsCurrent, forward: forward)
            let next = Roster(bits: roster.load(ordering: .sequentiallyConsistent)).adding(conduit)
            return (nil, conduit, replaceRoster(with: next, in: &shared))
        }
        outcome.replaced.release()
        guard let conduit = outcome.1 else {
            subscriber.receive(subscription: Subscriptions.empty)
            if let completion = outcome.0 { subscriber.receive(completion: completion) }
            return
        }
        conduit.handOver(subscription(conduit.id), from: self)
    }

    /// Adds `demand` to what the subscriber `id` asked for. Under a subject with a current value,
    /// if the subscriber missed a value for lack of demand (or has not had the current one yet),
    /// it then gets the current value, caught up apart from the delivery, on this thread or on the
    /// one in a stretch with it (see Conduit+CatchUp.swift). O(log subscribers); safe from any
    /// thread (under `@Published`, by a caller that holds the property's subject).
    ///
    /// A subscriber calls it through the `Subscription` existential, so it runs unspecialized:
    /// up to the catch-up, it touches no type that depends on `Output` or `Failure` (the roster's
    /// entries, the lock without its state), and so looks up no type metadata (see ``RosterEntry``).
    /// The lock keeps the roster, and the entry in it, from being released meanwhile.
    @inlinable
    func request(_ demand: Subscribers.Demand, forSubscriber id: Int) {
        guard demand > 0 else { return }
        upstreams.demanded()
        let catchingUp = shared.withLockIgnoringState { () -> Unmanaged<RosterEntry>? in
            let bits = roster.load(ordering: .sequentiallyConsistent)
            guard let entry = Roster.entry(id: id, inRoster: bits), entry._withUnsafeGuaranteedRef({ $0.addDemand(demand) })
            else { return nil }
            return entry.retain()
        }
        guard let catchingUp else { return }
        catchingUp._withUnsafeGuaranteedRef { catchUp(unsafeDowncast($0, to: Conduit<Output, Failure>.self)) }
        catchingUp.release()
    }

    /// What the mirror of the subscription of the subscriber `id` shows, read under the lock: the
    /// subject and the subscriber while it is subscribed (nil once it has cancelled or completed,
    /// or the subject has gone, as Combine's), and the demand it has left (none once it has left,
    /// where Combine's shows the last it had). O(log subscribers); safe from any thread.
    @usableFromInline
    func reflection(ofSubscriber id: Int) -> (subject: AnyObject?, subscriber: Any?, demand: Subscribers.Demand) {
        shared.withLockIgnoringState { () -> (AnyObject?, Any?, Subscribers.Demand) in
            let bits = roster.load(ordering: .sequentiallyConsistent)
            guard let entry = Roster.entry(id: id, inRoster: bits) else { return (nil, nil, .none) }
            return entry._withUnsafeGuaranteedRef { entry in
                let count = entry.demand.load(ordering: .acquiring) >> 2
                let demand: Subscribers.Demand = count == RosterEntry.unlimitedCount ? .unlimited : .max(count)
                let subscriber = unsafeDowncast(entry, to: Conduit<Output, Failure>.self).reflectedSubscriber
                return (reflectedSubject, subscriber, demand)
            }
        }
    }

    /// What cancelling a ``SubjectSubscription`` does: remove the subscriber from the core the
    /// subscription holds. A closure made here, where the core's type is known, so that
    /// cancelling runs code specialized for it; it captures nothing.
    @inlinable
    static var unsubscribe: (SubjectSubscription) -> Void {
        { subscription in
            unsafeDowncast(subscription.core, to: BroadcasterCore.self).removeSubscriber(subscription.id)
        }
    }

    /// Removes the subscriber `id`, if it is still subscribed, and releases it (and its
    /// closures or subscriber) unless a delivery is walking it: then the deliverer does, when it
    /// stops. O(subscribers); safe from any thread, whether or not the subject is still there.
    @inlinable
    func removeSubscriber(_ id: Int) {
        shared.withLock { shared -> Roster in
            let current = Roster(bits: roster.load(ordering: .sequentiallyConsistent))
            guard current.contains(id: id) else { return .empty }
            return replaceRoster(with: current.removing(id: id), in: &shared)
        }.release()
    }

    /// Keeps `upstream`, a subscription that feeds the subject, to ask for every value once a
    /// subscriber asks for any (``UpstreamGate``); it is cancelled when the subject goes. Safe
    /// from any thread.
    @usableFromInline
    func keep(upstream: Subscription) {
        upstreams.keep(upstream)
    }

    /// The subject is gone: drops every subscriber and the current value, and cancels the
    /// upstreams that fed it. Subscriptions that cancel or request later find nothing.
    /// O(subscribers).
    @usableFromInline
    func close() {
        let (subscribers, _) = shared.withLock { shared in
            (replaceRoster(with: .empty, in: &shared), shared.current.take())
        }
        subscribers.release()
        for upstream in upstreams.close() { upstream.cancel() }
    }

    /// Under the lock: swaps in `next`, and returns the old roster if the caller must release it
    /// (after unlocking). While someone delivers, the old roster is theirs to release instead.
    ///
    /// Why this is safe with no lock on the delivering side: the swap and `signalDelivery`'s
    /// load here, and the deliverer's claim and its load of `roster`, are all sequentially
    /// consistent. So either we see the deliverer (and retire the old roster), or the
    /// deliverer's load comes after our swap (and it never sees the old roster).
    @inlinable
    func replaceRoster(with next: Roster, in shared: inout Shared) -> Roster {
        let old = Roster(bits: roster.exchange(next.bits, ordering: .sequentiallyConsistent))
        guard old != .empty, signalDelivery() else { return old }
        shared.retired.append(old)
        return .empty
    }
}

extension Array {
    /// The elements, leaving the array empty.
    @inlinable
    mutating func take() -> [Element] {
        defer { self = [] }
        return self
    }
}
#endif
