#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct SubscribeOnTests {
        @Test func subscribesAsksAndCancelsOnTheScheduler() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher()
            let recorder = Recorder(upstream.subscribe(on: scheduler), demand: .max(1))
            #expect(recorder.subscriptions == 0)
            // The subscription, then the request it makes, scheduled in turn and run in the same
            // advance (it is due at once).
            scheduler.advance()
            #expect(recorder.subscriptions == 1)
            #expect(recorder.values == [0])
            recorder.request(.max(2))
            #expect(recorder.values == [0])
            scheduler.advance()
            #expect(recorder.values == [0, 1, 2])
            recorder.cancel()
            #expect(upstream.requests == ["request max(1)", "request max(2)"])
            scheduler.advance()
            #expect(upstream.requests == ["request max(1)", "request max(2)", "cancel"])
        }

        @Test func aCancelStopsTheValuesAtOnceBeforeTheUpstreamHearsOfIt() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.subscribe(on: scheduler))
            scheduler.advance()
            scheduler.advance()
            subject.send(1)
            recorder.cancel()
            subject.send(2)
            subject.send(completion: .finished)
            #expect(recorder.events == [.value(1)])
        }

        @Test func valuesAndTheCompletionComeFromTheUpstreamsThread() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.subscribe(on: scheduler))
            scheduler.run()
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 3)))
            #expect(recorder.events == [.value(1), .failure(TestError(code: 3))])
        }

        @Test func onADispatchQueueTheUpstreamIsSubscribedOnThatQueue() {
            let key = DispatchSpecificKey<String>()
            let queue = DispatchQueue(label: "subscribe-on")
            queue.setSpecific(key: key, value: "subscribe-on")
            let journal = Journal()
            let upstream = Deferred { () -> Just<Int> in
                journal.record("subscribed on \(DispatchQueue.getSpecific(key: key) ?? "another thread")")
                return Just(7)
            }
            let recorder = Recorder(upstream.subscribe(on: queue))
            #expect(recorder.wait(forEvents: 2))
            #expect(journal.all == ["subscribed on subscribe-on"])
            #expect(recorder.events == [.value(7), .finished])
        }
    }
}
#endif
