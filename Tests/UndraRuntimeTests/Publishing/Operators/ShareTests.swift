#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct ShareTests {
        @Test func subscribersShareOneSubscriptionAndGetTheValuesSentWhileTheyAreThere() {
            var subscriptions = 0
            let subject = PassthroughSubject<Int, TestError>()
            let shared = Deferred { () -> PassthroughSubject<Int, TestError> in
                subscriptions += 1
                return subject
            }.map { $0 * 10 }.share()
            let first = Recorder(shared)
            subject.send(1)
            let second = Recorder(shared)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 3)))
            #expect(subscriptions == 1)
            #expect(first.events == [.value(10), .value(20), .failure(TestError(code: 3))])
            #expect(second.events == [.value(20), .failure(TestError(code: 3))])
        }

        @Test func theWorkUpstreamRunsOnceForAllSubscribers() {
            var runs = 0
            let shared = PassthroughSubject<Int, Never>()
            let work = shared.map { value -> Int in
                runs += 1
                return value * value
            }.share()
            var a: [Int] = [], b: [Int] = []
            let subscriptions = [work.sink { a.append($0) }, work.sink { b.append($0) }]
            shared.send(3)
            shared.send(4)
            #expect(runs == 2)
            #expect(a == [9, 16])
            #expect(b == [9, 16])
            withExtendedLifetime(subscriptions) {}
        }

        @Test func aSubscriberAfterTheUpstreamFinishedGetsTheFinishAtOnce() {
            let shared = [1, 2].publisher.share()
            let first = Recorder(shared)
            let late = Recorder(shared)
            #expect(first.events == [.value(1), .value(2), .finished])
            #expect(late.events == [.finished])
        }

        @Test func whenEveryoneCancelsTheNextSubscriberSubscribesAgain() {
            let upstream = CountingPublisher(limit: 1)
            let shared = upstream.share()
            let first = Recorder(shared)
            #expect(first.events == [.value(0), .finished])
            // Finished: the subject keeps the finish for later subscribers.
            #expect(Recorder(shared).events == [.finished])
            let subject = PassthroughSubject<Int, Never>()
            var subscriptions = 0
            let live = Deferred { () -> PassthroughSubject<Int, Never> in
                subscriptions += 1
                return subject
            }.share()
            let a = Recorder(live)
            a.cancel()
            let b = Recorder(live)
            subject.send(1)
            #expect(subscriptions == 2)
            #expect(b.values == [1])
        }

        @Test func demandIsEachSubscribersOwn() {
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.share()
            let one = Recorder(shared, demand: .max(1))
            let all = Recorder(shared)
            subject.send(1)
            subject.send(2)
            #expect(one.values == [1])
            #expect(all.values == [1, 2])
        }

        @Test func isComparedByIdentity() {
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.share()
            #expect(shared == shared)
            #expect(shared != subject.share())
        }

        @Test func sendsFromFourThreadsReachEverySubscriberOneAtATime() {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let shared = subject.share()
                var a = 0, b = 0  // plain counters: each sink is called one at a time
                let subscriptions = [shared.sink { _ in a += 1 }, shared.sink { _ in b += 1 }]
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    for value in 0..<500 { subject.send(value) }
                }
                #expect(a == 2_000)
                #expect(b == 2_000)
                withExtendedLifetime(subscriptions) {}
            }
        }
    }
}
#endif
