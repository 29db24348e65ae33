#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The life of a subscriber's upstream subscription, in one atomic word, for subscribers that
/// keep it with no lock (``Subscribers/Sink``):
///
///     awaiting ──receive(subscription:)──▶ storing ──▶ subscribed ──completion or cancel──▶ terminal
///        └──────────cancel──────────▶ terminal           (cancel while storing: storingCancelled)
///
/// Whoever moves the word out of `subscribed` owns the stored subscription from then on (the
/// completion drops it, a cancel cancels it); so exactly one of them touches it, and a cancel
/// that races the subscription's arrival still cancels it.
@usableFromInline
enum SubscriptionState {
    @inlinable static var awaiting: Int { 0 }
    @inlinable static var storing: Int { 1 }
    @inlinable static var subscribed: Int { 2 }
    @inlinable static var terminal: Int { 3 }
    /// Cancelled while the subscription was being stored: the storer cancels it.
    @inlinable static var storingCancelled: Int { 4 }

    /// A subscription arrived: true if it is the first (the caller stores it, then calls
    /// `finishStoring`); false if there already was one, or a cancel (the caller cancels it).
    @inlinable static func beginStoring(_ state: AtomicWord<Int>) -> Bool {
        state.compareExchange(expected: awaiting, desired: storing, ordering: .acquiringAndReleasing).exchanged
    }

    /// The subscription is stored: true if the subscriber is now subscribed; false if a cancel
    /// came meanwhile (the caller cancels what it stored).
    @inlinable static func finishStoring(_ state: AtomicWord<Int>) -> Bool {
        if state.compareExchange(expected: storing, desired: subscribed, ordering: .acquiringAndReleasing).exchanged {
            return true
        }
        state.store(terminal, ordering: .releasing)
        return false
    }

    /// The completion arrived: true if the subscriber was subscribed (the caller now owns the
    /// subscription); false after a cancel or another completion.
    @inlinable static func end(_ state: AtomicWord<Int>) -> Bool {
        state.compareExchange(expected: subscribed, desired: terminal, ordering: .acquiringAndReleasing).exchanged
    }

    /// A cancel: true if the subscriber was subscribed (the caller now owns the subscription, and
    /// cancels it); false if there is nothing (more) to cancel, or the storer will cancel it.
    @inlinable static func cancel(_ state: AtomicWord<Int>) -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            let next: Int
            switch current {
            case awaiting: next = terminal
            case storing: next = storingCancelled
            case subscribed: next = terminal
            default: return false
            }
            let (exchanged, found) = state.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return current == subscribed }
            current = found
        }
    }
}
#endif
