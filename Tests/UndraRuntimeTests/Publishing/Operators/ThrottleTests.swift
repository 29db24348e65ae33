#if !canImport(Combine)
import Dispatch
import Testing
@testable import UndraRuntime

extension PublishingTests {
    /// As in DebounceTests, bursts are sent while the queue is suspended, so that the outcome does
    /// not depend on how fast the test runs.
    @Suite struct ThrottleTests {
        private func deliveries(latest: Bool) -> [Int] {
            let queue = DispatchQueue(label: "throttle")
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.throttle(for: .milliseconds(20), scheduler: queue, latest: latest))
            queue.suspend()
            for value in 1...3 { subject.send(value) }
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            queue.suspend()
            subject.send(4)
            subject.send(5)
            queue.resume()
            #expect(recorder.wait(forEvents: 1))
            return recorder.values
        }

        @Test func deliversTheLatestValueOfEachInterval() {
            #expect(deliveries(latest: true) == [3, 5])
        }

        @Test func deliversTheFirstValueOfEachInterval() {
            #expect(deliveries(latest: false) == [1, 4])
        }

        @Test func aCompletionFollowsTheWaitingValue() {
            let queue = DispatchQueue(label: "throttle-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.throttle(for: 0.02, scheduler: queue, latest: true))
            queue.suspend()
            subject.send(1)
            subject.send(completion: .finished)
            subject.send(2)
            queue.resume()
            #expect(recorder.wait(forEvents: 2))
            #expect(recorder.events == [.value(1), .finished])
        }

        @Test func aCompletionAloneIsDeliveredAtOnce() {
            let queue = DispatchQueue(label: "throttle-only-completion")
            let subject = PassthroughSubject<Int, TestError>()
            let recorder = Recorder(subject.throttle(for: .seconds(60), scheduler: queue, latest: false))
            subject.send(completion: .failure(TestError()))
            #expect(recorder.wait(forEvents: 1))
            #expect(recorder.events == [.failure(TestError())])
        }

        // In virtual time: exact times, no waiting.

        private func throttled(latest: Bool) -> [String] {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            var log: [String] = []
            let subscription = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: latest)
                .sink { log.append("\($0) at \(scheduler.now.nanoseconds / 1_000_000)") }
            subject.send(1)  // a quiet period's first value goes at once
            scheduler.advance(by: .milliseconds(10))
            subject.send(2)
            scheduler.advance(by: .milliseconds(10))
            subject.send(3)
            scheduler.advance(by: .milliseconds(200))
            subject.send(4)  // quiet for more than an interval: at once again
            scheduler.advance(by: .milliseconds(1))
            withExtendedLifetime(subscription) {}
            return log
        }

        @Test func inVirtualTimeDeliversTheLatestValueOfEachIntervalOnTime() {
            #expect(throttled(latest: true) == ["1 at 0", "3 at 100", "4 at 220"])
        }

        @Test func inVirtualTimeDeliversTheFirstValueOfEachIntervalOnTime() {
            #expect(throttled(latest: false) == ["1 at 0", "2 at 100", "4 at 220"])
        }

        @Test func inVirtualTimeHonoursDemand() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(
                subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true), demand: .max(1))
            subject.send(1)
            scheduler.advance(by: .seconds(2))
            subject.send(2)
            scheduler.advance(by: .seconds(2))
            #expect(recorder.values == [1])
        }

        @Test func inVirtualTimeAFailureFollowsTheWaitingValue() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, TestError>()
            let timeline = Timeline(subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true), on: scheduler)
            subject.send(1)
            scheduler.advance(ms: 10)
            subject.send(2)
            subject.send(completion: .failure(TestError(code: 5)))
            scheduler.advance(ms: 200)
            #expect(timeline.log == ["subscribed@0", "1@0", "2@100", "failure 5@100"])
        }

        @Test func asksTheUpstreamForEverything() {
            let scheduler = VirtualTimeScheduler()
            let upstream = CountingPublisher(limit: 5)
            let timeline = Timeline(
                upstream.throttle(for: .milliseconds(10), scheduler: scheduler, latest: false), on: scheduler, demand: .max(1))
            scheduler.advance(ms: 100)
            #expect(timeline.log == ["subscribed@0", "0@0", "finished@0"])
            #expect(upstream.requests == ["request unlimited"])
        }

        @Test func inVirtualTimeCancellingMidStreamStopsTheWaitingValue() {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = Recorder(subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true))
            subject.send(1)
            scheduler.advance(ms: 10)
            subject.send(2)
            recorder.cancel()
            scheduler.advance(ms: 5_000)
            #expect(recorder.values == [1])
        }

        @Test func sendsFromFourThreadsInOneIntervalDeliverOnceAThreadsLast() {
            for _ in 0..<20 {
                let scheduler = VirtualTimeScheduler()
                let subject = PassthroughSubject<Int, Never>()
                let recorder = Recorder(subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true))
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for value in 0..<250 { subject.send(thread * 1_000 + value) }
                }
                scheduler.advance(ms: 5_000)
                // The subject delivers one send at a time: the last it delivers is some thread's
                // last.
                #expect(recorder.values.count == 1)
                #expect([249, 1_249, 2_249, 3_249].contains(recorder.values.first ?? -1))
            }
        }
    }
}
#endif
