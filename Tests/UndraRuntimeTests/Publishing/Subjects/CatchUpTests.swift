#if !canImport(Combine)
import Dispatch
import Foundation
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// A current-value subject's subscriber catching up with the latest value when it asks
    /// (Conduit+CatchUp.swift): apart from the delivery, one caller at a time, the completion last.
    @Suite struct CatchUpTests {
        @Test func theCurrentValueAskedForInsideReceiveSubscriptionComesRightAfterItReturns() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            let subscriber = AnySubscriber<Int, Never>(
                receiveSubscription: { subscription in
                    journal.record("subscription")
                    subscription.request(.max(1))
                    subscription.request(.max(1))  // one catch-up, with two values' worth of demand
                    journal.record("asked")
                },
                receiveValue: { journal.record("\($0)"); return .none },
                receiveCompletion: { _ in journal.record("finished") }
            )
            subject.subscribe(subscriber)
            subject.send(1)
            subject.send(2)  // no demand left: missed
            subject.send(completion: .finished)
            #expect(journal.all == ["subscription", "asked", "0", "1", "finished"])
        }

        @Test func aCatchUpDeliversTheLatestValueOnceThenTheSubscriberFollowsAgain() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let recorder = Recorder(subject, demand: .none)
            for value in 1...3 { subject.send(value) }
            recorder.request(.max(3))  // 3, once; two units of demand left
            subject.send(4)
            subject.send(5)
            subject.send(6)  // no demand left: missed
            recorder.request(.max(1))
            #expect(recorder.values == [3, 4, 5, 6])
        }

        @Test func aCompletionSentDuringACatchUpComesAfterItsValue() {
            let subject = CurrentValueSubject<Int, Never>(0)
            let journal = Journal()
            let recorder = Recorder<Int, Never>(demand: .none) { value in
                journal.record("\(value)")
                if value == 0 { subject.send(completion: .finished) }  // from inside the catch-up
                return .none
            }
            let watcher = subject.sink(receiveCompletion: { _ in journal.record("watcher finished") }, receiveValue: { _ in })
            subject.subscribe(recorder)
            recorder.request(.max(5))
            #expect(journal.all == ["0", "watcher finished"])
            #expect(recorder.events == [.value(0), .finished])
            withExtendedLifetime(watcher) {}
        }

        /// A subscriber catching up does it on its own thread, apart from the delivery: the values
        /// a sender sends reach the other subscribers on the sender's thread, never on a thread
        /// that was only asking for values.
        @Test func aCatchUpNeverDeliversOtherSubscribersValues() {
            for _ in 0..<50 {
                let subject = CurrentValueSubject<Int, Never>(0)
                let sender = Locked<pthread_t?>(nil)
                let strays = Locked(0)
                let received = Locked(0)
                let bystander = subject.dropFirst().sink { _ in
                    received.withLock { $0 += 1 }
                    if let sender = sender.withLock({ $0 }), pthread_equal(sender, pthread_self()) == 0 {
                        strays.withLock { $0 += 1 }
                    }
                }
                let catchingUp = Recorder(subject, demand: .none)
                concurrently(3) { thread in
                    if thread == 0 {
                        sender.withLock { $0 = pthread_self() }
                        for value in 1...500 { subject.send(value) }
                    } else {
                        for _ in 0..<200 { catchingUp.request(.max(1)) }
                    }
                }
                #expect(strays.withLock { $0 } == 0)
                #expect(received.withLock { $0 } == 500)
                let values = catchingUp.values
                #expect(values == values.sorted())
                #expect(Set(values).count == values.count)  // never the same value twice
                withExtendedLifetime(bystander) {}
            }
        }

        /// Sends, a completion, a subscription being handed over and requests from two threads,
        /// all at once: the subscriber is never called by two threads at a time, its values only
        /// go forward, never beyond what it asked for, and the completion comes once, last.
        @Test func catchUpsHandOversAndACompletionRacingNeverOverlapNorReorder() {
            for _ in 0..<200 {
                let subject = CurrentValueSubject<Int, Never>(0)
                let checker = SerialChecker()
                concurrently(3) { thread in
                    switch thread {
                    case 0:
                        for value in 1...200 { subject.send(value) }
                        subject.send(completion: .finished)
                    case 1:
                        subject.subscribe(checker)
                        for _ in 0..<100 { checker.request(.max(1)) }
                    default:
                        for _ in 0..<100 { checker.request(.max(1)) }
                    }
                }
                let (events, overlaps, granted) = checker.report
                #expect(overlaps == 0)
                #expect(events.last == .finished)
                #expect(events.filter { $0 == .finished }.count == 1)
                let values = events.compactMap { if case .value(let value) = $0 { value } else { nil } }
                #expect(values == values.sorted())
                #expect(Set(values).count == values.count)
                #expect(values.count <= granted)
            }
        }
    }
}

/// A subscriber that checks it is never called by two threads at once, and records its events
/// and the demand it was granted (one, then one per `request`).
private final class SerialChecker: Subscriber, @unchecked Sendable {
    // @unchecked: `state` is under Locked's lock.
    typealias Input = Int
    typealias Failure = Never

    private struct State {
        var events: [Recorder<Int, Never>.Event] = []
        var subscription: Subscription?
        var granted = 0
        var inside = false
        var overlaps = 0
    }

    private let state = Locked(State())

    var report: (events: [Recorder<Int, Never>.Event], overlaps: Int, granted: Int) {
        state.withLock { ($0.events, $0.overlaps, $0.granted) }
    }

    func receive(subscription: Subscription) {
        called {
            state.withLock { $0.subscription = subscription; $0.granted += 1 }
            subscription.request(.max(1))
        }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        called { state.withLock { $0.events.append(.value(input)) } }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        called { state.withLock { $0.events.append(.finished) } }
    }

    func request(_ demand: Subscribers.Demand) {
        let subscription = state.withLock { state -> Subscription? in
            if state.subscription != nil, let count = demand.max { state.granted += count }
            return state.subscription
        }
        subscription?.request(demand)
    }

    /// Runs `body` as one call into the subscriber, noting another call under way; it stays
    /// inside a little, so that an overlapping call has time to show.
    private func called(_ body: () -> Void) {
        state.withLock { state in
            if state.inside { state.overlaps += 1 }
            state.inside = true
        }
        body()
        for _ in 0..<50 { sched_yield() }
        state.withLock { $0.inside = false }
    }
}
#endif
