#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscriber behind `publisher.subscribe(subject)`: forwards values and the completion into
/// the subject, and hands the subject itself as the subscription (so that the subject asks the
/// upstream for its values). Holds the subject until completion or cancel.
///
/// Thread-safety: `cancel` and `request` from any thread; the state is under a lock, and the
/// subject and the upstream are called with it released.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let state: Locked<State>

    private struct State {
        var subject: Downstream?
        var upstream: Subscription?
    }

    init(_ subject: Downstream) {
        state = Locked(State(subject: subject))
    }

    func receive(subscription: Subscription) {
        let subject = state.withLock { state -> Downstream? in
            guard state.upstream == nil, let subject = state.subject else { return nil }
            state.upstream = subscription
            return subject
        }
        guard let subject else { return subscription.cancel() }
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.subject }?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (subject, upstream) = state.withLock { state in (state.subject.take(), state.upstream.take()) }
        withExtendedLifetime(upstream) {}
        subject?.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.upstream }?.request(demand)
    }

    func cancel() {
        let (subject, upstream) = state.withLock { state in (state.subject.take(), state.upstream.take()) }
        withExtendedLifetime(subject) {}
        upstream?.cancel()
    }

    var description: String { "Subject subscriber" }
}
#endif
