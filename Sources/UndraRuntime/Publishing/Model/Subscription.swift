#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A subscriber's connection to a publisher: how it asks for values and how it stops them.
/// Combine's `Subscription`.
///
/// `request(_:)` and `cancel()` may be called from any thread, at any time, any number of times;
/// after `cancel()` no new value is delivered.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values (added to what was asked for before). `demand` must not
    /// be `.none`.
    func request(_ demand: Subscribers.Demand)
}

/// The namespace of ready-made subscriptions, as in Combine.
public enum Subscriptions {}

extension Subscriptions {
    /// A subscription that does nothing: what a publisher hands a subscriber when it completes
    /// at once (an `Empty`, a failed `Future`, a finished subject).
    public static var empty: Subscription { EmptySubscription.shared }
}

/// The subscription behind `Subscriptions.empty`: one identity, no state.
struct EmptySubscription: Subscription, Sendable {
    static let shared = EmptySubscription()

    let combineIdentifier = CombineIdentifier()

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {}
}

/// "Empty", with no children, as Combine's (which has no playground description of its own).
extension EmptySubscription: CustomStringConvertible, CustomReflectable {
    var description: String { "Empty" }

    var customMirror: Mirror { Mirror(self, children: EmptyCollection<Mirror.Child>()) }
}
#endif
