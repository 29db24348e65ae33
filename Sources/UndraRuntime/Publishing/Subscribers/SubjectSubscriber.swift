#if !canImport(Combine) || UNDRA_COMBINE_MODULE
/// The subscriber behind `publisher.subscribe(subject)`: forwards values and the completion into
/// the subject, and hands the subject itself as the subscription (so that the subject asks the
/// upstream for its values). Holds the subject until completion or cancel.
///
/// Thread-safety: `cancel` and `request` from any thread; the state is under a lock, and the
/// subject and the upstream are called with it released.
///
/// Inlinable, as are `multicast`, `autoconnect` and `share` down to their `connect()`: the
/// upstream's delivery into the subject is then made for the types where the chain is written.
/// Unspecialized, every value of a `share` went through generic code (3× its floor; now 0.5×).
@usableFromInline
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
    @usableFromInline
    typealias Input = Downstream.Output
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline let state: Locked<State>

    @usableFromInline
    struct State {
        @usableFromInline var subject: Downstream?
        @usableFromInline var upstream: Subscription?

        @inlinable
        init(subject: Downstream?, upstream: Subscription?) {
            self.subject = subject
            self.upstream = upstream
        }
    }

    @inlinable
    init(_ subject: Downstream) {
        state = Locked(State(subject: subject, upstream: nil))
    }

    @inlinable
    func receive(subscription: Subscription) {
        let subject = state.withLock { state -> Downstream? in
            guard state.upstream == nil, let subject = state.subject else { return nil }
            state.upstream = subscription
            return subject
        }
        guard let subject else { return subscription.cancel() }
        subject.send(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        state.withLock { $0.subject }?.send(input)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        let (subject, upstream) = state.withLock { state in (state.subject.take(), state.upstream.take()) }
        withExtendedLifetime(upstream) {}
        subject?.send(completion: completion)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.upstream }?.request(demand)
    }

    @inlinable
    func cancel() {
        let (subject, upstream) = state.withLock { state in (state.subject.take(), state.upstream.take()) }
        withExtendedLifetime(subject) {}
        upstream?.cancel()
    }

    /// "Subject", as Combine names it.
    @usableFromInline
    var description: String { "Subject" }

    /// Combine's children: "downstreamSubject" (the subject, nil once completed or cancelled),
    /// "upstreamSubscription", "subject" (the subject again); read under the lock.
    @usableFromInline
    var customMirror: Mirror {
        let (subject, upstream) = state.withLock { ($0.subject, $0.upstream) }
        let children: [Mirror.Child] = [
            ("downstreamSubject", subject as Any), ("upstreamSubscription", upstream as Any), ("subject", subject as Any),
        ]
        return Mirror(self, children: children)
    }
}

extension SubjectSubscriber: CombineReflection {}
#endif
