#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// One subscriber of a subject, as the subject's roster holds it: its place in the order, and
/// how to reach it.
///
/// Two kinds, one class so that a delivery reaches either with no dynamic dispatch:
/// - a **sink conduit** (``SinkConduit``): the two closures of `sink`, which asks for every
///   value, so `receiveValue` is called directly, with no demand to count;
/// - a **subscriber conduit** (``SubscriberConduit``): any ``Subscriber``, reached through
///   `forward` (a closure made where the subscriber's type is known, so that it runs code
///   specialized for it), with its demand counted in `demand`.
///
/// Both closures are stored, neither optional, so that a delivery calls them without
/// retaining them (binding an optional closure retained its context: 80 instructions per
/// subscriber, measured with callgrind on `subject.send.10sinks`).
///
/// Only the roster holds a conduit (a subscriber holds a ``ConduitSubscription``, the core and
/// the id), so a conduit, and its subscriber or closures, is released as soon as it leaves the
/// roster: on cancel, on completion, or with the subject. Everything a delivery reads is `let`,
/// so that it reads it without retaining it.
///
/// Its place in the order (`id`) and its demand live in its base, ``RosterEntry``, which does
/// not depend on `Output` and `Failure`: that is all a request touches.
@usableFromInline
class Conduit<Output, Failure: Error>: RosterEntry {
    /// Whether this is a sink conduit.
    @usableFromInline let isSink: Bool
    /// A sink conduit's value closure (a subscriber conduit's does nothing).
    @usableFromInline let receiveValue: (Output) -> Void
    /// A subscriber conduit's way to its subscriber's `receive(_:)` (a sink conduit's does nothing).
    @usableFromInline let forward: (Conduit, Output) -> Subscribers.Demand
    /// Whether a value missed for lack of demand is made up for (with the subject's current
    /// value) when demand comes: true under a subject that keeps a current value.
    @usableFromInline let refreshes: Bool

    /// A sink conduit.
    @inlinable
    init(id: Int, receiveValue: @escaping (Output) -> Void) {
        isSink = true
        self.receiveValue = receiveValue
        forward = { _, _ in .none }
        refreshes = false
        super.init(id: id, missed: false)
    }

    /// A subscriber conduit. Under a current-value subject it starts out owing the current value.
    @inlinable
    init(id: Int, forward: @escaping (Conduit, Output) -> Subscribers.Demand, refreshes: Bool) {
        isSink = false
        receiveValue = { _ in }
        self.forward = forward
        self.refreshes = refreshes
        super.init(id: id, missed: refreshes)
    }

    /// Delivers the completion to the subscriber.
    @usableFromInline
    func finish(_ completion: Subscribers.Completion<Failure>) {
        preconditionFailure("Conduit.finish is abstract")
    }

    /// Delivers the completion that waited for the end of a stretch (see `handover`).
    @usableFromInline
    func deliverWaitingCompletion() {
        preconditionFailure("Conduit.deliverWaitingCompletion is abstract")
    }

    /// The subscriber, as its subscription's mirror shows it (none for a sink conduit, whose
    /// subscription has no mirror).
    @usableFromInline
    var reflectedSubscriber: Any? { nil }
}

/// A subscription made with `sink`: the closures, held by the roster only.
@usableFromInline
final class SinkConduit<Output, Failure: Error>: Conduit<Output, Failure> {
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @inlinable
    init(
        id: Int,
        receiveValue: @escaping (Output) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        super.init(id: id, receiveValue: receiveValue)
    }

    @usableFromInline
    override func finish(_ completion: Subscribers.Completion<Failure>) {
        receiveCompletion(completion)
    }
}

/// Any subscriber, with the demand it asked for.
@usableFromInline
final class SubscriberConduit<S: Subscriber>: Conduit<S.Input, S.Failure> {
    @usableFromInline let subscriber: S
    /// A completion that arrived during a stretch (see `handover`), for the thread in it to
    /// deliver when it ends; written before `handover` says so, read after.
    @exclusivity(unchecked) var earlyCompletion: Subscribers.Completion<S.Failure>?

    /// `forward` must be ``forwarder``, made by the caller (a closure made in this initializer
    /// was not specialized for `S`: each value then went through generic code).
    @inlinable
    init(id: Int, subscriber: S, refreshes: Bool, forward: @escaping (Conduit<S.Input, S.Failure>, S.Input) -> Subscribers.Demand) {
        self.subscriber = subscriber
        super.init(id: id, forward: forward, refreshes: refreshes)
    }

