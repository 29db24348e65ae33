#if !canImport(Combine)
/// A subject that ``SubjectSubscription`` can unsubscribe from.
protocol SubscriptionOwner: AnyObject {
    func unsubscribe(_ id: Int)
}

/// A subscription to a subject: cancelling it unsubscribes. Holds the subject weakly, so a
/// subscription keeps nothing alive; small enough to sit inline in `AnyCancellable`.
struct SubjectSubscription<Owner: SubscriptionOwner>: Cancellable {
    weak var owner: Owner?
    let id: Int

    func cancel() {
        owner?.unsubscribe(id)
    }
}
#endif
