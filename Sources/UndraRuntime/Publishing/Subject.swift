#if !canImport(Combine)
/// A publisher you send values into, as in Combine: ``PassthroughSubject``, ``CurrentValueSubject``.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Delivers `value` to the subscribers. Ignored after completion.
    func send(_ value: Output)
    /// Ends the subject: subscribers, now and later, get `completion`. Only the first counts.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Forwards this publisher's values and completion into `subject`, which this subscription
    /// keeps alive (as Combine's does) until it is cancelled.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        sink(receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
    }
}
#endif
