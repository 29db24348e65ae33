#if !canImport(Combine)
/// Subscribes to two upstreams at once, for the operators that join them (`merge`,
/// `combineLatest`): hands their values, one at a time, to `receiveA` and `receiveB`, and
/// completes when both have finished or as soon as one fails, ending both subscriptions.
///
/// The two upstreams may deliver on different threads at the same moment; both send into one
/// ``PassthroughSubject``, whose serial delivery runs the handlers one at a time, in order. So
/// the handlers need no lock for the state they keep.
func subscribeJointly<A: Publisher, B: Publisher>(
    to a: A,
    and b: B,
    receiveCompletion: @escaping (Subscribers.Completion<A.Failure>) -> Void,
    receiveA: @escaping (A.Output) -> Void,
    receiveB: @escaping (B.Output) -> Void
) -> AnyCancellable where A.Failure == B.Failure {
    let events = PassthroughSubject<JointEvent<A.Output, B.Output, A.Failure>, Never>()
    let subscriptions = SubscriptionGroup()
    var finished = 0
    subscriptions.add(events.sink { event in
        switch event {
        case .a(let value):
            receiveA(value)
        case .b(let value):
            receiveB(value)
        case .completion(.finished):
            finished += 1
            guard finished == 2 else { return }
            subscriptions.cancel()
            receiveCompletion(.finished)
        case .completion(let failure):
            subscriptions.cancel()
            receiveCompletion(failure)
        }
    })
    subscriptions.add(a.sink(
        receiveCompletion: { events.send(.completion($0)) }, receiveValue: { events.send(.a($0)) }))
    subscriptions.add(b.sink(
        receiveCompletion: { events.send(.completion($0)) }, receiveValue: { events.send(.b($0)) }))
    return AnyCancellable(subscriptions)
}

/// What the two upstreams of ``subscribeJointly(to:and:receiveCompletion:receiveA:receiveB:)`` send.
enum JointEvent<A, B, Failure: Error> {
    case a(A)
    case b(B)
    case completion(Subscribers.Completion<Failure>)
}
#endif
