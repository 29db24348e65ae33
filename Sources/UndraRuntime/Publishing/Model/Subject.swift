#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// A publisher you send values into, as in Combine: ``PassthroughSubject``, ``CurrentValueSubject``.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Delivers `value` to the subscribers that have demand. Ignored after completion.
    func send(_ value: Output)
    /// Ends the subject: subscribers, now and later, get `completion`. Only the first counts.
    func send(completion: Subscribers.Completion<Failure>)
    /// Takes a subscription to an upstream that feeds this subject, and asks it for every value.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    @inlinable
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Forwards this publisher's values and completion into `subject`, which the subscription
    /// keeps alive (as Combine's does) until it is cancelled or completes.
    ///
    /// - Returns: The subscription; cancelling or releasing it ends the forwarding.
    @inlinable
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
#endif
