#if !canImport(Combine)
/// Subscriptions that end together: cancelling the group cancels each of them, and one added
/// after that is cancelled at once. Operators use it to end their upstream subscriptions from
/// inside a delivery, possibly before the upstream's `sink` has returned.
///
/// Thread-safety: `add` and `cancel` from any thread; subscriptions are cancelled outside the lock.
final class SubscriptionGroup: Cancellable, Sendable {
    /// nil once cancelled.
    private let subscriptions = Locked<[AnyCancellable]?>([])

    /// Adds `subscription`, or cancels it if the group is already cancelled. O(1) amortized.
    func add(_ subscription: AnyCancellable) {
        let rejected = subscriptions.withLock { subscriptions -> AnyCancellable? in
            guard subscriptions != nil else { return subscription }
            subscriptions!.append(subscription)
            return nil
        }
        rejected?.cancel()
    }

    /// Cancels every subscription in the group, now and later. O(subscriptions).
    func cancel() {
        let cancelled = subscriptions.withLock { subscriptions in
            defer { subscriptions = nil }
            return subscriptions ?? []
        }
        for subscription in cancelled { subscription.cancel() }
    }
}
#endif
