#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// What `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)` keep under their lock: the
/// subscriptions to the upstream and to the other publisher (the trigger), and the demand asked
/// for before the upstream's subscription came. Each method is one step under that lock; the
/// subscriptions it returns are called by the caller once the lock is released.
struct TriggerGate {
    var upstream: Subscription?
    /// Asked for before the upstream's subscription came.
    var requested = Subscribers.Demand.none
    var other: Subscription?
    /// The trigger came and the way is open (`drop` only: `prefix` ends there).
    var open = false
    /// Completed or cancelled (or, for `prefix`, triggered).
    var ended = false

    /// The upstream's subscription came: returns the demand to ask it for, or nil if the
    /// subscription is to be cancelled (a second one, or the gate ended).
    mutating func accept(upstream subscription: Subscription) -> Subscribers.Demand? {
        guard !ended, upstream == nil else { return nil }
        upstream = subscription
        return requested
    }

    /// The trigger's subscription came: whether to keep it (and ask it for one value) rather
    /// than cancel it.
    mutating func accept(other subscription: Subscription) -> Bool {
        guard !ended, !open, other == nil else { return false }
        other = subscription
        return true
    }

    /// The downstream asks for `demand`: returns the upstream subscription to pass it to, or nil
    /// when the gate ended or the demand waits (counted) for the upstream's subscription.
    mutating func request(_ demand: Subscribers.Demand) -> Subscription? {
        guard !ended else { return nil }
        guard let upstream else {
            requested += demand
            return nil
        }
        return upstream
    }

    /// Ends the gate: returns both subscriptions, to be cancelled.
    mutating func end() -> (upstream: Subscription?, other: Subscription?) {
        ended = true
        return (upstream.take(), other.take())
    }
}

/// What a ``TriggerSubscriber`` reports the other publisher's events to.
protocol TriggerReceiver: AnyObject, CustomCombineIdentifierConvertible {
    associatedtype TriggerFailure: Error

    func receiveTrigger(subscription: Subscription)
    /// The other publisher delivered a value.
    func receiveTrigger()
    func receiveTrigger(completion: Subscribers.Completion<TriggerFailure>)
}

/// The subscriber `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)` put on the other
/// publisher: it passes its events, without the values, to the operator's subscription.
struct TriggerSubscriber<Input, Receiver: TriggerReceiver>: Subscriber {
    typealias Failure = Receiver.TriggerFailure

    let receiver: Receiver
    var combineIdentifier: CombineIdentifier { receiver.combineIdentifier }

    func receive(subscription: Subscription) {
        receiver.receiveTrigger(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        receiver.receiveTrigger()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        receiver.receiveTrigger(completion: completion)
    }
}

/// A ``TriggerReceiver`` whose subscriber on the other publisher reflects as the receiver does
/// (`drop(untilOutputFrom:)`'s; Combine gives `prefix(untilOutputFrom:)`'s no reflection).
protocol ReflectedTriggerReceiver: TriggerReceiver, CombineReflection {}

extension TriggerSubscriber: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    CombineReflection where Receiver: ReflectedTriggerReceiver {
    var description: String { receiver.description }

    var customMirror: Mirror { receiver.customMirror }
}
#endif
