#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    @Suite struct DelayTests {
        @Test func eachValueAndTheCompletionArriveTheIntervalAfterTheyCame() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let timeline = Timeline(subject.delay(for: .milliseconds(100), scheduler: scheduler), on: scheduler)
            #expect(timeline.log == [])  // as in Combine, the subscription is handed over on the scheduler
            scheduler.advance(ms: 0)
            subject.send(1)
            scheduler.advance(ms: 30)
            subject.send(2)
            subject.send(completion: .finished)
            scheduler.advance(ms: 99)
            #expect(timeline.log == ["subscribed@0", "1@100"])
            scheduler.advance(ms: 1)
            #expect(timeline.log == ["subscribed@0", "1@100", "2@130", "finished@130"])
        }

        @Test func aFailureIsDelayedToo() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let timeline = Timeline(subject.delay(for: .seconds(1), scheduler: scheduler), on: scheduler)
            scheduler.advance(ms: 0)
            subject.send(1)
            subject.send(completion: .failure(TestError(code: 6)))
            subject.send(2)
            scheduler.advance(ms: 5_000)
            #expect(timeline.log == ["subscribed@0", "1@1000", "failure 6@1000"])
        }

        @Test func passesDemandThroughAndAsksForWhatTheSubscriberReturnsOnceItHasTheValue() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher(limit: 3)
            let timeline = Timeline(
                upstream.delay(for: .milliseconds(100), scheduler: scheduler), on: scheduler, demand: .max(1)
            ) { _ in .max(1) }
            scheduler.advance(ms: 1_000)
            #expect(timeline.log == ["subscribed@0", "0@100", "1@200", "2@300", "finished@300"])
            #expect(upstream.requests == ["request max(1)", "request max(1)", "request max(1)"])
        }

        @Test func stepsThroughLimitedDemand() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher()
            let timeline = Timeline(upstream.delay(for: .milliseconds(10), scheduler: scheduler), on: scheduler, demand: .max(1))
            scheduler.advance(ms: 50)
            #expect(timeline.log == ["subscribed@0", "0@10"])
            timeline.request(.max(2))
            scheduler.advance(ms: 50)
            #expect(timeline.log == ["subscribed@0", "0@10", "1@60", "2@60"])
            #expect(upstream.requests == ["request max(1)", "request max(2)"])
        }

        @Test func cancellingMidStreamDropsWhatWaitsAndReleasesTheSubscriber() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            var canary: Canary? = Canary()
            weak let weakCanary = canary
            var received: [Int] = []
            let subscription = subject.delay(for: .seconds(1), scheduler: scheduler).sink { [canary] in
                _ = canary
                received.append($0)
            }
            canary = nil
            scheduler.advance(ms: 0)
            subject.send(1)
            scheduler.advance(ms: 1_000)
            subject.send(2)
            subscription.cancel()
            #expect(weakCanary == nil)  // released at the cancel, though 2 still waits
            scheduler.advance(ms: 5_000)
            #expect(received == [1])
        }

        @Test func valuesSentFromFourThreadsArriveInTheOrderEachThreadSentThem() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.delay(for: .milliseconds(5), scheduler: scheduler))
                scheduler.advance(ms: 0)
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                scheduler.advance(ms: 5)
                #expect(recorder.values.count == 1_000)
                for thread in 0..<4 {
                    #expect(recorder.values.filter { $0 / 1_000 == thread } == Array(thread * 1_000..<thread * 1_000 + 250))
                }
            }
        }

        @Test func onADispatchQueueEveryValueArrivesInOrder() {
            let queue = DispatchQueue(label: "delay")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.delay(for: .milliseconds(5), scheduler: queue))
            queue.sync {}  // the subscription has been handed over
            for value in 1...20 { subject.send(value) }
            subject.send(completion: .finished)
            #expect(recorder.wait(forEvents: 21))
            #expect(recorder.events == (1...20).map { .value($0) } + [.finished])
        }
    }
}
#endif
