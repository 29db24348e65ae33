#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// An operator's subscription to its upstream, as the operator's own subscription (the one it
/// hands downstream) needs it: set once, asked for values from any thread, and let go once, by a
/// cancel (which cancels it) or by the completion (which does not).
///
/// A cancel that comes before the subscription does is remembered: the subscription is then
/// cancelled as it arrives.
///
/// Thread-safety: every method, from any thread; the upstream is called with the lock released.
@usableFromInline
struct UpstreamSubscription: Sendable {
    private let slot = Locked(Slot.awaiting)

    @usableFromInline
    init() {}

    private enum Slot {
        case awaiting
        case active(Subscription)
        case done
    }

    /// Keeps `subscription`; false if there already was one, or a cancel (it is then cancelled).
    @usableFromInline
    func set(_ subscription: Subscription) -> Bool {
        let accepted = slot.withLock { slot -> Bool in
            guard case .awaiting = slot else { return false }
            slot = .active(subscription)
            return true
        }
        if !accepted { subscription.cancel() }
        return accepted
    }

    /// Asks the upstream for `demand` more values, unless it is gone.
    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        slot.withLock { slot -> Subscription? in
            guard case .active(let subscription) = slot else { return nil }
            return subscription
        }?.request(demand)
    }

    /// Cancels the upstream (now, or as it arrives); later calls do nothing.
    @usableFromInline
    func cancel() {
        take()?.cancel()
    }

    /// Lets the upstream go without cancelling it: it has completed.
    @usableFromInline
    func release() {
        withExtendedLifetime(take()) {}
    }

    private func take() -> Subscription? {
        slot.withLock { slot -> Subscription? in
            defer { slot = .done }
            guard case .active(let subscription) = slot else { return nil }
            return subscription
        }
    }

    /// The subscription's state as Combine's mirrors show it (their `status` child): read under
    /// the lock, for reflection only.
    @usableFromInline
    var status: Status {
        slot.withLock { slot in
            switch slot {
            case .awaiting: .awaitingSubscription
            case .active(let subscription): .subscribed(subscription)
            case .done: .terminal
            }
        }
    }

    /// An upstream subscription's state, named as in Combine's mirrors.
    @usableFromInline
    enum Status {
        /// No subscription yet.
        case awaitingSubscription
        /// Subscribed: the upstream's subscription.
        case subscribed(Subscription)
        /// Cancelled or completed.
        case terminal

        /// The upstream's subscription, while subscribed.
        @usableFromInline
        var subscription: Subscription? {
            if case .subscribed(let subscription) = self { subscription } else { nil }
        }
    }
}
#endif