    /// What a subscriber conduit's `forward` does: the subscriber's `receive(_:)`.
    @inlinable
    static var forwarder: (Conduit<S.Input, S.Failure>, S.Input) -> Subscribers.Demand {
        { conduit, value in unsafeDowncast(conduit, to: SubscriberConduit.self).subscriber.receive(value) }
    }

    @usableFromInline
    override func finish(_ completion: Subscribers.Completion<S.Failure>) {
        // Not during a stretch (the hand-over, a catch-up): then the thread in it delivers the
        // completion when the stretch ends, after whatever it delivers.
        var state = handover.load(ordering: .acquiring)
        while state != Self.handedOver {
            earlyCompletion = completion
            let (exchanged, found) = handover.compareExchange(
                expected: state, desired: Self.completionWaiting, ordering: .acquiringAndReleasing)
            if exchanged { return }
            state = found
        }
        earlyCompletion = nil
        subscriber.receive(completion: completion)
    }

    /// Hands the subscriber its subscription, in the stretch the conduit starts in: a catch-up
    /// asked for meanwhile, and a completion, come once `receive(subscription:)` has returned.
    @usableFromInline
    func handOver(_ subscription: Subscription, from core: BroadcasterCore<S.Input, S.Failure>) {
        subscriber.receive(subscription: subscription)
        core.endStretch(of: self)
    }

    @usableFromInline
    override var reflectedSubscriber: Any? { subscriber }

    @usableFromInline
    override func deliverWaitingCompletion() {
        if let completion = earlyCompletion.take() { subscriber.receive(completion: completion) }
    }
}

// MARK: Delivering under demand (subscriber conduits; see RosterEntry for the demand word)

extension Conduit {
    /// Delivers `value`, sent at `sentAt`, if the subscriber asked for it (only the delivering
    /// thread calls this). With unlimited demand: two loads, then the subscriber.
    @inlinable
    func offer(_ value: Output, sentAt: Int) {
        // The demand word first, then `since`: a catch-up stores `since`, then clears `missed`,
        // so a word seen without `missed` comes with the `since` that goes with it.
        let word = demand.load(ordering: .acquiring)
        if sentAt <= since.load(ordering: .relaxed) { return }
        if word == Self.unlimitedWord {
            _ = forward(self, value)
        } else {
            offerUnderLimitedDemand(value, word: word)
        }
    }

    @inlinable
    func offerUnderLimitedDemand(_ value: Output, word seen: Int) {
        // A missed value is made up for by a catch-up or a refresh; until then, skip.
        if seen & Self.missedBit != 0 { return }
        var word = seen
        while true {
            if word & Self.missedBit != 0 { return }
            let count = word >> 2
            if count == Self.unlimitedCount { break }
            let next: Int
            if count > 0 {
                next = word - 4
            } else if refreshes {
                next = word | Self.missedBit
            } else {
                return  // dropped, as a passthrough subject drops values nobody asked for
            }
            let (exchanged, found) = demand.compareExchange(
                expected: word, desired: next, ordering: .acquiringAndReleasing)
            if exchanged {
                if count == 0 { return }
                break
            }
            word = found
        }
        let more = forward(self, value)
        if more > 0 { _ = addDemand(more) }
    }

    /// Makes up for a missed value with `current`, the subject's value at this point of the
    /// delivery order, if the subscriber has demand (only the delivering thread calls this).
    @inlinable
    func refresh(with current: Output) {
        var word = demand.load(ordering: .acquiring)
        while true {
            let count = word >> 2
            let next: Int
            if word & Self.missedBit == 0 || count == 0 {
                // Nothing to make up for, or no demand yet (the next request queues a refresh).
                next = word & ~Self.refreshQueuedBit
            } else {
                next = (count == Self.unlimitedCount ? count : count - 1) << 2
            }
            let (exchanged, found) = demand.compareExchange(
                expected: word, desired: next, ordering: .acquiringAndReleasing)
            if exchanged {
                guard next & Self.missedBit == 0, word & Self.missedBit != 0, count > 0 else { return }
                break
            }
            word = found
        }
        let more = forward(self, current)
        if more > 0 { _ = addDemand(more) }
    }
}
#endif
