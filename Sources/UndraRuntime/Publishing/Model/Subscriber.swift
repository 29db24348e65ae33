#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A type that receives values from a publisher, as many as it asks for: Combine's `Subscriber`.
///
/// A publisher calls `receive(subscription:)` once, then `receive(_:)` for each value (never
/// more than the subscriber asked for, through the subscription and through the demand each
/// `receive(_:)` returns), then `receive(completion:)` at most once. The calls never overlap.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values this subscriber receives.
    associatedtype Input
    /// The kind of error this subscriber may receive; `Never` if none.
    associatedtype Failure: Error

    /// Receives the subscription: keep it to ask for values (`request(_:)`) and to cancel.
    func receive(subscription: Subscription)

    /// Receives a value; returns how many more values it wants on top of those already asked
    /// for (`.none` for no more).
    func receive(_ input: Input) -> Subscribers.Demand

    /// Receives the completion: nothing comes after it.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives `()`; returns the further demand.
    @inlinable
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}
#endif
